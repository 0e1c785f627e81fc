import Foundation
import Testing
import TablelintModel
import _TablelintTestSupport
@testable import SwiftFrontend

/// The batch path skips the bodies that can give no fact (`BodySkipping`): the facts must be those of a whole parse,
/// on every fixture and on each idiom below, and the bodies that hold something must be read.
@Suite struct BodySkippingTests {
  /// Facts of the lighter read and of a whole parse, and how many bodies the lighter read skipped.
  static func read(_ text: String) -> (skipping: FileFacts, whole: FileFacts, skipped: Int) {
    let bytes = Array(text.utf8)
    return (
      SwiftFrontend.parse(path: "Read.swift", bytes: bytes),
      SwiftFrontend.parse(path: "Read.swift", bytes: bytes, skippingBodies: false),
      SwiftFrontend.skippedBodies(in: bytes).bodies
    )
  }

  @Test func everyFixtureSwiftFileGivesTheFactsOfAWholeParse() throws {
    let files = try FixtureFiles.files(endingIn: [".swift"])
    #expect(files.count > 40)
    var skipped = 0
    for (path, bytes) in files {
      let skipping = SwiftFrontend.parse(path: path, bytes: bytes)
      let whole = SwiftFrontend.parse(path: path, bytes: bytes, skippingBodies: false)
      #expect(skipping == whole, "\(path)")
      skipped += SwiftFrontend.skippedBodies(in: bytes).bodies
    }
    // Not vacuous: the fixtures have bodies to skip.
    #expect(skipped > 20)
  }

  /// A lone `\r` ends a line comment, as it does for the lexer: the registration after it is code, so the body holding
  /// it is kept (the scan had read it as part of the comment and blanked the body).
  @Test func carriageReturnEndsALineComment() {
    let read = Self.read(
      "final class ListViewController: UITableViewController {\n  override func viewDidLoad() {\n"
        + "    super.viewDidLoad() // cells\rtableView.register(PhotoCell.self, forCellReuseIdentifier: \"Photo\")\n"
        + "  }\n}\n"
    )
    #expect(read.skipping == read.whole)
    #expect(read.skipping.swift?.registrations.count == 1)
  }

  /// The storyboards the code loads by name, in a body, a member's initializer and a global, read alike.
  @Test func loadedStoryboardsAreReadInBodiesAndInitializers() {
    let read = Self.read(
      """
      import UIKit

      let settings = UIStoryboard(name: "Settings", bundle: nil)

      final class Router {
        static let onboarding = UIStoryboard(name: "Onboarding", bundle: .main)

        func showPin(from controller: UIViewController) {
          let storyboard = UIStoryboard(name: "PinEntry", bundle: nil)
          controller.present(storyboard.instantiateInitialViewController()!, animated: true)
        }

        func plain() { print("nothing") }
      }
      """
    )
    #expect(read.skipping == read.whole)
    #expect(read.skipping.swift?.loadedStoryboards.sorted() == ["Onboarding", "PinEntry", "Settings"])
    #expect(read.skipped == 1)
  }

  @Test func aPlainBodyIsSkippedAndItsStringsAreStillSpelled() {
    let read = Self.read(
      """
      final class ProfileViewController: UIViewController {
        @IBOutlet weak var nameLabel: UILabel!

        override func viewDidLoad() {
          super.viewDidLoad()
          nameLabel.text = "Profile" // a comment with a "quote" and a {
          let detail = "count: \\(items.filter { $0.name == "Inner" }.count)"
          let newline = "Line\\n"
          print(detail, newline, "Tab\\tEnd") /* { */
        }

        deinit { NotificationCenter.default.removeObserver(self) }
      }
      """
    )
    #expect(read.skipped == 2)
    #expect(read.skipping == read.whole)
    let spelled = read.skipping.swift?.spelledStrings ?? []
    #expect(spelled.isSuperset(of: ["Profile", "Inner", "Tab\tEnd"]))
    // An interpolated literal and one with an escaped line break are not one plain segment: not spelled.
    #expect(!spelled.contains("Line\n"))
  }

