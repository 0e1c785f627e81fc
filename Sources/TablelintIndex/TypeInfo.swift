import TablelintModel

/// A type with all its declarations merged: the primary declaration, its extensions in any file, and an
/// Objective-C `@interface`/`@implementation` of the same name.
///
/// A class with constant fields: every look-up (`ProjectIndex.types`, `resolveType`) hands out the one instance
/// (a look-up of the struct it was copied five reference-counted fields).
public final class TypeInfo: Sendable {
  public enum Kind: String, Sendable {
    case `class`, `struct`, `enum`, `protocol`, actor
    /// Only extended in the workspace (`extension UITableView`): declared elsewhere.
    case externalExtended
  }

  /// Qualified name (`Outer.Inner`).
  public let name: String
  public let kind: Kind
  /// Swift declarations, primary first, then extensions in path order.
  public let declarations: [(path: String, declaration: SwiftTypeDeclaration)]
  public let objcDeclarations: [(path: String, declaration: ObjCClassDeclaration)]
  /// The superclass as written, when the index decided the first inherited type is a class.
  public let superclass: String?
  /// All inherited types of all declarations (superclass excluded).
  public let inheritedTypes: [String]
  /// Two classes of this name, in different targets, inherit from different classes other than `NSObject`
  /// (ProtonVPN's iOS `CountryCellView: UICollectionViewCell` and its macOS `CountryCellView: NSCollectionViewItem`):
  /// which one a document means is unknown, so the chain leaves for `SuperclassChain.unknownSuperclass`.
  public let hasConflictingSuperclasses: Bool

  public var simpleName: String { Self.simpleName(of: name) }
  public var isClassLike: Bool { kind == .class || kind == .externalExtended }
  public var isObjectiveC: Bool { !objcDeclarations.isEmpty }

  /// The primary declaration's location, or the first declaration's.
  public var location: SourceLocation? {
    declarations.first?.declaration.nameLocation ?? objcDeclarations.first?.declaration.location
  }

  /// Swift members of every declaration. Loops over every type (the index, rules) read `declarations` directly or
  /// use `containsMember(where:)`: building this array copies every member.
  public var members: [SwiftMember] { declarations.flatMap(\.declaration.members) }

  /// Whether a Swift member of some declaration satisfies `predicate` (without building `members`).
  public func containsMember(where predicate: (SwiftMember) -> Bool) -> Bool {
    declarations.contains { $0.declaration.members.contains(where: predicate) }
  }

  /// The Swift members called `name`, of every declaration (without building `members`).
  public func members(named name: String) -> [SwiftMember] {
    var found: [SwiftMember] = []
    for (_, declaration) in declarations {
      for member in declaration.members where member.name == name { found.append(member) }
    }
    return found
  }

  /// `Outer.Inner` → `Inner`. Asked for every name the index keys, so without splitting into an array.
  public static func simpleName(of name: String) -> String {
    // An ASCII name (every type name in practice) is cut at its last `.` byte, without grapheme breaking; the bytes
    // after a dot are never empty there unless the name ends in one.
    let fast = name.utf8.withContiguousStorageIfAvailable { bytes -> String? in
      var dot = -1
      for index in bytes.indices {
        let byte = bytes[index]
        if byte >= 0x80 { return nil }
        if byte == UInt8(ascii: ".") { dot = index }
      }
      if dot < 0 { return name }
      if dot == bytes.count - 1 { return nil }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[(dot + 1)...]), as: UTF8.self)
    }
    if let fast, let fast { return fast }
    return characterSimpleName(of: name)
  }

  /// `simpleName(of:)` by Characters, as the split compared: a `.` byte inside a larger grapheme cluster is not a dot.
  static func characterSimpleName(of name: String) -> String {
    guard let dot = name.lastIndex(of: ".") else { return name }
    let start = name.index(after: dot)
    // A name ending in a dot (cut short, `Outer.`): its last non-empty component.
    if start == name.endIndex { return name.split(separator: ".").last.map(String.init) ?? name }
    return String(name[start...])
  }

  init(
    name: String, kind: Kind, declarations: [(path: String, declaration: SwiftTypeDeclaration)],
    objcDeclarations: [(path: String, declaration: ObjCClassDeclaration)], superclass: String?,
    inheritedTypes: [String], hasConflictingSuperclasses: Bool = false
  ) {
    self.name = name
    self.kind = kind
    self.declarations = declarations
    self.objcDeclarations = objcDeclarations
    self.superclass = superclass
    self.inheritedTypes = inheritedTypes
    self.hasConflictingSuperclasses = hasConflictingSuperclasses
  }
}

