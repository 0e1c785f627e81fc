import Testing
import TablelintModel
@testable import SwiftFrontend

/// The declaration reader gives the facts of a whole parse, for the files it reads, and refuses the rest.
@Suite struct DeclarationReaderTests {
  /// The batch read (the reader, or swift-syntax on the skeleton) and a whole parse, and whether the reader read it.
  static func read(_ text: String) -> (batch: FileFacts, whole: FileFacts, byReader: Bool) {
    let (batch, whole, _) = BodySkippingTests.read(text)
    return (batch, whole, SwiftFrontend.readsDeclarationsOnly(Array(text.utf8)))
  }

  /// Each of `texts` is read by the reader, with the facts of a whole parse.
  static func expectRead(_ texts: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    for text in texts {
      let result = read(text)
      #expect(result.byReader, "\(SwiftFrontend.route(of: Array(text.utf8)))", sourceLocation: sourceLocation)
      #expect(result.batch == result.whole, "\(text)", sourceLocation: sourceLocation)
    }
  }

  /// Each of `texts` is refused by the reader (split or parsed), with the facts of a whole parse.
  static func expectRefused(_ texts: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    for text in texts {
      let result = read(text)
      #expect(!result.byReader, "\(text)", sourceLocation: sourceLocation)
      #expect(result.batch == result.whole, "\(text)", sourceLocation: sourceLocation)
    }
  }

  static let readFiles: [String] = [
    """
    import UIKit
    @testable import App
    import struct Foundation.URL

    /// A cell.
    @objc(FeedCell) @objcMembers
    public final class FeedCell<T: Equatable>: UITableViewCell, @unchecked Sendable where T: Hashable {
      @IBOutlet private weak var titleLabel: UILabel!
      @IBOutlet var icons: [UIImageView]!
      @objc(reloadWithSender:) dynamic func reload(_ sender: Any?) { print("reload") }
      @IBAction func tap(_ sender: UIButton) { print("tapped") }
      static let reuseIdentifier = "Feed"
      static var shared: FeedCell<T>? = nil
      private(set) var count = 0, total: Int = 1
      public private(set) var title: String = "Title"
      nonisolated(unsafe) static var cache: [String: Int] = [:]
      class var defaultHeight: CGFloat { 44 }
      override var reuseIdentifier: String? { return "Feed" }
      var name: String { get { "n" } set { print(newValue) } }
      var detail: String {
        get { "d" }
      }
      var observed: Int { didSet { update() } willSet(next) { print(next) } }
      static func defaultReuseIdentifier() -> String { "FeedCell" }
      class func make() -> Self? { nil }
      static func == (lhs: FeedCell, rhs: FeedCell) -> Bool { true }
      required init?(coder: NSCoder) { fatalError() }
      convenience init(frame: CGRect, style: Int = 0, label: String = "Label") throws { try self.init(x: 1) }
      deinit { print("bye") }
      func configure(with model: Model?, animated: Bool = false) async throws -> some View { Text("x") }
      func handler(_ completion: @escaping (Result<[String: Any], Error>) -> Void) -> (() -> Void)? { nil }
      func variadic(_ values: Int..., into buffer: inout [Int]) rethrows -> Int.Type { type(of: 1) }
      subscript(index: Int) -> String { "s" }
      subscript(key key: String) -> Int? { get { nil } set { } }
    }
    """,
    """
    protocol LegacyDelegate: class { func didTap() }

    protocol Reusable: AnyObject {
      associatedtype Model: Hashable = String
      static var reuseIdentifier: String { get }
      var model: Model? { get set }
      func configure(_ model: Model) where Model: Sendable
      init(model: Model)
    }

    extension Reusable where Self: UIView {
      static var reuseIdentifier: String { NSStringFromClass(self) }
      static var nibName: String { reuseIdentifier }
    }

    extension Array: Reusable where Element == Int {}
    extension [String] {}
    extension Outer.Inner<Int>: CustomStringConvertible {
      var description: String { "inner" }
    }
    """,
    """
    let globalIdentifier = "Global"
    #if DEBUG
    let debugIdentifier = "Debug"
    typealias Hidden = FeedCell
    #else
    let debugIdentifier = "Release"
    #endif
    typealias Settings = SettingsViewController
    typealias Handler = (Int) -> Void
    typealias Commented = Module.Type // <not an alias>
    typealias Noted = Foo /* note:
      uses Array<Int> */
    public typealias Pair<A> = (A, A)

    struct Config {
      #if os(iOS)
      static let platform = "iOS"
      #elseif os(macOS) || targetEnvironment(macCatalyst)
      static let platform = "macOS"
      #endif
      typealias Key = String
      struct Nested: Codable {
        let key: Key
        static let empty = Nested(key: "")
      }
    }
    """,
    """
    import SwiftUI
    import Combine

    struct Identifiers<Element: Identifiable> {
      static let a = Other.identifier
      static let b = CellID.photo.rawValue
      static let c: String = .init()
      static var d: String { Element.identifier }
      static var e: String { self.identifier }
      static var f: String { Self.identifier.rawValue }
      static var g: String { super.identifier }
      var h: Int { items.count > 0 ? 1 : 0 }
      var i: String { "a" + "b" }
      var j: String { "\\(count) items" }
      var k: String { "line\\nbreak" }
      var l: Int { if flag { 1 } else { 2 } }
      var m: Int {
        let x = 1
        return x
      }
      var n: [String] { ["a", "b"].map { $0.uppercased() } }
      var body: some View {
        VStack {
          Text("Hello")
        }
        .padding()
      }
      var list: some View {
        header()
        footer()
      }
      static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy"
        return formatter
      }()
      lazy var subject = PassthroughSubject<Void, Never>()
      static let set = Set<String>()
      let keyPath = \\Model.name
      let escaped = "Tab\\tEnd"
      let unicode = "Café ☕️"
      let description = value.description
      let optional = value?.name
      let forced = value!.name
      let call = make().name.rawValue
      let numbers = [1, 2.5, 0x1F]
      let sum = -1 + 2 * 3
      let closure: () -> Void = {}
    }
    """,
    """
    enum CellID: String, CaseIterable {
      case photo, video = "Video"
      case text
      var title: String {
        switch self {
        case .photo: return "Photo"
        case .video: return "Movie"
        case .text: return NSLocalizedString("Text", comment: "")
        }
      }
      static func make() -> CellID { .photo }
    }

    enum Priority: Int {
      case low = -1, normal, high = 1_000, urgent
      #if DEBUG
      case debug
      #endif
    }

    indirect enum Tree<Value> {
      case leaf(Value)
      case node(left: Tree, right: Tree = .leaf(0))
      var allCases: [Tree] { [] }
    }

    final class Bindings {
      @Published var text = ""
      var projected: Binding<String> { $text }
      let sorted = [3, 1, 2].sorted { $0 < $1 }
      lazy var handler: () -> Void = { [weak self] in self?.run() }
    }

    final class Styles {
      var style: UITableViewCell .CellStyle = .default
      let range = 0 ... 2
    }
    """,
  ]

