import Testing
import TablelintModel
@testable import SwiftFrontend

/// The declaration reader reads `#selector` and target–actions where swift-syntax would, with the same facts.
@Suite struct DeclarationReaderSelectorTests {
  /// Files the reader reads without a tree, their selectors and target–actions among the facts.
  static let readFiles: [String] = [
    """
    import UIKit

    final class FeedViewController: UIViewController {
      private let refreshControl = UIRefreshControl()

      override func viewDidLoad() {
        super.viewDidLoad()
        title = "Feed"
        refreshControl.addTarget(self, action: #selector(refresh(_:)), for: .valueChanged)
        navigationItem.rightBarButtonItem = UIBarButtonItem(
          title: "Edit", style: .plain, target: self, action: #selector(FeedViewController.edit)
        )
        NotificationCenter.default
          .addObserver(self, selector: #selector(themeDidChange), name: .themeDidChange, object: nil)
        let tap = UITapGestureRecognizer(target: self.coordinator, action: #selector(Coordinator.open(_:with:)))
        view?.addGestureRecognizer(tap)
        self.timer = Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick), userInfo: nil, repeats: true)
        guard let link = view.window?.screen else { return }
        let displayLink = CADisplayLink(target: self, selector: #selector(step))
        _ = link
        items.forEach { $0.button?.addTarget(self, action: #selector(didTap(_:)), for: .touchUpInside) }
      }

      private lazy var doneButton: UIBarButtonItem = {
        let item = UIBarButtonItem(barButtonSystemItem: .done, target: self, action: #selector(done))
        return item
      }()

      var getterAction: Selector { #selector(getter: title) }
      static let initial = #selector(UIResponder.becomeFirstResponder)

      @objc func refresh(_ sender: UIRefreshControl) {}
      @objc func edit() {}
      @objc func themeDidChange() {}
      @objc func tick() {}
      @objc func step() {}
      @objc func done() {}
      @objc func didTap(_ sender: UIButton) {}
    }
    """,
    """
    final class Menu {
      func build() -> [Item] {
        if responds(to: #selector(self.build)) { print("responds") }
        let selectors = [#selector(open), #selector((Menu.close))]
        let action = flag ? #selector(open) : #selector(close)
        return [Item(title: "Open", action: action), Item(title: "Close", target: nil, action: selectors[1])]
      }
      func make() -> UIButton {
        let button = UIButton(type: .system)
        button.addTarget(nil, action: #selector(`default`), for: .primaryActionTriggered)
        return .init(target: self, action: #selector(open))
      }
      @objc func open() {}
      @objc func close() {}
      @objc func `default`() {}
    }
    """,
  ]

  /// Statements of kept bodies the reader checks: a closure's parameters after its capture list and a trailing
  /// closure's label are no operands side by side.
  @Test func closuresInStatementsAreChecked() {
    let read = [
      """
      final class Composer {
        func bind() {
          viewModel.callback = { [weak self] result in self?.handle(result) }
          service.load(success: { [weak self, weak other] value, index in print(value) }, failure: { [weak self] error in
            self?.show(error)
          })
          button.addTarget(self, action: #selector(send), for: .touchUpInside)
        }
        var body: some View { Button { send() } label: { Text("Send") } }
        func reload() { Button { } label: { Text("Reload") }; _ = #selector(send) }
        @objc func send() {}
      }
      """,
    ]
    DeclarationReaderTests.expectRead(read)
    DeclarationReaderTests.expectRefused([
      "final class A { func f() { g { [a] b c }; _ = #selector(tap) } }",
      "final class A { func f() { let x = [a] b; _ = #selector(tap) } }",
      "final class A { func f() { g { } label { }; _ = #selector(tap) } }",
    ])
  }

