/// `textDocument/publishDiagnostics` (server → client): the full set of a file's diagnostics; empty clears them.
public struct PublishDiagnosticsNotification: NotificationType {
  public static let method = "textDocument/publishDiagnostics"
  public var uri: DocumentURI
  public var version: Int?
  public var diagnostics: [Diagnostic]
}