  @Test func theReaderGivesTheFactsOfAWholeParse() {
    for (number, text) in Self.readFiles.enumerated() {
      let read = Self.read(text)
      #expect(read.byReader, "file \(number) is read by the reader")
      #expect(read.batch == read.whole, "file \(number)")
    }
  }

  @Test func constantsAndMembersAreTheOnesOfTheSource() throws {
    let read = Self.read(Self.readFiles[3] + "\n" + Self.readFiles[2])
    #expect(read.byReader)
    let facts = try #require(read.batch.swift)
    func constant(_ name: String, of owner: String?) -> IdentifierExpression? {
      facts.constants.first { $0.name == name && $0.owner == owner }?.value
    }
    #expect(constant("b", of: "Identifiers") == .rawValue(enumType: "CellID", caseName: "photo"))
    #expect(constant("a", of: "Identifiers") == .reference(path: ["Other", "identifier"]))
    #expect(constant("d", of: "Identifiers") == .unknown)  // a generic parameter's
    #expect(constant("e", of: "Identifiers") == .reference(path: ["identifier"]))
    #expect(constant("k", of: "Identifiers") == .literal("line\nbreak"))
    #expect(constant("globalIdentifier", of: nil) == .literal("Global"))
    // Inside `#if`, a `let` is not top-level code: no global constant.
    #expect(constant("debugIdentifier", of: nil) == nil)
    #expect(facts.constants.filter { $0.name == "platform" }.count == 2)
    #expect(facts.typeAliases.map(\.name) == ["Settings", "Config.Key"])
    #expect(facts.spelledStrings.isSuperset(of: ["Hello", "yyyy", "Café ☕️", "Tab\tEnd", "a", "b"]))
    #expect(!facts.spelledStrings.contains("line\nbreak"))
  }

