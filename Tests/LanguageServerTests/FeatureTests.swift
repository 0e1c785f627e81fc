import Foundation
import JSONRPC
import TablelintLanguageServer
import Testing

@Suite struct FeatureTests {
  static let cells = """
    import UIKit

    final class PhotoCell: UITableViewCell {}
    final class BannerCell: UITableViewCell {}
    final class ProfileViewController: UIViewController {}
    """

  static let storyboard = Storyboard.document(
    Storyboard.tableScene(
      id: "feed", controllerClass: "FeedViewController",
      prototypes: [Storyboard.prototype(id: "p1", reuseIdentifier: "Photo", cellClass: "PhotoCell")]
    )
  )

  /// A workspace with a storyboard prototype "Photo" (PhotoCell) and a registration "Banner" (BannerCell) in the
  /// controller, and "Legacy" registered by an unrelated controller.
  static func client() throws -> TestClient {
    let client = try TestClient(files: [
      "Cells.swift": cells,
      "Main.storyboard": storyboard,
      "Other.swift": """
        import UIKit
        final class OtherViewController: UITableViewController {
          override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Legacy")
          }
        }
        """,
    ])
    try client.initialize()
    return client
  }

  static let controller = """
    import UIKit

    final class FeedViewController: UITableViewController {
      override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(BannerCell.self, forCellReuseIdentifier: 4️⃣"Banner")
      }

      override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Ph1️⃣oto", for: indexPath) as! 2️⃣
        return cell
      }
      func make() -> UITableViewCell { UITableViewCell(style: .3️⃣) }
    }
    """

  @Test func reuseIdentifiersOfTheClassPrototypesFirst() throws {
    let client = try Self.client()
    let marks = try client.openDocument("FeedViewController.swift", Self.controller)
    let list = try client.send(CompletionRequest(textDocument: .init(uri: client.uri("FeedViewController.swift")), position: marks["1️⃣"]!))
    #expect(list.items.map(\.label) == ["Photo", "Banner"])
    let photo = try #require(list.items.first)
    #expect(photo.detail == "prototype in Main.storyboard · PhotoCell")
    #expect(photo.textEdit?.newText == "Photo")
    // Replaces what is typed before the cursor: `Ph`.
    let start = Position(line: marks["1️⃣"]!.line, character: marks["1️⃣"]!.character - 2)
    #expect(photo.textEdit?.range == LSPRange(start: start, end: marks["1️⃣"]!))
    #expect(list.items[1].detail == "registered by FeedViewController · BannerCell")
  }

  @Test func cellClassesAfterACastOfADequeue() throws {
    let client = try Self.client()
    let marks = try client.openDocument("FeedViewController.swift", Self.controller)
    let list = try client.send(CompletionRequest(textDocument: .init(uri: client.uri("FeedViewController.swift")), position: marks["2️⃣"]!))
    let labels = list.items.map(\.label)
    #expect(labels.first == "PhotoCell")
    #expect(labels.contains("BannerCell"))
    #expect(!labels.contains("ProfileViewController"))
  }

  @Test func cellClassesInRegisterAndStyles() throws {
    let client = try Self.client()
    let marked = """
      import UIKit
      final class A: UITableViewController {
        override func viewDidLoad() {
          tableView.register(Ba1️⃣
          let cell = UITableViewCell(style: .2️⃣)
          cell.accessoryType = .3️⃣
        }
      }
      """
    let marks = try client.openDocument("A.swift", marked)
    let uri = TextDocumentIdentifier(uri: client.uri("A.swift"))
    let register = try client.send(CompletionRequest(textDocument: uri, position: marks["1️⃣"]!))
    #expect(register.items.contains { $0.label == "BannerCell" && $0.textEdit?.newText == "BannerCell.self" })
    let styles = try client.send(CompletionRequest(textDocument: uri, position: marks["2️⃣"]!))
    #expect(styles.items.map(\.label) == ["default", "value1", "value2", "subtitle"])
    let accessories = try client.send(CompletionRequest(textDocument: uri, position: marks["3️⃣"]!))
    #expect(accessories.items.map(\.label).contains("disclosureIndicator"))
  }

