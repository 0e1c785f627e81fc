import Dispatch
import Foundation
import JSONRPC
import TablelintCore
import TablelintIndex
import TablelintModel

/// The tablelint language server: lifecycle, the single dispatch point, and the state the handlers share.
///
/// Threading: the connection's reading thread hands every message to `handle(_:from:)`, which only records
/// pending requests and cancellations; everything else runs in arrival order on one serial `queue`, so the state
/// below is confined to it. Analysis (`Workspace.lint`) runs there too: edits that arrive while it runs are applied
/// next, and one analysis covers them all. A request cancelled before its turn is answered with -32800.
public final class LanguageServer: MessageHandler, @unchecked Sendable {
  public struct Options: Sendable {
    /// Also write log lines to stderr (the `lsp` command does; tests do not).
    public var logToStandardError: Bool
    /// Where `codeDescription` links point.
    public var ruleDocumentation: RuleDocumentationLinks
    public var lintConfiguration: LintConfiguration
    /// How long to wait for the client to accept a progress token before indexing without one.
    public var progressTokenTimeout: Double
    /// As a supervised worker process: where to leave the trail of files being read, and files not to read
    /// (see `LanguageServerSupervisor`).
    public var breadcrumbs: ParseBreadcrumbs?
    public var skippedFiles: Set<String>
    public var readsOneFileAtATime = false

    public init(
      logToStandardError: Bool = true, ruleDocumentation: RuleDocumentationLinks = .nextToExecutable(),
      lintConfiguration: LintConfiguration = LintConfiguration(), progressTokenTimeout: Double = 5,
      breadcrumbs: ParseBreadcrumbs? = nil, skippedFiles: Set<String> = []
    ) {
      self.logToStandardError = logToStandardError
      self.ruleDocumentation = ruleDocumentation
      self.lintConfiguration = lintConfiguration
      self.progressTokenTimeout = progressTokenTimeout
      self.breadcrumbs = breadcrumbs
      self.skippedFiles = skippedFiles
    }
  }

  enum Lifecycle {
    case uninitialized, running, shutDown, exited
  }

  let options: Options
  let connection: Connection
  let log: ServerLog
  let queue = DispatchQueue(label: "tablelint.language-server")
  private let onExit: @Sendable (Int32) -> Void

  // Shared with the reading thread, under `requestLock`.
  private let requestLock = NSLock()
  private var pendingRequests: Set<RequestID> = []
  private var cancelledRequests: Set<RequestID> = []

  // Confined to `queue`.
  var lifecycle = Lifecycle.uninitialized
  var encoding = PositionEncodingKind.utf16
  var clientCapabilities = ClientCapabilities()
  /// `initializationOptions.rename.compilerSymbols`: `false` beside sourcekit-lsp, whose rename edits declarations
  /// and `#selector`s (see `Renamer.Options`).
  var renameOptions = Renamer.Options()
  var workspaceFolders: [String] = []
  /// The configuration from the project's `.tablelint.yml`, when there is one (it wins over `Options`).
  var projectConfiguration: LintConfiguration?
  var emptyRoot: String?
  var documents: [String: OpenDocument] = [:]
  /// Bumped on every change of the inputs; an analysis is current when it has the same generation.
  var generation = 0
  /// The latest finished analysis.
  var analysis: Analysis?
  /// Requests that need an analysis not finished yet, in arrival order (see `mustWait`).
  var deferred: [DeferredRequest] = []
  var diskTexts = DiskTextCache()
  /// A workspace made for new folders or a new configuration, not yet handed to the analysis queue.
  var newWorkspace: Workspace?
  /// Analyses off this queue: owns the workspace, the incremental engine and published diagnostics.
  private(set) var worker: AnalysisWorker!

  /// - Parameters:
  ///   - onExit: called once with the exit status when `exit` arrives or the client goes away.
  public init(
    input: FileHandle, output: FileHandle, options: Options = Options(),
    onExit: @escaping @Sendable (Int32) -> Void
  ) {
    self.options = options
    let log = ServerLog(toStandardError: options.logToStandardError)
    self.log = log
    self.connection = Connection(input: input, output: output, log: { log($0, .warning) })
    self.onExit = onExit
    log.attach(connection)
    worker = AnalysisWorker(
      log: log,
      diagnose: { [unowned self] finding, text, uri in self.diagnostic(for: finding, text: text, uri: uri) },
      publish: { [unowned self] notification in self.send(notification) },
      onFinished: { [weak self] analysis in
        guard let self else { return }
        self.queue.async { self.install(analysis) }
      }
    )
  }

