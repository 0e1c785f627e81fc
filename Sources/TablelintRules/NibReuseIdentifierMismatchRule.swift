import TablelintIndex
import TablelintModel

/// A cell nib registered under one identifier whose cell declares another.
///
/// **What it does:** for `register(UINib(nibName: "X", …), forCellReuseIdentifier: "A")`, looks at `X.xib` (every
/// localised copy): when its only top-level cell declares a non-empty reuse identifier `B` different from `A`, it
/// reports. Flow's `Row<Cell>` registers `Cell.xib` under `Cell.reuseIdentifier` (by default the class name), so the
/// same check applies to it.
///
/// **Why is this bad?** UIKit raises "cell reuse identifier in nib (B) does not match the identifier used to
/// register the nib (A)" when the cell is dequeued.
///
/// **Example:** `PhotoCell.xib`'s cell has *Identifier* `PhotoCellID` but the code registers it as `"Photo"`.
///
/// **Instead:** clear the identifier in the xib (the registration supplies it), or make both the same.
public struct NibReuseIdentifierMismatchRule: Rule {
  public static let description = RuleDescription(
    identifier: "nib_reuse_identifier_mismatch",
    name: "Nib reuse identifier mismatch",
    severity: .error,
    summary: "a cell nib registered under an identifier other than the one its cell declares",
    triggeringExamples: [
      RuleExample(
        [
          (
            "PhotosViewController.swift",
            """
            import UIKit

            final class PhotosViewController: UITableViewController {
              override func viewDidLoad() {
                super.viewDidLoad()
                tableView.register(UINib(nibName: "PhotoCell", bundle: nil), forCellReuseIdentifier: 1️⃣"Photo")
              }
            }
            """
          ),
          ("PhotoCell.xib", ExampleIB.cellXib(reuseIdentifier: "PhotoCellID", cellClass: "PhotoCell")),
        ]
      ),
      RuleExample(
        [
          (
            "ProfileViewController.swift",
            """
            import UIKit
            import Flow

            final class ProfileViewController: UIViewController {
              let manager: TableManager

              func reload() {
                let rows = [1️⃣Row<AvatarCell>(model: "me")]
                manager.add(section: Section(rows: rows))
              }
            }
            """
          ),
          ("AvatarCell.xib", ExampleIB.cellXib(reuseIdentifier: "Avatar", cellClass: "AvatarCell")),
        ],
        note: "Flow registers AvatarCell.xib under 'AvatarCell'"
      ),
    ],
    nonTriggeringExamples: [
      RuleExample(
        [
          (
            "PhotosViewController.swift",
            """
            import UIKit

            final class PhotosViewController: UITableViewController {
              override func viewDidLoad() {
                super.viewDidLoad()
                tableView.register(UINib(nibName: "PhotoCell", bundle: nil), forCellReuseIdentifier: "Photo")
                tableView.register(UINib(nibName: "BadgeCell", bundle: nil), forCellReuseIdentifier: "Badge")
              }
            }
            """
          ),
          ("PhotoCell.xib", ExampleIB.cellXib(reuseIdentifier: "Photo", cellClass: "PhotoCell")),
          ("BadgeCell.xib", ExampleIB.cellXib(reuseIdentifier: nil, cellClass: "BadgeCell")),
        ],
        note: "the same identifier, or none in the xib"
      )
    ],
    corrections: corrections
  )

