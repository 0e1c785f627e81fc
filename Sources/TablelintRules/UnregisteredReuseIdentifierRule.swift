import TablelintIndex
import TablelintModel

/// A cell dequeued with an identifier that nothing registered for that table.
///
/// **What it does:** for every `dequeueReusableCell(withIdentifier:for:)` (and the collection-view, header and
/// footer forms) whose identifier resolves to a string, checks that the dequeuing class or its superclasses (or
/// subclasses: the instance may be one) register that identifier, or that it is a prototype of a table the class
/// owns in a storyboard. A type that configures no table itself (a shared data source, a cell factory) is checked
/// against the whole workspace. The optional `dequeueReusableCell(withIdentifier:)` is checked only when its result
/// is force-unwrapped or force-cast, at once or later in the function with no fallback in between. Cell providers of
/// diffable data sources count for the class that creates them. Generic helpers declared in the workspace
/// (`let cell: PhotoCell = tableView.dequeueReusableCell(for: indexPath)`, `register(cellType: PhotoCell.self)`) are
/// read through their bodies, with the type bound at the call site. Identifiers are case-sensitive.
///
/// **Why is this bad?** UIKit raises "unable to dequeue a cell with identifier …" the first time the row is shown.
/// A prototype registers its identifier only for the table it sits in, so a prototype of another screen does not
/// help.
///
/// **Example:**
/// ```swift
/// tableView.register(PhotoCell.self, forCellReuseIdentifier: "Photo")
/// let cell = tableView.dequeueReusableCell(withIdentifier: "photo", for: indexPath)
/// ```
///
/// **Instead:** dequeue with the registered identifier, ideally one constant shared by both calls
/// (`PhotoCell.reuseIdentifier`), or add the prototype to this controller's table.
///
/// tablelint stays silent when it cannot know: computed identifiers, superclasses from other modules, generic
/// helpers from a pod (except AliSoftware/Reusable's `register(cellType:)` and `dequeueReusableCell(for:)` on classes
/// that declare `Reusable`/`NibReusable` in the workspace: their identifier is the class name) and table libraries
/// (venmo/Static, Flow) that register by themselves. Where code it cannot follow registers
/// (`register(cellType:)`, a loop, Objective-C), it reports only a literal identifier that the workspace spells out
/// nowhere else: such a string cannot be registered by any code in the project.
public struct UnregisteredReuseIdentifierRule: Rule {
  public static let description = RuleDescription(
    identifier: "unregistered_reuse_identifier",
    name: "Unregistered reuse identifier",
    severity: .error,
    summary: "a dequeued identifier that is neither registered nor a prototype of the class's tables",
    triggeringExamples: triggeringExamples,
    nonTriggeringExamples: nonTriggeringExamples,
    corrections: corrections
  )

  public static func check(_ project: ProjectIndex) -> [Finding] {
    var findings: [Finding] = []
    for dequeue in project.dequeues where dequeue.nilHandling != .handled && project.isRuleSubject(dequeue.location.file) {
      guard let checkable = CheckableDequeue(dequeue, in: project) else { continue }
      let (identifier, type, scope) = (checkable.identifier, checkable.type, checkable.scope)
      let isLiteral = if case .literal = dequeue.identifier { true } else { false }
      guard project.isCertainlyUnbound(identifier, in: scope, writtenAsLiteral: isLiteral) else { continue }
      let suggestion = NameSuggestion.suffix(for: identifier, among: scope.bindings.keys)
      let message: String
      var related: [RelatedLocation] = []
      if scope.isClassScoped {
        message = "'\(identifier)' is neither registered by '\(type.simpleName)' nor a prototype of its tables\(suggestion)"
        // Say where the identifier does exist, if it is a prototype of another table.
        let elsewhere = project.workspaceScope(kind: dequeue.kind).bindings[identifier] ?? []
        related = elsewhere.prefix(3).map {
          RelatedLocation(location: $0.location, message: "'\(identifier)' belongs to another table or class here")
        }
      } else {
        message = "'\(identifier)' is registered nowhere and is no prototype in any storyboard\(suggestion)"
      }
      var fixes = isLiteral ? oneEditAway(identifier, among: scope.bindings.keys, literal: dequeue.identifierLocation) : []
      // Registering the identifier where the class sets up its table, for the editor to offer.
      if let owner = dequeue.enclosingType, let type = project.resolveType(owner),
        let registration = CodeInsertions.registration(of: dequeue.identifier, dequeue: dequeue, in: type)
      {
        fixes.append(
          Fix(
            title: "Register '\(identifier)' in '\(type.simpleName).viewDidLoad()'", applicability: .suggestion,
            edits: [registration]
          )
        )
      }
      findings.append(finding(message, at: dequeue.identifierLocation, related: related, fixes: fixes))
    }
    return findings
  }

