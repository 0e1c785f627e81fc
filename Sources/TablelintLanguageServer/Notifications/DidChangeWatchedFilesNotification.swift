/// `workspace/didChangeWatchedFiles`: files changed outside the editor.
public struct DidChangeWatchedFilesNotification: NotificationType {
  public static let method = "workspace/didChangeWatchedFiles"

  public struct FileEvent: Codable, Hashable, Sendable {
    public var uri: DocumentURI
    /// 1 created, 2 changed, 3 deleted.
    public var type: Int
    public init(uri: DocumentURI, type: Int) {
      self.uri = uri
      self.type = type
    }
  }

  public var changes: [FileEvent]
  public init(changes: [FileEvent]) { self.changes = changes }
}
