import TablelintModel

/// The table-model facts of every Swift file (and the data-source methods of Objective-C files), joined with the index: data-source methods by type (inherited
/// through workspace superclasses), enums, layouts, static tables with their controller class.
///
/// Built on demand (`ProjectIndex.tableFacts`); the rules and `tableModel` use it. Pure.
public struct TableFactsIndex: Sendable {
  public let project: ProjectIndex
  /// Data-source methods by the qualified name of the implementing type.
  public let methodsByType: [String: [TableMethodFacts]]
  /// Enums by qualified name.
  public let enums: [String: EnumCaseList]
  /// Layout enums by qualified name.
  public let layouts: [String: LayoutEnumFacts]
  public let declaredTables: [DeclaredTable]
  /// Every storyboard or xib table with `dataMode="static"`.
  public let staticTables: [StaticTableRef]

  init(_ project: ProjectIndex) {
    self.project = project
    var methods: [String: [TableMethodFacts]] = [:]
    var enums: [String: EnumCaseList] = [:]
    var layouts: [String: LayoutEnumFacts] = [:]
    var declared: [DeclaredTable] = []
    func canonical(_ name: String) -> String { project.resolveType(name)?.name ?? name }
    for file in project.files {
      if let objectiveC = file.objectiveC {
        for method in objectiveC.tableMethods {
          guard let owner = method.enclosingType else { continue }
          var normalized = method
          normalized.enclosingType = canonical(owner)
          methods[canonical(owner), default: []].append(normalized)
        }
      }
      guard let facts = file.swift?.tableModel else { continue }
      for list in facts.enums where enums[list.name] == nil { enums[list.name] = list }
      for layout in facts.layouts where layouts[layout.enumName] == nil { layouts[layout.enumName] = layout }
      declared += facts.declaredTables
    }
    // A custom `allCases`, in the enum or in an extension of it anywhere (members are merged across files), decides
    // the cases' order and count at run time.
    for (name, list) in enums where !list.casesAreUncertain {
      if project.resolveType(name).map({ !$0.members(named: "allCases").isEmpty }) == true {
        enums[name]?.casesAreUncertain = true
      }
    }
    for file in project.files {
      guard let facts = file.swift?.tableModel else { continue }
      for method in facts.methods {
        guard let owner = method.enclosingType else { continue }
        var normalized = method
        normalized.enclosingType = canonical(owner)
        // Sections written as enum cases become numbers; a return whose cases cannot be mapped is not placed.
        normalized.returns = method.returns.compactMap { item in
          guard let enumSections = item.enumSections else { return item }
          guard let numbers = Self.sectionNumbers(enumSections, from: owner, project: project, enums: enums) else {
            return nil
          }
          var resolved = item
          resolved.sections = item.sections.intersection(
            enumSections.isExcluding ? .allExcept(numbers) : .only(numbers)
          )
          return resolved
        }
        if normalized.returns.count != method.returns.count { normalized.hasUnreadReturns = true }
        methods[canonical(owner), default: []].append(normalized)
      }
    }
    self.methodsByType = methods
    self.enums = enums
    self.layouts = layouts
    self.declaredTables = declared
    self.staticTables = project.tables.filter { $0.table.dataMode == .static }.map(StaticTableRef.init)
  }

  /// The section numbers of enum cases: their `Int` raw values or their positions, when the enum is in the workspace
  /// and its cases are certain (no associated values, no `#if`, no custom `allCases`).
  static func sectionNumbers(
    _ set: EnumSectionSet, from context: String, project: ProjectIndex, enums: [String: EnumCaseList]
  ) -> [Int]? {
    let written = set.enumType.hasPrefix("Self.") ? String(set.enumType.dropFirst(5)) : set.enumType
    guard let info = project.resolveType(written, from: context), info.kind == .enum, let list = enums[info.name],
      !list.casesAreUncertain
    else { return nil }
    let numbers: [Int]
    switch set.mapping {
    case .rawValue:
      guard let rawValues = list.integerRawValues, rawValues.count == list.cases.count else { return nil }
      numbers = rawValues
    case .caseOrder:
      numbers = Array(list.cases.indices)
    }
    var result: [Int] = []
    for name in set.cases {
      guard let index = list.cases.firstIndex(of: name) else { return nil }
      result.append(numbers[index])
    }
    return result
  }

  // MARK: Methods

  /// The method of this kind that serves `type`: its own, or the nearest workspace superclass's. `nil` when no class
  /// of the chain implements it.
  public func method(_ kind: TableMethodKind, for type: String) -> TableMethodFacts? {
    for info in project.superclassChain(of: type).classes {
      if let found = methodsByType[info.name]?.first(where: { $0.kind == kind }) { return found }
    }
    return nil
  }

  /// The method called `name` (`tableView(_:cellForRowAt:)`) that `type` implements or inherits from a workspace
  /// superclass.
  public func method(named name: String, for type: String) -> TableMethodFacts? {
    for info in project.superclassChain(of: type).classes {
      if let found = methodsByType[info.name]?.first(where: { $0.name == name }) { return found }
    }
    return nil
  }

  /// Whether the inherited count of a class that does not implement a count method is the storyboard's: its chain
  /// leaves the workspace at `UITableViewController`.
  public func inheritsStoryboardCounts(_ type: String) -> Bool {
    let chain = project.superclassChain(of: type)
    guard !chain.classes.isEmpty, let external = chain.externalSuperclass else { return false }
    return TypeInfo.simpleName(of: external) == "UITableViewController"
  }

