import TablelintModel

/// Every table the project declares, as sections of rows: what `tablelint model` prints and what the language
/// server's hover and outline use.
///
/// JSON schema, version 1 (`tablelint model --format json`). Keys are sorted; optional fields are omitted when
/// unknown; fields are never removed or retyped within a version (new ones may be added: ignore unknown keys).
///
/// ```
/// {
///   "tables" : [                                  // ordered by file, line, column
///     {
///       "source" : "storyboard-static",           // storyboard-static | data-source | static-library | flow |
///                                                 // enum-layout | selector-rows | generic-data-source
///       "name" : "SettingsViewController",        // what the table is called: owner, enum or variable
///       "owner" : "SettingsViewController",       // the type whose code serves the table, when known
///       "style" : "insetGrouped",                 // storyboard tables: plain | grouped | insetGrouped
///       "location" : { "file" : "…", "range" : { "start" : { "line" : 97, "column" : 21, "offset" : 5123 },
///                                                 "end" : { … } } },   // columns are 1-based UTF-8 bytes
///       "sectionCount" : 3,                       // when known (declared, or a constant count)
///       "complete" : true,                        // `sections` lists every section with its rows
///       "sections" : [
///         { "header" : "Account", "footer" : "…", "rowCount" : 1, "location" : { … },
///           "rows" : [                            // omitted when computed
///             { "kind" : "static-cell",           // static-cell | library-row | layout-case | selector-row | item
///               "cellClass" : "SwitchCell", "style" : "value1", "text" : "Name", "detailText" : "Jane",
///               "accessory" : "disclosureIndicator", "reuseIdentifier" : "…", "caseName" : "autoplay",
///               "action" : "clearCache", "populate" : "populateSize(_:)",   // #selector arguments as written
///               "hasSelection" : true, "location" : { … } } ] } ],
///       "dataSource" : {                          // the data-source methods that shape the table, when any
///         "type" : "SettingsViewController",      // the class that implements them (maybe a superclass)
///         "numberOfSections" : [ <return> ],      // omitted when not implemented
///         "numberOfRows" : [ <return> ],
///         "titleForHeader" : [ <return> ], "titleForFooter" : [ <return> ]
///       }
///     }
///   ],
///   "version" : 1
/// }
/// <return> = { "sections" : "all" | "0, 2" | "all but 0", "value" : "3" | "super" | "computed" | …,
///              "count" : 3 (when a constant), "conditional" : true (when under a condition other than the section),
///              "location" : { … } }
/// ```
public struct TableModel: Hashable, Codable, Sendable {
  public static let schemaVersion = 1

  public var version: Int
  public var tables: [ModelTable]

  public init(tables: [ModelTable]) {
    self.version = Self.schemaVersion
    self.tables = tables
  }

  /// The same model with every location's file rewritten (reporters show paths relative to the working directory).
  public func mappingFiles(_ transform: (String) -> String) -> TableModel {
    func map(_ location: SourceLocation) -> SourceLocation {
      var copy = location
      copy.file = transform(location.file)
      return copy
    }
    var copy = self
    for tableIndex in copy.tables.indices {
      copy.tables[tableIndex].location = map(copy.tables[tableIndex].location)
      for sectionIndex in copy.tables[tableIndex].sections.indices {
        var section = copy.tables[tableIndex].sections[sectionIndex]
        section.location = section.location.map(map)
        section.rows = section.rows?.map { row in
          var row = row
          row.location = map(row.location)
          return row
        }
        copy.tables[tableIndex].sections[sectionIndex] = section
      }
      if var dataSource = copy.tables[tableIndex].dataSource {
        func mapReturns(_ list: [ModelReturn]?) -> [ModelReturn]? {
          list?.map { item in
            var item = item
            item.location = map(item.location)
            return item
          }
        }
        dataSource.numberOfSections = mapReturns(dataSource.numberOfSections)
        dataSource.numberOfRows = mapReturns(dataSource.numberOfRows)
        dataSource.titleForHeader = mapReturns(dataSource.titleForHeader)
        dataSource.titleForFooter = mapReturns(dataSource.titleForFooter)
        copy.tables[tableIndex].dataSource = dataSource
      }
    }
    return copy
  }
}

public struct ModelTable: Hashable, Codable, Sendable {
  public var source: TableSource
  public var name: String
  public var owner: String?
  public var style: String?
  public var location: SourceLocation
  public var sectionCount: Int?
  public var complete: Bool
  public var sections: [TableSection]
  public var dataSource: ModelDataSource?

