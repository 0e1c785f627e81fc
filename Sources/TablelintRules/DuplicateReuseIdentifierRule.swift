import TablelintIndex
import TablelintModel

/// One identifier bound to two different cells in the same table or class.
///
/// **What it does:** reports (at the later declaration) two prototypes of one table or collection view with the
/// same reuse identifier; two registrations in one class, on the same table expression, that bind the same
/// identifier to different classes or nibs; and a registration that replaces a storyboard prototype of the only
/// table the class owns.
///
/// **Why is this bad?** Registering again under the same identifier replaces the earlier entry: only one of the
/// cells is ever dequeued, and a class registered over a storyboard prototype leaves the prototype's outlets nil
/// (a crash on the first outlet access, or an empty cell).
///
/// **Example:** `register(PhotoCell.self, forCellReuseIdentifier: "Cell")` then
/// `register(VideoCell.self, forCellReuseIdentifier: "Cell")`.
///
/// **Instead:** give each cell its own identifier; drop the registration when the storyboard prototype is meant.
public struct DuplicateReuseIdentifierRule: Rule {
  public static let description = RuleDescription(
    identifier: "duplicate_reuse_identifier",
    name: "Duplicate reuse identifier",
    severity: .warning,
    summary: "one identifier bound to different cells in the same table or class",
    triggeringExamples: [
      RuleExample(
        swift: """
          import UIKit

          final class PhotoCell: UITableViewCell {}
          final class VideoCell: UITableViewCell {}

          final class MediaViewController: UITableViewController {
            override func viewDidLoad() {
              super.viewDidLoad()
              tableView.register(PhotoCell.self, forCellReuseIdentifier: "Media")
              tableView.register(VideoCell.self, forCellReuseIdentifier: 1️⃣"Media")
            }
          }
          """
      ),
      RuleExample(
        [
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.tableScene(
                id: "list", controllerClass: nil,
                prototypes: [
                  ExampleIB.prototype(id: "c1", reuseIdentifier: "Cell", cellClass: "TitleCell"),
                  ExampleIB.prototype(id: "c2", reuseIdentifier: "1️⃣Cell", cellClass: "SubtitleCell"),
                ]
              )
            )
          )
        ],
        note: "two prototypes of one table"
      ),
      RuleExample(
        [
          (
            "ContactsViewController.swift",
            """
            import UIKit

            final class ContactCell: UITableViewCell {
              @IBOutlet var nameLabel: UILabel!
            }

            final class ContactsViewController: UITableViewController {
              override func viewDidLoad() {
                super.viewDidLoad()
                tableView.register(ContactCell.self, forCellReuseIdentifier: 1️⃣"Contact")
              }
            }
            """
          ),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.tableScene(
                id: "contacts", controllerClass: "ContactsViewController",
                prototypes: [ExampleIB.prototype(id: "p1", reuseIdentifier: "Contact", cellClass: "ContactCell")]
              )
            )
          ),
        ],
        note: "a class registered over the storyboard prototype: the prototype's outlets stay nil"
      ),
      RuleExample(
        swift: """
          import UIKit

          final class FlagCell: UITableViewCell {}
          final class SwitchCell: UITableViewCell {}

          final class DebugMenuViewController: UITableViewController {
            override func viewDidLoad() {
              super.viewDidLoad()
              #if DEBUG
              tableView.register(FlagCell.self, forCellReuseIdentifier: "Flag")
              tableView.register(SwitchCell.self, forCellReuseIdentifier: 1️⃣"Flag")
              #endif
            }
          }
          """,
        note: "two registrations in the same branch of `#if`"
      ),
    ],
    nonTriggeringExamples: [
      RuleExample(
        [
          ("DataSource/DataSource.xcodeproj/project.pbxproj", ExampleIB.xcodeProject(referencing: "RootViewController.swift")),
          (
            "DataSource/RootViewController.swift",
            """
            import UIKit

            final class RootViewController: UITableViewController {
              override func viewDidLoad() {
                super.viewDidLoad()
                tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
              }
            }
            """
          ),
          (
            "Configuration/Configuration.xcodeproj/project.pbxproj",
            ExampleIB.xcodeProject(referencing: "RootViewController.swift", "MyCell.swift")
          ),
          ("Configuration/MyCell.swift", "import UIKit\n\nfinal class MyCell: UITableViewCell {}"),
          (
            "Configuration/RootViewController.swift",
            """
            import UIKit

            final class RootViewController: UITableViewController {
              override func viewDidLoad() {
                super.viewDidLoad()
                tableView.register(MyCell.self, forCellReuseIdentifier: "Cell")
              }
            }
            """
          ),
        ],
        note: "two example projects of one repository, each with its own RootViewController (Programming-iOS-Book-Examples)"
      ),
      RuleExample(
        swift: """
          import UIKit

          public protocol ReusableView: AnyObject {
            static var defaultReuseIdentifier: String { get }
          }

          public extension ReusableView where Self: UIView {
            static var defaultReuseIdentifier: String { return String(describing: self.self) }
          }

          extension UITableViewHeaderFooterView: ReusableView {}

          public extension UITableView {
            func registerHeaderFooterView<View>(view: View.Type) where View: UITableViewHeaderFooterView {
              register(view.self, forHeaderFooterViewReuseIdentifier: view.defaultReuseIdentifier)
            }
          }

          final class SessionHeaderView: UITableViewHeaderFooterView {}
          final class SessionFooterView: UITableViewHeaderFooterView {}

          final class SessionTableViewController: UIViewController {
            private lazy var tableView: UITableView = {
              let result = UITableView()
              result.registerHeaderFooterView(view: SessionHeaderView.self)
              result.registerHeaderFooterView(view: SessionFooterView.self)
              return result
            }()
          }
          """,
        note: "`String(describing: self.self)` names each class, as `self` does (session-ios)"
      ),
      RuleExample(
        swift: """
          import UIKit

          final class PhotoCell: UITableViewCell {}

          final class MediaViewController: UIViewController {
            @IBOutlet var photosTable: UITableView!
            @IBOutlet var videosTable: UITableView!

            override func viewDidLoad() {
              super.viewDidLoad()
              photosTable.register(PhotoCell.self, forCellReuseIdentifier: "Media")
              videosTable.register(UITableViewCell.self, forCellReuseIdentifier: "Media")
              photosTable.register(PhotoCell.self, forCellReuseIdentifier: "Media")
            }
          }
          """,
        note: "different tables, and the same class registered twice"
      ),
      RuleExample(
        swift: """
          import UIKit

          final class SaveStatesViewController: UICollectionViewController {
            override func viewDidLoad() {
              super.viewDidLoad()
              #if os(tvOS)
                collectionView.register(UINib(nibName: "SaveStateCell~tvOS", bundle: nil), forCellWithReuseIdentifier: "SaveState")
              #else
                collectionView.register(UINib(nibName: "SaveStateCell", bundle: nil), forCellWithReuseIdentifier: "SaveState")
              #endif
              #if DEBUG
                collectionView.register(UINib(nibName: "DebugCell", bundle: nil), forCellWithReuseIdentifier: "Debug")
              #endif
              collectionView.register(UINib(nibName: "ReleaseCell", bundle: nil), forCellWithReuseIdentifier: "Debug")
            }
          }
          """,
        note: "registrations in different branches of `#if` (Provenance): no build compiles both"
      ),
      RuleExample(
        swift: """
          import UIKit

          class CourseCell: UICollectionViewCell {}
          final class LightCourseCell: CourseCell {}
          final class DarkCourseCell: CourseCell {}

          final class CourseListView: UIView {
            let collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
            var isDark = false

            func setUp(style: Int) {
              switch style {
              case 0:
                collectionView.register(LightCourseCell.self, forCellWithReuseIdentifier: "Course")
              default:
                collectionView.register(DarkCourseCell.self, forCellWithReuseIdentifier: "Course")
              }
              if isDark {
                collectionView.register(DarkCourseCell.self, forCellWithReuseIdentifier: "Header")
              } else {
                collectionView.register(LightCourseCell.self, forCellWithReuseIdentifier: "Header")
              }
            }
          }
          """,
        note: "one registration per case of a `switch` or branch of an `if` (stepik-ios)"
      ),
      RuleExample(
        [
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.tableScene(
                id: "a", controllerClass: nil, prototypes: [ExampleIB.prototype(id: "c1", reuseIdentifier: "Cell")]
              ),
              ExampleIB.tableScene(
                id: "b", controllerClass: nil, prototypes: [ExampleIB.prototype(id: "c2", reuseIdentifier: "Cell")]
              )
            )
          )
        ],
        note: "the same identifier in two different tables"
      ),
    ]
  )

  public static func check(_ project: ProjectIndex) -> [Finding] {
    duplicatePrototypes(project) + duplicateRegistrations(project) + registrationsOverPrototypes(project)
  }

  private static func duplicatePrototypes(_ project: ProjectIndex) -> [Finding] {
    var findings: [Finding] = []
    let groups = project.tables.filter { project.isRuleSubject($0.path) }.map(\.prototypes)
      + project.collectionViews.filter { project.isRuleSubject($0.path) }.map(\.prototypes)
    for prototypes in groups {
      var first: [String: IBCell] = [:]
      for cell in prototypes {
        guard let identifier = cell.reuseIdentifier, !identifier.isEmpty else { continue }
        if let earlier = first[identifier] {
          findings.append(
            finding(
              "prototype '\(identifier)' is declared twice in this table; only one of them can be dequeued",
              at: cell.reuseIdentifierLocation ?? cell.location,
              related: [
                RelatedLocation(
                  location: earlier.reuseIdentifierLocation ?? earlier.location, message: "first declared here"
                )
              ]
            )
          )
        } else {
          first[identifier] = cell
        }
      }
    }
    return findings
  }

  private static func duplicateRegistrations(_ project: ProjectIndex) -> [Finding] {
    var findings: [Finding] = []
    for (owner, registrations) in project.registrationsByType.sorted(by: { $0.key < $1.key })
    where registrations.contains(where: { project.isRuleSubject($0.identifierLocation.file) }) {
      // The first registrations of each key; several when they are in files no one Xcode project builds together
      // (same-named classes of a repository's separate example projects), each compared only with those its
      // projects build.
      var first: [String: [(content: String, registration: Registration)]] = [:]
      let ordered = registrations.sorted { $0.location < $1.location }
      for registration in ordered {
        guard let identifier = project.resolve(registration.identifier, in: owner),
          let content = contentKey(registration, owner: owner, project: project)
        else { continue }
        // Under different conditions (`#if os(tvOS)` and its `#else`, two cases of a `switch`), two registrations may
        // never run together: only those under the same conditions are compared.
        let key = "\(registration.kind.rawValue)|\(registration.receiver ?? "")|\(identifier)|\(registration.conditions ?? "")"
        let file = registration.identifierLocation.file
        if let earlier = first[key]?.first(where: {
          project.mayBuildTogether($0.registration.identifierLocation.file, file)
        }) {
          guard earlier.content != content else { continue }
          findings.append(
            finding(
              "'\(identifier)' is registered again with \(content), replacing \(earlier.content)",
              at: registration.identifierLocation,
              related: [RelatedLocation(location: earlier.registration.identifierLocation, message: "first registered here")]
            )
          )
        } else {
          first[key, default: []].append((content, registration))
        }
      }
    }
    return findings
  }

  private static func contentKey(_ registration: Registration, owner: String, project: ProjectIndex) -> String? {
    switch registration.content {
    case .cellClass(let name?): return "class '\(TypeInfo.simpleName(of: name))'"
    case .nib(let expression, _): return project.resolve(expression, in: owner).map { "nib '\($0)'" }
    case .cellClass(nil), .none: return nil
    }
  }

  /// A registration in a class that owns exactly one storyboard table, on that table, over one of its prototypes.
  private static func registrationsOverPrototypes(_ project: ProjectIndex) -> [Finding] {
    var findings: [Finding] = []
    for (owner, registrations) in project.registrationsByType.sorted(by: { $0.key < $1.key })
    where registrations.contains(where: { project.isRuleSubject($0.identifierLocation.file) }) {
      let family = Set(project.family(of: owner).map(\.simpleName))
      let owned = project.tables.filter {
        $0.document.kind == .storyboard && !$0.ownerClasses.isDisjoint(with: family)
      }
      for registration in registrations where registration.kind == .tableCell {
        // The one table of the class's storyboards that a project may build with the registration.
        let file = registration.identifierLocation.file
        let candidates = owned.count == 1 ? owned : owned.filter { project.mayBuildTogether($0.path, file) }
        guard candidates.count == 1, let table = candidates.first, project.mayBuildTogether(table.path, file) else {
          continue
        }
        let outletNames = outlets(to: table, from: family)
        guard registration.content != .none,
          isReceiver(registration.receiver, table: table, outletNames: outletNames),
          let identifier = project.resolve(registration.identifier, in: owner),
          let prototype = table.prototypes.first(where: { $0.reuseIdentifier == identifier })
        else { continue }
        findings.append(
          finding(
            "registering '\(identifier)' replaces the storyboard prototype of the same identifier; the prototype's layout and outlets are never used",
            at: registration.identifierLocation,
            related: [RelatedLocation(location: prototype.reuseIdentifierLocation ?? prototype.location, message: "the prototype is declared here")]
          )
        )
      }
    }
    return findings
  }

  private static func outlets(to table: IBTableRef, from family: Set<String>) -> Set<String> {
    var names: Set<String> = []
    for connection in table.document.connections where connection.kind == .outlet && connection.destinationID == table.table.id {
      if let property = connection.property { names.insert(property) }
    }
    return names
  }

  private static func isReceiver(_ receiver: String?, table: IBTableRef, outletNames: Set<String>) -> Bool {
    guard let receiver else { return false }
    let name = receiver.hasPrefix("self.") ? String(receiver.dropFirst(5)) : receiver
    if outletNames.contains(name) { return true }
    // `tableView` of a UITableViewController is its table (the scene's `view`).
    guard name == "tableView", let controllerID = table.table.containingControllerID else { return false }
    return table.document.object(withID: controllerID)?.element == "tableViewController"
  }
}
