import TablelintModel

/// Which IB elements stand for run-time objects, controllers and connections.
enum IBElementRoles {
  /// Elements that may carry an `id` but are bookkeeping, not objects: the simulated device, connection entries
  /// (reported as connections), scenes and static table sections, and value elements IB writes for properties.
  ///
  /// Everything else with an `id` is an object, including elements tablelint does not know. Constraints and layout
  /// guides count as objects on purpose: outlets point at them (`@IBOutlet var heightConstraint`), so an outlet's
  /// destination must be found among the objects.
  static let bookkeepingElements: Set<String> = [
    "document", "device", "adaptation", "scenes", "scene", "objects", "connections",
    "outlet", "outletCollection", "action", "segue", "binding",
    "tableViewSection", "sections", "prototypes", "cells",
    "rect", "size", "point", "inset", "edgeInsets", "color", "fontDescription", "font", "state",
    "autoresizingMask", "userDefinedRuntimeAttributes", "userDefinedRuntimeAttribute", "variation", "mask",
    "accessibility", "textInputTraits", "resources", "image", "namedColor", "systemColor", "string", "nil",
    "real", "integer", "boolean", "segments", "segment", "attributedString", "fragment", "paragraphStyle",
    "dependencies", "deployment", "plugIn", "capability",
  ]

  /// The connection entry elements and their kinds.
  static let connectionKinds: [String: IBConnection.Kind] = [
    "outlet": .outlet, "outletCollection": .outletCollection, "action": .action, "segue": .segue,
  ]

  /// The placeholder an element stands for, if any: UIKit writes `<placeholder placeholderIdentifier="IBFilesOwner">`;
  /// AppKit xibs write the File's Owner (id `-2`), First Responder (id `-1`, class `FirstResponder`) and Application
  /// (id `-3`) as top-level `customObject`s with no identifier, and macOS storyboard scenes their First Responder as
  /// a `customObject` with `sceneMemberID="firstResponder"`. Those get the UIKit identifiers (`IBApplication` for the
  /// application), so that no rule reads them as instances of their `customClass`.
  static func placeholderIdentifier(of element: XMLElement, named name: String, id: String) -> String? {
    if let identifier = element.attribute("placeholderIdentifier") { return identifier }
    guard name == "customObject" else { return nil }
    if element.attribute("sceneMemberID") == "firstResponder" || element.attribute("customClass") == "FirstResponder" {
      return "IBFirstResponder"
    }
    guard element.parent?.name == "objects", element.parent?.parent?.name == "document" else { return nil }
    return appKitPlaceholders[id]
  }

  private static let appKitPlaceholders = ["-1": "IBFirstResponder", "-2": "IBFilesOwner", "-3": "IBApplication"]

  static func isObject(_ elementName: String) -> Bool {
    !bookkeepingElements.contains(elementName)
  }

  /// A view controller element, or any element a storyboard scene names as its view controller.
  static func isViewController(_ element: XMLElement, named name: String) -> Bool {
    IBElementClasses.isViewControllerElement(name) || element.attribute("sceneMemberID") == "viewController"
  }

  /// The id of a `<scene>`'s view controller: the member of `scene/objects` with `sceneMemberID="viewController"`,
  /// else the first view controller element there.
  static func sceneControllerID(of scene: XMLElement) -> String? {
    var firstController: String?
    for objects in scene.children where objects.name == "objects" {
      for member in objects.children {
        guard let id = member.attribute("id") else { continue }
        if member.attribute("sceneMemberID") == "viewController" { return id }
        if firstController == nil, IBElementClasses.isViewControllerElement(member.name) { firstController = id }
      }
    }
    return firstController
  }
}
