/// Facts the Swift frontend reads from one Swift file.
public struct SwiftFileFacts: Hashable, Codable, Sendable {
  public var imports: [String] = []
  public var types: [SwiftTypeDeclaration] = []
  /// String-valued constants: `static let`, global `let`, instance `let` with a literal, get-only computed
  /// properties returning a literal, enum raw values.
  public var constants: [StringConstant] = []
  public var registrations: [Registration] = []
  public var dequeues: [Dequeue] = []
  public var nibReferences: [NibReference] = []
  /// Cells used through a table library (venmo/Static `Row(cellClass:)`, Flow `Row<Cell>`).
  public var libraryRows: [LibraryRow] = []
  /// Generic dequeue/registration helpers declared in extensions of `UITableView`/`UICollectionView`; their call
  /// sites are dequeues and registrations whose identifier is `.genericHelper`.
  public var reuseHelpers: [GenericReuseHelper] = []
  /// The values of the file's plain string literals (except those written directly as a dequeue's identifier) and
  /// the names of types used as values (`PhotoCell.self`, whose name a helper may register): an identifier spelled
  /// nowhere else in the workspace cannot be registered by code tablelint cannot read.
  public var spelledStrings: Set<String> = []
  /// The parser had to skip or invent text (a merge conflict, a half-typed line): facts may be missing, so rules that
  /// conclude from an absence stay silent about the types declared here.
  public var hasSyntaxErrors = false
  /// `#selector(…)`, `Selector("…")`, `NSSelectorFromString("…")`.
  public var selectorReferences: [SelectorReference] = []
  /// Target–action set-ups whose method arity can be checked.
  public var targetActions: [TargetActionUse] = []
  /// Tables declared in code: data-source counts and titles, table libraries, enum layouts (`TableModelCollector`).
  public var tableModel = SwiftTableFacts()
  /// Inline `tablelint:` comments (`SuppressionScanner`).
  public var suppressions = SuppressionFacts()
  /// `typealias Name = Target` naming a type (not generic, not in a protocol, not local): an extension of `Name`
  /// extends `Target`.
  public var typeAliases: [SwiftTypeAlias] = []
  /// Storyboards the code loads by a literal name (`UIStoryboard(name: "Main", bundle: nil)`, `NSStoryboard`): one
  /// the workspace does not hold keeps scenes and prototypes out of sight (a repository without its storyboards).
  public var loadedStoryboards: [String] = []

  public init() {}
}

/// `typealias Settings = SettingsViewController`, as written: the index follows it to the aliased type.
public struct SwiftTypeAlias: Hashable, Codable, Sendable {
  /// Qualified by the enclosing types for a nested alias (`Outer.Name`).
  public var name: String
  /// The aliased type as written (`SettingsViewController`, `Module.Type`).
  public var target: String
  public var location: SourceLocation

  public init(name: String, target: String, location: SourceLocation) {
    self.name = name
    self.target = target
    self.location = location
  }
}

public enum TypeKind: String, Hashable, Codable, Sendable {
  case `class`, `struct`, `enum`, `protocol`, `extension`, `actor`
}

/// A type declaration or an extension. Extensions are merged into their type by the index.
public struct SwiftTypeDeclaration: Hashable, Codable, Sendable {
  public var kind: TypeKind
  /// Qualified name as written for nested types (`Outer.Inner`); for extensions, the extended type as written.
  public var name: String
  /// The inheritance clause in order, generic arguments stripped (`UITableViewController`, `Reusable`).
  /// For a class the first entry may be its superclass; the index decides.
  public var inheritedTypes: [String]
  /// Attribute names on the declaration, without `@` (`objc`, `objcMembers`, `MainActor` …).
  public var attributes: [String]
  /// The name given by `@objc(Name)`, if any.
  public var objcName: String?
  public var members: [SwiftMember]
  public var location: SourceLocation
  /// Where the name is written (for go-to-definition).
  public var nameLocation: SourceLocation

