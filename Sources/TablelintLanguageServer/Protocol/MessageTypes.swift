import JSONRPC

/// A typed LSP message: its method name and its parameters. One struct per message, in `Requests/` and
/// `Notifications/`; `MessageRegistry` lists the ones a client may send.
public protocol MessageType: Codable, Sendable {
  static var method: String { get }
}

/// A request: answered with `Response`.
public protocol RequestType: MessageType {
  associatedtype Response: Codable & Sendable
}

/// A notification: never answered.
public protocol NotificationType: MessageType {}

/// The result of requests that answer `null` (`shutdown`, `window/workDoneProgress/create`).
public struct VoidResponse: Codable, Hashable, Sendable {
  public init() {}
  public init(from decoder: any Decoder) throws {}
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encodeNil()
  }
}

/// The error codes LSP adds to JSON-RPC's.
extension ResponseError {
  public static let serverNotInitializedCode = -32002
  public static let unknownErrorCode = -32001
  public static let requestFailedCode = -32803
  public static let serverCancelledCode = -32802
  public static let contentModifiedCode = -32801
  public static let requestCancelledCode = -32800

  public static let serverNotInitialized = ResponseError(
    code: serverNotInitializedCode, message: "the server is not initialized: 'initialize' comes first"
  )
  public static let requestCancelled = ResponseError(code: requestCancelledCode, message: "the request was cancelled")
  public static func requestFailed(_ message: String) -> ResponseError {
    ResponseError(code: requestFailedCode, message: message)
  }
}
