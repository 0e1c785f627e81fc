import Foundation
import JSONRPC
import TablelintCore
import TablelintLanguageServer
import TablelintModel
import Testing

/// Rename across Swift, Objective-C and Interface Builder on the fixture projects: each kind renamed from each side,
/// the `WorkspaceEdit` applied to the files, and the findings compared before and after.
@Suite struct RenameTests {
  /// A fixture project copied into a test workspace.
  static func fixture(_ name: String) throws -> [String: String] {
    let root = TestClient.packageRoot.appendingPathComponent("Fixtures/\(name)").path
    var files: [String: String] = [:]
    let enumerator = FileManager.default.enumerator(atPath: root)
    while let relative = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      let path = root + "/" + relative
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
        relative != "EXPECTED"
      else { continue }
      files[relative] = try String(contentsOfFile: path, encoding: .utf8)
    }
    return files
  }

  /// Where a finding is, without columns (a rename changes the length of names) or messages (which quote them).
  struct Place: Hashable, Comparable, CustomStringConvertible {
    let rule: String
    let file: String
    let line: Int
    static func < (lhs: Place, rhs: Place) -> Bool { (lhs.file, lhs.line, lhs.rule) < (rhs.file, rhs.line, rhs.rule) }
    var description: String { "\(file):\(line): \(rule)" }
  }

  static func findings(in root: URL) throws -> [Place] {
    try Workspace(roots: [root.path]).lint().findings.map { finding in
      Place(
        rule: finding.ruleID, file: String(finding.location.file.dropFirst(root.path.count + 1)),
        line: finding.location.line
      )
    }.sorted()
  }

  /// The position of `needle`'s first occurrence (after `after`, when given) in `path`, one character in.
  static func position(of needle: String, after: String? = nil, in text: String) throws -> Position {
    var searchStart = text.startIndex
    if let after { searchStart = try #require(text.range(of: after)).upperBound }
    let found = try #require(text.range(of: needle, range: searchStart..<text.endIndex))
    let before = text[..<found.lowerBound]
    let line = before.filter { $0 == "\n" }.count
    let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? text.startIndex
    return Position(line: line, character: text[lineStart..<found.lowerBound].utf16.count + 1)
  }

  struct Outcome {
    let placeholder: String
    let changed: [String: String]
    let notes: [String]
    let documentChanges: Bool
  }

  /// Opens `path`, asks to prepare a rename at `needle` and renames it to `newName`; the edit is written to disk.
  static func rename(
    _ client: TestClient, _ path: String, at needle: String, after: String? = nil, to newName: String
  ) throws -> Outcome {
    let text = try String(contentsOf: client.root.appendingPathComponent(path), encoding: .utf8)
    try client.openDocument(path, text)
    let position = try Self.position(of: needle, after: after, in: text)
    let document = TextDocumentIdentifier(uri: client.uri(path))
    let prepared = try #require(try client.send(PrepareRenameRequest(textDocument: document, position: position)))
    let edit = try #require(try client.send(RenameRequest(textDocument: document, position: position, newName: newName)))
    var perFile: [String: [TextEdit]] = [:]
    for change in edit.documentChanges ?? [] {
      perFile[change.textDocument.uri, default: []] += change.edits
      // An open document's edit names the version it was computed for.
      if change.textDocument.uri == client.uri(path) { #expect(change.textDocument.version == 1) }
    }
    for (uri, edits) in edit.changes ?? [:] { perFile[uri, default: []] += edits }
    var changed: [String: String] = [:]
    for (uri, edits) in perFile {
      let relative = String(try #require(URL(string: uri)).standardizedFileURL.path.dropFirst(client.root.path.count + 1))
      let url = client.root.appendingPathComponent(relative)
      let new = try apply(edits, to: try String(contentsOf: url, encoding: .utf8))
      try Data(new.utf8).write(to: url)
      changed[relative] = new
    }
    let notes = client.allNotifications(ShowMessageNotification.method).compactMap { $0?["message"]?.stringValue }
    return Outcome(placeholder: prepared.placeholder, changed: changed, notes: notes, documentChanges: edit.documentChanges != nil)
  }

  /// Applies LSP edits (UTF-16 positions) to a text.
  static func apply(_ edits: [TextEdit], to text: String) throws -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func offset(_ position: Position) -> Int {
      lines[..<position.line].reduce(0) { $0 + $1.utf16.count + 1 } + position.character
    }
    var utf16 = Array(text.utf16)
    for edit in edits.sorted(by: { offset($0.range.start) > offset($1.range.start) }) {
      utf16.replaceSubrange(offset(edit.range.start)..<offset(edit.range.end), with: Array(edit.newText.utf16))
    }
    lines = []
    return String(decoding: utf16, as: UTF16.self)
  }

  static func client(_ fixture: String, documentChanges: Bool = true, compilerSymbols: Bool? = nil) throws -> TestClient {
    let client = try TestClient(files: try Self.fixture(fixture))
    try client.initialize(documentChanges: documentChanges, initializationOptions: compilerSymbols.map {
      .object(["rename": .object(["compilerSymbols": .bool($0)])])
    })
    return client
  }

  // MARK: - Actions

  @Test func anActionFromSwiftRenamesTheStoryboardConnection() throws {
    let client = try Self.client("SelectorsAndOutlets")
    let before = try Self.findings(in: client.root)
    let storyboardBefore = try String(
      contentsOf: client.root.appendingPathComponent("App/Base.lproj/Settings.storyboard"), encoding: .utf8
    )
    let outcome = try Self.rename(
      client, "App/SettingsViewController.swift", at: "toggleSync", to: "toggleBackgroundSync"
    )
    // The storyboard is byte-identical but for the attribute's value.
    #expect(
      outcome.changed["App/Base.lproj/Settings.storyboard"]
        == storyboardBefore.replacingOccurrences(of: #"selector="toggleSync:""#, with: #"selector="toggleBackgroundSync:""#)
    )
    #expect(outcome.placeholder == "toggleSync")
    #expect(outcome.documentChanges)
    #expect(Set(outcome.changed.keys) == ["App/SettingsViewController.swift", "App/Base.lproj/Settings.storyboard"])
    #expect(outcome.changed["App/SettingsViewController.swift"]?.contains("private func toggleBackgroundSync(_ sender: UISwitch)") == true)
    #expect(outcome.changed["App/Base.lproj/Settings.storyboard"]?.contains(#"selector="toggleBackgroundSync:""#) == true)
    #expect(outcome.notes.contains { $0.contains("compiler's to rename") })
    #expect(try Self.findings(in: client.root) == before)
  }

  @Test func anActionFromTheStoryboardRenamesTheSwiftMethodKeepingItsLabels() throws {
    let client = try Self.client("SelectorsAndOutlets")
    let before = try Self.findings(in: client.root)
    let outcome = try Self.rename(
      client, "App/Base.lproj/Settings.storyboard", at: "toggleSync:", to: "flipSync:"
    )
    #expect(outcome.placeholder == "toggleSync:")
    #expect(outcome.changed["App/SettingsViewController.swift"]?.contains("private func flipSync(_ sender: UISwitch)") == true)
    #expect(try Self.findings(in: client.root) == before)
  }

  @Test func anObjectiveCActionFromItsDeclarationRenamesTheHeaderAndTheConnection() throws {
    let client = try Self.client("SelectorsAndOutlets")
    let before = try Self.findings(in: client.root)
    let outcome = try Self.rename(client, "App/LegacyBadgeCell.h", at: "badgeTapped", to: "badgePressed:")
    #expect(outcome.placeholder == "badgeTapped:")
    #expect(outcome.changed["App/LegacyBadgeCell.h"]?.contains("- (IBAction)badgePressed:(id)sender;") == true)
    #expect(outcome.changed["App/LegacyBadgeCell.m"]?.contains("- (IBAction)badgePressed:(id)sender") == true)
    #expect(outcome.changed["App/Base.lproj/Settings.storyboard"]?.contains(#"selector="badgePressed:""#) == true)
    #expect(try Self.findings(in: client.root) == before)
  }

  @Test func aSelectorExpressionRenamesTheMethodItNames() throws {
    let client = try Self.client("SelectorsAndOutlets")
    let before = try Self.findings(in: client.root)
    let outcome = try Self.rename(
      client, "App/SettingsViewController.swift", at: "reload(_:)", after: "#selector(", to: "reloadSettings"
    )
    let swift = try #require(outcome.changed["App/SettingsViewController.swift"])
    #expect(swift.contains("#selector(reloadSettings(_:))"))
    #expect(swift.contains("@objc private func reloadSettings(_ sender: UIRefreshControl)"))
    #expect(try Self.findings(in: client.root) == before)
  }

  @Test func anObjcNamedMethodKeepsItsSelectorAndRefusesFromTheSelectorSide() throws {
    let client = try Self.client("SelectorsAndOutlets")
    let outcome = try Self.rename(client, "App/SettingsViewController.swift", at: "clear(_", to: "wipe")
    #expect(outcome.changed["App/SettingsViewController.swift"]?.contains("@objc(clearHistory:) func wipe(_ sender: Any)") == true)
    #expect(outcome.changed.keys.count == 1)
    let storyboard = "App/Base.lproj/Settings.storyboard"
    let text = try String(contentsOf: client.root.appendingPathComponent(storyboard), encoding: .utf8)
    try client.openDocument(storyboard, text)
    let position = try Self.position(of: "clearHistory:", in: text)
    #expect(throws: ResponseError.self) {
      try client.send(PrepareRenameRequest(textDocument: TextDocumentIdentifier(uri: client.uri(storyboard)), position: position))
        .flatMap { _ in
          try client.send(
            RenameRequest(textDocument: TextDocumentIdentifier(uri: client.uri(storyboard)), position: position, newName: "wipeHistory:")
          )
        }
    }
  }

  @Test func anUnwindActionTakesItsSeguesWhenNoOtherClassDeclaresIt() throws {
    let client = try Self.client("SelectorsAndOutlets")
    let before = try Self.findings(in: client.root)
    let outcome = try Self.rename(client, "App/SettingsViewController.swift", at: "unwindToSettings", to: "unwindBackToSettings")
    #expect(outcome.changed["App/Base.lproj/Settings.storyboard"]?.contains(#"unwindAction="unwindBackToSettings:""#) == true)
    #expect(try Self.findings(in: client.root) == before)
  }

  // MARK: - Outlets

  @Test func anOutletCollectionFromSwiftRenamesEveryConnection() throws {
    let client = try Self.client("SelectorsAndOutlets", documentChanges: false)
    let before = try Self.findings(in: client.root)
    let outcome = try Self.rename(client, "App/SettingsViewController.swift", at: "sectionHeaders", to: "headerLabels")
    #expect(!outcome.documentChanges)
    let storyboard = try #require(outcome.changed["App/Base.lproj/Settings.storyboard"])
    #expect(storyboard.components(separatedBy: #"outletCollection property="headerLabels""#).count == 3)
    #expect(!storyboard.contains("sectionHeaders"))
    #expect(try Self.findings(in: client.root) == before)
  }

  @Test func anObjectiveCOutletFromTheXibOrStoryboardRenamesTheProperty() throws {
    let client = try Self.client("SelectorsAndOutlets")
    let before = try Self.findings(in: client.root)
    let storyboard = "App/Base.lproj/Settings.storyboard"
    let outcome = try Self.rename(client, storyboard, at: #"titleLabel""#, after: "LegacyBadgeCell", to: "headlineLabel")
    #expect(outcome.changed["App/LegacyBadgeCell.h"]?.contains("IBOutlet UILabel *headlineLabel;") == true)
    #expect(try Self.findings(in: client.root) == before)
  }

  // MARK: - Reuse identifiers

  @Test func aReuseIdentifierConstantFromADequeueRenamesTheConstantOnce() throws {
    let client = try Self.client("MixedObjC")
    let before = try Self.findings(in: client.root)
    let outcome = try Self.rename(
      client, "MixedObjC/ListViewController.m", at: "kPhotoCellID forIndexPath", to: "PhotoTile"
    )
    #expect(outcome.placeholder == "PhotoCell")
    let source = try #require(outcome.changed["MixedObjC/ListViewController.m"])
    #expect(source.contains(#"static NSString * const kPhotoCellID = @"PhotoTile";"#))
    #expect(source.components(separatedBy: "PhotoTile").count == 2)
    #expect(try Self.findings(in: client.root) == before)
  }

  @Test func aReuseIdentifierFromAPrototypeRenamesTheObjectiveCLiteral() throws {
    let client = try Self.client("MixedObjC")
    let before = try Self.findings(in: client.root)
    let outcome = try Self.rename(
      client, "MixedObjC/Base.lproj/Main.storyboard", at: "StoryboardCell", to: "ListCell"
    )
    #expect(outcome.changed["MixedObjC/Base.lproj/Main.storyboard"]?.contains(#"reuseIdentifier="ListCell""#) == true)
    #expect(outcome.changed["MixedObjC/StoryboardListViewController.m"]?.contains(#"dequeueReusableCellWithIdentifier:@"ListCell""#) == true)
    #expect(try Self.findings(in: client.root) == before)
  }

  @Test func aReuseIdentifierFromASwiftLiteralRenamesThePrototype() throws {
    let client = try TestClient(files: [
      "App/FeedViewController.swift": """
        import UIKit

        final class FeedViewController: UITableViewController {
          override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            tableView.dequeueReusableCell(withIdentifier: "FeedCell", for: indexPath)
          }
        }

        final class OtherViewController: UITableViewController {
          override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: "FeedCell")
          }
        }
        """,
      "App/Main.storyboard": Storyboard.document(
        Storyboard.tableScene(id: "feed", controllerClass: "FeedViewController", prototypes: [
          Storyboard.prototype(id: "feed-cell", reuseIdentifier: "FeedCell"),
          Storyboard.prototype(id: "story-cell", reuseIdentifier: "StoryCell"),
        ])
      ),
    ])
    try client.initialize()
    let before = try Self.findings(in: client.root)
    let outcome = try Self.rename(client, "App/FeedViewController.swift", at: "FeedCell", to: "Post")
    #expect(outcome.placeholder == "FeedCell")
    let swift = try #require(outcome.changed["App/FeedViewController.swift"])
    #expect(swift.contains(#"withIdentifier: "Post""#))
    // Another controller's table keeps its own "FeedCell".
    #expect(swift.contains(#"forCellReuseIdentifier: "FeedCell""#))
    #expect(outcome.changed["App/Main.storyboard"]?.contains(#"reuseIdentifier="Post""#) == true)
    #expect(try Self.findings(in: client.root) == before)

    // A name another prototype of the same table has is refused.
    let text = try #require(outcome.changed["App/FeedViewController.swift"])
    let position = try Self.position(of: "Post", in: text)
    let error = try #require(throws: ResponseError.self) {
      try client.send(
        RenameRequest(textDocument: TextDocumentIdentifier(uri: client.uri("App/FeedViewController.swift")), position: position, newName: "StoryCell")
      )
    }
    #expect(error.message.contains("already a reuse identifier"))
  }

  @Test func anIdentifierReadFromALocalIsRenamedWhereTheLocalIsAssigned() throws {
    let client = try TestClient(files: [
      "App/HistoryViewController.swift": """
        import UIKit

        final class HistoryViewController: UITableViewController {
          override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let identifier = "HistoryCell"
            return tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
          }
        }
        """,
      "App/Main.storyboard": Storyboard.document(
        Storyboard.tableScene(id: "history", controllerClass: "HistoryViewController", prototypes: [
          Storyboard.prototype(id: "history-cell", reuseIdentifier: "HistoryCell")
        ])
      ),
    ])
    try client.initialize()
    let before = try Self.findings(in: client.root)
    let outcome = try Self.rename(client, "App/Main.storyboard", at: "HistoryCell", to: "VisitCell")
    #expect(outcome.changed["App/HistoryViewController.swift"]?.contains(#"let identifier = "VisitCell""#) == true)
    #expect(outcome.changed["App/Main.storyboard"]?.contains(#"reuseIdentifier="VisitCell""#) == true)
    #expect(try Self.findings(in: client.root) == before)
  }

  @Test func aConstantThatIsAlsoANibNameIsRefused() throws {
    let client = try TestClient(files: [
      "App/NotesViewController.swift": """
        import UIKit

        final class NoteCell: UITableViewCell {
          static let identifier = "NoteCell"
        }

        final class NotesViewController: UITableViewController {
          override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(UINib(nibName: NoteCell.identifier, bundle: nil), forCellReuseIdentifier: NoteCell.identifier)
          }

          override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            tableView.dequeueReusableCell(withIdentifier: NoteCell.identifier, for: indexPath)
          }
        }
        """
    ])
    try client.initialize()
    let path = "App/NotesViewController.swift"
    let text = try String(contentsOf: client.root.appendingPathComponent(path), encoding: .utf8)
    try client.openDocument(path, text)
    let position = try Self.position(of: "identifier, for:", in: text)
    let error = try #require(throws: ResponseError.self) {
      try client.send(RenameRequest(textDocument: TextDocumentIdentifier(uri: client.uri(path)), position: position, newName: "Note"))
    }
    #expect(error.message.contains("also the name of the nib"))
  }

  @Test func aSelectorStringElsewhereFollowsWhenOnlyOneClassDeclaresTheSelector() throws {
    let client = try TestClient(files: [
      "App/Views.swift": """
        import UIKit

        final class PingViewController: UIViewController {
          @objc func ping(_ sender: Any) {}
        }

        final class PingButtonFactory {
          func make(target: PingViewController) -> UIButton {
            let button = UIButton()
            button.addTarget(target, action: Selector("ping:"), for: .touchUpInside)
            return button
          }
        }
        """
    ])
    try client.initialize()
    let before = try Self.findings(in: client.root)
    let outcome = try Self.rename(client, "App/Views.swift", at: "ping(_", to: "pong")
    let swift = try #require(outcome.changed["App/Views.swift"])
    #expect(swift.contains("@objc func pong(_ sender: Any)"))
    #expect(swift.contains(#"Selector("pong:")"#))
    #expect(try Self.findings(in: client.root) == before)
  }

  // MARK: - Custom classes

  @Test func aCustomClassFromSwiftRenamesStoryboardsAndSaysTheDeclarationIsTheCompilers() throws {
    let client = try Self.client("SelectorsAndOutlets")
    let before = try Self.findings(in: client.root)
    let outcome = try Self.rename(
      client, "App/SettingsViewController.swift", at: "SettingsViewController", to: "PreferencesViewController"
    )
    #expect(Set(outcome.changed.keys) == ["App/Base.lproj/Settings.storyboard"])
    #expect(outcome.changed["App/Base.lproj/Settings.storyboard"]?.contains(#"customClass="PreferencesViewController""#) == true)
    #expect(outcome.notes.contains { $0.contains("compiler's to rename") })
    // What sourcekit-lsp would do to the declaration; then tablelint reports what it did before.
    let swiftURL = client.root.appendingPathComponent("App/SettingsViewController.swift")
    let swift = try String(contentsOf: swiftURL, encoding: .utf8)
    try Data(swift.replacingOccurrences(of: "class SettingsViewController", with: "class PreferencesViewController").utf8)
      .write(to: swiftURL)
    let extensionURL = client.root.appendingPathComponent("App/SettingsViewController+Help.swift")
    let help = try String(contentsOf: extensionURL, encoding: .utf8)
    try Data(help.replacingOccurrences(of: "extension SettingsViewController", with: "extension PreferencesViewController").utf8)
      .write(to: extensionURL)
    #expect(try Self.findings(in: client.root) == before)
  }

  // MARK: - Refusals and the split with sourcekit-lsp

  @Test func refusesWhatWouldBreakAndWhatIsNotASymbol() throws {
    let client = try Self.client("SelectorsAndOutlets")
    let path = "App/SettingsViewController.swift"
    let text = try String(contentsOf: client.root.appendingPathComponent(path), encoding: .utf8)
    try client.openDocument(path, text)
    let document = TextDocumentIdentifier(uri: client.uri(path))
    func refusal(at needle: String, to newName: String) throws -> String {
      let position = try Self.position(of: needle, in: text)
      let error = try #require(throws: ResponseError.self) {
        try client.send(RenameRequest(textDocument: document, position: position, newName: newName))
      }
      return error.message
    }
    #expect(try refusal(at: "toggleSync", to: "export").contains("already answers 'export:'"))
    #expect(try refusal(at: "viewDidLoad", to: "setUp").contains("overrides"))
    #expect(try refusal(at: "versionLabel", to: "backgroundSyncSwitch").contains("already has"))
    #expect(try refusal(at: "refreshControl", to: "x").contains("there is none at this position"))
    #expect(try refusal(at: "toggleSync", to: "toggle(with:)").contains("not a Swift method name"))
  }

  @Test func besideSourceKitLSPOnlyWhatTheCompilerCannotSeeIsRenamed() throws {
    let client = try Self.client("SelectorsAndOutlets", compilerSymbols: false)
    let outcome = try Self.rename(client, "App/SettingsViewController.swift", at: "toggleSync", to: "flipSync")
    #expect(Set(outcome.changed.keys) == ["App/Base.lproj/Settings.storyboard"])
    #expect(outcome.changed["App/Base.lproj/Settings.storyboard"]?.contains(#"selector="flipSync:""#) == true)
  }

  @Test func besideSourceKitLSPARenameFromTheStoryboardStillRenamesTheDeclaration() throws {
    // sourcekit-lsp does not serve storyboards: tablelint is the only server asked there.
    let client = try Self.client("SelectorsAndOutlets", compilerSymbols: false)
    let before = try Self.findings(in: client.root)
    let outcome = try Self.rename(client, "App/Base.lproj/Settings.storyboard", at: "toggleSync:", to: "flipSync:")
    #expect(outcome.changed["App/SettingsViewController.swift"]?.contains("private func flipSync(_ sender: UISwitch)") == true)
    #expect(try Self.findings(in: client.root) == before)
  }
}