  /// A literal one edit away from exactly one identifier the scope binds (a typo, a case slip) is replaced by it:
  /// safe, since the dequeue crashes as written.
  /// Otherwise the nearest identifier the scope binds is a suggestion (editors offer it; `--fix` does not apply it).
  static func oneEditAway(_ identifier: String, among bound: some Sequence<String>, literal: SourceLocation) -> [Fix] {
    let written = Array(identifier)
    let near = Set(bound).filter { NameSuggestion.editDistance(written, Array($0)) == 1 }
    let applicability: Fix.Applicability
    let replacement: String
    if near.count == 1, let only = near.first {
      (applicability, replacement) = (.safe, only)
    } else if let nearest = NameSuggestion.nearest(to: identifier, among: bound) {
      (applicability, replacement) = (.suggestion, nearest)
    } else {
      return []
    }
    return [
      Fix(
        title: "Change the identifier to '\(replacement)'", applicability: applicability,
        edits: [
          FixEdit(
            path: literal.file, range: literal.range,
            // An Objective-C literal's location includes its `@`; the escapes are C's, which Swift's basic ones are.
            newText: (SourceFileKind(path: literal.file) == .objectiveC ? "@" : "") + SwiftLiteral.string(replacement)
          )
        ]
      )
    ]
  }
}

extension UnregisteredReuseIdentifierRule {
  static let corrections: [RuleCorrection] = [
    RuleCorrection(
      swift: swiftList(registered: ["Cell"], dequeued: "cell"), after: swiftList(registered: ["Cell"], dequeued: "Cell"),
      note: "one edit away from the only identifier registered: a typo"
    ),
    RuleCorrection(
      RuleExample(
        swift: swiftList(registered: ["Cells", "Cello"], dequeued: "Cell"),
        note: "two identifiers one edit away: which one was meant is not known, nothing is changed"
      ),
      after: []
    ),
    RuleCorrection(
      RuleExample([
        ("ListViewController.m", objectiveCList(dequeued: "@\"Cel\"")),
      ], note: "Objective-C: the literal keeps its @"),
      after: [("ListViewController.m", objectiveCList(dequeued: "@\"Cell\""))]
    ),
  ]

  private static func swiftList(registered: [String], dequeued: String) -> String {
    let registrations = registered.map {
      "\n    tableView.register(UITableViewCell.self, forCellReuseIdentifier: \"\($0)\")"
    }.joined()
    return """
      import UIKit

      final class ListViewController: UITableViewController {
        override func viewDidLoad() {
          super.viewDidLoad()\(registrations)
        }

        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
          tableView.dequeueReusableCell(withIdentifier: "\(dequeued)", for: indexPath)
        }
      }
      """
  }

  private static func objectiveCList(dequeued: String) -> String {
    """
    #import <UIKit/UIKit.h>

    @interface ListViewController : UITableViewController
    @end

    @implementation ListViewController
    - (void)viewDidLoad {
        [super viewDidLoad];
        [self.tableView registerClass:[UITableViewCell class] forCellReuseIdentifier:@"Cell"];
    }

    - (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
        return [tableView dequeueReusableCellWithIdentifier:\(dequeued) forIndexPath:indexPath];
    }
    @end
    """
  }

