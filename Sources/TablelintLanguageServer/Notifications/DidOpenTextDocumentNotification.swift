/// `textDocument/didOpen`: the editor's buffer becomes an overlay of the workspace.
public struct DidOpenTextDocumentNotification: NotificationType {
  public static let method = "textDocument/didOpen"
  public var textDocument: TextDocumentItem
  public init(textDocument: TextDocumentItem) { self.textDocument = textDocument }
}
