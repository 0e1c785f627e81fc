import JSONRPC

/// `client/registerCapability` (server → client): asks the client to watch the files tablelint reads.
public struct RegisterCapabilityRequest: RequestType {
  public static let method = "client/registerCapability"
  public typealias Response = VoidResponse

  public struct Registration: Codable, Hashable, Sendable {
    public var id: String
    public var method: String
    public var registerOptions: JSONValue?
  }

  public var registrations: [Registration]
}
