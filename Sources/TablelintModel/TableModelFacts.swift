/// Tables declared in Swift code, as one file shows them: data-source methods and what they return, enums (for
/// `allCases.count`), enum layouts, and tables built with a library or plain arrays (`TableModelCollector`).
/// The index joins them with storyboards into `TableModel`.
public struct SwiftTableFacts: Hashable, Codable, Sendable {
  /// `numberOfSections(in:)`, `tableView(_:numberOfRowsInSection:)`, the title methods and the methods that handle
  /// a section (`switch section` / `switch indexPath.section`).
  public var methods: [TableMethodFacts] = []
  /// Every enum of the file with its cases, for `X.allCases.count`.
  public var enums: [EnumCaseList] = []
  /// Enums with a `static var layout: [[Self]]`.
  public var layouts: [LayoutEnumFacts] = []
  /// Tables spelled out as values: venmo/Static, Flow, selector rows, generic `DataSource(sections:)`.
  public var declaredTables: [DeclaredTable] = []

  public init() {}

  public var isEmpty: Bool { methods.isEmpty && enums.isEmpty && layouts.isEmpty && declaredTables.isEmpty }
}

// MARK: - Data-source methods

/// The data-source and delegate methods the table model reads.
public enum TableMethodKind: String, Hashable, Codable, Sendable {
  /// `numberOfSections(in:)`
  case numberOfSections
  /// `tableView(_:numberOfRowsInSection:)`
  case numberOfRows
  /// `tableView(_:titleForHeaderInSection:)`
  case titleForHeader
  /// `tableView(_:titleForFooterInSection:)`
  case titleForFooter
  /// Any other `tableView(_:…InSection:)` / `tableView(_:…At:)` method (view, height, selection …): only its
  /// `switch` over the section is read.
  case sectionHandler
}

/// Which sections a returned value is for.
public enum SectionSet: Hashable, Codable, Sendable {
  /// Every section not taken by an earlier return.
  case all
  /// These sections only (`case 0, 2:`, `if section == 1`).
  case only([Int])
  /// Every section but these (`default:` after `case 0:`, the code after `if section == 0 { return … }`).
  case allExcept([Int])

  public func contains(_ section: Int) -> Bool {
    switch self {
    case .all: return true
    case .only(let list): return list.contains(section)
    case .allExcept(let list): return !list.contains(section)
    }
  }

  /// The sections in both sets.
  public func intersection(_ other: SectionSet) -> SectionSet {
    switch (self, other) {
    case (.all, let set), (let set, .all): return set
    case (.only(let a), .only(let b)): return .only(a.filter(b.contains))
    case (.only(let a), .allExcept(let b)), (.allExcept(let b), .only(let a)): return .only(a.filter { !b.contains($0) })
    case (.allExcept(let a), .allExcept(let b)): return .allExcept(Array(Set(a + b)).sorted())
    }
  }

  /// These sections without those of `removed`.
  public func subtracting(_ removed: SectionSet) -> SectionSet {
    switch removed {
    case .all: return .only([])
    case .only(let values): return intersection(.allExcept(values))
    case .allExcept(let values): return intersection(.only(values))
    }
  }

  /// `all`, `0, 2`, `all but 0`.
  public var summary: String {
    switch self {
    case .all: return "all"
    case .only(let list): return list.map(String.init).joined(separator: ", ")
    case .allExcept(let list): return "all but " + list.map(String.init).joined(separator: ", ")
    }
  }
}

/// What a data-source method returns on one path, as far as the syntax shows.
public enum TableReturnValue: Hashable, Codable, Sendable {
  /// An integer literal.
  case integer(Int)
  /// A string literal (titles).
  case string(String)
  /// `nil` (titles).
  case none
  /// `super.tableView(tableView, numberOfRowsInSection: section)`, `super.numberOfSections(in:)`: the inherited
  /// count, which for a static table is the storyboard's.
  case superCall
  /// `X.allCases.count`
  case allCasesCount(enumType: String)
  /// `X.layout.count`
  case layoutSectionCount(enumType: String)
  /// `X.layout[section].count`
  case layoutRowCount(enumType: String)
  /// Anything else: computed at run time.
  case unknown

