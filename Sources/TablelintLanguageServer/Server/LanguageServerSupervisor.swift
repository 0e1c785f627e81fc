import Dispatch
import Foundation
import JSONRPC
import TablelintCore

/// What `tablelint lsp` runs: the process that talks to the editor, with the analysis in a worker process it
/// supervises.
///
/// The worker is the whole `LanguageServer` (`tablelint lsp --worker`): it owns the workspace, the incremental
/// index and every feature. The supervisor forwards every message both ways over pipes (renumbering requests, so
/// that both sides' ids never meet) and keeps what a new worker needs: the `initialize` parameters, the
/// notifications that set state (workspace folders, configuration, trace), and the open documents with their texts
/// and versions, which it edits as the client does. Only messages cross the boundary, never the index.
///
/// When the worker stops (a trap, `SIGKILL`, the kernel's out-of-memory killer):
/// - the requests it had not answered are answered with an error (its connection fails them);
/// - the editor is told with `window/logMessage`, and a new worker is started, initialised with the same
///   parameters and sent the state notifications and the open documents; its diagnostics replace the old ones;
/// - a worker that stops by a signal of its own (a trap, a segmentation fault, an abort) while reading a file, as
///   the trail of files being read says (`ParseBreadcrumbs`), is restarted reading one file at a time; when it
///   stops again while reading one of the same files, it is restarted with that file skipped: the file gets a
///   `parse_error` saying so, and everything else works;
/// - a worker that stops before answering anything makes the next start wait a little longer each time, so a
///   worker that cannot start does not spin.
///
/// Threading: the client's reading thread and each worker's reading thread hand messages to `queue`, which owns
/// all state.
public final class LanguageServerSupervisor: MessageHandler, @unchecked Sendable {
  public struct Options: Sendable {
    /// The executable and arguments that start a worker (`tablelint lsp --worker`); the supervisor adds
    /// `--supervisor PID` (its own: the worker ends when that is no longer its parent), `--breadcrumbs PATH` and one
    /// `--skip PATH` per skipped file.
    public var workerCommand: [String]
    /// Where worker trails go (one file per worker start).
    public var trailDirectory: String

    public init(workerCommand: [String], trailDirectory: String = NSTemporaryDirectory()) {
      self.workerCommand = workerCommand
      self.trailDirectory = trailDirectory
    }
  }

  /// A started worker process and its connection.
  private final class Worker: MessageHandler, @unchecked Sendable {
    let number: Int
    let process: Process
    let connection: Connection
    let trail: String
    /// It answered a request: it started well (a worker that stops before that makes the next start wait).
    var answered = false
    weak var supervisor: LanguageServerSupervisor?

    init(number: Int, process: Process, connection: Connection, trail: String) {
      self.number = number
      self.process = process
      self.connection = connection
      self.trail = trail
    }

    func handle(_ message: Message, from connection: Connection) {
      supervisor?.fromWorker(message, worker: self)
    }

    func connectionDidClose(_ connection: Connection) {}
  }

  private let options: Options
  private let client: Connection
  private let onExit: @Sendable (Int32) -> Void
  private let queue = DispatchQueue(label: "tablelint.supervisor")

  // Confined to `queue`.
  private var worker: Worker?
  private var started = 0
  private var initializeParams: JSONValue?
  private var initialized = false
  /// Notifications that set the server's state, replayed to a new worker in order.
  private var stateNotifications: [(method: String, params: JSONValue?)] = []
  private var encoding = PositionEncodingKind.utf16
  private var documents: [DocumentURI: (languageID: String, version: Int, text: TextSnapshot)] = [:]
  /// Client request id → the id it has at the worker, while unanswered (for `$/cancelRequest`).
  private var forwarded: [RequestID: RequestID] = [:]
  private var shutdownRequested = false
  private var exiting = false
  /// Files not read by workers any more, and the suspects of the last crash (see the type's documentation).
  private var skipped: Set<String> = []
  private var lastCrashSuspects: [String] = []
  /// Workers in a row that stopped before answering anything.
  private var failedStarts = 0

  public init(
    input: FileHandle, output: FileHandle, options: Options, onExit: @escaping @Sendable (Int32) -> Void
  ) {
    self.options = options
    self.onExit = onExit
    self.client = Connection(input: input, output: output, log: { line in
      FileHandle.standardError.write(Data("tablelint lsp: \(line)\n".utf8))
    })
  }

  public func start() {
    queue.sync { startWorker() }
    client.start(handler: self)
  }

  // MARK: - From the client

  public func handle(_ message: Message, from connection: Connection) {
    queue.async { self.fromClient(message) }
  }

  public func connectionDidClose(_ connection: Connection) {
    queue.async {
      self.exiting = true
      self.worker?.process.terminate()
      if let trail = self.worker?.trail { try? FileManager.default.removeItem(atPath: trail) }
      self.onExit(self.shutdownRequested ? 0 : 1)
    }
  }

