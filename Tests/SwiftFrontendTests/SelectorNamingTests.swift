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

  /// The naming helpers read ASCII by its bytes; they must say what the character-wise definitions say, for any text.
  @Test func bytewiseNamingEqualsCharacterwiseNaming() {
    func firstWord(_ identifier: String) -> String {
      var word = ""
      for (index, character) in identifier.enumerated() {
        if index > 0, character.isUppercase { break }
        word.append(character)
      }
      return word
    }
    func capitalized(_ word: String) -> String {
      guard let first = word.first else { return word }
      return first.uppercased() + word.dropFirst()
    }
    let words = [
      "", "a", "A", "with", "withSender", "URL", "forURL", "_private", "a1B", "withdraw", "Withdraw", "é", "éclair",
      "Über", "forÉté", "ß", "ǆungla", "e\u{301}tat", "x\r\nY", "inside", "ıi", "zZ", "z",
    ]
    for word in words {
      #expect(ObjCSelectorNaming.firstWord(word) == firstWord(word), "\(word)")
      #expect(ObjCSelectorNaming.capitalized(word) == capitalized(word), "\(word)")
    }
    #expect(ObjCSelectorNaming.selector(baseName: "f", labels: ["éclair", nil, "b"], throwing: true, async: true)
      == "fWithÉclair::b:completionHandler:error:")
    #expect(ObjCSelectorNaming.selector(baseName: "f", labels: [], throwing: true, async: true) == "fWithCompletionHandler:")
    #expect(ObjCSelectorNaming.selector(baseName: "f", labels: [nil], async: true) == "f:completionHandler:")
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
