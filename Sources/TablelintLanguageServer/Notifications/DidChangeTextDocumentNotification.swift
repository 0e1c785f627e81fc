/// `textDocument/didChange`: incremental (or full) edits of an open document.
public struct DidChangeTextDocumentNotification: NotificationType {
  public static let method = "textDocument/didChange"

  public var textDocument: VersionedTextDocumentIdentifier
  public var contentChanges: [TextDocumentContentChangeEvent]

  public init(textDocument: VersionedTextDocumentIdentifier, contentChanges: [TextDocumentContentChangeEvent]) {
    self.textDocument = textDocument
    self.contentChanges = contentChanges
  }
}

/// A range replaced by text, or (without a range) the whole new text.
public struct TextDocumentContentChangeEvent: Codable, Hashable, Sendable {
  public var range: LSPRange?
  public var rangeLength: Int?
  public var text: String

  public init(range: LSPRange?, text: String) {
    self.range = range
    self.text = text
  }
}
