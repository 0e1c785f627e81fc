import TablelintModel
@testable import TablelintReporters
import Testing

@Suite struct TextReporterTests {
  @Test func goldenReport() {
    let expected = """
      Sources/Feed View Controller.swift:42:9: error: no cell registered under 'FeedCell' on this table; found \
      'PostCell', 'AdCell' [unregistered_reuse_identifier]
      Base.lproj/Main.storyboard:120:17: note: the table's prototype cells
      Base.lproj/Main.storyboard:131:21: warning: prototype 'AdCell' is never dequeued [unused_prototype_cell]
      /opt/shared/Legacy/Old Cells.m:3:1: error: not a UTF-8 text file [parse_error]
      ../Shared/Ünïcode.storyboard:7:5: warning: prototype 'Spacer' is never dequeued [unused_prototype_cell]
      Found 2 errors and 2 warnings in 14 files.
      """
    #expect(TextReporter.report(Fixtures.findings, context: Fixtures.context()) == expected)
    let withTrailingSlash = Fixtures.context(directory: "/Users/ada/Projects/Feed App/")
    #expect(TextReporter.report(Fixtures.findings, context: withTrailingSlash) == expected)
  }

  @Test func zeroFindings() {
    #expect(TextReporter.report([], context: Fixtures.context(files: 14)) == "No problems found in 14 files.")
    #expect(TextReporter.report([], context: Fixtures.context(files: 1)) == "No problems found in 1 file.")
    #expect(TextReporter.report([], context: Fixtures.context(files: 0)) == "No problems found in 0 files.")
  }

  @Test(arguments: [
    (1, 0, 1, "Found 1 error in 1 file."),
    (0, 1, 2, "Found 1 warning in 2 files."),
    (2, 1, 14, "Found 2 errors and 1 warning in 14 files."),
    (1, 3, 1, "Found 1 error and 3 warnings in 1 file."),
    (0, 2, 5, "Found 2 warnings in 5 files."),
  ])
  func summaryCountsAndPlurals(errors: Int, warnings: Int, files: Int, expected: String) {
    let error = Finding(
      ruleID: "r", severity: .error, message: "m", location: Fixtures.location("A.swift", 1, 1, to: 1, 1)
    )
    var warning = error
    warning.severity = .warning
    let findings = Array(repeating: error, count: errors) + Array(repeating: warning, count: warnings)
    let lines = TextReporter.report(findings, context: Fixtures.context(files: files)).split(separator: "\n")
    #expect(lines.count == errors + warnings + 1)
    #expect(lines.last.map(String.init) == expected)
  }

  @Test func findingsKeepTheirOrderAndMessagesStayOnOneLine() {
    let findings = [
      Finding(
        ruleID: "b_rule", severity: .warning, message: "first\nsecond line",
        location: Fixtures.location("./Z.swift", 9, 1, to: 9, 2)
      ),
      Finding(
        ruleID: "a_rule", severity: .error, message: "earlier file",
        location: Fixtures.location("A.swift", 1, 1, to: 1, 2)
      ),
    ]
    let expected = """
      Z.swift:9:1: warning: first second line [b_rule]
      A.swift:1:1: error: earlier file [a_rule]
      Found 1 error and 1 warning in 14 files.
      """
    #expect(TextReporter.report(findings, context: Fixtures.context()) == expected)
  }
}
