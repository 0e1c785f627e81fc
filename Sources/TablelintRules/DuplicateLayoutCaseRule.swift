import TablelintIndex
import TablelintModel

/// A case of a layout enum placed more than once.
///
/// **What it does:** for an enum with a `static var layout: [[Self]]` written as a literal, reports every placement
/// of a case after its first one, in the same section or another.
///
/// **Why is this bad?** The same row appears twice, and everything keyed by the case (the selected row, a switch's
/// state, an index path looked up with `firstIndex(of:)`) finds only the first one: updates land on the wrong row.
/// It is usually a copy-paste slip that hides the case meant to be there.
///
/// **Example:** `[[.autoplay, .cellularData], [.autoplay]]` where the second section was meant to hold
/// `.downloadQuality`.
///
/// **Instead:** place each case once.
public struct DuplicateLayoutCaseRule: Rule {
  public static let description = RuleDescription(
    identifier: "duplicate_layout_case",
    name: "Duplicate layout case",
    severity: .warning,
    summary: "a case of a layout enum is placed in its layout more than once",
    triggeringExamples: [
      RuleExample(
        swift: """
          enum PreferenceRow: TableViewDescriptor {
            case autoplay, cellularData, downloadQuality

            static var layout: [[PreferenceRow]] {
              [[.autoplay, .cellularData], [1️⃣.autoplay, .downloadQuality]]
            }
          }
          """
      ),
      RuleExample(
        swift: """
          enum ShareRow: TableViewDescriptor {
            case copyLink, message

            static let layout: [[ShareRow]] = [[.copyLink, .message, 1️⃣ShareRow.copyLink]]
          }
          """,
        note: "a stored layout, with the type written out"
      ),
    ],
    nonTriggeringExamples: [
      RuleExample(
        swift: """
          enum PreferenceRow: TableViewDescriptor {
            case autoplay, cellularData, downloadQuality

            static var layout: [[PreferenceRow]] {
              [[.autoplay, .cellularData], [.downloadQuality]]
            }
          }
          """
      ),
      RuleExample(
        swift: """
          enum Filter {
            case all, unread
            static let presets: [[Filter]] = [[.all], [.all, .unread]]
          }
          """,
        note: "only `layout` places rows"
      ),
    ]
  )

  public static func check(_ project: ProjectIndex) -> [Finding] {
    var findings: [Finding] = []
    for layout in project.tableFacts.layouts.values {
      guard let sections = layout.layout else { continue }
      var firstSection: [String: Int] = [:]
      for (index, entries) in sections.enumerated() {
        for entry in entries {
          if let first = firstSection[entry.caseName] {
            findings.append(
              finding(
                "case '\(entry.caseName)' is placed again in '\(layout.enumName).layout' (first in section \(first))",
                at: entry.location
              )
            )
          } else {
            firstSection[entry.caseName] = index
          }
        }
      }
    }
    return findings
  }
}
