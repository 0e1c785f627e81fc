/// `textDocument/codeAction`: quick fixes for `dangling_selector`, `dangling_outlet` and
/// `unregistered_reuse_identifier`.
public struct CodeActionRequest: RequestType {
  public static let method = "textDocument/codeAction"
  public typealias Response = [CodeAction]?

  public var textDocument: TextDocumentIdentifier
  public var range: LSPRange
  public var context: CodeActionContext

  public init(textDocument: TextDocumentIdentifier, range: LSPRange, context: CodeActionContext) {
    self.textDocument = textDocument
    self.range = range
    self.context = context
  }
}
