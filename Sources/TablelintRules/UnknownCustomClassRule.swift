import TablelintIndex
import TablelintModel

/// A `customClass` in a storyboard or xib that UIKit will not find at run time.
///
/// **What it does:** reports an element whose `customClass` names no class in the workspace (Swift or
/// Objective-C) when the class is expected in the app — no `customModule`, `customModuleProvider="target"`, or a
/// `customModule` that is one of the workspace's own modules (those Xcode wrote with the provider `target`) — and a
/// Swift class referenced with neither module nor provider nor an `@objc(Name)`, which the Objective-C runtime
/// cannot find by its bare name. When every file declaring that Swift class belongs to other Xcode projects of the
/// repository than the one building the storyboard (several example projects side by side), the finding says that
/// this project has no such class, since a module would not help.
///
/// **Why is this bad?** UIKit logs "Unknown class X in Interface Builder file" and instantiates the plain UIKit
/// class instead; the first outlet or action then crashes, or the screen silently shows default cells.
///
/// **Example:** `customClass="SettingCell"` after the Swift class was renamed to `SettingsCell`.
///
/// **Instead:** pick the class again in the Identity inspector (which also sets *Inherit Module From Target*), or
/// give the Swift class an explicit Objective-C name with `@objc(SettingCell)`.
///
/// Placeholders (File's Owner, First Responder, AppKit's Application) are not checked: the nib never instantiates
/// them. Apple's classes (`UI…`, `NS…`,
/// `MK…`) and classes from other modules are not checked either; nor, when the workspace has a
/// `Podfile`, `Cartfile`, `Package.resolved`, a `.gitmodules` listing submodules, or an Xcode project referencing
/// Swift packages, a framework kept in the repository or another Xcode project, classes named without a module (they
/// may come from an Objective-C dependency).
public struct UnknownCustomClassRule: Rule {
  public static let description = RuleDescription(
    identifier: "unknown_custom_class",
    name: "Unknown custom class",
    severity: .error,
    summary: "a customClass that UIKit cannot find at run time",
    triggeringExamples: [
      RuleExample(
        [
          (
            "Cells.swift",
            """
            import UIKit

            final class SettingsCell: UITableViewCell {}
            final class ProfileCell: UITableViewCell {}
            """
          ),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.tableScene(
                id: "list", controllerClass: nil,
                prototypes: [
                  ExampleIB.prototype(id: "p1", reuseIdentifier: "Setting", cellClass: "SettingCell", marker: "1️⃣"),
                  ExampleIB.prototype(
                    id: "p2", reuseIdentifier: "Profile", cellClass: "ProfileCell", module: nil, marker: "2️⃣"
                  ),
                ]
              )
            )
          ),
        ],
        note: "a renamed class, and a Swift class with no module"
      ),
      RuleExample(
        [
          ("Example/Example.xcodeproj/project.pbxproj", ExampleIB.xcodeProject(referencing: "Main.storyboard")),
          (
            "Example/Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.tableScene(
                id: "list", controllerClass: nil,
                prototypes: [
                  ExampleIB.prototype(
                    id: "p1", reuseIdentifier: "Settings", cellClass: "SettingsCell", module: nil, marker: "1️⃣"
                  )
                ]
              )
            )
          ),
          ("Other/Other.xcodeproj/project.pbxproj", ExampleIB.xcodeProject(referencing: "SettingsCell.swift")),
          ("Other/SettingsCell.swift", "import UIKit\n\nfinal class SettingsCell: UITableViewCell {}"),
        ],
        note: "the only class of that name is built by another project of the repository (CYLTabBarController's examples)"
      ),
      RuleExample(
        [
          ("Audio/Audio.xcodeproj/project.pbxproj", ExampleIB.xcodeProject(referencing: "Main.storyboard")),
          (
            "Audio/Main.storyboard",
            ExampleIB.storyboard(
              """
                      <scene sceneID="scene-quick">
                          <objects>
                              1️⃣<viewController id="quick" customClass="QuickSwitchChannel" customModule="APIExample_Audio" customModuleProvider="target" sceneMemberID="viewController">
                                  <view key="view" contentMode="scaleToFill" id="quick-root"/>
                              </viewController>
                          </objects>
                      </scene>
              """
            )
          ),
          ("Video/Video.xcodeproj/project.pbxproj", ExampleIB.xcodeProject(referencing: "QuickSwitchChannel.swift")),
          ("Video/QuickSwitchChannel.swift", "import UIKit\n\nfinal class QuickSwitchChannel: UIViewController {}"),
        ],
        note: "a scene copied from another project of the repository, whose class only that project builds (AgoraIO's API-Examples)"
      ),
    ],
    nonTriggeringExamples: [
      RuleExample(
        [
          ("APIExample-SwiftUI/ARKit.swift", "import SwiftUI\n\nstruct ARKitEntry: View {\n  var body: some View { Text(\"AR\") }\n}"),
          ("APIExample/ARKit.swift", "import UIKit\n\nfinal class ARKitEntry: UIViewController {}"),
          (
            "APIExample/Main.storyboard",
            ExampleIB.storyboard(ExampleIB.bareScene(id: "arkit", controllerClass: "ARKitEntry"))
          ),
        ],
        note: "a class and a SwiftUI view of one name in two projects of the repository (AgoraIO's API-Examples)"
      ),
      RuleExample(
        [
          (
            "Cells.swift",
            """
            import UIKit

            final class SettingsCell: UITableViewCell {}

            @objc(LegacyProfileCell)
            final class ProfileCell: UITableViewCell {}
            """
          ),
          ("OldCell.h", "@interface OldCell : UITableViewCell\n@end\n"),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.tableScene(
                id: "list", controllerClass: nil,
                prototypes: [
                  ExampleIB.prototype(id: "p1", reuseIdentifier: "Setting", cellClass: "SettingsCell"),
                  ExampleIB.prototype(id: "p2", reuseIdentifier: "Profile", cellClass: "LegacyProfileCell", module: nil),
                  ExampleIB.prototype(id: "p3", reuseIdentifier: "Old", cellClass: "OldCell", module: nil),
                  ExampleIB.prototype(id: "p4", reuseIdentifier: "Kit", cellClass: "KitCell", module: "DesignKit"),
                  ExampleIB.prototype(id: "p5", reuseIdentifier: "Plain", cellClass: "UITableViewCell", module: nil),
                  ExampleIB.prototype(id: "p6", reuseIdentifier: "Sticker", cellClass: "MSStickerView", module: nil),
                ]
              )
            )
          ),
        ],
        note: "Swift with module, @objc(Name), Objective-C, another module, Apple classes (Messages' MSStickerView too, whose prefix Microsoft's SDKs share)"
      ),
      RuleExample(
        [
          (
            "AddFolderWindowController.swift",
            """
            import AppKit

            final class AddFolderWindowController: NSWindowController {
              @IBOutlet var folderNameTextField: NSTextField!
            }
            """
          ),
          (
            "AddFolderSheet.xib",
            ExampleIB.appKitWindowXib(
              ownerClass: "AddFolderWindowController",
              buttonActions: ["<action selector=\"performClose:\" target=\"-1\" id=\"act-1\"/>"]
            )
          ),
        ],
        note: "an AppKit xib's placeholders: First Responder has the class 'FirstResponder', which no nib instantiates"
      ),
      RuleExample(
        [
          (
            ".gitmodules",
            """
            [submodule "External/SWTableViewCell"]
            \tpath = External/SWTableViewCell
            \turl = https://github.com/CEWendel/SWTableViewCell.git
            """
          ),
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.tableScene(
                id: "list", controllerClass: nil,
                prototypes: [
                  ExampleIB.prototype(id: "p1", reuseIdentifier: "Swipe", cellClass: "SWTableViewCell", module: nil)
                ]
              )
            )
          ),
        ],
        note: "a class of a git submodule, which a checkout may leave empty (gitx's Sparkle and MGScopeBar)"
      ),
    ]
  )

  public static func check(_ project: ProjectIndex) -> [Finding] {
    let documents = project.subjectInterfaceBuilderFiles
    // Findings are only in storyboards and xibs: nothing to prepare when none is asked for.
    if documents.isEmpty { return [] }
    let ownModules = project.interfaceBuilderTargetModules
    let classNames = project.memoised("unknown_custom_class.classNames") {
      Set(project.types.values.filter(\.isClassLike).map(\.simpleName))
    }
    let objcNames = project.swiftTypesByObjCName
    var findings: [Finding] = []
    for (path, document) in documents {
      for object in document.objects {
        // File's Owner and other placeholders are never instantiated by the nib: their class only tells Interface
        // Builder which outlets and actions to offer.
        guard object.placeholderIdentifier == nil, let customClass = object.classReference.customClass,
          !customClass.isEmpty, !FrameworkMembers.isAppleFrameworkClass(customClass)
        else { continue }
        let reference = object.classReference
        let expectedInApp = reference.customModule == nil || reference.customModuleProvider == "target"
          || reference.customModule.map(ownModules.contains) == true
        // The configuration's `external_cell_classes` / `external_modules` name what frameworks provide.
        guard expectedInApp, !project.externals.classes.contains(customClass),
          !(reference.customModule.map(project.externals.modules.contains) ?? false)
        else { continue }
        if objcNames[customClass] != nil { continue }
        // A project builds the class from a file the workspace lacks (a submodule left out of the checkout).
        if project.classesInMissingSources.contains(TypeInfo.simpleName(of: customClass)) { continue }
        guard let info = project.resolveType(customClass), info.isClassLike else {
          // With CocoaPods or Carthage, a class named without a module may come from an Objective-C dependency.
          if reference.customModule == nil, reference.customModuleProvider == nil, project.hasDependencyManifests {
            continue
          }
          let suggestion = NameSuggestion.suffix(for: customClass, among: classNames)
          findings.append(finding("no class '\(customClass)' in the workspace\(suggestion)", at: object.location))
          continue
        }
        let isSwift = !info.isObjectiveC && info.declarations.contains { $0.declaration.kind != .extension }
        let withoutModule = reference.customModule == nil && reference.customModuleProvider == nil
        // A Swift class named without a module, or in the module of the target that builds this file: every file
        // declaring it is built by other projects than this file's (one repository, several example projects:
        // CYLTabBarController's; AgoraIO's audio example, whose storyboard kept a scene of the main example's
        // `QuickSwitchChannel`): the project has no such class. (A class of another module, or an Objective-C one,
        // may come from another project's framework that this one links: SDWebImage's examples.)
        if isSwift, withoutModule || reference.customModuleProvider == "target" {
          let declaringFiles = info.declarations.filter { $0.declaration.kind != .extension }.map(\.path)
          if project.projectsOfFile[path] != nil,
            declaringFiles.allSatisfy({ project.projectsOfFile[$0] != nil && !project.mayBuildTogether(path, $0) })
          {
            findings.append(
              finding(
                "no class '\(customClass)' in the Xcode project that builds this file; the Swift class of that name in '\(declaringFiles[0])' is built by another project",
                at: object.location
              )
            )
            continue
          }
        }
        if isSwift, withoutModule {
          findings.append(
            finding(
              "Swift class '\(customClass)' is referenced without a module, so the Objective-C runtime cannot find it; set 'Inherit Module From Target' or add @objc(\(customClass))",
              at: object.location
            )
          )
        }
      }
    }
    return findings
  }
}
