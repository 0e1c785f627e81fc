import TablelintIndex
import TablelintModel

/// A constant row count larger than the static cells of that section.
///
/// **What it does:** for every storyboard static table whose scene's controller (or a workspace superclass of it)
/// implements `tableView(_:numberOfRowsInSection:)`, compares each constant the method returns with the number of
/// static cells of the sections it is returned for: `switch section` cases, `if section == k`, ternaries on
/// `section == k`, and plain returns for every section the table shows. Returning fewer rows is legal (hiding rows
/// is common) and `super.tableView(tableView, numberOfRowsInSection: section)` is the storyboard's count; computed
/// counts are left alone.
///
/// **Why is this bad?** A static table has exactly the cells of the storyboard. Announcing one more makes
/// `UITableViewController` index past the section's cells, and the app crashes with an index out of range as soon as
/// the row scrolls into view.
///
/// **Example:** the Notifications section has two switches in the storyboard, and `numberOfRowsInSection` still
/// returns 3 for it after a switch was removed.
///
/// **Instead:** return `super.tableView(tableView, numberOfRowsInSection: section)` for the sections you do not
/// change, and at most the declared number of rows for the ones you hide rows of.
public struct RowCountMismatchRule: Rule {
  public static let description = RuleDescription(
    identifier: "row_count_mismatch",
    name: "Row count mismatch",
    severity: .error,
    summary: "numberOfRowsInSection returns more rows than the static table's section declares",
    triggeringExamples: [
      RuleExample(
        [
          (
            "SettingsViewController.swift",
            """
            final class SettingsViewController: UITableViewController {
              override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                switch section {
                case 0: return 1
                case 1: return 1️⃣3
                default: return super.tableView(tableView, numberOfRowsInSection: section)
                }
              }
            }
            """
          ),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.staticTableScene(
                id: "settings", controllerClass: "SettingsViewController",
                sections: [
                  .init(header: "Account", ["Name"]), .init(header: "Notifications", ["Push", "Sounds"]),
                  .init(header: "About", ["Version"]),
                ]
              )
            )
          ),
        ]
      ),
      RuleExample(
        [
          (
            "ProfileViewController.swift",
            """
            final class ProfileViewController: UITableViewController {
              var isEditingProfile = false

              override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                return section == 0 ? 1️⃣2 : 1
              }
            }
            """
          ),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.staticTableScene(
                id: "profile", controllerClass: "ProfileViewController",
                sections: [.init(["Photo"]), .init(["Sign Out"])]
              )
            )
          ),
        ],
        note: "a ternary on the section"
      ),
      RuleExample(
        [
          (
            "AboutViewController.swift",
            """
            final class AboutViewController: UITableViewController {
              override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                if section == 0 { return 1 }
                return 1️⃣2
              }
            }
            """
          ),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.staticTableScene(
                id: "about", controllerClass: "AboutViewController",
                sections: [.init(["Logo"]), .init(["Version", "Licenses"]), .init(["Rate"])]
              )
            )
          ),
        ],
        note: "the plain return is for sections 1 and 2; section 2 has one cell"
      ),
      RuleExample(
        [
          (
            "PrivacyViewController.swift",
            """
            final class PrivacyViewController: UITableViewController {
              enum Section: Int {
                case analytics
                case crashReports = 1
                case about
              }

              override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                switch Section(rawValue: section)! {
                case .analytics: return 1
                case .crashReports: return 1️⃣3
                case .about: return super.tableView(tableView, numberOfRowsInSection: section)
                }
              }
            }
            """
          ),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.staticTableScene(
                id: "privacy", controllerClass: "PrivacyViewController",
                sections: [.init(["Share Analytics"]), .init(["Send Reports", "Include Logs"]), .init(["Policy"])]
              )
            )
          ),
        ],
        note: "sections written as the cases of an Int enum: '.crashReports' is section 1"
      ),
    ],
    nonTriggeringExamples: [
      RuleExample(
        [
          ("Layering/Layering.xcodeproj/project.pbxproj", ExampleIB.xcodeProject(referencing: "RootViewController.swift")),
          (
            "Layering/RootViewController.swift",
            """
            final class RootViewController: UITableViewController {
              override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 20 }
            }
            """
          ),
          (
            "PickACell/PickACell.xcodeproj/project.pbxproj",
            ExampleIB.xcodeProject(referencing: "RootViewController.swift", "Main.storyboard")
          ),
          ("PickACell/RootViewController.swift", "final class RootViewController: UITableViewController {}"),
          (
            "PickACell/Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.staticTableScene(
                id: "pick", controllerClass: "RootViewController", sections: [.init(["Red", "Green", "Blue"])]
              )
            )
          ),
        ],
        note: "two example projects of one repository, each with its own RootViewController (Programming-iOS-Book-Examples)"
      ),
      RuleExample(
        [
          (
            "SettingsViewController.swift",
            """
            final class SettingsViewController: UITableViewController {
              @IBOutlet private var pushSwitch: UISwitch!

              override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                // "Sounds" only makes sense while notifications are on.
                if section == 1, !pushSwitch.isOn {
                  return 1
                }
                return super.tableView(tableView, numberOfRowsInSection: section)
              }
            }
            """
          ),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.staticTableScene(
                id: "settings", controllerClass: "SettingsViewController",
                sections: [.init(["Name"]), .init(["Push", "Sounds"])]
              )
            )
          ),
        ],
        note: "hiding rows (fewer than declared) and super for the rest"
      ),
      RuleExample(
        [
          (
            "AccountViewController.swift",
            """
            final class AccountViewController: UITableViewController {
              var isSignedIn = false

              override func numberOfSections(in tableView: UITableView) -> Int { 1 }

              override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                return isSignedIn ? 2 : 0
              }
            }
            """
          ),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.staticTableScene(
                id: "account", controllerClass: "AccountViewController",
                sections: [.init(["Email", "Password"]), .init(["Delete Account"])]
              )
            )
          ),
        ],
        note: "section 1 is hidden by numberOfSections, so 2 rows never reach it"
      ),
      RuleExample(
        [
          (
            "OptionsViewController.swift",
            """
            final class OptionsViewController: UITableViewController {
              var options: [String] = []

              override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                section == 0 ? options.count : super.tableView(tableView, numberOfRowsInSection: section)
              }
            }
            """
          ),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.staticTableScene(
                id: "options", controllerClass: "OptionsViewController", sections: [.init(["Option"]), .init(["Done"])]
              )
            )
          ),
        ],
        note: "a computed count for a dynamic section"
      ),
      RuleExample(
        [
          (
            "DisplayViewController.swift",
            """
            final class DisplayViewController: UITableViewController {
              enum Section: Int, CaseIterable {
                case theme
                case layout
                case fonts
              }

              var isPro = false

              override func numberOfSections(in tableView: UITableView) -> Int { Section.allCases.count }

              override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                let section = Section(rawValue: section)!
                switch section {
                case .theme where !isPro: return 1
                case .fonts: return 3
                default: return super.tableView(tableView, numberOfRowsInSection: section.rawValue)
                }
              }

              override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
                guard let section = Section(rawValue: section) else { return nil }
                switch section {
                case .theme: return "Theme"
                case .layout, .fonts: return nil
                }
              }
            }
            """
          ),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.staticTableScene(
                id: "display", controllerClass: "DisplayViewController",
                sections: [.init(["Light", "Dark"]), .init(["Compact"]), .init(["Small", "Medium", "Large"])]
              )
            )
          ),
        ],
        note: "enum cases mapped to their sections: 3 rows are for '.fonts' (section 2), not section 0 or 1"
      ),
      RuleExample(
        [
          (
            "SyncViewController.swift",
            """
            final class SyncViewController: UITableViewController {
              enum Section: Int {
                case status
                case accounts
                #if DEBUG
                case debug
                #endif
              }

              override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                if section == Section.accounts.rawValue { return 4 }
                switch Section(rawValue: section) {
                case .status?: return 2
                default: return 0
                }
              }
            }
            """
          ),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.staticTableScene(
                id: "sync", controllerClass: "SyncViewController", sections: [.init(["Status"]), .init(["Account"])]
              )
            )
          ),
        ],
        note: "a section test not understood, an optional enum pattern: silent rather than guessing the sections"
      ),
      RuleExample(
        swift: """
          final class ContactsViewController: UITableViewController {
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 5 }
          }
          """,
        note: "no static table: a plain data source may return any count"
      ),
    ]
  )

  fileprivate static func message(count: Int, section: Int, rows: Int, owner: String, file: String) -> String {
    "'tableView(_:numberOfRowsInSection:)' returns \(count) for section \(section), but that section of the static "
      + "table of '\(owner)' in \(file) has \(rows) row\(rows == 1 ? "" : "s")"
  }

  public static func check(_ project: ProjectIndex) -> [Finding] {
    let facts = project.tableFacts
    var findings: [Finding] = []
    for ref in facts.staticTables where !ref.hasOtherDataSource {
      // Classes of one name in projects that never build together (Programming-iOS-Book-Examples' hundred
      // `RootViewController`s): which one this scene has is unknown.
      guard let owner = ref.controllerClass, let type = project.resolveType(owner),
        !project.isDeclaredSeparately(type.name),
        let method = facts.method(.numberOfRows, for: type.name), !method.dependsOnTableView
      else { continue }
      let sections = ref.table.table.sections
      let asked = min(sections.count, sectionsShown(facts, type: type.name, declared: sections.count) ?? Int.max)
      let known = sectionsShown(facts, type: type.name, declared: sections.count) != nil
      for item in method.returns {
        var candidates: [Int]
        switch item.sections {
        case .only(let list):
          candidates = list.filter { $0 < asked }
        case .all, .allExcept:
          // A return for "every other section" only counts where the table certainly has that section.
          guard known else { continue }
          candidates = (0..<asked).filter(item.sections.contains)
        }
        for section in candidates {
          let rows = sections[section].cellIDs.count
          guard let count = facts.integer(item.value, context: method.enclosingType, section: section), count > rows
          else { continue }
          findings.append(
            finding(
              message(count: count, section: section, rows: rows, owner: owner, file: ref.fileName),
              at: item.location,
              related: [RelatedLocation(location: sections[section].location, message: "section \(section)")]
            )
          )
          break
        }
      }
    }
    return findings
  }

  /// How many sections the table certainly shows: the storyboard's (no override, or `super`), or the constant the
  /// override returns (every return a constant). `nil` when computed.
  private static func sectionsShown(_ facts: TableFactsIndex, type: String, declared: Int) -> Int? {
    guard let method = facts.method(.numberOfSections, for: type) else {
      return facts.inheritsStoryboardCounts(type) ? declared : nil
    }
    guard !method.dependsOnTableView, !method.hasUnreadReturns, !method.returns.isEmpty else { return nil }
    if method.returns.allSatisfy({ $0.value == .superCall }) { return declared }
    let values = method.returns.map { facts.integer($0.value, context: method.enclosingType) }
    guard values.allSatisfy({ $0 != nil }) else { return nil }
    // The smallest: a section beyond it may not be shown.
    return values.compactMap { $0 }.min()
  }
}
