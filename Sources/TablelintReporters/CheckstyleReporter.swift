import TablelintModel

/// The `checkstyle` reporter: Checkstyle XML (version 4.3), read by Jenkins' warnings plugin, reviewdog, Danger and
/// most CI dashboards.
///
/// ```
/// <?xml version="1.0" encoding="UTF-8"?>
/// <checkstyle version="4.3">
///   <file name="Sources/FeedViewController.swift">
///     <error line="42" column="9" severity="error" message="no cell registered under 'FeedCell'" source="tablelint.unregistered_reuse_identifier"/>
///   </file>
/// </checkstyle>
/// ```
///
/// One `file` element per file, in the order of the file's first finding; `source` is `tablelint.` and the rule.
/// Related locations are not part of the format and are left out.
public enum CheckstyleReporter: Reporter {
  public static let identifier = "checkstyle"

  public static func report(_ findings: [Finding], context: ReportContext) -> String {
    let paths = ReportPaths(currentDirectory: context.currentDirectory)
    var order: [String] = []
    var byFile: [String: [Finding]] = [:]
    for finding in findings {
      let file = paths.displayPath(finding.location.file)
      if byFile[file] == nil { order.append(file) }
      byFile[file, default: []].append(finding)
    }
    var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<checkstyle version=\"4.3\">"]
    for file in order {
      lines.append("  <file name=\"\(XMLEscaping.escape(file))\">")
      for finding in byFile[file] ?? [] {
        lines.append(
          "    <error line=\"\(finding.location.line)\" column=\"\(finding.location.column)\" "
            + "severity=\"\(finding.severity.rawValue)\" message=\"\(XMLEscaping.escape(finding.message))\" "
            + "source=\"tablelint.\(XMLEscaping.escape(finding.ruleID))\"/>"
        )
      }
      lines.append("  </file>")
    }
    lines.append("</checkstyle>")
    return lines.joined(separator: "\n")
  }
}
