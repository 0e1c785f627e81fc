@testable import TablelintIndex
import TablelintModel
import Testing

@testable import TablelintCore

/// A class's Objective-C surface (`ProjectIndex.objcSurface(ofClass:)`) across a chain of Swift and Objective-C
/// classes: a superclass's declaration overrides a subclass's, and a key only filled (an instance variable, a
/// `setKey:` method) keeps what was there first.
@Suite struct ObjCSurfaceTests {
  static func index(_ sources: [(String, String)]) -> ProjectIndex {
    ProjectIndex(files: sources.map { Frontends.parse(path: $0.0, bytes: Array($0.1.utf8))! })
  }

  /// The indexes of the fixture projects with Objective-C surfaces worth checking.
  static func fixtureIndexes() throws -> [ProjectIndex] {
    try ["CleanApp", "DefectsApp", "MixedObjC", "ModernSwift", "SelectorsAndOutlets", "TableModels"].map {
      try Workspace(roots: [FixturePaths.fixtures + "/" + $0]).lint().index
    }
  }

  @Test func superclassesOverrideAndFillsKeepWhatCameFirst() throws {
    let header = """
      @interface BaseCell : UITableViewCell {
        NSString *_title;
      }
      @property (nonatomic) NSString *subtitle;
      - (void)setDetail:(NSString *)detail;
      - (void)reload;
      @end
      """
    let middle = """
      @objcMembers class MiddleCell: BaseCell {
        var badge: String = ""
        private func refresh() {}
      }
      """
    let leaf = """
      final class PhotoCell: MiddleCell {
        @objc var title: String = ""
        @objc var subtitle: String = ""
        var detail: String = ""
        let caption = ""
        func refresh() {}
        @objc func reload() {}
      }
      """
    let index = Self.index([("/p/BaseCell.h", header), ("/p/MiddleCell.swift", middle), ("/p/PhotoCell.swift", leaf)])
    // Not vacuous: the leaf's chain is three workspace classes long, and leaves for UIKit.
    #expect(index.superclassChain(of: "PhotoCell").classes.map(\.name) == ["PhotoCell", "MiddleCell", "BaseCell"])

    let surface = try #require(index.objcSurface(ofClass: "PhotoCell"))
    // `title`: the leaf's property came first; the ivar `_title` above only fills.
    #expect(surface.settableKey("title")??.file == "/p/PhotoCell.swift")
    // `subtitle`: the Objective-C property above is declared later in the chain's walk, and wins.
    #expect(surface.settableKey("subtitle")??.file == "/p/BaseCell.h")
    // `detail`: the leaf's property, exposed by `@objcMembers` above it, came first; `setDetail:` above only fills.
    #expect(surface.settableKey("detail")??.file == "/p/PhotoCell.swift")
    #expect(surface.selector("reload")??.file == "/p/BaseCell.h")
    #expect(surface.unsettableProperty("caption") != nil)
  }

