import Foundation
import JSONRPC
import TablelintLanguageServer
import Testing

/// Quick fixes, IB → Swift definitions and Swift → IB references.
@Suite struct CodeActionTests {
  static let settings = """
    import UIKit

    final class SettingsViewController: UIViewController {
      @IBOutlet weak var headlineLabel: UILabel!

      @IBAction func refresh(_ sender: Any) {}
    }
    """

  /// A scene of `SettingsViewController` with a button whose `<connections>` are `actions`, and the controller's
  /// `outlets`.
  static func storyboard(actions: [String], outlets: [String]) -> String {
    Storyboard.document(
      """
              <scene sceneID="scene-settings">
                  <objects>
                      <viewController id="settings" customClass="SettingsViewController" customModule="App" customModuleProvider="target" sceneMemberID="viewController">
                          <view key="view" contentMode="scaleToFill" id="settings-root">
                              <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                              <subviews>
                                  <label opaque="NO" text="Réglages" id="label-1">
                                      <rect key="frame" x="16" y="100" width="361" height="21"/>
                                  </label>
                                  <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="button-1">
                                      <rect key="frame" x="16" y="220" width="120" height="44"/>
                                      <connections>
      \(actions.map { "                                    " + $0 }.joined(separator: "\n"))
                                      </connections>
                                  </button>
                              </subviews>
                          </view>
                          <connections>
      \(outlets.map { "                    " + $0 }.joined(separator: "\n"))
                          </connections>
                      </viewController>
                      <placeholder placeholderIdentifier="IBFirstResponder" id="settings-fr" userLabel="First Responder" sceneMemberID="firstResponder"/>
                  </objects>
              </scene>
      """
    )
  }

  static let brokenStoryboard = storyboard(
    actions: [
      #"<action selector="refresh" destination="settings" eventType="touchUpInside" id="a1"/>"#,
      #"<action selector="resetCache:" destination="settings" eventType="touchUpInside" id="a2"/>"#,
    ],
    outlets: [
      #"<outlet property="headlineLabel" destination="label-1" id="c1"/>"#,
      #"<outlet property="titleLabel" destination="label-1" id="c2"/>"#,
    ]
  )

