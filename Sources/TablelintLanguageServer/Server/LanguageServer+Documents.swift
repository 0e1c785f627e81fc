import Foundation
import JSONRPC
import TablelintCore
import TablelintModel

/// Text document synchronisation and the workspace's roots.
extension LanguageServer {
  func didOpen(_ notification: DidOpenTextDocumentNotification) {
    let item = notification.textDocument
    guard let path = lintablePath(of: item.uri) else { return }
    let document = OpenDocument(uri: item.uri, path: path, version: item.version, text: TextSnapshot(item.text))
    documents[path] = document
    // Publish this document's diagnostics again once analysed, even if they did not change: clients such as eglot
    // drop diagnostics for files that were not open when they arrived.
    inputsChanged(document: path, republish: item.uri)
  }

  func didChange(_ notification: DidChangeTextDocumentNotification) throws {
    guard let path = lintablePath(of: notification.textDocument.uri) else { return }
    guard var document = documents[path] else {
      log("'didChange' for '\(notification.textDocument.uri)', which is not open, was dropped", .warning)
      return
    }
    document.text = document.text.applying(notification.contentChanges, encoding: encoding)
    document.version = notification.textDocument.version
    documents[path] = document
    inputsChanged(document: path)
  }

  func didSave(_ notification: DidSaveTextDocumentNotification) {
    guard let path = lintablePath(of: notification.textDocument.uri) else { return }
    // The overlay stays: it equals the disk now. Files that depend on this one may have been waiting for a save
    // (a generated file, a watcher), so look again.
    diskTexts.forget(path)
    inputsChanged(forget: [path])
  }

  func didClose(_ notification: DidCloseTextDocumentNotification) {
    guard let path = lintablePath(of: notification.textDocument.uri) else { return }
    documents[path] = nil
    diskTexts.forget(path)
    // The worker removes the overlay and re-reads the workspace: the disk's copy may be excluded, or gone.
    inputsChanged(document: path, forget: [path])
  }

  func didChangeWatchedFiles(_ notification: DidChangeWatchedFilesNotification) {
    var configurationChanged = false
    var forget: Set<String> = []
    for change in notification.changes {
      guard let path = DocumentURIs.path(of: change.uri) else { continue }
      diskTexts.forget(path)
      forget.insert(path)
      if path.hasSuffix("/" + Configuration.fileName) { configurationChanged = true }
    }
    if configurationChanged { makeWorkspace() }
    // `Workspace.refresh` notices changed, new and deleted files by size and modification time.
    inputsChanged(forget: forget)
  }

  func didChangeWorkspaceFolders(_ notification: DidChangeWorkspaceFoldersNotification) {
    let removed = Set(notification.event.removed.compactMap { DocumentURIs.path(of: $0.uri) })
    var folders = workspaceFolders.filter { !removed.contains($0) }
    for folder in notification.event.added.compactMap({ DocumentURIs.path(of: $0.uri) }) where !folders.contains(folder) {
      folders.append(folder)
    }
    workspaceFolders = folders
    makeWorkspace()
    inputsChanged()
  }

  /// The path of a `file://` URI of a kind tablelint reads; `nil` (and a log line) otherwise.
  func lintablePath(of uri: DocumentURI) -> String? {
    guard let path = DocumentURIs.path(of: uri) else {
      log("'\(uri)' is not a file URI; ignored")
      return nil
    }
    guard let kind = SourceFileKind(path: path), kind != .compiledNib else { return nil }
    return path
  }

  /// A workspace over the folders (or, without folders, over the open documents only), with the open documents as
  /// overlays.
  func makeWorkspace() {
    let existing = workspaceFolders.filter { FileManager.default.fileExists(atPath: $0) }
    for missing in workspaceFolders where !existing.contains(missing) {
      log("workspace folder '\(missing)' does not exist; skipped", .warning)
    }
    var roots = existing
    if roots.isEmpty {
      // `Workspace` reads "." without roots; an empty folder keeps it to the open documents.
      roots = [emptyRootDirectory()]
    }
    // The project's `.tablelint.yml` (above the first folder) decides included files, rules and severities, as for
    // `tablelint lint` run there. A broken file is reported once and the defaults apply.
    projectConfiguration = nil
    var filter: PathFilter?
    if let root = existing.first, let path = Configuration.find(from: root) {
      do {
        let configuration = try Configuration.load(path: path, currentDirectory: root)
        projectConfiguration = configuration.lintConfiguration(currentDirectory: root)
        filter = configuration.pathFilter(currentDirectory: root)
      } catch {
        log("ignoring '\(path)': \(error)", .warning)
      }
    }
    let workspace = Workspace(roots: roots, filter: filter)
    workspace.breadcrumbs = options.breadcrumbs
    workspace.skippedPaths = options.skippedFiles
    workspace.readsOneFileAtATime = options.readsOneFileAtATime
    for document in documents.values {
      workspace.setOverlay(path: document.path, contents: document.text.bytes)
    }
    // The next change posted hands it to the analysis queue, which owns it from then on.
    newWorkspace = workspace
  }

  private func emptyRootDirectory() -> String {
    if let emptyRoot { return emptyRoot }
    let path = NSTemporaryDirectory() + "/tablelint-lsp-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let normalized = FileDiscovery.normalize(path)
    emptyRoot = normalized
    return normalized
  }

  /// Something the findings depend on changed: an open document (`document`), or else the disk. The analysis
  /// queue takes it from here; requests that need its result wait for it (`LanguageServer.mustWait`).
  func inputsChanged(document: String? = nil, forget: Set<String> = [], republish: DocumentURI? = nil) {
    generation += 1
    var change = AnalysisWorker.Change(documents: documents, generation: generation, forgetDiskTexts: forget)
    if let document { change.dirtyDocuments = [document] } else { change.refreshWorkspace = true }
    if let republish { change.republish = [republish] }
    post(change)
  }

  /// Hands a change to the analysis queue, with the workspace `makeWorkspace` made since the last one.
  func post(_ change: AnalysisWorker.Change) {
    var change = change
    if let workspace = newWorkspace {
      change.workspace = workspace
      change.configuration = projectConfiguration ?? options.lintConfiguration
      newWorkspace = nil
    }
    worker.post(change)
  }

  /// The text of a file: the open document's, or the disk's.
  func text(ofPath path: String) -> TextSnapshot? {
    if let document = documents[path] { return document.text }
    return diskTexts.text(ofPath: path)
  }

  func uri(ofPath path: String) -> DocumentURI {
    documents[path]?.uri ?? DocumentURIs.uri(ofPath: path)
  }
}
