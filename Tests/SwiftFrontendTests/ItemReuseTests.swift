import Foundation
import SwiftParser
import SwiftSyntax
import Testing
import TablelintModel
@testable import SwiftFrontend

/// An incremental parse takes the facts of the declarations the parser reused (`ItemFacts`): after every edit the
/// facts equal those of a whole parse of the same text, and unchanged declarations were not walked again.
@Suite struct ItemReuseTests {
  static let source = """
    import UIKit

    let globalIdentifier = "GlobalCell"

    final class FeedViewController: UITableViewController {
      enum CellID: String {
        case photo
        case text = "TextCell"
      }

      static let headerIdentifier = "Header"
      @IBOutlet weak var tableHeader: UIView!

      override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(PhotoCell.self, forCellReuseIdentifier: CellID.photo.rawValue)
        tableView.register(UINib(nibName: "TextCell", bundle: nil), forCellReuseIdentifier: "TextCell")
        refreshControl?.addTarget(self, action: #selector(refresh(_:)), for: .valueChanged)
      }

      @objc func refresh(_ sender: Any) {
        print("refreshing")
      }

      override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "PhotoCell", for: indexPath) as! PhotoCell
        return cell
      }
    }

    extension FeedViewController {
      func configure() { _ = UserCell.self }
      @IBAction func share(_ sender: UIButton) {}
    }

    extension UITableView {
      func dequeue<T: UITableViewCell>(_ type: T.Type, for indexPath: IndexPath) -> T {
        dequeueReusableCell(withIdentifier: String(describing: type), for: indexPath) as! T
      }
    }

    final class SettingsViewController: UIViewController {
      let rows = [SimpleRow(title: "Reset", action: Selector("reset"))]
      func reset() {}
      func run(_ row: SimpleRow) { perform(row.action) }
      func table() -> Section { Section(rows: [Row(text: "A", cellClass: ValueCell.self)]) }
      func about() -> UIStoryboard { UIStoryboard(name: "About", bundle: nil) }
    }

    """

  /// Each edit replaces the first occurrence of a text (or inserts at the start when `of` is empty).
  static let edits: [(name: String, of: String, with: String)] = [
    ("a line above everything", "", "// header\n"),
    ("typing in a method", "print(\"refreshing\")", "print(\"refreshing\")\n    let probe = 1"),
    ("typing a letter in a method", "let probe = 1", "let probe = 12"),
    ("a blank line in the class", "  @objc func refresh", "\n  @objc func refresh"),
    ("a member added", "  func reset() {}", "  func reset() {}\n  func other() {}"),
    ("@objcMembers on the class", "final class FeedViewController", "@objcMembers final class FeedViewController"),
    ("the enum no longer String", "enum CellID: String", "enum CellID: Int"),
    ("the class renamed", "final class FeedViewController:", "final class FeedController:"),
    ("Static imported", "import UIKit", "import UIKit\nimport Static"),
    ("a member on the line of another", "  func reset() {}", "  var flag = 1; func reset() {}"),
    ("the type that performs its rows' selectors no longer does", "perform(row.action)", "print(row)"),
    ("a generic parameter renamed", "func dequeue<T: UITableViewCell>", "func dequeue<U: UITableViewCell>"),
  ]

  static func apply(_ edit: (name: String, of: String, with: String), to text: String) -> String {
    guard !edit.of.isEmpty else { return edit.with + text }
    guard let range = text.range(of: edit.of) else { Issue.record("no '\(edit.of)' for \(edit.name)"); return text }
    return text.replacingCharacters(in: range, with: edit.with)
  }

