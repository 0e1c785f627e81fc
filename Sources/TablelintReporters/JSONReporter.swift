import Foundation
import TablelintModel

/// The `json` reporter: one JSON object for scripts and dashboards.
///
/// Schema, version 1. Keys are sorted and the output is pretty-printed, so equal runs give byte-equal output.
/// Fields are never removed or retyped within a schema version; new fields may be added (ignore unknown keys).
///
/// ```
/// {
///   "findings" : [                       // in the order tablelint reports them (file, line, column, rule)
///     {
///       "column" : 9,                    // 1-based; counts UTF-8 bytes from the start of the line
///       "endColumn" : 30,                // exclusive end of the range (equal to the start for a point)
///       "endLine" : 42,
///       "file" : "Sources/FeedViewController.swift",
///                                        // relative to the working directory when the file is below it,
///                                        // otherwise the path as tablelint found it (often absolute)
///       "line" : 42,                     // 1-based
///       "message" : "no cell registered under 'FeedCell'",
///       "related" : [                    // other places that explain the finding; always present, may be []
///         { "column" : 17, "file" : "Main.storyboard", "line" : 120, "message" : "the table's prototypes" }
///       ],
///       "rule" : "unregistered_reuse_identifier",   // the rule identifier, as in configuration files
///       "severity" : "error"             // "error" or "warning"
///     }
///   ],
///   "summary" : { "errors" : 1, "files" : 14, "warnings" : 0 },   // files: how many files were analysed
///   "tool" : { "name" : "tablelint", "version" : "0.1.0" },
///   "version" : 1                        // this schema's version
/// }
/// ```
public enum JSONReporter: Reporter {
  public static let identifier = "json"
  /// The schema version written to `version`.
  public static let schemaVersion = 1

  public static func report(_ findings: [Finding], context: ReportContext) -> String {
    let paths = ReportPaths(currentDirectory: context.currentDirectory)
    let counts = FindingCounts(findings)
    let document = Document(
      version: schemaVersion,
      tool: Tool(name: "tablelint", version: context.toolVersion),
      summary: Summary(files: context.filesAnalysed, errors: counts.errors, warnings: counts.warnings),
      findings: findings.map { Document.Finding($0, paths: paths) }
    )
    return document.json.text
  }

  /// Sorted keys, two-space pretty printing, `/` unescaped. The SARIF reporter encodes this way; the json reporter
  /// writes the same text through `PrettyJSON` (its tests compare the two).
  static func encodeDeterministically(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else { return "{}" }  // unreachable: plain strings and numbers
    return String(decoding: data, as: UTF8.self)
  }

  // MARK: - Schema

  struct Document: Encodable {
    var version: Int
    var tool: Tool
    var summary: Summary
    var findings: [Finding]

    struct Finding: Encodable {
      var rule: String
      var severity: String
      var message: String
      var file: String
      var line: Int
      var column: Int
      var endLine: Int
      var endColumn: Int
      var related: [Related]

      init(_ finding: TablelintModel.Finding, paths: ReportPaths) {
        rule = finding.ruleID
        severity = finding.severity.rawValue
        message = finding.message
        file = paths.displayPath(finding.location.file)
        line = finding.location.range.start.line
        column = finding.location.range.start.column
        endLine = finding.location.range.end.line
        endColumn = finding.location.range.end.column
        related = finding.related.map { Related($0, paths: paths) }
      }
    }

    struct Related: Encodable {
      var file: String
      var line: Int
      var column: Int
      var message: String

      init(_ related: RelatedLocation, paths: ReportPaths) {
        file = paths.displayPath(related.location.file)
        line = related.location.line
        column = related.location.column
        message = related.message
      }
    }
  }

  struct Tool: Encodable {
    var name: String
    var version: String
  }

  struct Summary: Encodable {
    var files: Int
    var errors: Int
    var warnings: Int
  }
}

// MARK: - As JSON values

/// The document as `PrettyJSON`, member for member as its `Encodable` conformance encodes it (`JSONReporterTests`
/// compares the two texts).
extension JSONReporter.Document {
  var json: PrettyJSON {
    .object([
      ("version", .integer(version)), ("tool", tool.json), ("summary", summary.json),
      ("findings", .array(findings.map(\.json))),
    ])
  }
}

extension JSONReporter.Document.Finding {
  var json: PrettyJSON {
    .object([
      ("rule", .string(rule)), ("severity", .string(severity)), ("message", .string(message)), ("file", .string(file)),
      ("line", .integer(line)), ("column", .integer(column)), ("endLine", .integer(endLine)),
      ("endColumn", .integer(endColumn)), ("related", .array(related.map(\.json))),
    ])
  }
}

extension JSONReporter.Document.Related {
  var json: PrettyJSON {
    .object([
      ("file", .string(file)), ("line", .integer(line)), ("column", .integer(column)), ("message", .string(message)),
    ])
  }
}

extension JSONReporter.Tool {
  var json: PrettyJSON { .object([("name", .string(name)), ("version", .string(version))]) }
}

extension JSONReporter.Summary {
  var json: PrettyJSON {
    .object([("files", .integer(files)), ("errors", .integer(errors)), ("warnings", .integer(warnings))])
  }
}
