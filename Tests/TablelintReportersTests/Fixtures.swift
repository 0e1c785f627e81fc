import TablelintModel
import TablelintReporters
import TablelintRules

/// A small run shared by the reporter tests: a working directory with a space in its name, findings inside and
/// outside it, relative and absolute paths, a related location, both severities.
enum Fixtures {
  static let currentDirectory = "/Users/ada/Projects/Feed App"

  static let unregisteredRule = RuleDescription(
    identifier: "unregistered_reuse_identifier", name: "Unregistered reuse identifier", severity: .error,
    summary: "a cell dequeued under an identifier that its table never registers", triggeringExamples: [],
    nonTriggeringExamples: []
  )

  static let unusedPrototypeRule = RuleDescription(
    identifier: "unused_prototype_cell", name: "Unused prototype cell", severity: .warning,
    summary: "a storyboard prototype cell that no code dequeues", triggeringExamples: [], nonTriggeringExamples: []
  )

  static let rules = [unregisteredRule, unusedPrototypeRule, ParseErrorRule.description]

  static func context(files: Int = 14, directory: String = currentDirectory) -> ReportContext {
    ReportContext(currentDirectory: directory, toolVersion: "0.1.0", filesAnalysed: files, rules: rules)
  }

  /// A location from 1-based line/column pairs; offsets are irrelevant to reporters.
  static func location(
    _ file: String, _ line: Int, _ column: Int, to endLine: Int, _ endColumn: Int
  ) -> SourceLocation {
    SourceLocation(
      file: file,
      range: SourceRange(
        start: SourcePosition(line: line, column: column, offset: 0),
        end: SourcePosition(line: endLine, column: endColumn, offset: 0)
      )
    )
  }

  static let findings: [Finding] = [
    Finding(
      ruleID: "unregistered_reuse_identifier", severity: .error,
      message: "no cell registered under 'FeedCell' on this table; found 'PostCell', 'AdCell'",
      location: location("/Users/ada/Projects/Feed App/Sources/Feed View Controller.swift", 42, 9, to: 42, 19),
      related: [
        RelatedLocation(
          location: location("./Base.lproj/Main.storyboard", 120, 17, to: 120, 17),
          message: "the table's prototype cells"
        )
      ]
    ),
    Finding(
      ruleID: "unused_prototype_cell", severity: .warning, message: "prototype 'AdCell' is never dequeued",
      location: location("Base.lproj/Main.storyboard", 131, 21, to: 131, 35)
    ),
    Finding(
      ruleID: "parse_error", severity: .error, message: "not a UTF-8 text file",
      location: location("/opt/shared/Legacy/Old Cells.m", 3, 1, to: 3, 1)
    ),
    Finding(
      ruleID: "unused_prototype_cell", severity: .warning, message: "prototype 'Spacer' is never dequeued",
      location: location("../Shared/Ünïcode.storyboard", 7, 5, to: 8, 2)
    ),
  ]
}
