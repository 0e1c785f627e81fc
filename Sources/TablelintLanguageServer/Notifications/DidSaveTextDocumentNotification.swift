/// `textDocument/didSave`: the disk caught up with the buffer; nothing changes for the overlay.
public struct DidSaveTextDocumentNotification: NotificationType {
  public static let method = "textDocument/didSave"
  public var textDocument: TextDocumentIdentifier
  public var text: String?
  public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}
