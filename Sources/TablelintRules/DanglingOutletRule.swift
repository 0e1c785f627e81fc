import TablelintIndex
import TablelintModel

/// An Interface Builder outlet whose property the object's class does not have (or cannot set).
///
/// **What it does:** for every `outlet` and `outletCollection` in a storyboard or xib, checks that the class of the
/// object holding the connection (its custom class, or the UIKit class of the element) has a settable property of
/// that name visible to the Objective-C runtime: an `@IBOutlet`, `@objc` or `dynamic` Swift property, an
/// Objective-C `@property`, or an instance variable `_name`; in the class, its extensions in any file, or its
/// superclasses. A get-only computed property, or a plain `var` without `@IBOutlet`/`@objc`, does not count.
///
/// **Why is this bad?** Loading the scene raises "this class is not key value coding-compliant for the key …"
/// — typically after a property was renamed in Swift and the storyboard kept the old name. AppKit does not raise: it
/// logs "Failed to connect … outlet" and leaves the outlet `nil`, so in a macOS document the finding is a warning.
///
/// **Example:** `@IBOutlet var titleLabel: UILabel!` renamed to `headlineLabel` while `Main.storyboard` still
/// connects `titleLabel`.
///
/// **Instead:** reconnect the outlet in Interface Builder (or rename it in the XML), or delete the dead connection.
///
/// UIKit's own members are assumed only from a curated list (`FrameworkMembers`); when a class's chain leaves the
/// workspace for a class outside that list, tablelint stays silent about that class's outlets.
public struct DanglingOutletRule: Rule {
  public static let description = RuleDescription(
    identifier: "dangling_outlet",
    name: "Dangling outlet",
    severity: .error,
    summary: "an Interface Builder outlet naming no settable, Objective-C-visible property of the object's class",
    triggeringExamples: [
      RuleExample(
        [
          (
            "ProfileViewController.swift",
            """
            import UIKit

            final class ProfileViewController: UIViewController {
              @IBOutlet private weak var headlineLabel: UILabel!
              var avatarView: UIImageView!
              var badge: UILabel { headlineLabel }
            }
            """
          ),
          (
            "Profile.storyboard",
            ExampleIB.storyboard(
              ExampleIB.viewControllerScene(
                id: "profile", controllerClass: "ProfileViewController",
                connections: [
                  "1️⃣<outlet property=\"titleLabel\" destination=\"label-1\" id=\"c1\"/>",
                  "2️⃣<outlet property=\"avatarView\" destination=\"image-1\" id=\"c2\"/>",
                  "3️⃣<outlet property=\"badge\" destination=\"label-1\" id=\"c3\"/>",
                  "<outlet property=\"headlineLabel\" destination=\"label-1\" id=\"c4\"/>",
                ]
              )
            )
          ),
        ],
        note: "a renamed property, a plain var, a get-only property"
      )
    ],
    nonTriggeringExamples: [
      RuleExample(
        [
          (
            "AppController.h",
            "@interface MVAppController : NSObject <NSApplicationDelegate>\n@end\n"
          ),
          ("AppController.m", "@implementation MVAppController\n@end\n"),
          (
            "Base.lproj/MainMenu.xib",
            ExampleIB.appKitWindowXib(
              ownerClass: "MVAppController", ownerOutlets: ["<outlet property=\"delegate\" destination=\"win-1\" id=\"own-d\"/>"],
              buttonActions: ["<action selector=\"orderFrontStandardAboutPanel:\" target=\"-2\" id=\"act-1\"/>"]
            )
          ),
        ],
        note: "File's Owner of the main menu's nib is the application, whatever class it names (MachOView)"
      ),
      RuleExample(
        [
          (
            "Venues.swift",
            """
            import UIKit

            class BaseViewController: UIViewController {}

            final class VenueListViewController: BaseViewController {
              @IBOutlet weak var collectionView: UICollectionView!
            }
            """
          ),
          (
            "VenueListViewController.xib",
            ExampleIB.ownedViewXib(
              ownerClass: "BaseViewController",
              outlets: ["<outlet property=\"collectionView\" destination=\"venues\" id=\"own-cv\"/>"],
              subviews: ["<collectionView clipsSubviews=\"YES\" contentMode=\"scaleToFill\" dataMode=\"none\" id=\"venues\"/>"]
            )
          ),
        ],
        note: "File's Owner is whatever loads the nib: here each screen's own subclass of the class the xib names (radar-covid-ios)"
      ),
      RuleExample(
        [
          (
            "Home.swift",
            """
            import UIKit

            final class HomeViewController: UIViewController {
              func showDeal() {
                let item = RushShoppingItem(nibName: "RushShoppingItem", bundle: nil)
                addChild(item)
              }
            }

            final class RushShoppingItem: UIViewController {
              @IBOutlet weak var priceLabel: UILabel!
            }
            """
          ),
          (
            "RushShoppingItem.xib",
            ExampleIB.ownedViewXib(
              ownerClass: "HomeViewController",
              outlets: ["<outlet property=\"priceLabel\" destination=\"price\" id=\"own-price\"/>"],
              subviews: ["<label opaque=\"NO\" userInteractionEnabled=\"NO\" contentMode=\"left\" text=\"¥9\" id=\"price\"/>"]
            )
          ),
        ],
        note: "a nib named after the controller that loads it: that controller is its owner, whatever class the xib names (MeiTuan_Swift)"
      ),
      RuleExample(
        [
          (
            "Vendor/DZNEmptyDataSet/UIScrollView+EmptyDataSet.h",
            """
            @protocol DZNEmptyDataSetSource;
            @protocol DZNEmptyDataSetDelegate;

            @interface UIScrollView (EmptyDataSet)
            @property (nonatomic, weak) IBOutlet id <DZNEmptyDataSetSource> emptyDataSetSource;
            @property (nonatomic, weak) IBOutlet id <DZNEmptyDataSetDelegate> emptyDataSetDelegate;
            @end
            """
          ),
          ("Repos.storyboard", reposStoryboard(outlets: ["dataSource", "emptyDataSetSource", "emptyDataSetDelegate"])),
          (
            "ReposViewController.m",
            """
            @implementation ReposViewController
            @end
            """
          ),
        ],
        note: "outlets a category adds to a superclass of a view without custom class (DZNEmptyDataSet's, MVVMReactiveCocoa)"
      ),
      RuleExample(
        [
          ("Podfile", "platform :ios, '12.0'\npod 'DZNEmptyDataSet'\n"),
          ("Repos.storyboard", reposStoryboard(outlets: ["emptyDataSetSource"])),
          ("ReposViewController.m", "@implementation ReposViewController\n@end\n"),
        ],
        note: "the same outlet when the category comes from a pod the workspace does not hold"
      ),
      RuleExample(
        [
          (
            "Modals-iOS/CountryCellView.swift",
            """
            import UIKit

            class CountryCellView: UICollectionViewCell {
              @IBOutlet private weak var flagImageView: UIImageView!
            }
            """
          ),
          (
            "Modals-macOS/CountryCellView.swift",
            """
            import AppKit

            class CountryCellView: NSCollectionViewItem {
              @IBOutlet private weak var flagImageView: NSImageView!
            }
            """
          ),
          (
            "Modals-macOS/CountryCellView.xib",
            ExampleIB.appKitWindowXib(
              ownerClass: "CountryCellView",
              ownerOutlets: ["<outlet property=\"view\" destination=\"win-1-view\" id=\"o1\"/>"]
            )
          ),
        ],
        note: "two classes of one name, one per platform, with different superclasses: which one a document means is unknown (ProtonVPN)"
      ),
      RuleExample(
        [
          (
            "SettingsViewController.swift",
            """
            import UIKit

            class BaseViewController: UIViewController {
              @IBOutlet weak var spinner: UIActivityIndicatorView!
            }

            final class SettingsViewController: BaseViewController {
              @objc dynamic var footerNote: UILabel?
              @IBOutlet private weak var noResultsButton: UIButton!
              @IBOutlet var `default`: UILabel!
            }

            extension SettingsViewController {
              @IBOutlet var headerViews: [UIView]! {
                get { storedHeaders }
                set { storedHeaders = newValue }
              }
            }

            private var storedHeaders: [UIView]! = []
            """
          ),
          (
            "Settings.storyboard",
            ExampleIB.storyboard(
              ExampleIB.viewControllerScene(
                id: "settings", controllerClass: "SettingsViewController",
                connections: [
                  "<outlet property=\"spinner\" destination=\"label-1\" id=\"c1\"/>",
                  "<outlet property=\"footerNote\" destination=\"label-1\" id=\"c2\"/>",
                  "<outletCollection property=\"headerViews\" destination=\"label-1\" id=\"c3\"/>",
                  "<outlet property=\"view\" destination=\"settings-root\" id=\"c4\"/>",
                  "<outlet property=\"preferredFocusedView\" destination=\"label-1\" id=\"c5\"/>",
                  "<outlet property=\"tabBarObservedScrollView\" destination=\"label-1\" id=\"c6\"/>",
                  "<outlet property=\"NoResultsButton\" destination=\"button-1\" id=\"c7\"/>",
                  "<outlet property=\"default\" destination=\"label-1\" id=\"c8\"/>",
                ]
              )
            )
          ),
        ],
        note: "a superclass outlet, @objc dynamic, an outlet collection in an extension, UIKit's view and tvOS's outlets, a capitalised key key-value coding sets through the property's setter (habitica-ios), a backticked name"
      ),
      RuleExample(
        [
          (
            "SmartKeysCell.m",
            """
            #import "SmartKeys.h"

            @implementation SmartKeysCell {
              NSTimer *_timer;
            }
            - (void)awakeFromNib { [super awakeFromNib]; }
            @end
            """
          ),
          (
            "SmartKeysCell.xib",
            ExampleIB.cellXib(
              reuseIdentifier: "Keys", cellClass: "SmartKeysCell",
              connections: ["<outlet property=\"keysView\" destination=\"cell-1-content\" id=\"o1\"/>"]
            )
          ),
          (
            "Onboarding.storyboard",
            ExampleIB.storyboard(
              ExampleIB.viewControllerScene(
                id: "link", controllerClass: "LinkViewController",
                connections: ["<outlet property=\"nicknameField\" destination=\"nick-root\" id=\"x1\"/>"]
              ),
              ExampleIB.bareScene(id: "nick", controllerClass: "NicknameViewController")
            )
          ),
          (
            "Onboarding.swift",
            """
            final class LinkViewController: UIViewController {}
            final class NicknameViewController: UIViewController {}
            """
          ),
        ],
        note: "an Objective-C class whose `@interface` the workspace lacks (blink's SmartKeys): its superclass is unknown; a connection into another scene, never compiled (threema-ios)"
      ),
      RuleExample(
        [
          (
            "LegacyCell.h",
            """
            #import <UIKit/UIKit.h>

            @interface LegacyCell : UITableViewCell {
              UILabel *_subtitleLabel;
              IBOutlet UIBarButtonItem *_editButton;
            }
            @property (nonatomic, weak) IBOutlet UILabel *titleLabel;
            @end
            """
          ),
          (
            "LegacyCell.xib",
            ExampleIB.cellXib(
              reuseIdentifier: "Legacy", cellClass: "LegacyCell",
              connections: [
                "<outlet property=\"titleLabel\" destination=\"cell-1-content\" id=\"o1\"/>",
                "<outlet property=\"subtitleLabel\" destination=\"cell-1-content\" id=\"o2\"/>",
                "<outlet property=\"_editButton\" destination=\"cell-1-content\" id=\"o3\"/>",
                "<outlet property=\"_titleLabel\" destination=\"cell-1-content\" id=\"o4\"/>",
                "<outlet property=\"textLabel\" destination=\"cell-1-content\" id=\"o5\"/>",
              ]
            )
          ),
        ],
        note: "an Objective-C property and an ivar, by their names and by the names key-value coding finds them under (owncloud's ios-legacy names its ivars `_editButtonBar`), UIKit's read-only `textLabel`"
      ),
      RuleExample(
        [
          (
            "Feed.storyboard",
            ExampleIB.storyboard(
              ExampleIB.tableScene(id: "feed", controllerClass: "FeedViewController", prototypes: [])
            )
          ),
          (
            "FeedViewController.swift",
            """
            import UIKit
            import PagingKit

            final class FeedViewController: PagingTableViewController {}
            """
          ),
        ],
        note: "the table's dataSource/delegate outlets, and a superclass from another module"
      ),
    ],
    corrections: corrections
  )

