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

  init(environment: [String: String] = [:]) throws {
    process.executableURL = Self.executable
    process.arguments = ["lsp"]
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    let clientLog = self.clientLog
    connection = Connection(
      input: stdout.fileHandleForReading, output: stdin.fileHandleForWriting, log: { clientLog.append($0) }
    )
    try process.run()
    connection.start(handler: self)
    // Drained from the start: a server whose stderr filled the pipe (64 KiB) would block, and a test reading it
    // only after the exit would wait for ever.
    let (errors, drained) = (stderr.fileHandleForReading, stderrDrained)
    let box = stderrBox
    DispatchQueue.global().async {
      box.append(String(decoding: errors.readDataToEndOfFile(), as: UTF8.self))
      drained.signal()
    }
  }

  private let stderrBox = LogBox()
  private let stderrDrained = DispatchSemaphore(value: 0)

  /// Everything the server wrote on stderr, once it has closed it (it exited): `nil` if it did not in time.
  func standardError() -> String? {
    guard stderrDrained.wait(timeout: .now() + TestClient.timeout) == .success else { return nil }
    stderrDrained.signal()
    return stderrBox.all.joined()
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

  /// The notifications received so far with this method.
  func notifications(_ method: String) -> [JSONValue?] {
    lock.withLock { notifications.filter { $0.0 == method }.map(\.1) }
  }

  /// The server's child processes (its analysis worker).
  var children: [Int32] {
    let parent = process.processIdentifier
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).filter { pid in
      // `/proc/PID/stat`: "PID (name) state PPID …"; the name may hold spaces, so read after its last ')'.
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return false }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return fields.count > 1 && Int32(fields[1]) == parent
    }
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
    #expect(server.standardError()?.contains("not valid JSON") == true)
  }

  /// A project with one unregistered identifier in `List.swift` and a clean `Other.swift`.
  static func project() throws -> (root: URL, list: URL, other: URL) {
    let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tablelint-lsp-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let list = root.appendingPathComponent("List.swift")
    try Data("""
      import UIKit
      final class ListViewController: UITableViewController {
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
          tableView.dequeueReusableCell(withIdentifier: "Missing", for: indexPath)
        }
      }
      """.utf8).write(to: list)
    let other = root.appendingPathComponent("Other.swift")
    try Data("final class Other {}\n".utf8).write(to: other)
    return (root, list, other)
  }

  static func pulled(_ server: ServerProcess, _ file: URL) throws -> [JSONValue]? {
    let result = try server.request("textDocument/diagnostic", .object(["textDocument": .object(["uri": .string(file.absoluteString)])]))
    guard case .success(let report) = result, case .array(let items)? = report["items"] else { return nil }
    return items
  }

  /// A server (supervisor and worker) started on `root` and initialized.
  static func initializedServer(root: URL, environment: [String: String] = [:]) throws -> ServerProcess {
    let server = try ServerProcess(environment: environment)
    #expect(try server.request("initialize", Self.initializeParams(root: root)).isSuccess)
    server.connection.sendNotification("initialized", params: .object([:]))
    return server
  }

  @Test func aKilledWorkerIsRestartedAndEveryRequestIsAnswered() throws {
    let (root, list, _) = try Self.project()
    defer { try? FileManager.default.removeItem(at: root) }
    let server = try Self.initializedServer(root: root)
    let text = try String(contentsOf: list, encoding: .utf8)
    server.connection.sendNotification("textDocument/didOpen", params: .object(["textDocument": .object([
      "uri": .string(list.absoluteString), "languageId": .string("swift"), "version": .int(1), "text": .string(text),
    ])]))
    let before = try #require(try Self.pulled(server, list))
    #expect(before.count == 1)
    for kill in 1...3 {
      let worker = try #require(server.children.first, "the supervisor runs a worker process")
      Foundation.kill(worker, SIGKILL)
      // A request sent right away is answered, by the dying worker's supervisor with an error or by the next one.
      let answer = try server.request("textDocument/diagnostic", .object(["textDocument": .object(["uri": .string(list.absoluteString)])]))
      _ = answer
      #expect(server.waitForNotification("window/logMessage") { params in
        params?["message"]?.stringValue?.contains("signal 9") == true
      } != nil)
      // The new worker knows the open document and reports what the old one did.
      var after: [JSONValue]?
      let deadline = Date().addingTimeInterval(TestClient.timeout)
      repeat { after = try Self.pulled(server, list) } while after != before && Date() < deadline
      #expect(after == before, "after kill \(kill)")
      #expect(server.children.first != worker)
    }
    #expect(try server.request("shutdown", nil) == .success(.null))
    server.connection.sendNotification("exit", params: nil)
    #expect(server.waitForExit() == 0)
  }

  @Test func aFileThatCrashesTheWorkerTwiceIsSkipped() throws {
    let (root, list, other) = try Self.project()
    defer { try? FileManager.default.removeItem(at: root) }
    // A skipped file is unread: what it may register keeps the reuse rules quiet, so the list reports something else.
    try Data("""
      import UIKit
      final class ListViewController: UITableViewController {
        override func viewDidLoad() {
          super.viewDidLoad()
          tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Row")
          tableView.register(ListCell.self, forCellReuseIdentifier: "Row")
        }
      }
      final class ListCell: UITableViewCell {}
      """.utf8).write(to: list)
    let server = try Self.initializedServer(root: root, environment: ["TABLELINT_TEST_CRASH_READING": "Other.swift"])
    let skipped = server.waitForNotification("textDocument/publishDiagnostics") { params in
      params?["uri"] == .string(other.absoluteString)
    }
    let diagnostics = skipped??["diagnostics"]
    #expect(diagnostics.flatMap { if case .array(let items) = $0 { items.first?["code"] } else { nil } } == .string("parse_error"))
    #expect(server.notifications("window/logMessage").contains { $0?["message"]?.stringValue?.contains("it is skipped") == true })
    // Everything else works.
    #expect(try Self.pulled(server, list)?.count == 1)
    #expect(try server.request("shutdown", nil) == .success(.null))
    server.connection.sendNotification("exit", params: nil)
    #expect(server.waitForExit() == 0)
  }

  /// A worker whose supervisor is killed (no time to stop it) ends when its input does: it must not linger, holding
  /// the workspace's memory. It used to deadlock writing its last log line (`aFailedWriteTellsTheLogOutsideTheLock`).
  @Test func aWorkerWhoseSupervisorIsKilledEnds() throws {
    let (root, _, _) = try Self.project()
    defer { try? FileManager.default.removeItem(at: root) }
    let server = try Self.initializedServer(root: root)
    let worker = try #require(server.children.first, "the supervisor runs a worker process")
    Foundation.kill(server.process.processIdentifier, SIGKILL)
    #expect(server.waitForExit() != nil)
    #expect(Self.waitUntilEnded(worker), "the worker \(worker) still runs")
  }

  /// A worker whose supervisor is gone ends even while its input stays open (a worker busy with a long analysis does
  /// not read its input, so it would not see it close): a shell starts it in the background on an input this test
  /// holds open, and exits.
  @Test func aWorkerWhoseParentIsGoneEndsThoughItsInputIsOpen() throws {
    let input = Pipe()
    let output = Pipe()
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    // A background command's input is /dev/null unless redirected; fd 3 is the test's pipe. `$$`: the shell, which
    // is the worker's parent until it exits (at once), as the supervisor passes its own id.
    shell.arguments = ["-c", "exec 3<&0; \"$0\" lsp --worker --supervisor $$ <&3 3<&- & echo $!", ServerProcess.executable.path]
    shell.standardInput = input
    shell.standardOutput = output
    shell.standardError = FileHandle.nullDevice
    try shell.run()
    // Not `waitUntilExit`: Foundation reaps the shell only once every copy of a descriptor it gave it is closed, and
    // the worker holds one; the test would hang, not fail, if the worker lived on.
    let printed = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    let worker = try #require(pid_t(printed.trimmingCharacters(in: .whitespacesAndNewlines)), "the shell printed \(printed)")
    #expect(Self.waitUntilEnded(worker), "the worker \(worker) still runs")
    try input.fileHandleForWriting.close()
  }

  /// Waits until `process` has ended (gone, or a zombie waiting for whoever adopted it); SIGKILLs it when it has not
  /// in time, and returns whether it had.
  static func waitUntilEnded(_ process: pid_t) -> Bool {
    func ended() -> Bool {
      guard let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return true }
      return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
    }
    let deadline = Date().addingTimeInterval(TestClient.timeout)
    while !ended(), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    guard ended() else {
      Foundation.kill(process, SIGKILL)
      return false
    }
    return true
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
  var isSuccess: Bool {
    if case .success = self { return true }
    return false
  }

  func isFailure(code: Int) -> Bool {
    if case .failure(let error) = self { return error.code == code }
    return false
  }
}