  @Test func bodiesThatHoldFactsAreRead() {
    let read = Self.read(
      """
      import UIKit

      final class FeedViewController: UITableViewController {
        override func viewDidLoad() {
          tableView.register(FeedCell.self, forCellReuseIdentifier: "Feed")
        }
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
        func cellIdentifier() -> String { String(describing: FeedCell.self) }
        func refresh() { button.addTarget(self, action: #selector(reload), for: .valueChanged) }
        func performLater() { perform(Selector(("reload")), with: nil, afterDelay: 1) }
        @objc class func defaultReuseIdentifier() -> String { "Feed" }
        func localType() { struct Local { let id = "Local" }; print(Local().id) }
        func loadNib() { _ = UINib(nibName: "Feed", bundle: nil) }
        func rows() -> [Row] { [Row(text: "One")] }
        func observe() { NotificationCenter.default.addObserver(self, selector: sel, name: nil, object: nil) }
        func cell(at indexPath: IndexPath) -> UITableViewCell {
          tableView.dequeueReusableCell(withIdentifier: "Feed", for: indexPath)
        }
        func registerCells() { register(cellType: FeedCell.self) }
        func plain() { print("only this one is skipped") }
      }
      """
    )
    // `plain()`, and `cellIdentifier()`, whose `FeedCell.self` the scan spells itself.
    #expect(read.skipped == 2)
    #expect(read.skipping == read.whole)
  }

  @Test func callAndNibWordsThatGiveNoFactKeepNoBody() {
    // Calls `CallRecognizer` records nothing for (no hint in the name, the receiver or the arguments), a nib named
    // only in passing, an observer added with a block, target–actions without a selector written in them, and
    // names that only hold `Selector` or `Row`: every body is skipped, and the facts stay a whole parse's.
    let read = Self.read(
      """
      final class PlayerViewController: UIViewController {
        override func awakeFromNib() { super.awakeFromNib() }
        override func viewDidLoad() {
          super.viewDidLoad()
          self.registerThemeServiceDidChangeThemeNotification()
        }
        func start() { audioPlayer?.registerDelegate(self) }
        func watch(_ request: Request) { registerKeyVerificationRequestDidChangeNotification(for: request) }
        func listen() { registerForNotifications() }
        func make() -> ContentView { ContentView.loadFromNib() }
        func observe() {
          NotificationCenter.default.addObserver(forName: .changed, object: nil, queue: .main) { _ in print("changed") }
        }
        func button() -> UIButton { registerButton.isHidden = true; return registerButton }
        func nested() { registrar.registerItems(in: collectionView.bounds) }
        func trailing() { self.registerHandler { print("handled") } }
        func indexed() { registrar.registerAll(registrar.kinds[0]) }
        func control() { button.addTarget(self, action: tapAction, for: .touchUpInside) }
        func gesture() -> UITapGestureRecognizer { UITapGestureRecognizer(target: self, action: tapAction) }
        func select() { tableView.selectRow(at: nil, animated: false, scrollPosition: .none) }
        func present() { spaceSelectorBridgePresenter = SpaceSelectorBridgePresenter() }
        func reload(at indexPath: IndexPath) { table.reloadSections(IndexSet(integer: indexPath.section), with: .none) }
        func count() -> Int { viewModel.sections.count }
        func flow(_ flow: Flow) -> Bool { if flow == .register { return true }; return false }
        func start() async throws { try await service.startFlow(.register, for: "https://example.com") }
        func kind(_ flow: Flow) -> Kind {
          switch flow {
          case .register: return .register
          default: return .login
          }
        }
        func reset() { self.rows = []; rows.append(row) }
        func pick() { initialSection = nil; selectedSection = initialSection }
        func form() -> some View { SwiftUI.Section { Text("Form") } }
        func list() -> some View { ForEach(names, id: \\.self) { Text($0) } }
      }
      """
    )
    #expect(read.skipped == 24)
    #expect(read.skipping == read.whole)
  }

