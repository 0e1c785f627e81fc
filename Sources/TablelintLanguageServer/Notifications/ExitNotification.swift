/// `exit`: the process ends, with status 0 after `shutdown` and 1 otherwise.
public struct ExitNotification: NotificationType {
  public static let method = "exit"
  public init() {}
}