  static let triggeringExamples: [RuleExample] = [
    RuleExample(
      swift: """
        import UIKit

        final class ListViewController: UITableViewController {
          override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
          }

          override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            tableView.dequeueReusableCell(withIdentifier: 1️⃣"cell", for: indexPath)
          }
        }
        """,
      note: "identifiers are case-sensitive"
    ),
    RuleExample(
      [
        (
          "PhotosViewController.swift",
          """
          import UIKit

          final class PhotoCell: UITableViewCell {
            static let reuseIdentifier = "Photo"
          }

          final class PhotosViewController: UITableViewController {
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
              let cell = tableView.dequeueReusableCell(withIdentifier: 1️⃣PhotoCell.reuseIdentifier, for: indexPath)
              return cell
            }
          }
          """
        ),
        (
          "Main.storyboard",
          ExampleIB.storyboard(
            ExampleIB.tableScene(
              id: "photos", controllerClass: "PhotosViewController",
              prototypes: [ExampleIB.prototype(id: "p1", reuseIdentifier: "PhotoCell", cellClass: "PhotoCell")]
            )
          )
        ),
      ],
      note: "the constant says 'Photo', the storyboard prototype says 'PhotoCell'"
    ),
    RuleExample(
      [
        (
          "ProfileViewController.swift",
          """
          import UIKit

          final class ProfileViewController: UITableViewController {
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
              if indexPath.row == 0 {
                return tableView.dequeueReusableCell(withIdentifier: "Avatar", for: indexPath)
              }
              return tableView.dequeueReusableCell(withIdentifier: 1️⃣"Toggle", for: indexPath)
            }
          }

          final class SettingsViewController: UITableViewController {}
          """
        ),
        (
          "Main.storyboard",
          ExampleIB.storyboard(
            ExampleIB.tableScene(
              id: "profile", controllerClass: "ProfileViewController",
              prototypes: [ExampleIB.prototype(id: "p1", reuseIdentifier: "Avatar")]
            ),
            ExampleIB.tableScene(
              id: "settings", controllerClass: "SettingsViewController",
              prototypes: [ExampleIB.prototype(id: "p2", reuseIdentifier: "Toggle")]
            )
          )
        ),
      ],
      note: "a prototype registers its identifier only for the table it sits in"
    ),
    RuleExample(
      swift: """
        import UIKit

        final class DetailViewController: UIViewController, UITableViewDataSource {
          @IBOutlet var tableView: UITableView!

          override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Value")
          }

          func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }

          func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: 1️⃣"Detail")!
            return cell
          }
        }
        """,
      note: "the optional form force-unwrapped crashes too"
    ),
    RuleExample(
      swift: """
        import UIKit

        final class DetailViewController: UIViewController, UITableViewDataSource {
          @IBOutlet var tableView: UITableView!

          override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Value")
          }

          func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }

          func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            var cell = tableView.dequeueReusableCell(withIdentifier: 1️⃣"Detail")
            cell?.textLabel?.text = "Detail"
            return cell!
          }
        }
        """,
      note: "the optional form kept in a variable and force-unwrapped later"
    ),
    RuleExample(
      swift: """
        import UIKit

        protocol Reusable: AnyObject {
          static var reuseIdentifier: String { get }
        }

        extension Reusable {
          static var reuseIdentifier: String { String(describing: self) }
        }

        extension UITableView {
          func register<T: UITableViewCell & Reusable>(cellType: T.Type) {
            register(cellType, forCellReuseIdentifier: cellType.reuseIdentifier)
          }

          func dequeueReusableCell<T: UITableViewCell & Reusable>(for indexPath: IndexPath) -> T {
            dequeueReusableCell(withIdentifier: T.reuseIdentifier, for: indexPath) as! T
          }
        }

        final class PhotoCell: UITableViewCell, Reusable {}
        final class VideoCell: UITableViewCell, Reusable {}

        final class FeedViewController: UITableViewController {
          override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(cellType: PhotoCell.self)
          }

          override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            if indexPath.row == 0 {
              let cell: PhotoCell = tableView.dequeueReusableCell(for: indexPath)
              return cell
            }
            let cell: 1️⃣VideoCell = tableView.dequeueReusableCell(for: indexPath)
            return cell
          }
        }
        """,
      note: "a generic helper of the workspace, read through its body: 'VideoCell' was never registered"
    ),
    RuleExample(
      swift: """
        import UIKit

        final class ContactsViewController: UIViewController {
          @IBOutlet var tableView: UITableView!

          private lazy var dataSource = UITableViewDiffableDataSource<Int, String>(tableView: tableView) {
            tableView, indexPath, name in
            let cell = tableView.dequeueReusableCell(withIdentifier: 1️⃣"Contacts", for: indexPath)
            cell.textLabel?.text = name
            return cell
          }

          override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Contact")
          }
        }
        """,
      note: "a diffable data source's cell provider dequeues for the class that configures the table"
    ),
    RuleExample(
      swift: """
        import UIKit
        import Reusable

        final class MemberCell: UITableViewCell, Reusable {}
        final class InviteCell: UITableViewCell, NibReusable {}
        final class MembersHeader: UITableViewHeaderFooterView, NibReusable {}

        final class MembersViewController: UITableViewController {
          override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(cellType: MemberCell.self)
            tableView.register(headerFooterViewType: MembersHeader.self)
          }

          override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            if indexPath.section == 0 {
              return tableView.dequeueReusableCell(for: indexPath, cellType: MemberCell.self)
            }
            let cell: 1️⃣InviteCell = tableView.dequeueReusableCell(for: indexPath)
            return cell
          }
        }
        """,
      note: "AliSoftware/Reusable's helpers: a class that declares 'Reusable' is dequeued under its own name"
    ),
    RuleExample(
      [
        (
          "UITableViewController+Search.h",
          """
          #import <UIKit/UIKit.h>

          @interface UITableViewController (Search)
          - (void)showSearch;
          @end
          """
        ),
        (
          "HistoryViewController.swift",
          """
          import UIKit

          final class HistoryViewController: UITableViewController {
            override func viewDidLoad() {
              super.viewDidLoad()
              title = "History"
              tableView.register(UITableViewCell.self, forCellReuseIdentifier: HistoryViewController.cellID)
            }

            static let cellID = "HistoryCell"

            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
              tableView.dequeueReusableCell(withIdentifier: 1️⃣"History", for: indexPath)
            }
          }
          """
        ),
      ],
      note: "an Objective-C category of a framework class registers nothing for this controller"
    ),
  ]

