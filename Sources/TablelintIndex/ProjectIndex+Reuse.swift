import TablelintModel

/// One way an identifier becomes dequeueable: a registration in code, a storyboard prototype, a table library.
public struct ReuseBinding: Sendable {
  public enum Source: Sendable {
    case registration(Registration)
    case prototype(IBCell, path: String)
    case libraryRow(LibraryRow)
  }

  public let identifier: String
  public let source: Source

  public var location: SourceLocation {
    switch source {
    case .registration(let registration): return registration.identifierLocation
    case .prototype(let cell, _): return cell.reuseIdentifierLocation ?? cell.location
    case .libraryRow(let row): return row.location
    }
  }
}

/// What a piece of code can dequeue: the bindings it can see, and what it cannot see that might register more.
public struct ReuseScope: Sendable {
  public let bindings: [String: [ReuseBinding]]
  /// Code in the workspace registers identifiers the index cannot name (a helper from another module, a loop, a
  /// computed identifier, Objective-C): it can only register strings spelled out somewhere in the workspace.
  public let hasUnknownRegistrationsInWorkspace: Bool
  /// Code outside the workspace may register for this class (a superclass from another module, a table library):
  /// nothing can be concluded from a missing identifier.
  public let hasUnknownRegistrationsOutsideWorkspace: Bool
  /// Whether the dequeuing class's family configures tables itself (owns an IB table or registers); otherwise the
  /// scope is the whole workspace.
  public let isClassScoped: Bool

  public var hasUnknownRegistrations: Bool {
    hasUnknownRegistrationsInWorkspace || hasUnknownRegistrationsOutsideWorkspace
  }
}

extension ProjectIndex {
  /// Whether a dequeue of `identifier` certainly fails in `scope`: no binding, and nothing unseen could make one.
  /// An identifier written as a literal that the workspace spells out nowhere else cannot come from workspace code.
  public func isCertainlyUnbound(_ identifier: String, in scope: ReuseScope, writtenAsLiteral: Bool) -> Bool {
    guard scope.bindings[identifier] == nil, !scope.hasUnknownRegistrationsOutsideWorkspace else { return false }
    if !scope.hasUnknownRegistrationsInWorkspace { return true }
    return writtenAsLiteral && !workspaceStrings.contains(identifier)
  }

  /// The identifiers code in `typeName` can dequeue from a reuse queue of `kind`.
  ///
  /// A prototype belongs to one table, and a registration in a class to that class's tables; code in a class can
  /// dequeue what its family (superclasses and subclasses: the instance may be either) registers, and the
  /// prototypes of the tables the family owns. A type that configures no table of its own (a shared data source, a
  /// cell factory) dequeues from tables others configure: its scope is the whole workspace.
  public func reuseScope(forCodeIn typeName: String?, kind: ReuseKind) -> ReuseScope {
    let key = "reuseScope|\(kind.rawValue)|\(typeName ?? "")"
    if let stored: ReuseScope = derived.stored(key) { return stored }
    return derived.value(key) { computeReuseScope(forCodeIn: typeName, kind: kind) }
  }

