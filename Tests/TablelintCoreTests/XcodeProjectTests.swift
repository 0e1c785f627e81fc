import Foundation
import Testing

import TablelintCore
@testable import TablelintIndex
import TablelintModel

/// `XcodeProjectReader` and what the index makes of it: files a project leaves out of its folders are not reported.
@Suite struct XcodeProjectTests {
  /// A project file as Xcode writes one, trimmed: the main group holds `App` (a folder), which holds a Swift file, a
  /// localised storyboard (a variant group) and a file named from the project's folder; products and an SDK framework
  /// are not the workspace's files.
  static func projectFile(extraObjects: String = "", appChildren: String = "") -> String {
    """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tclasses = {
    \t};
    \tobjectVersion = 56;
    \tobjects = {

    /* Begin PBXFileReference section */
    \t\tF1 /* ListViewController.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = ListViewController.swift; sourceTree = "<group>"; };
    \t\tF2 /* Base */ = {isa = PBXFileReference; lastKnownFileType = file.storyboard; name = Base; path = Base.lproj/Main.storyboard; sourceTree = "<group>"; };
    \t\tF3 /* Shared Cell.xib */ = {isa = PBXFileReference; path = "Shared/Shared Cell.xib"; sourceTree = SOURCE_ROOT; };
    \t\tF4 /* App.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
    \t\tF5 /* UIKit.framework */ = {isa = PBXFileReference; path = System/Library/Frameworks/UIKit.framework; sourceTree = SDKROOT; };
    /* End PBXFileReference section */
    \t\tG0 = {
    \t\t\tisa = PBXGroup;
    \t\t\tchildren = (
    \t\t\t\tG1 /* App */,
    \t\t\t\tF3,
    \t\t\t\tF4,
    \t\t\t\tF5,
    \t\t\t);
    \t\t\tsourceTree = "<group>";
    \t\t};
    \t\tG1 /* App */ = {
    \t\t\tisa = PBXGroup;
    \t\t\tchildren = (
    \t\t\t\tF1 /* ListViewController.swift */,
    \t\t\t\tV1 /* Main.storyboard */,\(appChildren)
    \t\t\t);
    \t\t\tpath = App;
    \t\t\tsourceTree = "<group>";
    \t\t};
    \t\tV1 /* Main.storyboard */ = {
    \t\t\tisa = PBXVariantGroup;
    \t\t\tchildren = (
    \t\t\t\tF2 /* Base */,
    \t\t\t);
    \t\t\tname = Main.storyboard;
    \t\t\tsourceTree = "<group>";
    \t\t};\(extraObjects)
    \t\tP0 /* Project object */ = {
    \t\t\tisa = PBXProject;
    \t\t\tmainGroup = G0;
    \t\t\tprojectDirPath = "";
    \t\t\tprojectRoot = "";
    \t\t};
    \t};
    \trootObject = P0 /* Project object */;
    }
    """
  }