  @Test func enumsGiveTheirCaseListsAndRawValues() throws {
    let read = Self.read(Self.readFiles[4])
    #expect(read.byReader)
    let facts = try #require(read.batch.swift)
    let lists = facts.tableModel.enums
    #expect(lists.map(\.name) == ["CellID", "Priority", "Tree"])
    #expect(lists[0].cases == ["photo", "video", "text"] && !lists[0].casesAreUncertain)
    // The case under `#if` is not listed, and the list is uncertain.
    #expect(lists[1].cases == ["low", "normal", "high", "urgent"] && lists[1].casesAreUncertain)
    #expect(lists[2].casesAreUncertain)
    let rawValues = facts.constants.filter(\.isEnumCase).map { "\($0.name)=\($0.value)" }
    #expect(rawValues == ["photo=literal(\"photo\")", "video=literal(\"Video\")", "text=literal(\"text\")"])
    let listOnly = Self.read("enum Priority: Int {\n  case low = -1, normal, high = 1_000, urgent\n}\n")
    #expect(listOnly.batch.swift?.tableModel.enums.first?.integerRawValues == [-1, 0, 1000, 1001])
  }

  @Test func whatTheReaderDoesNotFollowGoesToSwiftSyntax() {
    let refused = [
      "struct Library { var current: Book { borrow } }",
      "struct S { var x: A" + String(repeating: " & A", count: 200) + " }",
      "enum Layout { case a\n  static var layout: [[Self]] { [[.a]] } }",
      "final class A { func f() { tableView.register(Cell.self, forCellReuseIdentifier: \"C\") } }",
      "final class A { let s = #selector(super.reload) }",
      "final class A { let raw = #\"raw\"# }",
      "final class A { let text = \"\"\"\n  multi\n  \"\"\" }",
      "final class A { let `a b` = 1 }",
      "final class A { let x = 1 { didSet { print(x) } } }", "final class A { var x = 1 { didSet {} get { 1 } } }",
      "final class A { var x = 1 { @objc didSet {} } }", "final class A { var x = f { get } }",
      "@available(*, deprecated)\nstruct A {}", "@available(iOS 15.0.1, *)\nstruct A {}",
      "@available(iOS 15.0)\nstruct A {}", "@available(iOS, introduced: 15.0)\nstruct A {}",
      "@available(iOS 15.0 *)\nstruct A {}", "@available(iOS .5, *)\nstruct A {}",
      "@available(iOS 15.0, *, *)\nstruct A {}", "@available(Android 15.0, *)\nstruct A {}",
      "final class A { let (a, b) = (1, 2) }",
      "print(\"top-level code\")",
      "final class A { static let id = String(describing: A.self) }",
      "final class A { static let x = y\n  + z }",
      "final class A { let x = a as String }",
      "final class A { var y: Int { a\n  ? 1 : 2 } }",
      "final class A { @objc (name) func f() {} }",
      "final class A { let x = a < b }",
      "#if DEBUG\nfinal class A {}\n",
      // Found by `scripts/fuzz.sh swift`: `$` inside a word belongs to it, so this imports nothing.
      "import$UIKit\nfinal class A {}\n",
      // Found by `scripts/fuzz.sh swift`: a postfix `%` ends the line's expression; the next line is a declaration.
      "struct Cells {\n  static let photo = \"PhotoCell\"%\n  static let comment = \"CommentCell\"\n}\n",
      // Found by `scripts/fuzz.sh swift`: trivia after a `.` is an error to swift-syntax (not before it).
      "final class C: UITableViewCell {\n  override init(style: UITableViewCell. CellStyle, reuseIdentifier: String?) {}\n}\n",
      "final class A { var x: UITableViewCell.\n  CellStyle }", "final class A { var x: UITableViewCell./**/CellStyle }",
      "final class A { var x = UITableViewCell.CellStyle.\tdefault }", "final class A: UIKit. UIView {}",
      "final class A { var x: Int. }",
      // Found by `scripts/fuzz.sh swift`: a keyword, or `_`, as an attribute's name is an error to swift-syntax.
      "final class A {\n  @protocol func share(with sender: Any) {}\n}\n", "final class A { @class var x = 1 }",
      "@_ final class A {}", "final class A { @Module.func var x = 1 }",
      // Found by `scripts/fuzz.sh swift`: `Any` and `Self` are keywords, no declaration's name.
      "func Any()", "final class A { var Self = 1 }", "struct Any {}", "final class A { func Self() {} }",
      // Found by `scripts/fuzz.sh swift`: a declaration after a body on the same line needs a `;`.
      "func i(){}let()", "final class A { func f() {} var x = 1 }", "struct A {} struct B {}",
      // Found by `scripts/fuzz.sh swift`: a requirement without a type after its `:` or `==`, or before it.
      "func l<l>()->T where T:{(){}}", "func l<l>(h:h)->T where T:", "func f<T>() where T == {}",
      "func f<T>() where : P {}", "func f<T>() where T: P, U: {}", "func f<T>() where T: P, : Q {}",
      "func f<T>() where T: : P {}", "func f<T>() where T: & P {}",
    ]
    Self.expectRefused(refused)
    // An enum named `Section` is an enum like another: only a `…Section` call starts a table the reader leaves.
    let sectionEnum = Self.read("enum Section { case a }")
    #expect(sectionEnum.byReader)
    #expect(sectionEnum.batch == sectionEnum.whole)
  }