  private func fromClient(_ message: Message) {
    switch message {
    case .request(let id, let method, let params):
      if method == "initialize" { initializeParams = params }
      if method == "shutdown" { shutdownRequested = true }
      forward(request: id, method: method, params: params)
    case .notification(let method, let params):
      record(method: method, params: params)
      if method == "$/cancelRequest" {
        // Only a request still at the worker, under the id it has there: the client's own id may name another
        // request of the worker's (a late cancel must not cancel someone else's request).
        if let id = params?["id"].flatMap(RequestID.init), let workerID = forwarded[id] {
          worker?.connection.sendNotification(method, params: .object(["id": workerID.jsonValue]))
        }
        return
      }
      worker?.connection.sendNotification(method, params: params)
      if method == "exit" { exit() }
    case .response:
      break  // Responses to our own requests are matched by the connection.
    }
  }

  private func forward(request id: RequestID, method: String, params: JSONValue?) {
    guard let worker else {
      client.sendResponse(to: id, .failure(ResponseError(code: -32603, message: "tablelint's analysis is not running")))
      return
    }
    let workerID = worker.connection.sendRequest(method, params: params) { [weak self] result in
      guard let self else { return }
      self.queue.async {
        if case .success = result { worker.answered = true }
        self.forwarded[id] = nil
        if method == "initialize", case .success(let value) = result {
          self.encoding = value["capabilities"]?["positionEncoding"]?.stringValue == "utf-8" ? .utf8 : .utf16
        }
        self.client.sendResponse(to: id, result.mapError { error in
          // The worker stopped before answering: say so rather than leave the editor waiting.
          error.code == -32099
            ? ResponseError(code: -32603, message: "tablelint's analysis stopped while answering; it is restarting")
            : error
        })
      }
    }
    forwarded[id] = workerID
  }

  /// Keeps what a new worker needs to be told: the open documents, and the notifications that set state.
  private func record(method: String, params: JSONValue?) {
    switch method {
    case "initialized":
      initialized = true
    case "textDocument/didOpen":
      guard let document = params?["textDocument"], let uri = document["uri"]?.stringValue,
        let text = document["text"]?.stringValue
      else { return }
      documents[uri] = (document["languageId"]?.stringValue ?? "", document["version"]?.intValue ?? 0, TextSnapshot(text))
    case "textDocument/didChange":
      guard let change = try? params?.decode(DidChangeTextDocumentNotification.self),
        var document = documents[change.textDocument.uri]
      else { return }
      document.text = document.text.applying(change.contentChanges, encoding: encoding)
      document.version = change.textDocument.version
      documents[change.textDocument.uri] = document
    case "textDocument/didClose":
      if let uri = params?["textDocument"]?["uri"]?.stringValue { documents[uri] = nil }
    case "workspace/didChangeWorkspaceFolders", "workspace/didChangeConfiguration", "$/setTrace":
      stateNotifications.append((method, params))
    default:
      break
    }
  }

  private func exit() {
    exiting = true
    let worker = self.worker
    let status: Int32 = shutdownRequested ? 0 : 1
    // Give the worker a moment to leave by itself, then make sure it is gone.
    DispatchQueue.global().async {
      let deadline = Date().addingTimeInterval(2)
      while worker?.process.isRunning == true, Date() < deadline { usleep(10_000) }
      if worker?.process.isRunning == true { worker?.process.terminate() }
      if let trail = worker?.trail { try? FileManager.default.removeItem(atPath: trail) }
      self.onExit(status)
    }
  }

  // MARK: - From the worker

  private func fromWorker(_ message: Message, worker: Worker) {
    switch message {
    case .notification(let method, let params):
      // Through the queue, as responses go, so that the client sees the worker's messages in the order it sent
      // them; a stopped worker's late output is dropped.
      queue.async {
        guard worker === self.worker else { return }
        self.client.sendNotification(method, params: params)
      }
    case .request(let id, let method, let params):
      queue.async {
        // A restarted worker registers what the first one did: the client has it already.
        if worker.number > 1, method == "client/registerCapability" {
          worker.connection.sendResponse(to: id, .success(.null))
          return
        }
        self.client.sendRequest(method, params: params) { result in
          // Only to the worker that asked, while it runs: a stopped worker's descriptors may be another's now.
          self.queue.async {
            if worker === self.worker { worker.connection.sendResponse(to: id, result) }
          }
        }
      }
    case .response:
      break
    }
  }

  // MARK: - Starting and restarting

