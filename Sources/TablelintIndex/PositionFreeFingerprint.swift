import TablelintModel

/// A hash of a `Codable` value that ignores every position in it (`SourcePosition`, `SourceRange`,
/// `SourceLocation`): two values whose only difference is where things are in their file hash the same.
///
/// The incremental engine uses it to tell an edit that moved things (a line added above a class, a character typed
/// in a method body) from one that changed what other files can see. Hashes are per process (`Hasher` is seeded):
/// never store them.
public enum PositionFreeFingerprint {
  public static func of<Value: Encodable>(_ value: Value) -> Int {
    let state = FingerprintState()
    // The encoder itself never throws; a value's own `encode(to:)` could, and then the value hashes as what it
    // wrote so far plus a marker, which is still deterministic.
    do { try encodeNested(value, into: state) } catch { state.combine("encoding failed") }
    return state.finalize()
  }

  /// The fingerprint, and every position the value holds in encoding order: two values with the same fingerprint
  /// hold their positions in the same places, so the two lists pair them one to one.
  public static func withPositions<Value: Encodable>(_ value: Value) -> (fingerprint: Int, positions: [SourcePosition]) {
    let state = FingerprintState()
    state.positions = []
    do { try encodeNested(value, into: state) } catch { state.combine("encoding failed") }
    return (state.finalize(), state.positions ?? [])
  }
}

/// The running hash, shared by the encoder and its containers.
final class FingerprintState {
  // Only the thread hashing a value touches its state: the dynamic exclusivity checks cost more than the hashing.
  @exclusivity(unchecked) private var hasher = Hasher()
  /// When not `nil`, the positions met, in order.
  @exclusivity(unchecked) var positions: [SourcePosition]?
  /// Whether a type is a `Set` or a `Dictionary` (`UnorderedEncodable`), by type: a conformance check per value
  /// cost more than all the hashing.
  @exclusivity(unchecked) private var unordered: [ObjectIdentifier: Bool] = [:]
  /// One encoder for every nested value: it holds nothing but this state.
  private(set) lazy var encoder = FingerprintEncoder(state: self)

  func combine<T: Hashable>(_ value: T) { hasher.combine(value) }
  func finalize() -> Int { hasher.finalize() }

  func isUnordered<T>(_ type: T.Type) -> Bool {
    let key = ObjectIdentifier(type)
    if let known = unordered[key] { return known }
    let answer = type is any UnorderedEncodable.Type
    unordered[key] = answer
    return answer
  }
}

final class FingerprintEncoder: Encoder {
  unowned let state: FingerprintState
  var codingPath: [any CodingKey] = []
  var userInfo: [CodingUserInfoKey: Any] = [:]

  init(state: FingerprintState = FingerprintState()) { self.state = state }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    state.combine("{")
    return KeyedEncodingContainer(KeyedFingerprintContainer<Key>(state: state))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    state.combine("[")
    return UnkeyedFingerprintContainer(state: state)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { SingleFingerprintContainer(state: state) }
}

/// Encodes a nested value into the shared state, skipping positions. Sets and dictionaries iterate in an order
/// that depends on their history, so their elements are hashed one by one and combined in an order-free way.
private func encodeNested<T: Encodable>(_ value: T, into state: FingerprintState) throws {
  // Types are told apart by their metatypes, not by casting every value.
  if T.self == SourceLocation.self {
    state.combine("@")
    let location = unsafeBitCast(value, to: SourceLocation.self)
    state.positions?.append(contentsOf: [location.range.start, location.range.end])
    return
  }
  if T.self == SourceRange.self {
    state.combine("@")
    let range = unsafeBitCast(value, to: SourceRange.self)
    state.positions?.append(contentsOf: [range.start, range.end])
    return
  }
  if T.self == SourcePosition.self {
    state.combine("@")
    state.positions?.append(unsafeBitCast(value, to: SourcePosition.self))
    return
  }
  if state.isUnordered(T.self), let unordered = value as? any UnorderedEncodable {
    state.combine("<>")
    state.combine(unordered.orderFreeFingerprint())
    return
  }
  try value.encode(to: state.encoder)
}

protocol UnorderedEncodable {
  func orderFreeFingerprint() -> Int
}

extension Set: UnorderedEncodable where Element: Encodable {
  func orderFreeFingerprint() -> Int {
    reduce(count) { $0 &+ PositionFreeFingerprint.of($1) }
  }
}

extension Dictionary: UnorderedEncodable where Key: Encodable, Value: Encodable {
  func orderFreeFingerprint() -> Int {
    reduce(count) { total, entry in
      total &+ PositionFreeFingerprint.of(entry.key) &* 31 &+ PositionFreeFingerprint.of(entry.value)
    }
  }
}