  public var integer: Int? {
    if case .integer(let value) = self { return value }
    return nil
  }
}

/// Sections named by the cases of an enum, as written (`switch Section(rawValue: section)! { case .about: … }`):
/// the index maps the cases to section numbers when it knows the enum.
public struct EnumSectionSet: Hashable, Codable, Sendable {
  /// How the enum stands for the section number.
  public enum Mapping: String, Hashable, Codable, Sendable {
    /// `Section(rawValue: section)`, `Section.x.rawValue`: the case's `Int` raw value.
    case rawValue
    /// `Section.allCases[section]`: the case's position.
    case caseOrder
  }

  /// The enum as written (`Section`, `Self.Section`).
  public var enumType: String
  public var mapping: Mapping
  public var cases: [String]
  /// Every section but those of `cases` (a `default:` after enum cases).
  public var isExcluding: Bool

  public init(enumType: String, mapping: Mapping, cases: [String], isExcluding: Bool) {
    self.enumType = enumType
    self.mapping = mapping
    self.cases = cases
    self.isExcluding = isExcluding
  }
}

/// One `return` of a data-source method.
public struct TableMethodReturn: Hashable, Codable, Sendable {
  public var sections: SectionSet
  /// The return is reached only for these enum cases too (within `sections`); the index resolves them.
  public var enumSections: EnumSectionSet?
  public var value: TableReturnValue
  /// The return sits under a condition that is not a test of the section (`if isEditing { return 3 }`).
  public var isConditional: Bool
  /// The returned expression.
  public var location: SourceLocation

  public init(
    sections: SectionSet, enumSections: EnumSectionSet? = nil, value: TableReturnValue, isConditional: Bool,
    location: SourceLocation
  ) {
    self.sections = sections
    self.enumSections = enumSections
    self.value = value
    self.isConditional = isConditional
    self.location = location
  }
}

/// An integer `case` of a `switch` over the section (`switch section`, `switch indexPath.section`).
public struct SectionCaseLabel: Hashable, Codable, Sendable {
  public var section: Int
  public var location: SourceLocation

  public init(section: Int, location: SourceLocation) {
    self.section = section
    self.location = location
  }
}

/// A data-source or delegate method of a type.
public struct TableMethodFacts: Hashable, Codable, Sendable {
  public var kind: TableMethodKind
  /// The Swift name, `tableView(_:numberOfRowsInSection:)`.
  public var name: String
  /// The type (extensions resolved to the extended type) that implements the method.
  public var enclosingType: String?
  /// Every return, in source order; empty when the body could not be read.
  public var returns: [TableMethodReturn]
  /// Some return could not be placed (inside a loop, `do`, a nested closure …): the returns are incomplete.
  public var hasUnreadReturns: Bool
  /// Integer cases of `switch` statements over the section.
  public var sectionCases: [SectionCaseLabel]
  /// A condition tests the table view (`if tableView == searchTable`): the method serves several tables.
  public var dependsOnTableView: Bool
  /// The method's name.
  public var location: SourceLocation

  public init(
    kind: TableMethodKind, name: String, enclosingType: String?, returns: [TableMethodReturn],
    hasUnreadReturns: Bool, sectionCases: [SectionCaseLabel], dependsOnTableView: Bool, location: SourceLocation
  ) {
    self.kind = kind
    self.name = name
    self.enclosingType = enclosingType
    self.returns = returns
    self.hasUnreadReturns = hasUnreadReturns
    self.sectionCases = sectionCases
    self.dependsOnTableView = dependsOnTableView
    self.location = location
  }
}

// MARK: - Enums and layouts