  private func startWorker() {
    started += 1
    let number = started
    let trail = (options.trailDirectory as NSString).appendingPathComponent(
      "tablelint-worker-\(ProcessInfo.processInfo.processIdentifier)-\(number).trail"
    )
    let process = Process()
    process.executableURL = URL(fileURLWithPath: options.workerCommand[0])
    process.arguments = Array(options.workerCommand.dropFirst())
      + ["--supervisor", String(ProcessInfo.processInfo.processIdentifier), "--breadcrumbs", trail]
      + skipped.sorted().flatMap { ["--skip", $0] } + (lastCrashSuspects.isEmpty ? [] : ["--one-file-at-a-time"])
    let toWorker = Pipe()
    let fromWorker = Pipe()
    process.standardInput = toWorker
    process.standardOutput = fromWorker
    process.standardError = FileHandle.standardError
    // A worker that traps is restarted at once, from the breadcrumbs. The Swift runtime's backtracer would first
    // symbolicate the crash and, under AddressSanitizer, never end the process (the supervisor then waited for a
    // worker that did not die). A `SWIFT_BACKTRACE` the user set is kept, to debug a worker.
    var environment = ProcessInfo.processInfo.environment
    if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
    process.environment = environment
    let connection = Connection(
      input: fromWorker.fileHandleForReading, output: toWorker.fileHandleForWriting,
      log: { line in FileHandle.standardError.write(Data("tablelint lsp: worker \(number): \(line)\n".utf8)) }
    )
    let worker = Worker(number: number, process: process, connection: connection, trail: trail)
    worker.supervisor = self
    process.terminationHandler = { [weak self] process in
      guard let self else { return }
      let signal = process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
      let status = process.terminationStatus
      self.queue.async { self.workerStopped(worker, signal: signal, status: status) }
    }
    do {
      try process.run()
    } catch {
      log("could not start the analysis worker (\(options.workerCommand[0])): \(error)", type: 1)
      self.worker = nil
      return
    }
    // The parent's copies of the worker's ends, so that its exit closes the pipes.
    try? toWorker.fileHandleForReading.close()
    try? fromWorker.fileHandleForWriting.close()
    connection.start(handler: worker)
    self.worker = worker
    guard number > 1 else { return }
    // A restart: bring the new worker to where the last one was.
    if let initializeParams {
      connection.sendRequest("initialize", params: initializeParams) { [weak self] result in
        guard case .success = result else { return }
        self?.queue.async { worker.answered = true }
      }
    }
    // The state and the open documents before `initialized`, which starts indexing: the first diagnostics of the new
    // worker are then those of the editor's texts and folders, not of the disk's for a moment.
    for (method, params) in stateNotifications { connection.sendNotification(method, params: params) }
    for (uri, document) in documents.sorted(by: { $0.key < $1.key }) {
      connection.sendNotification(
        "textDocument/didOpen",
        params: .object([
          "textDocument": .object([
            "uri": .string(uri), "languageId": .string(document.languageID), "version": .int(document.version),
            "text": .string(document.text.text),
          ])
        ])
      )
    }
    if initialized { connection.sendNotification("initialized", params: .object([:])) }
    if shutdownRequested { connection.sendRequest("shutdown", params: nil) { _ in } }
  }

  private func workerStopped(_ stopped: Worker, signal: Int32?, status: Int32) {
    // The handler holds the worker, which holds the process: let both go (and the pipes they own).
    stopped.process.terminationHandler = nil
    defer { try? FileManager.default.removeItem(atPath: stopped.trail) }
    guard stopped === worker, !exiting else { return }
    worker = nil
    let how = signal.map { "signal \($0)" } ?? "status \(status)"
    // A crash of its own (not SIGKILL or SIGTERM from outside) while reading the same file as last time: that
    // file is skipped from now on.
    // (A worker that exits with a failure status by itself counts too: sanitizers turn a trap into `exit(1)`.)
    let ownCrash = signal.map { [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE].contains($0) } ?? (status != 0)
    let suspects = ownCrash ? ParseBreadcrumbs.suspects(inTrailAt: stopped.trail) : []
    // Files read in parallel leave several suspects: the next worker reads one file at a time, and the file it
    // was reading when it crashed again (one suspect, one of the last ones) is the culprit.
    let repeated = suspects.count == 1 ? suspects.filter(lastCrashSuspects.contains) : []
    lastCrashSuspects = repeated.isEmpty ? suspects : []
    var message = "tablelint's analysis worker stopped (\(how))"
    if !repeated.isEmpty {
      skipped.formUnion(repeated)
      message += " twice while reading \(repeated.joined(separator: ", ")); it is skipped until the server restarts"
    } else if !suspects.isEmpty {
      message += " while reading \(suspects.joined(separator: ", "))"
    }
    log(message + "; restarting it", type: 2)
    // A worker that stopped before answering anything may not be able to start at all: the next start waits,
    // 0.1, 0.2, 0.4 … up to 5 s, for each such worker in a row after the first.
    failedStarts = stopped.answered ? 0 : failedStarts + 1
    let delay = failedStarts < 2 ? 0 : min(5.0, 0.1 * pow(2, Double(failedStarts - 2)))
    if delay == 0 {
      startWorker()
    } else {
      queue.asyncAfter(deadline: .now() + delay) { if !self.exiting, self.worker == nil { self.startWorker() } }
    }
  }

  /// `window/logMessage` to the client (type 1 error, 2 warning) and a line on stderr.
  private func log(_ message: String, type: Int) {
    FileHandle.standardError.write(Data("tablelint lsp: \(message)\n".utf8))
    client.sendNotification("window/logMessage", params: .object(["type": .int(type), "message": .string(message)]))
  }
}
