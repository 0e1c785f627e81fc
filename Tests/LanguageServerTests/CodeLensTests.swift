import Foundation
import JSONRPC
import TablelintLanguageServer
import Testing

/// "Preview table" above a table declared in code, and the command it runs.
@Suite struct CodeLensTests {
  static let about = """
    import UIKit

    final class AboutViewController: UITableViewController {
      override func numberOfSections(in tableView: UITableView) -> Int { 2 }

      override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        section == 0 ? 1 : 3
      }

      override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        section == 0 ? "App" : "Links & more"
      }
    }
    """

  @Test func previewTableLensWritesThePageAndAsksTheClientToShowIt() throws {
    let client = try TestClient(files: ["About.swift": Self.about])
    try client.initialize()
    _ = try client.send(DocumentDiagnosticRequest(textDocument: .init(uri: client.uri("About.swift"))))
    let lenses = try #require(try client.send(CodeLensRequest(textDocument: .init(uri: client.uri("About.swift")))))
    #expect(lenses.map(\.command?.title) == ["Preview table"])
    #expect(lenses.first?.range.start.line == 5)
    let command = try #require(lenses.first?.command)
    #expect(command.command == "tablelint.previewTable")

    let before = client.requestsFromServer.count
    let answer = try client.send(ExecuteCommandRequest(command: command.command, arguments: command.arguments))
    guard case .string(let page)? = answer, let url = URL(string: page) else {
      Issue.record("the command answers the page's URL: \(String(describing: answer))")
      return
    }
    let html = try String(contentsOf: url, encoding: .utf8)
    #expect(html.contains("<h1>AboutViewController</h1>") && html.contains("Links &amp; more"))
    let deadline = Date().addingTimeInterval(10)
    while client.requestsFromServer.count == before, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    #expect(client.requestsFromServer.dropFirst(before).contains("window/showDocument"))

    // A line without a table is refused with a clear error.
    let wrong = try client.sendRaw(
      ExecuteCommandRequest.method,
      params: .object(["command": .string(command.command), "arguments": .array([.string(client.uri("About.swift")), .int(1)])])
    )
    guard case .failure(let error) = wrong else {
      Issue.record("expected an error for a line without a table")
      return
    }
    #expect(error.message.contains("no table is declared on line 1"))
  }
}
