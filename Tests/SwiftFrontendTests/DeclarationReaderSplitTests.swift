import Testing
import TablelintModel
@testable import SwiftFrontend

/// A skeleton the reader refuses whole is split: the reader reads the declarations it can, swift-syntax parses the
/// rest, and the facts are those of a whole parse, in the same order.
@Suite struct DeclarationReaderSplitTests {
  /// The split of `text`'s skeleton, its batch facts, its whole parse's facts and how the batch read it.
  static func split(
    _ text: String
  ) -> (split: DeclarationReader.Split?, batch: FileFacts, whole: FileFacts, route: String, text: String) {
    let bytes = Array(text.utf8)
    let skeleton = BodySkipping.skeleton(of: bytes, evenWithoutBodies: true)
    let (batch, whole, _) = BodySkippingTests.read(text)
    // What the fuzzer checks: the items read, with the rest as it is, hold no error swift-syntax would report.
    #expect(SwiftFrontend.declarationReaderReadsOnlyCleanSkeletons(bytes), "\(text)")
    return (
      skeleton.flatMap { skeleton in
        guard case .split(let split) = SwiftFrontend.reading(of: skeleton, path: "") else { return nil }
        return split
      }, batch, whole,
      SwiftFrontend.route(of: bytes), text
    )
  }

  static func remainder(_ split: DeclarationReader.Split?) -> String {
    split.map { String(decoding: $0.remainder, as: UTF8.self) } ?? ""
  }

