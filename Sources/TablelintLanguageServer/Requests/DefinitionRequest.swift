/// `textDocument/definition`: identifier → its registrations and prototypes; `customClass` → the class.
public struct DefinitionRequest: RequestType {
  public static let method = "textDocument/definition"
  public typealias Response = [Location]?

  public var textDocument: TextDocumentIdentifier
  public var position: Position

  public init(textDocument: TextDocumentIdentifier, position: Position) {
    self.textDocument = textDocument
    self.position = position
  }
}
