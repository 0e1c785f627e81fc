import Foundation
import JSONRPC
import TablelintLanguageServer
import Testing

/// Completion contexts found on the syntax tree of incomplete code, and places that must not complete.
@Suite struct CompletionContextTests {
  static func labels(_ client: TestClient, _ path: String, _ marks: [String: Position], _ marker: String) throws -> [String] {
    let list = try client.send(CompletionRequest(textDocument: .init(uri: client.uri(path)), position: marks[marker]!))
    return list.items.map(\.label)
  }

  @Test func anUnterminatedIdentifierLiteral() throws {
    let client = try FeatureTests.client()
    let marks = try client.openDocument("FeedViewController.swift", """
      import UIKit

      final class FeedViewController: UITableViewController {
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
          let cell = tableView.dequeueReusableCell(withIdentifier: "Ph1️⃣
          return cell
        }
      }
      """)
    let list = try client.send(CompletionRequest(textDocument: .init(uri: client.uri("FeedViewController.swift")), position: marks["1️⃣"]!))
    #expect(list.items.map(\.label) == ["Photo"])
    let start = Position(line: marks["1️⃣"]!.line, character: marks["1️⃣"]!.character - 2)
    #expect(list.items.first?.textEdit?.range == LSPRange(start: start, end: marks["1️⃣"]!))
  }

  @Test func missingClosingParenthesesAndCallsOverSeveralLines() throws {
    let client = try FeatureTests.client()
    let marks = try client.openDocument("FeedViewController.swift", """
      import UIKit

      final class FeedViewController: UITableViewController {
        override func viewDidLoad() {
          tableView.register(2️⃣
        }

        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
          let cell = tableView.dequeueReusableCell(withIdentifier: "1️⃣"
          let other = tableView.dequeueReusableCell(
            withIdentifier: "Photo",
            for: indexPath
          ) as? 3️⃣
          let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "4️⃣")
          cell.accessoryType = .disc5️⃣
          return cell
        }
      }
      """)
    #expect(try Self.labels(client, "FeedViewController.swift", marks, "1️⃣") == ["Photo"])
    let register = try client.send(CompletionRequest(textDocument: .init(uri: client.uri("FeedViewController.swift")), position: marks["2️⃣"]!))
    #expect(register.items.contains { $0.label == "PhotoCell" && $0.textEdit?.newText == "PhotoCell.self" })
    #expect(try Self.labels(client, "FeedViewController.swift", marks, "3️⃣").first == "PhotoCell")
    #expect(try Self.labels(client, "FeedViewController.swift", marks, "4️⃣") == [])  // no header-footer view is registered
    let accessory = try client.send(CompletionRequest(textDocument: .init(uri: client.uri("FeedViewController.swift")), position: marks["5️⃣"]!))
    #expect(accessory.items.map(\.label).contains("disclosureIndicator"))
    let start = Position(line: marks["5️⃣"]!.line, character: marks["5️⃣"]!.character - 4)
    #expect(accessory.items.first?.textEdit?.range.start == start)
  }

  @Test func stringsCommentsAndCallsThatAreNotContexts() throws {
    let client = try FeatureTests.client()
    let marks = try client.openDocument("FeedViewController.swift", """
      import UIKit

      final class FeedViewController: UITableViewController {
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
          let title = "Ph1️⃣"
          // tableView.dequeueReusableCell(withIdentifier: "2️⃣
          /* tableView.dequeueReusableCell(withIdentifier: "3️⃣ */
          log(withIdentifier: "4️⃣")
          let cell = tableView.dequeueReusableCell(withIdentifier: "Photo"5️⃣, for: indexPath)
          let label = UILabel(style: .6️⃣)
          /// tableView.register(7️⃣
          let cast = title as! 8️⃣
          return cell
        }
      }
      """)
    for marker in ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣"] {
      #expect(try Self.labels(client, "FeedViewController.swift", marks, marker) == [], "\(marker)")
    }
  }

  @Test func rowGenericArgumentsAndStaticAccessories() throws {
    let client = try FeatureTests.client()
    let marks = try client.openDocument("Rows.swift", """
      import UIKit
      import Static

      final class RowsViewController: TableViewController {
        func rows() {
          let typed = Row<Ph1️⃣
          let row = Row(text: "A", cellClass: 2️⃣, accessory: .3️⃣)
        }
      }
      """)
    #expect(try Self.labels(client, "Rows.swift", marks, "1️⃣").contains("PhotoCell"))
    let cellClass = try Self.labels(client, "Rows.swift", marks, "2️⃣")
    #expect(cellClass.contains("Value1Cell") && cellClass.contains("BannerCell"))
    #expect(try Self.labels(client, "Rows.swift", marks, "3️⃣").contains("checkmarkPlaceholder"))
  }
}

/// Completion and hover parse the open document themselves; swift-syntax's lookahead is exponential in nested `[`
/// (found by `scripts/fuzz.sh swift`), so they do not parse what the frontend refuses.
@Suite struct NestingTooDeepForTheParserTests {
  @Test func completionAndHoverAnswerAtOnce() throws {
    let client = try FeatureTests.client()
    let marks = try client.openDocument("DeepViewController.swift", """
      import UIKit

      final class DeepViewController: UITableViewController {
        let rows = \(String(repeating: "[", count: 40))1\(String(repeating: "]", count: 40))
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
          tableView.dequeueReusableCell(withIdentifier: "1️⃣", for: indexPath)
        }
      }
      """)
    let uri = client.uri("DeepViewController.swift")
    #expect(try client.send(CompletionRequest(textDocument: .init(uri: uri), position: marks["1️⃣"]!)).items.isEmpty)
    _ = try client.send(HoverRequest(textDocument: .init(uri: uri), position: marks["1️⃣"]!))
  }
}
