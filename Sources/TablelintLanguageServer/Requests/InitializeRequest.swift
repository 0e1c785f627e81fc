import JSONRPC

/// `initialize`: the first request. Answers the server's capabilities; chooses the position encoding.
public struct InitializeRequest: RequestType {
  public static let method = "initialize"
  public typealias Response = InitializeResult

  public struct ClientInfo: Codable, Hashable, Sendable {
    public var name: String
    public var version: String?
  }

  public var processId: Int?
  public var clientInfo: ClientInfo?
  public var rootPath: String?
  public var rootUri: DocumentURI?
  public var capabilities: ClientCapabilities?
  public var initializationOptions: JSONValue?
  public var trace: String?
  public var workspaceFolders: [WorkspaceFolder]?

  public init(
    processId: Int? = nil, rootUri: DocumentURI? = nil, capabilities: ClientCapabilities = ClientCapabilities(),
    workspaceFolders: [WorkspaceFolder]? = nil
  ) {
    self.processId = processId
    self.rootUri = rootUri
    self.capabilities = capabilities
    self.workspaceFolders = workspaceFolders
  }
}

public struct InitializeResult: Codable, Hashable, Sendable {
  public var capabilities: ServerCapabilities
  public var serverInfo: ServerInfo
}
