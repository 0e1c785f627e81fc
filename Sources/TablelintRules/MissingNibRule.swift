import TablelintIndex
import TablelintModel

/// A nib loaded by a name that no xib in the workspace has.
///
/// **What it does:** checks `UINib(nibName:bundle:)`, `Bundle.loadNibNamed(_:owner:options:)` and
/// `init(nibName:bundle:)` calls whose name resolves to a string and whose bundle is the app's (`nil`, `.main`,
/// `Bundle(for:)` of a workspace class): a `Name.xib` (or `Name~iphone.xib` / `Name~ipad.xib`, in any `.lproj`
/// folder) must exist.
///
/// **Why is this bad?** UIKit raises "Could not load NIB in bundle … with name 'X'" when the nib is first used:
/// when the cell is registered, or the view controller's view is loaded.
///
/// **Example:**
/// ```swift
/// tableView.register(UINib(nibName: "PhotoCel", bundle: nil), forCellReuseIdentifier: "Photo")
/// ```
///
/// **Instead:** use the xib's file name without extension, ideally `String(describing: PhotoCell.self)` when the
/// xib is named after its class.
///
/// tablelint stays silent for other bundles (a framework's, a variable), when the linted paths hold no xib at
/// all (only part of the project was given), and for a nib named after a dependency's class (its name, or without
/// `Controller`, as UIKit names a controller's nib) when a workspace class extends that class (the dependency's own
/// nib, which CocoaPods copies into the app's bundle).
public struct MissingNibRule: Rule {
  public static let description = RuleDescription(
    identifier: "missing_nib",
    name: "Missing nib",
    severity: .error,
    summary: "a nib loaded by a name that no xib in the workspace has",
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
                tableView.register(UINib(nibName: 1️⃣"PhotoCel", bundle: nil), forCellReuseIdentifier: "Photo")
                let header = Bundle.main.loadNibNamed(2️⃣"PhotosHeader", owner: self, options: nil)
                tableView.tableHeaderView = header?.first as? UIView
                tableView.register(UINib(nibName: 3️⃣"PhotoCell~ipad", bundle: nil), forCellReuseIdentifier: "Pad")
              }
            }
            """
          ),
          ("PhotoCell.xib", ExampleIB.cellXib(reuseIdentifier: "Photo", cellClass: "PhotoCell")),
          ("PhotoCell~iphone.xib", ExampleIB.cellXib(reuseIdentifier: "Photo", cellClass: "PhotoCell")),
        ],
        note: "a misspelt name, a missing header, a device-specific xib loaded by its whole name that does not exist"
      ),
      RuleExample(
        [
          ("Podfile", "target 'Gallery' do\n  pod 'PhotoBrowser'\nend\n"),
          ("GalleryController.h", "@interface GalleryController : PhotoBrowserViewController\n@end\n"),
          (
            "MenuViewController.m",
            """
            @implementation MenuViewController
            - (void)openGallery {
              GalleryController *gallery = [[GalleryController alloc] initWithNibName:1️⃣@"Photo" bundle:nil];
              [self.navigationController pushViewController:gallery animated:YES];
            }
            @end
            """
          ),
          ("MenuViewController.xib", ExampleIB.cellXib(reuseIdentifier: "Menu", cellClass: nil)),
        ],
        note: "a dependency's class the workspace extends starts with 'Photo', but neither its name nor its name without 'Controller' is 'Photo'"
      ),
    ],
    nonTriggeringExamples: [
      RuleExample(
        [
          (
            "PhotosViewController.swift",
            """
            import UIKit

            final class PhotoCell: UITableViewCell {}

            final class PhotosViewController: UITableViewController {
              init() {
                super.init(nibName: nil, bundle: nil)
              }

              required init?(coder: NSCoder) { super.init(coder: coder) }

              override func viewDidLoad() {
                super.viewDidLoad()
                let nib = UINib(nibName: String(describing: PhotoCell.self), bundle: Bundle(for: PhotoCell.self))
                tableView.register(nib, forCellReuseIdentifier: "Photo")
                tableView.register(UINib(nibName: "Badge", bundle: nil), forCellReuseIdentifier: "Badge")
                tableView.register(UINib(nibName: "Badge~iphone", bundle: nil), forCellReuseIdentifier: "PhoneBadge")
                let shared = UINib(nibName: "SharedHeader", bundle: Bundle(identifier: "com.example.UIKitExtras"))
                _ = shared
              }
            }
            """
          ),
          ("PhotoCell.xib", ExampleIB.cellXib(reuseIdentifier: "Photo", cellClass: "PhotoCell")),
          ("Base.lproj/Badge~iphone.xib", ExampleIB.cellXib(reuseIdentifier: "Badge", cellClass: nil)),
        ],
        note: "names derived from the class, localised and device-specific xibs, another bundle"
      ),
      RuleExample(
        [
          (
            "SettingsViewController.m",
            """
            @implementation SettingsViewController
            - (void)showImprint {
              ImprintViewController *imprint = [[ImprintViewController alloc] initWithNibName:@"ImprintViewController" bundle:nil];
              [self.navigationController pushViewController:imprint animated:YES];
              PackagesController *packages = [[PackagesController alloc] initWithNibName:@"" bundle:nil];
              [self.navigationController pushViewController:packages animated:YES];
            }
            @end
            """
          ),
          ("SettingsViewController.xib", ExampleIB.cellXib(reuseIdentifier: "Settings", cellClass: nil)),
          (
            "ImprintViewController.xib",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="8.00">
              <data><int key="IBDocument.SystemTarget">1536</int></data>
            </archive>
            """
          ),
        ],
        note: "a xib in Interface Builder 3's format (owncloud's ios-legacy), which tablelint does not read; an empty name (a controller that builds its view in `loadView`: packages)"
      ),
      RuleExample(
        [
          ("Podfile", "platform :ios, '12.0'\ntarget 'Trovebox' do\n  pod 'InAppSettingsKit', '~> 2.0'\nend\n"),
          (
            "SettingsController.h",
            "#import \"IASKAppSettingsViewController.h\"\n@interface SettingsController : IASKAppSettingsViewController\n@end\n"
          ),
          (
            "MenuViewController.m",
            """
            @implementation MenuViewController
            - (void)openSettings {
              SettingsController *settings = [[SettingsController alloc] initWithNibName:@"IASKAppSettingsView" bundle:nil];
              [self.navigationController pushViewController:settings animated:YES];
            }
            @end
            """
          ),
          ("MenuViewController.xib", ExampleIB.cellXib(reuseIdentifier: "Menu", cellClass: nil)),
        ],
        note: "a pod's nib, which CocoaPods copies into the app's bundle, named after the pod's class the workspace extends (photo/mobile-ios and InAppSettingsKit)"
      ),
    ]
  )

  public static func check(_ project: ProjectIndex) -> [Finding] {
    // With no xib at all, the linted paths are only part of the project: nothing can be concluded.
    guard !project.nibs.isEmpty else { return [] }
    var findings: [Finding] = []
    for reference in project.nibReferences where reference.bundle == .app && project.isRuleSubject(reference.location.file) {
      guard let name = project.resolve(reference.name, in: reference.enclosingType) else { continue }
      let base = name.hasSuffix(".xib") || name.hasSuffix(".nib") ? String(name.dropLast(4)) : name
      // `initWithNibName:@""` names no nib (packages' view controllers build their views in `loadView`).
      guard !base.isEmpty, project.nibs[base] == nil, !project.opaqueNibNames.contains(base) else { continue }
      // A device-specific xib loaded by its whole name (`loadNibNamed:@"BalanceView~iphone"`, airbitz), which the
      // index keeps under the name without the modifier.
      if let device = ["~iphone", "~ipad"].first(where: base.hasSuffix) {
        let general = String(base.dropLast(device.count))
        if project.opaqueNibNames.contains(general)
          || project.nibs[general]?.contains(where: { ProjectIndex.nibFileName(ofPath: $0.path) == base }) == true
        {
          continue
        }
      }
      // A dependency's nib, which CocoaPods copies into the app's bundle, named as UIKit names a controller's nib
      // after a class of the dependency that a workspace class extends: the class's name, or without `Controller`
      // (photo/mobile-ios loads InAppSettingsKit's `IASKAppSettingsView` for its subclass of
      // `IASKAppSettingsViewController`).
      if project.hasDependencyManifests, project.dependencySuperclasses.contains(base)
        || project.dependencySuperclasses.contains(base + "Controller")
      {
        continue
      }
      let suggestion = NameSuggestion.suffix(for: base, among: project.nibs.keys)
      findings.append(finding("no xib named '\(base)' in the workspace\(suggestion)", at: reference.nameLocation))
    }
    return findings
  }
}
