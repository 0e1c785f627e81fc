import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import JSONRPC
import SwiftFrontend
import TablelintCore
import TablelintIndex
import TablelintModel

/// The findings and model of one state of the inputs.
struct Analysis {
  let generation: Int
  let result: LintResult
  /// The index completion uses: like `result.index`, but a storyboard or xib that does not parse right now (an
  /// attribute being typed) keeps its last good facts. After a local edit it is the engine's kept index, whose
  /// positions of the edited files' declarations may be those of an earlier text (names and kinds are current).
  let completionIndex: ProjectIndex
  /// The same with every position current: built from the facts on first use when the engine kept its index.
  let exactIndex: LazyIndex
  var featureIndex: ProjectIndex { exactIndex.value }
  /// The open documents this analysis read.
  let openDocuments: Set<String>
  /// Files whose findings in `result` are not yet those of this analysis's facts: the worker checks them after the
  /// open documents, between edits (see `AnalysisWorker`), and their diagnostics wait for it.
  let pending: Set<String>
  /// The workspace's last parses of open Swift documents, for features (`FeatureContext.syntaxTree`).
  var swiftTrees: IncrementalSwiftParser?

  /// The same analysis with more of its pending files checked (same facts, same indexes).
  func completed(_ result: LintResult, pending: Set<String>) -> Analysis {
    Analysis(
      generation: generation, result: result, completionIndex: completionIndex, exactIndex: exactIndex,
      openDocuments: openDocuments, pending: pending, swiftTrees: swiftTrees
    )
  }

  /// The same analysis answering a later generation whose inputs could not be read (the requests waiting for that
  /// generation get what is known rather than wait).
  func standing(for generation: Int) -> Analysis {
    Analysis(
      generation: generation, result: result, completionIndex: completionIndex, exactIndex: exactIndex,
      openDocuments: openDocuments, pending: pending, swiftTrees: swiftTrees
    )
  }
}

/// Runs analyses off the protocol queue and publishes their diagnostics.
///
/// Threading: the protocol queue `post`s what changed (documents with their versions and texts, a new workspace, a
/// request to re-read the disk) into a mailbox under a lock. One serial `queue` takes everything posted so far and
/// analyses it at once, so edits that arrive during an analysis are coalesced into the next one; a newer edit never
/// waits for more than the analysis already running. Everything below the mailbox (the workspace's overlays, the
/// engine's snapshot, the diagnostics last published, the disk texts used for positions) is confined to `queue`.
/// Each finished analysis is handed to `onFinished`, which the server hops back onto its own queue.
///
/// Edited and open documents come first: an edit that changes what other files can see checks the edited documents
/// at once (the open documents too when the workspace is read) and leaves the other files pending
/// (`LintEngine.update(_:changed:removed:priority:)`); while no change waits in the mailbox, the worker checks the
/// pending files a batch at a time (`LintEngine.completing`, open documents first) and publishes their diagnostics
/// when none is left, or before it turns to the next change. A pull request for a pending file waits until it is
/// checked (`LanguageServer.mustWait`).
final class AnalysisWorker: @unchecked Sendable {
  /// What the protocol side says changed since the last `post`.
  struct Change {
    var documents: [String: OpenDocument]
    var generation: Int
    /// Open documents (or closed ones) whose text changed.
    var dirtyDocuments: Set<String> = []
    /// The disk changed, or a document was closed: re-read the workspace.
    var refreshWorkspace = false
    /// A new workspace (folders or configuration changed).
    var workspace: Workspace?
    var configuration: LintConfiguration?
    /// Files whose disk texts may be stale.
    var forgetDiskTexts: Set<String> = []
    var progress: ProgressReporter?
    /// Documents whose diagnostics are published again even if unchanged.
    var republish: Set<DocumentURI> = []
  }

  private let queue = DispatchQueue(label: "tablelint.analysis")
  private let lock = NSLock()
  /// Changes posted since the last analysis began, merged.
  private var mailbox: Change?
  private var scheduled = false