/// An enum's cases, for `allCases.count` and layouts.
public struct EnumCaseList: Hashable, Codable, Sendable {
  /// Qualified name (`Outer.Inner`).
  public var name: String
  public var cases: [String]
  /// Where each case's name is written, in the order of `cases`.
  public var caseLocations: [SourceLocation]
  /// Some case carries associated values, sits under `#if`, or the enum declares its own `allCases`: the synthesized
  /// `allCases` is not the case list.
  public var casesAreUncertain: Bool
  /// The `Int` raw value of each case (implicit ones count on from the previous), in the order of `cases`; `nil`
  /// when the raw type is not written as `Int` or a raw value is not an integer literal.
  public var integerRawValues: [Int]?
  public var location: SourceLocation

  public init(
    name: String, cases: [String], caseLocations: [SourceLocation], casesAreUncertain: Bool,
    integerRawValues: [Int]? = nil, location: SourceLocation
  ) {
    self.name = name
    self.cases = cases
    self.caseLocations = caseLocations
    self.casesAreUncertain = casesAreUncertain
    self.integerRawValues = integerRawValues
    self.location = location
  }
}

/// A case written in a layout (`.autoplay` inside `static var layout: [[Self]]`).
public struct LayoutEntry: Hashable, Codable, Sendable {
  public var caseName: String
  public var location: SourceLocation

  public init(caseName: String, location: SourceLocation) {
    self.caseName = caseName
    self.location = location
  }
}

/// A key of a `sectionHeaders` / `sectionFooters` dictionary literal.
public struct SectionTitleEntry: Hashable, Codable, Sendable {
  public var section: Int
  /// The title when it is a string literal.
  public var title: String?
  /// The key.
  public var location: SourceLocation

  public init(section: Int, title: String?, location: SourceLocation) {
    self.section = section
    self.title = title
    self.location = location
  }
}

/// `enum X: TableViewDescriptor { case …; static var layout: [[X]]; static var sectionHeaders: [Int: String]? }`.
public struct LayoutEnumFacts: Hashable, Codable, Sendable {
  public var enumName: String
  /// The layout's sections of cases; `nil` when it is not a literal of case names (computed, conditional).
  public var layout: [[LayoutEntry]]?
  /// Where `layout` is declared.
  public var layoutLocation: SourceLocation
  /// Literal dictionary entries; `nil` when there is no such member or it is not a dictionary literal.
  public var headers: [SectionTitleEntry]?
  public var footers: [SectionTitleEntry]?
  /// Row titles from a `var title: String { switch self { case .x: return "…" } }`, by case name.
  public var rowTitles: [String: String]

  public init(
    enumName: String, layout: [[LayoutEntry]]?, layoutLocation: SourceLocation, headers: [SectionTitleEntry]?,
    footers: [SectionTitleEntry]?, rowTitles: [String: String]
  ) {
    self.enumName = enumName
    self.layout = layout
    self.layoutLocation = layoutLocation
    self.headers = headers
    self.footers = footers
    self.rowTitles = rowTitles
  }
}

// MARK: - Tables spelled out as values

/// How a table is declared.
public enum TableSource: String, Hashable, Codable, Sendable, CaseIterable {
  /// A storyboard table with `dataMode="static"`.
  case storyboardStatic = "storyboard-static"
  /// A `UITableViewDataSource` implementation (counts and titles from its methods).
  case dataSource = "data-source"
  /// venmo/Static: `Section(header:rows:footer:)` with `Row(…)`.
  case staticLibrary = "static-library"
  /// Flow: `TableManager.add(section: Section(…))` with `Row<Cell>(model:)`.
  case flow
  /// An enum whose `static var layout: [[Self]]` places its cases in sections.
  case enumLayout = "enum-layout"
  /// An array of `(title:, rows:)` whose rows carry `action:` / `populate:` selectors.
  case selectorRows = "selector-rows"
  /// Generic plumbing: `DataSource(sections: [Section(items: […])])`.
  case genericDataSource = "generic-data-source"
  /// A storyboard table of prototype cells, whose rows come from a data source (drawn by the preview; not in
  /// `tablelint model`'s output).
  case storyboardPrototypes = "storyboard-prototypes"
}

