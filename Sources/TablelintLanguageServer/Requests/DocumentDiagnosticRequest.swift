/// `textDocument/diagnostic`: pull diagnostics. Always a full report.
public struct DocumentDiagnosticRequest: RequestType {
  public static let method = "textDocument/diagnostic"
  public typealias Response = FullDocumentDiagnosticReport

  public var textDocument: TextDocumentIdentifier
  public var identifier: String?
  public var previousResultId: String?

  public init(textDocument: TextDocumentIdentifier) {
    self.textDocument = textDocument
  }
}

public struct FullDocumentDiagnosticReport: Codable, Hashable, Sendable {
  /// Always `full`.
  public var kind: String
  public var resultId: String?
  public var items: [Diagnostic]

  public init(resultId: String?, items: [Diagnostic]) {
    self.kind = "full"
    self.resultId = resultId
    self.items = items
  }
}