  /// Swift Testing's `#expect` and `#require`, `#keyPath`, literals and `#warning` give no fact (`FactCollector` reads
  /// only `#selector` of the macros): a test's body holding them is skipped, its strings spelled by the scan. NetNewsWire
  /// and home-assistant-iOS kept about 500 test bodies each for them.
  @Test func macrosThatGiveNoFactKeepNoBody() {
    let read = Self.read(
      """
      import Testing

      struct FeedParserTests {
        @Test func parses() throws {
          let feed = try #require(Parser.parse("feed.json"))
          #expect(feed.title == "Daring Fireball")
          #expect(throws: ParserError.self) { try Parser.parse("") }
        }
        func legacy() { observe(#keyPath(Player.rate)); tint = #colorLiteral(red: 1, green: 0, blue: 0, alpha: 1) }
        func later() {
          #warning("to do")
        }
        func action() { _ = #selector(later) }
      }
      """
    )
    #expect(read.skipped == 3)
    #expect(read.skipping == read.whole)
    #expect(read.skipping.swift?.spelledStrings.isSuperset(of: ["feed.json", "Daring Fireball", "to do"]) == true)
  }

  @Test func callAndNibWordsThatMayGiveAFactKeepTheirBody() {
    // Each body holds one word that may give a fact, or one the scan cannot read past: none is skipped.
    let read = Self.read(
      """
      final class FeedViewController: UIViewController {
        func one() { registerCells() }
        func two() { self.tableView.registerAll() }
        func three() { registrar.registerAll(FeedCell.self) }
        func four() { registrar.registerAll(for: "cell") }
        func five() { registrar.registerEverything(kind: .header) }
        func six() { feedCollectionView.registerEverything() }
        func seven() {
          tableView
            .registerEverything()
        }
        func eight() { makeRegistrar().registerEverything() }
        func nine() { registrar.registerAll<FeedCell>() }
        func ten() { _ = UINib(nibName: "Feed", bundle: nil) }
        func eleven() { Bundle.main.loadNibNamed("Feed", owner: self) }
        func twelve() { NotificationCenter.default.addObserver(self, selector: action, name: .changed, object: nil) }
        func thirteen() { registrar.registerAll(/* cells */) }
        func fourteen() { button.addTarget(self, action: #selector(tap), for: .touchUpInside) }
        func fifteen() { perform(pendingAction) }
        func sixteen() -> Selector { Selector(("refresh")) }
        func seventeen() -> Selector { NSSelectorFromString("refresh") }
        func eighteen() -> [Row] { [Row(text: "One")] }
        func nineteen() { dataSource.sections = [Section(header: "A", rows: [])] }
        func twenty() { dataSource.sections = [SettingsSection(items: [])] }
        func twentyOne() { sections = [(title: "A", rows: [])] }
        func twentyTwo() { manager.add(rows: links, in: nil) }
        func twentyThree() { _ = Section.init(header: "A", rows: []) }
      }
      """
    )
    #expect(read.skipped == 0)
    #expect(read.skipping == read.whole)
  }

  @Test func wordsThatStartNoTableLeaveTheFileToTheDeclarationReader() {
    // A `tableView` property, `sections` and `…Section` values: no table model to read, so no tree is built.
    let source = """
      final class RoomsViewController: UIViewController {
        @IBOutlet var tableView: UITableView!
        var sections: [RoomSection] = []
        var initialSection: RoomSection?
        func reload(_ path: IndexPath) { tableView.reloadSections(IndexSet(integer: path.section), with: .none) }
      }
      """
    #expect(SwiftFrontend.readsDeclarationsOnly(Array(source.utf8)))
    let read = Self.read(source)
    #expect(read.skipping == read.whole)
  }

  @Test(arguments: [
    "func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }",
    "func numberOfSections(in tableView: UITableView) -> Int { 2 }",
    "let table = [Section(header: \"A\", rows: [Row(text: \"x\")])]",
    "let table = [(title: \"A\", rows: [SimpleRow(action: #selector(open))])]",
    "func build() { manager.add(rows: links, in: nil) }",
    "func build() { manager.add(section: Section(id: \"A\", [Row<TextCell>(model: 1)])) }",
  ])
  func wordsThatStartATableStillReadTheTableModel(_ member: String) {
    let source = "import Static\n\nfinal class SettingsViewController: UITableViewController {\n  " + member + "\n}\n"
    #expect(!SwiftFrontend.readsDeclarationsOnly(Array(source.utf8)))
    let read = Self.read(source)
    #expect(read.skipping == read.whole)
    #expect(read.whole.swift?.tableModel != SwiftTableFacts())
  }

