/// `textDocument/documentSymbol`: the tables, sections and cells of a storyboard or xib.
public struct DocumentSymbolRequest: RequestType {
  public static let method = "textDocument/documentSymbol"
  public typealias Response = [DocumentSymbol]

  public var textDocument: TextDocumentIdentifier

  public init(textDocument: TextDocumentIdentifier) {
    self.textDocument = textDocument
  }
}
