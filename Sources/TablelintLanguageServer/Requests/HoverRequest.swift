/// `textDocument/hover`: where a reuse identifier is registered or declared, and its cell class.
public struct HoverRequest: RequestType {
  public static let method = "textDocument/hover"
  public typealias Response = Hover?

  public var textDocument: TextDocumentIdentifier
  public var position: Position

  public init(textDocument: TextDocumentIdentifier, position: Position) {
    self.textDocument = textDocument
    self.position = position
  }
}
