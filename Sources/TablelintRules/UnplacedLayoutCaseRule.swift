import TablelintIndex
import TablelintModel

/// A case of a layout enum that no section places.
///
/// **What it does:** for an enum with a `static var layout: [[Self]]` written as a literal (the enum-layout idiom:
/// `enum SettingsRow: TableViewDescriptor { case …; static var layout: [[SettingsRow]] }`), reports every case that
/// appears in no section of the layout. It stays silent when the layout is computed or conditional, and when the
/// enum's cases are not all known (`#if`, associated values).
///
/// **Why is this bad?** The table shows exactly the rows of `layout`. A case added to the enum but not to the layout
/// compiles, is handled in every `switch`, and never appears on screen.
///
/// **Example:** `case clearHistory` was added with its title and action, but `layout` was not updated.
///
/// **Instead:** place the case in the section where it belongs, or delete it.
public struct UnplacedLayoutCaseRule: Rule {
  public static let description = RuleDescription(
    identifier: "unplaced_layout_case",
    name: "Unplaced layout case",
    severity: .warning,
    summary: "a case of a layout enum appears in no section of its layout",
    triggeringExamples: [
      RuleExample(
        swift: """
          enum PreferenceRow: TableViewDescriptor {
            case autoplay, cellularData, 1️⃣clearHistory

            static var layout: [[PreferenceRow]] {
              [[.autoplay, .cellularData]]
            }

            var title: String {
              switch self {
              case .autoplay: return "Autoplay Videos"
              case .cellularData: return "Use Cellular Data"
              case .clearHistory: return "Clear History"
              }
            }
          }
          """
      )
    ],
    nonTriggeringExamples: [
      RuleExample(
        swift: """
          enum PreferenceRow: TableViewDescriptor {
            case autoplay, cellularData, clearHistory

            static var layout: [[PreferenceRow]] {
              [[.autoplay, .cellularData], [.clearHistory]]
            }
          }
          """
      ),
      RuleExample(
        swift: """
          enum AccountRow: TableViewDescriptor {
            case profile, subscription, debugMenu

            static var layout: [[AccountRow]] {
              var sections: [[AccountRow]] = [[.profile, .subscription]]
              if FeatureFlags.debugMenu { sections.append([.debugMenu]) }
              return sections
            }
          }
          """,
        note: "a computed layout places rows at run time"
      ),
      RuleExample(
        swift: """
          enum AboutRow {
            case version, licenses, hidden
          }
          """,
        note: "not a layout enum"
      ),
    ]
  )

  public static func check(_ project: ProjectIndex) -> [Finding] {
    let facts = project.tableFacts
    var findings: [Finding] = []
    for layout in facts.layouts.values {
      guard let sections = layout.layout, let list = facts.enums[layout.enumName], !list.casesAreUncertain else {
        continue
      }
      let placed = Set(sections.flatMap { $0.map(\.caseName) })
      for (name, location) in zip(list.cases, list.caseLocations) where !placed.contains(name) {
        findings.append(
          finding(
            "case '\(name)' of '\(layout.enumName)' is in no section of 'layout', so its row is never shown",
            at: location, related: [RelatedLocation(location: layout.layoutLocation, message: "the layout")]
          )
        )
      }
    }
    return findings
  }
}