public struct IBDocumentRef: Sendable {
  public let path: String
  public let document: InterfaceBuilderDocument

  /// Cells at the top level of the document (a cell xib's cell), in document order.
  public var standaloneCells: [IBCell] { document.cells.filter { $0.role == .standalone } }
}

/// A table view in a storyboard or xib, with the workspace classes that own it.
public struct IBTableRef: Sendable {
  public let path: String
  public let document: InterfaceBuilderDocument
  public let table: IBTableView
  /// Simple names of the classes whose code runs against this table: the scene's view controller, File's Owner
  /// when it is the data source or holds an outlet to the table, objects connected as data source.
  public let ownerClasses: Set<String>

  public var prototypes: [IBCell] {
    let ids = Set(table.prototypeCellIDs)
    return document.cells.filter { ids.contains($0.id) }
  }
}

public struct IBCollectionRef: Sendable {
  public let path: String
  public let document: InterfaceBuilderDocument
  public let collection: IBCollectionView
  public let ownerClasses: Set<String>

  public var prototypes: [IBCell] {
    let ids = Set(collection.prototypeCellIDs)
    return document.cells.filter { ids.contains($0.id) }
  }

  /// Section header and footer views declared in the storyboard.
  public var supplementaryViews: [IBCell] {
    let ids = Set(collection.supplementaryViewIDs)
    return document.cells.filter { ids.contains($0.id) }
  }
}

/// An IB document's objects by id (the last object with an id wins).
///
/// The table holds positions in the document's own array, not copies of the objects: a storyboard has thousands of
/// objects, and copying each (a dozen strings retained) into a dictionary was most of building such a table.
public struct IBObjectsByID: Sendable {
  private let objects: [IBObject]
  private let positions: [String: Int]

  public init(_ document: InterfaceBuilderDocument) {
    objects = document.objects
    var positions: [String: Int] = [:]
    positions.reserveCapacity(objects.count)
    for position in objects.indices { positions[objects[position].id] = position }
    self.positions = positions
  }

  public subscript(id: String?) -> IBObject? {
    id.flatMap { positions[$0] }.map { objects[$0] }
  }

  /// Whether a storyboard connection joins objects of two scenes. Interface Builder does not make such connections,
  /// but a view copied from another scene keeps its own (threema-ios's ID setup screens), and each scene compiles
  /// into a nib of its own: the connection is never made at run time.
  public func crossesScenes(_ connection: IBConnection) -> Bool {
    guard let from = self[connection.sourceID]?.sceneControllerID,
      let to = self[connection.destinationID ?? connection.target]?.sceneControllerID
    else { return false }
    return from != to
  }
}

/// Decides which classes own a table or collection view in one IB document.
struct IBOwnership {
  let document: InterfaceBuilderDocument
  let objectsByID: IBObjectsByID

  init(document: InterfaceBuilderDocument) {
    self.document = document
    objectsByID = IBObjectsByID(document)
  }

  func owners(ofContainer id: String, controllerID: String?) -> Set<String> {
    var owners: Set<String> = []
    func add(_ objectID: String?) {
      guard let objectID, let object = objectsByID[objectID], let name = object.effectiveClassName else { return }
      owners.insert(TypeInfo.simpleName(of: name))
    }
    add(controllerID)
    for connection in document.connections where connection.kind == .outlet {
      // The table's data source and delegate.
      if connection.sourceID == id, connection.property == "dataSource" || connection.property == "delegate" {
        add(connection.destinationID)
      }
      // An object holding an outlet to the table (`@IBOutlet var tableView`).
      if connection.destinationID == id {
        add(connection.sourceID)
      }
    }
    return owners
  }
}