  // Confined to `queue`.
  private var workspace: Workspace?
  private var configuration = LintConfiguration()
  private var snapshot: LintSnapshot?
  private var refreshWorkspace = true
  private var published: [DocumentURI: [Diagnostic]] = [:]
  /// The findings each published file's diagnostics were made from, with the version of the open document (`nil`:
  /// the disk text): the same findings on the same text make the same diagnostics, not converted again.
  private var publishedFrom: [String: (findings: [Finding], version: Int?)] = [:]
  private var diskTexts = DiskTextCache()
  private var lastGoodInterfaceBuilder: [String: FileFacts] = [:]
  /// Storyboards and xibs of the workspace that do not parse now.
  private var unparsedInterfaceBuilder: Set<String> = []
  /// The last analysis handed out, and the change it answered (pending files are completed for it).
  private var last: (analysis: Analysis, change: Change)?
  private var analysesSinceTrim = 0
  /// The settling due after the last change (`scheduleSettling`).
  private var settling: DispatchWorkItem?
  /// Pending files checked per batch between looks at the mailbox.
  static let completionBatch = 32

  private let diagnose: (Finding, (String) -> TextSnapshot?, (String) -> DocumentURI) -> Diagnostic
  private let publish: (PublishDiagnosticsNotification) -> Void
  private let log: ServerLog
  private let onFinished: (Analysis) -> Void

  init(
    log: ServerLog, diagnose: @escaping (Finding, (String) -> TextSnapshot?, (String) -> DocumentURI) -> Diagnostic,
    publish: @escaping (PublishDiagnosticsNotification) -> Void, onFinished: @escaping (Analysis) -> Void
  ) {
    self.log = log
    self.diagnose = diagnose
    self.publish = publish
    self.onFinished = onFinished
  }

  /// Merges `change` into what the next analysis reads, and starts one unless one is already due.
  func post(_ change: Change) {
    let start = lock.withLock { () -> Bool in
      if var merged = mailbox {
        merged.documents = change.documents
        merged.generation = change.generation
        merged.dirtyDocuments.formUnion(change.dirtyDocuments)
        merged.refreshWorkspace = merged.refreshWorkspace || change.refreshWorkspace
        merged.workspace = change.workspace ?? merged.workspace
        merged.configuration = change.configuration ?? merged.configuration
        merged.forgetDiskTexts.formUnion(change.forgetDiskTexts)
        merged.progress = change.progress ?? merged.progress
        merged.republish.formUnion(change.republish)
        mailbox = merged
      } else {
        mailbox = change
      }
      if scheduled { return false }
      scheduled = true
      return true
    }
    if start { queue.async { self.drain() } }
  }

  private func drain() {
    while let change = lock.withLock({ () -> Change? in
      let next = mailbox
      mailbox = nil
      if next == nil { scheduled = false }
      return next
    }) {
      analyze(change)
      completePending()
      scheduleSettling()
      releaseFreedMemory()
    }
  }

  /// Typing leaves Swift documents with syntax errors parsed incrementally, which may recover from the errors
  /// differently from `tablelint lint` (`IncrementalSwiftParser`): once no change has come for `settleDelay`, they are
  /// parsed whole and, if their facts differ, analysed again. A pause, not every idle moment: the whole parse of a
  /// long file costs ~11 ms, and an edit arriving meanwhile would wait for it.
  private func scheduleSettling() {
    settling?.cancel()
    settling = nil
    guard workspace?.hasUnsettledDocuments == true else { return }
    let item = DispatchWorkItem { [weak self] in self?.settle() }
    settling = item
    queue.asyncAfter(deadline: .now() + Self.settleDelay, execute: item)
  }

  static let settleDelay: DispatchTimeInterval = .milliseconds(300)

