import Foundation
import JSONRPC
import TablelintCore
import TablelintLanguageServer
import Testing

@Suite struct LifecycleTests {
  @Test func initializeAnswersCapabilitiesAndVersionInUTF16ByDefault() throws {
    let client = try TestClient()
    let result = try client.initialize()
    #expect(result.serverInfo.name == "tablelint")
    #expect(result.serverInfo.version == TablelintVersion.current)
    #expect(result.capabilities.positionEncoding == .utf16)
    #expect(result.capabilities.textDocumentSync.change == 2)
    #expect(result.capabilities.hoverProvider && result.capabilities.definitionProvider)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test func utf8IsChosenWhenOffered() throws {
    let client = try TestClient()
    #expect(try client.initialize(positionEncodings: ["utf-16", "utf-8"]).capabilities.positionEncoding == .utf8)
    let other = try TestClient()
    #expect(try other.initialize(positionEncodings: ["utf-16"]).capabilities.positionEncoding == .utf16)
  }

  @Test func requestsBeforeInitializeAreRefused() throws {
    let client = try TestClient()
    let result = try client.sendRaw(HoverRequest.method, params: .object([:]))
    #expect(result.failureCode == ResponseError.serverNotInitializedCode)
    try client.initialize()
    #expect(try client.sendRaw(ShutdownRequest.method, params: nil).failureCode == nil)
  }

  @Test func unknownMethodsAndInvalidParams() throws {
    let client = try TestClient()
    try client.initialize()
    #expect(try client.sendRaw("textDocument/noSuchThing", params: nil).failureCode == ResponseError.methodNotFoundCode)
    let invalid = try client.sendRaw(
      HoverRequest.method,
      params: .object(["textDocument": .object(["uri": .int(3)]), "position": .string("here")])
    )
    #expect(invalid.failureCode == ResponseError.invalidParamsCode)
    #expect(try client.sendRaw(ShutdownRequest.method, params: nil).failureCode == nil)
  }

  @Test func malformedJSONIsAnsweredAndTheServerCarriesOn() throws {
    let client = try TestClient()
    try client.initialize()
    client.sendBytes(Data("Content-Length: 9\r\n\r\n{not json".utf8))
    #expect(client.clientLog.wait(for: "\(ResponseError.parseErrorCode)"))
    client.sendBytes(Data("Content-Length: 3\r\nbroken header\r\n\r\n".utf8))
    #expect(try client.sendRaw(ShutdownRequest.method, params: nil).failureCode == nil)
  }

  @Test func aFailingHandlerAnswersWithAnErrorAndTheServerLives() throws {
    let client = try TestClient()
    try client.initialize()
    let result = try client.sendRaw(
      HoverRequest.method,
      params: try JSONValue(encoding: HoverRequest(
        textDocument: TextDocumentIdentifier(uri: client.uri("Missing.swift")), position: Position(line: 0, character: 0)
      ))
    )
    #expect(result.failureCode == ResponseError.requestFailedCode)
    #expect(try client.sendRaw(ShutdownRequest.method, params: nil).failureCode == nil)
  }

  @Test func cancelledRequestsAreAnsweredWithRequestCancelled() throws {
    let client = try TestClient(files: ["A.swift": "import UIKit\n"])
    try client.initialize()
    let resume = client.server.suspendForTesting()
    let params = try JSONValue(encoding: HoverRequest(
      textDocument: TextDocumentIdentifier(uri: client.uri("A.swift")), position: Position(line: 0, character: 0)
    ))
    let pending = client.sendRawAsync(HoverRequest.method, params: params)
    client.notify(CancelRequestNotification(id: pending.id))
    let deadline = Date().addingTimeInterval(TestClient.timeout)
    while !client.server.isCancellationPending(pending.id), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    resume()
    #expect(try pending.wait().failureCode == ResponseError.requestCancelledCode)
    // The next request is answered normally.
    #expect(try client.sendRaw(HoverRequest.method, params: params).failureCode == nil)
  }

  @Test func exitWithoutShutdownIsStatusOneAndRequestsAfterShutdownAreInvalid() throws {
    let client = try TestClient()
    try client.initialize()
    _ = try client.send(ShutdownRequest())
    #expect(try client.sendRaw(HoverRequest.method, params: .object([:])).failureCode == ResponseError.invalidRequestCode)
    client.notify(ExitNotification())
    #expect(client.waitForExit() == 0)

    let other = try TestClient()
    try other.initialize()
    other.notify(ExitNotification())
    #expect(other.waitForExit() == 1)
  }

  @Test func aVanishedClientEndsTheServer() throws {
    let client = try TestClient()
    try client.initialize()
    client.closeInput()
    #expect(client.waitForExit() == 1)
  }

  @Test func indexingReportsWorkDoneProgress() throws {
    let client = try TestClient(files: ["A.swift": "import UIKit\nfinal class A: UITableViewController {}\n"])
    try client.initialize(workDoneProgress: true)
    let (end, _) = try client.waitForNotification(ProgressNotification.method) { $0?["value"]?["kind"] == .string("end") }
    #expect(end?["value"]?["message"]?.stringValue?.contains("1 files") == true)
    let kinds = client.allNotifications(ProgressNotification.method).compactMap { $0?["value"]?["kind"]?.stringValue }
    #expect(kinds.first == "begin")
    #expect(kinds.last == "end")
    #expect(client.requestsFromServer.contains(WorkDoneProgressCreateRequest.method))
  }
}

extension Result where Failure == ResponseError {
  var failureCode: Int? {
    if case .failure(let error) = self { return error.code }
    return nil
  }
}