  private func computeReuseScope(forCodeIn typeName: String?, kind: ReuseKind) -> ReuseScope {
    let family = self.family(of: typeName)
    var inWorkspace = false
    var outside = false
    var familyBindings: [String: [ReuseBinding]] = [:]
    var configures = false

    if let typeName, let info = resolveType(typeName) {
      let chain = superclassChain(of: info.name)
      if info.isClassLike, !chain.endsInWellKnownClass { outside = true }
      // An Objective-C class whose `@implementation` the workspace does not hold may register in code not read; a
      // category of a framework class (`@interface UIViewController (Search)`) adds helpers to every controller,
      // not one class's cells.
      if chain.classes.contains(where: {
        $0.isObjectiveC && $0.kind != .externalExtended
          && !$0.objcDeclarations.contains { $0.declaration.isImplementation }
      }) {
        inWorkspace = true
      }
    }
    // What the index could not read may hold the missing registration or prototype: a storyboard that did not parse
    // or that the code loads but the workspace lacks, a source file that did not read, or a Swift file of the family
    // whose syntax errors hid part of it.
    if hasUnreadableSources || !missingStoryboards.isEmpty
      || family.contains(where: { typesInFilesWithSyntaxErrors.contains($0.name) })
    {
      outside = true
    }
    for member in family {
      for registration in registrationsByType[member.name] ?? []
      where registration.kind == kind && (registration.helperName == nil || isReadableHelperCall(registration)) {
        configures = true
        add(registration, in: member.name, to: &familyBindings, unknown: &inWorkspace)
      }
      // Helpers such as `register(cellType:)` are recorded with an unknown identifier under `.tableCell`;
      // a helper of the family itself (`registerCells()`) was read: its registrations are already here.
      if (registrationsByType[member.name] ?? []).contains(where: { isOpaqueHelper($0, family: family) }) {
        configures = true
        inWorkspace = true
      }
      if libraryRows.contains(where: { $0.enclosingType.map { resolveType($0)?.name } == member.name }) {
        configures = true
        outside = true
      }
    }
    let familyNames = Set(family.map(\.simpleName))
    for cell in prototypes(kind: kind, ownedByAnyOf: familyNames) {
      configures = true
      if let identifier = cell.cell.reuseIdentifier, !identifier.isEmpty {
        familyBindings[identifier, default: []].append(
          ReuseBinding(identifier: identifier, source: .prototype(cell.cell, path: cell.path))
        )
      }
    }
    // A table view subclass that registers cells on itself serves every dequeue from a table of that class, a cell
    // that registers on the collection view it holds serves whichever object is that view's data source, and so does
    // a registration into another object's table: the index does not know the receiver, so they count everywhere.
    let shared = sharedRegistrationScope(kind: kind)
    inWorkspace = inWorkspace || shared.hasUnknownRegistrationsInWorkspace
    for (identifier, list) in shared.bindings { familyBindings[identifier, default: []].append(contentsOf: list) }
    // Only a view controller or view decides what its tables hold. A data-source or factory object that registers a
    // cell or two on a table it was handed also dequeues what its owner registered.
    if configures, family.contains(where: { isViewOrViewController($0) }) || ownsTables(familyNames) {
      return ReuseScope(
        bindings: familyBindings, hasUnknownRegistrationsInWorkspace: inWorkspace,
        hasUnknownRegistrationsOutsideWorkspace: outside, isClassScoped: true
      )
    }
    let workspace = workspaceScope(kind: kind)
    return ReuseScope(
      bindings: workspace.bindings,
      hasUnknownRegistrationsInWorkspace: workspace.hasUnknownRegistrationsInWorkspace || inWorkspace,
      hasUnknownRegistrationsOutsideWorkspace: workspace.hasUnknownRegistrationsOutsideWorkspace || outside,
      isClassScoped: false
    )
  }

  /// The registrations any class's dequeues may rely on: those made inside views — a `UITableView` or
  /// `UICollectionView` subclass or extension on itself, a cell or a view on the table or collection view it holds
  /// (podcast-ios's `HomeContinueListeningCollectionViewCell`, whose horizontal collection view the controller feeds)
  /// — and those made into another object's table (`cell.collectionView.register(…)` in esp-rainmaker-ios's
  /// controller, for the dequeues of the cell that is that collection view's data source).
  func sharedRegistrationScope(kind: ReuseKind) -> ReuseScope {
    derived.value("sharedRegistrations-\(kind.rawValue)") {
      var bindings: [String: [ReuseBinding]] = [:]
      var unknown = false
      for owner in registrationsByType.keys.sorted() {
        let registrations = registrationsByType[owner] ?? []
        let inView = types[owner].map { descends($0, fromAnyOf: ["UIView", "NSView"]) } ?? false
        let shared = inView ? registrations[...] : registrations.filter(Self.registersIntoAnotherObject)[...]
        guard !shared.isEmpty else { continue }
        let family = self.family(of: owner)
        for registration in shared {
          if isOpaqueHelper(registration, family: family) { unknown = true }
          guard registration.helperName == nil || isReadableHelperCall(registration), registration.kind == kind else {
            continue
          }
          add(registration, in: owner, to: &bindings, unknown: &unknown)
        }
      }
      return ReuseScope(
        bindings: bindings, hasUnknownRegistrationsInWorkspace: unknown, hasUnknownRegistrationsOutsideWorkspace: false,
        isClassScoped: false
      )
    }
  }

  /// A registration whose receiver is a property of another object (`cell.collectionView`,
  /// `self.header.tableView`), not the class's own table (`tableView`, `self.tableView`).
  static func registersIntoAnotherObject(_ registration: Registration) -> Bool {
    guard var receiver = registration.receiver?[...] else { return false }
    if receiver.hasPrefix("self.") { receiver = receiver.dropFirst(5) }
    return receiver.contains(".")
  }