  /// Found by `scripts/fuzz.sh swift-incremental`: swift-syntax's lexer traps when an incremental parse reuses nodes
  /// around a multi-line string with an interpolation. Such a text is parsed whole, and gives a whole parse's facts.
  @Test func aTextWithAMultiLineStringIsParsedWhole() {
    let after = Array("\"\"\"\\(e e\"T\" /TT".utf8)
    let before = Array(after[..<(after.count / 3)] + after[(after.count / 2)...])
    let parser = IncrementalSwiftParser()
    _ = parser.parse(path: "Strings.swift", bytes: before)
    let facts = parser.parse(path: "Strings.swift", bytes: after)
    #expect(facts == SwiftFrontend.parse(path: "Strings.swift", bytes: after, skippingBodies: false))
    let tree = Parser.parse(source: String(decoding: before, as: UTF8.self))
    #expect(IncrementalSwiftParser.mayTrapIncrementally(
      previous: tree, edit: IncrementalSwiftParser.edit(from: before, to: after), new: after))
  }

  /// The input of `anItemThatNowStartsInsideARawStringIsNotReused`, as the fuzzer wrote it.
  static let rawStringTrap = ""
    + "import AppKit heableView(_ tableView: UITableView, numberOfRowsInSection#sectonaryKey: \"CFBundl"
    + "eShortVersionString\") ?? \"\"#\"\n"
    + "    default: return sure registered by the table; only the typing row is registered here.\n"
    + "final class Chatar messages: [(text: String, isMges.count + (isPeenTibleView(_ tableleView(_ taw"
    + ": UITable   case,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,    case .autoplay: ret"
    + "urn \"Autoplay Videos\"\n"
    + "    caseurn \"Autoplay Videos\"View(_ tableView: UITableVi The controller only hides rows, never"
    + " adds any.\n"
    + "final class SettingsViewController: UITableViewCone responder chain.\n"
    + "    case .\n"
    + "fin"

  /// Found by `scripts/fuzz.sh swift-incremental`: after an edit, the lexer read the first token of an item the old
  /// tree held as the quote after a raw string's `#` (the input below, its middle sixth removed before). Parsed whole.
  @Test func anItemThatNowStartsInsideARawStringIsNotReused() {
    let after = Array(Self.rawStringTrap.utf8)
    let before = Array(after[..<(after.count / 3)] + after[(after.count / 2)...])
    let parser = IncrementalSwiftParser()
    _ = parser.parse(path: "Settings.swift", bytes: before)
    let facts = parser.parse(path: "Settings.swift", bytes: after)
    #expect(facts == SwiftFrontend.parse(path: "Settings.swift", bytes: after, skippingBodies: false))
  }

  /// The item starts gathered in one walk are the offsets at which the tree's token there begins a statement or a
  /// member (what asking the tree for each token found, one look-up per literal token), on every fixture file.
  @Test func itemStartsAreWhereATokenBeginsAnItem() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures")
    let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") } ?? []
    #expect(files.count > 20)
    for file in files {
      let bytes = try Array(Data(contentsOf: root.appendingPathComponent(file)))
      guard SwiftFrontend.isParseable(bytes) else { continue }
      let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
      var expected: Set<Int> = []
      for token in tree.tokens(viewMode: .sourceAccurate) {
        var node: Syntax? = Syntax(token)
        while let current = node, current.position == token.position {
          if current.is(CodeBlockItemSyntax.self) || current.is(MemberBlockItemSyntax.self) {
            expected.insert(token.position.utf8Offset)
          }
          node = current.parent
        }
      }
      #expect(IncrementalSwiftParser.ItemStartCollector.starts(of: tree) == expected, "\(file)")
      // The one-by-one look-up the first literals use agrees with the walk.
      let lookedUp = Set(tree.tokens(viewMode: .sourceAccurate).map(\.position.utf8Offset).filter {
        IncrementalSwiftParser.startsItem(of: tree, at: $0)
      })
      #expect(lookedUp == expected, "\(file)")
    }
  }

  /// Literals elsewhere do not keep a document from being parsed incrementally: strings, raw strings and a multi-line
  /// string away from the edit, which swaps one statement of a body.
  @Test func literalsAwayFromTheEditDoNotPreventReuse() {
    let before = """
      final class SettingsViewController: UITableViewController {
        let title = "Settings", pattern = #"^\\d+"#, footer = \"\"\"
          Version \\(1)
          \"\"\"
        override func viewDidLoad() {
          super.viewDidLoad()
          tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        }
        func reload() { tableView.reloadData() }
      }

      """
    let after = before.replacingOccurrences(of: "tableView.reloadData()", with: "tableView.reloadSections([0], with: .none)")
    let tree = Parser.parse(source: before)
    let edit = IncrementalSwiftParser.edit(from: Array(before.utf8), to: Array(after.utf8))
    #expect(!IncrementalSwiftParser.mayTrapIncrementally(previous: tree, edit: edit, new: Array(after.utf8)))
    let parser = IncrementalSwiftParser()
    _ = parser.parse(path: "Settings.swift", bytes: Array(before.utf8))
    let facts = parser.parse(path: "Settings.swift", bytes: Array(after.utf8))
    #expect(parser.reusedDeclarations("Settings.swift") > 0)
    #expect(facts == SwiftFrontend.parse(path: "Settings.swift", bytes: Array(after.utf8), skippingBodies: false))
  }

  @Test func everyEditGivesTheFactsOfAWholeParse() {
    let parser = IncrementalSwiftParser()
    var text = Self.source
    _ = parser.parse(path: "Feed.swift", bytes: Array(text.utf8))
    for edit in Self.edits {
      text = Self.apply(edit, to: text)
      let incremental = parser.parse(path: "Feed.swift", bytes: Array(text.utf8))
      let whole = SwiftFrontend.parse(path: "Feed.swift", bytes: Array(text.utf8))
      #expect(whole.swift?.hasSyntaxErrors == false, "\(edit.name)")
      #expect(incremental == whole, "\(edit.name)")
      #expect(incremental.swift?.loadedStoryboards == ["About"], "\(edit.name)")
      // `import Static` changes how every later declaration reads library rows: none is taken.
      if edit.name != "Static imported" {
        #expect(parser.reusedDeclarations("Feed.swift") > 0, "\(edit.name): nothing reused")
      }
    }
  }

  /// Typing in one method takes every other declaration's facts: only the edited member and the declarations
  /// around it are walked.
  @Test func typingInAMethodWalksOnlyThatMethodAndWhatHoldsIt() throws {
    let parser = IncrementalSwiftParser()
    let before = Array(Self.source.utf8)
    _ = parser.parse(path: "Feed.swift", bytes: before)
    let text = Self.apply(Self.edits[1], to: Self.source)
    _ = parser.parse(path: "Feed.swift", bytes: Array(text.utf8))
    // Not reused: the class's item and the edited method. Reused: the import, the global, the class's other
    // members (the enum, the constant, the outlet, viewDidLoad, cellForRowAt) and the three items after it.
    #expect(parser.reusedDeclarations("Feed.swift") >= 10)
  }

  /// A selector in a string is read with the members around it (`noteDependsOnSurroundings`): its declaration is
  /// walked again after any edit, and follows the other members.
  @Test func aSelectorLiteralIsReadAgainWithTheMembersAroundIt() throws {
    let parser = IncrementalSwiftParser()
    var text = Self.source
    _ = parser.parse(path: "Feed.swift", bytes: Array(text.utf8))
    let performed = try #require(parser.parse(path: "Feed.swift", bytes: Array(text.utf8)).swift)
    #expect(performed.selectorReferences.first { $0.selector == "reset" }?.isPerformedOnEnclosingType == true)
    text = Self.apply(("no perform", "perform(row.action)", "print(row)"), to: text)
    let edited = try #require(parser.parse(path: "Feed.swift", bytes: Array(text.utf8)).swift)
    #expect(edited.selectorReferences.first { $0.selector == "reset" }?.isPerformedOnEnclosingType == false)
  }

  /// Features read the last tree of a document when it parsed exactly the bytes they were given.
  @Test func theLastTreeIsHandedOutOnlyForItsBytes() {
    let parser = IncrementalSwiftParser()
    let text = Array(Self.source.utf8)
    _ = parser.parse(path: "Feed.swift", bytes: text)
    #expect(parser.tree(of: "Feed.swift", ifBytesAre: text)?.description == Self.source)
    #expect(parser.tree(of: "Feed.swift", ifBytesAre: text + Array(" ".utf8)) == nil)
    #expect(parser.tree(of: "Other.swift", ifBytesAre: text) == nil)
  }
}