  public init(
    kind: TypeKind, name: String, inheritedTypes: [String], attributes: [String], objcName: String?,
    members: [SwiftMember], location: SourceLocation, nameLocation: SourceLocation
  ) {
    self.kind = kind
    self.name = name
    self.inheritedTypes = inheritedTypes
    self.attributes = attributes
    self.objcName = objcName
    self.members = members
    self.location = location
    self.nameLocation = nameLocation
  }

  /// The last component of the name (`Inner` for `Outer.Inner`).
  public var simpleName: String { name.split(separator: ".").last.map(String.init) ?? name }
}

/// Why a member is visible to the Objective-C runtime.
public enum ObjCExposure: String, Hashable, Codable, Sendable {
  case objc, ibAction, ibOutlet, ibInspectable, nsManaged, dynamic, objcMembers, override, ibSegueAction
}

public enum MemberKind: String, Hashable, Codable, Sendable {
  case method, property, initializer, subscriptMember
}

/// A function, property or initializer of a type, with what the Objective-C runtime sees of it.
public struct SwiftMember: Hashable, Codable, Sendable {
  public var kind: MemberKind
  /// Base name: `f` for `f(_:sender:)`, the property name, `init`.
  public var name: String
  /// Argument labels for functions and initializers (`nil` for `_`); empty for properties.
  public var argumentLabels: [String?]
  /// The reasons this member is exposed to Objective-C; empty when it is not.
  public var exposure: [ObjCExposure]
  /// The name given by `@objc(name:)`, if any.
  public var explicitObjCName: String?
  /// The Objective-C selector: the explicit name, or the one derived from the Swift name.
  /// Set for every function, initializer and property (a property's getter selector).
  public var selector: String
  public var isStatic: Bool
  /// A settable property: stored `var`, or computed with a setter. Always false for functions.
  public var isSettable: Bool
  public var accessLevel: String?
  /// The declared type of a property, or the return type of a function, as written.
  public var typeName: String?
  public var location: SourceLocation

  public init(
    kind: MemberKind, name: String, argumentLabels: [String?], exposure: [ObjCExposure], explicitObjCName: String?,
    selector: String, isStatic: Bool, isSettable: Bool, accessLevel: String?, typeName: String?,
    location: SourceLocation
  ) {
    self.kind = kind
    self.name = name
    self.argumentLabels = argumentLabels
    self.exposure = exposure
    self.explicitObjCName = explicitObjCName
    self.selector = selector
    self.isStatic = isStatic
    self.isSettable = isSettable
    self.accessLevel = accessLevel
    self.typeName = typeName
    self.location = location
  }

  public var isExposedToObjC: Bool { !exposure.isEmpty }
}

/// A string-valued constant: `static let reuseID = "Photo"` in `PhotoCell` is `PhotoCell.reuseID`.
public struct StringConstant: Hashable, Codable, Sendable {
  /// The type that declares it (qualified, extensions resolved to the extended type); `nil` for globals.
  public var owner: String?
  public var name: String
  public var value: IdentifierExpression
  public var isStatic: Bool
  /// An enum case's raw value (`enum CellID: String { case photo }` gives `CellID.photo` = "photo").
  /// When `owner` names a protocol (an extension of it), the constant is a default for conforming types.
  public var isEnumCase: Bool
  public var location: SourceLocation

  public init(
    owner: String?, name: String, value: IdentifierExpression, isStatic: Bool, isEnumCase: Bool,
    location: SourceLocation
  ) {
    self.owner = owner
    self.name = name
    self.value = value
    self.isStatic = isStatic
    self.isEnumCase = isEnumCase
    self.location = location
  }
}

/// Which reuse queue a registration or dequeue uses.
public enum ReuseKind: String, Hashable, Codable, Sendable {
  case tableCell, tableHeaderFooter, collectionCell, collectionSupplementary
}