  public init(
    source: TableSource, name: String, owner: String?, style: String?, location: SourceLocation, sectionCount: Int?,
    complete: Bool, sections: [TableSection], dataSource: ModelDataSource?
  ) {
    self.source = source
    self.name = name
    self.owner = owner
    self.style = style
    self.location = location
    self.sectionCount = sectionCount
    self.complete = complete
    self.sections = sections
    self.dataSource = dataSource
  }
}

/// The counts and titles a data source returns.
public struct ModelDataSource: Hashable, Codable, Sendable {
  public var type: String
  public var numberOfSections: [ModelReturn]?
  public var numberOfRows: [ModelReturn]?
  public var titleForHeader: [ModelReturn]?
  public var titleForFooter: [ModelReturn]?

  public var isEmpty: Bool {
    numberOfSections == nil && numberOfRows == nil && titleForHeader == nil && titleForFooter == nil
  }
}

public struct ModelReturn: Hashable, Codable, Sendable {
  public var sections: String
  public var value: String
  public var count: Int?
  public var conditional: Bool?
  public var location: SourceLocation
}

extension ProjectIndex {
  /// Every table of the project (see `TableModel` for the JSON schema).
  public var tableModel: TableModel { derived.value("tableModel") { TableModelBuilder(tableFacts).build() } }
}

/// Builds `TableModel` from the joined facts.
struct TableModelBuilder {
  let facts: TableFactsIndex

  init(_ facts: TableFactsIndex) { self.facts = facts }

  func build() -> TableModel {
    var tables: [ModelTable] = []
    var servedTypes: Set<String> = []
    for ref in facts.staticTables {
      let table = staticTable(ref)
      tables.append(table)
      // The controller and the superclass implementing its data source are shown with the static table.
      if let owner = ref.controllerClass, let type = facts.project.resolveType(owner) { servedTypes.insert(type.name) }
      if let implementer = table.dataSource?.type { servedTypes.insert(implementer) }
    }
    // Layout enums, with the types whose row counts read them.
    var layoutServers: [String: String] = [:]
    for (type, methods) in facts.methodsByType {
      for method in methods where method.kind == .numberOfRows {
        for item in method.returns {
          if case .layoutRowCount(let enumType) = item.value,
            let layout = facts.layout(enumType, from: type), layoutServers[layout.enumName] == nil
          {
            layoutServers[layout.enumName] = type
          }
        }
      }
    }
    for layout in facts.layouts.values {
      tables.append(layoutTable(layout, server: layoutServers[layout.enumName]))
      if let server = layoutServers[layout.enumName] { servedTypes.insert(server) }
    }
    for declared in facts.declaredTables {
      tables.append(declaredTable(declared))
    }
    // Other data sources: every type implementing `tableView(_:numberOfRowsInSection:)`.
    for (type, methods) in facts.methodsByType where !servedTypes.contains(type) {
      guard let rows = methods.first(where: { $0.kind == .numberOfRows }) else { continue }
      tables.append(dataSourceTable(type: type, location: rows.location))
    }
    tables.sort { ($0.location, $0.name) < ($1.location, $1.name) }
    return TableModel(tables: tables)
  }

  // MARK: Storyboards

  private func staticTable(_ ref: StaticTableRef) -> ModelTable {
    let sections = ref.table.table.sections.map { section in
      TableSection(
        header: section.headerTitle, footer: section.footerTitle,
        rows: ref.cells(in: section).map { cell in
          TableRow(
            kind: .staticCell, cellClass: cell.classReference.customClass, style: Self.cellStyle(cell.style),
            text: cell.text, detailText: cell.detailText, accessory: cell.accessoryType,
            reuseIdentifier: cell.reuseIdentifier, location: cell.location
          )
        },
        location: section.location
      )
    }
    let owner = ref.controllerClass ?? ref.controllerElement.flatMap { IBElementClasses.uikitClass(forElement: $0) }
    var table = ModelTable(
      source: .storyboardStatic, name: owner ?? "static table", owner: owner, style: ref.table.table.style,
      location: ref.table.table.location, sectionCount: sections.count, complete: true, sections: sections,
      dataSource: nil
    )
    if let owner = ref.controllerClass, !ref.hasOtherDataSource, let type = facts.project.resolveType(owner) {
      table.dataSource = dataSource(for: type.name)
    }
    return table
  }

  static func cellStyle(_ ibStyle: String?) -> String? {
    guard let ibStyle else { return "custom" }
    let prefix = "IBUITableViewCellStyle"
    guard ibStyle.hasPrefix(prefix) else { return ibStyle }
    let name = ibStyle.dropFirst(prefix.count)
    return name.prefix(1).lowercased() + name.dropFirst()
  }

  // MARK: Data sources

