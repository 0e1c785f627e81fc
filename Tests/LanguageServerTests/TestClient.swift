import Foundation
import JSONRPC
import TablelintLanguageServer
import TablelintModel
import _TablelintTestSupport

/// A fake editor connected to an in-process `LanguageServer` through two pipes.
///
/// Requests block until answered (or fail after `timeout`); notifications from the server are collected and can be
/// awaited. Requests from the server (`window/workDoneProgress/create`, `client/registerCapability`) are answered
/// with `null`, as an editor would.
final class TestClient: MessageHandler, @unchecked Sendable {
  static let timeout: Double = 60
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  let server: LanguageServer
  let connection: Connection
  /// The workspace folder (a fresh temporary directory).
  let root: URL
  private let toServer = Pipe()
  private let fromServer = Pipe()

  private let condition = NSCondition()
  private var notifications: [(method: String, params: JSONValue?)] = []
  private var serverRequests: [String] = []
  private var exitStatus: Int32?
  private(set) var encoding = PositionEncodingKind.utf16

  /// - Parameter files: relative path → contents, written into the workspace folder before the server starts.
  init(files: [String: String] = [:]) throws {
    root = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("tablelint-lsp-tests-\(UUID().uuidString)").standardizedFileURL
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    for (path, contents) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
    }
    let options = LanguageServer.Options(
      logToStandardError: false,
      ruleDocumentation: RuleDocumentationLinks(directory: Self.packageRoot.appendingPathComponent("Documentation/Rules").path),
      progressTokenTimeout: 10
    )
    let exitBox = ExitBox()
    self.exitBox = exitBox
    server = LanguageServer(
      input: toServer.fileHandleForReading, output: fromServer.fileHandleForWriting, options: options,
      onExit: { code in exitBox.set(code) }
    )
    let clientLog = LogBox()
    self.clientLog = clientLog
    connection = Connection(
      input: fromServer.fileHandleForReading, output: toServer.fileHandleForWriting, log: { clientLog.append($0) }
    )
    connection.start(handler: self)
    server.start()
  }

  private let exitBox: ExitBox
  /// What the client's connection logged: errors the server answered with a null id land here.
  let clientLog: LogBox

  deinit {
    try? toServer.fileHandleForWriting.close()
    try? fromServer.fileHandleForWriting.close()
    try? FileManager.default.removeItem(at: root)
  }

  func write(_ path: String, _ contents: String) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: url)
  }

  func uri(_ path: String) -> String { root.appendingPathComponent(path).absoluteString }

  // MARK: - Lifecycle

  @discardableResult
  func initialize(
    positionEncodings: [String]? = nil, workDoneProgress: Bool = false, withFolder: Bool = true,
    documentChanges: Bool = false, initializationOptions: JSONValue? = nil
  ) throws -> InitializeResult {
    let capabilities = ClientCapabilities(
      general: positionEncodings.map { .init(positionEncodings: $0) },
      window: .init(workDoneProgress: workDoneProgress),
      workspace: documentChanges ? .init(workspaceEdit: .init(documentChanges: true)) : nil
    )
    var request = InitializeRequest(
      processId: nil, rootUri: nil, capabilities: capabilities,
      workspaceFolders: withFolder ? [WorkspaceFolder(uri: root.absoluteString, name: "test")] : []
    )
    request.initializationOptions = initializationOptions
    let result = try send(request)
    encoding = result.capabilities.positionEncoding
    notify(InitializedNotification())
    return result
  }

  func shutdownAndExit() throws -> Int32? {
    _ = try send(ShutdownRequest())
    notify(ExitNotification())
    return waitForExit()
  }

  func waitForExit() -> Int32? {
    let deadline = Date().addingTimeInterval(Self.timeout)
    while Date() < deadline {
      if let status = exitBox.value { return status }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return nil
  }

  // MARK: - Messages

  struct Timeout: Error, CustomStringConvertible {
    let what: String
    var description: String { "timed out waiting for \(what)" }
  }

  /// Sends a typed request and decodes its response.
  func send<R: RequestType>(_ request: R) throws -> R.Response {
    let result = try sendRaw(R.method, params: try JSONValue(encoding: request))
    switch result {
    case .success(let value): return try value.decode(R.Response.self)
    case .failure(let error): throw error
    }
  }

  /// Sends any request; returns the raw result or error.
  func sendRaw(_ method: String, params: JSONValue?) throws -> Result<JSONValue, ResponseError> {
    try sendRawAsync(method, params: params).wait()
  }

  /// Sends a request without waiting; the returned function waits for the response.
  func sendRawAsync(_ method: String, params: JSONValue?) -> (id: RequestID, wait: () throws -> Result<JSONValue, ResponseError>) {
    let box = ResultBox()
    let id = connection.sendRequest(method, params: params) { box.set($0) }
    return (id, {
      guard let result = box.wait(timeout: Self.timeout) else { throw Timeout(what: "a response to '\(method)'") }
      return result
    })
  }

  /// Writes bytes to the server as they are (framing tests).
  func sendBytes(_ data: Data) {
    toServer.fileHandleForWriting.write(data)
  }

  /// Closes the stream to the server, as a client that vanishes.
  func closeInput() {
    try? toServer.fileHandleForWriting.close()
  }

  func notify<N: NotificationType>(_ notification: N) {
    connection.sendNotification(N.method, params: try! JSONValue(encoding: notification))
  }

  // MARK: - Documents

  /// Opens a document whose text carries position markers; returns the markers' positions in the negotiated
  /// encoding. The text is also written to disk unless `onDisk` is false.
  @discardableResult
  func openDocument(_ path: String, _ marked: String, version: Int = 1, onDisk: Bool = true) throws -> [String: Position] {
    let source = MarkedSource(marked)
    if onDisk { try write(path, source.text) }
    let language = path.hasSuffix(".swift") ? "swift" : "xml"
    notify(DidOpenTextDocumentNotification(
      textDocument: TextDocumentItem(uri: uri(path), languageId: language, version: version, text: source.text)
    ))
    let text = TextSnapshot(source.text)
    return source.markerOffsets.mapValues { text.position(ofOffset: $0, encoding: encoding) }
  }

  /// The marker positions of `marked` without opening anything.
  func positions(_ marked: String) -> [String: Position] {
    let source = MarkedSource(marked)
    let text = TextSnapshot(source.text)
    return source.markerOffsets.mapValues { text.position(ofOffset: $0, encoding: encoding) }
  }

  func change(_ path: String, version: Int, _ changes: [TextDocumentContentChangeEvent]) {
    notify(DidChangeTextDocumentNotification(
      textDocument: VersionedTextDocumentIdentifier(uri: uri(path), version: version), contentChanges: changes
    ))
  }

  // MARK: - Notifications

  /// Waits for a notification after the `from`-th one that satisfies `predicate`; returns its params and index.
  func waitForNotification(
    _ method: String, after from: Int = 0, where predicate: (JSONValue?) -> Bool = { _ in true }
  ) throws -> (params: JSONValue?, index: Int) {
    let deadline = Date().addingTimeInterval(Self.timeout)
    condition.lock()
    defer { condition.unlock() }
    var next = from
    while true {
      while next < notifications.count {
        let candidate = notifications[next]
        next += 1
        if candidate.method == method, predicate(candidate.params) { return (candidate.params, next) }
      }
      if !condition.wait(until: deadline) { throw Timeout(what: "'\(method)'") }
    }
  }

  var notificationCount: Int { condition.withLock { notifications.count } }

  func allNotifications(_ method: String) -> [JSONValue?] {
    condition.withLock { notifications.filter { $0.method == method }.map(\.params) }
  }

  var requestsFromServer: [String] { condition.withLock { serverRequests } }

  /// Every `window/logMessage` the server sent so far, one a line: what it analysed and when, for a failure's comment.
  var serverLog: String {
    allNotifications(LogMessageNotification.method).compactMap { $0?["message"] }.map { value -> String in
      if case .string(let line) = value { return line } else { return "\(value)" }
    }.joined(separator: "\n")
  }

  /// Waits until the diagnostics published for `path` (after the `from`-th notification) satisfy `predicate`.
  @discardableResult
  func waitForDiagnostics(
    _ path: String, after from: Int = 0, where predicate: ([Diagnostic]) -> Bool
  ) throws -> [Diagnostic] {
    let uri = uri(path)
    let (params, _) = try waitForNotification(PublishDiagnosticsNotification.method, after: from) { params in
      guard let params, let decoded = try? params.decode(PublishDiagnosticsNotification.self), decoded.uri == uri
      else { return false }
      return predicate(decoded.diagnostics)
    }
    return try params!.decode(PublishDiagnosticsNotification.self).diagnostics
  }

  // MARK: - MessageHandler

  func handle(_ message: Message, from connection: Connection) {
    switch message {
    case .request(let id, let method, _):
      condition.withLock { serverRequests.append(method) }
      connection.sendResponse(to: id, .success(.null))
    case .notification(let method, let params):
      condition.lock()
      notifications.append((method, params))
      condition.broadcast()
      condition.unlock()
    case .response:
      break
    }
  }

  func connectionDidClose(_ connection: Connection) {}
}