private struct KeyedFingerprintContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let state: FingerprintState
  var codingPath: [any CodingKey] = []

  mutating func encodeNil(forKey key: Key) throws { state.combine(key.stringValue); state.combine(0 as UInt8) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { state.combine(key.stringValue); state.combine(value) }
  mutating func encode(_ value: String, forKey key: Key) throws { state.combine(key.stringValue); state.combine(value) }
  mutating func encode(_ value: Double, forKey key: Key) throws { state.combine(key.stringValue); state.combine(value) }
  mutating func encode(_ value: Float, forKey key: Key) throws { state.combine(key.stringValue); state.combine(value) }
  mutating func encode(_ value: Int, forKey key: Key) throws { state.combine(key.stringValue); state.combine(value) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { state.combine(key.stringValue); state.combine(value) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { state.combine(key.stringValue); state.combine(value) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { state.combine(key.stringValue); state.combine(value) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { state.combine(key.stringValue); state.combine(value) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { state.combine(key.stringValue); state.combine(value) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { state.combine(key.stringValue); state.combine(value) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { state.combine(key.stringValue); state.combine(value) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { state.combine(key.stringValue); state.combine(value) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { state.combine(key.stringValue); state.combine(value) }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    state.combine(key.stringValue)
    try encodeNested(value, into: state)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    state.combine(key.stringValue)
    state.combine("{")
    return KeyedEncodingContainer(KeyedFingerprintContainer<NestedKey>(state: state))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    state.combine(key.stringValue)
    state.combine("[")
    return UnkeyedFingerprintContainer(state: state)
  }

  mutating func superEncoder() -> any Encoder { state.encoder }
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    state.combine(key.stringValue)
    return state.encoder
  }
}

private struct UnkeyedFingerprintContainer: UnkeyedEncodingContainer {
  let state: FingerprintState
  var codingPath: [any CodingKey] = []
  var count = 0

  mutating func encodeNil() throws { count += 1; state.combine(0 as UInt8) }
  mutating func encode(_ value: Bool) throws { count += 1; state.combine(value) }
  mutating func encode(_ value: String) throws { count += 1; state.combine(value) }
  mutating func encode(_ value: Double) throws { count += 1; state.combine(value) }
  mutating func encode(_ value: Float) throws { count += 1; state.combine(value) }
  mutating func encode(_ value: Int) throws { count += 1; state.combine(value) }
  mutating func encode(_ value: Int8) throws { count += 1; state.combine(value) }
  mutating func encode(_ value: Int16) throws { count += 1; state.combine(value) }
  mutating func encode(_ value: Int32) throws { count += 1; state.combine(value) }
  mutating func encode(_ value: Int64) throws { count += 1; state.combine(value) }
  mutating func encode(_ value: UInt) throws { count += 1; state.combine(value) }
  mutating func encode(_ value: UInt8) throws { count += 1; state.combine(value) }
  mutating func encode(_ value: UInt16) throws { count += 1; state.combine(value) }
  mutating func encode(_ value: UInt32) throws { count += 1; state.combine(value) }
  mutating func encode(_ value: UInt64) throws { count += 1; state.combine(value) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    count += 1
    try encodeNested(value, into: state)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    count += 1
    state.combine("{")
    return KeyedEncodingContainer(KeyedFingerprintContainer<NestedKey>(state: state))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    count += 1
    state.combine("[")
    return UnkeyedFingerprintContainer(state: state)
  }

  mutating func superEncoder() -> any Encoder { state.encoder }
}

private struct SingleFingerprintContainer: SingleValueEncodingContainer {
  let state: FingerprintState
  var codingPath: [any CodingKey] = []

  mutating func encodeNil() throws { state.combine(0 as UInt8) }
  mutating func encode(_ value: Bool) throws { state.combine(value) }
  mutating func encode(_ value: String) throws { state.combine(value) }
  mutating func encode(_ value: Double) throws { state.combine(value) }
  mutating func encode(_ value: Float) throws { state.combine(value) }
  mutating func encode(_ value: Int) throws { state.combine(value) }
  mutating func encode(_ value: Int8) throws { state.combine(value) }
  mutating func encode(_ value: Int16) throws { state.combine(value) }
  mutating func encode(_ value: Int32) throws { state.combine(value) }
  mutating func encode(_ value: Int64) throws { state.combine(value) }
  mutating func encode(_ value: UInt) throws { state.combine(value) }
  mutating func encode(_ value: UInt8) throws { state.combine(value) }
  mutating func encode(_ value: UInt16) throws { state.combine(value) }
  mutating func encode(_ value: UInt32) throws { state.combine(value) }
  mutating func encode(_ value: UInt64) throws { state.combine(value) }
  mutating func encode<T: Encodable>(_ value: T) throws { try encodeNested(value, into: state) }
}
