import TablelintModel

/// The `github` reporter: GitHub Actions workflow commands, which the runner turns into annotations on the pull
/// request's diff.
///
/// ```
/// ::error file=Sources/FeedViewController.swift,line=42,col=9,endColumn=19,title=unregistered_reuse_identifier::no cell registered under 'FeedCell'
/// ```
///
/// One command per finding (`::error` or `::warning`), titled with the rule; related locations follow the message as
/// `note:` lines. Paths are relative to the current directory (run it from the repository root). Values are escaped
/// as the runner expects: `%`, CR and LF everywhere, and `:` and `,` in properties. `endLine` is written when the
/// range spans lines, `endColumn` when it ends later on the same line. Nothing is printed for no findings.
public enum GitHubReporter: Reporter {
  public static let identifier = "github"

  public static func report(_ findings: [Finding], context: ReportContext) -> String {
    let paths = ReportPaths(currentDirectory: context.currentDirectory)
    return findings.map { finding in
      let range = finding.location.range
      var properties = [
        "file=\(escapeProperty(paths.displayPath(finding.location.file)))",
        "line=\(max(1, range.start.line))",
      ]
      if range.end.line > range.start.line { properties.append("endLine=\(range.end.line)") }
      properties.append("col=\(max(1, range.start.column))")
      if range.end.line == range.start.line, range.end.column > range.start.column {
        properties.append("endColumn=\(range.end.column)")
      }
      properties.append("title=\(escapeProperty(finding.ruleID))")
      var message = finding.message
      for related in finding.related {
        let place = "\(paths.displayPath(related.location.file)):\(related.location.line):\(related.location.column)"
        message += "\nnote: \(place): \(related.message)"
      }
      return "::\(finding.severity.rawValue) \(properties.joined(separator: ","))::\(escapeData(message))"
    }.joined(separator: "\n")
  }

  /// The message part: `%`, CR, LF.
  static func escapeData(_ text: String) -> String {
    var result = ""
    for character in text.unicodeScalars {
      switch character {
      case "%": result += "%25"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  /// A property value: also `:` and `,`.
  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}
