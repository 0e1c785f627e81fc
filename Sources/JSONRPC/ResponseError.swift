/// The `error` member of a JSON-RPC response.
public struct ResponseError: Error, Hashable, Codable, Sendable, CustomStringConvertible {
  public var code: Int
  public var message: String
  public var data: JSONValue?

  public init(code: Int, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  public var description: String { "\(code): \(message)" }
}

/// The error codes JSON-RPC 2.0 defines. Protocols on top (LSP) add their own.
extension ResponseError {
  public static let parseErrorCode = -32700
  public static let invalidRequestCode = -32600
  public static let methodNotFoundCode = -32601
  public static let invalidParamsCode = -32602
  public static let internalErrorCode = -32603

  public static func parseError(_ message: String) -> ResponseError { .init(code: parseErrorCode, message: message) }
  public static func invalidRequest(_ message: String) -> ResponseError {
    .init(code: invalidRequestCode, message: message)
  }
  public static func methodNotFound(_ method: String) -> ResponseError {
    .init(code: methodNotFoundCode, message: "method not found: '\(method)'")
  }
  public static func invalidParams(_ message: String) -> ResponseError {
    .init(code: invalidParamsCode, message: message)
  }
  public static func internalError(_ message: String) -> ResponseError {
    .init(code: internalErrorCode, message: message)
  }
}
