/// `initialized`: the client has the server's capabilities; indexing starts.
public struct InitializedNotification: NotificationType {
  public static let method = "initialized"
  public init() {}
}
