import JSONRPC

/// `workspace/executeCommand`: `tablelint.previewTable` (arguments: the document's URI and the table's line, 0-based)
/// writes the table's page and asks the client to show it (`window/showDocument`).
public struct ExecuteCommandRequest: RequestType {
  public static let method = "workspace/executeCommand"
  public typealias Response = JSONValue?

  public var command: String
  public var arguments: [JSONValue]?

  public init(command: String, arguments: [JSONValue]? = nil) {
    self.command = command
    self.arguments = arguments
  }
}
