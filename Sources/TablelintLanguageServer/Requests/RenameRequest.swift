/// `textDocument/rename`: an action method, outlet, reuse identifier or custom class renamed across Swift,
/// Objective-C and Interface Builder, as one `WorkspaceEdit`.
public struct RenameRequest: RequestType {
  public static let method = "textDocument/rename"
  public typealias Response = WorkspaceEdit?

  public var textDocument: TextDocumentIdentifier
  public var position: Position
  public var newName: String

  public init(textDocument: TextDocumentIdentifier, position: Position, newName: String) {
    self.textDocument = textDocument
    self.position = position
    self.newName = newName
  }
}