  @Test func referencedFilesAreResolvedThroughTheGroups() {
    let files = XcodeProjectReader.read(
      projectFile: "/work/App.xcodeproj/project.pbxproj", bytes: Array(Self.projectFile().utf8)
    ).files
    #expect(files?.paths == [
      "/work/App/Base.lproj/Main.storyboard", "/work/App/ListViewController.swift", "/work/Shared/Shared Cell.xib",
    ])
    #expect(files?.synchronizedFolders == [])
    // A relative project path gives relative paths, as the workspace spells them then.
    #expect(XcodeProjectReader.read(projectFile: "apps/x/App.xcodeproj/project.pbxproj", bytes: Array(Self.projectFile().utf8)).files?
      .paths.first == "apps/x/App/Base.lproj/Main.storyboard")
  }

  @Test func swiftPackagesAreFoundByTheirObjects() {
    let plain = XcodeProjectReader.read(projectFile: "/w/A.xcodeproj/project.pbxproj", bytes: Array(Self.projectFile().utf8))
    #expect(!plain.linksPackages && plain.files != nil)
    let package = "\n\t\tK1 /* XCRemoteSwiftPackageReference \"Kingfisher\" */ = {isa = XCRemoteSwiftPackageReference; repositoryURL = \"https://github.com/onevcat/Kingfisher\"; requirement = {kind = upToNextMajorVersion; minimumVersion = 7.0.0; }; };"
    let linking = XcodeProjectReader.read(
      projectFile: "/w/A.xcodeproj/project.pbxproj", bytes: Array(Self.projectFile(extraObjects: package).utf8)
    )
    #expect(linking.linksPackages)
    // A project file that does not read still counts a package reference in its text.
    let broken = Array(("{ objects = { K1 = {isa = XCRemoteSwiftPackageReference; " as String).utf8)
    #expect(XcodeProjectReader.read(projectFile: "/w/A.xcodeproj/project.pbxproj", bytes: broken).linksPackages)
  }

  /// A framework kept in the repository defines classes the workspace does not hold (transmission's Sparkle); the
  /// SDK's frameworks and the built products do not count.
  @Test func aVendoredFrameworkCountsAsADependency() {
    #expect(!XcodeProjectReader.read(projectFile: "/w/A.xcodeproj/project.pbxproj", bytes: Array(Self.projectFile().utf8)).linksPackages)
    let vendored = "\n\t\tV1 /* Sparkle.framework */ = {isa = PBXFileReference; lastKnownFileType = wrapper.framework; path = Sparkle.framework; sourceTree = \"<group>\"; };"
    let project = XcodeProjectReader.read(
      projectFile: "/w/A.xcodeproj/project.pbxproj", bytes: Array(Self.projectFile(extraObjects: vendored).utf8)
    )
    #expect(project.linksPackages)
  }

  /// Another Xcode project the project references builds products it may link (gitx's `Sparkle.xcodeproj` and
  /// `MGScopeBar.xcodeproj`, in submodules); a proxy of such a product alone does not count, nor a workspace file.
  @Test func aNestedProjectCountsAsADependency() {
    let nested = "\n\t\tN1 /* Sparkle.xcodeproj */ = {isa = PBXFileReference; lastKnownFileType = \"wrapper.pb-project\"; name = Sparkle.xcodeproj; path = Sparkle/Sparkle.xcodeproj; sourceTree = \"<group>\"; };"
    let project = XcodeProjectReader.read(
      projectFile: "/w/A.xcodeproj/project.pbxproj", bytes: Array(Self.projectFile(extraObjects: nested).utf8)
    )
    #expect(project.linksPackages)
    let proxy = "\n\t\tR1 /* Sparkle.framework */ = {isa = PBXReferenceProxy; fileType = wrapper.framework; path = Sparkle.framework; sourceTree = BUILT_PRODUCTS_DIR; };"
    #expect(!XcodeProjectReader.read(
      projectFile: "/w/A.xcodeproj/project.pbxproj", bytes: Array(Self.projectFile(extraObjects: proxy).utf8)
    ).linksPackages)
  }

  /// A synchronized folder is noticed, and found where the group tree puts it (in `App`, here) when it reaches it.
  @Test func synchronizedFoldersAreNoticed() {
    let folder = "\n\t\tS1 /* Sources */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Sources; sourceTree = \"<group>\"; };"
    let unreached = XcodeProjectReader.read(
      projectFile: "/w/A.xcodeproj/project.pbxproj", bytes: Array(Self.projectFile(extraObjects: folder).utf8)
    ).files
    #expect(unreached != nil && unreached?.synchronizedFolders == nil)
    let reached = XcodeProjectReader.read(
      projectFile: "/w/A.xcodeproj/project.pbxproj",
      bytes: Array(Self.projectFile(extraObjects: folder, appChildren: "\n\t\t\t\tS1 /* Sources */,").utf8)
    ).files
    #expect(reached?.synchronizedFolders == ["/w/App/Sources"])
    #expect(reached?.paths.contains("/w/App/Sources") == false)
    // One reached, another not: which files the project builds is unknown.
    let other = "\n\t\tS2 /* Tests */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Tests; sourceTree = \"<group>\"; };"
    let partly = XcodeProjectReader.read(
      projectFile: "/w/A.xcodeproj/project.pbxproj",
      bytes: Array(Self.projectFile(extraObjects: folder + other, appChildren: "\n\t\t\t\tS1 /* Sources */,").utf8)
    ).files
    #expect(partly != nil && partly?.synchronizedFolders == nil)
  }

  /// Files under a synchronized folder are built; a project that holds one still lists its other files, so an
  /// unlisted storyboard beside them (here localised, in a `.lproj` of a folder whose `Common.swift` it lists) is not
  /// built. A synchronized folder the group tree does not reach leaves every file unjudged.
  @Test func projectsWithSynchronizedFoldersStillListTheirOtherFiles() {
    let project = XcodeProjectFiles(
      paths: ["App/Common.swift", "App/Assets/Base.lproj/LaunchScreen.storyboard"],
      synchronizedFolders: ["Extension"]
    )
    let files = [
      "App/Common.swift", "App/Base.lproj/Main.storyboard", "App/Assets/Base.lproj/LaunchScreen.storyboard",
      "Extension/Handler.swift", "Extension/Base.lproj/Popup.storyboard",
    ].map { FileFacts(path: $0, content: .interfaceBuilder(InterfaceBuilderDocument(kind: .storyboard, targetRuntime: nil))) }
    #expect(IndexBuilder.filesOutsideXcodeProjects(files, projects: [project]) == ["App/Base.lproj/Main.storyboard"])
    var unreached = project
    unreached.synchronizedFolders = nil
    #expect(IndexBuilder.filesOutsideXcodeProjects(files, projects: [unreached]) == [])
  }

  /// A source or Interface Builder file the project references but no build phase takes is not built (xabber-ios's
  /// `AudioVisualizationView.xib`); a localised storyboard is built through its variant group, a header needs no phase,
  /// and a project without any build file says nothing.
  @Test func filesNoBuildPhaseTakesAreUnbuilt() {
    let text = """
      // !$*UTF8*$!
      { archiveVersion = 1; objectVersion = 56; objects = {
      B1 = {isa = PBXBuildFile; fileRef = F1; };
      B2 = {isa = PBXBuildFile; fileRef = V1; };
      F1 = {isa = PBXFileReference; path = Built.swift; sourceTree = "<group>"; };
      F2 = {isa = PBXFileReference; path = Stale.xib; sourceTree = "<group>"; };
      F3 = {isa = PBXFileReference; path = Stale.h; sourceTree = "<group>"; };
      F4 = {isa = PBXFileReference; path = Base.lproj/Main.storyboard; sourceTree = "<group>"; };
      V1 = {isa = PBXVariantGroup; children = (F4); name = Main.storyboard; sourceTree = "<group>"; };
      G0 = {isa = PBXGroup; children = (F1, F2, F3, V1); path = App; sourceTree = "<group>"; };
      P0 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; };
      }; rootObject = P0; }
      """
    let files = XcodeProjectReader.read(projectFile: "/w/App.xcodeproj/project.pbxproj", bytes: Array(text.utf8)).files
    #expect(files?.paths == ["/w/App/Base.lproj/Main.storyboard", "/w/App/Built.swift", "/w/App/Stale.h", "/w/App/Stale.xib"])
    #expect(files?.unbuilt == ["/w/App/Stale.xib"])
    let withoutBuildFiles = text.replacingOccurrences(of: "isa = PBXBuildFile", with: "isa = PBXOther")
    #expect(
      XcodeProjectReader.read(projectFile: "/w/App.xcodeproj/project.pbxproj", bytes: Array(withoutBuildFiles.utf8))
        .files?.unbuilt == []
    )
    let project = XcodeProjectFiles(paths: ["App/Built.swift", "App/Stale.xib"], unbuilt: ["App/Stale.xib"])
    let facts = ["App/Built.swift", "App/Stale.xib"].map {
      FileFacts(path: $0, content: .interfaceBuilder(InterfaceBuilderDocument(kind: .xib, targetRuntime: nil)))
    }
    #expect(IndexBuilder.filesOutsideXcodeProjects(facts, projects: [project]) == ["App/Stale.xib"])
    let other = XcodeProjectFiles(paths: ["App/Stale.xib"])
    #expect(IndexBuilder.filesOutsideXcodeProjects(facts, projects: [project, other]).isEmpty)
    // Paths compare without case, as the file systems Xcode runs on do.
    let spelledOtherwise = XcodeProjectFiles(paths: ["app/Built.swift", "app/stale.xib"], unbuilt: ["app/stale.xib"])
    #expect(IndexBuilder.filesOutsideXcodeProjects(facts, projects: [spelledOtherwise]) == ["App/Stale.xib"])
  }

  /// Two projects that list their files never build each other's: files they list are told apart, files no
  /// project lists or under a synchronized folder may build with anything, and nothing is told apart once a project
  /// holds a synchronized folder its group tree does not reach.
  @Test func filesOfSeparateProjectsDoNotBuildTogether() {
    func index(_ projects: [XcodeProjectFiles]) -> ProjectIndex {
      var files = projects.enumerated().map { number, project in
        FileFacts(path: "P\(number).xcodeproj/project.pbxproj", content: .dependencyManifest(declaresDependencies: false, projectFiles: project))
      }
      for name in ["A/Root.swift", "B/Root.swift", "A/Shared.swift", "Stray.swift", "Sync/Root.swift"] {
        var facts = SwiftFileFacts()
        let location = SourceLocation(file: name, range: SourceRange(at: SourcePosition(line: 1, column: 1, offset: 0)))
        facts.types = [
          SwiftTypeDeclaration(
            kind: .class, name: "Root", inheritedTypes: ["UIViewController"], attributes: [], objcName: nil, members: [],
            location: location, nameLocation: location
          )
        ]
        files.append(FileFacts(path: name, content: .swift(facts)))
      }
      return ProjectIndex(files: files)
    }
    let a = XcodeProjectFiles(paths: ["A/Root.swift", "A/Shared.swift"])
    let b = XcodeProjectFiles(paths: ["B/Root.swift", "A/Shared.swift"], synchronizedFolders: ["Sync"])
    let separate = index([a, b])
    #expect(!separate.mayBuildTogether("A/Root.swift", "B/Root.swift"))
    #expect(separate.mayBuildTogether("A/Root.swift", "A/Shared.swift") && separate.mayBuildTogether("B/Root.swift", "A/Shared.swift"))
    #expect(separate.mayBuildTogether("A/Root.swift", "Stray.swift") && separate.mayBuildTogether("B/Root.swift", "Sync/Root.swift"))
    #expect(separate.isDeclaredSeparately("Root"))
    var unreached = b
    unreached.synchronizedFolders = nil
    let unknown = index([a, unreached])
    #expect(unknown.mayBuildTogether("A/Root.swift", "B/Root.swift"))
    let one = index([XcodeProjectFiles(paths: ["A/Root.swift", "B/Root.swift"])])
    #expect(one.mayBuildTogether("A/Root.swift", "B/Root.swift"))
    // Declared by Swift in two files, `Root` is two classes whatever the projects say: no module holds both.
    #expect(unknown.isDeclaredSeparately("Root") && one.isDeclaredSeparately("Root"))
  }

  /// Each playground is built apart from the app and from other playgrounds, and each page's `Sources` apart from the
  /// other pages'; a page sees its playground's `Sources`.
  @Test func playgroundsBuildApart() {
    let index = ProjectIndex(files: [])
    let shared = "Demo 1.playground/Sources/SettingsTableView.swift"
    let page = "Demo 1.playground/Pages/Intro.xcplaygroundpage/Sources/Helper.swift"
    let contents = "Demo 1.playground/Pages/Intro.xcplaygroundpage/Contents.swift"
    let otherPage = "Demo 1.playground/Pages/Next.xcplaygroundpage/Sources/Helper.swift"
    #expect(index.mayBuildTogether(shared, page) && index.mayBuildTogether(page, contents))
    #expect(!index.mayBuildTogether(page, otherPage))
    #expect(!index.mayBuildTogether(shared, "Demo 2.playground/Sources/SettingsTableView.swift"))
    #expect(!index.mayBuildTogether(shared, "App/SettingsTableView.swift"))
    #expect(index.mayBuildTogether("App/A.swift", "App/B.swift"))
    #expect(ProjectIndex.playgroundPlace(of: "App/Notes.playground.md") == nil)
  }

  /// A type declared once, with extensions elsewhere, is one type; declared by Swift in two playgrounds, two.
  @Test func aTypeWithExtensionsIsDeclaredOnce() {
    func file(_ path: String, _ kind: TypeKind) -> FileFacts {
      var facts = SwiftFileFacts()
      let location = SourceLocation(file: path, range: SourceRange(at: SourcePosition(line: 1, column: 1, offset: 0)))
      facts.types = [
        SwiftTypeDeclaration(
          kind: kind, name: "Root", inheritedTypes: [], attributes: [], objcName: nil, members: [], location: location,
          nameLocation: location
        )
      ]
      return FileFacts(path: path, content: .swift(facts))
    }
    #expect(!ProjectIndex(files: [file("App/Root.swift", .class), file("App/Root+Table.swift", .extension)]).isDeclaredSeparately("Root"))
    #expect(ProjectIndex(files: [file("A.playground/Sources/Root.swift", .class), file("B.playground/Sources/Root.swift", .class)]).isDeclaredSeparately("Root"))
  }

  @Test(arguments: [
    "", "{", "// !$*UTF8*$!\n{ objects = { }; }", "{ rootObject = P0; objects = { P0 = { isa = PBXProject; }; }; }",
    "{ a = \"unterminated; }", "{ a = (b, c; }", "{ a = b }", "{ a = b; } trailing", "/* open comment",
    String(repeating: "(", count: 100_000), String(repeating: "{a=", count: 50_000), "\u{0}\u{1}\u{FF}",
  ])
  func malformedProjectFilesTellNothing(text: String) {
    #expect(XcodeProjectReader.read(projectFile: "/w/A.xcodeproj/project.pbxproj", bytes: Array(text.utf8)).files == nil)
  }

  /// A crafted file of empty objects would keep millions of them: the reading stops at the limit.
  @Test func aFloodOfObjectsEndsTheReading() {
    let flood = "{ rootObject = P0; objects = { " + String(repeating: "a={};", count: 500_000) + " }; }"
    #expect(XcodeProjectReader.read(projectFile: "/w/A.xcodeproj/project.pbxproj", bytes: Array(flood.utf8)).files == nil)
  }

  @Test func aGroupThatHoldsItselfEndsTheWalk() {
    // G1 lists itself among its children: each group is entered once.
    let looping = Self.projectFile(appChildren: "\n\t\t\t\tG1 /* App */,")
    let files = XcodeProjectReader.read(projectFile: "/w/A.xcodeproj/project.pbxproj", bytes: Array(looping.utf8)).files
    #expect(files?.paths.count == 3)
  }

  /// A project last checked for Swift by Xcode 7 that names no `SWIFT_VERSION` builds Swift 2; one checked by a later
  /// Xcode keeps its version in an `.xcconfig` file (NetNewsWire), and one with no such attribute is not judged. Its
  /// Swift files are Swift 2 unless another project builds them too.
  @Test func xcode7ProjectsBuildSwift2() {
    let path = "/w/A.xcodeproj/project.pbxproj"
    func reads(_ extra: String) -> Bool? {
      XcodeProjectReader.read(projectFile: path, bytes: Array(Self.projectFile(extraObjects: extra).utf8)).files?
        .buildsSwift2
    }
    let xcode7 = "\n\t\tA0 = {isa = PBXProject; attributes = {LastSwiftMigration = 0700; LastSwiftUpdateCheck = 0730;}; };"
    let xcode12 = "\n\t\tA0 = {isa = PBXProject; attributes = {LastSwiftUpdateCheck = 1240;}; };"
    let settings = "\n\t\tB0 = {isa = XCBuildConfiguration; buildSettings = {SWIFT_VERSION = 4.2;}; name = Debug; };"
    #expect(reads(xcode7) == true)
    #expect(reads(xcode12) == false)
    #expect(reads("") == false)
    #expect(reads(xcode7 + settings) == false)
    // Xcode 6 wrote no Swift attribute: its last upgrade check tells.
    let xcode6 = "\n\t\tA0 = {isa = PBXProject; attributes = {LastUpgradeCheck = 0640;}; };"
    let xcode9 = "\n\t\tA0 = {isa = PBXProject; attributes = {LastUpgradeCheck = 0920;}; };"
    #expect(reads(xcode6) == true)
    #expect(reads(xcode9) == false)
    #expect(reads(xcode6 + settings) == false)
    #expect(reads("\n\t\tA0 = {isa = PBXProject; attributes = {LastSwiftUpdateCheck = 1000; LastUpgradeCheck = 0640;}; };") == false)
    // The workspace's spelling of each file the project lists, compared without case (ledger-wallet-ios's group
    // `pairing/list` is the folder `Pairing/List`).
    let legacy = XcodeProjectFiles(
      paths: ["A/Old.swift", "A/Both.swift", "A/View.xib", "a/pairing/Cell.swift", "A/Gone.swift"], buildsSwift2: true
    )
    let modern = XcodeProjectFiles(paths: ["A/Both.swift", "B/New.swift"])
    let files = ["A/Old.swift", "A/Both.swift", "A/View.xib", "A/Pairing/Cell.swift", "B/New.swift"].map {
      FileFacts(path: $0, content: .unreadable)
    }
    #expect(IndexBuilder.legacySwiftFiles(files, projects: [legacy, modern]) == ["A/Old.swift", "A/Pairing/Cell.swift"])
    #expect(IndexBuilder.legacySwiftFiles(files, projects: [modern]).isEmpty)
  }

  /// A project that lists only a localised file of a folder (`Storyboards/Base.lproj/LaunchScreen.storyboard`, in a
  /// variant group of `Storyboards`) lists that folder's files: a storyboard beside `Base.lproj` that it does not
  /// list is not built (corona-warn-app's `Main.storyboard`), nor is a localised file it does not list in another
  /// `.lproj` of that folder (`de.lproj/Main.xib`). A folder whose files no project lists is still judged by nothing.
  @Test func aLocalisedFileMakesItsFolderAboveListed() {
    let project = XcodeProjectFiles(
      paths: ["ENA/Storyboards/Base.lproj/LaunchScreen.storyboard", "ENA/Source/App.swift"]
    )
    let files = [
      "ENA/Storyboards/Base.lproj/LaunchScreen.storyboard", "ENA/Storyboards/Main.storyboard",
      "ENA/Storyboards/de.lproj/Main.xib", "ENA/Source/App.swift", "ENA/Other/Sample.storyboard",
      "ENA/Other/de.lproj/Sample.xib",
    ].map { FileFacts(path: $0, content: .interfaceBuilder(InterfaceBuilderDocument(kind: .storyboard, targetRuntime: nil))) }
    #expect(
      IndexBuilder.filesOutsideXcodeProjects(files, projects: [project])
        == ["ENA/Storyboards/Main.storyboard", "ENA/Storyboards/de.lproj/Main.xib"]
    )
  }

  /// A storyboard left in `App/` after it was taken out of the project, or in a folder below `App/` it names no file
  /// of, is not built: its findings are not reported, while the same defect in a file the project builds, or in a
  /// folder beside `App/` the project names no file of, is.
  @Test func findingsInFilesTheProjectLeftOutAreNotReported() throws {
    let stale = """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
        <scenes><scene sceneID="s"><objects>
          <viewController id="vc" customClass="ListViewController" customModule="App" customModuleProvider="target" sceneMemberID="viewController">
            <connections><outlet property="missingOutlet" destination="vc" id="o1"/></connections>
          </viewController>
        </objects></scene></scenes>
      </document>
      """
    let project = try TemporaryProject([
      "App.xcodeproj/project.pbxproj": Self.projectFile(),
      "App/ListViewController.swift": WorkspaceTests.controller,
      "App/Base.lproj/Main.storyboard": stale.replacingOccurrences(of: "missingOutlet", with: "shippedOutlet"),
      "App/Base.lproj/Old.storyboard": stale,
      "App/Old.swift": "// taken out of the project\n// tablelint:disable:next unregistered_reuse_identifier\nlet a = 1\n",
      "Tools/Sample.storyboard": stale.replacingOccurrences(of: "missingOutlet", with: "toolOutlet"),
      // A subtree of the project's folder none of whose files it lists (unstoppable-ios-app's `Modules/NewUI`).
      "App/Modules/NewUI/Backup.storyboard": stale.replacingOccurrences(of: "missingOutlet", with: "newOutlet"),
    ])
    let workspace = Workspace(roots: [project.root])
    let result = try workspace.lint()
    let reported = result.findings.map { "\(URL(fileURLWithPath: $0.location.file).lastPathComponent) \($0.ruleID)" }
    #expect(reported.sorted() == ["Main.storyboard dangling_outlet", "Sample.storyboard dangling_outlet"], "\(reported)")
    #expect(result.index.filesOutsideXcodeProjects.map { URL(fileURLWithPath: $0).lastPathComponent }.sorted()
      == ["Backup.storyboard", "Old.storyboard", "Old.swift"])

    // With a folder Xcode keeps in step with the disk, being unlisted says nothing: every finding is reported.
    let folder = "\n\t\tS1 /* Sources */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Sources; sourceTree = \"<group>\"; };"
    try project.write("App.xcodeproj/project.pbxproj", Self.projectFile(extraObjects: folder))
    let synchronized = try Workspace(roots: [project.root]).lint()
    #expect(synchronized.findings.filter { $0.location.file.hasSuffix("Old.storyboard") }.count == 1)
  }
}