/// What a registration binds to its identifier.
public enum RegisteredContent: Hashable, Codable, Sendable {
  /// `register(FooCell.self, …)`; the name is `nil` when the class expression is not a plain `X.self`.
  case cellClass(String?)
  /// `register(UINib(nibName: "X", bundle: nil), …)`; the name is unknown when not a plain expression.
  case nib(IdentifierExpression, location: SourceLocation?)
  /// `register(nil, …)` unregisters.
  case none
}

/// A reuse registration in Swift code, or a call that looks like a registration helper
/// (`register(cellType:)`, `registerCells()`): those carry an `.unknown` identifier so rules stay silent.
public struct Registration: Hashable, Codable, Sendable {
  public var kind: ReuseKind
  public var identifier: IdentifierExpression
  public var identifierLocation: SourceLocation
  public var content: RegisteredContent
  /// The type whose code performs the registration (extension members count for the extended type).
  public var enclosingType: String?
  /// The receiver as written (`tableView`, `self.tableView`, `collectionView`), `nil` when implicit.
  public var receiver: String?
  /// For a call to a registration helper rather than UIKit's method: the helper's base name (`registerCells`).
  public var helperName: String?
  /// The branches the call runs in, as written and joined with ` && ` from the outermost: `#if` clauses (`os(tvOS)`,
  /// `!(os(tvOS))` for its `#else`), `if` bodies (`if isDark`, `!(if isDark)` for the `else`) and `switch` cases
  /// (`switch style case .dark:`); `nil` outside any. Two registrations under different conditions may never run
  /// together. Objective-C's are always `nil` (its frontend follows one `#if` branch and reads no statements).
  public var conditions: String?
  public var location: SourceLocation

  public init(
    kind: ReuseKind, identifier: IdentifierExpression, identifierLocation: SourceLocation, content: RegisteredContent,
    enclosingType: String?, receiver: String?, helperName: String? = nil, conditions: String? = nil,
    location: SourceLocation
  ) {
    self.kind = kind
    self.identifier = identifier
    self.identifierLocation = identifierLocation
    self.content = content
    self.enclosingType = enclosingType
    self.receiver = receiver
    self.helperName = helperName
    self.conditions = conditions
    self.location = location
  }
}

/// How the optional-returning dequeue's result is used.
public enum NilHandling: String, Hashable, Codable, Sendable {
  /// The form that takes an index path: never nil, raises instead.
  case notOptional
  /// `?? fallback`, `if let`, `guard let`, optional chaining, an optional binding we cannot see through.
  case handled
  /// Force-unwrapped (`!`) or force-cast (`as!`) with no fallback.
  case forced
}

public enum CastKind: String, Hashable, Codable, Sendable {
  case forced, conditional, coercion
  /// Objective-C: a C cast `(FooCell *)[…]` or a typed variable `FooCell *cell = […]`. Nothing is checked there;
  /// the first message only `FooCell` answers fails with "unrecognized selector".
  case unchecked
}

/// A `dequeueReusable…` call.
public struct Dequeue: Hashable, Codable, Sendable {
  public var kind: ReuseKind
  public var identifier: IdentifierExpression
  public var identifierLocation: SourceLocation
  public var nilHandling: NilHandling
  /// The type the result is cast to (`as! FooCell`), if any.
  public var castType: String?
  public var castKind: CastKind?
  public var castLocation: SourceLocation?
  public var enclosingType: String?
  public var receiver: String?
  public var location: SourceLocation

  public init(
    kind: ReuseKind, identifier: IdentifierExpression, identifierLocation: SourceLocation, nilHandling: NilHandling,
    castType: String?, castKind: CastKind?, castLocation: SourceLocation?, enclosingType: String?, receiver: String?,
    location: SourceLocation
  ) {
    self.kind = kind
    self.identifier = identifier
    self.identifierLocation = identifierLocation
    self.nilHandling = nilHandling
    self.castType = castType
    self.castKind = castKind
    self.castLocation = castLocation
    self.enclosingType = enclosingType
    self.receiver = receiver
    self.location = location
  }
}

