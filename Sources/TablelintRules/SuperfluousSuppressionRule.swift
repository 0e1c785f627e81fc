import TablelintIndex
import TablelintModel

/// A suppression that suppresses nothing: a `// tablelint:disable…` comment or a configuration `suppressions` entry
/// under which no finding of the named rule remains, a comment naming a rule that does not exist, or a
/// `tablelint:` comment that cannot be read.
///
/// **What it does:** after every other rule has run and the suppressions have been applied, reports each
/// suppression that covered no finding, at the rule name in the comment (or at the configuration entry). A
/// suppression of a rule that did not run (disabled, or opt-in and not enabled) is not reported. Only comments
/// (`//`, `/* */`) are read, never doc comments or strings.
///
/// **Why is this bad?** A suppression outlives the finding it silenced: once the code is fixed it silently hides the
/// next real crash on that line. A misspelled rule name or command suppresses nothing at all while looking like it
/// does.
///
/// **Example:** `// tablelint:disable:next missing_nib` above a line whose nib was added since, or
/// `// tablelint:disable unregisterd_reuse_identifier` (misspelled).
///
/// **Instead:** delete the suppression, or correct the rule name. Keep suppressions next to the line they are about
/// (`disable:next`, `disable:this`) rather than long `disable` … `enable` regions.
public struct SuperfluousSuppressionRule: Rule {
  public static let description = RuleDescription(
    identifier: "superfluous_suppression",
    name: "Superfluous suppression",
    severity: .warning,
    summary: "a tablelint suppression comment or configuration entry that suppresses nothing",
    triggeringExamples: [
      RuleExample(
        swift: """
          import UIKit
          final class ListViewController: UITableViewController {
            override func viewDidLoad() {
              super.viewDidLoad()
              tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
            }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
              // tablelint:disable:next 1️⃣unregistered_reuse_identifier
              tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
            }
          }
          """,
        note: "the identifier is registered, so there is nothing to suppress"
      ),
      RuleExample(
        [
          (
            "ProfileViewController.swift",
            """
            import UIKit
            // tablelint:disable 1️⃣missing_nib, 2️⃣all - migrating
            final class ProfileViewController: UIViewController {
              let header = UINib(nibName: "Header", bundle: nil) // tablelint:disable:this 3️⃣missing_nib
            }
            // tablelint:enable missing_nib, all
            """
          ),
          (
            "Header.xib",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"/>"
          ),
        ],
        note: "a region and a same-line suppression with no finding under them"
      ),
      RuleExample(
        swift: """
          final class Feed {
            // tablelint:disable:next 1️⃣unregisterd_reuse_identifier
            let title = "Feed"
            // tablelint:2️⃣disabel:next missing_nib
            let subtitle = "All posts"
          }
          // tablelint:enable 3️⃣cell_class_mismatch
          """,
        note: "a misspelled rule, a misspelled command and an 'enable' that ends no region"
      ),
    ],
    nonTriggeringExamples: [
      RuleExample(
        swift: """
          import UIKit
          final class ListViewController: UITableViewController {
            override func viewDidLoad() {
              super.viewDidLoad()
              tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
            }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
              // tablelint:disable:next unregistered_reuse_identifier - registered by the hosting app
              let cell = tableView.dequeueReusableCell(withIdentifier: "Hosted", for: indexPath)
              return cell
            }
          }
          """,
        note: "the suppression covers a finding"
      ),
      RuleExample(
        swift: """
          import UIKit
          final class LegacyViewController: UITableViewController {
            override func viewDidLoad() {
              super.viewDidLoad()
              tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
            }
            // tablelint:disable all
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
              tableView.dequeueReusableCell(withIdentifier: "Legacy", for: indexPath)
            }
            // tablelint:enable all
          }
          """,
        note: "a region that covers a finding"
      ),
      RuleExample(
        swift: """
          /// Write `// tablelint:disable:next missing_nib` above the line.
          let help = "// tablelint:disable missing_nib"
          """,
        note: "doc comments and strings are not commands"
      ),
    ],
    corrections: [
      RuleCorrection(
        swift: """
          import UIKit
          final class ListViewController: UITableViewController {
            override func viewDidLoad() {
              super.viewDidLoad()
              tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
            }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
              // tablelint:disable:next unregistered_reuse_identifier - registered by the hosting app
              let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
              return cell // tablelint:disable:this cell_class_mismatch missing_nib
            }
          }
          """,
        after: """
          import UIKit
          final class ListViewController: UITableViewController {
            override func viewDidLoad() {
              super.viewDidLoad()
              tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
            }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
              let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
              return cell
            }
          }
          """,
        note: "suppressions of findings that no longer exist are removed: a comment alone on its line with its line, two names of one comment in two rounds"
      ),
      RuleCorrection(
        swift: """
          import UIKit
          final class ListViewController: UITableViewController {
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
              // tablelint:disable:next unregistered_reuse_identifer - registered by the hosting app
              tableView.dequeueReusableCell(withIdentifier: "Hosted", for: indexPath)
            }
          }
          """,
        after: """
          import UIKit
          final class ListViewController: UITableViewController {
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
              // tablelint:disable:next unregistered_reuse_identifier - registered by the hosting app
              tableView.dequeueReusableCell(withIdentifier: "Hosted", for: indexPath)
            }
          }
          """,
        note: "a misspelt rule is renamed to the rule it is closest to (unsafe: the comment then suppresses findings)"
      )
    ]
  )