  @Test func selectorsAndTargetActionsAreReadWithoutATree() throws {
    DeclarationReaderTests.expectRead(Self.readFiles)
    let facts = try #require(DeclarationReaderTests.read(Self.readFiles[0]).batch.swift)
    let uses = facts.targetActions.map { "\($0.kind) \($0.targetIsSelf) \($0.selector.typeName ?? "-").\($0.selector.memberName ?? "-")" }
    #expect(
      uses == [
        "controlEvent true -.refresh", "targetAction true FeedViewController.edit", "notification true -.themeDidChange",
        "targetAction false Coordinator.open", "timer true -.tick", "displayLink true -.step",
        "controlEvent true -.didTap", "targetAction true -.done",
      ]
    )
    #expect(facts.selectorReferences.count == 10)
    let getter = try #require(facts.selectorReferences.first { $0.accessor == "getter" })
    #expect(getter.memberName == "title" && getter.enclosingType == "FeedViewController")
    let open = try #require(facts.selectorReferences.first { $0.memberName == "open" })
    #expect(open.argumentLabels == [nil, "with"])
  }

  /// Where a selector or its call is not one of the plain forms, its declaration goes to swift-syntax.
  @Test func whatTheReaderDoesNotFollowGoesToSwiftSyntax() {
    let refused = [
      "final class A { func f() { button.addTarget(self, action: #selector(super.tap), for: .x) } }",
      "final class A { func f() { make().addTarget(self, action: #selector(tap), for: .x) } }",
      "final class A { func f() { buttons[0].addTarget(self, action: #selector(tap), for: .x) } }",
      "final class A { func f() { Item<Int>(target: self, action: #selector(tap)) } }",
      "final class A { func f() { Item(target: self, action: #selector(tap)) { print(1) } } }",
      "final class A { func f() { _ = #selector(((tap))) } }",
      "final class A { func f() { _ = #selector(tap()) } }",
      "final class A { func f() { _ = #selector(tap(_: )) } }",
      "final class A { func f() { _ = #selector(Self.tap) } }",
      "final class A { func f() { _ = #selector(A<Int>.tap) } }",
      "final class A { func f() { _ = #selector(tap) as Selector } }",
      "final class A { func f() { _ = #stringify(tap) } }",
      "final class A { func f() { perform(#selector(tap)) } }",
      "final class A { func f() { _ = Selector(\"tap\") } }",
      "final class A { func f() { (button).addTarget(self, action: #selector(tap), for: .x) } }",
      "final class A { func f() { g() #selector(tap) } }",
      "final class A { func f() async { _ = await .init(target: self, action: #selector(tap)) } }",
      "final class A { func f() { set.addTarget(self, action: #selector(tap), for: .x) } }",
      "enum Kind { case a(Selector = #selector(A.tap)) }",
    ]
    DeclarationReaderTests.expectRefused(refused)
  }

  /// A kept body the lexer cannot follow (a raw identifier here) stays one opaque token: its declaration is parsed.
  @Test func aSelectorBodyTheLexerCannotFollowIsLeftWhole() throws {
    let text = """
      final class Banner {
        let title = "Banner"
        func render() {
          let `a b` = 1
          button.addTarget(self, action: #selector(tap), for: .touchUpInside)
        }
        func other() {
          button.addTarget(self, action: #selector(tap), for: .touchUpInside)
        }
        @objc func tap() {}
      }
      """
    let bytes = Array(text.utf8)
    let skeleton = try #require(BodySkipping.skeleton(of: bytes, evenWithoutBodies: true))
    #expect(skeleton.keptBodies.count == 2 && skeleton.selectorBodies == skeleton.keptBodies)
    let tokens = try #require(
      bytes.withUnsafeBufferPointer { buffer in
        var lexer = DeclarationReader.Lexer(bytes: buffer, opaque: skeleton.keptBodies, readable: skeleton.selectorBodies)
        return lexer.tokens()
      }
    )
    #expect(tokens.filter { $0.kind == .opaque }.count == 1)
    #expect(tokens.contains { $0.kind == .macro })
    let read = DeclarationReaderSplitTests.split(text)
    #expect(read.route.hasPrefix("split ("), "\(read.route)")
    #expect(read.batch == read.whole)
    #expect(read.batch.swift?.targetActions.count == 2)
  }

  /// Only a body kept for `#selector` alone is read: one kept for another word too stays opaque.
  @Test func onlyBodiesKeptForSelectorsAloneAreRead() throws {
    let text = """
      final class A {
        func a() { button.addTarget(self, action: #selector(tap), for: .x) }
        func b() { perform(#selector(tap)) }
        func c() { tableView.register(Cell.self, forCellReuseIdentifier: "C"); _ = #selector(tap) }
        func d() { _ = #file; let selector = #selector(tap) }
        func e() { _ = #"raw"#; _ = #selector(tap) }
        @objc func tap() {}
      }
      """
    let skeleton = try #require(BodySkipping.skeleton(of: Array(text.utf8), evenWithoutBodies: true))
    #expect(skeleton.keptBodies.count == 5)
    #expect(skeleton.selectorBodies.count == 2)
  }
}
