import TablelintIndex
import TablelintModel

/// A constant section count larger than the sections the table declares.
///
/// **What it does:** compares the constants `numberOfSections(in:)` returns with the sections declared for the same
/// table: the storyboard's static table whose scene's controller is the class (or a subclass inheriting the method),
/// or the enum layout whose `layout[section].count` the class returns as its row count. Only constants are compared
/// (literals, `Enum.allCases.count`, `Layout.layout.count`); counts computed at run time are left alone. It also
/// warns when a controller over a static table returns 0 sections, or 0 rows for every section: Xcode's template,
/// which hides the whole table.
///
/// **Why is this bad?** UIKit asks a static table for the cells of every section the data source announces; past the
/// storyboard's last section it indexes out of range and the app crashes when the screen opens. For an enum layout,
/// `layout[section]` traps the same way. The template's `return 0` does not crash, but the screen designed in the
/// storyboard shows nothing.
///
/// **Example:** the storyboard's Settings table has two sections; after a section was deleted in Interface Builder,
/// `numberOfSections(in:)` still returns 3.
///
/// **Instead:** delete the override (a `UITableViewController` returns the storyboard's count), return
/// `super.numberOfSections(in: tableView)`, or return at most the declared number of sections.
public struct SectionCountMismatchRule: Rule {
  public static let description = RuleDescription(
    identifier: "section_count_mismatch",
    name: "Section count mismatch",
    severity: .error,
    summary: "numberOfSections(in:) returns more sections than the static table or layout declares",
    triggeringExamples: [
      RuleExample(
        [
          (
            "SettingsViewController.swift",
            """
            final class SettingsViewController: UITableViewController {
              override func numberOfSections(in tableView: UITableView) -> Int {
                return 1️⃣3
              }
            }
            """
          ),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.staticTableScene(
                id: "settings", controllerClass: "SettingsViewController",
                sections: [.init(header: "Account", ["Name"]), .init(header: "About", ["Version"])]
              )
            )
          ),
        ],
        note: "a section was deleted in the storyboard, the override still says 3"
      ),
      RuleExample(
        [
          (
            "PrivacyViewController.swift",
            """
            class BaseFormViewController: UITableViewController {
              enum Group: CaseIterable { case profile, privacy, legal }

              override func numberOfSections(in tableView: UITableView) -> Int { 1️⃣Group.allCases.count }
            }

            final class PrivacyViewController: BaseFormViewController {}
            """
          ),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.staticTableScene(
                id: "privacy", controllerClass: "PrivacyViewController",
                sections: [.init(["Profile"]), .init(["Tracking"])]
              )
            )
          ),
        ],
        note: "inherited from a workspace superclass; `allCases.count` is 3"
      ),
      RuleExample(
        [
          (
            "Preferences.swift",
            """
            enum PreferenceRow: TableViewDescriptor {
              case autoplay, quality
              static var layout: [[PreferenceRow]] { [[.autoplay], [.quality]] }
            }

            final class PreferencesViewController: UITableViewController {
              override func numberOfSections(in tableView: UITableView) -> Int { 1️⃣3 }

              override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                PreferenceRow.layout[section].count
              }
            }
            """
          )
        ],
        note: "`layout[2]` traps: the layout has two sections"
      ),
      RuleExample(
        [
          (
            "AccountViewController.swift",
            """
            final class AccountViewController: UITableViewController {
              override func numberOfSections(in tableView: UITableView) -> Int {
                // #warning Incomplete implementation, return the number of sections
                return 1️⃣0
              }

              override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                // #warning Incomplete implementation, return the number of rows
                return 2️⃣0
              }
            }
            """
          ),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.staticTableScene(
                id: "account", controllerClass: "AccountViewController", sections: [.init(["Email", "Password"])]
              )
            )
          ),
        ],
        note: "Xcode's template over a static table: nothing is shown (a warning)"
      ),
    ],
    nonTriggeringExamples: [
      RuleExample(
        [
          (
            "AuthTableViewController.swift",
            """
            final class AuthTableViewController: UITableViewController {
              override func numberOfSections(in tableView: UITableView) -> Int {
                return 2
              }

              override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                section == 0 ? services.count : 1
              }

              override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                indexPath.section == 0 ? serviceCell(at: indexPath) : emailRow
              }
            }
            """
          ),
          (
            "Auth.storyboard",
            ExampleIB.storyboard(
              ExampleIB.staticTableScene(id: "auth", controllerClass: "AuthTableViewController", sections: [])
            )
          ),
        ],
        note: "a storyboard table without sections whose controller makes every cell (Rocket.Chat's login screen)"
      ),
      RuleExample(
        [
          (
            "PrivacyViewController.swift",
            """
            final class PrivacyViewController: UITableViewController {
              enum Group: CaseIterable { case profile, privacy, legal }

              override func numberOfSections(in tableView: UITableView) -> Int { Group.allCases.count }
            }
            """
          ),
          (
            "PrivacyViewController+Flags.swift",
            """
            extension PrivacyViewController.Group {
              static var allCases: [Self] { FeatureFlags.legalPages ? [.profile, .privacy, .legal] : [.profile, .privacy] }
            }
            """
          ),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.staticTableScene(
                id: "privacy", controllerClass: "PrivacyViewController",
                sections: [.init(["Profile"]), .init(["Tracking"])]
              )
            )
          ),
        ],
        note: "a custom `allCases` in an extension in another file decides the count at run time"
      ),
      RuleExample(
        [
          (
            "SettingsViewController.swift",
            """
            final class SettingsViewController: UITableViewController {
              var showsDebugSection = false

              override func numberOfSections(in tableView: UITableView) -> Int {
                // The last section is for debug builds only.
                let count = super.numberOfSections(in: tableView)
                return showsDebugSection ? count : count - 1
              }
            }
            """
          ),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.staticTableScene(
                id: "settings", controllerClass: "SettingsViewController",
                sections: [.init(["Name"]), .init(["Reset Onboarding"])]
              )
            )
          ),
        ],
        note: "a computed count from super: unknown, so silent"
      ),
      RuleExample(
        [
          (
            "SettingsViewController.swift",
            """
            final class SettingsViewController: UITableViewController {
              override func numberOfSections(in tableView: UITableView) -> Int {
                return 1
              }

              override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                return isLoggedIn ? super.tableView(tableView, numberOfRowsInSection: section) : 0
              }
            }
            """
          ),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.staticTableScene(
                id: "settings", controllerClass: "SettingsViewController",
                sections: [.init(["Name"]), .init(["Sign Out"])]
              )
            )
          ),
        ],
        note: "fewer sections than declared hides the rest: legal; rows are 0 only while logged out"
      ),
      RuleExample(
        [
          (
            "SearchViewController.swift",
            """
            final class SearchViewController: UITableViewController {
              @IBOutlet var resultsTable: UITableView!

              override func numberOfSections(in tableView: UITableView) -> Int {
                if tableView === resultsTable { return 4 }
                return super.numberOfSections(in: tableView)
              }
            }
            """
          ),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.staticTableScene(id: "search", controllerClass: "SearchViewController", sections: [.init(["Recent"])])
            )
          ),
        ],
        note: "the method serves another table too"
      ),
      RuleExample(
        swift: """
          final class ListViewController: UITableViewController {
            override func numberOfSections(in tableView: UITableView) -> Int { 0 }
          }
          """,
        note: "no static table: an empty list until data arrives is fine"
      ),
    ]
  )

  fileprivate static func tooMany(_ count: Int, declared: Int, what: String) -> String {
    "'numberOfSections(in:)' returns \(count), but \(what) declares \(declared) section\(declared == 1 ? "" : "s")"
  }

  public static func check(_ project: ProjectIndex) -> [Finding] {
    let facts = project.tableFacts
    var findings: [Finding] = []
    for ref in facts.staticTables where !ref.hasOtherDataSource {
      // Classes of one name in projects that never build together: which one this scene has is unknown.
      guard let owner = ref.controllerClass, let type = project.resolveType(owner),
        !project.isDeclaredSeparately(type.name)
      else { continue }
      let declared = ref.table.table.sections.count
      // A storyboard table without sections whose controller makes every cell itself (Rocket.Chat's login screen,
      // shipped so since 2018): static in name only, UIKit never reads sections it does not have.
      if declared == 0, facts.method(named: "tableView(_:cellForRowAt:)", for: type.name) != nil { continue }
      let what = "the static table of '\(owner)' in \(ref.fileName)"
      let related = [RelatedLocation(location: ref.table.table.location, message: "the static table")]
      if let method = facts.method(.numberOfSections, for: type.name), !method.dependsOnTableView {
        for item in method.returns {
          guard let count = facts.integer(item.value, context: method.enclosingType), count > declared else { continue }
          findings.append(
            finding(tooMany(count, declared: declared, what: what), at: item.location, related: related)
          )
        }
        if returnsZeroEverywhere(method) {
          findings += method.returns.map {
            warning("'numberOfSections(in:)' returns 0: \(what) shows nothing (Xcode's template)", at: $0.location, related: related)
          }
        }
      }
      if let method = facts.method(.numberOfRows, for: type.name), !method.dependsOnTableView,
        returnsZeroEverywhere(method)
      {
        findings += method.returns.map {
          warning(
            "'tableView(_:numberOfRowsInSection:)' returns 0 for every section: \(what) shows nothing (Xcode's template)",
            at: $0.location, related: related
          )
        }
      }
    }
    // Layouts: `numberOfRows` returns `Layout.layout[section].count`.
    for (type, methods) in facts.methodsByType {
      guard let method = methods.first(where: { $0.kind == .numberOfSections }), !method.dependsOnTableView,
        let rows = facts.method(.numberOfRows, for: type), !rows.dependsOnTableView
      else { continue }
      let layouts = Set(rows.returns.compactMap { item -> String? in
        if case .layoutRowCount(let enumType) = item.value { return facts.layout(enumType, from: rows.enclosingType)?.enumName }
        return nil
      })
      guard layouts.count == 1, let name = layouts.first, let layout = facts.layouts[name], let sections = layout.layout
      else { continue }
      for item in method.returns {
        guard let count = facts.integer(item.value, context: type), count > sections.count else { continue }
        findings.append(
          finding(
            tooMany(count, declared: sections.count, what: "'\(name).layout'"), at: item.location,
            related: [RelatedLocation(location: layout.layoutLocation, message: "the layout")]
          )
        )
      }
    }
    return findings
  }

  /// Xcode's template: every return is an unconditional literal 0.
  private static func returnsZeroEverywhere(_ method: TableMethodFacts) -> Bool {
    !method.returns.isEmpty && !method.hasUnreadReturns
      && method.returns.allSatisfy { $0.value == .integer(0) && !$0.isConditional && $0.sections == .all }
  }

  private static func warning(_ message: String, at location: SourceLocation, related: [RelatedLocation]) -> Finding {
    Finding(
      ruleID: description.identifier, severity: .warning, message: message, location: location, related: related
    )
  }
}
