import Foundation
import Testing
import TablelintCore
@testable import TablelintIndex
import TablelintModel

@testable import TablelintPreview

/// The preview draws every table of the fixtures with every section header, footer and row text it declares.
@Suite struct TablePreviewTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures").path

  @Test(arguments: ["TableModels", "CleanApp", "DefectsApp", "ModernSwift", "MixedObjC"])
  func everyTableIsDrawnWithItsTexts(project: String) throws {
    let result = try Workspace(roots: [Self.fixtures + "/" + project]).lint()
    let model = result.index.tableModel
    let pages = TablePreview.pages(of: model, findings: result.findings)
    #expect(pages.count == model.tables.count + 1)
    #expect(pages.first?.fileName == "index.html")
    for (table, page) in zip(model.tables, pages.dropFirst()) {
      #expect(pages[0].html.contains("href=\"\(page.fileName)\""))
      #expect(page.html.contains("<h1>\(XMLEscaping.escape(table.name))</h1>"))
      for section in table.sections {
        for text in [section.header, section.footer].compactMap({ $0 }) {
          #expect(page.html.contains(XMLEscaping.escape(text)), "\(table.name): \(text)")
        }
        for row in section.rows ?? [] {
          if let text = row.text { #expect(page.html.contains(XMLEscaping.escape(text)), "\(table.name): \(text)") }
          if let detail = row.detailText { #expect(page.html.contains(XMLEscaping.escape(detail))) }
        }
        if section.rows == nil { #expect(page.html.contains("class=\"cell dynamic\"")) }
      }
      // Offline: no script, nothing fetched.
      #expect(!page.html.contains("<script") && !page.html.contains("http://") && !page.html.contains("https://"))
    }
    #expect(!model.tables.isEmpty || project == "MixedObjC")
  }

  /// Storyboard tables of prototype cells are drawn too: each prototype a sample row marked dynamic, with its cell
  /// class and reuse identifier.
  @Test func prototypeTablesAreDrawnAsDynamicSamples() throws {
    let result = try Workspace(roots: [Self.fixtures + "/DefectsApp"]).lint()
    let tables = TablePreview.prototypeTables(result.index)
    #expect(!tables.isEmpty)
    let pages = TablePreview.pages(of: TableModel(tables: tables), findings: result.findings)
    for (table, page) in zip(tables, pages.dropFirst()) {
      for row in table.sections.flatMap({ $0.rows ?? [] }) {
        #expect(row.kind == .prototype)
        let identifier = row.reuseIdentifier.map { "“\($0)”" } ?? "no identifier"
        #expect(page.html.contains("dynamic · \(XMLEscaping.escape(row.cellClass ?? "UITableViewCell")) · \(XMLEscaping.escape(identifier))"))
      }
    }
  }

  @Test func ghostRowsForRowsAnnouncedBeyondTheDeclaredOnes() {
    #expect(TablePreview.applies("all", to: 3))
    #expect(TablePreview.applies("0, 2", to: 2) && !TablePreview.applies("0, 2", to: 1))
    #expect(!TablePreview.applies("all but 0", to: 0) && TablePreview.applies("all but 0", to: 1))
    let location = SourceLocation(file: "/a/S.swift", range: SourceRange(at: SourcePosition(line: 3, column: 1, offset: 20)))
    let row = TableRow(kind: .staticCell, text: "Wi‑Fi & <more>", location: location)
    let table = ModelTable(
      source: .storyboardStatic, name: "Settings", owner: "SettingsViewController", style: "insetGrouped",
      location: location, sectionCount: 1, complete: true,
      sections: [TableSection(header: "Network", rows: [row], location: location)],
      dataSource: ModelDataSource(
        type: "SettingsViewController", numberOfRows: [ModelReturn(sections: "all", value: "3", count: 3, location: location)]
      )
    )
    let html = TablePreview.page(table, findings: [], displayPath: { $0 })
    // A table-level finding goes to the table declared last before it in its file, not to every table of the file.
    var second = table
    second.name = "Other"
    second.location.range = SourceRange(at: SourcePosition(line: 30, column: 1, offset: 400))
    let count = Finding(
      ruleID: "section_count_mismatch", severity: .error, message: "m",
      location: SourceLocation(file: "/a/S.swift", range: SourceRange(at: SourcePosition(line: 35, column: 1, offset: 460)))
    )
    let unrelated = Finding(ruleID: "dangling_outlet", severity: .error, message: "u", location: count.location)
    #expect(TablePreview.assign([count, unrelated], to: [table, second]) == [1: [count]])
    #expect(html.components(separatedBy: "class=\"cell ghost\"").count - 1 == 2)
    #expect(html.contains("Wi‑Fi &amp; &lt;more&gt;"))
    #expect(html.contains("class=\"table insetGrouped\""))
  }
}
