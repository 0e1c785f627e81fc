import JSONRPC

/// `$/cancelRequest`: a pending request is answered with -32800 instead of being run.
public struct CancelRequestNotification: NotificationType {
  public static let method = "$/cancelRequest"
  public var id: RequestID
  public init(id: RequestID) { self.id = id }
}