  /// Starts reading messages.
  public func start() {
    connection.start(handler: self)
  }

  // MARK: - Reading thread

  public func handle(_ message: Message, from connection: Connection) {
    switch message {
    case .request(let id, let method, let params):
      requestLock.withLock { _ = pendingRequests.insert(id) }
      queue.async { self.process(request: id, method: method, params: params) }
    case .notification(let method, let params):
      if method == CancelRequestNotification.method {
        // Honoured at once: the request may be waiting behind an analysis.
        if let id = params?["id"].flatMap(RequestID.init) {
          requestLock.withLock {
            if pendingRequests.contains(id) { cancelledRequests.insert(id) }
          }
          // A request waiting for an analysis is answered now.
          queue.async { self.answerCancelledDeferredRequests() }
        }
        return
      }
      queue.async { self.process(notification: method, params: params) }
    case .response:
      break
    }
  }

  public func connectionDidClose(_ connection: Connection) {
    queue.async {
      guard self.lifecycle != .exited else { return }
      self.log("the client closed the connection", .info)
      self.exit(status: self.lifecycle == .shutDown ? 0 : 1)
    }
  }

  // MARK: - Requests

  private func process(request id: RequestID, method: String, params: JSONValue?) {
    if lifecycle == .running, mustWait(method: method, params: params, generation: generation) {
      deferred.append(DeferredRequest(id: id, method: method, params: params, generation: generation))
      return
    }
    answer(request: id, method: method, params: params)
  }

  private func answer(request id: RequestID, method: String, params: JSONValue?) {
    let result = response(to: id, method: method, params: params)
    // A result computed before the cancellation arrived is still sent: the specification allows it.
    requestLock.withLock {
      pendingRequests.remove(id)
      cancelledRequests.remove(id)
    }
    guard lifecycle != .exited else { return }
    connection.sendResponse(to: id, result)
  }

  private func response(to id: RequestID, method: String, params: JSONValue?) -> Result<JSONValue, ResponseError> {
    switch lifecycle {
    case .uninitialized where method != InitializeRequest.method:
      return .failure(.serverNotInitialized)
    case .running where method == InitializeRequest.method:
      return .failure(.invalidRequest("'initialize' was already sent"))
    case .shutDown:
      return .failure(.invalidRequest("the server is shut down: only 'exit' is accepted"))
    case .exited:
      return .failure(.invalidRequest("the server exited"))
    default:
      break
    }
    guard let type = MessageRegistry.requestType(for: method) else {
      return .failure(.methodNotFound(method))
    }
    let request: any RequestType
    do {
      request = try Self.decode(type, from: params)
    } catch {
      return .failure(.invalidParams("invalid params for '\(method)': \(Self.describe(error))"))
    }
    if requestLock.withLock({ cancelledRequests.contains(id) }) {
      return .failure(.requestCancelled)
    }
    do {
      return .success(try dispatch(request: request))
    } catch let error as ResponseError {
      return .failure(error)
    } catch {
      log("'\(method)' failed: \(error)", .error)
      return .failure(.requestFailed("'\(method)' failed: \(error)"))
    }
  }

  /// The single dispatch point for requests.
  private func dispatch(request: any RequestType) throws -> JSONValue {
    switch request {
    case let request as InitializeRequest: return try JSONValue(encoding: initialize(request))
    case let request as ShutdownRequest: return try JSONValue(encoding: shutdown(request))
    case let request as CompletionRequest: return try JSONValue(encoding: completion(request))
    case let request as HoverRequest: return try JSONValue(encoding: hover(request))
    case let request as DefinitionRequest: return try JSONValue(encoding: definition(request))
    case let request as DocumentSymbolRequest: return try JSONValue(encoding: documentSymbols(request))
    case let request as DocumentDiagnosticRequest: return try JSONValue(encoding: documentDiagnostics(request))
    case let request as CodeActionRequest: return try JSONValue(encoding: codeActions(request))
    case let request as ReferencesRequest: return try JSONValue(encoding: references(request))
    case let request as PrepareRenameRequest: return try JSONValue(encoding: prepareRename(request))
    case let request as RenameRequest: return try JSONValue(encoding: rename(request))
    case let request as CodeLensRequest: return try JSONValue(encoding: codeLenses(request))
    case let request as ExecuteCommandRequest: return try JSONValue(encoding: executeCommand(request))
    default: throw ResponseError.methodNotFound(type(of: request).method)
    }
  }

