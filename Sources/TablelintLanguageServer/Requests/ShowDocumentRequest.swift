import JSONRPC

/// `window/showDocument`, sent by the server: a page for the client to show (in the browser: `external`).
public struct ShowDocumentRequest: RequestType {
  public static let method = "window/showDocument"
  public typealias Response = JSONValue?

  public var uri: String
  public var external: Bool?
  public var takeFocus: Bool?

  public init(uri: String, external: Bool? = nil, takeFocus: Bool? = nil) {
    self.uri = uri
    self.external = external
    self.takeFocus = takeFocus
  }
}
