/// `WorkspaceEdit` with `changes` only (every client supports it).
public struct WorkspaceEdit: Codable, Hashable, Sendable {
  public var changes: [DocumentURI: [TextEdit]]
  public init(changes: [DocumentURI: [TextEdit]]) { self.changes = changes }
}

public struct CodeActionContext: Codable, Hashable, Sendable {
  public var diagnostics: [Diagnostic]
  /// Kinds the client asks for (`quickfix`); all when absent.
  public var only: [String]?
  public init(diagnostics: [Diagnostic], only: [String]? = nil) {
    self.diagnostics = diagnostics
    self.only = only
  }
}

public struct CodeAction: Codable, Hashable, Sendable {
  public var title: String
  /// `quickfix`.
  public var kind: String?
  public var diagnostics: [Diagnostic]?
  public var isPreferred: Bool?
  public var edit: WorkspaceEdit?

  public init(title: String, kind: String?, diagnostics: [Diagnostic]?, isPreferred: Bool?, edit: WorkspaceEdit?) {
    self.title = title
    self.kind = kind
    self.diagnostics = diagnostics
    self.isPreferred = isPreferred
    self.edit = edit
  }
}

public struct ReferenceContext: Codable, Hashable, Sendable {
  public var includeDeclaration: Bool
  public init(includeDeclaration: Bool) { self.includeDeclaration = includeDeclaration }
}
