import Foundation
import JSONRPC
import TablelintLanguageServer
import Testing
import _TablelintTestSupport

@Suite struct DiagnosticsTests {
  static let feed = """
    import UIKit

    final class PhotoCell: UITableViewCell {}

    final class FeedViewController: UITableViewController {
      override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: 1️⃣"Photo", for: indexPath) as! PhotoCell
        return cell
      }
    }
    """

  static func storyboard(identifier: String) -> String {
    Storyboard.document(
      Storyboard.tableScene(
        id: "feed", controllerClass: "FeedViewController",
        prototypes: [Storyboard.prototype(id: "p1", reuseIdentifier: identifier, cellClass: "PhotoCell")]
      )
    )
  }

  /// The text of a line before `needle`, markers removed.
  static func prefix(of marked: String, line: Int, before needle: String) -> Substring {
    let text = MarkedSourceText.strip(marked).split(separator: "\n", omittingEmptySubsequences: false)[line]
    return text[..<text.range(of: needle)!.lowerBound]
  }

  @Test func editingAStoryboardRepublishesTheSwiftFile() throws {
    let client = try TestClient(files: ["App/Main.storyboard": Self.storyboard(identifier: "Photo")])
    try client.initialize()
    let marks = try client.openDocument("App/FeedViewController.swift", Self.feed)
    try client.openDocument("App/Main.storyboard", Self.storyboard(identifier: "Photo"))
    // Rename the prototype in the editor only: the Swift file now dequeues an unregistered identifier.
    let storyboardText = TextSnapshot(Self.storyboard(identifier: "Photo"))
    let offset = storyboardText.bytes.indices.first { index in
      storyboardText.bytes[index...].starts(with: Array("reuseIdentifier=\"Photo".utf8))
    }! + "reuseIdentifier=\"Photo".utf8.count
    let position = storyboardText.position(ofOffset: offset, encoding: .utf16)
    let before = client.notificationCount
    client.change("App/Main.storyboard", version: 2, [
      TextDocumentContentChangeEvent(range: LSPRange(start: position, end: position), text: "s")
    ])
    let diagnostics = try client.waitForDiagnostics("App/FeedViewController.swift", after: before) { !$0.isEmpty }
    let diagnostic = try #require(diagnostics.first)
    #expect(diagnostic.code == "unregistered_reuse_identifier")
    #expect(diagnostic.source == "tablelint")
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.range.start == marks["1️⃣"])
    #expect(diagnostic.codeDescription?.href.hasSuffix("Documentation/Rules/unregistered_reuse_identifier.md") == true)
    #expect(diagnostic.codeDescription?.href.hasPrefix("file:///") == true)
    // Undo: the Swift file's diagnostics are cleared.
    let undo = client.notificationCount
    let end = Position(line: position.line, character: position.character + 1)
    client.change("App/Main.storyboard", version: 3, [TextDocumentContentChangeEvent(range: LSPRange(start: position, end: end), text: "")])
    try client.waitForDiagnostics("App/FeedViewController.swift", after: undo) { $0.isEmpty }
  }

  @Test func editingSwiftRepublishesAnotherSwiftFileWithRelatedInformation() throws {
    let cell = """
      import UIKit
      final class PhotoCell: UITableViewCell {
        static let reuseIdentifier = "Photo"
      }
      """
    let controller = """
      import UIKit
      final class FeedViewController: UITableViewController {
        override func viewDidLoad() {
          super.viewDidLoad()
          tableView.register(PhotoCell.self, forCellReuseIdentifier: PhotoCell.reuseIdentifier)
        }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
          tableView.dequeueReusableCell(withIdentifier: "Photo", for: indexPath)
        }
      }
      """
    let other = """
      import UIKit
      final class OtherViewController: UITableViewController {
        override func viewDidLoad() {
          super.viewDidLoad()
          tableView.register(PhotoCell.self, forCellReuseIdentifier: "Photo")
        }
      }
      """
    let client = try TestClient(files: ["PhotoCell.swift": cell, "FeedViewController.swift": controller, "Other.swift": other])
    try client.initialize()
    try client.openDocument("PhotoCell.swift", cell)
    let before = client.notificationCount
    let quote = client.positions(cell.replacingOccurrences(of: "\"Photo\"", with: "\"1️⃣Photo\""))["1️⃣"]!
    client.change("PhotoCell.swift", version: 2, [
      TextDocumentContentChangeEvent(range: LSPRange(start: quote, end: Position(line: quote.line, character: quote.character + 5)), text: "Banner")
    ])
    let diagnostics = try client.waitForDiagnostics("FeedViewController.swift", after: before) { !$0.isEmpty }
    #expect(diagnostics.map(\.code) == ["unregistered_reuse_identifier"])
    let related = try #require(diagnostics.first?.relatedInformation)
    #expect(related.map(\.location.uri) == [client.uri("Other.swift")])
    #expect(related.first?.location.range.start == Position(line: 4, character: 63))
  }

  @Test func incrementalEditsWithMultiByteTextUseUTF16Positions() throws {
    let marked = """
      import UIKit
      final class ListViewController: UITableViewController {
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
          let title = "Caf\u{e9} 🙂"; 2️⃣let cell = tableView.dequeueReusableCell(withIdentifier: 1️⃣"Missing", for: indexPath)
          return cell
        }
      }
      """
    let client = try TestClient()
    try client.initialize()
    let marks = try client.openDocument("List.swift", marked, onDisk: false)
    let first = try client.waitForDiagnostics("List.swift") { !$0.isEmpty }
    #expect(first.first?.range.start == marks["1️⃣"])
    // The emoji is two UTF-16 units: the marker sits after them, which the server must count the same way.
    let prefix = Self.prefix(of: marked, line: 3, before: "\"Missing\"")
    #expect(marks["1️⃣"]!.character == prefix.utf16.count)
    #expect(prefix.utf16.count != prefix.utf8.count)
    // Insert "/*🎉*/ " before `let cell` (a comment keeps the Swift valid; syntax errors silence the rule): the
    // diagnostic moves by seven UTF-16 units, the emoji counting two.
    let before = client.notificationCount
    client.change("List.swift", version: 2, [
      TextDocumentContentChangeEvent(range: LSPRange(start: marks["2️⃣"]!, end: marks["2️⃣"]!), text: "/*🎉*/ ")
    ])
    let moved = try client.waitForDiagnostics("List.swift", after: before) { !$0.isEmpty }
    #expect(moved.first?.range.start == Position(line: marks["1️⃣"]!.line, character: marks["1️⃣"]!.character + 7))
    // Two edits in one notification, the second relative to the first.
    let again = client.notificationCount
    client.change("List.swift", version: 3, [
      TextDocumentContentChangeEvent(range: LSPRange(start: marks["2️⃣"]!, end: Position(line: marks["2️⃣"]!.line, character: marks["2️⃣"]!.character + 7)), text: ""),
      TextDocumentContentChangeEvent(range: LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)), text: "// é\n"),
    ])
    let shifted = try client.waitForDiagnostics("List.swift", after: again) { !$0.isEmpty }
    #expect(shifted.first?.range.start == Position(line: marks["1️⃣"]!.line + 1, character: marks["1️⃣"]!.character))
  }

  /// Text with syntax errors is answered from swift-syntax's incremental parse, which may recover from them
  /// differently from `tablelint lint`'s whole parse (`FuzzFound.incrementalRecovery`): once typing pauses, the
  /// server parses it whole and analyses the facts that changed again.
  @Test func textWithSyntaxErrorsIsParsedWholeOnceTypingPauses() throws {
    let (before, text) = FuzzFound.incrementalRecovery
    let client = try TestClient()
    try client.initialize()
    _ = try client.openDocument("Fuzz.swift", String(decoding: before, as: UTF8.self), onDisk: false)
    // Analysed before the edit, so that the edit is parsed incrementally.
    _ = try client.send(DocumentDiagnosticRequest(textDocument: .init(uri: client.uri("Fuzz.swift"))))
    let edited = client.notificationCount
    client.change("Fuzz.swift", version: 2, [TextDocumentContentChangeEvent(range: nil, text: String(decoding: text, as: UTF8.self))])
    let (params, _) = try client.waitForNotification(LogMessageNotification.method, after: edited) { params in
      guard case .string(let message)? = params?["message"] else { return false }
      return message.hasPrefix("parsed whole Fuzz.swift")
    }
    #expect(params != nil)
  }

  @Test func utf8PositionsWhenNegotiated() throws {
    let marked = """
      import UIKit
      final class ListViewController: UITableViewController {
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
          let t = "🙂"; return tableView.dequeueReusableCell(withIdentifier: 1️⃣"Missing", for: indexPath)
        }
      }
      """
    let client = try TestClient()
    #expect(try client.initialize(positionEncodings: ["utf-8"]).capabilities.positionEncoding == .utf8)
    let marks = try client.openDocument("List.swift", marked, onDisk: false)
    let diagnostics = try client.waitForDiagnostics("List.swift") { !$0.isEmpty }
    #expect(diagnostics.first?.range.start == marks["1️⃣"])
    #expect(marks["1️⃣"]!.character == Self.prefix(of: marked, line: 3, before: "\"Missing\"").utf8.count)
  }

  @Test func closingADocumentThatIsNotOnDiskClearsItsDiagnostics() throws {
    let client = try TestClient()
    try client.initialize()
    try client.openDocument("Scratch.swift", Self.feed, onDisk: false)
    try client.waitForDiagnostics("Scratch.swift") { !$0.isEmpty }
    let before = client.notificationCount
    client.notify(DidCloseTextDocumentNotification(textDocument: .init(uri: client.uri("Scratch.swift"))))
    try client.waitForDiagnostics("Scratch.swift", after: before) { $0.isEmpty }
  }

  @Test func pullDiagnosticsAnswerTheCurrentText() throws {
    let client = try TestClient()
    try client.initialize()
    let marks = try client.openDocument("Scratch.swift", Self.feed, onDisk: false)
    let report = try client.send(DocumentDiagnosticRequest(textDocument: .init(uri: client.uri("Scratch.swift"))))
    #expect(report.kind == "full")
    // Once answered empty in a CI run of the whole suite (not reproduced since): the server's log says what it had
    // analysed when it answered.
    #expect(report.items.map(\.code) == ["unregistered_reuse_identifier"], "\(client.serverLog)")
    #expect(report.items.first?.range.start == marks["1️⃣"])
  }

  @Test func theProjectConfigurationFileDecidesTheRules() throws {
    let client = try TestClient(files: [
      ".tablelint.yml": "disabled_rules:\n  - unregistered_reuse_identifier\n",
      "Feed.swift": MarkedSourceText.strip(Self.feed),
    ])
    try client.initialize()
    try client.openDocument("Feed.swift", Self.feed)
    let report = try client.send(DocumentDiagnosticRequest(textDocument: .init(uri: client.uri("Feed.swift"))))
    #expect(report.items.isEmpty, "\(report.items.map(\.code))")
  }

  @Test func changesOnDiskArePickedUpFromWatchedFiles() throws {
    let client = try TestClient(files: [
      "Feed.swift": MarkedSourceText.strip(Self.feed), "Main.storyboard": Self.storyboard(identifier: "Photo"),
    ])
    try client.initialize()
    let count = client.notificationCount
    try client.write("Main.storyboard", Self.storyboard(identifier: "Picture"))
    client.notify(DidChangeWatchedFilesNotification(changes: [.init(uri: client.uri("Main.storyboard"), type: 2)]))
    let diagnostics = try client.waitForDiagnostics("Feed.swift", after: count) { !$0.isEmpty }
    #expect(diagnostics.first?.message.contains("'Photo'") == true)
  }

  /// A project file that lists `Feed.swift` (and `Other.swift`, so that their folder is the project's) but not
  /// `Stale.swift`: findings in `Stale.swift` are not reported until the project lists it too.
  static func project(listing files: [String]) -> String {
    let references = files.enumerated().map { index, name in
      "F\(index) = {isa = PBXFileReference; path = \(name); sourceTree = \"<group>\"; };"
    }.joined(separator: "\n")
    let children = files.indices.map { "F\($0)," }.joined(separator: " ")
    return """
      // !$*UTF8*$!
      { archiveVersion = 1; objectVersion = 56; objects = {
      \(references)
      G0 = {isa = PBXGroup; children = (\(children)); sourceTree = "<group>"; };
      P0 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; };
      }; rootObject = P0; }
      """
  }

  @Test func aFileAddedToTheXcodeProjectIsReportedOnceTheProjectChanges() throws {
    let stale = MarkedSourceText.strip(Self.feed).replacingOccurrences(of: "FeedViewController", with: "StaleViewController")
    let client = try TestClient(files: [
      "App.xcodeproj/project.pbxproj": Self.project(listing: ["Feed.swift", "Other.swift"]),
      "Feed.swift": "struct Feed {}", "Other.swift": "struct Other {}", "Stale.swift": stale,
    ])
    try client.initialize()
    let before = try client.send(DocumentDiagnosticRequest(textDocument: .init(uri: client.uri("Stale.swift"))))
    #expect(before.items.isEmpty, "\(before.items.map(\.code))")
    let count = client.notificationCount
    try client.write("App.xcodeproj/project.pbxproj", Self.project(listing: ["Feed.swift", "Other.swift", "Stale.swift"]))
    client.notify(DidChangeWatchedFilesNotification(changes: [.init(uri: client.uri("App.xcodeproj/project.pbxproj"), type: 2)]))
    let diagnostics = try client.waitForDiagnostics("Stale.swift", after: count) { !$0.isEmpty }
    #expect(diagnostics.map(\.code) == ["unregistered_reuse_identifier"])
  }

  @Test func unreadableBinaryAndMalformedFilesGiveDiagnostics() throws {
    let client = try TestClient()
    try client.write("Broken.storyboard", "<document><scenes>")
    let binary = Data([0xFF, 0xFE, 0x00, 0x01, 0x80, 0x81]) + Data(repeating: 0, count: 1000)
    try binary.write(to: client.root.appendingPathComponent("Binary.swift"))
    try client.initialize()
    let broken = try client.waitForDiagnostics("Broken.storyboard") { !$0.isEmpty }
    #expect(broken.first?.code == "parse_error")
    let binaryDiagnostics = try client.waitForDiagnostics("Binary.swift") { !$0.isEmpty }
    #expect(binaryDiagnostics.first?.code == "parse_error")
  }
}

enum MarkedSourceText {
  static func strip(_ marked: String) -> String {
    var text = marked
    for marker in ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣"] { text = text.replacingOccurrences(of: marker, with: "") }
    return text
  }
}
