import TablelintModel

/// The `junit` reporter: JUnit XML, shown by GitLab merge requests (`artifacts:reports:junit`), Jenkins, Azure
/// Pipelines and Bitrise as test results.
///
/// ```
/// <?xml version="1.0" encoding="UTF-8"?>
/// <testsuites name="tablelint" tests="1" failures="1" errors="0">
///   <testsuite name="Sources/FeedViewController.swift" tests="1" failures="1" errors="0">
///     <testcase classname="tablelint.unregistered_reuse_identifier" name="Sources/FeedViewController.swift:42:9" file="Sources/FeedViewController.swift" line="42">
///       <failure type="error" message="no cell registered under 'FeedCell'">Sources/FeedViewController.swift:42:9: error: …</failure>
///     </testcase>
///   </testsuite>
/// </testsuites>
/// ```
///
/// One test suite per file and one failing test case per finding (warnings too, with `type="warning"`); the
/// failure's text is the `text` reporter's lines for the finding, notes included. With no findings, one passing
/// test case stands for the run, so the report is never empty.
public enum JUnitReporter: Reporter {
  public static let identifier = "junit"

  public static func report(_ findings: [Finding], context: ReportContext) -> String {
    let paths = ReportPaths(currentDirectory: context.currentDirectory)
    var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
    guard !findings.isEmpty else {
      lines.append("<testsuites name=\"tablelint\" tests=\"1\" failures=\"0\" errors=\"0\">")
      lines.append("  <testsuite name=\"tablelint\" tests=\"1\" failures=\"0\" errors=\"0\">")
      lines.append("    <testcase classname=\"tablelint\" name=\"\(FindingCounts.counted(context.filesAnalysed, "file")) linted\"/>")
      lines.append("  </testsuite>")
      lines.append("</testsuites>")
      return lines.joined(separator: "\n")
    }
    var order: [String] = []
    var byFile: [String: [Finding]] = [:]
    for finding in findings {
      let file = paths.displayPath(finding.location.file)
      if byFile[file] == nil { order.append(file) }
      byFile[file, default: []].append(finding)
    }
    lines.append("<testsuites name=\"tablelint\" tests=\"\(findings.count)\" failures=\"\(findings.count)\" errors=\"0\">")
    for file in order {
      let fileFindings = byFile[file] ?? []
      let name = XMLEscaping.escape(file)
      lines.append(
        "  <testsuite name=\"\(name)\" tests=\"\(fileFindings.count)\" failures=\"\(fileFindings.count)\" errors=\"0\">"
      )
      for finding in fileFindings {
        let place = "\(file):\(finding.location.line):\(finding.location.column)"
        var text = "\(place): \(finding.severity.rawValue): \(finding.message) [\(finding.ruleID)]"
        for related in finding.related {
          text += "\n\(paths.displayPath(related.location.file)):\(related.location.line):\(related.location.column): note: \(related.message)"
        }
        lines.append(
          "    <testcase classname=\"tablelint.\(XMLEscaping.escape(finding.ruleID))\" name=\"\(XMLEscaping.escape(place))\" "
            + "file=\"\(name)\" line=\"\(finding.location.line)\">"
        )
        lines.append(
          "      <failure type=\"\(finding.severity.rawValue)\" message=\"\(XMLEscaping.escape(finding.message))\">"
            + XMLEscaping.escape(text, attribute: false) + "</failure>"
        )
        lines.append("    </testcase>")
      }
      lines.append("  </testsuite>")
    }
    lines.append("</testsuites>")
    return lines.joined(separator: "\n")
  }
}