  /// Applies LSP text edits (in the client's encoding) to `text`.
  static func apply(_ edits: [TextEdit], to text: String, encoding: PositionEncodingKind) -> String {
    var snapshot = TextSnapshot(text)
    let ranges = edits.map { edit in
      (snapshot.offset(of: edit.range.start, encoding: encoding)..<snapshot.offset(of: edit.range.end, encoding: encoding), edit.newText)
    }
    for (range, newText) in ranges.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
      snapshot = snapshot.replacing(range, with: newText)
    }
    return snapshot.text
  }

  /// The quick fixes for the diagnostic of `rule` whose message contains `containing`, in `path`.
  static func actions(
    _ client: TestClient, path: String, rule: String, containing: String
  ) throws -> [CodeAction] {
    let diagnostics = try client.waitForDiagnostics(path) { diagnostics in
      diagnostics.contains { $0.code == rule && $0.message.contains(containing) }
    }
    let diagnostic = try #require(diagnostics.first { $0.code == rule && $0.message.contains(containing) })
    let actions = try client.send(
      CodeActionRequest(
        textDocument: .init(uri: client.uri(path)), range: diagnostic.range,
        context: CodeActionContext(diagnostics: [diagnostic], only: ["quickfix"])
      )
    )
    return try #require(actions)
  }

  static func result(
    of action: CodeAction, _ client: TestClient, files: [String: String]
  ) throws -> [String: String] {
    let changes = try #require(action.edit?.changes)
    var result: [String: String] = [:]
    for (path, text) in files {
      guard let edits = changes[client.uri(path)] else { continue }
      result[path] = apply(edits, to: text, encoding: client.encoding)
    }
    #expect(changes.count == result.count, "edits only files of the workspace")
    return result
  }

  // MARK: - dangling_selector

  @Test(arguments: [PositionEncodingKind.utf16, .utf8])
  func danglingSelectorRenamesTheActionOrAddsAStub(encoding: PositionEncodingKind) throws {
    let files = ["Settings.swift": Self.settings, "Settings.storyboard": Self.brokenStoryboard]
    let client = try TestClient(files: files)
    try client.initialize(positionEncodings: [encoding.rawValue])

    let rename = try Self.actions(client, path: "Settings.storyboard", rule: "dangling_selector", containing: "'refresh'")
    #expect(rename.map(\.title) == ["Change the action to 'refresh:'", "Add '@objc func refresh()' to 'SettingsViewController'"])
    #expect(rename.first?.isPreferred == true)
    let renamed = try Self.result(of: rename[0], client, files: files)
    #expect(renamed == ["Settings.storyboard": Self.brokenStoryboard.replacingOccurrences(of: #"selector="refresh""#, with: #"selector="refresh:""#)])

    let stub = try Self.actions(client, path: "Settings.storyboard", rule: "dangling_selector", containing: "'resetCache:'")
    let add = try #require(stub.first { $0.title.hasPrefix("Add") })
    #expect(add.title == "Add '@objc func resetCache(_ sender: Any)' to 'SettingsViewController'")
    let added = try Self.result(of: add, client, files: files)
    #expect(added["Settings.swift"] == """
      import UIKit

      final class SettingsViewController: UIViewController {
        @IBOutlet weak var headlineLabel: UILabel!

        @IBAction func refresh(_ sender: Any) {}

        @objc func resetCache(_ sender: Any) {}
      }
      """)
  }

  @Test func methodStubsHaveTheSelectorsSignature() {
    #expect(CodeActionProviderProbe.stub("reset") == "@objc func reset() {}")
    #expect(CodeActionProviderProbe.stub("reset:") == "@objc func reset(_ sender: Any) {}")
    #expect(CodeActionProviderProbe.stub("tapped:forEvent:") == "@objc func tapped(_ sender: Any, forEvent event: UIEvent) {}")
    #expect(CodeActionProviderProbe.stub("not a selector") == nil)
  }

  // MARK: - dangling_outlet

  @Test func danglingOutletRemovesTheConnectionOrAddsAnOutlet() throws {
    let files = ["Settings.swift": Self.settings, "Settings.storyboard": Self.brokenStoryboard]
    let client = try TestClient(files: files)
    try client.initialize()
    let actions = try Self.actions(client, path: "Settings.storyboard", rule: "dangling_outlet", containing: "'titleLabel'")
    #expect(actions.map(\.title) == [
      "Remove the outlet 'titleLabel' from Settings.storyboard",
      "Add '@IBOutlet weak var titleLabel: UIView!' to 'SettingsViewController'",
    ])
    let removed = try Self.result(of: actions[0], client, files: files)
    let expectedStoryboard = Self.brokenStoryboard.replacingOccurrences(
      of: "\n                    <outlet property=\"titleLabel\" destination=\"label-1\" id=\"c2\"/>", with: ""
    )
    #expect(expectedStoryboard != Self.brokenStoryboard)
    #expect(removed == ["Settings.storyboard": expectedStoryboard])
    // Still XML: the server reads it back without a parse error.
    try client.openDocument("Settings.storyboard", expectedStoryboard)
    try client.waitForDiagnostics("Settings.storyboard") { diagnostics in
      !diagnostics.contains { $0.code == "dangling_outlet" } && !diagnostics.contains { $0.code == "parse_error" }
    }

    let added = try Self.result(of: actions[1], client, files: files)
    #expect(added["Settings.swift"] == """
      import UIKit

      final class SettingsViewController: UIViewController {
        @IBOutlet weak var titleLabel: UIView!
        @IBOutlet weak var headlineLabel: UILabel!

        @IBAction func refresh(_ sender: Any) {}
      }
      """)
  }

  @Test func anOutletInAnEmptyOneLineClassOpensTheBlock() throws {
    let swift = "import UIKit\n\nfinal class SettingsViewController: UIViewController {}\n"
    let storyboard = Self.storyboard(actions: [], outlets: [#"<outlet property="titleLabel" destination="label-1" id="c2"/>"#])
    let files = ["Settings.swift": swift, "Settings.storyboard": storyboard]
    let client = try TestClient(files: files)
    try client.initialize()
    let actions = try Self.actions(client, path: "Settings.storyboard", rule: "dangling_outlet", containing: "'titleLabel'")
    let add = try #require(actions.first { $0.title.hasPrefix("Add") })
    #expect(try Self.result(of: add, client, files: files)["Settings.swift"]
      == "import UIKit\n\nfinal class SettingsViewController: UIViewController {\n  @IBOutlet weak var titleLabel: UIView!\n}\n")
  }

  // MARK: - unregistered_reuse_identifier

  static let list = """
    import UIKit

    final class ListViewController: UITableViewController {
      override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
      }

      override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        /* é ✓ */ tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
      }
    }
    """

  @Test(arguments: [PositionEncodingKind.utf16, .utf8])
  func unregisteredIdentifierSwitchesOrRegisters(encoding: PositionEncodingKind) throws {
    let files = ["List.swift": Self.list]
    let client = try TestClient(files: files)
    try client.initialize(positionEncodings: [encoding.rawValue])
    let actions = try Self.actions(client, path: "List.swift", rule: "unregistered_reuse_identifier", containing: "'cell'")
    #expect(actions.map(\.title) == ["Change the identifier to 'Cell'", "Register 'cell' in 'ListViewController.viewDidLoad()'"])
    #expect(try Self.result(of: actions[0], client, files: files)["List.swift"]
      == Self.list.replacingOccurrences(of: #"withIdentifier: "cell""#, with: #"withIdentifier: "Cell""#))
    #expect(try Self.result(of: actions[1], client, files: files)["List.swift"] == Self.list.replacingOccurrences(
      of: "super.viewDidLoad()\n",
      with: "super.viewDidLoad()\n    tableView.register(UITableViewCell.self, forCellReuseIdentifier: \"cell\")\n"
    ))
  }

  @Test func noActionsAwayFromAFinding() throws {
    let client = try TestClient(files: ["List.swift": Self.list])
    try client.initialize()
    try client.waitForDiagnostics("List.swift") { !$0.isEmpty }
    let none = try client.send(
      CodeActionRequest(
        textDocument: .init(uri: client.uri("List.swift")),
        range: LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 3)),
        context: CodeActionContext(diagnostics: [])
      )
    )
    #expect(none == nil)
  }

  // MARK: - Definition and references

  static let connectedStoryboard = storyboard(
    actions: [#"<action selector="refresh:" destination="settings" eventType="touchUpInside" id="a1"/>"#],
    outlets: [#"<outlet property="headlineLabel" destination="label-1" id="c1"/>"#]
  )

  @Test func definitionFromAnActionOrOutletToTheSwiftMember() throws {
    let client = try TestClient(files: ["Settings.swift": Self.settings])
    try client.initialize()
    let marked = Self.connectedStoryboard
      .replacingOccurrences(of: #"selector="refresh:""#, with: #"selector="refr1️⃣esh:""#)
      .replacingOccurrences(of: #"property="headlineLabel""#, with: #"property="headlineLabel2️⃣""#)
    let marks = try client.openDocument("Settings.storyboard", marked)
    let uri = TextDocumentIdentifier(uri: client.uri("Settings.storyboard"))
    let swiftMarks = client.positions(
      Self.settings.replacingOccurrences(of: "func refresh", with: "func 1️⃣refresh")
        .replacingOccurrences(of: "var headlineLabel", with: "var 2️⃣headlineLabel")
    )
    let action = try #require(try client.send(DefinitionRequest(textDocument: uri, position: marks["1️⃣"]!)))
    #expect(action.map(\.uri) == [client.uri("Settings.swift")])
    #expect(action.first?.range.start == swiftMarks["1️⃣"])
    let outlet = try #require(try client.send(DefinitionRequest(textDocument: uri, position: marks["2️⃣"]!)))
    #expect(outlet.first?.range.start == swiftMarks["2️⃣"])
  }

  @Test func referencesFromASwiftMemberToTheConnections() throws {
    let client = try TestClient(files: ["Settings.storyboard": Self.connectedStoryboard])
    try client.initialize()
    let marked = Self.settings.replacingOccurrences(of: "func refresh", with: "func ref1️⃣resh")
      .replacingOccurrences(of: "var headlineLabel", with: "var headlineLabel2️⃣")
    let marks = try client.openDocument("Settings.swift", marked)
    let uri = TextDocumentIdentifier(uri: client.uri("Settings.swift"))
    let expected = client.positions(
      Self.connectedStoryboard.replacingOccurrences(of: #"selector="refresh:""#, with: #"selector="1️⃣refresh:2️⃣""#)
        .replacingOccurrences(of: #"property="headlineLabel""#, with: #"property="3️⃣headlineLabel4️⃣""#)
    )
    let action = try #require(try client.send(ReferencesRequest(textDocument: uri, position: marks["1️⃣"]!)))
    #expect(action == [Location(uri: client.uri("Settings.storyboard"), range: LSPRange(start: expected["1️⃣"]!, end: expected["2️⃣"]!))])
    let outlet = try #require(try client.send(
      ReferencesRequest(textDocument: uri, position: marks["2️⃣"]!, context: ReferenceContext(includeDeclaration: true))
    ))
    #expect(outlet.count == 2)
    #expect(outlet.first?.uri == client.uri("Settings.swift"))
    #expect(outlet.last == Location(uri: client.uri("Settings.storyboard"), range: LSPRange(start: expected["3️⃣"]!, end: expected["4️⃣"]!)))
    #expect(try client.send(ReferencesRequest(textDocument: uri, position: Position(line: 0, character: 1))) == nil)
  }
}

/// `source.fixAll.tablelint`: every safe fix of a document at once, as `tablelint lint --fix` applies them.
@Suite struct FixAllTests {
  static let list = """
    import UIKit

    final class ListViewController: UITableViewController {
      override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Photo")
      }

      override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if indexPath.row == 0 {
          return tableView.dequeueReusableCell(withIdentifier: "Phot", for: indexPath)
        }
        return tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
      }
    }
    """

  @Test(arguments: [PositionEncodingKind.utf16, .utf8])
  func fixAllAppliesEverySafeFixOfTheDocument(encoding: PositionEncodingKind) throws {
    let files = ["List.swift": Self.list]
    let client = try TestClient(files: files)
    try client.initialize(positionEncodings: [encoding.rawValue])
    _ = try client.waitForDiagnostics("List.swift") { $0.count == 2 }
    let actions = try #require(try client.send(
      CodeActionRequest(
        textDocument: .init(uri: client.uri("List.swift")),
        range: LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)),
        context: CodeActionContext(diagnostics: [], only: ["source.fixAll"])
      )
    ))
    #expect(actions.map(\.kind) == ["source.fixAll.tablelint"])
    let fixed = try CodeActionTests.result(of: actions[0], client, files: files)
    #expect(fixed["List.swift"] == Self.list
      .replacingOccurrences(of: "withIdentifier: \"cell\"", with: "withIdentifier: \"Cell\"")
      .replacingOccurrences(of: "withIdentifier: \"Phot\"", with: "withIdentifier: \"Photo\""))
    // Quick fixes only when asked for them: no fix-all among them.
    let quick = try client.send(
      CodeActionRequest(
        textDocument: .init(uri: client.uri("List.swift")),
        range: LSPRange(start: Position(line: 10, character: 0), end: Position(line: 10, character: 80)),
        context: CodeActionContext(diagnostics: [], only: ["quickfix"])
      )
    )
    #expect(quick?.allSatisfy { $0.kind == "quickfix" } ?? true)
  }
}