  @Test func declarationsAroundSkippedBodiesKeepTheirFacts() {
    let read = Self.read(
      """
      protocol Refreshing {
        func refresh()
        var title: String { get }
        static func make() -> Self
      }

      class Base {
        class func make() -> Base { Base() }
        class var name: String { "Base" }
        init() { print("made") }
        init(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        func compute(_ value: Int = { 2 }()) -> Int where Self: AnyObject { value * 2 }
        #if DEBUG
        func debugOnly() { print("debug") }
        #endif
      }

      extension Base where Self == Base {
        var computed: Int { 4 }
        @objc func tapped(_ sender: Any) { if #available(iOS 15, *) { print("tapped") } }
      }

      enum Kind: String { case `class`, plain = "Plain" }
      func topLevel() { let kind = Kind.class; print(kind.rawValue, 10 / 2) }
      """
    )
    #expect(read.skipped == 5)
    #expect(read.skipping == read.whole)
  }

  @Test func gettersAndTypeMethodsKeepTheirStatementsAndLoseTheirBlocks() {
    // A getter or a type method of one expression is a constant: its statements stay, only what its closures and
    // blocks hold is skipped; setters and observers give nothing and are skipped whole.
    let read = Self.read(
      """
      import SwiftUI

      struct ProfileView: View {
        static var identifier: String { "Profile" }
        static func defaultName() -> String { names.first { $0.hasPrefix("A") } ?? "Anonymous" }
        var body: some View {
          VStack {
            Text("Profile")
            Button("Save") { save() }
          }
          .padding()
        }
        var count: Int {
          get { values.filter { $0 > 0 }.count }
          set { values = Array(repeating: 1, count: newValue) }
        }
        var name = "" { didSet { print("renamed") } }
        var title: String { didSet { print(oldValue) } }
        func save() {}
      }

      protocol Named { var name: String { get set } }

      enum Kind { case a, b
        var title: String { switch self { case .a: return "A"; case .b: return "B" } }
      }
      """
    )
    #expect(read.skipping == read.whole)
    // `defaultName`, `body`, `get`, `set`, `title`'s `didSet`, `save` (empty: nothing to skip, not counted).
    #expect(read.skipped == 5)
    let constants = read.skipping.swift?.constants.map(\.name) ?? []
    #expect(constants.contains("identifier") && constants.contains("defaultName") && constants.contains("body"))
    #expect(read.skipping.swift?.spelledStrings.isSuperset(of: ["Profile", "Save", "A", "renamed"]) == true)
  }

  @Test func accessorsAfterAModifierACommentOrAnAttributeAreAccessors() {
    // Each getter is one expression, a constant: its body must not be taken for a getter's inner block.
    let read = Self.read(
      """
      struct Settings {
        var mutatingName: String { mutating get { "Mutating" } }
        var commentedName: String { // the name shown
          get { "Commented" }
        }
        var attributedName: String { @inline(__always) get { "Attributed" } }
        func save() { print("saved") }
      }
      """
    )
    #expect(read.skipping == read.whole)
    let names = read.skipping.swift?.constants.map(\.name) ?? []
    #expect(names.contains("mutatingName") && names.contains("commentedName") && names.contains("attributedName"))
    #expect(read.skipped == 1)
  }

  @Test func aClosureInitializingAMemberIsSkipped() {
    let read = Self.read(
      """
      final class CardView: UIView {
        private lazy var titleLabel: UILabel = {
          let label = UILabel()
          label.text = "Title"
          return label
        }()
        private static let identifier = { "Card" }()
        private lazy var tableView: UITableView = { UITableView() }()
        let handler = makeHandler { print("not an initializer closure") }
      }
      """
    )
    #expect(read.skipping == read.whole)
    // `titleLabel` and `identifier`; `tableView` names a table, `handler`'s closure is an argument.
    #expect(read.skipped == 2)
    #expect(read.skipping.swift?.spelledStrings.isSuperset(of: ["Title", "Card"]) == true)
  }

  @Test func onlyTheDataSourceMethodsReadByNameKeepABodyForTheirSignature() {
    let read = Self.read(
      """
      final class FeedViewController: UITableViewController {
        func configure(cell: FeedCell, at indexPath: IndexPath) { cell.titleLabel.text = "Feed \\(indexPath)" }
        func didTapAction(_ sender: UIButton) { delegate?.feedDidTap(sender.tag) }
        var selectedRowIndex: Int { didSet { updateHeader() } }
        override func numberOfSections(in tableView: UITableView) -> Int { sectionCount }
        override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Feed" }
      }
      """
    )
    #expect(read.skipping == read.whole)
    // The first three: their signatures speak of cells, actions and rows, their bodies of nothing a fact comes from.
    #expect(read.skipped == 3)
    #expect(read.skipping.swift?.tableModel.methods.count == 2)
  }