/// Whether a nib lookup goes to a bundle whose contents the workspace shows.
public enum BundleReference: String, Hashable, Codable, Sendable {
  /// `nil`, omitted, `.main`, `Bundle.main`, `Bundle(for: type(of: self))`, `Bundle(for: X.self)`.
  case app
  /// Some other bundle (a framework's, `.module`, a variable): the workspace may not hold it.
  case other
}

/// A use of a nib by name: `UINib(nibName:bundle:)`, `loadNibNamed(_:owner:options:)`, `init(nibName:bundle:)`.
public struct NibReference: Hashable, Codable, Sendable {
  public var name: IdentifierExpression
  public var nameLocation: SourceLocation
  public var bundle: BundleReference
  public var enclosingType: String?
  public var location: SourceLocation

  public init(
    name: IdentifierExpression, nameLocation: SourceLocation, bundle: BundleReference, enclosingType: String?,
    location: SourceLocation
  ) {
    self.name = name
    self.nameLocation = nameLocation
    self.bundle = bundle
    self.enclosingType = enclosingType
    self.location = location
  }
}

public enum TableLibrary: String, Hashable, Codable, Sendable {
  /// venmo/Static
  case staticLibrary = "Static"
  /// malcommac/Flow
  case flow = "Flow"
}

/// A row of a table library that registers its cells by itself.
public struct LibraryRow: Hashable, Codable, Sendable {
  public var library: TableLibrary
  /// `FooCell` for `Row<FooCell>(…)` or `Row(cellClass: FooCell.self)`; `nil` for the library's default cell.
  public var cellClass: String?
  public var enclosingType: String?
  public var location: SourceLocation

  public init(library: TableLibrary, cellClass: String?, enclosingType: String?, location: SourceLocation) {
    self.library = library
    self.cellClass = cellClass
    self.enclosingType = enclosingType
    self.location = location
  }
}

/// How a generic helper spells a name in its type parameter `T` (or in a `T.Type` parameter).
public enum TypeParameterName: Hashable, Codable, Sendable {
  /// `String(describing: T.self)`, `"\(T.self)"`, `String(describing: cellType)`: the bound type's name.
  case typeName
  /// `T.reuseIdentifier`, `cellType.defaultReuseIdentifier`: a static member looked up on the bound type.
  case member(String)
}

/// A parameter of a generic reuse helper, for matching call sites (labels, defaults) and finding what binds `T`.
public struct HelperParameter: Hashable, Codable, Sendable {
  /// The argument label, `nil` for `_`.
  public var label: String?
  public var hasDefault: Bool
  /// Its type is `T.Type`: the argument at the call site names the bound type (`cellType: FooCell.self`).
  public var bindsTypeParameter: Bool

  public init(label: String?, hasDefault: Bool, bindsTypeParameter: Bool) {
    self.label = label
    self.hasDefault = hasDefault
    self.bindsTypeParameter = bindsTypeParameter
  }
}

/// A generic method in an extension of `UITableView`/`UICollectionView` (or one taking a `UITableViewCell.Type`
/// parameter) whose body dequeues or registers with an identifier spelled in its type parameter: `func dequeueReusableCell<T: UITableViewCell>(for:) -> T` calling
/// `dequeueReusableCell(withIdentifier: T.reuseIdentifier, for:)`. Its call sites are `GenericHelperCall`s.
public struct GenericReuseHelper: Hashable, Codable, Sendable {
  public enum Role: String, Hashable, Codable, Sendable {
    case dequeue, registration
  }