  /// Computed by the linter, not from the index: whether a suppression was used is known only after the other
  /// rules ran and the suppressions were applied (see `Linter.lint`, which calls `findings(for:)`).
  public static func check(_ project: ProjectIndex) -> [Finding] { [] }

  /// The findings for the suppressions the linter found unused, unknown or unreadable.
  public static func findings(for superfluous: [SuperfluousSuppression]) -> [Finding] {
    superfluous.map { item in
      switch item {
      case .suppressesNothing(let suppression):
        // A one-line comment that suppresses nothing is removed (safe: it changes nothing the app does); a region's
        // `disable` is left to a person, as its `enable` would be left behind.
        let removal: [Fix]
        switch suppression.scope {
        case .nextLine, .thisLine, .previousLine:
          removal = [
            Fix(
              title: "Remove the suppression of '\(suppression.rule)'", applicability: .safe,
              edits: [FixEdit(path: suppression.location.file, range: suppression.location.range, .removeSuppressedRule)]
            )
          ]
        default:
          removal = []
        }
        return finding(suppressesNothing(suppression), at: suppression.location, fixes: removal)
      case .unknownRule(let suppression, let suggestion):
        let rename = suggestion.map { name in
          Fix(
            title: "Rename '\(suppression.rule)' to '\(name)'", applicability: .unsafe,
            edits: [
              FixEdit(path: suppression.location.file, range: suppression.location.range, newText: name)
            ]
          )
        }
        return finding(
          unknownRule(suppression.rule, suggestion: suggestion), at: suppression.location, fixes: rename.map { [$0] } ?? []
        )
      case .unreadable(let problem):
        return finding(problem.message, at: problem.location)
      }
    }
  }

  // MARK: - Messages

  fileprivate static func suppressesNothing(_ suppression: Suppression) -> String {
    let what = suppression.rule == Suppression.allRules ? "finding" : "'\(suppression.rule)' finding"
    let command = "'\(suppression.commandName) \(suppression.rule)' suppresses nothing"
    switch suppression.scope {
    case .nextLine, .previousLine:
      guard let lines = suppression.lines, lines.lowerBound > 0 else {
        return "\(command): there is no code \(suppression.scope == .nextLine ? "after" : "before") it"
      }
      return "\(command): line \(lines.lowerBound) has no \(what)"
    case .thisLine:
      return "\(command): its line has no \(what)"
    case .region:
      guard let lines = suppression.lines else { return "\(command): the file has no \(what)" }
      return "\(command): lines \(lines.lowerBound)–\(lines.upperBound) have no \(what)"
    case .configuration(let path, let element):
      let place = element.map { "element '\($0)' of files matching '\(path)'" } ?? "files matching '\(path)'"
      let rule = suppression.rule == Suppression.allRules ? "all rules" : "'\(suppression.rule)'"
      return "suppression of \(rule) suppresses nothing: \(place) have no \(what)"
    }
  }

  fileprivate static func unknownRule(_ rule: String, suggestion: String?) -> String {
    "no rule named '\(rule)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; `tablelint rules` lists them")
  }
}

/// Why the linter considers a suppression superfluous.
public enum SuperfluousSuppression: Sendable, Hashable {
  /// It covered no finding of its rule.
  case suppressesNothing(Suppression)
  /// It names a rule that does not exist.
  case unknownRule(Suppression, suggestion: String?)
  /// The `tablelint:` comment could not be read, or an `enable` ends no region.
  case unreadable(SuppressionProblem)
}
