public struct Hover: Codable, Hashable, Sendable {
  public var contents: MarkupContent
  public var range: LSPRange?
  public init(contents: MarkupContent, range: LSPRange?) {
    self.contents = contents
    self.range = range
  }
}