  /// What the registrations in these types bind for a queue kind, and whether any of them is opaque (a helper from
  /// elsewhere, an identifier that does not resolve).
  private func registrationBindings(
    of owners: some Sequence<String>, kind: ReuseKind
  ) -> (bindings: [String: [ReuseBinding]], unknown: Bool) {
    var bindings: [String: [ReuseBinding]] = [:]
    var unknown = false
    for owner in owners {
      let family = self.family(of: owner)
      for registration in registrationsByType[owner] ?? [] {
        if isOpaqueHelper(registration, family: family) { unknown = true }
        guard registration.helperName == nil || isReadableHelperCall(registration), registration.kind == kind else {
          continue
        }
        add(registration, in: owner, to: &bindings, unknown: &unknown)
      }
    }
    return (bindings, unknown)
  }

  /// Whether a class descends from one of these framework classes (through the curated list).
  func descends(_ info: TypeInfo, fromAnyOf roots: Set<String>) -> Bool {
    if roots.contains(info.simpleName) { return true }
    var current = superclassChain(of: info.name).externalSuperclass.map { TypeInfo.simpleName(of: $0) }
    var depth = 0
    while let name = current, depth < 16 {
      if roots.contains(name) { return true }
      current = FrameworkMembers.classes[name]?.superclass
      depth += 1
    }
    return false
  }

  public func isViewOrViewController(_ info: TypeInfo) -> Bool {
    descends(info, fromAnyOf: ["UIViewController", "UIView", "NSViewController", "NSView"])
  }

  func isTableOrCollectionView(_ info: TypeInfo) -> Bool {
    descends(info, fromAnyOf: ["UITableView", "UICollectionView"])
  }

  func ownsTables(_ familyNames: Set<String>) -> Bool {
    tables.contains { !$0.ownerClasses.isDisjoint(with: familyNames) }
      || collectionViews.contains { !$0.ownerClasses.isDisjoint(with: familyNames) }
  }

  /// Every binding in the workspace for a queue kind. Computed once per index.
  public func workspaceScope(kind: ReuseKind) -> ReuseScope {
    derived.value("workspaceScope|\(kind.rawValue)") { computeWorkspaceScope(kind: kind) }
  }

  private func computeWorkspaceScope(kind: ReuseKind) -> ReuseScope {
    var (bindings, inWorkspace) = registrationBindings(of: registrationsByType.keys, kind: kind)
    inWorkspace = inWorkspace || objectiveCRegistersReusableViews
    for cell in prototypes(kind: kind, ownedByAnyOf: nil) {
      if let identifier = cell.cell.reuseIdentifier, !identifier.isEmpty {
        bindings[identifier, default: []].append(
          ReuseBinding(identifier: identifier, source: .prototype(cell.cell, path: cell.path))
        )
      }
    }
    // Table libraries register their rows' cells by class name, which the workspace spells out.
    return ReuseScope(
      bindings: bindings, hasUnknownRegistrationsInWorkspace: inWorkspace || !libraryRows.isEmpty,
      hasUnknownRegistrationsOutsideWorkspace: false, isClassScoped: false
    )
  }

  /// The class itself, its workspace superclasses and all its workspace subclasses.
  public func family(of typeName: String?) -> [TypeInfo] {
    guard let typeName else { return [] }
    let key = "family|\(typeName)"
    if let stored: [TypeInfo] = derived.stored(key) { return stored }
    return derived.value(key) { computeFamily(of: typeName) }
  }

  private func computeFamily(of typeName: String) -> [TypeInfo] {
    guard let info = resolveType(typeName) else { return [] }
    var result: [TypeInfo] = []
    var seen: Set<String> = []
    for member in superclassChain(of: info.name).classes + descendants(of: info.name)
    where !seen.contains(member.name) {
      seen.insert(member.name)
      result.append(member)
    }
    if result.isEmpty { result.append(info) }
    return result
  }

  /// Prototype cells of the tables (or collection views) owned by the given classes (all when `nil`).
  public func prototypes(kind: ReuseKind, ownedByAnyOf owners: Set<String>?) -> [(cell: IBCell, path: String)] {
    var result: [(IBCell, String)] = []
    switch kind {
    case .tableCell:
      for table in tables where owners.map({ !$0.isDisjoint(with: table.ownerClasses) }) ?? true {
        result.append(contentsOf: table.prototypes.map { ($0, table.path) })
      }
    case .collectionCell:
      for collection in collectionViews where owners.map({ !$0.isDisjoint(with: collection.ownerClasses) }) ?? true {
        result.append(contentsOf: collection.prototypes.map { ($0, collection.path) })
      }
    case .collectionSupplementary:
      for collection in collectionViews where owners.map({ !$0.isDisjoint(with: collection.ownerClasses) }) ?? true {
        result.append(contentsOf: collection.supplementaryViews.map { ($0, collection.path) })
      }
    case .tableHeaderFooter:
      break
    }
    return result
  }

