/// `window/logMessage` (server → client).
public struct LogMessageNotification: NotificationType {
  public static let method = "window/logMessage"
  /// 1 error, 2 warning, 3 info, 4 log.
  public var type: Int
  public var message: String
}
