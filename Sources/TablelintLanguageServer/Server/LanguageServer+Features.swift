import JSONRPC
import TablelintCore
import TablelintModel

/// Requests at a position: the bridge between LSP positions and the features, which work in UTF-8.
extension LanguageServer {
  /// - Parameter exactPositions: the feature reports positions of facts (definition, references, code actions,
  ///   symbols, hover): it needs an index whose positions are those of the current texts. Completion does not.
  func featureContext(
    _ document: TextDocumentIdentifier, _ position: Position?, exactPositions: Bool = true
  ) throws -> FeatureContext {
    guard let path = DocumentURIs.path(of: document.uri) else {
      throw ResponseError.invalidParams("'\(document.uri)' is not a file URI")
    }
    guard let text = text(ofPath: path) else {
      throw ResponseError.requestFailed("'\(document.uri)' is neither open nor readable")
    }
    guard let analysis = currentAnalysis() else {
      throw ResponseError.requestFailed("the workspace could not be read")
    }
    let offset = position.map { text.offset(of: $0, encoding: encoding) } ?? 0
    let index = exactPositions ? analysis.featureIndex : analysis.completionIndex
    return FeatureContext(index: index, path: path, text: text, offset: offset, swiftTrees: analysis.swiftTrees)
  }

  func completion(_ request: CompletionRequest) throws -> CompletionList {
    let context = try featureContext(request.textDocument, request.position, exactPositions: false)
    let candidates = CompletionProvider.candidates(context)
    let width = String(max(candidates.map(\.group).max() ?? 0, 0)).count
    let items = candidates.map { candidate in
      let group = String(repeating: "0", count: width - String(candidate.group).count) + String(candidate.group)
      return CompletionItem(
        label: candidate.label, kind: candidate.kind, detail: candidate.detail,
        documentation: candidate.documentation.map(MarkupContent.init(markdown:)),
        sortText: "\(group) \(candidate.label)", filterText: candidate.label,
        textEdit: TextEdit(
          range: context.text.range(ofOffsets: candidate.replacing, encoding: encoding), newText: candidate.insertText
        )
      )
    }.sorted { ($0.sortText ?? "") < ($1.sortText ?? "") }
    return CompletionList(isIncomplete: false, items: items)
  }

  func hover(_ request: HoverRequest) throws -> Hover? {
    let context = try featureContext(request.textDocument, request.position)
    guard let result = HoverProvider.hover(context, text: { self.text(ofPath: $0) }) else { return nil }
    return Hover(
      contents: MarkupContent(markdown: result.markdown), range: context.text.range(of: result.range, encoding: encoding)
    )
  }

  func definition(_ request: DefinitionRequest) throws -> [Location]? {
    let context = try featureContext(request.textDocument, request.position)
    let locations = DefinitionProvider.definitions(context)
    return locations.isEmpty ? nil : locations.map(location(of:))
  }

  func documentSymbols(_ request: DocumentSymbolRequest) throws -> [DocumentSymbol] {
    let context = try featureContext(request.textDocument, nil)
    func convert(_ symbol: DocumentSymbolProvider.Symbol) -> DocumentSymbol {
      DocumentSymbol(
        name: symbol.name, detail: symbol.detail, kind: symbol.kind,
        range: context.text.range(of: symbol.range, encoding: encoding),
        selectionRange: context.text.range(of: symbol.selectionRange, encoding: encoding),
        children: symbol.children.map(convert)
      )
    }
    return DocumentSymbolProvider.symbols(context).map(convert)
  }
}

/// Quick fixes and references.
extension LanguageServer {
  func codeActions(_ request: CodeActionRequest) throws -> [CodeAction]? {
    // A kind the client asks for matches an action's kind when it is that kind or a prefix of it (`source` matches
    // `source.fixAll.tablelint`). Fix-all only when asked for by kind (on save, or from a source-action menu), never
    // among the quick fixes at a position.
    func wanted(_ kind: String) -> Bool {
      request.context.only?.contains { kind == $0 || kind.hasPrefix($0 + ".") } ?? true
    }
    var actions: [CodeAction] = []
    if request.context.only != nil, wanted(Self.fixAllKind), let fixAll = try fixAll(request.textDocument) {
      actions.append(fixAll)
    }
    if wanted("quickfix") { actions += try quickFixes(request) }
    return actions.isEmpty ? nil : actions
  }

  static let fixAllKind = "source.fixAll.tablelint"

  /// Every safe fix of the document's findings at once (`source.fixAll.tablelint`, e.g. on save), as
  /// `tablelint lint --fix` applies them to the same texts: nothing when no safe fix applies.
  private func fixAll(_ document: TextDocumentIdentifier) throws -> CodeAction? {
    guard let path = DocumentURIs.path(of: document.uri) else { return nil }
    let findings = try currentFindings().filter { $0.location.file == path }
    let outcome = FixApplier.apply(findings, unsafe: false) { self.text(ofPath: $0)?.bytes }
    guard outcome.applied > 0 else { return nil }
    var changes: [DocumentURI: [TextEdit]] = [:]
    for (changedPath, newBytes) in outcome.texts {
      guard let text = text(ofPath: changedPath) else { return nil }
      changes[uri(ofPath: changedPath)] = [
        TextEdit(
          range: text.range(ofOffsets: 0..<text.bytes.count, encoding: encoding),
          newText: String(decoding: newBytes, as: UTF8.self)
        )
      ]
    }
    return CodeAction(
      title: "Fix all tablelint problems", kind: Self.fixAllKind, diagnostics: nil, isPreferred: nil,
      edit: WorkspaceEdit(changes: changes)
    )
  }

  private func quickFixes(_ request: CodeActionRequest) throws -> [CodeAction] {
    let context = try featureContext(request.textDocument, request.range.start)
    let end = context.text.offset(of: request.range.end, encoding: encoding)
    let findings = try currentFindings().filter { finding in
      guard finding.location.file == context.path else { return false }
      let start = InterfaceBuilderConnections.offset(of: finding.location.range.start, in: context.text)
      let stop = InterfaceBuilderConnections.offset(of: finding.location.range.end, in: context.text)
      return start <= end && context.offset <= max(stop, start)
    }
    let fixes = CodeActionProvider.fixes(for: findings, index: context.index) { self.text(ofPath: $0) }
    let actions = fixes.compactMap { fix -> CodeAction? in
      var changes: [DocumentURI: [TextEdit]] = [:]
      for edit in fix.edits {
        guard let text = text(ofPath: edit.path) else { return nil }
        changes[uri(ofPath: edit.path), default: []].append(
          TextEdit(range: text.range(ofOffsets: edit.range, encoding: encoding), newText: edit.newText)
        )
      }
      return CodeAction(
        title: fix.title, kind: "quickfix", diagnostics: [diagnostic(for: fix.finding)],
        isPreferred: fix.isPreferred ? true : nil, edit: WorkspaceEdit(changes: changes)
      )
    }
    return actions
  }

  private func currentFindings() throws -> [Finding] {
    guard let analysis = currentAnalysis() else { throw ResponseError.requestFailed("the workspace could not be read") }
    return analysis.result.findings
  }

  func references(_ request: ReferencesRequest) throws -> [Location]? {
    let context = try featureContext(request.textDocument, request.position)
    let locations = ReferencesProvider.references(
      context, includeDeclaration: request.context?.includeDeclaration ?? false
    )
    return locations.isEmpty ? nil : locations.map(location(of:))
  }
}
