import Foundation

/// Any JSON value. Envelopes carry their `params` and `result` as `JSONValue`; typed layers above decode them.
public enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  public var intValue: Int? {
    if case .int(let value) = self { return value }
    return nil
  }
}

extension JSONValue: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}

extension JSONValue {
  /// The JSON text of any `Encodable` value as a `JSONValue` (`nil` optionals become `.null`).
  public init<T: Encodable>(encoding value: T) throws {
    let data = try JSONCoding.encoder().encode(value)
    self = try JSONDecoder().decode(JSONValue.self, from: data)
  }

  /// Decodes a typed value from this JSON value.
  public func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let data = try JSONCoding.encoder().encode(self)
    return try JSONDecoder().decode(type, from: data)
  }
}

/// The encoder settings used for everything written to the wire: stable key order, no escaped slashes.
public enum JSONCoding {
  public static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }
}