/// What a row is.
public enum TableRowKind: String, Hashable, Codable, Sendable {
  /// A storyboard static cell.
  case staticCell = "static-cell"
  /// A library row (`Row(…)`, `Row<Cell>(model:)`).
  case libraryRow = "library-row"
  /// A case of a layout enum.
  case layoutCase = "layout-case"
  /// A row struct or call carrying selectors.
  case selectorRow = "selector-row"
  /// An element of a generic section's `items`.
  case item
  /// A storyboard prototype cell: a sample of the rows a data source dequeues with its identifier.
  case prototype
}

/// A row of a table, with what is known of it.
public struct TableRow: Hashable, Codable, Sendable {
  public var kind: TableRowKind
  /// The cell class: a static cell's custom class, `Row(cellClass:)`, `Row<Cell>`.
  public var cellClass: String?
  /// `default`, `value1`, `value2`, `subtitle` (storyboard styles), or `custom`.
  public var style: String?
  public var text: String?
  public var detailText: String?
  /// `disclosureIndicator`, `checkmark`, `switchToggle` …
  public var accessory: String?
  public var reuseIdentifier: String?
  /// Layout rows: the enum case.
  public var caseName: String?
  /// Selector rows: the selectors as the Objective-C runtime names them (`clearCache`, `populateSize:`).
  public var action: String?
  public var populate: String?
  /// venmo/Static rows with a `selection:` closure.
  public var hasSelection: Bool?
  public var location: SourceLocation

  public init(
    kind: TableRowKind, cellClass: String? = nil, style: String? = nil, text: String? = nil,
    detailText: String? = nil, accessory: String? = nil, reuseIdentifier: String? = nil, caseName: String? = nil,
    action: String? = nil, populate: String? = nil, hasSelection: Bool? = nil, location: SourceLocation
  ) {
    self.kind = kind
    self.cellClass = cellClass
    self.style = style
    self.text = text
    self.detailText = detailText
    self.accessory = accessory
    self.reuseIdentifier = reuseIdentifier
    self.caseName = caseName
    self.action = action
    self.populate = populate
    self.hasSelection = hasSelection
    self.location = location
  }
}

/// A section of a table.
public struct TableSection: Hashable, Codable, Sendable {
  public var header: String?
  public var footer: String?
  /// The rows, when they are written out; `nil` when they are computed (`rows: items.map { … }`).
  public var rows: [TableRow]?
  /// The number of rows when known (the rows written out, or a constant count from a data source).
  public var rowCount: Int?
  public var location: SourceLocation?

  public init(
    header: String? = nil, footer: String? = nil, rows: [TableRow]?, rowCount: Int? = nil,
    location: SourceLocation?
  ) {
    self.header = header
    self.footer = footer
    self.rows = rows
    self.rowCount = rowCount ?? rows?.count
    self.location = location
  }
}

/// A table spelled out in code: a library's sections, selector rows, generic sections.
public struct DeclaredTable: Hashable, Codable, Sendable {
  public var source: TableSource
  public var enclosingType: String?
  /// The property or variable the sections are stored in (`sections`), when there is one.
  public var variable: String?
  public var sections: [TableSection]
  /// More sections are added in ways the syntax does not show (`add(rows:in:)`, appends).
  public var hasUnreadSections: Bool
  public var location: SourceLocation

  public init(
    source: TableSource, enclosingType: String?, variable: String?, sections: [TableSection],
    hasUnreadSections: Bool, location: SourceLocation
  ) {
    self.source = source
    self.enclosingType = enclosingType
    self.variable = variable
    self.sections = sections
    self.hasUnreadSections = hasUnreadSections
    self.location = location
  }
}
