import TablelintIndex
import TablelintModel

/// Looks up IB objects by id, once per document (the last object with an id wins).
///
/// The table holds positions in the document's own array, not copies of the objects: a storyboard has thousands of
/// objects, and copying each into a dictionary was most of this table's cost.
struct IBObjectTable {
  private let objects: [IBObject]
  private let positions: [String: Int]

  init(_ document: InterfaceBuilderDocument) {
    objects = document.objects
    var positions: [String: Int] = [:]
    positions.reserveCapacity(objects.count)
    for (position, object) in objects.enumerated() { positions[object.id] = position }
    self.positions = positions
  }

  subscript(id: String?) -> IBObject? {
    id.flatMap { positions[$0] }.map { objects[$0] }
  }
}

/// What a rule can say about the members of an IB object's class.
enum IBObjectClass {
  /// A workspace class: check against its Objective-C surface.
  case workspace(name: String, surface: ObjCSurface)
  /// A framework class tablelint has a list for (no custom class, or an Apple class).
  case framework(name: String, outlets: Set<String>, selectors: Set<String>)
  /// Unknowable: a custom class from another module, or a framework class without a list.
  case unknown

  init(_ object: IBObject, in project: ProjectIndex, document: InterfaceBuilderDocument) {
    guard let name = object.effectiveClassName else {
      self = .unknown
      return
    }
    if object.classReference.customClass != nil, let surface = project.objcSurface(ofClass: name) {
      self = surface.isComplete ? .workspace(name: TypeInfo.simpleName(of: name), surface: surface) : .unknown
      return
    }
    // The curated list and the element names are UIKit's: AppKit documents name other classes.
    let isUIKitDocument = document.targetRuntime.map { !$0.hasPrefix("MacOSX") } ?? true
    if isUIKitDocument, let members = FrameworkMembers.members(of: name),
      object.classReference.customClass == nil || FrameworkMembers.isAppleFrameworkClass(name)
    {
      self = .framework(name: name, outlets: members.outlets, selectors: members.selectors)
      return
    }
    self = .unknown
  }
}