  /// For the editor: the connection removed from the Interface Builder file (with its line).
  static func removal(of connection: IBConnection, property: String) -> [Fix] {
    let file = connection.location.file.split(separator: "/").last.map(String.init) ?? connection.location.file
    return [
      Fix(
        title: "Remove the outlet '\(property)' from \(file)", applicability: .suggestion,
        edits: [FixEdit(path: connection.location.file, at: connection.location.range.start, .removeElement(connection.kind.rawValue))]
      )
    ]
  }

  public static func check(_ project: ProjectIndex) -> [Finding] {
    var findings: [Finding] = []
    for (path, document) in project.subjectInterfaceBuilderFiles {
      let objects = IBObjectsByID(document)
      for connection in document.connections
      where connection.kind == .outlet || connection.kind == .outletCollection {
        guard let property = connection.property, let source = objects[connection.receiverID],
          source.placeholderIdentifier != "IBFirstResponder", !objects.crossesScenes(connection)
        else { continue }
        switch IBObjectClass(source, in: project, document: document, path: path) {
        case .workspace(let name, let surface):
          // Key-value coding calls `set<Key>:` first, the key capitalised: an outlet `NoGroupsButton` reaches the
          // setter of `noGroupsButton` (habitica-ios's filter alert).
          func sets(_ surface: ObjCSurface) -> Bool {
            surface.settableKey(property) != nil || surface.responds(to: ObjCSurface.setter(for: property))
          }
          // File's Owner is whatever object loads the nib: a subclass of its class may be that object, and have the
          // outlet (radar-covid-ios names `BaseViewController` as the owner of its screens' xibs, each loaded by its
          // own controller), or the controller the nib is named after (`someOwner`).
          guard !sets(surface),
            source.placeholderIdentifier == nil || !project.someOwner(ofNibAt: path, declaring: name, answers: sets)
          else { continue }
          let message: String
          var fixes: [Fix] = []
          var declarations: [Fix] = []
          if let member = surface.unsettableProperty(property) {
            message = member.isExposedToObjC
              ? "'\(property)' on '\(name)' is get-only, so Interface Builder cannot set it"
              : "'\(property)' on '\(name)' is not visible to Objective-C; mark it @IBOutlet"
          } else {
            let keys = surface.settableKeyNames
            let suggestion = NameSuggestion.suffix(for: property, among: keys)
            message = "no outlet property '\(property)' on '\(name)'\(suggestion)"
            // The fix renames the outlet to the suggested property when the workspace declares it.
            if let replacement = NameSuggestion.closest(to: property, among: keys),
              surface.settableKey(replacement).flatMap({ $0 }) != nil
            {
              fixes = XMLText.renaming(connection, from: property, to: replacement, title: "Change the outlet to '\(replacement)'")
            }
            // For the editor: declare the outlet in the class.
            if CodeInsertions.isIdentifier(property), let type = project.resolveType(name),
              type.members(named: property).isEmpty
            {
              let declaration = connection.kind == .outletCollection
                ? "@IBOutlet var \(property): [UIView]!" : "@IBOutlet weak var \(property): UIView!"
              if let edit = CodeInsertions.members([declaration], into: type, atStart: true) {
                declarations.append(Fix(title: "Add '\(declaration)' to '\(type.simpleName)'", applicability: .suggestion, edits: [edit]))
              }
            }
          }
          var dangling = finding(
            message, at: connection.location, fixes: fixes + removal(of: connection, property: property) + declarations
          )
          if document.isAppKit { dangling.severity = .warning }
          findings.append(dangling)
        case .framework(let name, let outlets, let selectors):
          // Only UIKit documents name a listed framework class (`IBObjectClass`): an error, as key-value coding raises.
          guard !outlets.contains(property), !selectors.contains(ObjCSurface.setter(for: property)) else { continue }
          let suggestion = NameSuggestion.suffix(for: property, among: outlets)
          findings.append(
            finding(
              "no outlet property '\(property)' on '\(name)' (no custom class is set)\(suggestion)", at: connection.location,
              fixes: removal(of: connection, property: property)
            )
          )
        case .unknown:
          continue
        }
      }
    }
    return findings
  }
}

