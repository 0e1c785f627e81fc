import TablelintModel

/// The `text` reporter: compiler-style lines that Xcode, editors and terminals link to the source.
///
/// ```
/// Sources/FeedViewController.swift:42:9: error: no cell registered under 'FeedCell' [unregistered_reuse_identifier]
/// Main.storyboard:120:17: note: the table's prototypes are 'PostCell', 'AdCell'
/// Found 1 error in 14 files.
/// ```
///
/// One line per finding, then one `note:` line per related location, then a summary line. Paths are relative to
/// the current directory when the file is below it; line breaks inside messages become spaces.
public enum TextReporter: Reporter {
  public static let identifier = "text"

  public static func report(_ findings: [Finding], context: ReportContext) -> String {
    let paths = ReportPaths(currentDirectory: context.currentDirectory)
    var lines: [String] = []
    for finding in findings {
      let position = prefix(finding.location, paths: paths)
      lines.append("\(position) \(finding.severity.rawValue): \(singleLine(finding.message)) [\(finding.ruleID)]")
      for related in finding.related {
        lines.append("\(prefix(related.location, paths: paths)) note: \(singleLine(related.message))")
      }
    }
    lines.append(summary(FindingCounts(findings), files: context.filesAnalysed))
    return lines.fastJoined(separator: "\n")
  }

  /// `Found 2 errors and 1 warning in 14 files.`, `Found 1 warning in 1 file.`, `No problems found in 3 files.`
  static func summary(_ counts: FindingCounts, files: Int) -> String {
    let scope = "in \(FindingCounts.counted(files, "file"))."
    var parts: [String] = []
    if counts.errors > 0 { parts.append(FindingCounts.counted(counts.errors, "error")) }
    if counts.warnings > 0 { parts.append(FindingCounts.counted(counts.warnings, "warning")) }
    if parts.isEmpty { return "No problems found \(scope)" }
    return "Found \(parts.fastJoined(separator: " and ")) \(scope)"
  }

  /// `path:line:column:`
  private static func prefix(_ location: SourceLocation, paths: ReportPaths) -> String {
    "\(paths.displayPath(location.file)):\(location.line):\(location.column):"
  }

  /// Keeps one finding on one line, as compiler-output parsers expect.
  private static func singleLine(_ message: String) -> String {
    guard message.contains(where: \.isNewline) else { return message }
    return message.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
