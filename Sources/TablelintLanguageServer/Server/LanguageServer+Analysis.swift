import Dispatch
import Foundation
import JSONRPC
import TablelintCore
import TablelintIndex
import TablelintModel

/// The findings and model of one state of the inputs.
struct Analysis {
  let generation: Int
  let result: LintResult
  let factsByPath: [String: FileFacts]
  /// The index features use: like `result.index`, but a storyboard or xib that does not parse right now (an
  /// attribute being typed) keeps its last good facts.
  let featureIndex: ProjectIndex
}

/// Analysis, diagnostics and indexing progress.
extension LanguageServer {
  /// The analysis of the current inputs, running it if an edit came after the last one.
  @discardableResult
  func currentAnalysis() -> Analysis? {
    if let analysis, analysis.generation == generation { return analysis }
    return analyze(progress: nil)
  }

  func analyzeIfStale() {
    guard lifecycle == .running else { return }
    currentAnalysis()
  }

  /// Lints the workspace and publishes what changed.
  @discardableResult
  func analyze(progress: ProgressReporter?) -> Analysis? {
    guard let workspace else { return nil }
    let clock = ContinuousClock()
    let started = clock.now
    let facts: [FileFacts]
    do {
      facts = try workspace.refresh()
    } catch {
      // A folder vanished: rebuild the workspace over what is left and try once more.
      log("reading the workspace failed: \(error)", .warning)
      makeWorkspace()
      guard let retried = try? self.workspace?.refresh() else { return nil }
      facts = retried
    }
    progress?.report("read \(facts.count) files", percentage: 50)
    let result = Linter.lint(files: facts, configuration: projectConfiguration ?? options.lintConfiguration)
    var factsByPath: [String: FileFacts] = [:]
    var substituted = false
    var featureFiles: [FileFacts] = []
    for file in facts {
      factsByPath[file.path] = file
      if SourceFileKind(path: file.path) == .storyboard || SourceFileKind(path: file.path) == .xib {
        if file.interfaceBuilder != nil {
          lastGoodInterfaceBuilder[file.path] = file
        } else if let good = lastGoodInterfaceBuilder[file.path] {
          featureFiles.append(good)
          substituted = true
          continue
        }
      }
      featureFiles.append(file)
    }
    // Forget files that left the workspace.
    lastGoodInterfaceBuilder = lastGoodInterfaceBuilder.filter { factsByPath[$0.key] != nil }
    let analysis = Analysis(
      generation: generation, result: result, factsByPath: factsByPath,
      featureIndex: substituted ? ProjectIndex(files: featureFiles) : result.index
    )
    self.analysis = analysis
    publishDiagnostics(of: analysis)
    let elapsed = clock.now - started
    log("analysed \(facts.count) files (\(workspace.lastParseCount) parsed) in \(elapsed): \(result.findings.count) findings")
    return analysis
  }

  // MARK: - Diagnostics

  /// The diagnostics of every file with findings, by path.
  func diagnostics(of analysis: Analysis) -> [String: [Diagnostic]] {
    var byPath: [String: [Finding]] = [:]
    for finding in analysis.result.findings {
      byPath[finding.location.file, default: []].append(finding)
    }
    return byPath.mapValues { findings in findings.map(diagnostic(for:)) }
  }

  func diagnostic(for finding: Finding) -> Diagnostic {
    let related = finding.related.map { related in
      DiagnosticRelatedInformation(location: location(of: related.location), message: related.message)
    }
    return Diagnostic(
      range: range(of: finding.location),
      severity: finding.severity == .error ? .error : .warning,
      code: finding.ruleID,
      codeDescription: options.ruleDocumentation.href(forRule: finding.ruleID).map(CodeDescription.init(href:)),
      source: "tablelint",
      message: finding.message,
      relatedInformation: related.isEmpty ? nil : related
    )
  }

  func range(of location: SourceLocation) -> LSPRange {
    if let text = text(ofPath: location.file) {
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

  /// Publishes the diagnostics of every file whose diagnostics changed, including files that have none any more.
  private func publishDiagnostics(of analysis: Analysis) {
    let current = diagnostics(of: analysis)
    var next: [DocumentURI: [Diagnostic]] = [:]
    var paths: [DocumentURI: String] = [:]
    for (path, diagnostics) in current {
      let uri = uri(ofPath: path)
      next[uri] = diagnostics
      paths[uri] = path
    }
    for uri in Set(published.keys).union(next.keys).sorted() where published[uri] != next[uri] {
      let version = paths[uri].flatMap { documents[$0]?.version }
      let notification = PublishDiagnosticsNotification(uri: uri, version: version, diagnostics: next[uri] ?? [])
      send(notification)
    }
    published = next
  }

  func documentDiagnostics(_ request: DocumentDiagnosticRequest) throws -> FullDocumentDiagnosticReport {
    guard let path = DocumentURIs.path(of: request.textDocument.uri) else {
      throw ResponseError.invalidParams("'\(request.textDocument.uri)' is not a file URI")
    }
    guard let analysis = currentAnalysis() else { return FullDocumentDiagnosticReport(resultId: nil, items: []) }
    let findings = analysis.result.findings.filter { $0.location.file == path }
    return FullDocumentDiagnosticReport(resultId: String(analysis.generation), items: findings.map(diagnostic(for:)))
  }

  // MARK: - Indexing at start

  /// The first analysis, with work-done progress when the client supports it.
  func indexWorkspace() {
    var reporter: ProgressReporter?
    if clientCapabilities.window?.workDoneProgress == true {
      let token = ProgressToken.string("tablelint-indexing-\(UUID().uuidString)")
      if createProgress(token) {
        reporter = ProgressReporter(server: self, token: token)
      }
    }
    reporter?.begin("Indexing", message: workspaceFolders.isEmpty ? "open documents" : workspaceFolders.joined(separator: ", "))
    let analysis = analyze(progress: reporter)
    let findings = analysis?.result.findings.count ?? 0
    let files = analysis?.result.fileCount ?? 0
    reporter?.end("\(files) files, \(findings) findings")
  }

  /// Asks the client for a progress token; waits a little for the answer (the reading thread delivers it).
  private func createProgress(_ token: ProgressToken) -> Bool {
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
      "watchers": .array([.object(["globPattern": .string("**/*.{swift,storyboard,xib,h,m,mm}")])])
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

/// `$/progress` for one token.
struct ProgressReporter {
  let server: LanguageServer
  let token: ProgressToken

  func begin(_ title: String, message: String?) {
    server.send(ProgressNotification(token: token, value: .begin(title, message: message)))
  }

  func report(_ message: String, percentage: Int) {
    server.send(ProgressNotification(token: token, value: .report(message, percentage: percentage)))
  }

  func end(_ message: String) {
    server.send(ProgressNotification(token: token, value: .end(message)))
  }
}

final class LockedFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var flag = false
  func set() { lock.withLock { flag = true } }
  var value: Bool { lock.withLock { flag } }
}