  /// A registration whose identifier the index cannot know, unless it calls a method the family declares itself
  /// (whose body the frontend read).
  func isOpaqueHelper(_ registration: Registration, family: [TypeInfo]) -> Bool {
    if case .genericHelper = registration.identifier { return !isReadableHelperCall(registration) }
    guard registration.identifier == .unknown else { return false }
    guard let helper = registration.helperName,
      registration.receiver == nil || registration.receiver == "self"
    else { return true }
    // Objective-C helpers are named by their selector (`registerCellsForTableView:`).
    return !family.contains { info in
      info.containsMember { $0.kind == .method && ($0.name == helper || $0.selector == helper) }
        || info.objcDeclarations.contains { $0.declaration.methods.contains { $0.selector == helper } }
    }
  }

  /// A call of a generic registration helper whose body the workspace holds (`register(cellType: FooCell.self)`).
  func isReadableHelperCall(_ registration: Registration) -> Bool {
    guard case .genericHelper = registration.identifier else { return false }
    return resolve(registration.identifier, in: registration.enclosingType) != nil
  }

  private func add(
    _ registration: Registration, in owner: String, to bindings: inout [String: [ReuseBinding]], unknown: inout Bool
  ) {
    guard let identifier = resolve(registration.identifier, in: owner) else {
      unknown = true
      return
    }
    bindings[identifier, default: []].append(ReuseBinding(identifier: identifier, source: .registration(registration)))
  }


  /// The cell class a binding produces, when the index can tell; `nil` when it cannot.
  public func cellClass(of binding: ReuseBinding) -> String? {
    switch binding.source {
    case .prototype(let cell, _):
      return workspaceClassName(forRuntimeName: cell.effectiveClassName)
    case .libraryRow:
      return nil
    case .registration(let registration):
      if case .genericHelper(let call) = registration.identifier {
        // The helper registers `T` itself, or a nib named after it whose cell the nib declares.
        let helpers = genericHelpers(for: call)
        if helpers.isEmpty {
          // Reusable's `register(cellType:)` registers the class, or a nib for `NibReusable` (whose cell is unknown).
          guard let bound = resolveType(call.boundType, from: registration.enclosingType),
            !conformances(of: bound.name).contains(where: { TypeInfo.simpleName(of: $0).hasPrefix("Nib") })
          else { return nil }
          return call.boundType
        }
        guard let helper = helpers.first, !helper.registersOpaqueNib,
          helpers.allSatisfy({ $0.nibName == helper.nibName && !$0.registersOpaqueNib })
        else { return nil }
        guard let nibName = helper.nibName else { return call.boundType }
        guard let name = resolve(nibName, boundTo: call.boundType, in: registration.enclosingType) else { return nil }
        return nibCellClass(name)
      }
      switch registration.content {
      case .cellClass(let name): return name
      case .none: return nil
      case .nib(let expression, _):
        guard let nibName = resolve(expression, in: registration.enclosingType) else { return nil }
        return nibCellClass(nibName)
      }
    }
  }

  /// The class of the one cell every copy of a nib holds; `nil` when unknown or ambiguous.
  private func nibCellClass(_ nibName: String) -> String? {
    guard let documents = nibs[nibName], !documents.isEmpty else { return nil }
    let classes = Set(documents.compactMap { document -> String? in
      let cells = document.standaloneCells
      return cells.count == 1 ? cells[0].effectiveClassName : nil
    })
    return classes.count == 1 ? classes.first.flatMap(workspaceClassName(forRuntimeName:)) : nil
  }

  /// The class an Interface Builder document means by a runtime class name: the Swift class `@objc(Name)` renames
  /// (sudoplatform's samples: `@objc(PhoneNumberDetailsSegmentCell) class SegmentCell`), else the name itself; `nil`
  /// when the workspace also declares another class of that name (which one the app has is unknown).
  func workspaceClassName(forRuntimeName name: String) -> String? {
    guard let renamed = swiftTypesByObjCName[name] else { return name }
    if let same = resolveType(name), same.name != renamed.name { return nil }
    return renamed.name
  }
}
