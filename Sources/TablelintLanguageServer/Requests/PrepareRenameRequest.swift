/// `textDocument/prepareRename`: whether the name at a position can be renamed, its range and the name to start from;
/// an error saying why not.
public struct PrepareRenameRequest: RequestType {
  public static let method = "textDocument/prepareRename"
  public typealias Response = PrepareRenameResult?

  public var textDocument: TextDocumentIdentifier
  public var position: Position

  public init(textDocument: TextDocumentIdentifier, position: Position) {
    self.textDocument = textDocument
    self.position = position
  }
}
