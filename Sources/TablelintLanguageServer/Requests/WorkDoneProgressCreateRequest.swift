/// `window/workDoneProgress/create` (server → client): a token for indexing progress.
public struct WorkDoneProgressCreateRequest: RequestType {
  public static let method = "window/workDoneProgress/create"
  public typealias Response = VoidResponse

  public var token: ProgressToken
}