  private func settle() {
    settling = nil
    // A change waiting is analysed first; its drain schedules settling again.
    guard lock.withLock({ mailbox == nil }), let workspace, let previous = snapshot, let last else { return }
    let clock = ContinuousClock()
    let started = clock.now
    let changed = workspace.settle()
    guard !changed.isEmpty else { return }
    let next = LintEngine.update(previous, changed: changed, priority: [])
    snapshot = next
    let analysis = makeAnalysis(next, change: last.change, changed: Set(changed.map(\.path)))
    self.last = (analysis, last.change)
    onFinished(analysis)
    publishDiagnostics(of: analysis, documents: last.change.documents)
    log(
      "parsed whole \(changed.map { URL(fileURLWithPath: $0.path).lastPathComponent }.joined(separator: ", ")) "
        + "(their incremental parse recovered from syntax errors differently) and analysed again in "
        + "\(Self.milliseconds(clock.now - started)) ms: \(next.result.findings.count) findings"
    )
    completePending()
  }

  // MARK: - On the analysis queue

  /// Checks the files the last analysis left pending, a batch at a time, until none is left or a change waits.
  /// Each batch's analysis is handed out (requests waiting for those files are answered); diagnostics are published
  /// once, at the end.
  private func completePending() {
    guard var next = snapshot, !next.pending.isEmpty, var last else { return }
    let clock = ContinuousClock()
    let started = clock.now
    var checked = 0
    let open = last.analysis.openDocuments
    while !next.pending.isEmpty, lock.withLock({ mailbox == nil }) {
      next = LintEngine.completing(next, limit: Self.completionBatch, first: open)
      checked += next.step.checkedFiles
      last.analysis = last.analysis.completed(next.result, pending: next.pending)
      onFinished(last.analysis)
    }
    guard checked > 0 else { return }
    snapshot = next
    self.last = last
    publishDiagnostics(of: last.analysis, documents: last.change.documents)
    log(
      "checked \(checked) pending files in \(Self.milliseconds(clock.now - started)) ms, \(next.pending.count) left: "
        + "\(next.result.findings.count) findings"
    )
  }

  /// Hands memory freed by superseded snapshots back to the system while nothing waits (glibc keeps it in its
  /// arenas otherwise, and the server's RSS creeps up over thousands of edits although nothing leaks).
  private func releaseFreedMemory() {
    #if canImport(Glibc)
    guard lock.withLock({ mailbox == nil }) else { return }
    analysesSinceTrim += 1
    guard analysesSinceTrim >= 16 else { return }
    analysesSinceTrim = 0
    _ = Self.mallocTrim?(0)
    #endif
  }

