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
    for project in ["CleanApp", "DefectsApp", "MixedObjC", "ModernSwift", "SelectorsAndOutlets", "TableModels"] {
      indexes.append(try Workspace(roots: [FixturePaths.fixtures + "/" + project]).lint().index)
    }
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
}
