import Foundation
import JSONRPC
import Testing

/// The real `tablelint lsp` over pipes, as an editor starts it.
final class ServerProcess: MessageHandler, @unchecked Sendable {
  static var executable: URL {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("tablelint").path), directory.path != "/" {
      directory = directory.deletingLastPathComponent()
    }
    return directory.appendingPathComponent("tablelint")
  }

  let process = Process()
  let stdin = Pipe()
  let stdout = Pipe()
  let stderr = Pipe()
  let connection: Connection
  /// What the client's connection logged: any framing problem in the server's stdout lands here.
  let clientLog = LogBox()
  private let lock = NSLock()
  private var notifications: [(String, JSONValue?)] = []
  private let closed = DispatchSemaphore(value: 0)

  init() throws {
    process.executableURL = Self.executable
    process.arguments = ["lsp"]
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    let clientLog = self.clientLog
    connection = Connection(
      input: stdout.fileHandleForReading, output: stdin.fileHandleForWriting, log: { clientLog.append($0) }
    )
    try process.run()
    connection.start(handler: self)
  }

  func request(_ method: String, _ params: JSONValue?) throws -> Result<JSONValue, ResponseError> {
    let box = ResultBox()
    connection.sendRequest(method, params: params) { box.set($0) }
    guard let result = box.wait(timeout: TestClient.timeout) else { throw TestClient.Timeout(what: method) }
    return result
  }

  func waitForNotification(_ method: String, where predicate: (JSONValue?) -> Bool) -> JSONValue?? {
    let deadline = Date().addingTimeInterval(TestClient.timeout)
    while Date() < deadline {
      if let found = lock.withLock({ notifications.first { $0.0 == method && predicate($0.1) } }) { return .some(found.1) }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return nil
  }

  func waitForExit() -> Int32? {
    let deadline = Date().addingTimeInterval(TestClient.timeout)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    return process.isRunning ? nil : process.terminationStatus
  }

  func handle(_ message: Message, from connection: Connection) {
    switch message {
    case .request(let id, _, _): connection.sendResponse(to: id, .success(.null))
    case .notification(let method, let params): lock.withLock { notifications.append((method, params)) }
    case .response: break
    }
  }

  func connectionDidClose(_ connection: Connection) { closed.signal() }

  deinit {
    if process.isRunning { process.terminate() }
  }
}

@Suite struct ServerProcessTests {
  static func initializeParams(root: URL) -> JSONValue {
    .object([
      "processId": .null, "rootUri": .string(root.absoluteString), "capabilities": .object([:]),
      "workspaceFolders": .array([.object(["uri": .string(root.absoluteString), "name": .string("e2e")])]),
    ])
  }

  @Test func lifecycleAndDiagnosticsThroughTheBinary() throws {
    let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tablelint-lsp-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("List.swift")
    try Data("""
      import UIKit
      final class ListViewController: UITableViewController {
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
          tableView.dequeueReusableCell(withIdentifier: "Missing", for: indexPath)
        }
      }
      """.utf8).write(to: file)

    let server = try ServerProcess()
    let initialized = try server.request("initialize", Self.initializeParams(root: root))
    guard case .success(let result) = initialized else {
      Issue.record("initialize failed: \(initialized)")
      return
    }
    #expect(result["serverInfo"]?["name"] == .string("tablelint"))
    server.connection.sendNotification("initialized", params: .object([:]))
    let published = server.waitForNotification("textDocument/publishDiagnostics") { params in
      params?["uri"] == .string(file.absoluteString)
    }
    let diagnostics = published??["diagnostics"]
    #expect(diagnostics.flatMap { if case .array(let items) = $0 { items.first?["code"] } else { nil } } == .string("unregistered_reuse_identifier"))
    // Garbage on the wire is survived.
    server.stdin.fileHandleForWriting.write(Data("Content-Length: 4\r\n\r\nnope".utf8))
    #expect(try server.request("unknown/method", nil).isFailure(code: -32601))
    #expect(try server.request("shutdown", nil) == .success(.null))
    server.connection.sendNotification("exit", params: nil)
    #expect(server.waitForExit() == 0)
    // Nothing but protocol on stdout: the client's connection read frames only (else it would have logged).
    let framingProblems = server.clientLog.all.filter { $0.contains("dropped input") || $0.contains("invalid message") }
    #expect(framingProblems.isEmpty, "\(framingProblems)")
    #expect(server.clientLog.all.contains { $0.contains("-32700") })
    let errors = String(decoding: server.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(errors.contains("not valid JSON"))
  }

  @Test func aClientThatVanishesEndsTheServer() throws {
    let server = try ServerProcess()
    let root = URL(fileURLWithPath: NSTemporaryDirectory())
    _ = try server.request("initialize", Self.initializeParams(root: root.appendingPathComponent("tablelint-lsp-no-such-folder")))
    try server.stdin.fileHandleForWriting.close()
    #expect(server.waitForExit() == 1)
  }

  @Test func exitBeforeShutdownIsStatusOne() throws {
    let server = try ServerProcess()
    server.connection.sendNotification("exit", params: nil)
    #expect(server.waitForExit() == 1)
  }
}

extension Result where Success == JSONValue, Failure == ResponseError {
  func isFailure(code: Int) -> Bool {
    if case .failure(let error) = self { return error.code == code }
    return false
  }
}