extension DanglingOutletRule {
  static let corrections: [RuleCorrection] = [
    RuleCorrection(
      RuleExample([
        ("ProfileViewController.swift", profileController),
        ("Profile.storyboard", profileStoryboard(property: "titleLable")),
      ], note: "two letters swapped: unsafe (more than one edit), applied with --unsafe-fixes"),
      after: [("Profile.storyboard", profileStoryboard(property: "titleLabel"))]
    ),
  ]

  private static let profileController = """
    import UIKit

    final class ProfileViewController: UIViewController {
      @IBOutlet weak var titleLabel: UILabel!
    }
    """

  /// A scene whose table view (no custom class) has `outlets` to the scene's `ReposViewController`.
  private static func reposStoryboard(outlets: [String]) -> String {
    let connections = outlets.enumerated().map { index, property in
      "<outlet property=\"\(property)\" destination=\"repos\" id=\"o\(index)\"/>"
    }
    return ExampleIB.storyboard(
      """
              <scene sceneID="scene-repos">
                  <objects>
                      <viewController id="repos" customClass="ReposViewController" sceneMemberID="viewController">
                          <view key="view" contentMode="scaleToFill" id="repos-root">
                              <subviews>
                                  <tableView clipsSubviews="YES" contentMode="scaleToFill" style="plain" id="repos-table">
                                      <connections>
      \(connections.map { "                                    " + $0 }.joined(separator: "\n"))
                                      </connections>
                                  </tableView>
                              </subviews>
                          </view>
                      </viewController>
                  </objects>
              </scene>
      """
    )
  }

  private static func profileStoryboard(property: String) -> String {
    ExampleIB.storyboard(
      ExampleIB.viewControllerScene(
        id: "profile", controllerClass: "ProfileViewController",
        connections: ["<outlet property=\"\(property)\" destination=\"label-1\" id=\"c1\"/>"]
      )
    )
  }
}
