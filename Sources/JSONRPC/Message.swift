import Foundation

/// A JSON-RPC 2.0 message: a request (has an id and expects a response), a notification (no id), or a response.
public enum Message: Hashable, Sendable {
  case request(id: RequestID, method: String, params: JSONValue?)
  case notification(method: String, params: JSONValue?)
  /// A response to a request; `id` is `nil` only for errors about a message whose id could not be read.
  case response(id: RequestID?, result: Result<JSONValue, ResponseError>)

  /// Why a message could not be read. Each case says what to answer.
  public enum ParseFailure: Error, Hashable, Sendable {
    /// Not JSON: answer -32700 with a null id.
    case invalidJSON(String)
    /// JSON but not a valid envelope: answer -32600 with the id when one could be read.
    case invalidEnvelope(id: RequestID?, reason: String)

    public var responseError: ResponseError {
      switch self {
      case .invalidJSON(let reason): return .parseError(reason)
      case .invalidEnvelope(_, let reason): return .invalidRequest(reason)
      }
    }

    public var id: RequestID? {
      if case .invalidEnvelope(let id, _) = self { return id }
      return nil
    }
  }

  /// Reads one message body. Batches (JSON arrays) are not supported and count as invalid envelopes.
  public static func parse(_ body: Data) throws(ParseFailure) -> Message {
    let value: JSONValue
    do {
      value = try JSONDecoder().decode(JSONValue.self, from: body)
    } catch {
      throw .invalidJSON("the message is not valid JSON")
    }
    guard case .object(let members) = value else {
      throw .invalidEnvelope(id: nil, reason: "a message is a JSON object")
    }
    let rawID = members["id"]
    var id: RequestID?
    if let rawID, rawID != .null {
      guard let parsed = RequestID(rawID) else {
        throw .invalidEnvelope(id: nil, reason: "'id' must be an integer or a string")
      }
      id = parsed
    }
    guard members["jsonrpc"] == .string("2.0") else {
      throw .invalidEnvelope(id: id, reason: "'jsonrpc' must be \"2.0\"")
    }
    if let rawMethod = members["method"] {
      guard case .string(let method) = rawMethod else {
        throw .invalidEnvelope(id: id, reason: "'method' must be a string")
      }
      let params = members["params"]
      if let params, params != .null {
        switch params {
        case .object, .array: break
        default: throw .invalidEnvelope(id: id, reason: "'params' must be an object or an array")
        }
      }
      if let id { return .request(id: id, method: method, params: params) }
      if rawID != nil {
        // "id": null on a request is allowed by the letter of JSON-RPC but unanswerable; treat it as invalid.
        throw .invalidEnvelope(id: nil, reason: "a request's 'id' must not be null")
      }
      return .notification(method: method, params: params)
    }
    if let error = members["error"] {
      guard let decoded = try? error.decode(ResponseError.self) else {
        throw .invalidEnvelope(id: id, reason: "'error' must have an integer 'code' and a string 'message'")
      }
      return .response(id: id, result: .failure(decoded))
    }
    if let result = members["result"] {
      guard let id else { throw .invalidEnvelope(id: nil, reason: "a response needs an id") }
      return .response(id: id, result: .success(result))
    }
    throw .invalidEnvelope(id: id, reason: "a message has a 'method', a 'result' or an 'error'")
  }

  /// The message as JSON text.
  public func encoded() -> Data {
    var members: [String: JSONValue] = ["jsonrpc": .string("2.0")]
    switch self {
    case .request(let id, let method, let params):
      members["id"] = id.jsonValue
      members["method"] = .string(method)
      if let params { members["params"] = params }
    case .notification(let method, let params):
      members["method"] = .string(method)
      if let params { members["params"] = params }
    case .response(let id, let result):
      members["id"] = id?.jsonValue ?? .null
      switch result {
      case .success(let value):
        members["result"] = value
      case .failure(let error):
        var errorMembers: [String: JSONValue] = ["code": .int(error.code), "message": .string(error.message)]
        if let data = error.data { errorMembers["data"] = data }
        members["error"] = .object(errorMembers)
      }
    }
    // Encoding a JSONValue cannot fail: it holds only JSON.
    return (try? JSONCoding.encoder().encode(JSONValue.object(members))) ?? Data("{}".utf8)
  }
}
