import TablelintModel
@testable import TablelintReporters
import Testing

@Suite struct MarkdownReporterTests {
  @Test func goldenReport() {
    let expected = """
      ### tablelint: 2 errors and 2 warnings in 14 files

      | rule | errors | warnings |
      |---|---:|---:|
      | `parse_error` | 1 | 0 |
      | `unregistered_reuse_identifier` | 1 | 0 |
      | `unused_prototype_cell` | 0 | 2 |

      | | location | message | rule |
      |---|---|---|---|
      | ❌ | `Sources/Feed View Controller.swift:42:9` | no cell registered under 'FeedCell' on this table; found \
      'PostCell', 'AdCell' | `unregistered_reuse_identifier` |
      | ⚠️ | `Base.lproj/Main.storyboard:131:21` | prototype 'AdCell' is never dequeued | `unused_prototype_cell` |
      | ❌ | `/opt/shared/Legacy/Old Cells.m:3:1` | not a UTF-8 text file | `parse_error` |
      | ⚠️ | `../Shared/Ünïcode.storyboard:7:5` | prototype 'Spacer' is never dequeued | `unused_prototype_cell` |
      """
    #expect(MarkdownReporter.report(Fixtures.findings, context: Fixtures.context()) == expected)
  }

  @Test func noFindings() {
    #expect(MarkdownReporter.report([], context: Fixtures.context(files: 1)) == "### tablelint: no problems found in 1 file")
  }

  @Test func cellsStayInTheirCellAndLongReportsAreCut() {
    #expect(MarkdownReporter.cell("a | b\n<T>") == "a \\| b &lt;T&gt;")
    let finding = Finding(
      ruleID: "r", severity: .warning, message: "m", location: Fixtures.location("A.swift", 1, 1, to: 1, 1)
    )
    let report = MarkdownReporter.report(
      Array(repeating: finding, count: MarkdownReporter.maximumRows + 5), context: Fixtures.context()
    )
    #expect(report.hasSuffix("… and 5 more; see the full report."))
    #expect(report.split(separator: "\n").filter { $0.hasPrefix("| ⚠️") }.count == MarkdownReporter.maximumRows)
  }
}

@Suite struct TextColorTests {
  @Test func severitiesAndLocationsAreColouredAndTheRestIsKept() {
    let plain = TextReporter.report(Array(Fixtures.findings.prefix(1)), context: Fixtures.context())
    let colored = TextReporter.colorized(plain)
    let lines = colored.split(separator: "\n").map(String.init)
    #expect(lines[0].hasPrefix("\u{1B}[1mSources/Feed View Controller.swift:42:9:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m no cell"))
    #expect(lines[1].contains("\u{1B}[1;36mnote:\u{1B}[0m the table's"))
    #expect(lines[2] == "\u{1B}[1mFound 1 error in 14 files.\u{1B}[0m")
    var stripped = colored
    for code in ["\u{1B}[1;31m", "\u{1B}[1;36m", "\u{1B}[1m", "\u{1B}[0m"] {
      stripped = stripped.replacingOccurrences(of: code, with: "")
    }
    #expect(stripped == plain)
  }
}