  /// Whether a workspace subclass of `type` implements a method of this kind itself.
  public func isOverriddenBelow(_ type: String, kind: TableMethodKind) -> Bool {
    project.descendants(of: type).contains { info in methodsByType[info.name]?.contains { $0.kind == kind } == true }
  }

  // MARK: Values

  /// The integer a returned value stands for, seen from `context`; `nil` when computed. `section` is needed for
  /// `X.layout[section].count`.
  public func integer(_ value: TableReturnValue, context: String?, section: Int? = nil) -> Int? {
    switch value {
    case .integer(let number):
      return number
    case .allCasesCount(let enumType):
      guard let list = enumCases(enumType, from: context), !list.casesAreUncertain else { return nil }
      return list.cases.count
    case .layoutSectionCount(let enumType):
      return layout(enumType, from: context)?.layout?.count
    case .layoutRowCount(let enumType):
      guard let section, let sections = layout(enumType, from: context)?.layout, section < sections.count else {
        return nil
      }
      return sections[section].count
    case .string, .none, .superCall, .unknown:
      return nil
    }
  }

  public func enumCases(_ written: String, from context: String?) -> EnumCaseList? {
    guard let info = project.resolveType(written, from: context), info.kind == .enum else { return nil }
    return enums[info.name]
  }

  public func layout(_ written: String, from context: String?) -> LayoutEnumFacts? {
    guard let info = project.resolveType(written, from: context), info.kind == .enum else { return nil }
    return layouts[info.name]
  }

  /// How `returns` read for people: `3`, `super`, `Row.allCases.count (4)`, `computed`.
  public func describe(_ value: TableReturnValue, context: String?) -> String {
    switch value {
    case .integer(let number): return String(number)
    case .string(let text): return "\"\(text)\""
    case .none: return "nil"
    case .superCall: return "super"
    case .allCasesCount(let enumType):
      return "\(enumType).allCases.count" + (integer(value, context: context).map { " (\($0))" } ?? "")
    case .layoutSectionCount(let enumType):
      return "\(enumType).layout.count" + (integer(value, context: context).map { " (\($0))" } ?? "")
    case .layoutRowCount(let enumType): return "\(enumType).layout[section].count"
    case .unknown: return "computed"
    }
  }

  // MARK: Section counts

  /// The number of sections a type's table has, when it is a constant: every return of its `numberOfSections(in:)`
  /// (own or inherited) resolves to an integer and the method serves one table; the largest is returned. Without a
  /// `numberOfSections(in:)`, a `UITableViewController` subclass over static tables has the storyboard's count.
  public func constantSectionCount(of type: String) -> Int? {
    if let method = method(.numberOfSections, for: type) {
      guard !method.dependsOnTableView, !method.hasUnreadReturns, !method.returns.isEmpty else { return nil }
      if method.returns.allSatisfy({ $0.value == .superCall }) { return storyboardSectionCount(of: type) }
      let values = method.returns.map { integer($0.value, context: method.enclosingType) }
      guard values.allSatisfy({ $0 != nil }) else { return nil }
      return values.compactMap { $0 }.max()
    }
    return storyboardSectionCount(of: type)
  }

  /// The sections of the static tables whose scene's controller is `type` (the largest when there are several).
  private func storyboardSectionCount(of type: String) -> Int? {
    guard inheritsStoryboardCounts(type) else { return nil }
    let simple = TypeInfo.simpleName(of: type)
    let counts = staticTables.filter { $0.controllerClass == simple }.map(\.table.table.sections.count)
    return counts.max()
  }
}

/// A static table with the controller that owns it.
public struct StaticTableRef: Sendable {
  public let table: IBTableRef
  /// The element of the scene's controller (`tableViewController`, `viewController` …), `nil` when the table is not
  /// inside a controller.
  public let controllerElement: String?
  /// The custom class of the scene's controller (simple name), `nil` for a plain `UITableViewController`.
  public let controllerClass: String?
  /// The table's `dataSource` outlet points somewhere else than its controller.
  public let hasOtherDataSource: Bool

  init(_ table: IBTableRef) {
    self.table = table
    let controller = table.table.containingControllerID.flatMap { table.document.object(withID: $0) }
    self.controllerElement = controller?.element
    self.controllerClass = controller?.classReference.customClass.map { TypeInfo.simpleName(of: $0) }
    let dataSources = table.document.connections.filter {
      $0.kind == .outlet && $0.sourceID == table.table.id && $0.property == "dataSource"
    }
    self.hasOtherDataSource = dataSources.contains { $0.destinationID != table.table.containingControllerID }
  }

  /// The static cells of a section, in order.
  public func cells(in section: IBTableSection) -> [IBCell] {
    section.cellIDs.compactMap { id in table.document.cells.first { $0.id == id } }
  }

  /// `Main.storyboard`: the file name, for messages.
  public var fileName: String { table.path.split(separator: "/").last.map(String.init) ?? table.path }
}

extension ProjectIndex {
  /// The table-model facts joined with the index, computed once per index and shared by the rules.
  public var tableFacts: TableFactsIndex { derived.value("tableFacts") { TableFactsIndex(self.detachedFromMemo()) } }
}