  // MARK: - Notifications

  private func process(notification method: String, params: JSONValue?) {
    if method == ExitNotification.method {
      exit(status: lifecycle == .shutDown ? 0 : 1)
      return
    }
    guard lifecycle == .running else {
      if lifecycle == .uninitialized { log("'\(method)' before 'initialize' was dropped") }
      return
    }
    guard let type = MessageRegistry.notificationType(for: method) else {
      // `$/` notifications are optional for a server; anything else deserves a line.
      if !method.hasPrefix("$/") { log("unknown notification '\(method)' was dropped") }
      return
    }
    do {
      let notification = try Self.decode(type, from: params)
      try dispatch(notification: notification)
    } catch {
      log("'\(method)' failed: \(Self.describe(error))", .error)
    }
  }

  /// The single dispatch point for notifications.
  private func dispatch(notification: any NotificationType) throws {
    switch notification {
    case let notification as InitializedNotification: initialized(notification)
    case let notification as DidOpenTextDocumentNotification: didOpen(notification)
    case let notification as DidChangeTextDocumentNotification: try didChange(notification)
    case let notification as DidSaveTextDocumentNotification: didSave(notification)
    case let notification as DidCloseTextDocumentNotification: didClose(notification)
    case let notification as DidChangeWatchedFilesNotification: didChangeWatchedFiles(notification)
    case let notification as DidChangeWorkspaceFoldersNotification: didChangeWorkspaceFolders(notification)
    case is SetTraceNotification, is CancelRequestNotification, is ExitNotification: break
    default: log("no handler for '\(type(of: notification).method)'")
    }
  }

  // MARK: - Lifecycle

  private func initialize(_ request: InitializeRequest) throws -> InitializeResult {
    clientCapabilities = request.capabilities ?? ClientCapabilities()
    if case .bool(let renames)? = request.initializationOptions?["rename"]?["compilerSymbols"] {
      renameOptions.renamesCompilerSymbols = renames
    }
    let offered = clientCapabilities.general?.positionEncodings ?? []
    encoding = offered.contains(PositionEncodingKind.utf8.rawValue) ? .utf8 : .utf16
    var folders = (request.workspaceFolders ?? []).compactMap { DocumentURIs.path(of: $0.uri) }
    if folders.isEmpty, request.workspaceFolders == nil {
      if let root = request.rootUri.flatMap(DocumentURIs.path(of:)) {
        folders = [root]
      } else if let rootPath = request.rootPath, !rootPath.isEmpty {
        folders = [FileDiscovery.normalize(rootPath)]
      }
    }
    workspaceFolders = folders
    makeWorkspace()
    lifecycle = .running
    log("initialized for \(folders.isEmpty ? "no workspace folder" : folders.joined(separator: ", ")), "
        + "positions in \(encoding.rawValue)", .info)
    return InitializeResult(
      capabilities: .tablelint(positionEncoding: encoding),
      serverInfo: ServerInfo(name: "tablelint", version: TablelintVersion.current)
    )
  }

  private func initialized(_ notification: InitializedNotification) {
    if clientCapabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration == true {
      registerFileWatchers()
    }
    indexWorkspace()
  }

  private func shutdown(_ request: ShutdownRequest) -> VoidResponse {
    lifecycle = .shutDown
    return VoidResponse()
  }

  private func exit(status: Int32) {
    guard lifecycle != .exited else { return }
    lifecycle = .exited
    if let emptyRoot { try? FileManager.default.removeItem(atPath: emptyRoot) }
    onExit(status)
  }

  // MARK: - Requests that wait for an analysis