  private func dataSource(for type: String) -> ModelDataSource? {
    func returns(_ kind: TableMethodKind) -> [ModelReturn]? {
      guard let method = facts.method(kind, for: type) else { return nil }
      return method.returns.map { item in
        ModelReturn(
          sections: item.sections.summary, value: facts.describe(item.value, context: method.enclosingType),
          count: facts.integer(item.value, context: method.enclosingType),
          conditional: item.isConditional ? true : nil, location: item.location
        )
      }
    }
    let implementer = [TableMethodKind.numberOfSections, .numberOfRows, .titleForHeader, .titleForFooter]
      .lazy.compactMap { facts.method($0, for: type)?.enclosingType }.first ?? type
    let result = ModelDataSource(
      type: implementer, numberOfSections: returns(.numberOfSections), numberOfRows: returns(.numberOfRows),
      titleForHeader: returns(.titleForHeader), titleForFooter: returns(.titleForFooter)
    )
    return result.isEmpty ? nil : result
  }

  private func dataSourceTable(type: String, location: SourceLocation) -> ModelTable {
    let dataSource = dataSource(for: type)
    let sectionCount: Int?
    if facts.method(.numberOfSections, for: type) == nil {
      sectionCount = 1  // UIKit's default
    } else {
      sectionCount = facts.constantSectionCount(of: type)
    }
    var sections: [TableSection] = []
    var complete = false
    if let sectionCount, sectionCount <= 64 {
      let rows = facts.method(.numberOfRows, for: type)
      let headers = facts.method(.titleForHeader, for: type)
      let footers = facts.method(.titleForFooter, for: type)
      complete = true
      for section in 0..<sectionCount {
        let count = rows.flatMap { value(of: $0, section: section) }.flatMap { facts.integer($0, context: type, section: section) }
        if count == nil { complete = false }
        sections.append(
          TableSection(
            header: headers.flatMap { title(of: $0, section: section) },
            footer: footers.flatMap { title(of: $0, section: section) },
            rows: nil, rowCount: count, location: nil
          )
        )
      }
      complete = false  // rows of a data source are never spelled out
    }
    return ModelTable(
      source: .dataSource, name: type, owner: type, style: nil, location: location, sectionCount: sectionCount,
      complete: complete, sections: sections, dataSource: dataSource
    )
  }

  /// The value a method returns for one section, when a single unconditional return decides it.
  private func value(of method: TableMethodFacts, section: Int) -> TableReturnValue? {
    guard !method.dependsOnTableView, !method.hasUnreadReturns else { return nil }
    let candidates = method.returns.filter { $0.sections.contains(section) }
    guard let first = candidates.first, !first.isConditional else { return nil }
    // Returns are in source order and later ones exclude the sections earlier ones took: the first decides.
    return first.value
  }

  private func title(of method: TableMethodFacts, section: Int) -> String? {
    if case .string(let text)? = value(of: method, section: section) { return text }
    return nil
  }

  // MARK: Layouts and declared tables

  private func layoutTable(_ layout: LayoutEnumFacts, server: String?) -> ModelTable {
    let headers = Dictionary((layout.headers ?? []).map { ($0.section, $0.title) }, uniquingKeysWith: { first, _ in first })
    let footers = Dictionary((layout.footers ?? []).map { ($0.section, $0.title) }, uniquingKeysWith: { first, _ in first })
    let sections = (layout.layout ?? []).enumerated().map { index, entries in
      TableSection(
        header: headers[index] ?? nil, footer: footers[index] ?? nil,
        rows: entries.map { entry in
          TableRow(kind: .layoutCase, text: layout.rowTitles[entry.caseName], caseName: entry.caseName, location: entry.location)
        },
        location: entries.first?.location
      )
    }
    return ModelTable(
      source: .enumLayout, name: layout.enumName, owner: server, style: nil, location: layout.layoutLocation,
      sectionCount: layout.layout?.count, complete: layout.layout != nil, sections: sections,
      dataSource: server.flatMap { dataSource(for: $0) }
    )
  }

  private func declaredTable(_ declared: DeclaredTable) -> ModelTable {
    let owner = declared.enclosingType.map { facts.project.resolveType($0)?.name ?? $0 }
    let complete = !declared.hasUnreadSections && declared.sections.allSatisfy { $0.rows != nil }
    return ModelTable(
      source: declared.source, name: [owner, declared.variable].compactMap { $0 }.joined(separator: "."),
      owner: owner, style: nil, location: declared.location,
      sectionCount: declared.hasUnreadSections ? nil : declared.sections.count, complete: complete,
      sections: declared.sections, dataSource: nil
    )
  }
}
