import TablelintIndex
import TablelintModel

/// A header, footer or handler for a section the table cannot have.
///
/// **What it does:** reports the keys of an enum layout's `sectionHeaders` / `sectionFooters` dictionaries that are
/// not below `layout.count`, and the integer cases of a `switch section` (or `switch indexPath.section`) in a
/// table-view data-source or delegate method that are not below the class's constant section count: the constant its
/// `numberOfSections(in:)` returns, or, without one, the sections of the static table it controls. It stays silent
/// when the count is computed, when the method also serves other tables, and when a subclass may change the count.
///
/// **Why is this bad?** UIKit never asks for a section past the count, so the title, view or handler is dead: the
/// header the developer wrote never appears, usually because sections were removed or reordered and the indices were
/// not updated.
///
/// **Example:** `sectionFooters` has a footer for section 3 of a layout with three sections (0, 1, 2).
///
/// **Instead:** key the title by an existing section, or move the content to where the section now is.
public struct SectionIndexOutOfRangeRule: Rule {
  public static let description = RuleDescription(
    identifier: "section_index_out_of_range",
    name: "Section index out of range",
    severity: .error,
    summary: "a header, footer or handler is written for a section index the table cannot have",
    triggeringExamples: [
      RuleExample(
        swift: """
          enum PreferenceRow: TableViewDescriptor {
            case autoplay, cellularData, clearHistory

            static var layout: [[PreferenceRow]] { [[.autoplay, .cellularData], [.clearHistory]] }
            static var sectionHeaders: [Int: String]? { [0: "Playback", 1️⃣2: "History"] }
            static var sectionFooters: [Int: String]? { [1: "Clearing your history cannot be undone."] }
          }
          """,
        note: "two sections: the header keyed 2 never shows"
      ),
      RuleExample(
        swift: """
          final class AboutViewController: UITableViewController {
            override func numberOfSections(in tableView: UITableView) -> Int { 2 }

            override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
              switch section {
              case 0: return "App"
              case 1: return "Support"
              case 1️⃣2: return "Legal"
              default: return nil
              }
            }
          }
          """
      ),
      RuleExample(
        [
          (
            "SettingsViewController.swift",
            """
            final class SettingsViewController: UITableViewController {
              override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                switch indexPath.section {
                case 0: showProfile()
                case 1️⃣1: signOut()
                default: break
                }
              }

              func showProfile() {}
              func signOut() {}
            }
            """
          ),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.staticTableScene(id: "settings", controllerClass: "SettingsViewController", sections: [.init(["Profile"])])
            )
          ),
        ],
        note: "the static table has one section: the sign-out handler is dead"
      ),
    ],
    nonTriggeringExamples: [
      RuleExample(
        [
          ("Reorder/Reorder.xcodeproj/project.pbxproj", ExampleIB.xcodeProject(referencing: "RootViewController.swift")),
          (
            "Reorder/RootViewController.swift",
            """
            final class RootViewController: UITableViewController {
              override func numberOfSections(in tableView: UITableView) -> Int { 2 }

              override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
                switch section {
                case 1: return "Done"
                default: return nil
                }
              }
            }
            """
          ),
          ("Outlets/Outlets.xcodeproj/project.pbxproj", ExampleIB.xcodeProject(referencing: "RootViewController.swift")),
          (
            "Outlets/RootViewController.swift",
            """
            final class RootViewController: UITableViewController {
              override func numberOfSections(in tableView: UITableView) -> Int { 1 }
            }
            """
          ),
        ],
        note: "two example projects of one repository, each with its own RootViewController (Programming-iOS-Book-Examples)"
      ),
      RuleExample(
        swift: """
          enum PreferenceRow: TableViewDescriptor {
            case autoplay, downloadQuality, clearHistory

            static var layout: [[PreferenceRow]] { [[.autoplay], [.downloadQuality], [.clearHistory]] }
            static var sectionHeaders: [Int: String]? { [0: "Playback", 1: "Downloads"] }
            static var sectionFooters: [Int: String]? { nil }
          }
          """
      ),
      RuleExample(
        swift: """
          final class FeedViewController: UITableViewController {
            var hasStories = false

            override func numberOfSections(in tableView: UITableView) -> Int { hasStories ? 3 : 2 }

            override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
              switch section {
              case 2: return "Stories"
              default: return nil
              }
            }
          }
          """,
        note: "the largest constant counts: section 2 exists when there are stories"
      ),
      RuleExample(
        swift: """
          final class ResultsViewController: UITableViewController {
            var groups: [[String]] = []

            override func numberOfSections(in tableView: UITableView) -> Int { groups.count }

            override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
              switch section {
              case 5: return "More"
              default: return nil
              }
            }
          }
          """,
        note: "a computed section count"
      ),
      RuleExample(
        swift: """
          class BaseSettingsViewController: UITableViewController {
            override func numberOfSections(in tableView: UITableView) -> Int { 1 }

            override func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
              switch section {
              case 1: return "Advanced"
              default: return nil
              }
            }
          }

          final class AdvancedSettingsViewController: BaseSettingsViewController {
            override func numberOfSections(in tableView: UITableView) -> Int { 2 }
          }
          """,
        note: "a subclass shows more sections"
      ),
    ]
  )

  public static func check(_ project: ProjectIndex) -> [Finding] {
    let facts = project.tableFacts
    var findings: [Finding] = []
    // Layout dictionaries.
    for layout in facts.layouts.values {
      guard let sections = layout.layout else { continue }
      for (member, entries) in [("sectionHeaders", layout.headers), ("sectionFooters", layout.footers)] {
        for entry in entries ?? [] where entry.section >= sections.count || entry.section < 0 {
          findings.append(
            finding(
              "'\(member)' has a title for section \(entry.section), but '\(layout.enumName).layout' has "
                + "\(sections.count) section\(sections.count == 1 ? "" : "s")",
              at: entry.location, related: [RelatedLocation(location: layout.layoutLocation, message: "the layout")]
            )
          )
        }
      }
    }
    // `switch section` cases.
    for (type, methods) in facts.methodsByType {
      let handlers = methods.filter { $0.kind != .numberOfSections && !$0.sectionCases.isEmpty && !$0.dependsOnTableView }
      // Classes of one name in projects that never build together: their counts and switches are not one class's.
      guard !handlers.isEmpty, project.descendants(of: type).isEmpty, !project.isDeclaredSeparately(type),
        let count = facts.constantSectionCount(of: type)
      else { continue }
      let name = TypeInfo.simpleName(of: type)
      let sections = "\(count) section\(count == 1 ? "" : "s")"
      let origin = facts.method(.numberOfSections, for: type) == nil
        ? "the static table of '\(name)' has \(sections)"
        : "'numberOfSections(in:)' of '\(name)' returns \(count)"
      for method in handlers {
        for label in method.sectionCases where label.section >= count {
          findings.append(
            finding("'\(method.name)' handles section \(label.section), but \(origin)", at: label.location)
          )
        }
      }
    }
    return findings
  }
}
