/// `$/setTrace`: accepted and ignored (tablelint logs what it logs).
public struct SetTraceNotification: NotificationType {
  public static let method = "$/setTrace"
  public var value: String
}