  /// A surface built on its superclass's (`ObjCSurface.inheriting`, layered over it) equals one gathered from the
  /// whole chain, and answers every look-up as that one does, for every class of the fixture projects and of the
  /// chain above; a cycle of superclasses is gathered whole.
  @Test func aSurfaceBuiltOnItsSuperclassEqualsTheWholeChains() throws {
    var indexes = [Self.index([
      ("/p/Base.h", "@interface Base : UIView {\n  NSString *_name;\n}\n- (void)setBadge:(id)b;\n- (void)tap;\n@end\n"),
      ("/p/Mid.swift", "class Mid: Base {\n  var name = \"\"\n  private func tap() {}\n  func hidden() {}\n}\n"),
      ("/p/Top.swift", "@objcMembers class Top: Mid {\n  var badge = 1\n  let fixed = 2\n  var hidden: Int { 1 }\n}\n"),
      ("/p/Leaf.swift", "final class Leaf: Top {\n  @objc func tap() {}\n  var extra = \"\"\n}\n"),
      ("/p/Loop.swift", "class LoopA: LoopB {}\nclass LoopB: LoopA {\n  @objc var b = 1\n}\n"),
      // Conformances: outside the workspace through a workspace protocol, on the superclass or on the subclass only.
      (
        "/p/Conforming.swift",
        "protocol Local {}\nprotocol Bridged: ExternalDelegate {}\nclass Plain: UIView {}\n"
          + "class Conforming: UIView, Bridged {}\nclass Below: Conforming, Local {}\nclass Own: Plain, Local {}\n"
          + "class Direct: Plain, UITableViewDataSource {}\nclass Deeper: Direct {}\n"
      ),
    ])]
    indexes += try Self.fixtureIndexes()
    var composed = 0
    for index in indexes {
      for (name, info) in index.types where info.isClassLike {
        let chain = index.superclassChain(of: name)
        if chain.classes.count > 1 { composed += 1 }
        let whole = index.computeWholeObjcSurface(of: info, chain: chain)
        let surface = try #require(index.objcSurface(ofClass: name))
        #expect(surface == whole, "\(name)")
        // The look-ups through the layers answer what the whole chain's one table answers.
        let flat = whole.flattened().own
        for key in Set(flat.settableKeys.keys).union(surface.settableKeyNames).union(["missing"]) {
          #expect(surface.settableKey(key) == flat.settableKeys[key], "\(name).\(key)")
        }
        for selector in Set(surface.selectorNames).union(flat.unexposedMembers.keys).union(["missing:"]) {
          #expect(surface.selector(selector) == flat.declaredSelectors[selector] ?? whole.frameworkSelectors[selector])
          #expect(surface.unexposedMember(selector) == flat.unexposedMembers[selector], "\(name) \(selector)")
        }
        for property in Set(flat.unsettableProperties.keys).union(["missing"]) {
          #expect(surface.unsettableProperty(property) == flat.unsettableProperties[property], "\(name).\(property)")
        }
        #expect(surface.settableKey("missing") == nil && surface.selector("missing:") == nil)
        #expect(Set(surface.workspaceSelectorNames) == Set(whole.workspaceSelectorNames), "\(name)")
      }
    }
    #expect(composed > 10)
  }

  /// A class an Xcode project builds from a file the workspace lacks (a submodule left out of the checkout) is out of
  /// sight, even when another target declares a class of the same name (InjectionIII's app delegate): its scenes'
  /// outlets are not judged. With the file there, they are.
  @Test func classesOfMissingProjectSourcesAreOutOfSight() throws {
    // The scene's controller, with its label and its outlet to it, on line 3.
    let storyboard = """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
      <scenes><scene sceneID="s1"><objects><viewController id="vc" customClass="ListViewController" customModule="App" customModuleProvider="target" sceneMemberID="viewController">
      <view key="view" id="root"><subviews><label opaque="NO" text="Title" id="label-1"/></subviews></view><connections><outlet property="titleLabel" destination="label-1" id="o1"/></connections>
      </viewController></objects></scene></scenes></document>
      """
    let otherTarget = "import UIKit\nclass ListViewController: UIViewController {}\n"
    var sources = [
      ("App.xcodeproj/project.pbxproj", XcodeProjectTests.projectFile()),
      ("App/Base.lproj/Main.storyboard", storyboard),
      ("Tool/ListViewController.swift", otherTarget),
    ]
    func outletFindings() -> [Finding] {
      let files = sources.map { Frontends.parse(path: $0.0, bytes: Array($0.1.utf8))! }
      return LintEngine.snapshot(files: files).result.findings.filter { $0.ruleID == "dangling_outlet" }
    }
    #expect(Self.index(sources).classesInMissingSources == ["ListViewController"])
    #expect(outletFindings().isEmpty)
    // The project's own file, present, decides.
    sources.append(("App/ListViewController.swift", otherTarget))
    #expect(Self.index(sources).classesInMissingSources.isEmpty)
    #expect(outletFindings().map(\.location.range.start.line) == [3])
  }

