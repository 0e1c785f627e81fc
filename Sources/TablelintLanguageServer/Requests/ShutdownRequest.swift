/// `shutdown`: stop working; `exit` follows.
public struct ShutdownRequest: RequestType {
  public static let method = "shutdown"
  public typealias Response = VoidResponse
  public init() {}
}
