/// `workspace/didChangeWorkspaceFolders`: folders added to or removed from the workspace.
public struct DidChangeWorkspaceFoldersNotification: NotificationType {
  public static let method = "workspace/didChangeWorkspaceFolders"

  public struct Event: Codable, Hashable, Sendable {
    public var added: [WorkspaceFolder]
    public var removed: [WorkspaceFolder]
  }

  public var event: Event
}
