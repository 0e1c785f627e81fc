import TablelintIndex
import TablelintModel

/// A file that tablelint cannot read as what its name says: a storyboard or xib that is not well-formed XML,
/// a source file that is not UTF-8 text, or a file too large to analyse.
///
/// **What it does:** reports once per unreadable file, at the place the reader gave up. A file declined for one of
/// tablelint's own limits — larger than it reads, or nesting `[` (or brackets, or attribute arguments) deeper than
/// swift-syntax parses in bounded time — may well be valid: that is a warning, not an error (facebook-ios-sdk's test
/// fixture nests a dictionary literal 13 levels deep).
///
/// **Why is this bad?** Xcode cannot compile a broken storyboard either, and tablelint checks nothing in a file it
/// cannot read, so every other rule is blind there.
///
/// **Example:** a storyboard cut off by a bad merge (`<tableViewCell` with no closing tag).
///
/// **Instead:** restore the file from version control or fix the merge, then lint again.
public struct ParseErrorRule: Rule {
  public static let description = RuleDescription(
    identifier: "parse_error",
    name: "Unreadable file",
    severity: .error,
    summary: "a storyboard, xib or source file that cannot be read",
    triggeringExamples: [
      RuleExample([("Main.storyboard", "<?xml version=\"1.0\"?><document><scenes>1️⃣")], note: "truncated XML: reported where the reader gave up"),
    ],
    nonTriggeringExamples: [
      RuleExample(
        [("Main.storyboard", "<?xml version=\"1.0\" encoding=\"UTF-8\"?><document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\"/>")]
      ),
    ]
  )

  public static func check(_ project: ProjectIndex) -> [Finding] {
    // The wanted files only, looked up by path: walking every file copies its facts.
    let files = project.ruleSubjects.map { $0.sorted().compactMap(project.file(atPath:)) } ?? project.files
    return files.flatMap { file in
      file.problems.map { problem in
        var found = finding(problem.message, at: problem.location)
        if problem.isLimit { found.severity = .warning }
        return found
      }
    }
  }
}
