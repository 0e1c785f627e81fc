/// A request id: JSON-RPC allows a number or a string.
public enum RequestID: Hashable, Sendable, CustomStringConvertible {
  case number(Int)
  case string(String)

  public var description: String {
    switch self {
    case .number(let value): return String(value)
    case .string(let value): return "\"\(value)\""
    }
  }

  public var jsonValue: JSONValue {
    switch self {
    case .number(let value): return .int(value)
    case .string(let value): return .string(value)
    }
  }

  /// The id a JSON value stands for; `nil` for anything but an integer or a string.
  public init?(_ value: JSONValue) {
    switch value {
    case .int(let number): self = .number(number)
    case .string(let string): self = .string(string)
    default: return nil
    }
  }
}

extension RequestID: Codable {
  public init(from decoder: any Decoder) throws {
    let value = try JSONValue(from: decoder)
    guard let id = RequestID(value) else {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "an id is a number or a string"))
    }
    self = id
  }

  public func encode(to encoder: any Encoder) throws {
    try jsonValue.encode(to: encoder)
  }
}
