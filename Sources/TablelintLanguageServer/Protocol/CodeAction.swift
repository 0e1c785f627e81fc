/// `WorkspaceEdit`: `changes` (every client supports it), or `documentChanges` with the versions of open documents
/// when the client supports them (`workspace.workspaceEdit.documentChanges`).
public struct WorkspaceEdit: Codable, Hashable, Sendable {
  public var changes: [DocumentURI: [TextEdit]]?
  public var documentChanges: [TextDocumentEdit]?
  public init(changes: [DocumentURI: [TextEdit]]) { self.changes = changes }
  public init(documentChanges: [TextDocumentEdit]) { self.documentChanges = documentChanges }
}

/// The edits of one document, for the version they were computed against (`nil`: a file that is not open).
public struct TextDocumentEdit: Codable, Hashable, Sendable {
  public struct Identifier: Codable, Hashable, Sendable {
    public var uri: DocumentURI
    public var version: Int?

    public init(uri: DocumentURI, version: Int?) {
      self.uri = uri
      self.version = version
    }

    // `version` is `integer | null`: written as `null`, not left out.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(uri, forKey: .uri)
      try container.encode(version, forKey: .version)
    }
  }

  public var textDocument: Identifier
  public var edits: [TextEdit]

  public init(textDocument: Identifier, edits: [TextEdit]) {
    self.textDocument = textDocument
    self.edits = edits
  }
}

/// `textDocument/prepareRename`'s answer.
public struct PrepareRenameResult: Codable, Hashable, Sendable {
  public var range: LSPRange
  public var placeholder: String
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