  /// `exposedSelectors(among:)` answers, for any selectors asked, what looking each up in `allExposedSelectors`
  /// answers, with and without class methods: static members, `+` methods, setters of settable properties (Swift
  /// and Objective-C), `@objcMembers`, renamed getters, curated framework selectors and names nobody declares.
  @Test func selectorsLookedUpAmongTheExposedOnesAreThoseTheWholeSetHolds() throws {
    var indexes = [Self.index([
      ("/p/Base.h", "@interface Base : UIViewController\n@property (nonatomic) id badge;\n@property (readonly) id fixed;\n+ (void)make;\n- (IBAction)unwindToBase:(UIStoryboardSegue *)segue;\n@end\n"),
      ("/p/Mid.swift", "class Mid: Base {\n  @objc static func shared() {}\n  @objc(customTitle) var title = \"\"\n  @objc let constant = 1\n  func hidden() {}\n  @IBAction func save(_ sender: Any) {}\n}\n"),
      ("/p/Top.swift", "@objcMembers class Top: Mid {\n  var count = 1\n  static var total = 2\n}\n"),
      ("/p/Actions.swift", "@objc protocol Actions {\n  func perform(_ sender: Any?)\n}\n"),
    ])]
    indexes += try Self.fixtureIndexes()
    let asked: Set<String> = [
      "badge", "setBadge:", "fixed", "setFixed:", "make", "unwindToBase:", "shared", "customTitle", "setCustomTitle:",
      "title", "constant", "setConstant:", "hidden", "save:", "count", "setCount:", "total", "setTotal:", "perform:",
      "copy:", "paste:", "viewDidLoad", "nobodyDeclaresThis:", "set:", "",
    ]
    for index in indexes {
      for includingClassMethods in [false, true] {
        let whole = index.allExposedSelectors(includingClassMethods: includingClassMethods)
        // Some of every selector the workspace exposes too, not only the ones named above.
        let questions = asked.union(whole.sorted().prefix(200))
        let answer = index.exposedSelectors(among: questions, includingClassMethods: includingClassMethods)
        let wrong = answer.symmetricDifference(questions.intersection(whole)).sorted()
        #expect(wrong.isEmpty, "answered wrongly (class methods: \(includingClassMethods)): \(wrong)")
        #expect(index.exposedSelectors(among: [], includingClassMethods: includingClassMethods).isEmpty)
      }
    }
    // Not vacuous: the first index answers both ways, and the class side differs.
    let first = indexes[0]
    #expect(first.exposedSelectors(among: ["setBadge:", "save:", "copy:", "customTitle"]).count == 4)
    #expect(first.exposedSelectors(among: ["make", "shared", "total", "setTotal:"]).isEmpty)
    #expect(first.exposedSelectors(among: ["make", "shared", "total", "setTotal:"], includingClassMethods: true).count == 4)
    #expect(first.exposedSelectors(among: ["setFixed:", "hidden", "setConstant:"], includingClassMethods: true).isEmpty)
  }

  /// `methodFirstPieces(among:)` answers which first pieces begin some workspace method's selector, exposed or not, of
  /// Swift or Objective-C: what the pieces of every method, made as strings, would answer.
  @Test func firstPiecesAreThoseOfTheWorkspacesMethods() throws {
    let index = Self.index([
      ("/p/Base.h", "@interface Base : UIViewController\n- (void)reloadWithItems:(id)items animated:(BOOL)animated;\n+ (void)make;\n@end\n"),
      ("/p/Mid.swift", "class Mid: Base {\n  func hidden(value: Int) {}\n  @objc func save(_ sender: Any) {}\n  var count = 1\n}\n"),
    ])
    let asked: Set<String> = [
      "reloadWithItems:", "make", "hiddenWithValue:", "save:andClose:", "count", "URLWithString:", "copy:", "other:",
    ]
    // `count` is a property, `copy` UIKit's, `URLWithString` and `other` nobody's.
    #expect(
      index.methodFirstPieces(among: Set(asked.map(ProjectIndex.firstPiece(of:))))
        == ["reloadWithItems", "make", "hiddenWithValue", "save"]
    )
    // On every fixture project, for the pieces of every exposed selector and of those above.
    func definition(_ project: ProjectIndex) -> Set<String> {
      var pieces: Set<String> = []
      for info in project.types.values {
        for (_, declaration) in info.declarations {
          for member in declaration.members where member.kind == .method {
            pieces.insert(String(member.selector.split(separator: ":", omittingEmptySubsequences: false)[0]))
          }
        }
        for (_, declaration) in info.objcDeclarations {
          for method in declaration.methods {
            pieces.insert(String(method.selector.split(separator: ":", omittingEmptySubsequences: false)[0]))
          }
        }
      }
      return pieces
    }
    for fixture in try Self.fixtureIndexes() {
      let pieces = Set(fixture.allExposedSelectors(includingClassMethods: true).union(asked).map(ProjectIndex.firstPiece(of:)))
      #expect(fixture.methodFirstPieces(among: pieces) == pieces.intersection(definition(fixture)))
    }
    // Asked of no piece, none.
    #expect(index.methodFirstPieces(among: []).isEmpty)
  }
}