  @Test func storyboardValues() throws {
    let client = try Self.client()
    try client.openDocument("FeedViewController.swift", Self.controller.replacingOccurrences(of: "Ph1️⃣oto", with: "Comment"))
    let marked = Storyboard.document(
      Storyboard.tableScene(
        id: "feed", controllerClass: "FeedViewController",
        prototypes: [
          Storyboard.prototype(id: "p1", reuseIdentifier: "Photo", cellClass: "Ph2️⃣"),
          Storyboard.prototype(id: "p2", reuseIdentifier: "1️⃣"),
        ]
      )
    )
    let marks = try client.openDocument("Main.storyboard", marked)
    let uri = TextDocumentIdentifier(uri: client.uri("Main.storyboard"))
    let identifiers = try client.send(CompletionRequest(textDocument: uri, position: marks["1️⃣"]!))
    #expect(identifiers.items.map(\.label) == ["Comment"])
    #expect(identifiers.items.first?.detail == "dequeued by FeedViewController")
    let classes = try client.send(CompletionRequest(textDocument: uri, position: marks["2️⃣"]!))
    #expect(classes.items.map(\.label) == ["BannerCell", "PhotoCell"])
    #expect(classes.items.last?.textEdit?.range.start == Position(line: marks["2️⃣"]!.line, character: marks["2️⃣"]!.character - 2))
  }

  @Test func hoverOnADequeuedIdentifier() throws {
    let client = try Self.client()
    let marks = try client.openDocument("FeedViewController.swift", Self.controller)
    let uri = TextDocumentIdentifier(uri: client.uri("FeedViewController.swift"))
    let hover = try #require(try client.send(HoverRequest(textDocument: uri, position: marks["1️⃣"]!)))
    #expect(hover.contents.kind == "markdown")
    #expect(hover.contents.value.contains("**'Photo'** — dequeued by `FeedViewController`"))
    #expect(hover.contents.value.contains("prototype in Main.storyboard · PhotoCell — Main.storyboard:"))
    #expect(hover.range?.start.line == marks["1️⃣"]!.line)
    let registration = try #require(try client.send(HoverRequest(textDocument: uri, position: marks["4️⃣"]!)))
    #expect(registration.contents.value.contains("registered by `FeedViewController` with class `BannerCell`"))
    #expect(try client.send(HoverRequest(textDocument: uri, position: Position(line: 0, character: 0))) == nil)
  }

  @Test func definitionFromAnIdentifierToItsPrototypeAndFromCustomClassToTheClass() throws {
    let client = try Self.client()
    let marks = try client.openDocument("FeedViewController.swift", Self.controller)
    let locations = try #require(try client.send(DefinitionRequest(
      textDocument: .init(uri: client.uri("FeedViewController.swift")), position: marks["1️⃣"]!
    )))
    #expect(locations.map(\.uri) == [client.uri("Main.storyboard")])
    let expected = client.positions(Self.storyboard.replacingOccurrences(of: "reuseIdentifier=\"Photo", with: "reuseIdentifier=\"1️⃣Photo"))
    #expect(locations.first?.range.start == expected["1️⃣"])

    let marked = Self.storyboard.replacingOccurrences(of: "customClass=\"PhotoCell", with: "customClass=\"Photo1️⃣Cell")
    let storyboardMarks = try client.openDocument("Main.storyboard", marked)
    let classes = try #require(try client.send(DefinitionRequest(
      textDocument: .init(uri: client.uri("Main.storyboard")), position: storyboardMarks["1️⃣"]!
    )))
    #expect(classes == [Location(uri: client.uri("Cells.swift"), range: LSPRange(start: Position(line: 2, character: 12), end: Position(line: 2, character: 21)))])
  }

  @Test func documentSymbolsOfAStoryboard() throws {
    let client = try Self.client()
    try client.openDocument("Main.storyboard", Self.storyboard)
    let symbols = try client.send(DocumentSymbolRequest(textDocument: .init(uri: client.uri("Main.storyboard"))))
    #expect(symbols.map(\.name) == ["Table View"])
    #expect(symbols.first?.detail == "prototypes · plain · owned by FeedViewController")
    let cell = try #require(symbols.first?.children?.first)
    #expect(cell.name == "Photo")
    #expect(cell.detail == "PhotoCell")
    #expect(cell.kind == .object)
    let table = symbols[0]
    #expect(table.range.start <= cell.range.start && cell.range.end <= table.range.end)
  }
}