  @Test func aBlankedBodyIsOneBlockCommentOfTheSameLengthAndLines() {
    let text = "func f() {\n  print(1)\n}\nfunc g() { a() }\nfunc h() {\n\n}\n"
    let skeleton = BodySkipping.skeleton(of: Array(text.utf8)).map { String(decoding: $0.bytes, as: UTF8.self) }
    // `h`'s body holds no two adjacent blanks on a line: it stays blank.
    #expect(skeleton == "func f() {\n/*      */\n}\nfunc g() {/* */}\nfunc h() {\n\n}\n")
  }

  @Test func theTableModelWalkIsSkippedOnlyWithoutTheWordsItStartsFrom() {
    let plain = "final class A { func f() { print(\"f\") } }\n"
    #expect(BodySkipping.skeleton(of: Array(plain.utf8))?.mayDeclareTables == false)
    for word in [
      "enum E { case a }", "let t = [(title: \"A\", rows: [])]", "func tableView() {}", "func numberOfSections() {}",
      "let s = SettingsSection()", "let s = SettingsSection.init()",
    ] {
      let text = plain + word + "\n"
      #expect(BodySkipping.skeleton(of: Array(text.utf8))?.mayDeclareTables == true, "\(word)")
      let read = Self.read(text)
      #expect(read.skipping == read.whole, "\(word)")
    }
    // The same words where no table reader starts: a `rows` or `tableView` variable, `section(s)`, a `…Section` type.
    for word in [
      "var rows = 1", "var tableView: UITableView!", "let x = indexPath.section",
      "var sections: [SettingsSection] = []",
      "func f() { numberOfSections = tableView.numberOfSections }",
    ] {
      let text = plain + word + "\n"
      #expect(BodySkipping.skeleton(of: Array(text.utf8))?.mayDeclareTables == false, "\(word)")
      let read = Self.read(text)
      #expect(read.skipping == read.whole, "\(word)")
    }
  }

  /// A property, constant or function named `…Section` is no section type, call or label: a generated string table
  /// (`static var roomDetailsSection: String { … }`) has no table to walk. The same word as a callee still counts.
  @Test func aDeclaredNameEndingInSectionStartsNoTableWalk() {
    let plain = "final class A { func f() { print(\"f\") } }\n"
    for name in ["static var roomDetailsSection: String { return L10n.tr(\"a\") }", "let peopleSection = 1",
      "func settingsSection() -> Int { 1 }"] {
      let text = plain + "extension A {\n  " + name + "\n}\n"
      #expect(BodySkipping.skeleton(of: Array(text.utf8))?.mayDeclareTables == false, "\(name)")
      let read = Self.read(text)
      #expect(read.skipping == read.whole, "\(name)")
    }
    for use in [
      "let s = makeSection()", "let s = [SettingsSection(items: [])]", "let peopleSection = MySection(items: [])",
    ] {
      let text = plain + use + "\n"
      #expect(BodySkipping.skeleton(of: Array(text.utf8))?.mayDeclareTables == true, "\(use)")
    }
  }

  /// `nibName: nil` names no nib (`CallRecognizer` records none): an initializer calling `super.init(nibName: nil,
  /// bundle: nil)` is skipped. A named nib, a variable, or `UINib` keeps the body.
  @Test func aNilNibNameKeepsNoBody() {
    let make = { (call: String) in
      "final class A: UIViewController {\n  init() {\n    \(call)\n  }\n}\n"
    }
    let skipped = Self.read(make("super.init(nibName : nil, bundle: nil)"))
    #expect(skipped.skipped == 1)
    #expect(skipped.skipping == skipped.whole)
    for call in ["super.init(nibName: \"A\", bundle: nil)", "super.init(nibName: nilName, bundle: nil)",
      "_ = UINib(nibName: nil, bundle: nil)", "super.init(nibName: name, bundle: nil)"] {
      let read = Self.read(make(call))
      #expect(read.skipped == 0, "\(call)")
      #expect(read.skipping == read.whole, "\(call)")
    }
    #expect(Self.read(make("super.init(nibName: \"A\", bundle: nil)")).whole.swift?.nibReferences.count == 1)
  }