  /// A custom attribute's arguments (a property wrapper's, `@AppStorage("theme")`) are expressions, whose strings a
  /// whole parse spells: the reader reads them. A built-in attribute's string argument is no string literal to
  /// swift-syntax (`@_silgen_name("f")`): such a file goes to swift-syntax.
  @Test func customAttributesWithStringsAreRead() {
    Self.expectRead([
      "import SwiftUI\nstruct Settings {\n  @AppStorage(\"theme\") var theme = \"dark\"\n  @UserDefault(key: \"homeserver\", defaultValue: nil) var homeserver: String?\n}\n",
      "final class Model {\n  @Published var items: [String] = []\n  @SwiftUI.AppStorage(\"count\") var count = 0\n}\n",
    ])
    Self.expectRefused([
      "@_silgen_name(\"swift_retain\")\nfunc retain()\n",
      "struct A {\n  @_originallyDefinedIn(module: \"Old\", iOS 15)\n  var x = 1\n}\n",
      "struct A {\n  @UserDefault<String?>(key: \"name\") var name: String?\n}\n",
    ])
  }

  /// `Cell.self` on a plain name gives its name, spelled, and as a constant's value a reference ending in `self`
  /// (`IdentifierExpressionReader` reads it as a member named `self`): the reader reads both, which sent whole enums
  /// of generated storyboard scenes and mock screen states to swift-syntax.
  @Test func metatypesOfPlainNamesAreRead() throws {
    let read = [
      "enum MockScreenState { case a, b\n  var screenType: Any.Type { SessionsScreen.self } }",
      "final class A { static let kind = PhotoCell.self }",
      "enum Scene {\n  static let initial = SceneType<App.Feed>(storyboard: FeedStoryboard.self)\n}",
      "final class Box<T> { let type = T.self }",
      "final class A { static let kind = Outer.Cell.self }",
      "enum Kind { case cell(Any.Type = DefaultCell.self) }",
    ]
    Self.expectRead(read)
    let facts = try #require(Self.read(read[0] + "\n" + read[1] + "\n" + read[2]).batch.swift)
    #expect(facts.spelledStrings.isSuperset(of: ["SessionsScreen", "PhotoCell", "FeedStoryboard"]))
    #expect(facts.constants.first { $0.name == "kind" }?.value == .reference(path: ["PhotoCell", "self"]))
    // Not read: a base that is not a plain name (its spelling would need the parse), `self` inside a path.
    let refused = [
      "final class A { let t = (Cell).self }", "final class A { static let s = Self.self }",
      "final class A { let t = [Cell].self }", "final class A { let t = Cell.self.self }",
      "final class A { let t = self.self }", "final class A { let t = Cell?.self }",
    ]
    Self.expectRefused(refused)
  }