  @Test func aControllerWithOneKeptBodyIsSplit() throws {
    let read = Self.split(
      """
      import UIKit

      final class FeedViewController: UIViewController {
        @IBOutlet private weak var titleLabel: UILabel!
        static let reuseIdentifier = "Feed"
        private var items: [String] = []

        override func viewDidLoad() {
          super.viewDidLoad()
          perform(#selector(reload), with: nil, afterDelay: 0.5)
        }

        @objc func reload() { items.removeAll() }
        var title2: String { "Feed" }

        struct Layout {
          static let height = 44.0
          func install() { perform(#selector(x)) }
          let spacing = 8
        }
      }

      extension FeedViewController {
        func tap(_ sender: Any) {}
      }
      """
    )
    let split = try #require(read.split)
    #expect(read.route.hasPrefix("split ("), "\(read.route)")
    #expect(read.batch == read.whole)
    // The import, the outlet, the constants, the blanked methods, the getter, the nested constants and the extension
    // are read; the two methods with a kept body, and the headers of the types around them, are parsed.
    #expect(split.items.count == 9)
    let remainder = Self.remainder(split)
    #expect(remainder.contains("override func viewDidLoad()"))
    #expect(remainder.contains("func install()"))
    #expect(remainder.contains("final class FeedViewController: UIViewController {"))
    #expect(remainder.contains("struct Layout {"))
    for read in ["import UIKit", "@IBOutlet", "reuseIdentifier", "func reload", "title2", "height", "spacing", "extension"] {
      #expect(!remainder.contains(read), "\(read)")
    }
    // Every byte stays where it was, line breaks included.
    #expect(split.remainder.count == read.text.utf8.count)
    #expect(split.remainder.indices.filter { split.remainder[$0] == 10 }
      == Array(read.text.utf8).indices.filter { Array(read.text.utf8)[$0] == 10 })
    #expect(read.batch.swift?.selectorReferences.count == 2)
    #expect(read.batch.swift?.types.map(\.name) == ["FeedViewController", "FeedViewController.Layout", "FeedViewController"])
  }

  @Test func anEnumIsReadOrParsedWhole() throws {
    let read = Self.split(
      """
      final class Settings {
        enum Group: Int, CaseIterable {
          case account, privacy
          var action: Selector { #selector(super.open) }
        }
        enum Field: String { case name, email }
        static let title = "Settings"
      }
      """
    )
    let split = try #require(read.split)
    #expect(read.batch == read.whole)
    let remainder = Self.remainder(split)
    // The enum holding a macro it does not read is parsed with its cases; the other enum and the constant are read.
    #expect(remainder.contains("case account, privacy"))
    #expect(!remainder.contains("case name, email"))
    #expect(!remainder.contains("title"))
    #expect(split.enums.map(\.name) == ["Settings.Field"])
    #expect(read.route.hasPrefix("split ("), "\(read.route)")
    #expect(read.batch.swift?.tableModel.enums.map(\.name) == ["Settings.Group", "Settings.Field"])
  }

  @Test func whereARefusedItemEndsIsUnclearTheFileIsNotSplit() {
    let texts = [
      // Two declarations on a line.
      "final class A {\n  let a = 1; func f() { perform(#selector(g)) }\n  let b = 2\n}\n",
      // Code at the top level.
      "let a = 1\nprint(#selector(A.f))\nlet b = 2\n",
      // A bracket that does not close before the end.
      "final class A {\n  let a = 1\n  func f() { perform(#selector(g))\n",
    ]
    for text in texts {
      let read = Self.split(text)
      #expect(read.split == nil, "\(text)")
      if read.whole.swift?.hasSyntaxErrors == false { #expect(read.batch == read.whole, "\(text)") }
    }
  }

  /// A file with tables (a data-source method, sections spelled out) is split too: every item holding a word the
  /// table-model walk starts from is left to swift-syntax, with `import Static` (the walk reads venmo/Static's
  /// sections only after it), and the reader reads the rest. The tables are a whole parse's.
  @Test func itemsWithTablesAreLeftToTheTableModelWalk() throws {
    let read = Self.split(
      """
      import UIKit
      import Static

      final class AboutViewController: TableViewController {
        static let cellIdentifier = "About"
        @IBOutlet private weak var headerLabel: UILabel!
        private var items: [String] = []

        override func viewDidLoad() {
          super.viewDidLoad()
          dataSource.sections = [
            Section(header: "About", rows: [Row(text: "Version"), Row(text: "Licences")])
          ]
        }

        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
        @objc func close() { dismiss(animated: true) }
        enum Group: Int { case info, legal }
      }

      extension AboutViewController {
        func refresh() {}
      }
      """
    )
    let split = try #require(read.split)
    #expect(read.route.hasPrefix("split ("), "\(read.route)")
    #expect(read.batch == read.whole)
    let remainder = Self.remainder(split)
    for parsed in ["import Static", "Section(header:", "numberOfRowsInSection", "final class AboutViewController"] {
      #expect(remainder.contains(parsed), "\(parsed)")
    }
    for read in ["import UIKit", "cellIdentifier", "@IBOutlet", "func close", "case info", "func refresh"] {
      #expect(!remainder.contains(read), "\(read)")
    }
    let tables = try #require(read.batch.swift?.tableModel)
    #expect(tables.declaredTables.count == 1)
    #expect(tables.methods.count == 1)
    #expect(tables.enums.map(\.name) == ["AboutViewController.Group"])
  }

  /// A table word the reader meets outside every item (code at the top level it reads) leaves the file to the
  /// skeleton's parse: a whole read would lose the table.
  @Test func aTableOutsideItemsIsNotReadWhole() {
    let bytes = Array("let sections = [Section(rows: [])]\n".utf8)
    let skeleton = BodySkipping.skeleton(of: bytes, evenWithoutBodies: true)
    #expect(skeleton?.tableWords.isEmpty == false)
    if let skeleton, case .whole = SwiftFrontend.reading(of: skeleton, path: "") {
      Issue.record("read whole")
    }
    let (batch, whole, _) = BodySkippingTests.read("let sections = [Section(rows: [])]\n")
    #expect(batch == whole)
  }

  /// A `Selector("…")` is judged by the other members of its type: a remainder without them cannot give its fact, so
  /// the file goes back to the whole skeleton.
  @Test func aFactReadingBeyondItsItemSendsTheFileBack() {
    let read = Self.split(
      """
      final class Rows {
        let title = "Rows"
        func make() { let row = SimpleRow(action: Selector("open")) }
        @objc func open() {}
      }
      """
    )
    #expect(read.split != nil)
    #expect(read.route.hasPrefix("split refused"), "\(read.route)")
    #expect(read.batch == read.whole)
    #expect(read.batch.swift?.selectorReferences.count == 1)
  }

  /// Items read and items parsed alternate at every level, under `#if` too: the facts come in a whole walk's order.
  @Test func itemsComeInTheOrderOfTheFile() {
    let read = Self.split(
      """
      import UIKit
      let globalIdentifier = "Global"
      final class A: UIViewController {
        let first = "first"
        #if DEBUG
        func debugOnly() { UINib(nibName: "DebugCell", bundle: nil) }
        let debugName = "debug"
        #endif
        struct Inner {
          let before = "before"
          func load() { UINib(nibName: "InnerCell", bundle: nil) }
          let after = "after"
          enum Kind: String { case plain, fancy }
        }
        override func viewDidLoad() { list.register(ACell.self, forCellReuseIdentifier: A.cellID) }
        static let cellID = "ACell"
      }
      typealias B = A
      extension B { func extra() {} }
      """
    )
    #expect(read.split != nil)
    #expect(read.route.hasPrefix("split ("), "\(read.route)")
    #expect(read.batch == read.whole)
    #expect(read.batch.swift?.registrations.count == 1)
    #expect(read.batch.swift?.nibReferences.count == 2)
    #expect(read.batch.swift?.constants.map(\.name).contains("cellID") == true)
  }

  /// A registration's `#if` conditions: those in its body belong to its item; those around its declaration do not
  /// (an edit that wraps the declaration in `#if` changes them), so the file goes back to the whole skeleton.
  @Test func aRegistrationKnowsTheConditionsItIsCompiledUnder() {
    let inBody = Self.split(
      """
      import UIKit
      final class A: UIViewController {
        let name = "A"
        override func viewDidLoad() {
          #if os(tvOS)
          list.register(TVCell.self, forCellReuseIdentifier: "Cell")
          #elseif DEBUG
          list.register(DebugCell.self, forCellReuseIdentifier: "Cell")
          #else
          list.register(PhoneCell.self, forCellReuseIdentifier: "Cell")
          #endif
          list.register(OtherCell.self, forCellReuseIdentifier: "Other")
        }
      }
      """
    )
    #expect(inBody.route.hasPrefix("split ("), "\(inBody.route)")
    #expect(inBody.batch == inBody.whole)
    #expect(
      inBody.batch.swift?.registrations.map(\.conditions)
        == ["os(tvOS)", "!(os(tvOS)) && DEBUG", "!(os(tvOS)) && !(DEBUG)", nil]
    )
    let aroundDeclaration = Self.split(
      """
      import UIKit
      final class A: UIViewController {
        let name = "A"
        #if DEBUG
        func debugOnly() {
          #if targetEnvironment(simulator)
          list.register(DebugCell.self, forCellReuseIdentifier: "Debug")
          #endif
        }
        #endif
      }
      """
    )
    #expect(aroundDeclaration.route.hasPrefix("split refused"), "\(aroundDeclaration.route)")
    #expect(aroundDeclaration.batch == aroundDeclaration.whole)
    #expect(aroundDeclaration.batch.swift?.registrations.map(\.conditions) == ["DEBUG && targetEnvironment(simulator)"])
  }

  /// Run-time branches too: the body of an `if` and its `else`, the cases of a `switch`.
  @Test func aRegistrationKnowsTheBranchesItRunsIn() {
    let read = Self.split(
      """
      import UIKit
      final class A: UIViewController {
        override func viewDidLoad() {
          if isDark, let list {
            list.register(DarkCell.self, forCellReuseIdentifier: "Cell")
          } else if compact {
            switch style {
            case .small, .tiny:
              list.register(SmallCell.self, forCellReuseIdentifier: "Cell")
            default:
              for _ in 0..<1 { list.register(LightCell.self, forCellReuseIdentifier: "Cell") }
            }
          }
        }
      }
      """
    )
    #expect(read.batch == read.whole)
    #expect(
      read.batch.swift?.registrations.map(\.conditions) == [
        "if isDark, let list",
        "!(if isDark, let list) && if compact && switch style case .small, .tiny:",
        "!(if isDark, let list) && if compact && switch style default:",
      ]
    )
  }

  /// A body kept for what it holds (here a multi-line string, a raw string holding a brace, a macro) is one token the
  /// reader's lexer steps over: the lexer used to give up on the whole file at the first of them.
  @Test func aBodyKeptForWhatItHoldsIsOneOpaqueToken() throws {
    let text = """
      final class Banner {
        let title = "Banner"
        func render() {
          let text = \"\"\"
            { not a brace
            \"\"\"
          print(#"raw { "#, text)
          button.addTarget(self, action: #selector(tap), for: .touchUpInside)
        }
        @objc func tap() {}
      }
      """
    let bytes = Array(text.utf8)
    let skeleton = try #require(BodySkipping.skeleton(of: bytes, evenWithoutBodies: true))
    #expect(skeleton.keptBodies.count == 1)
    let tokens = bytes.withUnsafeBufferPointer { buffer in
      var lexer = DeclarationReader.Lexer(bytes: buffer, opaque: skeleton.keptBodies)
      return lexer.tokens()
    }
    let lexed = try #require(tokens)
    #expect(lexed.filter { $0.kind == .opaque }.count == 1)
    // The brace closing the body is on a line of its own.
    let opaque = try #require(lexed.firstIndex { $0.kind == .opaque })
    #expect(lexed[opaque + 1].startsLine)
    let read = Self.split(text)
    #expect(read.route.hasPrefix("split ("), "\(read.route)")
    #expect(read.batch == read.whole)
    #expect(read.batch.swift?.targetActions.count == 1)
  }
}
