/// Every message a client may send, by method. The server decodes with this list and dispatches with one `switch`
/// in `LanguageServer.dispatch`.
///
/// Adding a message — the places to touch:
/// 1. a struct in `Requests/` or `Notifications/` (one file, named after it) with `method` and `Response`;
/// 2. its type in `requests` or `notifications` below;
/// 3. a `case` in `LanguageServer.dispatch(request:id:)` or `dispatch(notification:)`, and the handler (a feature
///    in `Features/`, or server state in `Server/`);
/// 4. the capability in `ServerCapabilities.tablelint` if clients discover it there;
/// 5. a test through `TestClient` in `Tests/LanguageServerTests`, and a call in `scripts/lsp-protocol-check.py`.
public enum MessageRegistry {
  public static let requests: [any RequestType.Type] = [
    InitializeRequest.self,
    ShutdownRequest.self,
    CompletionRequest.self,
    HoverRequest.self,
    DefinitionRequest.self,
    DocumentSymbolRequest.self,
    DocumentDiagnosticRequest.self,
    CodeActionRequest.self,
    ReferencesRequest.self,
    PrepareRenameRequest.self,
    RenameRequest.self,
    CodeLensRequest.self,
    ExecuteCommandRequest.self,
  ]

  public static let notifications: [any NotificationType.Type] = [
    InitializedNotification.self,
    ExitNotification.self,
    CancelRequestNotification.self,
    SetTraceNotification.self,
    DidOpenTextDocumentNotification.self,
    DidChangeTextDocumentNotification.self,
    DidSaveTextDocumentNotification.self,
    DidCloseTextDocumentNotification.self,
    DidChangeWatchedFilesNotification.self,
    DidChangeWorkspaceFoldersNotification.self,
  ]

  private static let requestsByMethod = Dictionary(uniqueKeysWithValues: requests.map { ($0.method, $0) })
  private static let notificationsByMethod = Dictionary(uniqueKeysWithValues: notifications.map { ($0.method, $0) })

  public static func requestType(for method: String) -> (any RequestType.Type)? { requestsByMethod[method] }
  public static func notificationType(for method: String) -> (any NotificationType.Type)? {
    notificationsByMethod[method]
  }
}
