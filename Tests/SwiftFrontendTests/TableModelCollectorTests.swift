import Testing
import TablelintModel
@testable import SwiftFrontend

/// The table-model facts of small Swift inputs: what data-source methods return for which sections, enums and
/// layouts, and tables spelled out as values.
@Suite struct TableModelCollectorTests {
  func facts(_ source: String) throws -> SwiftTableFacts {
    try #require(SwiftFrontend.parse(path: "T.swift", bytes: Array(source.utf8)).swift).tableModel
  }

  /// The returns of the only method of kind `kind` in `final class C`, as `sections=value` strings.
  func returns(_ body: String, kind: TableMethodKind = .numberOfRows) throws -> [String] {
    let source = """
      final class C: UITableViewController {
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      \(body)
        }
      }
      """
    let method = try #require(try facts(source).methods.first { $0.kind == kind })
    return method.returns.map { "\($0.sections.summary)=\(Self.describe($0.value))\($0.isConditional ? "?" : "")" }
  }

  static func describe(_ value: TableReturnValue) -> String {
    switch value {
    case .integer(let number): return String(number)
    case .superCall: return "super"
    case .allCasesCount(let type): return "\(type).allCases"
    case .layoutRowCount(let type): return "\(type).layout[s]"
    case .layoutSectionCount(let type): return "\(type).layout"
    case .string(let text): return text
    case .none: return "nil"
    case .unknown: return "?"
    }
  }

