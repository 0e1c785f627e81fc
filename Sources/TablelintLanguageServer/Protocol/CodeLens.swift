import JSONRPC

public struct CodeLens: Codable, Hashable, Sendable {
  public var range: LSPRange
  public var command: Command?

  public init(range: LSPRange, command: Command?) {
    self.range = range
    self.command = command
  }
}

public struct Command: Codable, Hashable, Sendable {
  public var title: String
  public var command: String
  public var arguments: [JSONValue]?

  public init(title: String, command: String, arguments: [JSONValue]? = nil) {
    self.title = title
    self.command = command
    self.arguments = arguments
  }
}