  /// `X.self` on a plain name gives that name, spelled: the scan spells it and skips the body. Any other base (a
  /// chain, a key path, generic arguments, `self`, a backticked or `$` name) keeps the body; the facts are always a
  /// whole parse's.
  @Test func aPlainNameBeforeSelfIsSpelledByTheScan() {
    let skipped = Self.read(
      "final class A {\n  func bundle() -> Bundle {\n    Bundle(for: VectorL10n.self)\n  }\n"
        + "  func decode() { decode(Mastodon.Entity.Status.self, from: data) }\n}\n"
    )
    #expect(skipped.skipped == 2)
    #expect(skipped.skipping == skipped.whole)
    #expect(skipped.skipping.swift?.spelledStrings.isSuperset(of: ["VectorL10n", "Status"]) == true)
    for base in [
      "\\Foo", "self", "`Foo`", "Foo<Int>", "$0", "x?", "Foo ", "(Foo)", "[Foo]", "Self", "Foo.`Bar`", "Foo?.Bar",
      "f().Bar", "Foo[0].Bar", "Foo.Self", "self.Foo", "\\Foo.Bar", ".Foo", "Foo.0",
    ] {
      let text = "final class A {\n  func f() {\n    _ = \(base).self\n  }\n}\n"
      let read = Self.read(text)
      #expect(read.skipped == 0, "\(base)")
      #expect(read.skipping == read.whole, "\(base)")
    }
  }

  @Test func whatTheScanCannotFollowIsReadWhole() {
    // What may open a regex literal, an unterminated string, a `tablelint:` comment: read whole, the same facts.
    for text in [
      "func f() { let r = /a+b/; print(r) }\nfunc g() { print(\"g\") }",
      // An extended regex literal may hold a quote, a brace, a line break.
      "func f() { let r = #/ \"{/#; print(r) }\nfunc g() { print(\"g\") }",
      "func f() {\n  let r = ##/\n  a\" }\n  /##\n}\nfunc g() { print(\"g\") }",
      "func f() { print(\"unterminated) }\nfunc g() { print(\"g\") }",
      // `#"""…"#` closed on its line is a single-line raw string holding quotes.
      ##"func f() { let s = #"""a"# }"## + "\nfunc g() { print(\"g\") }",
      // A line break in an interpolation of a single-line string ends the string there, as the lexer recovers.
      "func f() { print(\"\\(a\n) }\") }\nfunc g() { print(\"g\") }",
      "// tablelint:disable:next unregistered_reuse_identifier\nfunc f() { print(\"f\") }",
      "class A {\n  func f() { print(\"f\")\n",
    ] {
      let read = Self.read(text)
      #expect(read.skipped == 0, "\(text)")
      #expect(read.skipping == read.whole, "\(text)")
    }
  }

  @Test func syntaxErrors() {
    // Outside the bodies: both reads see it.
    let outside = Self.read("class A {\n  func f() { print(\"f\") }\n  var x: = 3\n}\n")
    #expect(outside.skipping == outside.whole)
    #expect(outside.whole.swift?.hasSyntaxErrors == true)
    // A merge conflict, or brackets left open in a body: read whole.
    for text in [
      "class A {\n  func f() {\n<<<<<<< HEAD\n    print(\"a\")\n=======\n    print(\"b\")\n>>>>>>> b\n  }\n}\n",
      "class A {\n  func f() { print(\"f\" }\n  func g() { print(\"g\")) }\n}\n",
    ] {
      let read = Self.read(text)
      #expect(read.skipped == 0, "\(text)")
      #expect(read.skipping == read.whole, "\(text)")
    }
    // The documented difference: an error confined to a skipped body is not seen; the declarations are all read.
    let inside = Self.read("class A {\n  func f() { let x = }\n  func g() {}\n}\n")
    #expect(inside.whole.swift?.hasSyntaxErrors == true)
    #expect(inside.skipping.swift?.hasSyntaxErrors == false)
    #expect(inside.skipping.swift?.types == inside.whole.swift?.types)
  }
}
