import TablelintIndex
import TablelintModel

/// A dequeued cell force-cast to a class the identifier does not produce.
///
/// **What it does:** for `dequeueReusableCell(…) as! SomeCell` (or `guard let cell = … as? SomeCell else {
/// fatalError() }`, or a generic helper of the workspace called as `let cell: SomeCell =
/// tableView.dequeueReusableCell(for: indexPath)`), and in Objective-C for `(SomeCell *)[tableView dequeue…]` or
/// `SomeCell *cell = [tableView dequeue…]`, finds what the identifier is bound to in the
/// dequeuing class's scope (registered classes, registered nibs' cell classes, prototypes' custom classes) and
/// reports when `SomeCell` is neither that class nor one of its superclasses.
///
/// **Why is this bad?** The force cast fails at run time: "Could not cast value of type 'App.PhotoCell' to
/// 'App.VideoCell'". Objective-C checks nothing at the cast: the first message only `SomeCell` answers fails with
/// "unrecognized selector sent to instance" (so the Objective-C finding is a warning: it crashes only when such a
/// message is sent). A prototype without a custom class is a plain `UITableViewCell`.
///
/// **Example:**
/// ```swift
/// tableView.register(PhotoCell.self, forCellReuseIdentifier: "Photo")
/// let cell = tableView.dequeueReusableCell(withIdentifier: "Photo", for: indexPath) as! VideoCell
/// ```
///
/// **Instead:** cast to the registered class, or register the class the code expects.
public struct CellClassMismatchRule: Rule {
  public static let description = RuleDescription(
    identifier: "cell_class_mismatch",
    name: "Cell class mismatch",
    severity: .error,
    summary: "a dequeued cell force-cast to a class its identifier does not produce",
    triggeringExamples: [
      RuleExample(
        swift: """
          import UIKit

          extension UITableView {
            func dequeueReusableCell<T: UITableViewCell>(for indexPath: IndexPath) -> T {
              dequeueReusableCell(withIdentifier: String(describing: T.self), for: indexPath) as! T
            }
          }

          final class PhotoCell: UITableViewCell {}
          final class VideoCell: UITableViewCell {}

          final class MediaViewController: UITableViewController {
            override func viewDidLoad() {
              super.viewDidLoad()
              tableView.register(PhotoCell.self, forCellReuseIdentifier: "VideoCell")
            }

            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
              let cell: VideoCell = 1️⃣tableView.dequeueReusableCell(for: indexPath)
              return cell
            }
          }
          """,
        note: "a generic helper of the workspace dequeues 'VideoCell', which is bound to 'PhotoCell'"
      ),
      RuleExample(
        swift: """
          import UIKit

          class MediaCell: UITableViewCell {}
          final class PhotoCell: MediaCell {}
          final class VideoCell: MediaCell {}

          final class MediaViewController: UITableViewController {
            override func viewDidLoad() {
              super.viewDidLoad()
              tableView.register(PhotoCell.self, forCellReuseIdentifier: "Photo")
            }

            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
              let cell = 1️⃣tableView.dequeueReusableCell(withIdentifier: "Photo", for: indexPath) as! VideoCell
              return cell
            }
          }
          """
      ),
      RuleExample(
        [
          (
            "SettingsViewController.swift",
            """
            import UIKit

            final class SwitchCell: UITableViewCell {
              @IBOutlet var toggle: UISwitch!
            }

            final class SettingsViewController: UITableViewController {
              override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = 1️⃣tableView.dequeueReusableCell(withIdentifier: "Switch", for: indexPath) as! SwitchCell
                return cell
              }
            }
            """
          ),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.tableScene(
                id: "settings", controllerClass: "SettingsViewController",
                prototypes: [ExampleIB.prototype(id: "p1", reuseIdentifier: "Switch")]
              )
            )
          ),
        ],
        note: "a prototype without a custom class is a plain UITableViewCell"
      ),
    ],
    nonTriggeringExamples: [
      RuleExample(
        [
          (
            "ConsoleViewController.m",
            """
            @implementation ConsoleViewController
            - (void)viewDidLoad {
              [super viewDidLoad];
              [self.tableView registerClass:LogItemCell.class forCellReuseIdentifier:@"cell"];
            }
            @end
            """
          ),
          (
            "AlbumViewController.m",
            """
            @interface AlbumViewController : UITableViewController
            @end

            @implementation AlbumViewController
            - (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
              AlbumTableViewCell *cell = [tableView dequeueReusableCellWithIdentifier:@"cell"];
              if (!cell) {
                cell = [[AlbumTableViewCell alloc] initWithStyle:UITableViewCellStyleSubtitle reuseIdentifier:@"cell"];
              }
              return cell;
            }
            @end
            """
          ),
          (
            "Cells.h",
            """
            @interface LogItemCell : UITableViewCell
            @end
            @interface AlbumTableViewCell : UITableViewCell
            @end
            @interface ConsoleViewController : UIViewController
            @property (nonatomic, strong) UITableView *tableView;
            @end
            """
          ),
        ],
        note: "a view controller that registers nothing makes its own cell; another class's 'cell' is another table's (QMUI)"
      ),
      RuleExample(
        swift: """
          import UIKit

          class MediaCell: UITableViewCell {}
          final class PhotoCell: MediaCell {}

          final class MediaViewController: UITableViewController {
            override func viewDidLoad() {
              super.viewDidLoad()
              tableView.register(PhotoCell.self, forCellReuseIdentifier: "Photo")
            }

            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
              if indexPath.row == 0 {
                return tableView.dequeueReusableCell(withIdentifier: "Photo", for: indexPath) as! MediaCell
              }
              let cell = tableView.dequeueReusableCell(withIdentifier: "Photo", for: indexPath) as! PhotoCell
              return cell
            }
          }
          """,
        note: "the registered class or one of its superclasses"
      ),
      RuleExample(
        swift: """
          import UIKit

          protocol DateCellProtocol: UICollectionViewCell {
            func select(_ selected: Bool)
          }

          final class DateSelectorCell: UICollectionViewCell, DateCellProtocol {
            func select(_ selected: Bool) {}
          }

          final class WeekCalendarView: UIView, UICollectionViewDataSource {
            let collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())

            func setUp() {
              collectionView.register(DateSelectorCell.self, forCellWithReuseIdentifier: "DateSelectorCell")
            }

            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 7 }

            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
              let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "DateSelectorCell", for: indexPath) as! DateCellProtocol
              cell.select(false)
              return cell
            }
          }
          """,
        note: "a forced cast to a protocol the cell adopts (energy-fitness-iOS)"
      ),
      RuleExample(
        [
          (
            "PhoneNumberDetailsViewController.swift",
            """
            import UIKit

            final class PhoneNumberDetailsViewController: UITableViewController {
              @objc(PhoneNumberDetailsSegmentCell) final class SegmentCell: UITableViewCell {}

              override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "segmentCell", for: indexPath) as! SegmentCell
                return cell
              }
            }
            """
          ),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.tableScene(
                id: "details", controllerClass: "PhoneNumberDetailsViewController",
                prototypes: [
                  ExampleIB.prototype(
                    id: "p1", reuseIdentifier: "segmentCell", cellClass: "PhoneNumberDetailsSegmentCell", module: nil
                  )
                ]
              )
            )
          ),
        ],
        note: "a prototype names the runtime name `@objc(…)` gives a Swift class (sudoplatform's samples)"
      ),
      RuleExample(
        [
          (
            "ThemedViewController.swift",
            """
            import UIKit
            import DesignSystem

            final class ThemedViewController: UITableViewController {
              override func viewDidLoad() {
                super.viewDidLoad()
                tableView.register(DSListCell.self, forCellReuseIdentifier: "List")
              }

              override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "List", for: indexPath) as! DSBaseCell
                return cell
              }
            }
            """
          )
        ],
        note: "classes from another module: their hierarchy is unknown"
      ),
    ]
  )

  static let genericCellClasses: Set<String> = [
    "UITableViewCell", "UICollectionViewCell", "UITableViewHeaderFooterView", "UICollectionReusableView", "UIView",
    "NSObject",
  ]

  public static func check(_ project: ProjectIndex) -> [Finding] {
    var findings: [Finding] = []
    for dequeue in project.dequeues
    where (dequeue.castKind == .forced || dequeue.castKind == .unchecked) && project.isRuleSubject(dequeue.location.file) {
      // A cast to a protocol (`as! DateCellProtocol`) holds for any cell that adopts it, maybe through an extension
      // or a constrained protocol the index does not follow: only casts to a workspace class are judged
      // (energy-fitness-iOS).
      guard let castType = dequeue.castType, !genericCellClasses.contains(castType),
        project.resolveType(castType)?.isClassLike == true, let checkable = CheckableDequeue(dequeue, in: project)
      else { continue }
      // A generic helper crashes on another class only when its body force-casts (`as? T ?? T()` does not).
      if case .genericHelper(let call) = dequeue.identifier, project.genericHelper(for: call)?.forcesCast != true {
        continue
      }
      let (identifier, scope) = (checkable.identifier, checkable.scope)
      guard !scope.hasUnknownRegistrations, let bindings = scope.bindings[identifier], !bindings.isEmpty else {
        continue
      }
      // A view controller that registers nothing and makes its own cell when none is queued dequeues from its own
      // table: what another class registers under the same identifier says nothing about it (QMUI's album list and
      // its console both use "cell").
      if !scope.isClassScoped, dequeue.nilHandling == .handled,
        let owner = dequeue.enclosingType.flatMap({ project.resolveType($0) }), project.isViewOrViewController(owner)
      {
        continue
      }
      var classes: [(name: String, binding: ReuseBinding)] = []
      var unknown = false
      for binding in bindings {
        if let name = project.cellClass(of: binding) { classes.append((name, binding)) } else { unknown = true }
      }
      guard !unknown, !classes.isEmpty else { continue }
      let fits = classes.contains { project.isSameOrSuperclass(castType, of: $0.name) != false }
      guard !fits else { continue }
      let produced = Set(classes.map { "'\(TypeInfo.simpleName(of: $0.name))'" }).sorted().joined(separator: " or ")
      var mismatch = finding(
        dequeue.castKind == .unchecked
          ? "'\(identifier)' dequeues \(produced), not the '\(castType)' this code uses"
          : "'\(identifier)' dequeues \(produced), so the forced cast to '\(castType)' crashes",
        at: dequeue.location,
        related: classes.map {
          RelatedLocation(
            location: $0.binding.location,
            message: "'\(identifier)' is bound to '\(TypeInfo.simpleName(of: $0.name))' here"
          )
        }
      )
      // Objective-C checks nothing at an unchecked cast: the crash comes only with a message the produced class
      // does not answer.
      if dequeue.castKind == .unchecked { mismatch.severity = .warning }
      findings.append(mismatch)
    }
    return findings
  }
}
