import JSONRPC

/// `textDocument/codeLens`: "Preview table" above each table the document declares.
public struct CodeLensRequest: RequestType {
  public static let method = "textDocument/codeLens"
  public typealias Response = [CodeLens]?

  public var textDocument: TextDocumentIdentifier

  public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}
