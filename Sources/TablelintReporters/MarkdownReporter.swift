import TablelintModel

/// The `markdown` reporter: a summary for a pull-request comment (GitHub, GitLab, Bitbucket).
///
/// ```
/// ### tablelint: 1 error and 1 warning in 14 files
///
/// | rule | errors | warnings |
/// |---|---:|---:|
/// | `unregistered_reuse_identifier` | 1 | 0 |
///
/// | | location | message | rule |
/// |---|---|---|---|
/// | ❌ | `Sources/FeedViewController.swift:42:9` | no cell registered under 'FeedCell' | `unregistered_reuse_identifier` |
/// ```
///
/// A heading with the counts, a table of findings per rule (by rule identifier), then one row per finding in the
/// order given, at most `maximumRows` (comments have a size limit); the rest are counted in a last line. Table cells
/// escape `|`, `<`, `>` and line breaks.
public enum MarkdownReporter: Reporter {
  public static let identifier = "markdown"
  /// Findings listed in the table; the others are only counted.
  public static let maximumRows = 200

  public static func report(_ findings: [Finding], context: ReportContext) -> String {
    let paths = ReportPaths(currentDirectory: context.currentDirectory)
    let counts = FindingCounts(findings)
    let files = FindingCounts.counted(context.filesAnalysed, "file")
    guard !findings.isEmpty else { return "### tablelint: no problems found in \(files)" }

    var parts: [String] = []
    if counts.errors > 0 { parts.append(FindingCounts.counted(counts.errors, "error")) }
    if counts.warnings > 0 { parts.append(FindingCounts.counted(counts.warnings, "warning")) }
    var lines = ["### tablelint: \(parts.joined(separator: " and ")) in \(files)", ""]

    var perRule: [String: (errors: Int, warnings: Int)] = [:]
    for finding in findings {
      var count = perRule[finding.ruleID] ?? (0, 0)
      if finding.severity == .error { count.errors += 1 } else { count.warnings += 1 }
      perRule[finding.ruleID] = count
    }
    lines.append("| rule | errors | warnings |")
    lines.append("|---|---:|---:|")
    for rule in perRule.keys.sorted() {
      let count = perRule[rule]!
      lines.append("| `\(cell(rule))` | \(count.errors) | \(count.warnings) |")
    }

    lines.append("")
    lines.append("| | location | message | rule |")
    lines.append("|---|---|---|---|")
    for finding in findings.prefix(maximumRows) {
      let icon = finding.severity == .error ? "❌" : "⚠️"
      let place = "\(paths.displayPath(finding.location.file)):\(finding.location.line):\(finding.location.column)"
      lines.append("| \(icon) | `\(cell(place))` | \(cell(finding.message)) | `\(cell(finding.ruleID))` |")
    }
    if findings.count > maximumRows {
      lines.append("")
      lines.append("… and \(findings.count - maximumRows) more; see the full report.")
    }
    return lines.joined(separator: "\n")
  }

  /// Keeps a table cell in one cell on one line.
  static func cell(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "|": result += "\\|"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "`": result += "'"
      default: result.append(character.isNewline ? " " : character)
      }
    }
    return result
  }
}
