import TablelintIndex
import TablelintModel

/// What a rule can say about the members of an IB object's class.
enum IBObjectClass {
  /// A workspace class: check against its Objective-C surface.
  case workspace(name: String, surface: ObjCSurface)
  /// A framework class tablelint has a list for (no custom class, or an Apple class).
  case framework(name: String, outlets: Set<String>, selectors: Set<String>)
  /// Unknowable: a custom class from another module, or a framework class without a list.
  case unknown

  init(_ object: IBObject, in project: ProjectIndex, document: InterfaceBuilderDocument, path: String) {
    // AppKit's Application placeholder is the app (NSApplication or the principal class), whatever `customClass`
    // says: Interface Builder writes `NSObject` there (simplenote-macos extends NSObject, which made `terminate:`
    // look unanswered). So is File's Owner of the main menu's nib, which `NSApplicationMain` loads with the app as
    // its owner (MachOView names its app delegate's class there).
    guard object.placeholderIdentifier != "IBApplication",
      !(document.isAppKit && object.placeholderIdentifier == "IBFilesOwner"
        && ProjectIndex.nibFileName(ofPath: path) == "MainMenu"),
      let name = object.effectiveClassName
    else {
      self = .unknown
      return
    }
    // A Swift class the runtime knows by this name (`@objc(DWVerifiedSuccessfullyViewController)`) beside a workspace
    // class of the name (dashwallet-ios's old Objective-C controller, left on the disk): which one the app has is
    // unknown.
    if object.classReference.customClass != nil, let renamed = project.swiftTypesByObjCName[name],
      project.resolveType(name).map({ $0.name != renamed.name }) ?? true
    {
      self = .unknown
      return
    }
    if object.classReference.customClass != nil, let surface = project.objcSurface(ofClass: name) {
      self = surface.isComplete ? .workspace(name: TypeInfo.simpleName(of: name), surface: surface) : .unknown
      return
    }
    // The curated list and the element names are UIKit's: AppKit documents name other classes.
    if !document.isAppKit, let members = FrameworkMembers.members(of: name),
      object.classReference.customClass == nil || FrameworkMembers.isAppleFrameworkClass(name)
    {
      // A dependency's category may add outlets and actions to the class (DZNEmptyDataSet's `emptyDataSetSource` on
      // every scroll view, MVVMReactiveCocoa), and the workspace does not hold it.
      guard !project.hasDependencyManifests else {
        self = .unknown
        return
      }
      // The workspace's extensions of the class or of a listed superclass add their members (ivpn's
      // `extension UIViewController` actions on scenes without a custom class).
      if let surface = project.frameworkSurface(ofClass: name) {
        self = .workspace(name: name, surface: surface)
        return
      }
      self = .framework(name: name, outlets: members.outlets, selectors: members.selectors)
      return
    }
    self = .unknown
  }
}
