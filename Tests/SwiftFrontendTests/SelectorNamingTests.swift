import Testing
import TablelintModel
@testable import SwiftFrontend

/// Swift → Objective-C selector names, as shared/REFERENCE.md lists them.
@Suite struct SelectorNamingTests {
  @Test(arguments: [
    ("func f() {}", "f"),
    ("func f(_ x: Any) {}", "f:"),
    ("func f(_ x: Any, _ y: Any) {}", "f::"),
    ("func f(sender: Any) {}", "fWithSender:"),
    ("func f(_ sender: Any, event: UIEvent) {}", "f:event:"),
    ("func f(with value: Any) {}", "fWith:"),
    ("func f(for value: Any) {}", "fFor:"),
    ("func f(withSender value: Any) {}", "fWithSender:"),
    ("func show(from view: UIView, animated: Bool) {}", "showFrom:animated:"),
    ("@objc(resetCache:) func reset(_ x: Any) {}", "resetCache:"),
    ("init(frame: CGRect) {}", "initWithFrame:"),
    ("init() {}", "init"),
    ("func load() throws {}", "loadAndReturnError:"),
    ("func load(url: URL) throws {}", "loadWithUrl:error:"),
  ])
  func selectorOfMember(declaration: String, selector: String) throws {
    let member = try #require(Self.members(of: "class C: NSObject {\n  \(declaration)\n}").first)
    #expect(member.selector == selector)
  }

  static func members(of source: String) -> [SwiftMember] {
    SwiftFrontend.parse(path: "T.swift", bytes: Array(source.utf8)).swift?.types.flatMap(\.members) ?? []
  }
}

@Suite struct ExposureTests {
  func member(_ source: String, named name: String) -> SwiftMember? {
    SelectorNamingTests.members(of: source).first { $0.name == name }
  }

  @Test func attributesAndModifiersExposeMembers() throws {
    let source = """
      class SettingsViewController: UIViewController {
        @IBOutlet private weak var titleLabel: UILabel!
        @IBAction private func resetTapped(_ sender: Any) {}
        @objc func refresh() {}
        dynamic var count = 0
        override func viewDidLoad() {}
        func plain() {}
        @nonobjc @IBAction func hidden() {}
        var computed: Int { 1 }
        var both: Int { get { 1 } set {} }
        let constant = 1
        var observed = 0 { didSet {} }
      }
      """
    #expect(try #require(member(source, named: "titleLabel")).exposure == [.ibOutlet])
    #expect(try #require(member(source, named: "titleLabel")).isSettable)
    #expect(try #require(member(source, named: "titleLabel")).accessLevel == "private")
    #expect(try #require(member(source, named: "resetTapped")).exposure == [.ibAction])
    #expect(try #require(member(source, named: "refresh")).exposure == [.objc])
    #expect(try #require(member(source, named: "count")).exposure == [.dynamic])
    #expect(try #require(member(source, named: "viewDidLoad")).exposure == [.override])
    #expect(try #require(member(source, named: "plain")).exposure.isEmpty)
    #expect(try #require(member(source, named: "hidden")).exposure.isEmpty)
    #expect(try #require(member(source, named: "computed")).isSettable == false)
    #expect(try #require(member(source, named: "both")).isSettable)
    #expect(try #require(member(source, named: "constant")).isSettable == false)
    #expect(try #require(member(source, named: "observed")).isSettable)
  }

  @Test func objcMembersClassesAndObjcExtensionsExposeEverything() throws {
    let source = """
      @objcMembers class Model: NSObject {
        func load() {}
      }
      @objc extension Model {
        func save() {}
      }
      """
    #expect(try #require(member(source, named: "load")).exposure == [.objcMembers])
    #expect(try #require(member(source, named: "save")).exposure == [.objcMembers])
  }
}