  static let nonTriggeringExamples: [RuleExample] = [
    RuleExample(
      [
        (
          "KeyFilesTableViewController.m",
          """
          @implementation KeyFilesTableViewController
          - (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
            return [tableView dequeueReusableCellWithIdentifier:@"keyFileIdentifier" forIndexPath:indexPath];
          }
          @end
          """
        ),
        (
          "KeyFileDeterminer.m",
          """
          @implementation KeyFileDeterminer
          - (void)pickKeyFile {
            UIStoryboard* storyboard = [UIStoryboard storyboardWithName:@"KeyFiles" bundle:nil];
            [self.viewController presentViewController:[storyboard instantiateInitialViewController] animated:YES completion:nil];
          }
          @end
          """
        ),
        (
          "PinEntry.swift",
          """
          import UIKit

          final class PinEntryPresenter {
            func present(from controller: UIViewController) {
              let storyboard = UIStoryboard(name: "PinEntry", bundle: nil)
              controller.present(storyboard.instantiateInitialViewController()!, animated: true)
            }
          }
          """
        ),
      ],
      note: "the code loads storyboards the repository does not hold (Strongbox publishes its sources without them): their prototypes are out of sight"
    ),
    RuleExample(
      swift: """
        import UIKit

        final class DetailViewController: UITableViewController {
          override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            var cell = tableView.dequeueReusableCell(withIdentifier: "Detail")
            if cell == nil {
              cell = UITableViewCell(style: .value1, reuseIdentifier: "Detail")
            }
            cell!.textLabel?.text = "Detail"
            return cell!
          }
        }
        """,
      note: "the optional form re-assigned a fallback before it is force-unwrapped"
    ),
    RuleExample(
      swift: """
        import UIKit

        extension UITableView {
          func registerCell<CellType: UITableViewCell>(ofType: CellType.Type) {
            let reuseIdentifier = "\\(CellType.self)"
            register(CellType.self, forCellReuseIdentifier: reuseIdentifier)
          }

          func dequeueCell<CellType: UITableViewCell>(ofType: CellType.Type, for indexPath: IndexPath) -> CellType {
            let reuseIdentifier = "\\(CellType.self)"
            guard let cell = dequeueReusableCell(withIdentifier: reuseIdentifier, for: indexPath) as? CellType else {
              fatalError("Could not dequeue cell of type \\(CellType.self)")
            }
            return cell
          }
        }

        final class BookmarkCell: UITableViewCell {}

        final class BookmarksViewController: UITableViewController {
          override func viewDidLoad() {
            super.viewDidLoad()
            tableView.registerCell(ofType: BookmarkCell.self)
          }

          override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            tableView.dequeueCell(ofType: BookmarkCell.self, for: indexPath)
          }
        }
        """,
      note: "a generic helper of the workspace, registered and dequeued with the same type"
    ),
    RuleExample(
      swift: """
        import UIKit

        protocol Reusable: AnyObject {}
        extension Reusable where Self: UIView {
          static var defaultReuseIdentifier: String { String(describing: self) }
        }

        extension UITableView {
          func register<T: UITableViewCell>(cellClass: T.Type) where T: Reusable {
            register(cellClass, forCellReuseIdentifier: T.defaultReuseIdentifier)
          }
        }

        extension UICollectionView {
          func register<T: UICollectionViewCell>(cellClass: T.Type) where T: Reusable {
            register(cellClass, forCellWithReuseIdentifier: T.defaultReuseIdentifier)
          }

          func dequeueReusableCell<T: UICollectionViewCell>(for indexPath: IndexPath) -> T where T: Reusable {
            dequeueReusableCell(withReuseIdentifier: T.defaultReuseIdentifier, for: indexPath) as! T
          }

          func showSkeleton() {
            self.register(cellClass: SkeletonCell.self)
          }
        }

        final class SkeletonCell: UICollectionViewCell, Reusable {}

        final class SkeletonDataSource: NSObject, UICollectionViewDataSource {
          func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 20 }

          func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell: SkeletonCell = collectionView.dequeueReusableCell(for: indexPath)
            return cell
          }
        }
        """,
      note: "a collection view's helper called on `self` in an extension of UICollectionView, beside a table view's of the same name (stepik-ios)"
    ),
    RuleExample(
      swift: """
        import UIKit
        import Reusable

        final class RoomsViewController: UITableViewController {
          override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(cellType: RoomCell.self)
          }

          override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell: DirectoryCell = tableView.dequeueReusableCell(for: indexPath)
            return cell
          }
        }
        """,
      note: "the helpers come from a pod whose body the workspace does not hold"
    ),
    RuleExample(
      swift: """
        import UIKit

        final class ContactsViewController: UIViewController {
          @IBOutlet var tableView: UITableView!

          private lazy var dataSource = UITableViewDiffableDataSource<Int, String>(tableView: tableView) {
            tableView, indexPath, name in
            let cell = tableView.dequeueReusableCell(withIdentifier: "Contact", for: indexPath)
            cell.textLabel?.text = name
            return cell
          }

          override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Contact")
          }
        }
        """,
      note: "a diffable data source's cell provider"
    ),
    RuleExample(
      swift: """
        import UIKit

        final class ListViewController: UITableViewController {
          override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "Plain")
              ?? UITableViewCell(style: .default, reuseIdentifier: "Plain")
            return cell
          }
        }
        """,
      note: "the optional form with a fallback needs no registration"
    ),
    RuleExample(
      swift: """
        import UIKit

        protocol Reusable {
          static var reuseIdentifier: String { get }
        }

        extension Reusable {
          static var reuseIdentifier: String { String(describing: self) }
        }

        final class PhotoCell: UITableViewCell, Reusable {}

        final class PhotosViewController: UITableViewController {
          override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(PhotoCell.self, forCellReuseIdentifier: String(describing: PhotoCell.self))
          }

          override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            tableView.dequeueReusableCell(withIdentifier: PhotoCell.reuseIdentifier, for: indexPath)
          }
        }
        """,
      note: "a protocol-extension default that returns the type's name"
    ),
    RuleExample(
      swift: """
        import UIKit

        class FormTableViewController: UITableViewController {
          override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: "\\(UITableViewCell.self)")
          }
        }

        final class SummaryViewController: FormTableViewController {
          override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            tableView.dequeueReusableCell(withIdentifier: "UITableViewCell", for: indexPath)
          }
        }
        """,
      note: "registered by the superclass, dequeued by the subclass"
    ),
    RuleExample(
      swift: """
        import UIKit

        enum CellID: String {
          case photo
          case caption = "CaptionCell"
        }

        final class PhotoViewController: UITableViewController {
          override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: CellID.photo.rawValue)
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: "CaptionCell")
          }

          override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let id = indexPath.row == 0 ? CellID.photo.rawValue : CellID.caption.rawValue
            if indexPath.section == 1 {
              return tableView.dequeueReusableCell(withIdentifier: CellID.caption.rawValue, for: indexPath)
            }
            return tableView.dequeueReusableCell(withIdentifier: id, for: indexPath)
          }
        }
        """,
      note: "enum raw values resolve; a computed identifier is left alone"
    ),
    RuleExample(
      swift: """
        import UIKit

        final class FeedViewController: UIViewController {
          @IBOutlet var tableView: UITableView!
          let dataSource = FeedDataSource()

          override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: FeedDataSource.cellID)
            tableView.dataSource = dataSource
          }
        }

        final class FeedDataSource: NSObject, UITableViewDataSource {
          static let cellID = "FeedCell"

          func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }

          func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            tableView.dequeueReusableCell(withIdentifier: Self.cellID, for: indexPath)
          }
        }
        """,
      note: "a shared data source dequeues what the controller that configures the table registered"
    ),
    RuleExample(
      swift: """
        import UIKit
        import Reusable

        final class InboxViewController: UITableViewController {
          override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(cellType: MessageCell.self)
          }

          override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            tableView.dequeueReusableCell(withIdentifier: "MessageCell", for: indexPath)
          }
        }
        """,
      note: "a registration helper registers something tablelint cannot name"
    ),
    RuleExample(
      swift: """
        import UIKit
        import Eureka

        final class ProfileFormViewController: FormViewController {
          override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            tableView.dequeueReusableCell(withIdentifier: "EurekaRow", for: indexPath)
          }
        }
        """,
      note: "a superclass from another module may register cells itself"
    ),
    RuleExample(
      swift: """
        import UIKit

        extension UITableView {
          func dequeueCell<T: UITableViewCell>(ofType type: T.Type, for indexPath: IndexPath) -> T {
            dequeueReusableCell(withIdentifier: String(describing: T.self), for: indexPath) as! T
          }
        }
        """,
      note: "a generic helper's identifier depends on its caller"
    ),
    RuleExample(
      [
        (
          "TabsViewController.swift",
          """
          import UIKit

          final class TabsViewController: UIViewController, UICollectionViewDataSource {
            @IBOutlet weak var collectionView: UICollectionView!

            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 1 }

            func collectionView(
              _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
            ) -> UICollectionViewCell {
              collectionView.dequeueReusableCell(withReuseIdentifier: "Tab", for: indexPath)
            }
          }
          """
        ),
        (
          "Tabs.storyboard",
          """
          <?xml version="1.0" encoding="UTF-8"?>
          <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
              <scenes>
                  <scene sceneID="s1">
                      <objects>
                          <viewController id="vc" customClass="TabsViewController" customModule="App" customModuleProvider="target" sceneMemberID="viewController">
                              <view key="view" contentMode="scaleToFill" id="root">
                                  <subviews>
                                      <collectionView clipsSubviews="YES" dataMode="prototypes" id="cv">
                                          <cells>
                                              <collectionViewCell reuseIdentifier="Tab" id="tab-cell">
                                                  <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                                              </collectionViewCell>
                                          </cells>
                                          <connections>
                                              <outlet property="dataSource" destination="vc" id="c1"/>
                                          </connections>
                                      </collectionView>
                                  </subviews>
                              </view>
                              <connections>
                                  <outlet property="collectionView" destination="cv" id="c2"/>
                              </connections>
                          </viewController>
                      </objects>
                  </scene>
              </scenes>
          </document>
          """
        ),
      ],
      note: "a collection-view prototype of the controller's own collection view"
    ),
    RuleExample(
      [
        (
          "HomeViewController.swift",
          """
          import UIKit

          final class ShelfCell: UICollectionViewCell, UICollectionViewDataSource {
            let collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())

            override init(frame: CGRect) {
              super.init(frame: frame)
              collectionView.register(EpisodeCell.self, forCellWithReuseIdentifier: "episode")
            }

            required init?(coder: NSCoder) { fatalError() }

            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 1 }

            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
              collectionView.dequeueReusableCell(withReuseIdentifier: "device", for: indexPath)
            }
          }

          final class EpisodeCell: UICollectionViewCell {}
          final class DeviceCell: UICollectionViewCell {}

          final class HomeViewController: UIViewController, UICollectionViewDataSource {
            func configure(_ shelf: ShelfCell, feedsItself: Bool) {
              shelf.collectionView.register(DeviceCell.self, forCellWithReuseIdentifier: "device")
              shelf.collectionView.dataSource = feedsItself ? shelf : self
            }

            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 1 }

            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
              collectionView.dequeueReusableCell(withReuseIdentifier: "episode", for: indexPath)
            }
          }
          """
        )
      ],
      note: "a cell registers on the collection view it holds, a controller on another object's: whoever is that view's data source dequeues them (podcast-ios, esp-rainmaker-ios)"
    ),
  ]
}
