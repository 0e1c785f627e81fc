import Dispatch
import Foundation
import JSONRPC
import TablelintCore
import TablelintIndex
import TablelintModel

/// Analysis, diagnostics and indexing progress.
extension LanguageServer {
  /// The latest finished analysis (features answer from it while the next one runs).
  func currentAnalysis() -> Analysis? { analysis }

  // MARK: - Diagnostics

  func diagnostic(for finding: Finding) -> Diagnostic {
    diagnostic(for: finding, text: { self.text(ofPath: $0) }, uri: { self.uri(ofPath: $0) })
  }

  /// A finding as an LSP diagnostic, with positions converted through `text` (the texts the finding was computed
  /// from). Callable from the analysis queue: it reads only `options` and `encoding`, fixed after `initialize`.
  func diagnostic(
    for finding: Finding, text: (String) -> TextSnapshot?, uri: (String) -> DocumentURI
  ) -> Diagnostic {
    let related = finding.related.map { related in
      DiagnosticRelatedInformation(
        location: Location(uri: uri(related.location.file), range: range(of: related.location, text: text)),
        message: related.message
      )
    }
    return Diagnostic(
      range: range(of: finding.location, text: text),
      severity: finding.severity == .error ? .error : .warning,
      code: finding.ruleID,
      codeDescription: options.ruleDocumentation.href(forRule: finding.ruleID).map(CodeDescription.init(href:)),
      source: "tablelint",
      message: finding.message,
      relatedInformation: related.isEmpty ? nil : related
    )
  }

  func range(of location: SourceLocation) -> LSPRange {
    range(of: location) { self.text(ofPath: $0) }
  }

  func range(of location: SourceLocation, text: (String) -> TextSnapshot?) -> LSPRange {
    if let text = text(location.file) {
      return text.range(of: location.range, encoding: encoding)
    }
    // Unreadable: the line is right; columns are UTF-8, which is all there is.
    func position(_ source: SourcePosition) -> Position {
      Position(line: max(0, source.line - 1), character: max(0, source.column - 1))
    }
    let start = position(location.range.start)
    return LSPRange(start: start, end: max(start, position(location.range.end)))
  }

  func location(of location: SourceLocation) -> Location {
    Location(uri: uri(ofPath: location.file), range: range(of: location))
  }

  func documentDiagnostics(_ request: DocumentDiagnosticRequest) throws -> FullDocumentDiagnosticReport {
    guard let path = DocumentURIs.path(of: request.textDocument.uri) else {
      throw ResponseError.invalidParams("'\(request.textDocument.uri)' is not a file URI")
    }
    // Requests wait (see `LanguageServer.mustWait`) until an analysis of every earlier edit has finished.
    guard let analysis = currentAnalysis() else { return FullDocumentDiagnosticReport(resultId: nil, items: []) }
    let findings = analysis.result.findings.filter { $0.location.file == path }
    return FullDocumentDiagnosticReport(resultId: String(analysis.generation), items: findings.map(diagnostic(for:)))
  }

  // MARK: - Indexing at start

  /// The first analysis, with work-done progress when the client supports it. The analysis queue asks for the
  /// progress token, so that the protocol queue goes on answering while the workspace is read.
  func indexWorkspace() {
    let wantsProgress = clientCapabilities.window?.workDoneProgress == true
    generation += 1
    var change = AnalysisWorker.Change(documents: documents, generation: generation, refreshWorkspace: true)
    if wantsProgress {
      let token = ProgressToken.string("tablelint-indexing-\(UUID().uuidString)")
      change.progress = ProgressReporter(server: self, token: token, create: { self.createProgress(token) })
    }
    post(change)
  }

  /// Asks the client for a progress token; waits a little for the answer (the reading thread delivers it).
  func createProgress(_ token: ProgressToken) -> Bool {
    guard let params = try? JSONValue(encoding: WorkDoneProgressCreateRequest(token: token)) else { return false }
    let answered = DispatchSemaphore(value: 0)
    let accepted = LockedFlag()
    connection.sendRequest(WorkDoneProgressCreateRequest.method, params: params) { result in
      if case .success = result { accepted.set() }
      answered.signal()
    }
    if answered.wait(timeout: .now() + options.progressTokenTimeout) == .timedOut {
      log("the client did not answer '\(WorkDoneProgressCreateRequest.method)'; indexing without progress", .warning)
      return false
    }
    return accepted.value
  }

  func registerFileWatchers() {
    let options: JSONValue = .object([
      // Sources, and what decides how they are read: Xcode projects (which files are built), dependency manifests,
      // the configuration.
      "watchers": .array([
        .object(["globPattern": .string("**/*.{swift,storyboard,xib,h,m,mm,pbxproj}")]),
        .object(["globPattern": .string("**/{Podfile,Cartfile,Package.resolved,.gitmodules,.tablelint.yml}")]),
      ])
    ])
    let request = RegisterCapabilityRequest(registrations: [
      .init(id: "tablelint-watched-files", method: DidChangeWatchedFilesNotification.method, registerOptions: options)
    ])
    guard let params = try? JSONValue(encoding: request) else { return }
    connection.sendRequest(RegisterCapabilityRequest.method, params: params) { [log] result in
      if case .failure(let error) = result { log("the client refused to watch files: \(error)", .warning) }
    }
  }

  func send<N: NotificationType>(_ notification: N) {
    do {
      connection.sendNotification(N.method, params: try JSONValue(encoding: notification))
    } catch {
      log("could not encode '\(N.method)': \(error)", .error)
    }
  }
}

/// `$/progress` for one token, created with the client when the report begins (no token, no report).
final class ProgressReporter: @unchecked Sendable {
  let server: LanguageServer
  let token: ProgressToken
  private let create: () -> Bool
  private var accepted = false

  init(server: LanguageServer, token: ProgressToken, create: @escaping () -> Bool) {
    self.server = server
    self.token = token
    self.create = create
  }

  func begin(_ title: String, message: String?) {
    accepted = create()
    guard accepted else { return }
    server.send(ProgressNotification(token: token, value: .begin(title, message: message)))
  }

  func report(_ message: String, percentage: Int) {
    guard accepted else { return }
    server.send(ProgressNotification(token: token, value: .report(message, percentage: percentage)))
  }

  func end(_ message: String) {
    guard accepted else { return }
    server.send(ProgressNotification(token: token, value: .end(message)))
  }
}

final class LockedFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var flag = false
  func set() { lock.withLock { flag = true } }
  var value: Bool { lock.withLock { flag } }
}