  struct DeferredRequest {
    let id: RequestID
    let method: String
    let params: JSONValue?
    /// The generation of the inputs when the request arrived.
    let generation: Int
  }

  /// Whether a request must wait for an analysis that has not finished: pull diagnostics wait for every edit that
  /// came before them; features wait only while there is no analysis at all, or while the document they ask about
  /// was opened and not analysed yet. During an edit burst, features answer from the latest finished analysis.
  private func mustWait(method: String, params: JSONValue?, generation: Int) -> Bool {
    guard let analysis else { return Self.waitingMethods.contains(method) }
    let path = (params?["textDocument"]?["uri"]).flatMap { value -> String? in
      if case .string(let string) = value { return DocumentURIs.path(of: string) } else { return nil }
    }
    // Requests about a file's findings wait until they are checked (not pending); a pull diagnostic also waits for
    // the analysis of every earlier edit.
    // A rename reads every file: it waits for the analysis of every earlier edit, so positions are the texts'.
    if method == DocumentDiagnosticRequest.method || Self.renameMethods.contains(method), analysis.generation < generation {
      return true
    }
    if method == DocumentDiagnosticRequest.method || method == CodeActionRequest.method,
      let path, analysis.pending.contains(path)
    {
      return true
    }
    if method == DocumentDiagnosticRequest.method { return false }
    guard Self.waitingMethods.contains(method), let path, documents[path] != nil else { return false }
    return !analysis.openDocuments.contains(path)
  }

  private static let renameMethods: Set<String> = [PrepareRenameRequest.method, RenameRequest.method]

  private static let waitingMethods: Set<String> = [
    DocumentDiagnosticRequest.method, CompletionRequest.method, HoverRequest.method, DefinitionRequest.method,
    DocumentSymbolRequest.method, CodeActionRequest.method, ReferencesRequest.method, CodeLensRequest.method,
    PrepareRenameRequest.method, RenameRequest.method,
  ]

  /// A finished analysis: features answer from it now, and the requests it was awaited for are answered.
  private func install(_ analysis: Analysis) {
    if let current = self.analysis, current.generation > analysis.generation { return }
    self.analysis = analysis
    let waiting = deferred
    deferred = []
    for request in waiting {
      if mustWait(method: request.method, params: request.params, generation: request.generation) {
        deferred.append(request)
      } else {
        answer(request: request.id, method: request.method, params: request.params)
      }
    }
  }

  private func answerCancelledDeferredRequests() {
    let cancelled = requestLock.withLock { cancelledRequests }
    let (now, later) = (deferred.filter { cancelled.contains($0.id) }, deferred.filter { !cancelled.contains($0.id) })
    deferred = later
    for request in now { answer(request: request.id, method: request.method, params: request.params) }
  }

  // MARK: - Helpers

  static func decode<T: MessageType>(_ type: T.Type, from params: JSONValue?) throws -> T {
    // Messages without parameters may omit them.
    try (params == nil || params == .null ? JSONValue.object([:]) : params!).decode(type)
  }

  static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func path(_ context: DecodingError.Context) -> String {
      let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
      return path.isEmpty ? "" : " at '\(path)'"
    }
    switch error {
    case .typeMismatch(let type, let context): return "expected \(type)\(path(context))"
    case .valueNotFound(let type, let context): return "missing \(type)\(path(context))"
    case .keyNotFound(let key, let context): return "missing '\(key.stringValue)'\(path(context))"
    case .dataCorrupted(let context): return "\(context.debugDescription)\(path(context))"
    @unknown default: return "\(error)"
    }
  }

  // MARK: - Testing

  /// Blocks message handling until the returned function is called (tests of cancellation).
  package func suspendForTesting() -> @Sendable () -> Void {
    let semaphore = DispatchSemaphore(value: 0)
    let started = DispatchSemaphore(value: 0)
    queue.async {
      started.signal()
      semaphore.wait()
    }
    started.wait()
    return { semaphore.signal() }
  }

  /// Whether a cancellation for `id` is waiting (tests of cancellation).
  package func isCancellationPending(_ id: RequestID) -> Bool {
    requestLock.withLock { cancelledRequests.contains(id) }
  }
}