  @Test func switchCasesAndDefault() throws {
    #expect(
      try returns("switch section {\ncase 0: return 3\ncase 1, 2: return 1\ndefault: return super.tableView(tableView, numberOfRowsInSection: section)\n}")
        == ["0=3", "1, 2=1", "all but 0, 1, 2=super"]
    )
  }

  @Test func ifSectionNarrowsTheRest() throws {
    #expect(try returns("if section == 0 { return 2 }\nreturn 1") == ["0=2", "all but 0=1"])
    // A condition that is not only about the section keeps the rest unchanged.
    #expect(try returns("if section == 1, !isOn { return 1 }\nreturn super.tableView(tableView, numberOfRowsInSection: section)") == ["1=1?", "all=super"])
    #expect(try returns("guard section != 2 else { return 4 }\nreturn items.count") == ["2=4", "all but 2=?"])
    #expect(try returns("if isEditing { return 5 }\nreturn 1") == ["all=5?", "all=1"])
  }

  @Test func ternariesAndCounts() throws {
    #expect(try returns("section == 0 ? 2 : Row.allCases.count") == ["0=2", "all but 0=Row.allCases"])
    #expect(try returns("isPro ? 2 : 0") == ["all=2?", "all=0?"])
    #expect(try returns("Layout.layout[section].count") == ["all=Layout.layout[s]"])
    #expect(try returns("sections[section].rows.count") == ["all=?"])
  }

  /// Returns with the enum cases they are reached for: `sections=value[cases]`, `!` for excluded cases.
  func enumReturns(_ body: String) throws -> [String] {
    let source = """
      final class C: UITableViewController {
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      \(body)
        }
      }
      """
    let method = try #require(try facts(source).methods.first { $0.kind == .numberOfRows })
    return method.returns.map { item in
      let cases = item.enumSections.map { set in
        "[\(set.isExcluding ? "!" : "")\(set.enumType).\(set.cases.joined(separator: ","))\(set.mapping == .caseOrder ? "#" : "")]"
      }
      return "\(item.sections.summary)=\(Self.describe(item.value))\(item.isConditional ? "?" : "")\(cases ?? "")"
    }
  }

  @Test func sectionsWrittenAsEnumCases() throws {
    #expect(
      try enumReturns("switch Section(rawValue: section)! {\ncase .about: return 2\ncase .legal, .credits: return 1\ndefault: return 0\n}")
        == ["all=2[Section.about]", "all=1[Section.legal,credits]", "all=0[!Section.about,legal,credits]"]
    )
    // Shadowing the parameter: `switch section` is now over the enum.
    #expect(
      try enumReturns("let section = Section(rawValue: section)!\nswitch section {\ncase .about where isPro: return 2\ncase .fonts: return 3\ndefault: return super.tableView(tableView, numberOfRowsInSection: section.rawValue)\n}")
        == ["all=2?[Section.about]", "all=3[Section.fonts]", "all=super[!Section.fonts]"]
    )
    #expect(
      try enumReturns("guard let kind = Self.Section(rawValue: indexPath.section) else { return 0 }\nswitch kind {\ncase .about: return 1\ncase Section.legal: return 4\n}".replacingOccurrences(of: "indexPath.section", with: "section"))
        == ["all=0?", "all=1[Self.Section.about]", "all=4[Self.Section.legal]"]
    )
    #expect(
      try enumReturns("if let row = Section(rawValue: section) {\nswitch row {\ncase .about: return 3\ndefault: return 1\n}\n}\nreturn 0")
        == ["all=3?[Section.about]", "all=1?[!Section.about]", "all=0"]
    )
    #expect(try enumReturns("switch Section.allCases[section] {\ncase .about: return 1\ndefault: return 2\n}") == ["all=1[Section.about#]", "all=2[!Section.about#]"])
    #expect(
      try enumReturns("switch section {\ncase Section.about.rawValue: return 1\ncase 3: return 2\ndefault: return 0\n}")
        == ["all=1[Section.about]", "3=2", "all but 3=0[!Section.about]"]
    )
  }

  @Test func sectionTestsNotUnderstoodAreNotPlaced() throws {
    // The section compared with something computed: neither branch nor the rest can be placed.
    #expect(try enumReturns("if section == Section.about.rawValue { return 4 }\nreturn 1") == [])
    #expect(try enumReturns("if section == 0 { return 2 }\nif sections[section].isHidden { return 0 }\nreturn 1") == ["0=2"])
    #expect(try enumReturns("return section == Section.about.rawValue ? 2 : 1") == [])
    // An optional enum pattern (`.about?`) is not read: its case and `default` are not placed.
    #expect(try enumReturns("switch Section(rawValue: section) {\ncase .about?: return 2\ndefault: return 0\n}") == [])
    // Not the section any more.
    #expect(try enumReturns("let section = 2\nswitch section {\ncase 0: return 5\ndefault: return 1\n}") == ["all=5?", "all=1?"])
  }

  @Test func integerRawValuesOfEnums() throws {
    let enums = try facts(
      """
      enum A: Int { case a, b = 5, c }
      enum B: Int { case a = -1, b }
      enum C: String { case a }
      enum D: Int { case a(Int) }
      enum E { case a, b }
      """
    ).enums
    #expect(enums.map(\.integerRawValues) == [[0, 5, 6], [-1, 0], nil, nil, nil])
  }

  @Test func tableViewConditionsAndLoopsAreMarked() throws {
    let source = """
      final class C: NSObject, UITableViewDataSource {
        func numberOfSections(in tableView: UITableView) -> Int {
          if tableView === other { return 2 }
          return 1
        }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
          for group in groups where group.index == section { return group.count }
          return 0
        }
        func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
          switch section {
          case 0: return 44
          case 3: return 20
          default: return 0
          }
        }
      }
      """
    let methods = try facts(source).methods
    #expect(methods.map(\.kind) == [.numberOfSections, .numberOfRows, .sectionHandler])
    #expect(methods[0].dependsOnTableView)
    #expect(methods[1].hasUnreadReturns)
    #expect(methods[2].sectionCases.map(\.section) == [0, 3])
    #expect(methods[2].sectionCases[1].location.line == 13)
  }

  @Test func enumsAndLayouts() throws {
    let source = """
      enum Row: TableViewDescriptor {
        case a, b, c
        static var layout: [[Row]] { [[.a, .b], [Row.c, .a]] }
        static var sectionHeaders: [Int: String]? { [0: "First", 2: "Third"] }
        static var sectionFooters: [Int: String]? { nil }
        var title: String {
          switch self {
          case .a: return "A"
          case .b: "B"
          case .c: return "C"
          }
        }
      }
      enum Payload { case text(String), image }
      enum Dynamic {
        case x
        static var layout: [[Dynamic]] { Flags.on ? [[.x]] : [] }
      }
      """
    let facts = try facts(source)
    #expect(facts.enums.map(\.name) == ["Row", "Payload", "Dynamic"])
    #expect(facts.enums[1].casesAreUncertain)
    let row = try #require(facts.layouts.first { $0.enumName == "Row" })
    #expect(row.layout?.map { $0.map(\.caseName) } == [["a", "b"], ["c", "a"]])
    #expect(row.headers?.map(\.section) == [0, 2])
    #expect(row.footers?.isEmpty == true)
    #expect(row.rowTitles == ["a": "A", "b": "B", "c": "C"])
    let dynamic = try #require(facts.layouts.first { $0.enumName == "Dynamic" })
    #expect(dynamic.layout == nil)
  }

  @Test func declaredTables() throws {
    let source = """
      import Static
      final class About: UIViewController {
        func sections() -> [Section] {
          [Section(header: "App", rows: [Row(text: "Version", detailText: "1.0", accessory: .disclosureIndicator)], footer: .title("Bye"))]
        }
        lazy var menu: [(title: String, rows: [SimpleRow])] = [(title: "Cache", rows: [SimpleRow(action: #selector(clear), populate: #selector(fill(_:)))])]
        func flow() {
          manager.add(section: Section(id: "a", [Row<NameCell>(model: name)], header: "Name", footer: nil))
          manager.add(rows: more, in: nil)
        }
        func generic() {
          _ = DataSource(sections: [Section(title: "All", items: ["x", "y"])])
        }
      }
      """
    let tables = try facts(source).declaredTables
    #expect(tables.map(\.source) == [.staticLibrary, .selectorRows, .flow, .genericDataSource])
    let row = try #require(tables[0].sections.first?.rows?.first)
    #expect(row.text == "Version" && row.detailText == "1.0" && row.accessory == "disclosureIndicator" && row.cellClass == "Value1Cell")
    #expect(tables[0].sections.first?.footer == "Bye")
    #expect(tables[1].variable == "menu")
    #expect(tables[1].sections.first?.rows?.first?.action == "clear")
    #expect(tables[1].sections.first?.rows?.first?.populate == "fill(_:)")
    #expect(tables[2].variable == "manager" && tables[2].hasUnreadSections)
    #expect(tables[2].sections.first?.rows?.first?.cellClass == "NameCell")
    #expect(tables[3].sections.first?.rows?.count == 2)
  }
}
