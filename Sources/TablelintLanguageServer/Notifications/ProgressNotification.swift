/// `$/progress` (server → client): work-done progress of indexing.
public struct ProgressNotification: NotificationType {
  public static let method = "$/progress"
  public var token: ProgressToken
  public var value: WorkDoneProgress
}

/// `WorkDoneProgressBegin` / `Report` / `End`, told apart by `kind`.
public struct WorkDoneProgress: Codable, Hashable, Sendable {
  public var kind: String
  public var title: String?
  public var message: String?
  public var percentage: Int?

  public static func begin(_ title: String, message: String? = nil) -> WorkDoneProgress {
    WorkDoneProgress(kind: "begin", title: title, message: message, percentage: 0)
  }
  public static func report(_ message: String, percentage: Int) -> WorkDoneProgress {
    WorkDoneProgress(kind: "report", title: nil, message: message, percentage: percentage)
  }
  public static func end(_ message: String) -> WorkDoneProgress {
    WorkDoneProgress(kind: "end", title: nil, message: message, percentage: nil)
  }
}
