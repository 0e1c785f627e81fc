/// `textDocument/completion`: reuse identifiers, cell classes, styles and accessories at the cursor.
public struct CompletionRequest: RequestType {
  public static let method = "textDocument/completion"
  public typealias Response = CompletionList

  public var textDocument: TextDocumentIdentifier
  public var position: Position

  public init(textDocument: TextDocumentIdentifier, position: Position) {
    self.textDocument = textDocument
    self.position = position
  }
}