final class LogBox: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  func append(_ line: String) { lock.withLock { lines.append(line) } }
  var all: [String] { lock.withLock { lines } }

  func wait(for text: String, timeout: Double = TestClient.timeout) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if all.contains(where: { $0.contains(text) }) { return true }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return false
  }
}

final class ExitBox: @unchecked Sendable {
  private let lock = NSLock()
  private var status: Int32?
  private(set) var calls = 0
  func set(_ code: Int32) {
    lock.withLock {
      status = code
      calls += 1
    }
  }
  var value: Int32? { lock.withLock { status } }
}

/// A response delivered on another thread.
final class ResultBox: @unchecked Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var result: Result<JSONValue, ResponseError>?

  func set(_ value: Result<JSONValue, ResponseError>) {
    lock.withLock { result = value }
    semaphore.signal()
  }

  func wait(timeout: Double) -> Result<JSONValue, ResponseError>? {
    guard semaphore.wait(timeout: .now() + timeout) == .success else { return nil }
    return lock.withLock { result }
  }
}

/// Storyboards for tests.
enum Storyboard {
  static func document(_ scenes: String...) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES">
        <scenes>
    \(scenes.joined(separator: "\n"))
        </scenes>
    </document>
    """
  }

  /// A table view controller scene; `prototypes` are `<tableViewCell …>` elements.
  static func tableScene(id: String, controllerClass: String, prototypes: [String]) -> String {
    """
            <scene sceneID="scene-\(id)">
                <objects>
                    <tableViewController id="\(id)" customClass="\(controllerClass)" customModule="App" customModuleProvider="target" sceneMemberID="viewController">
                        <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" dataMode="prototypes" style="plain" rowHeight="-1" estimatedRowHeight="-1" id="\(id)-table">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            <prototypes>
    \(prototypes.joined(separator: "\n"))
                            </prototypes>
                            <connections>
                                <outlet property="dataSource" destination="\(id)" id="\(id)-ds"/>
                                <outlet property="delegate" destination="\(id)" id="\(id)-dg"/>
                            </connections>
                        </tableView>
                    </tableViewController>
                </objects>
            </scene>
    """
  }

  /// A prototype cell; `reuseIdentifier` is written as given (it may hold markers).
  static func prototype(id: String, reuseIdentifier: String, cellClass: String? = nil) -> String {
    let custom = cellClass.map { " customClass=\"\($0)\" customModule=\"App\" customModuleProvider=\"target\"" } ?? ""
    return """
                                <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" reuseIdentifier="\(reuseIdentifier)" id="\(id)"\(custom)>
                                    <rect key="frame" x="0.0" y="50" width="393" height="44"/>
                                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="\(id)" id="\(id)-content">
                                        <rect key="frame" x="0.0" y="0.0" width="393" height="44"/>
                                    </tableViewCellContentView>
                                </tableViewCell>
    """
  }
}