  /// Found by the `swift` fuzz target: a control character in a string literal is an error to swift-syntax, and the
  /// reader, which does not look inside literals, read the file as clean.
  @Test(arguments: ["\u{0E}", "\u{01}", "\u{1F}", "\u{7F}"])
  func aControlCharacterSendsTheFileToTheParser(control: String) {
    let source = Array("enum CellID: String {\n  case post = \"PostCell {\(control)  @IBOutlet\"\n  case more\n}\n".utf8)
    #expect(SwiftFrontend.declarationReaderReadsOnlyCleanSkeletons(source))
    #expect(!SwiftFrontend.readsDeclarationsOnly(source))
    #expect(SwiftFrontend.parse(path: "C.swift", bytes: source).swift?.hasSyntaxErrors == true)
    // Whitespace controls and non-ASCII bytes are no control characters.
    #expect(SwiftFrontend.readsDeclarationsOnly(Array("enum A {\t case b\r\n}\n".utf8)))
    #expect(!DeclarationReader.hasControlCharacter(Array("let x = \"1234567\u{0B}\u{0C}\t\r\n\u{80}\u{FF}\"".utf8)))
  }

  /// Every byte value, at every place of a word and in the tail: a control character exactly when it is one.
  @Test func everyByteIsClassedAsABytewiseTestClassesIt() {
    for value in UInt8.min...UInt8.max {
      let control = (value < 0x20 && !(0x09...0x0D).contains(value)) || value == 0x7F
      for position in 0..<19 {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 19)
        bytes[position] = value
        if DeclarationReader.hasControlCharacter(bytes) != control { Issue.record("\(value) at \(position)") }
      }
    }
  }

  @Test func aDeclarationWithASyntaxErrorIsNeverReadAsClean() {
    let erroneous = [
      "final class A { func f( }",
      "final class A { var x: = 1 }",
      "final class A { let x = }",
      "final class A { func f() -> {} }",
      "class A: { }",
      "struct A { init(x: Int y: Int) {} }",
      "struct A { func f() async async {} }",
      "struct A { func f() throws async {} }",
      "struct A { func f<T>() where {} }",
      "class A<> {}",
      "struct A { func f<T,>() {} }",
      "struct A { func f(a: Int,) {} }",
      "@ objc class A {}",
      "class A { var x: Int {",
      "import",
      "extension {}",
      "}",
      ";",
      "struct A {;}",
      "struct A { var x: Int { get.count } }",
      "struct A { var x: Int { get(key) } }",
      "struct A { var x: Int { borrow(shelf) } }",
      "struct A { var x:Int!=nil }",
      "struct A { func f(x: Int = ) {} }",
      "struct A { func f(options: [Key:!Any]?) {} }",
      "struct A { var x: Array<!Int> }",
      "struct A { var x: (Int, !String) }",
      "struct A { func f(x: Int = , y: Int) {} }",
      "final class A { let x = a b }",
      "var a: Int {\n  let b = 1 c\n  return b\n}",
      // Found by `scripts/fuzz.sh swift`: an `=` spaced on one side only is a prefix or postfix operator.
      "struct Constants {\n  static let pageSize =085\n}",
      "struct A { let x= 1 }", "struct A { func f(x: Int =1) {} }", "enum E: Int { case a =1 }", "typealias A =B",
      // Read as clean before a probe of the reader's edges: literals, lists, clauses, attributes, modifiers.
      "enum E: Int { case a = 0b102 }", "enum E: Int { case a = 1abc }", "enum E: Int { case a = 0x }",
      "enum E: Int { case a = 0o8 }", "enum E: Int { case a = 1e }", "enum E: Double { case a = 1.5e }",
      "enum E: Int { case a = 0xG }", "enum E: String { case a = \"x\\q\" }", "enum E: String { case a = \"\\u{zz}\" }",
      "enum E: String { case a = \"\\u{110000}\" }", "struct A { let x = 1 }let y = 2", "struct A {}struct B {}",
      "struct A<T: > {}", "struct A<T U> {}", "struct A where T {}", "struct A: , B {}", "enum E { case , a }",
      "@objc(a b) class A {}", "struct A { private(get) var a = 1 }", "struct A { @Wrapper(a: ) var x = 1 }",
      "#if A B\nstruct A {}\n#endif", "#if A ||\nstruct A {}\n#endif",
    ]
    for text in erroneous {
      let bytes = Array(text.utf8)
      #expect(SwiftFrontend.declarationReaderReadsOnlyCleanSkeletons(bytes), "\(text)")
      #expect(!SwiftFrontend.readsDeclarationsOnly(bytes), "\(text)")
    }
  }

  /// Found by `scripts/fuzz.sh swift`: `[UIApplication.LaunchOptionsKey: var]?` was read as a type, then `import break`
  /// as an import. No reserved word is a name, in any place the reader reads one; swift-syntax decides those files.
  /// What the reader still reads next to what it refuses: `inout` as a type's specifier (not a label), `=` spaced on
  /// both sides or neither, every radix, exponents and escapes, generic parameters and requirements.
  @Test func validEdgesAreStillRead() {
    for text in [
      "typealias Mutation = (inout State) -> Void\n", "struct A { func update(_ body: (inout Int) -> Void) {} }\n",
      "struct A { let f: (inout [String: Any], Int) -> Bool }\n", "struct A { func f(let: Int, var: Int) {} }\n",
      "struct A {\n  let x=1\n  let y = 2\n}\n", "enum E: Int { case a=1 }\n",
      "enum E: Int { case a = 0x1F, b = 0o17, c = 0b10_10, d = 1_000 }\n",
      "struct A {\n  static let x = 1e-5\n  static let s = \"a\\u{41}\\t\\0\"\n  private(set) var y = 1.5E+3\n}\n",
      "struct A<T: Equatable & Hashable, U> where T: Sendable, U == Int {}\n",
      "#if (os(iOS) || targetEnvironment(macCatalyst)) && !DEBUG\nstruct A {}\n"
        + "#elseif swift(>=5.9)\nstruct B {}\n#endif\n",
      // Observers after an initializer: `didSet` or `willSet` after the brace is never a trailing closure.
      "final class A { var x = 1 { didSet { print(x) } } }",
      "final class A {\n  var sections: [String] = [] {\n    didSet { tableView.reloadData() }\n  }\n}\n",
      "struct A { var x = [1].map { $0 } { willSet(next) { print(next) } didSet { print(x) } } }\n",
      // Availability in its usual form: platforms with versions, then `*`.
      "@available(iOS 15.0, *)\nstruct A {}\n", "@available(iOS 13, macOS 10.15, tvOS 13.0, *)\nfinal class A {}\n",
      "struct A {\n  @available(iOSApplicationExtension 14.0,*)\n  func f() {}\n}\n",
    ] {
      let read = Self.read(text)
      #expect(read.byReader, "\(text)")
      #expect(read.batch == read.whole, "\(text)")
    }
  }

  /// An escaped identifier is one word, spelled with its backticks as swift-syntax spells it; a raw identifier
  /// (Swift 6: `` `a b` ``) goes to swift-syntax.
  @Test func escapedIdentifiersAreRead() {
    for text in [
      "enum E: String { case `default`, `private` = \"p\" }\n",
      "struct A {\n  static var `continue`: String { return L10n.tr(\"Vector\", \"continue\") }\n}\n",
      "struct A {\n  let `class`: Int = 1\n  func `for`(`in`: Int) {}\n}\n", "let x: `Type`? = nil\n",
    ] {
      let read = Self.read(text)
      #expect(read.byReader, "\(text)")
      #expect(read.batch == read.whole, "\(text)")
    }
    for text in ["struct A { let `a b` = 1 }\n", "struct A { let `1x` = 1 }\n", "struct A { let `a = 1 }\n"] {
      let read = Self.read(text)
      #expect(!read.byReader, "\(text)")
      #expect(read.batch == read.whole, "\(text)")
    }
  }

  /// A SwiftUI file with `#Preview` blocks (46 of duckduckgo/iOS's files were parsed only for them): the preview's
  /// closure is skipped, its arguments' strings spelled, and the file read without a tree. A preview inside a type,
  /// with its closure on the next line, or whose closure holds a table word goes to swift-syntax.
  @Test func previewsAreReadWithoutATree() {
    let view = "import SwiftUI\n\nstruct BadgeView: View {\n  var body: some View {\n    Text(\"Badge\")\n  }\n}\n\n"
    for preview in [
      "#Preview {\n  BadgeView()\n}\n", "#Preview(\"Dark\") {\n  BadgeView().preferredColorScheme(.dark)\n}\n",
      "#if DEBUG\n#Preview(\"A\", traits: .sizeThatFitsLayout) { BadgeView() }\n#endif\n",
    ] {
      let read = Self.read(view + preview)
      #expect(read.byReader, "\(preview)")
      #expect(read.batch == read.whole, "\(preview)")
    }
    #expect(Self.read(view + "#Preview(\"Dark\") { BadgeView() }\n").batch.swift?.spelledStrings.contains("Dark") == true)
    for preview in [
      "struct P {\n  #Preview { BadgeView() }\n}\n", "#Preview\n{ BadgeView() }\n",
      "#Preview {\n  List { Section(\"S\") { Text(\"x\") } }\n}\n", "#Preview { BadgeView() } let x = 1\n",
    ] {
      let read = Self.read(view + preview)
      #expect(!read.byReader, "\(preview)")
      #expect(read.batch == read.whole, "\(preview)")
    }
  }

  /// `#available` and `#unavailable` in a getter's kept statements: their platform list is skipped, not read as
  /// operands side by side. Anywhere else (between declarations, in a `#if` condition, spaced from its list) the file
  /// goes to swift-syntax.
  @Test func availabilityConditionsInGettersAreRead() {
    let getter = { (condition: String) in
      "struct Style {\n  static var tint: String {\n    if \(condition) { return \"a\" }\n    return \"b\"\n  }\n}\n"
    }
    for condition in ["#available(iOS 15, *)", "#unavailable(iOS 17.4)", "#available(iOS 15.0, macOS 12, *), x"] {
      let read = Self.read(getter(condition))
      #expect(read.byReader, "\(condition)")
      #expect(read.batch == read.whole, "\(condition)")
    }
    for text in [getter("#available (iOS 15, *)"), "#available(iOS 15, *)\nstruct A {}\n",
      "#if #available(iOS 15, *)\nstruct A {}\n#endif\n"] {
      let read = Self.read(text)
      #expect(!read.byReader, "\(text)")
      #expect(read.batch == read.whole, "\(text)")
    }
  }

  /// SwiftGen's string tables (element-ios's `Strings.swift`, 440 KB): computed `static var`s named `…Section` or
  /// escaped keywords, and a bundle closure naming `VectorL10n.self`, are read without a tree.
  @Test func aGeneratedStringTableIsReadWithoutATree() {
    let text = """
      import Foundation

      // swiftlint:disable all
      @objcMembers
      public class VectorL10n: NSObject {
        /// Abort
        public static var abort: String {\u{20}
          return VectorL10n.tr("Vector", "abort")\u{20}
        }
        public static var `continue`: String {
          return VectorL10n.tr("Vector", "continue")
        }
        public static var roomDetailsAccessSection: String {
          return VectorL10n.tr("Vector", "room_details_access_section")
        }
        public static func roomAccessSpaceChooserKnownSpacesSection(_ p1: String) -> String {
          return VectorL10n.tr("Vector", "room_access_space_chooser_known_spaces_section", p1)
        }
      }

      extension VectorL10n {
        static func tr(_ table: String, _ key: String, _ args: CVarArg...) -> String {
          let format = NSLocalizedString(key, tableName: table, bundle: bundle, comment: "")
          return String(format: format, locale: Locale.current, arguments: args)
        }
        static let bundle: Bundle = {
          if ProcessInfo.processInfo.environment["XCTestConfigurationFilePath"] != nil {
            return Bundle(for: VectorL10n.self)
          }
          return Bundle.app
        }()
      }
      """
    let read = Self.read(text)
    #expect(read.byReader)
    #expect(read.batch == read.whole)
  }

  @Test func aReservedWordIsNoNameTheReaderReads() {
    let reserved = [
      "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
      "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
      "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
      "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as",
      "false", "is", "nil", "self", "super", "throws", "true", "try", "_", "Type", "Protocol",
    ]
    let places = [
      "let x: W\n", "struct A { var x: [K: W]? }\n", "let x: Array<W>\n", "class A: W {}\n", "struct W {}\n",
      "func W() {}\n", "var W: Int { 1 }\n", "func f(a: W) {}\n", "enum E { case W }\n", "typealias A = W\n",
      "let x: A.W\n", "func f() -> W {}\n", "struct A<W> {}\n", "extension W {}\n", "let x: (W) -> Int\n",
      "func f(_ W: Int) {}\n", "func f(W: Int) {}\n", "enum E: W { case a }\n", "let x: W? = nil\n",
      "func f<T>() where T: W {}\n", "enum E { case a(W: Int) }\n", "protocol P: W {}\n", "import W\n",
      "import A.W\n", "import struct A.W\n",
    ]
    for word in reserved {
      for place in places {
        let text = place.replacingOccurrences(of: "W", with: word)
        #expect(SwiftFrontend.declarationReaderReadsOnlyCleanSkeletons(Array(text.utf8)), "\(text)")
      }
    }
  }

  /// 71 member forms in five containers (an `NSObject` class, an `@objcMembers` class, an extension, a struct, a
  /// `String` enum): every combination swift-syntax parses gives the facts of a whole parse, and the reader reads
  /// most of them (345 of 355 when this test was written), so the comparison is not vacuous.
  @Test func everyMemberFormInEveryContainerGivesTheFactsOfAWholeParse() {
    let members = [
      "var a = 1", "let b: String", "var c: Int { 1 }", "var d: Int { get { 1 } set {} }", "var e: Int { get { 1 } }",
      "private(set) var f = 1", "static var g = 1", "class var h: Int { 1 }", "lazy var i = 1", "weak var j: A?",
      "func k() {}", "func l(_ a: Int) {}", "func m(a: Int, b c: Int) {}", "func n(with a: Int) -> Int { 1 }",
      "static func o() {}", "mutating func p() {}", "func q() async throws {}", "func r<T>(_ t: T) where T: P {}",
      "init() {}", "init(a: Int) {}", "init?(b: Int) {}", "convenience init(c: Int) { self.init() }",
      "required init(d: Int) {}",
      "subscript(i: Int) -> Int { 1 }", "subscript(key k: String) -> Int { get { 1 } set {} }", "deinit {}",
      "@objc func s() {}", "@objc(tee:) func t(_ x: Int) {}", "@objc var u = 1", "@objc(vee) var v = 1",
      "@objc dynamic var w = 1",
      "@IBAction func x(_ sender: Any) {}", "@IBAction func y() {}", "@IBOutlet weak var z: UIView!",
      "@IBInspectable var aa: Int = 1",
      "@nonobjc func bb() {}", "@objc private func cc() {}", "@objc fileprivate var dd = 1", "public func ee() {}",
      "open func ff() {}",
      "override func gg() {}", "override var hh: Int { 1 }", "@objc func ii(a: Int, b: Int) {}",
      "@objc func jj(_ a: Int, _ b: Int) {}",
      "@objc func kk(for a: Int) {}", "@objc init(ll: Int) {}", "@objc static func mm() {}", "@objc class func nn() {}",
      "@objc func oo() throws {}", "@objc func pp(_ a: Int) throws -> Int { 1 }",
      "@objc func qq(completion: @escaping () -> Void) {}",
      "@objc var rr: Int { get { 1 } set {} }", "@objc private(set) var ss = 1", "@objc let tt = 1",
      "@objc var isUu = true",
      "@objc(isVv) var vv = true", "@objc subscript(i: Int) -> Int { 1 }", "@objc func ww(`default`: Int) {}",
      "@objc func xx(_ `in`: Int) {}",
      "static let yy = \"a\"", "static let zz = Self.yy", "static let a1 = A.yy", "let a2 = \"x\", a3 = \"y\"",
      "static var a4: String { \"z\" }",
      "static func a5() -> String { \"w\" }", "class func a6() -> String { \"v\" }",
      "static let a7: String = { \"u\" }()",
      "enum Inner { case a, b }", "struct Inner2 { static let id = \"i\" }", "typealias T1 = Int",
      "class Inner3: UITableViewCell {}",
    ]
    let containers = [
      "final class A: NSObject {\n  %@\n}\n", "@objcMembers class A: NSObject {\n  %@\n}\n", "extension A {\n  %@\n}\n",
      "struct S {\n  %@\n}\n", "enum E: String {\n  case one\n  %@\n}\n",
    ]
    var readByReader = 0
    for member in members {
      for container in containers {
        let text = container.replacingOccurrences(of: "%@", with: member)
        let read = Self.read(text)
        if read.byReader { readByReader += 1 }
        #expect(read.whole.swift?.hasSyntaxErrors == false, "\(text)")
        #expect(read.batch == read.whole, "\(text)")
        #expect(SwiftFrontend.declarationReaderReadsOnlyCleanSkeletons(Array(text.utf8)), "\(text)")
      }
    }
    #expect(readByReader > members.count * containers.count * 9 / 10)
  }
}