  public var role: Role
  /// The reuse queue of the UIKit call in the body.
  public var kind: ReuseKind
  /// The extended type as written (`UITableView`).
  public var extendedType: String
  public var name: String
  public var parameters: [HelperParameter]
  /// The result is `T` (or `T?`): a call site may bind `T` by annotation or `as`.
  public var returnsTypeParameter: Bool
  /// The identifier passed to UIKit, in terms of `T`.
  public var identifier: TypeParameterName
  /// Registrations: the name of the nib the body loads (`UINib(nibName: String(describing: T.self), …)`), when it
  /// registers a nib named after `T`; `nil` when it registers the class.
  public var nibName: TypeParameterName?
  /// Registrations of a nib whose name is not spelled in `T` (`T.nib`): the cell class cannot be named.
  public var registersOpaqueNib: Bool
  /// Dequeues: the body force-casts to `T` (`as! T`, `guard let … as? T else { fatalError() }`), so a cell of another
  /// class crashes; `as? T ?? T()` does not.
  public var forcesCast: Bool
  public var location: SourceLocation

  public init(
    role: Role, kind: ReuseKind, extendedType: String, name: String, parameters: [HelperParameter],
    returnsTypeParameter: Bool, identifier: TypeParameterName, nibName: TypeParameterName?, registersOpaqueNib: Bool,
    forcesCast: Bool = false, location: SourceLocation
  ) {
    self.role = role
    self.kind = kind
    self.extendedType = extendedType
    self.name = name
    self.parameters = parameters
    self.returnsTypeParameter = returnsTypeParameter
    self.identifier = identifier
    self.nibName = nibName
    self.registersOpaqueNib = registersOpaqueNib
    self.forcesCast = forcesCast
    self.location = location
  }

  /// Whether a call with these labels calls this helper, and the index of the parameter each argument fills.
  public func parameterIndices(forArgumentLabels labels: [String?]) -> [Int]? {
    var result: [Int] = []
    var next = 0
    for label in labels {
      while next < parameters.count, parameters[next].label != label, parameters[next].hasDefault { next += 1 }
      guard next < parameters.count, parameters[next].label == label else { return nil }
      result.append(next)
      next += 1
    }
    guard parameters[next...].allSatisfy(\.hasDefault) else { return nil }
    return result
  }
}

/// A call of a generic reuse helper with its type parameter bound at the call site:
/// `let cell: FooCell = tableView.dequeueReusableCell(for: indexPath)`, `… as FooCell`,
/// `dequeueReusableCell(for: indexPath, cellType: FooCell.self)`, `register(cellType: FooCell.self)`.
public struct GenericHelperCall: Hashable, Codable, Sendable {
  public var name: String
  public var argumentLabels: [String?]
  /// The queue the receiver suggests (`collectionView` → collection cells); the helper must agree.
  public var kind: ReuseKind
  public var role: GenericReuseHelper.Role
  /// The type bound to `T`, as written.
  public var boundType: String
  /// The argument that binds it (`FooCell.self`), `nil` when the result's type does (annotation, `as`).
  public var bindingArgument: Int?

  public init(
    name: String, argumentLabels: [String?], kind: ReuseKind, role: GenericReuseHelper.Role, boundType: String,
    bindingArgument: Int?
  ) {
    self.name = name
    self.argumentLabels = argumentLabels
    self.kind = kind
    self.role = role
    self.boundType = boundType
    self.bindingArgument = bindingArgument
  }
}

/// Swift names as the Objective-C runtime spells them.
public enum SwiftIdentifier {
  /// `` `import` `` → `import`: an identifier escaped with backticks (a keyword used as a name) is the same name
  /// without them. Facts keep names as written; selectors and key-value coding keys use this.
  public static func unescaped(_ name: String) -> String {
    let bytes = name.utf8
    guard bytes.count > 2, bytes.first == UInt8(ascii: "`"), bytes.last == UInt8(ascii: "`") else { return name }
    return String(name.dropFirst().dropLast())
  }
}
