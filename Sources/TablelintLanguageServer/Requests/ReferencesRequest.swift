/// `textDocument/references`: from a Swift member to the Interface Builder connections that use it.
public struct ReferencesRequest: RequestType {
  public static let method = "textDocument/references"
  public typealias Response = [Location]?

  public var textDocument: TextDocumentIdentifier
  public var position: Position
  public var context: ReferenceContext?

  public init(textDocument: TextDocumentIdentifier, position: Position, context: ReferenceContext? = nil) {
    self.textDocument = textDocument
    self.position = position
    self.context = context
  }
}
