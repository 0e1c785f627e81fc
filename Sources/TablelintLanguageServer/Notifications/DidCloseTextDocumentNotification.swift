/// `textDocument/didClose`: the disk's contents count again.
public struct DidCloseTextDocumentNotification: NotificationType {
  public static let method = "textDocument/didClose"
  public var textDocument: TextDocumentIdentifier
  public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}