  #if canImport(Glibc)
  /// glibc's `malloc_trim`, which Swift's Glibc module does not import.
  private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
  }()
  #endif

  static func milliseconds(_ duration: Duration) -> String { String(format: "%.3f", duration.inMilliseconds) }

  /// Analyses `change` and hands the analysis out (to the protocol queue first, then diagnostics to the client, so
  /// that a request about a pushed diagnostic finds the analysis it came from).
  private func analyze(_ change: Change) {
    if let workspace = change.workspace {
      self.workspace = workspace
      snapshot = nil
      refreshWorkspace = true
    }
    if let configuration = change.configuration { self.configuration = configuration }
    for path in change.forgetDiskTexts {
      diskTexts.forget(path)
      publishedFrom[path] = nil
    }
    for uri in change.republish {
      published[uri] = nil
      if let path = DocumentURIs.path(of: uri) { publishedFrom[path] = nil }
    }
    guard let workspace else { return handOutStanding(change) }
    // The overlays are the texts of this generation: the workspace reads exactly what the versions below name.
    for path in change.dirtyDocuments {
      if let document = change.documents[path] {
        workspace.setOverlay(path: path, contents: document.text.bytes)
      } else {
        workspace.removeOverlay(path: path)
        refreshWorkspace = true
      }
    }
    refreshWorkspace = refreshWorkspace || change.refreshWorkspace

    let clock = ContinuousClock()
    let started = clock.now
    change.progress?.begin("Indexing", message: workspace.roots.joined(separator: ", "))
    let next: LintSnapshot
    var readDuration = Duration.zero
    var changedPaths: Set<String>?
    if let previous = snapshot, !refreshWorkspace, let changed = workspace.refresh(paths: change.dirtyDocuments) {
      readDuration = clock.now - started
      changedPaths = change.dirtyDocuments
      // The edited documents first (what the editor waits for); the other open documents come first among the
      // pending files.
      next = LintEngine.update(previous, changed: changed, priority: [])
    } else {
      guard let facts = readWorkspace(workspace) else { return handOutStanding(change) }
      change.progress?.report("read \(facts.count) files", percentage: 50)
      if let previous = snapshot {
        let present = Set(facts.map(\.path))
        next = LintEngine.update(
          previous, changed: facts, removed: Set(previous.factsByPath.keys).subtracting(present),
          priority: Set(change.documents.keys)
        )
      } else {
        next = LintEngine.snapshot(files: facts, configuration: configuration, priority: Set(change.documents.keys))
      }
      refreshWorkspace = false
    }
    snapshot = next
    let published = clock.now
    let analysis = makeAnalysis(next, change: change, changed: changedPaths)
    last = (analysis, change)
    onFinished(analysis)
    publishDiagnostics(of: analysis, documents: change.documents)
    let elapsed = clock.now - started
    let ms = Self.milliseconds
    log(
      "analysed \(next.factsByPath.count) files (\(workspace.lastParseCount) parsed, \(next.step.checkedFiles) checked, "
        + "\(next.step.kind)\(next.step.rebuildCause.map { ", \($0)" } ?? "")) in \(ms(elapsed)) ms (read \(ms(readDuration)), index \(ms(next.step.indexDuration))"
        + (next.step.indexPhases.isEmpty ? "" : " [\(next.step.indexPhases.map { "\($0.phase) \(ms($0.duration))" }.joined(separator: ", "))]")
        + ", "
        + "rules \(ms(next.step.checkDuration)) [\(next.step.slowestRules.map { "\($0.rule) \(ms($0.duration))" }.joined(separator: ", "))], "
        + "publish \(ms(clock.now - published))): \(next.result.findings.count) findings"
        + (next.pending.isEmpty ? "" : ", \(next.pending.count) files pending")
    )
    change.progress?.end("\(next.factsByPath.count) files, \(next.result.findings.count) findings")
  }

  /// No analysis could be made (no workspace, its folders are gone): the last one answers this generation, or an
  /// empty one, so that requests waiting for it are answered.
  private func handOutStanding(_ change: Change) {
    let analysis = last?.analysis.standing(for: change.generation) ?? {
      let empty = ProjectIndex(files: [])
      return Analysis(
        generation: change.generation, result: LintResult(findings: [], index: empty), completionIndex: empty,
        exactIndex: LazyIndex(empty), openDocuments: Set(change.documents.keys), pending: []
      )
    }()
    onFinished(analysis)
  }

  private func readWorkspace(_ workspace: Workspace) -> [FileFacts]? {
    do {
      return try workspace.refresh()
    } catch {
      // A folder vanished: read what is left.
      log("reading the workspace failed: \(error)", .warning)
      let existing = workspace.roots.filter { FileManager.default.fileExists(atPath: $0) }
      guard !existing.isEmpty else { return nil }
      let replacement = Workspace(roots: existing, filter: workspace.filter)
      replacement.breadcrumbs = workspace.breadcrumbs
      replacement.skippedPaths = workspace.skippedPaths
      replacement.readsOneFileAtATime = workspace.readsOneFileAtATime
      self.workspace = replacement
      snapshot = nil
      return try? replacement.refresh()
    }
  }

  /// The analysis of `snapshot`. Features read storyboards and xibs that do not parse right now (an attribute being
  /// typed) with their last good facts; only the files `changed` (`nil`: all) can have started or stopped parsing.
  private func makeAnalysis(_ snapshot: LintSnapshot, change: Change, changed: Set<String>?) -> Analysis {
    let result = snapshot.result
    for path in changed ?? Set(snapshot.factsByPath.keys) {
      let kind = SourceFileKind(path: path)
      guard kind == .storyboard || kind == .xib else { continue }
      if let file = snapshot.factsByPath[path], file.interfaceBuilder != nil {
        lastGoodInterfaceBuilder[path] = file
        unparsedInterfaceBuilder.remove(path)
      } else if snapshot.factsByPath[path] != nil {
        unparsedInterfaceBuilder.insert(path)
      } else {
        // The file left the workspace.
        lastGoodInterfaceBuilder[path] = nil
        unparsedInterfaceBuilder.remove(path)
      }
    }
    let substitutes = unparsedInterfaceBuilder.compactMap { lastGoodInterfaceBuilder[$0] }
    func featureFiles() -> [FileFacts] {
      var files = snapshot.factsByPath
      for good in substitutes { files[good.path] = good }
      return Array(files.values)
    }
    let completionIndex = substitutes.isEmpty ? result.index : ProjectIndex(files: featureFiles())
    // After a local edit the index holds the edited files' export at their earlier positions: features that report
    // positions patch it with those files (a few milliseconds), or build one when that cannot be done (50 ms on a
    // 3,000-file app, on the first hover after every keystroke).
    let exact: LazyIndex
    if !snapshot.hasStalePositions {
      exact = LazyIndex(completionIndex)
    } else if substitutes.isEmpty {
      exact = LazyIndex {
        snapshot.indexWithCurrentPositions() ?? ProjectIndex(files: featureFiles(), externals: result.index.externals)
      }
    } else {
      exact = LazyIndex { ProjectIndex(files: featureFiles(), externals: result.index.externals) }
    }
    return Analysis(
      generation: change.generation, result: result, completionIndex: completionIndex, exactIndex: exact,
      openDocuments: Set(change.documents.keys), pending: snapshot.pending, swiftTrees: workspace?.swiftTrees
    )
  }

  /// Publishes the diagnostics of every file whose diagnostics changed, including files that have none any more,
  /// with the version of the document they were computed from.
  private func publishDiagnostics(of analysis: Analysis, documents: [String: OpenDocument]) {
    func text(_ path: String) -> TextSnapshot? { documents[path]?.text ?? diskTexts.text(ofPath: path) }
    func uri(_ path: String) -> DocumentURI { documents[path]?.uri ?? DocumentURIs.uri(ofPath: path) }
    var byPath: [String: [Finding]] = [:]
    for finding in analysis.result.findings where !analysis.pending.contains(finding.location.file) {
      byPath[finding.location.file, default: []].append(finding)
    }
    var next: [DocumentURI: [Diagnostic]] = [:]
    var paths: [DocumentURI: String] = [:]
    var from: [String: (findings: [Finding], version: Int?)] = [:]
    for (path, findings) in byPath {
      let key = uri(path)
      let version = documents[path]?.version
      if let previous = publishedFrom[path], previous.version == version, previous.findings == findings,
        let diagnostics = published[key]
      {
        next[key] = diagnostics
      } else {
        next[key] = findings.map { diagnose($0, text, uri) }
      }
      from[path] = (findings, version)
      paths[key] = path
    }
    // A pending file keeps what was published for it until it is checked (a look at the few files published, not
    // at the many pending).
    if !analysis.pending.isEmpty {
      for (key, diagnostics) in published where next[key] == nil {
        if let path = DocumentURIs.path(of: key), analysis.pending.contains(path) {
          next[key] = diagnostics
          from[path] = publishedFrom[path]
        }
      }
    }
    for key in Set(published.keys).union(next.keys).sorted() where published[key] != next[key] {
      let version = paths[key].flatMap { documents[$0]?.version }
      publish(PublishDiagnosticsNotification(uri: key, version: version, diagnostics: next[key] ?? []))
    }
    published = next
    publishedFrom = from
  }
}

/// An index built on first use (on the protocol queue), then kept.
final class LazyIndex: @unchecked Sendable {
  private let lock = NSLock()
  private var index: ProjectIndex?
  private var build: (() -> ProjectIndex)?

  init(_ index: ProjectIndex) { self.index = index }
  init(_ build: @escaping () -> ProjectIndex) { self.build = build }

  var value: ProjectIndex {
    lock.withLock {
      if let index { return index }
      let built = build!()
      index = built
      build = nil
      return built
    }
  }
}
