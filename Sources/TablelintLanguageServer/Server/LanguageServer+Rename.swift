import JSONRPC
import TablelintCore
import TablelintModel

/// Rename across Swift, Objective-C and Interface Builder (`Renamer` decides; this converts positions and edits).
extension LanguageServer {
  func prepareRename(_ request: PrepareRenameRequest) throws -> PrepareRenameResult? {
    let context = try featureContext(request.textDocument, request.position)
    switch renamer(context).target(at: context.offset, in: context.path) {
    case .success(let target):
      return PrepareRenameResult(
        range: context.text.range(ofOffsets: target.range, encoding: encoding), placeholder: target.placeholder
      )
    case .failure(let refusal):
      throw ResponseError.requestFailed(refusal.message)
    }
  }

  func rename(_ request: RenameRequest) throws -> WorkspaceEdit? {
    let context = try featureContext(request.textDocument, request.position)
    let plan: RenamePlan
    switch renamer(context).rename(at: context.offset, in: context.path, to: request.newName) {
    case .success(let found): plan = found
    case .failure(let refusal): throw ResponseError.requestFailed(refusal.message)
    }
    if !plan.notes.isEmpty {
      send(ShowMessageNotification(type: 3, message: "tablelint: " + plan.notes.joined(separator: " ")))
    }
    var documentEdits: [TextDocumentEdit] = []
    for (path, edits) in Dictionary(grouping: plan.edits, by: \.path).sorted(by: { $0.key < $1.key }) {
      guard let text = text(ofPath: path) else {
        throw ResponseError.requestFailed("'\(path)' could not be read")
      }
      documentEdits.append(
        TextDocumentEdit(
          textDocument: .init(uri: uri(ofPath: path), version: documents[path]?.version),
          edits: edits.map { TextEdit(range: text.range(ofOffsets: $0.range, encoding: encoding), newText: $0.newText) }
        )
      )
    }
    if clientCapabilities.workspace?.workspaceEdit?.documentChanges == true {
      return WorkspaceEdit(documentChanges: documentEdits)
    }
    return WorkspaceEdit(changes: Dictionary(uniqueKeysWithValues: documentEdits.map { ($0.textDocument.uri, $0.edits) }))
  }

  private func renamer(_ context: FeatureContext) -> Renamer {
    Renamer(index: context.index, options: renameOptions) { self.text(ofPath: $0)?.bytes }
  }
}
