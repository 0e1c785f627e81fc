/// The parts of the client's capabilities tablelint looks at. Everything is optional: clients send what they have.
public struct ClientCapabilities: Codable, Hashable, Sendable {
  public struct General: Codable, Hashable, Sendable {
    /// `utf-8`, `utf-16`, `utf-32`, in the client's order of preference.
    public var positionEncodings: [String]?
    public init(positionEncodings: [String]?) { self.positionEncodings = positionEncodings }
  }

  public struct Window: Codable, Hashable, Sendable {
    public var workDoneProgress: Bool?
    public init(workDoneProgress: Bool?) { self.workDoneProgress = workDoneProgress }
  }

  public struct DynamicRegistration: Codable, Hashable, Sendable {
    public var dynamicRegistration: Bool?
    public init(dynamicRegistration: Bool?) { self.dynamicRegistration = dynamicRegistration }
  }

  public struct WorkspaceEditCapabilities: Codable, Hashable, Sendable {
    public var documentChanges: Bool?
    public init(documentChanges: Bool?) { self.documentChanges = documentChanges }
  }

  public struct Workspace: Codable, Hashable, Sendable {
    public var workspaceFolders: Bool?
    public var didChangeWatchedFiles: DynamicRegistration?
    public var workspaceEdit: WorkspaceEditCapabilities?
    public init(
      workspaceFolders: Bool? = nil, didChangeWatchedFiles: DynamicRegistration? = nil,
      workspaceEdit: WorkspaceEditCapabilities? = nil
    ) {
      self.workspaceFolders = workspaceFolders
      self.didChangeWatchedFiles = didChangeWatchedFiles
      self.workspaceEdit = workspaceEdit
    }
  }

  public var general: General?
  public var window: Window?
  public var workspace: Workspace?

  public init(general: General? = nil, window: Window? = nil, workspace: Workspace? = nil) {
    self.general = general
    self.window = window
    self.workspace = workspace
  }
}

public enum PositionEncodingKind: String, Codable, Hashable, Sendable {
  case utf8 = "utf-8"
  case utf16 = "utf-16"
}

public struct ServerCapabilities: Codable, Hashable, Sendable {
  public struct TextDocumentSyncOptions: Codable, Hashable, Sendable {
    public struct SaveOptions: Codable, Hashable, Sendable {
      public var includeText: Bool
    }
    public var openClose: Bool
    /// 2: incremental.
    public var change: Int
    public var save: SaveOptions
  }

  public struct CompletionOptions: Codable, Hashable, Sendable {
    public var triggerCharacters: [String]
    public var resolveProvider: Bool
  }

  public struct DiagnosticOptions: Codable, Hashable, Sendable {
    public var identifier: String
    public var interFileDependencies: Bool
    public var workspaceDiagnostics: Bool
  }

  public struct CodeActionOptions: Codable, Hashable, Sendable {
    public var codeActionKinds: [String]
  }

  public struct CodeLensOptions: Codable, Hashable, Sendable {
    public var resolveProvider: Bool
  }

  public struct ExecuteCommandOptions: Codable, Hashable, Sendable {
    public var commands: [String]
  }

  public struct RenameOptions: Codable, Hashable, Sendable {
    public var prepareProvider: Bool
  }

  public struct WorkspaceOptions: Codable, Hashable, Sendable {
    public struct WorkspaceFolders: Codable, Hashable, Sendable {
      public var supported: Bool
      public var changeNotifications: Bool
    }
    public var workspaceFolders: WorkspaceFolders
  }

  public var positionEncoding: PositionEncodingKind
  public var textDocumentSync: TextDocumentSyncOptions
  public var completionProvider: CompletionOptions
  public var hoverProvider: Bool
  public var definitionProvider: Bool
  public var documentSymbolProvider: Bool
  public var referencesProvider: Bool
  public var renameProvider: RenameOptions
  public var codeActionProvider: CodeActionOptions
  public var codeLensProvider: CodeLensOptions
  public var executeCommandProvider: ExecuteCommandOptions
  public var diagnosticProvider: DiagnosticOptions
  public var workspace: WorkspaceOptions

  /// What this server does.
  public static func tablelint(positionEncoding: PositionEncodingKind) -> ServerCapabilities {
    ServerCapabilities(
      positionEncoding: positionEncoding,
      textDocumentSync: .init(openClose: true, change: 2, save: .init(includeText: false)),
      completionProvider: .init(triggerCharacters: ["\"", ".", "(", "<"], resolveProvider: false),
      hoverProvider: true,
      definitionProvider: true,
      documentSymbolProvider: true,
      referencesProvider: true,
      renameProvider: .init(prepareProvider: true),
      codeActionProvider: .init(codeActionKinds: ["quickfix", LanguageServer.fixAllKind]),
      codeLensProvider: .init(resolveProvider: false),
      executeCommandProvider: .init(commands: [LanguageServer.previewTableCommand]),
      diagnosticProvider: .init(identifier: "tablelint", interFileDependencies: true, workspaceDiagnostics: false),
      workspace: .init(workspaceFolders: .init(supported: true, changeNotifications: true))
    )
  }
}

public struct ServerInfo: Codable, Hashable, Sendable {
  public var name: String
  public var version: String
}