  public static func check(_ project: ProjectIndex) -> [Finding] {
    var findings: [Finding] = []
    for (owner, registrations) in project.registrationsByType.sorted(by: { $0.key < $1.key }) {
      for registration in registrations {
        guard case .nib(let nameExpression, _) = registration.content,
          let nibName = project.resolve(nameExpression, in: owner),
          let identifier = project.resolve(registration.identifier, in: owner)
        else { continue }
        let mismatches = mismatchingCells(nib: nibName, expected: identifier, project: project)
        guard let first = mismatches.first else { continue }
        findings.append(
          finding(
            "nib '\(nibName)' is registered as '\(identifier)' but its cell declares reuse identifier '\(first.identifier)'",
            at: registration.identifierLocation,
            related: mismatches.map {
              RelatedLocation(location: $0.location, message: "the cell declares '\($0.identifier)' here")
            },
            fixes: fixes(mismatches, identifier: identifier)
          )
        )
      }
    }
    for row in project.libraryRows where row.library == .flow {
      guard let cellClass = row.cellClass else { continue }
      let nibName = TypeInfo.simpleName(of: cellClass)
      guard project.nibs[nibName] != nil else { continue }
      let identifier: String
      if project.resolveType(cellClass) != nil {
        guard let resolved = project.resolve(.reference(path: [cellClass, "reuseIdentifier"]), in: row.enclosingType)
          ?? defaultFlowIdentifier(cellClass, project: project)
        else { continue }
        identifier = resolved
      } else {
        identifier = nibName
      }
      let mismatches = mismatchingCells(nib: nibName, expected: identifier, project: project)
      guard let first = mismatches.first else { continue }
      findings.append(
        finding(
          "Flow registers nib '\(nibName)' as '\(identifier)' but its cell declares reuse identifier '\(first.identifier)'",
          at: row.location,
          related: mismatches.map {
            RelatedLocation(location: $0.location, message: "the cell declares '\($0.identifier)' here")
          },
          fixes: fixes(mismatches, identifier: identifier)
        )
      )
    }
    return findings
  }

  /// Flow's default `reuseIdentifier` is the class name, unless the class (or its chain) declares its own.
  private static func defaultFlowIdentifier(_ cellClass: String, project: ProjectIndex) -> String? {
    let chain = project.superclassChain(of: cellClass)
    let declaresOwn = chain.classes.contains { info in !info.members(named: "reuseIdentifier").isEmpty }
    return declaresOwn ? nil : TypeInfo.simpleName(of: cellClass)
  }

  private static func mismatchingCells(
    nib: String, expected: String, project: ProjectIndex
  ) -> [(identifier: String, location: SourceLocation, value: SourceLocation?)] {
    var result: [(String, SourceLocation, SourceLocation?)] = []
    for document in project.nibs[nib] ?? [] {
      let cells = document.standaloneCells
      guard cells.count == 1, let declared = cells[0].reuseIdentifier, !declared.isEmpty, declared != expected else {
        continue
      }
      result.append((declared, cells[0].reuseIdentifierLocation ?? cells[0].location, cells[0].reuseIdentifierLocation))
    }
    return result
  }

  /// Every mismatching copy of the nib declares the identifier it is registered under: safe, the dequeue crashes now.
  static func fixes(_ mismatches: [(identifier: String, location: SourceLocation, value: SourceLocation?)], identifier: String) -> [Fix] {
    let values = mismatches.compactMap(\.value)
    guard !values.isEmpty, values.count == mismatches.count else { return [] }
    return [
      Fix(
        title: "Change the nib's reuse identifier to '\(identifier)'", applicability: .safe,
        edits: values.map {
          FixEdit(path: $0.file, range: $0.range, newText: XMLEscaping.escape(identifier))
        }
      )
    ]
  }
}

extension NibReuseIdentifierMismatchRule {
  static let corrections: [RuleCorrection] = [
    RuleCorrection(
      RuleExample([
        (
          "PhotosViewController.swift",
          """
          import UIKit

          final class PhotosViewController: UITableViewController {
            override func viewDidLoad() {
              super.viewDidLoad()
              tableView.register(UINib(nibName: "PhotoCell", bundle: nil), forCellReuseIdentifier: "Photo")
            }
          }

          final class PhotoCell: UITableViewCell {}
          """
        ),
        ("PhotoCell.xib", ExampleIB.cellXib(reuseIdentifier: "PhotoCellID", cellClass: "PhotoCell")),
      ]),
      after: [("PhotoCell.xib", ExampleIB.cellXib(reuseIdentifier: "Photo", cellClass: "PhotoCell"))]
    ),
  ]
}
