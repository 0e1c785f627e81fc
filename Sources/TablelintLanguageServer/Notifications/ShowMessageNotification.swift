/// `window/showMessage` (server → client): what the user should read now, e.g. what a rename left to the compiler.
public struct ShowMessageNotification: NotificationType {
  public static let method = "window/showMessage"
  /// 1 error, 2 warning, 3 info, 4 log.
  public var type: Int
  public var message: String
}
