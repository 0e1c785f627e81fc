import Foundation
import TablelintModel

/// A compact binary form of `Codable` values, for the facts cache and facts shards: several times smaller and faster
/// to decode than JSON, because every string (paths repeated in each location, coding keys, names) is stored once per
/// blob and referred to by number, and every container records its length so that a decoder skips what it does not
/// read without looking inside.
///
/// A blob is: `"TLC1"`, the string table (a varint count, then each string as a varint byte count and UTF-8), then
/// one value. A value starts with a tag byte:
///
/// | tag | value |
/// |---|---|
/// | 1 | nil |
/// | 2, 3 | false, true |
/// | 4 | a signed integer, zigzag varint |
/// | 5 | an unsigned integer, varint |
/// | 6 | a `Double`, 8 bytes, little endian |
/// | 7 | a string: its varint number in the table |
/// | 8 | a keyed container: a 4-byte byte length, then (key number + 1, value) pairs |
/// | 9 | an unkeyed container: a 4-byte byte length, a 4-byte count, then the values |
/// | 10 | a `SourcePosition`: line, column and offset, zigzag varints |
/// | 11 | a `SourceRange`: two positions' numbers |
/// | 12 | a `SourceLocation`: the file's string number, then a range's numbers |
/// | 13 | a `[UInt8]`: a varint byte count, then the bytes |
///
/// Positions have tags of their own because facts hold one for nearly every value: written as containers, they
/// would be most of the blob and of the time to read it.
///
/// Decoding never traps on malformed input: it throws `DecodingError.dataCorrupted`.
public enum CompactCoder {
  static let magic: [UInt8] = Array("TLC1".utf8)

  public static func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
    try encode(value, fast: true)
  }

  /// `fast: false` writes every value through its `Encodable` conformance (tests compare the bytes).
  static func encode<Value: Encodable>(_ value: Value, fast: Bool) throws -> [UInt8] {
    let state = CompactEncodingState()
    state.writesFast = fast
    // As a container writes a value: by its fast encoder when it has one (a cache entry's `FileFacts`).
    try CompactFastEncoding.value(value, state, 0)
    state.close(downTo: 0)
    var output = magic
    output.reserveCapacity(state.body.count + state.strings.count * 12 + 8)
    CompactEncodingState.appendVarint(UInt64(state.strings.count), to: &output)
    for string in state.strings { CompactEncodingState.appendText(string, to: &output) }
    output.append(contentsOf: state.body)
    return output
  }

  public static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) throws -> Value {
    try decode(type, from: bytes, fast: true)
  }

  /// `fast: false` reads every value through its `Decodable` conformance (tests and the `facts` fuzz target compare
  /// both readings).
  @_spi(Testing) public static func decode<Value: Decodable>(
    _ type: Value.Type, from bytes: [UInt8], fast: Bool
  ) throws -> Value {
    try bytes.withUnsafeBufferPointer { try decode(type, from: $0, fast: fast) }
  }

  /// Decodes a blob where it lies (a cache's mapping): the bytes must stay valid until it returns.
  static func decode<Value: Decodable>(
    _ type: Value.Type, from buffer: UnsafeBufferPointer<UInt8>, fast: Bool = true
  ) throws -> Value {
    let reader = CompactReader(buffer)
    reader.readsFast = fast
    guard buffer.count >= magic.count, buffer.prefix(magic.count).elementsEqual(magic) else {
      throw reader.corrupted("not a compact blob")
    }
    var offset = magic.count
    let count = try reader.varint(at: &offset)
    guard count <= UInt64(buffer.count) else { throw reader.corrupted("string table too long") }
    var strings: [String] = []
    // A string takes at least one byte: a crafted count reserves no more than the blob holds.
    strings.reserveCapacity(min(Int(count), buffer.count - offset))
    for _ in 0..<count { strings.append(try reader.text(at: &offset)) }
    reader.strings = strings
    // As a container reads a value: by its fast decoder when it has one (a cache entry's `FileFacts`, the stored
    // result an unchanged run prints).
    return try CompactFastDecoding.value(Value.self, reader, at: offset, [])
  }
}

// MARK: - Encoding

enum CompactTag: UInt8 {
  case null = 1, falseValue, trueValue, signed, unsigned, double, string, keyed, unkeyed, position, range, location, bytes

  /// How many varints follow the tag of a position, a range or a location.
  var varints: Int? {
    switch self {
    case .signed, .unsigned, .string: return 1
    case .position: return 3
    case .range: return 6
    case .location: return 7
    default: return nil
    }
  }
}

/// What the encoders of one blob share: the output, the string table, and the containers still open.
///
/// Containers are written as they are filled; one is closed (its length, and count, filled in) when something is
/// written to a container further out, or at the end. `Codable` encodes strictly nested, so this is exact.
///
/// One state serves one blob on one thread, and every write goes through it: its stored properties opt out of the
/// run-time exclusivity check (`@exclusivity(unchecked)`), which cost a quarter of encoding a blob (a begin and an end
/// of access on every byte appended).
final class CompactEncodingState {
  @exclusivity(unchecked) var body: [UInt8] = []
  /// Whether `CompactFastEncoding` writes the values it knows.
  var writesFast = true
  /// The blob's strings by number (`CompactStringTable`).
  var strings: [String] { table.strings }
  @exclusivity(unchecked) private var table = CompactStringTable()
  /// The open containers, outermost first: where their header is, and how many values an unkeyed one holds.
  @exclusivity(unchecked) private var open: [(start: Int, count: Int?)] = []
  /// The file of the last location written, and its number: a blob's locations are nearly all in its own file, and
  /// comparing two paths' bytes costs less than looking one up.
  @exclusivity(unchecked) private var lastFile: (name: String, number: Int)?

  func number(of string: String) -> Int { table.number(of: string) }

  /// Closes the containers deeper than `depth`.
  func close(downTo depth: Int) {
    while open.count > depth {
      let container = open.removeLast()
      let length = UInt32(truncatingIfNeeded: body.count - container.start - 5)
      write(length, at: container.start + 1)
      if let count = container.count { write(UInt32(truncatingIfNeeded: count), at: container.start + 5) }
    }
  }

  private func write(_ value: UInt32, at offset: Int) {
    for index in 0..<4 { body[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(index))) }
  }

  /// Opens a container at `depth` (closing any deeper one first); returns the depth of its values.
  func openContainer(keyed: Bool, depth: Int) -> Int {
    close(downTo: depth)
    open.append((body.count, keyed ? nil : 0))
    body.append(keyed ? CompactTag.keyed.rawValue : CompactTag.unkeyed.rawValue)
    body.append(contentsOf: [0, 0, 0, 0])
    if !keyed { body.append(contentsOf: [0, 0, 0, 0]) }
    return open.count
  }

  /// Before a value is written into the container at `depth`: closes deeper ones, counts the value.
  func beginValue(depth: Int) {
    close(downTo: depth)
    if depth > 0, open[depth - 1].count != nil { open[depth - 1].count! += 1 }
  }

  func beginEntry(key: String, depth: Int) {
    close(downTo: depth)
    CompactEncodingState.appendVarint(UInt64(number(of: key) + 1), to: &body)
  }

  /// The numbers of the keys `CompactFastEncoding` writes, by the address of their static text: each key is looked up
  /// in `table` once per blob, not on every entry. Open addressing; its keys fill under half the slots.
  @exclusivity(unchecked) private var staticKeys = [(text: UnsafeRawPointer?, number: Int)](
    repeating: (nil, 0), count: 128
  )

  /// `beginEntry(key:depth:)` for a key spelled in the source: the same bytes.
  func beginEntry(staticKey key: StaticString, depth: Int) {
    close(downTo: depth)
    CompactEncodingState.appendVarint(UInt64(number(ofStaticKey: key) + 1), to: &body)
  }

  private func number(ofStaticKey key: StaticString) -> Int {
    let text = UnsafeRawPointer(key.utf8Start)
    var slot = (Int(bitPattern: text) >> 3) & (staticKeys.count - 1)
    for _ in staticKeys.indices {
      guard let held = staticKeys[slot].text else {
        let found = number(of: key.description)
        staticKeys[slot] = (text, found)
        return found
      }
      if held == text { return staticKeys[slot].number }
      slot = (slot + 1) & (staticKeys.count - 1)
    }
    // A full table (more keys than slots): hashed as any key.
    return number(of: key.description)
  }

  func writeTag(_ tag: CompactTag) { body.append(tag.rawValue) }

  func writeSigned(_ value: Int64) {
    body.append(CompactTag.signed.rawValue)
    Self.appendZigzag(value, to: &body)
  }

  func writeUnsigned(_ value: UInt64) {
    body.append(CompactTag.unsigned.rawValue)
    Self.appendVarint(value, to: &body)
  }

  func writeDouble(_ value: Double) {
    body.append(CompactTag.double.rawValue)
    let bits = value.bitPattern
    for index in 0..<8 { body.append(UInt8(truncatingIfNeeded: bits >> (8 * UInt64(index)))) }
  }

  func writePosition(_ position: SourcePosition) {
    appendZigzag(Int64(position.line))
    appendZigzag(Int64(position.column))
    appendZigzag(Int64(position.offset))
  }

  func writeRange(_ range: SourceRange) {
    writePosition(range.start)
    writePosition(range.end)
  }

  func writeLocation(_ location: SourceLocation) {
    body.append(CompactTag.location.rawValue)
    let file: Int
    // Compared by bytes, as `CompactStringTable` compares: a path spelled NFD after one spelled NFC is another string.
    if let last = lastFile, DirectoryListings.sameBytes(last.name, location.file) {
      file = last.number
    } else {
      file = number(of: location.file)
      lastFile = (location.file, file)
    }
    Self.appendVarint(UInt64(file), to: &body)
    writeRange(location.range)
  }

  private func appendZigzag(_ value: Int64) { Self.appendZigzag(value, to: &body) }

  /// A signed value as a varint of its zigzag form (small magnitudes, small varints); `CompactReader.zigzag` reads it.
  static func appendZigzag(_ value: Int64, to bytes: inout [UInt8]) {
    appendVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)), to: &bytes)
  }

  /// A string as its UTF-8 byte count (a varint) and bytes; `CompactReader.text` reads it.
  static func appendText(_ value: String, to bytes: inout [UInt8]) {
    appendVarint(UInt64(value.utf8.count), to: &bytes)
    bytes.append(contentsOf: value.utf8)
  }

  func writeBytes(_ value: [UInt8]) {
    body.append(CompactTag.bytes.rawValue)
    Self.appendVarint(UInt64(value.count), to: &body)
    body.append(contentsOf: value)
  }

  func writeString(_ value: String) {
    body.append(CompactTag.string.rawValue)
    Self.appendVarint(UInt64(number(of: value)), to: &body)
  }

  static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }
}

/// Writes one value: `depth` is the depth of the container it goes into (0: the blob itself).
private struct CompactEncoder: Encoder {
  let state: CompactEncodingState
  let depth: Int
  var codingPath: [any CodingKey] = []
  var userInfo: [CodingUserInfoKey: Any] = [:]

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(CompactKeyedEncoder<Key>(state: state, depth: state.openContainer(keyed: true, depth: depth)))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    CompactUnkeyedEncoder(state: state, depth: state.openContainer(keyed: false, depth: depth))
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { CompactSingleEncoder(state: state, depth: depth) }
}

extension CompactFastEncoding {
  /// Any value into the slot prepared at `depth`, as a container writes it (its fast encoder, or `Encodable`).
  static func value<Value: Encodable>(_ value: Value, _ state: CompactEncodingState, _ depth: Int) throws {
    try CompactSingleEncoder(state: state, depth: depth).write(value)
  }
}

/// The scalar writes every container shares, once the slot is prepared.
private protocol CompactScalarWriter {
  var state: CompactEncodingState { get }
  var depth: Int { get }
}

extension CompactScalarWriter {
  /// Scalars by their static type, never by a dynamic cast of the value (an empty array of any type casts to `[UInt8]`).
  func write<T: Encodable>(_ value: T) throws {
    // Metatypes compared by identity: `case is X.Type` cast the metatype at run time, for every scalar written.
    switch ObjectIdentifier(T.self) {
    case ObjectIdentifier(String.self): state.writeString(value as! String)
    case ObjectIdentifier(SourceLocation.self): state.writeLocation(value as! SourceLocation)
    case ObjectIdentifier(SourceRange.self):
      state.writeTag(.range)
      state.writeRange(value as! SourceRange)
    case ObjectIdentifier(SourcePosition.self):
      state.writeTag(.position)
      state.writePosition(value as! SourcePosition)
    case ObjectIdentifier(Bool.self): state.writeTag(value as! Bool ? .trueValue : .falseValue)
    case ObjectIdentifier(Int.self): state.writeSigned(Int64(value as! Int))
    case ObjectIdentifier(Int64.self): state.writeSigned(value as! Int64)
    case ObjectIdentifier(Int32.self): state.writeSigned(Int64(value as! Int32))
    case ObjectIdentifier(Int16.self): state.writeSigned(Int64(value as! Int16))
    case ObjectIdentifier(Int8.self): state.writeSigned(Int64(value as! Int8))
    case ObjectIdentifier(UInt.self): state.writeUnsigned(UInt64(value as! UInt))
    case ObjectIdentifier(UInt64.self): state.writeUnsigned(value as! UInt64)
    case ObjectIdentifier(UInt32.self): state.writeUnsigned(UInt64(value as! UInt32))
    case ObjectIdentifier(UInt16.self): state.writeUnsigned(UInt64(value as! UInt16))
    case ObjectIdentifier(UInt8.self): state.writeUnsigned(UInt64(value as! UInt8))
    case ObjectIdentifier(Double.self): state.writeDouble(value as! Double)
    case ObjectIdentifier(Float.self): state.writeDouble(Double(value as! Float))
    case ObjectIdentifier([UInt8].self): state.writeBytes(value as! [UInt8])
    default:
      // The most numerous values by hand (`CompactFastEncoding`); the rest through their `Encodable` conformance.
      // A set or a dictionary iterates in an order seeded per process: written sorted, the same facts make the same
      // bytes on every run (a shard is a build output that Bazel caches and compares).
      if T.self == Set<String>.self {
        try (value as! Set<String>).sorted().encode(to: CompactEncoder(state: state, depth: depth))
      } else if T.self == [String: String].self {
        let entries = state.openContainer(keyed: true, depth: depth)
        for (key, element) in (value as! [String: String]).sorted(by: { $0.key < $1.key }) {
          state.beginEntry(key: key, depth: entries)
          state.writeString(element)
        }
      } else if !state.writesFast {
        try value.encode(to: CompactEncoder(state: state, depth: depth))
      } else if T.self == SwiftTypeDeclaration.self {
        try CompactFastEncoding.swiftTypeDeclaration(value as! SwiftTypeDeclaration, state, depth: depth)
      } else if T.self == SwiftMember.self {
        CompactFastEncoding.swiftMember(value as! SwiftMember, state, depth: depth)
      } else if T.self == StringConstant.self {
        try CompactFastEncoding.stringConstant(value as! StringConstant, state, depth: depth)
      } else if T.self == ObjCClassDeclaration.self {
        CompactFastEncoding.objcClassDeclaration(value as! ObjCClassDeclaration, state, depth: depth)
      } else if T.self == IBObject.self {
        CompactFastEncoding.ibObject(value as! IBObject, state, depth: depth)
      } else if T.self == IBConnection.self {
        CompactFastEncoding.ibConnection(value as! IBConnection, state, depth: depth)
      } else if T.self == FileFacts.self {
        try CompactFastEncoding.fileFacts(value as! FileFacts, state, depth: depth)
      } else if T.self == Registration.self {
        try CompactFastEncoding.registration(value as! Registration, state, depth: depth)
      } else if T.self == Dequeue.self {
        try CompactFastEncoding.dequeue(value as! Dequeue, state, depth: depth)
      } else if T.self == IdentifierExpression.self {
        try CompactFastEncoding.identifierExpression(value as! IdentifierExpression, state, depth: depth)
      } else if T.self == SelectorReference.self {
        CompactFastEncoding.selectorReference(value as! SelectorReference, state, depth: depth)
      } else if T.self == TableMethodFacts.self {
        try CompactFastEncoding.tableMethodFacts(value as! TableMethodFacts, state, depth: depth)
      } else {
        try value.encode(to: CompactEncoder(state: state, depth: depth))
      }
    }
  }
}

/// The most numerous values written straight into the blob, exactly as their synthesized `Encodable` conformance
/// writes them through `CompactEncoder` (keys in declaration order, `nil` optionals left out, raw values as strings):
/// writing element-ios's facts through `Codable` took a third of a first run with the cache. Each function writes one
/// value into the slot prepared at `depth`; `CompactCoderTests` compares the bytes with the `Codable` path's.
enum CompactFastEncoding {
  /// Opens the value's keyed container; returns the depth of its entries.
  static func keyed(_ state: CompactEncodingState, _ depth: Int) -> Int {
    state.openContainer(keyed: true, depth: depth)
  }

  static func string(_ key: StaticString, _ value: String, _ state: CompactEncodingState, _ depth: Int) {
    state.beginEntry(staticKey: key, depth: depth)
    state.writeString(value)
  }

  /// `encodeIfPresent`: nothing for `nil`.
  static func string(_ key: StaticString, _ value: String?, _ state: CompactEncodingState, _ depth: Int) {
    if let value { string(key, value, state, depth) }
  }

  static func bool(_ key: StaticString, _ value: Bool, _ state: CompactEncodingState, _ depth: Int) {
    state.beginEntry(staticKey: key, depth: depth)
    state.writeTag(value ? .trueValue : .falseValue)
  }

  static func location(_ key: StaticString, _ value: SourceLocation, _ state: CompactEncodingState, _ depth: Int) {
    state.beginEntry(staticKey: key, depth: depth)
    state.writeLocation(value)
  }

  /// An array under `key`, each element written by `element` into the slot prepared at the depth it is given.
  static func array<Element>(
    _ key: StaticString, _ values: [Element], _ state: CompactEncodingState, _ depth: Int,
    _ element: (Element, Int) throws -> Void
  ) rethrows {
    state.beginEntry(staticKey: key, depth: depth)
    let inner = state.openContainer(keyed: false, depth: depth)
    for value in values {
      state.beginValue(depth: inner)
      try element(value, inner)
    }
  }

  static func strings(_ key: StaticString, _ values: [String], _ state: CompactEncodingState, _ depth: Int) {
    array(key, values, state, depth) { value, _ in state.writeString(value) }
  }

  static func swiftTypeDeclaration(_ value: SwiftTypeDeclaration, _ state: CompactEncodingState, depth: Int) throws {
    let depth = keyed(state, depth)
    string("kind", value.kind.rawValue, state, depth)
    string("name", value.name, state, depth)
    strings("inheritedTypes", value.inheritedTypes, state, depth)
    strings("attributes", value.attributes, state, depth)
    string("objcName", value.objcName, state, depth)
    array("members", value.members, state, depth) { member, depth in swiftMember(member, state, depth: depth) }
    location("location", value.location, state, depth)
    location("nameLocation", value.nameLocation, state, depth)
  }

  static func swiftMember(_ value: SwiftMember, _ state: CompactEncodingState, depth: Int) {
    let depth = keyed(state, depth)
    string("kind", value.kind.rawValue, state, depth)
    string("name", value.name, state, depth)
    // `Optional.encode(to:)` writes a `nil` element as a null.
    array("argumentLabels", value.argumentLabels, state, depth) { label, _ in
      if let label { state.writeString(label) } else { state.writeTag(.null) }
    }
    array("exposure", value.exposure, state, depth) { exposure, _ in state.writeString(exposure.rawValue) }
    string("explicitObjCName", value.explicitObjCName, state, depth)
    string("selector", value.selector, state, depth)
    bool("isStatic", value.isStatic, state, depth)
    bool("isSettable", value.isSettable, state, depth)
    string("accessLevel", value.accessLevel, state, depth)
    string("typeName", value.typeName, state, depth)
    location("location", value.location, state, depth)
  }

  static func stringConstant(_ value: StringConstant, _ state: CompactEncodingState, depth: Int) throws {
    let depth = keyed(state, depth)
    string("owner", value.owner, state, depth)
    string("name", value.name, state, depth)
    state.beginEntry(staticKey: "value", depth: depth)
    try identifierExpression(value.value, state, depth: depth)
    bool("isStatic", value.isStatic, state, depth)
    bool("isEnumCase", value.isEnumCase, state, depth)
    location("location", value.location, state, depth)
  }

  static func objcClassDeclaration(_ value: ObjCClassDeclaration, _ state: CompactEncodingState, depth: Int) {
    let depth = keyed(state, depth)
    string("name", value.name, state, depth)
    string("superclass", value.superclass, state, depth)
    string("category", value.category, state, depth)
    strings("protocols", value.protocols, state, depth)
    array("properties", value.properties, state, depth) { property, depth in
      nameFlagsLocation(
        ("name", property.name), ("isOutlet", property.isOutlet), ("isReadOnly", property.isReadOnly),
        property.location, state, depth
      )
    }
    array("methods", value.methods, state, depth) { method, depth in
      nameFlagsLocation(
        ("selector", method.selector), ("isClassMethod", method.isClassMethod), ("isAction", method.isAction),
        method.location, state, depth
      )
    }
    strings("instanceVariables", value.instanceVariables, state, depth)
    bool("isImplementation", value.isImplementation, state, depth)
    location("location", value.location, state, depth)
  }

  /// An Objective-C property or method: a string, two flags and a location.
  private static func nameFlagsLocation(
    _ name: (StaticString, String), _ first: (StaticString, Bool), _ second: (StaticString, Bool),
    _ value: SourceLocation, _ state: CompactEncodingState, _ depth: Int
  ) {
    let depth = keyed(state, depth)
    string(name.0, name.1, state, depth)
    bool(first.0, first.1, state, depth)
    bool(second.0, second.1, state, depth)
    location("location", value, state, depth)
  }

  /// An object's or a cell's custom class, under `classReference`.
  static func classReference(_ value: IBClassReference, _ state: CompactEncodingState, _ depth: Int) {
    state.beginEntry(staticKey: "classReference", depth: depth)
    let reference = keyed(state, depth)
    string("customClass", value.customClass, state, reference)
    string("customModule", value.customModule, state, reference)
    string("customModuleProvider", value.customModuleProvider, state, reference)
  }

  static func ibObject(_ value: IBObject, _ state: CompactEncodingState, depth: Int) {
    let depth = keyed(state, depth)
    string("id", value.id, state, depth)
    string("element", value.element, state, depth)
    classReference(value.classReference, state, depth)
    string("placeholderIdentifier", value.placeholderIdentifier, state, depth)
    string("storyboardIdentifier", value.storyboardIdentifier, state, depth)
    string("userLabel", value.userLabel, state, depth)
    string("parentID", value.parentID, state, depth)
    string("sceneControllerID", value.sceneControllerID, state, depth)
    location("location", value.location, state, depth)
  }

  static func ibConnection(_ value: IBConnection, _ state: CompactEncodingState, depth: Int) {
    let depth = keyed(state, depth)
    string("kind", value.kind.rawValue, state, depth)
    string("id", value.id, state, depth)
    string("sourceID", value.sourceID, state, depth)
    string("destinationID", value.destinationID, state, depth)
    string("property", value.property, state, depth)
    string("selector", value.selector, state, depth)
    string("eventType", value.eventType, state, depth)
    string("segueKind", value.segueKind, state, depth)
    string("identifier", value.identifier, state, depth)
    string("unwindAction", value.unwindAction, state, depth)
    string("target", value.target, state, depth)
    location("location", value.location, state, depth)
    if let valueLocation = value.valueLocation { location("valueLocation", valueLocation, state, depth) }
  }
}

private struct CompactKeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol, CompactScalarWriter {
  let state: CompactEncodingState
  let depth: Int
  var codingPath: [any CodingKey] = []

  mutating func encodeNil(forKey key: Key) throws {
    state.beginEntry(key: key.stringValue, depth: depth)
    state.writeTag(.null)
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    state.beginEntry(key: key.stringValue, depth: depth)
    try write(value)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    state.beginEntry(key: key.stringValue, depth: depth)
    return KeyedEncodingContainer(
      CompactKeyedEncoder<NestedKey>(state: state, depth: state.openContainer(keyed: true, depth: depth))
    )
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    state.beginEntry(key: key.stringValue, depth: depth)
    return CompactUnkeyedEncoder(state: state, depth: state.openContainer(keyed: false, depth: depth))
  }

  mutating func superEncoder() -> any Encoder {
    state.beginEntry(key: "super", depth: depth)
    return CompactEncoder(state: state, depth: depth)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    state.beginEntry(key: key.stringValue, depth: depth)
    return CompactEncoder(state: state, depth: depth)
  }
}

private struct CompactUnkeyedEncoder: UnkeyedEncodingContainer, CompactScalarWriter {
  let state: CompactEncodingState
  let depth: Int
  var codingPath: [any CodingKey] = []
  var count = 0

  mutating func encodeNil() throws {
    state.beginValue(depth: depth)
    count += 1
    state.writeTag(.null)
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    state.beginValue(depth: depth)
    count += 1
    try write(value)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    state.beginValue(depth: depth)
    count += 1
    return KeyedEncodingContainer(
      CompactKeyedEncoder<NestedKey>(state: state, depth: state.openContainer(keyed: true, depth: depth))
    )
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    state.beginValue(depth: depth)
    count += 1
    return CompactUnkeyedEncoder(state: state, depth: state.openContainer(keyed: false, depth: depth))
  }

  mutating func superEncoder() -> any Encoder {
    state.beginValue(depth: depth)
    count += 1
    return CompactEncoder(state: state, depth: depth)
  }
}

private struct CompactSingleEncoder: SingleValueEncodingContainer, CompactScalarWriter {
  let state: CompactEncodingState
  let depth: Int
  var codingPath: [any CodingKey] = []

  mutating func encodeNil() throws { state.writeTag(.null) }
  mutating func encode<T: Encodable>(_ value: T) throws { try write(value) }
}

// MARK: - Decoding

/// The bytes of one blob and its string table, with bounds-checked reads.
final class CompactReader {
  let bytes: UnsafeBufferPointer<UInt8>
  /// Set once, before the value is read, and read for every string: no run-time exclusivity check on each read.
  @exclusivity(unchecked) var strings: [String] = []
  /// `false`: every value is read through its `Decodable` conformance, none by a fast decoder (tests compare both).
  var readsFast = true

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  func corrupted(_ message: String, _ path: [any CodingKey] = []) -> DecodingError {
    DecodingError.dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: "compact blob: \(message)"))
  }

  func byte(at offset: inout Int) throws -> UInt8 {
    guard offset < bytes.count else { throw corrupted("truncated") }
    defer { offset += 1 }
    return bytes[offset]
  }

  func varint(at offset: inout Int) throws -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let byte = try byte(at: &offset)
      guard shift < 64 else { throw corrupted("varint too long") }
      value |= UInt64(byte & 0x7f) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
  }

  func uint32(at offset: Int) throws -> Int {
    guard offset >= 0, offset + 4 <= bytes.count else { throw corrupted("truncated") }
    var value = 0
    for index in 0..<4 { value |= Int(bytes[offset + index]) << (8 * index) }
    return value
  }

  /// The offset just past the value at `offset`.
  func end(ofValueAt offset: Int) throws -> Int {
    var cursor = offset
    guard let tag = CompactTag(rawValue: try byte(at: &cursor)) else { throw corrupted("unknown tag") }
    switch tag {
    case .null, .falseValue, .trueValue: return cursor
    case .signed, .unsigned, .string, .position, .range, .location:
      for _ in 0..<tag.varints! { _ = try varint(at: &cursor) }
      return cursor
    case .double:
      guard cursor + 8 <= bytes.count else { throw corrupted("truncated") }
      return cursor + 8
    case .bytes:
      let count = try varint(at: &cursor)
      guard count <= UInt64(bytes.count - cursor) else { throw corrupted("bytes past the end") }
      return cursor + Int(count)
    case .keyed, .unkeyed:
      let length = try uint32(at: cursor)
      let end = cursor + 4 + length
      guard end <= bytes.count, length >= (tag == .unkeyed ? 4 : 0) else { throw corrupted("container past the end") }
      return end
    }
  }

  func signed(at offset: inout Int) throws -> Int { Int(truncatingIfNeeded: try zigzag(at: &offset)) }

  /// What `CompactEncodingState.appendZigzag` wrote.
  func zigzag(at offset: inout Int) throws -> Int64 { Self.unzigzag(try varint(at: &offset)) }

  static func unzigzag(_ raw: UInt64) -> Int64 { Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))) }

  /// What `CompactEncodingState.appendText` wrote (a count past the end throws; it is never trusted as an `Int`).
  func text(at offset: inout Int) throws -> String {
    String(decoding: try textBytes(at: &offset), as: UTF8.self)
  }

  /// The UTF-8 bytes of a text, as written (not yet repaired), without making a `String`.
  func textBytes(at offset: inout Int) throws -> UnsafeBufferPointer<UInt8> {
    let length = try varint(at: &offset)
    guard length <= UInt64(bytes.count - offset) else { throw corrupted("string past the end") }
    defer { offset += Int(length) }
    return UnsafeBufferPointer(rebasing: bytes[offset..<(offset + Int(length))])
  }

  /// The offset of the first entry of the keyed container at `offset`, and where the container ends.
  private func keyedBounds(at offset: Int, _ path: [any CodingKey]) throws -> (first: Int, end: Int) {
    var cursor = offset
    guard try byte(at: &cursor) == CompactTag.keyed.rawValue else {
      throw corrupted("expected a keyed container", path)
    }
    let end = cursor + 4 + (try uint32(at: cursor))
    guard end <= bytes.count else { throw corrupted("container past the end", path) }
    return (cursor + 4, end)
  }

  /// The entry of a keyed container at `cursor`, which it moves past the entry: its key's number in the string table
  /// and its value's offset. The entry must end by the container's `end`.
  @inline(__always)
  private func entry(at cursor: inout Int, end: Int, _ path: [any CodingKey]) throws -> (key: Int, value: Int) {
    let key = try varint(at: &cursor)
    guard key >= 1, key <= UInt64(strings.count) else { throw corrupted("no such key", path) }
    let value = cursor
    cursor = try self.end(ofValueAt: cursor)
    guard cursor <= end else { throw corrupted("container length", path) }
    return (Int(key - 1), value)
  }

  /// A keyed container's entries, in order: each key's number in the string table and its value's offset.
  /// A keyed container's entries. A key written twice (no encoder does) is refused: which of its values a reader
  /// took would depend on how it looks keys up.
  func keyedEntries(at offset: Int, _ path: [any CodingKey]) throws -> [(key: Int, value: Int)] {
    var (cursor, end) = try keyedBounds(at: offset, path)
    var entries: [(key: Int, value: Int)] = []
    while cursor < end {
      let entry = try entry(at: &cursor, end: end, path)
      if entries.contains(where: { $0.key == entry.key || strings[$0.key] == strings[entry.key] }) {
        throw corrupted("a key twice in one container", path)
      }
      entries.append(entry)
    }
    return entries
  }

  /// For each `CompactFieldList`, each string-table entry's field as a key: its index in the list's `all`, -1 for
  /// none, -2 until the entry is first met as that list's key. Each key string is compared with the field names once
  /// per blob, not once per container.
  private var fieldTables = Array(repeating: [Int8](), count: CompactFieldList.allCases.count)

  /// Calls `body` with each field of the keyed container at `offset` that `Field` names, in order, and its value's
  /// offset; keys it does not name are skipped. Returns the fields met, a bit each by their index in `Field.all`.
  @discardableResult
  func forEachField<Field: CompactFields>(
    of _: Field.Type, at offset: Int, _ path: [any CodingKey], _ body: (Field, Int) throws -> Void
  ) throws -> UInt64 {
    var (cursor, end) = try keyedBounds(at: offset, path)
    let table = Field.list.rawValue
    if fieldTables[table].isEmpty { fieldTables[table] = Array(repeating: -2, count: strings.count) }
    // A field met twice is refused, as `keyedEntries` refuses it (a list has fewer than 64 fields).
    var seen: UInt64 = 0
    while cursor < end {
      let (key, value) = try entry(at: &cursor, end: end, path)
      var field = fieldTables[table][key]
      if field == -2 {
        let name = strings[key]
        field = Field.all.firstIndex { $0.rawValue == name }.map(Int8.init) ?? -1
        fieldTables[table][key] = field
      }
      guard field >= 0 else { continue }
      guard seen & (1 << UInt64(field)) == 0 else { throw corrupted("a key twice in one container", path) }
      seen |= 1 << UInt64(field)
      try body(Field.all[Int(field)], value)
    }
    return seen
  }

  /// An unkeyed container's first value, end and count.
  func unkeyedBounds(at offset: Int, _ path: [any CodingKey]) throws -> (first: Int, end: Int, count: Int) {
    var cursor = offset
    guard try byte(at: &cursor) == CompactTag.unkeyed.rawValue else {
      throw corrupted("expected an unkeyed container", path)
    }
    let end = cursor + 4 + (try uint32(at: cursor))
    let count = try uint32(at: cursor + 4)
    guard end <= bytes.count, count <= end - cursor else { throw corrupted("container past the end", path) }
    return (cursor + 8, end, count)
  }

  func position(at offset: inout Int) throws -> SourcePosition {
    SourcePosition(line: try signed(at: &offset), column: try signed(at: &offset), offset: try signed(at: &offset))
  }

  func range(at offset: inout Int) throws -> SourceRange {
    SourceRange(start: try position(at: &offset), end: try position(at: &offset))
  }

  /// A location's file (its string number) and range, after the tag.
  func location(at offset: inout Int) throws -> SourceLocation {
    let file = try string(number: varint(at: &offset))
    return SourceLocation(file: file, range: try range(at: &offset))
  }

  func string(number: UInt64) throws -> String {
    guard number < UInt64(strings.count) else { throw corrupted("no such string") }
    return strings[Int(number)]
  }
}

struct CompactDecoder: Decoder {
  let reader: CompactReader
  let offset: Int
  var codingPath: [any CodingKey] = []
  var userInfo: [CodingUserInfoKey: Any] = [:]

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(try CompactKeyedDecoder<Key>(reader: reader, offset: offset, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try CompactUnkeyedDecoder(reader: reader, offset: offset, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    CompactSingleDecoder(reader: reader, offset: offset, codingPath: codingPath)
  }
}

/// Reads scalars at an offset; shared by every container.
private protocol CompactScalarReader {
  var reader: CompactReader { get }
  var codingPath: [any CodingKey] { get }
}

extension CompactScalarReader {
  func isNil(at offset: Int) throws -> Bool {
    guard offset < reader.bytes.count else { throw reader.corrupted("truncated", codingPath) }
    return reader.bytes[offset] == CompactTag.null.rawValue
  }

  /// A value of a type with a fast decoder (`CompactFastDecoding`): the facts a cache holds, read without
  /// `Codable`'s containers. `nil` for any other type, and when the reader is asked to read through `Codable` only
  /// (tests compare both readings).
  func readFast<T: Decodable>(_ type: T.Type, at offset: Int) throws -> T? {
    guard reader.readsFast else { return nil }
    func cast<Value>(_ value: Value) -> T? { .some(value as! T) }
    if T.self == SwiftMember.self { return cast(try CompactFastDecoding.swiftMember(reader, at: offset, codingPath)) }
    if T.self == SwiftTypeDeclaration.self {
      return cast(try CompactFastDecoding.swiftTypeDeclaration(reader, at: offset, codingPath))
    }
    if T.self == StringConstant.self {
      return cast(try CompactFastDecoding.stringConstant(reader, at: offset, codingPath))
    }
    if T.self == IdentifierExpression.self {
      return cast(try CompactFastDecoding.identifierExpression(reader, at: offset, codingPath))
    }
    if T.self == ObjCClassDeclaration.self {
      return cast(try CompactFastDecoding.objcClassDeclaration(reader, at: offset, codingPath))
    }
    // The findings an unchanged run prints: through `Codable`, their first use was most of a run that reuses them.
    if T.self == FactsCache.StoredResult.self {
      return cast(try CompactFastDecoding.storedResult(reader, at: offset, codingPath))
    }
    if T.self == FileFacts.self { return cast(try CompactFastDecoding.fileFacts(reader, at: offset, codingPath)) }
    if T.self == SwiftFileFacts.self {
      return cast(try CompactFastDecoding.swiftFileFacts(reader, at: offset, codingPath))
    }
    if T.self == SwiftTableFacts.self {
      return cast(try CompactFastDecoding.swiftTableFacts(reader, at: offset, codingPath))
    }
    if T.self == SuppressionFacts.self {
      return cast(try CompactFastDecoding.suppressionFacts(reader, at: offset, codingPath))
    }
    if T.self == ObjectiveCFileFacts.self {
      return cast(try CompactFastDecoding.objectiveCFileFacts(reader, at: offset, codingPath))
    }
    if T.self == InterfaceBuilderDocument.self {
      return cast(try CompactFastDecoding.interfaceBuilderDocument(reader, at: offset, codingPath))
    }
    if T.self == IBObject.self { return cast(try CompactFastDecoding.ibObject(reader, at: offset, codingPath)) }
    if T.self == IBConnection.self { return cast(try CompactFastDecoding.ibConnection(reader, at: offset, codingPath)) }
    if T.self == Registration.self { return cast(try CompactFastDecoding.registration(reader, at: offset, codingPath)) }
    if T.self == Dequeue.self { return cast(try CompactFastDecoding.dequeue(reader, at: offset, codingPath)) }
    if T.self == NibReference.self { return cast(try CompactFastDecoding.nibReference(reader, at: offset, codingPath)) }
    if T.self == SelectorReference.self {
      return cast(try CompactFastDecoding.selectorReference(reader, at: offset, codingPath))
    }
    if T.self == TargetActionUse.self {
      return cast(try CompactFastDecoding.targetActionUse(reader, at: offset, codingPath))
    }
    if T.self == TableMethodFacts.self {
      return cast(try CompactFastDecoding.tableMethodFacts(reader, at: offset, codingPath))
    }
    if T.self == EnumCaseList.self { return cast(try CompactFastDecoding.enumCaseList(reader, at: offset, codingPath)) }
    if T.self == IBCell.self { return cast(try CompactFastDecoding.ibCell(reader, at: offset, codingPath)) }
    return nil
  }

  func read<T: Decodable>(_ type: T.Type, at offset: Int) throws -> T {
    if let value = try readFast(type, at: offset) { return value }
    var cursor = offset
    let tag = try reader.byte(at: &cursor)
    func mismatch() -> DecodingError {
      DecodingError.typeMismatch(T.self, DecodingError.Context(codingPath: codingPath, debugDescription: "compact blob: tag \(tag)"))
    }
    func integer<I: FixedWidthInteger>(_: I.Type) throws -> I {
      let raw = try reader.varint(at: &cursor)
      if tag == CompactTag.signed.rawValue {
        let value = CompactReader.unzigzag(raw)
        guard let result = I(exactly: value) else { throw mismatch() }
        return result
      }
      guard tag == CompactTag.unsigned.rawValue, let result = I(exactly: raw) else { throw mismatch() }
      return result
    }
    // Metatypes compared by identity, as `write` does: a cast of the metatype for every scalar read cost more.
    switch ObjectIdentifier(type) {
    case ObjectIdentifier(String.self):
      guard tag == CompactTag.string.rawValue else { throw mismatch() }
      return try reader.string(number: reader.varint(at: &cursor)) as! T
    case ObjectIdentifier(SourceLocation.self):
      guard tag == CompactTag.location.rawValue else { throw mismatch() }
      return try reader.location(at: &cursor) as! T
    case ObjectIdentifier(SourceRange.self):
      guard tag == CompactTag.range.rawValue else { throw mismatch() }
      return try reader.range(at: &cursor) as! T
    case ObjectIdentifier([UInt8].self):
      guard tag == CompactTag.bytes.rawValue else { throw mismatch() }
      let count = try reader.varint(at: &cursor)
      guard count <= UInt64(reader.bytes.count - cursor) else { throw mismatch() }
      return Array(reader.bytes[cursor..<(cursor + Int(count))]) as! T
    case ObjectIdentifier(SourcePosition.self):
      guard tag == CompactTag.position.rawValue else { throw mismatch() }
      return try reader.position(at: &cursor) as! T
    case ObjectIdentifier(Bool.self):
      guard tag == CompactTag.trueValue.rawValue || tag == CompactTag.falseValue.rawValue else { throw mismatch() }
      return (tag == CompactTag.trueValue.rawValue) as! T
    case ObjectIdentifier(Int.self): return try integer(Int.self) as! T
    case ObjectIdentifier(Int64.self): return try integer(Int64.self) as! T
    case ObjectIdentifier(Int32.self): return try integer(Int32.self) as! T
    case ObjectIdentifier(Int16.self): return try integer(Int16.self) as! T
    case ObjectIdentifier(Int8.self): return try integer(Int8.self) as! T
    case ObjectIdentifier(UInt.self): return try integer(UInt.self) as! T
    case ObjectIdentifier(UInt64.self): return try integer(UInt64.self) as! T
    case ObjectIdentifier(UInt32.self): return try integer(UInt32.self) as! T
    case ObjectIdentifier(UInt16.self): return try integer(UInt16.self) as! T
    case ObjectIdentifier(UInt8.self): return try integer(UInt8.self) as! T
    case ObjectIdentifier(Double.self), ObjectIdentifier(Float.self):
      guard tag == CompactTag.double.rawValue, cursor + 8 <= reader.bytes.count else { throw mismatch() }
      var bits: UInt64 = 0
      for index in 0..<8 { bits |= UInt64(reader.bytes[cursor + index]) << (8 * UInt64(index)) }
      let double = Double(bitPattern: bits)
      return (type is Float.Type ? Float(double) as Any : double as Any) as! T
    default:
      return try T(from: CompactDecoder(reader: reader, offset: offset, codingPath: codingPath))
    }
  }
}

/// Outside the generic container: a class nested in it would be generic too, its metadata looked up at run time for
/// every container made (a quarter of decoding a cache's facts).
private final class CompactKeyHint {
  @exclusivity(unchecked) var next = 0
}

private struct CompactKeyedDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol, CompactScalarReader {
  let reader: CompactReader
  let codingPath: [any CodingKey]
  /// Each entry's key (its number in the string table) and the offset of its value, in order.
  private let entries: [(key: Int, value: Int)]
  /// Where to look first: just past the last key found (keys are mostly asked for in the order they were written).
  private let hint = CompactKeyHint()

  init(reader: CompactReader, offset: Int, codingPath: [any CodingKey]) throws {
    self.reader = reader
    self.codingPath = codingPath
    entries = try reader.keyedEntries(at: offset, codingPath)
  }

  private func offset(of key: Key) -> Int? {
    let name = key.stringValue
    guard !entries.isEmpty else { return nil }
    for step in 0..<entries.count {
      let index = (hint.next + step) % entries.count
      if reader.strings[entries[index].key] == name {
        hint.next = index + 1
        return entries[index].value
      }
    }
    return nil
  }

  private func require(_ key: Key) throws -> Int {
    guard let offset = offset(of: key) else {
      throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "compact blob"))
    }
    return offset
  }

  var allKeys: [Key] { entries.compactMap { Key(stringValue: reader.strings[$0.key]) } }
  func contains(_ key: Key) -> Bool { offset(of: key) != nil }
  func decodeNil(forKey key: Key) throws -> Bool { try isNil(at: try require(key)) }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try read(type, at: try require(key))
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    KeyedDecodingContainer(
      try CompactKeyedDecoder<NestedKey>(reader: reader, offset: try require(key), codingPath: codingPath + [key])
    )
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try CompactUnkeyedDecoder(reader: reader, offset: try require(key), codingPath: codingPath + [key])
  }

  func superDecoder() throws -> any Decoder {
    guard let offset = entries.first(where: { reader.strings[$0.key] == "super" })?.value else {
      throw reader.corrupted("no super", codingPath)
    }
    return CompactDecoder(reader: reader, offset: offset, codingPath: codingPath)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    CompactDecoder(reader: reader, offset: try require(key), codingPath: codingPath + [key])
  }
}

private struct CompactUnkeyedDecoder: UnkeyedDecodingContainer, CompactScalarReader {
  let reader: CompactReader
  let codingPath: [any CodingKey]
  let count: Int?
  private(set) var currentIndex = 0
  private var cursor: Int
  private let end: Int

  init(reader: CompactReader, offset: Int, codingPath: [any CodingKey]) throws {
    self.reader = reader
    self.codingPath = codingPath
    let bounds = try reader.unkeyedBounds(at: offset, codingPath)
    (cursor, end, count) = (bounds.first, bounds.end, bounds.count)
  }

  var isAtEnd: Bool { currentIndex >= count! || cursor >= end }

  private mutating func next() throws -> Int {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(Any.self, DecodingError.Context(codingPath: codingPath, debugDescription: "compact blob: past the end"))
    }
    let offset = cursor
    cursor = try reader.end(ofValueAt: offset)
    guard cursor <= end else { throw reader.corrupted("value past its container", codingPath) }
    currentIndex += 1
    return offset
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, try isNil(at: cursor) else { return false }
    _ = try next()
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(type, at: try next()) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
    KeyedDecodingContainer(try CompactKeyedDecoder<NestedKey>(reader: reader, offset: try next(), codingPath: codingPath))
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try CompactUnkeyedDecoder(reader: reader, offset: try next(), codingPath: codingPath)
  }

  mutating func superDecoder() throws -> any Decoder {
    CompactDecoder(reader: reader, offset: try next(), codingPath: codingPath)
  }
}

private struct CompactSingleDecoder: SingleValueDecodingContainer, CompactScalarReader {
  let reader: CompactReader
  let offset: Int
  let codingPath: [any CodingKey]

  func decodeNil() -> Bool { (try? isNil(at: offset)) ?? false }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(type, at: offset) }
}

/// The keys of a value `CompactFastDecoding` reads, spelled as the synthesized `Codable` conformance writes them.
protocol CompactFields: RawRepresentable<String>, CaseIterable, Equatable {
  /// `allCases`, made once (`CompactReader` stores a key's index in it).
  static var all: [Self] { get }
  /// Which of the reader's look-up tables is this list's.
  static var list: CompactFieldList { get }
}

/// One look-up table per list of fields a fast decoder reads.
enum CompactFieldList: Int, CaseIterable {
  case stringConstant, typeDeclaration, objcClass, objcProperty, objcMethod, ibObject, ibClassReference, ibConnection
  case member, storedResult, finding, relatedLocation, fix, fixEdit, swiftFile, objectiveCFile, interfaceBuilderDocument
  case fileFacts, swiftTable, suppressions, registration, dequeue, nibReference, genericHelperCall, selectorReference
  case targetAction, tableMethod, tableMethodReturn, sectionCase, enumCaseList, ibCell
}

/// Values decoded straight from the blob, in the format `Codable` wrote them (the synthesized keys, raw values as
/// strings, `nil` optionals left out): `SwiftMember`s are a third of a cache's values, and `Codable` spent most of
/// their time on the run-time metadata of its generic containers. What tablelint writes decodes to the values the
/// synthesized `init(from:)` gives (unknown keys are skipped); a missing key or a wrong tag throws.
enum CompactFastDecoding {
  static func tag(_ reader: CompactReader, at offset: Int) throws -> UInt8 {
    var cursor = offset
    return try reader.byte(at: &cursor)
  }

  static func string(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> String {
    var cursor = offset
    guard try reader.byte(at: &cursor) == CompactTag.string.rawValue else {
      throw reader.corrupted("expected a string", path)
    }
    return try reader.string(number: reader.varint(at: &cursor))
  }

  static func bool(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> Bool {
    switch try tag(reader, at: offset) {
    case CompactTag.trueValue.rawValue: return true
    case CompactTag.falseValue.rawValue: return false
    default: throw reader.corrupted("expected a Bool", path)
    }
  }

  static func raw<Value: RawRepresentable>(
    _: Value.Type, _ reader: CompactReader, at offset: Int, _ path: [any CodingKey]
  ) throws -> Value where Value.RawValue == String {
    guard let value = Value(rawValue: try string(reader, at: offset, path)) else {
      throw reader.corrupted("no such case of \(Value.self)", path)
    }
    return value
  }

  /// A value as a container reads it: by a fast decoder when its type has one, through `Codable` otherwise.
  static func value<Value: Decodable>(
    _ type: Value.Type, _ reader: CompactReader, at offset: Int, _ path: [any CodingKey]
  ) throws -> Value {
    try CompactSingleDecoder(reader: reader, offset: offset, codingPath: path).read(type, at: offset)
  }

  /// An array's elements, each read as `value` reads it: without `Array`'s generic `Decodable` conformance and its
  /// container (a file's facts hold a dozen arrays, most of them empty, each one a run-time look-up of generic types).
  static func array<Element: Decodable>(
    _ type: Element.Type, _ reader: CompactReader, at offset: Int, _ path: [any CodingKey]
  ) throws -> [Element] {
    try elements(reader, at: offset, path).map { try value(type, reader, at: $0, path) }
  }

  /// A set's elements, as the synthesized `Set.init(from:)` reads them (a repeated element is kept once).
  static func set<Element: Decodable & Hashable>(
    _ type: Element.Type, _ reader: CompactReader, at offset: Int, _ path: [any CodingKey]
  ) throws -> Set<Element> {
    Set(try array(type, reader, at: offset, path))
  }

  /// An unkeyed container's value offsets: `count` values, or fewer when the container ends first (the synthesized
  /// `Array.init(from:)` reads until `isAtEnd`).
  static func elements(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> [Int] {
    var (cursor, end, count) = try reader.unkeyedBounds(at: offset, path)
    var offsets: [Int] = []
    offsets.reserveCapacity(count)
    while offsets.count < count, cursor < end {
      offsets.append(cursor)
      cursor = try reader.end(ofValueAt: cursor)
      guard cursor <= end else { throw reader.corrupted("value past its container", path) }
    }
    return offsets
  }

  /// A string, or `nil` for a null.
  static func optionalString(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> String? {
    try tag(reader, at: offset) == CompactTag.null.rawValue ? nil : try string(reader, at: offset, path)
  }

  static func sourceLocation(
    _ reader: CompactReader, at offset: Int, _ path: [any CodingKey]
  ) throws -> SourceLocation {
    var cursor = offset
    guard try reader.byte(at: &cursor) == CompactTag.location.rawValue else {
      throw reader.corrupted("expected a location", path)
    }
    return try reader.location(at: &cursor)
  }

  /// A constant's or an identifier's expression (`enumCase`'s shape); anything unexpected goes through `Codable`,
  /// which throws where the blob is wrong.
  static func identifierExpression(
    _ reader: CompactReader, at offset: Int, _ path: [any CodingKey]
  ) throws -> IdentifierExpression {
    switch try enumCase(reader, at: offset, path) {
    case ("literal", let values)?:
      if let value = values["_0"] { return .literal(try string(reader, at: value, path)) }
    case ("typeName", let values)?:
      if let value = values["_0"] { return .typeName(try string(reader, at: value, path)) }
    case ("reference", let values)?:
      if let value = values["path"] { return .reference(path: try strings(reader, at: value, path)) }
    case ("rawValue", let values)?:
      if let caseName = values["caseName"] {
        let enumType = try values["enumType"].flatMap { try optionalString(reader, at: $0, path) }
        return .rawValue(enumType: enumType, caseName: try string(reader, at: caseName, path))
      }
    case ("genericHelper", let values)?:
      if let call = values["_0"] { return .genericHelper(try genericHelperCall(reader, at: call, path)) }
    case ("selfTypeName", _)?: return .selfTypeName
    case ("unknown", _)?: return .unknown
    default: break
    }
    return try IdentifierExpression(from: CompactDecoder(reader: reader, offset: offset, codingPath: path))
  }

  private enum ConstantField: String, CompactFields {
    case owner, name, value, isStatic, isEnumCase, location
    static let all = allCases
    static let list = CompactFieldList.stringConstant
  }

  /// A string-valued constant (`static let reuseID = "Photo"`), with its expression.
  static func stringConstant(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> StringConstant {
    var owner: String?
    var name: String?
    var value: IdentifierExpression?
    var isStatic: Bool?
    var isEnumCase: Bool?
    var location: SourceLocation?
    try reader.forEachField(of: ConstantField.self, at: offset, path) { field, entry in
      switch field {
      case .owner: owner = try optionalString(reader, at: entry, path)
      case .name: name = try string(reader, at: entry, path)
      case .value: value = try identifierExpression(reader, at: entry, path)
      case .isStatic: isStatic = try bool(reader, at: entry, path)
      case .isEnumCase: isEnumCase = try bool(reader, at: entry, path)
      case .location: location = try sourceLocation(reader, at: entry, path)
      }
    }
    guard let name, let value, let isStatic, let isEnumCase, let location else {
      throw reader.corrupted("a constant without one of its keys", path)
    }
    return StringConstant(
      owner: owner, name: name, value: value, isStatic: isStatic, isEnumCase: isEnumCase, location: location
    )
  }

  private enum TypeDeclarationField: String, CompactFields {
    case kind, name, inheritedTypes, attributes, objcName, members, location, nameLocation
    static let all = allCases
    static let list = CompactFieldList.typeDeclaration
  }

  /// A Swift type declaration or extension, with its members (`swiftMember`).
  static func swiftTypeDeclaration(
    _ reader: CompactReader, at offset: Int, _ path: [any CodingKey]
  ) throws -> SwiftTypeDeclaration {
    var kind: TypeKind?
    var name: String?
    var inheritedTypes: [String]?
    var attributes: [String]?
    var objcName: String?
    var members: [SwiftMember]?
    var location: SourceLocation?
    var nameLocation: SourceLocation?
    try reader.forEachField(of: TypeDeclarationField.self, at: offset, path) { field, value in
      switch field {
      case .kind: kind = try raw(TypeKind.self, reader, at: value, path)
      case .name: name = try string(reader, at: value, path)
      case .inheritedTypes:
        inheritedTypes = try elements(reader, at: value, path).map { try string(reader, at: $0, path) }
      case .attributes: attributes = try elements(reader, at: value, path).map { try string(reader, at: $0, path) }
      case .objcName: objcName = try optionalString(reader, at: value, path)
      case .members: members = try elements(reader, at: value, path).map { try swiftMember(reader, at: $0, path) }
      case .location: location = try sourceLocation(reader, at: value, path)
      case .nameLocation: nameLocation = try sourceLocation(reader, at: value, path)
      }
    }
    guard let kind, let name, let inheritedTypes, let attributes, let members, let location, let nameLocation else {
      throw reader.corrupted("a type declaration without one of its keys", path)
    }
    return SwiftTypeDeclaration(
      kind: kind, name: name, inheritedTypes: inheritedTypes, attributes: attributes, objcName: objcName,
      members: members, location: location, nameLocation: nameLocation
    )
  }

  private enum ObjCClassField: String, CompactFields {
    case name, superclass, category, protocols, properties, methods, instanceVariables, isImplementation, location
    static let all = allCases
    static let list = CompactFieldList.objcClass
  }

  /// An Objective-C `@interface`, `@implementation` or category, with its properties and methods.
  static func objcClassDeclaration(
    _ reader: CompactReader, at offset: Int, _ path: [any CodingKey]
  ) throws -> ObjCClassDeclaration {
    var name: String?
    var superclass: String?
    var category: String?
    var protocols: [String]?
    var properties: [ObjCProperty]?
    var methods: [ObjCMethod]?
    var instanceVariables: [String]?
    var isImplementation: Bool?
    var location: SourceLocation?
    try reader.forEachField(of: ObjCClassField.self, at: offset, path) { field, value in
      switch field {
      case .name: name = try string(reader, at: value, path)
      case .superclass: superclass = try optionalString(reader, at: value, path)
      case .category: category = try optionalString(reader, at: value, path)
      case .protocols: protocols = try elements(reader, at: value, path).map { try string(reader, at: $0, path) }
      case .properties:
        properties = try elements(reader, at: value, path).map { try objcProperty(reader, at: $0, path) }
      case .methods: methods = try elements(reader, at: value, path).map { try objcMethod(reader, at: $0, path) }
      case .instanceVariables:
        instanceVariables = try elements(reader, at: value, path).map { try string(reader, at: $0, path) }
      case .isImplementation: isImplementation = try bool(reader, at: value, path)
      case .location: location = try sourceLocation(reader, at: value, path)
      }
    }
    guard let name, let protocols, let properties, let methods, let instanceVariables, let isImplementation,
      let location
    else { throw reader.corrupted("an Objective-C class without one of its keys", path) }
    return ObjCClassDeclaration(
      name: name, superclass: superclass, category: category, protocols: protocols, properties: properties,
      methods: methods, instanceVariables: instanceVariables, isImplementation: isImplementation, location: location
    )
  }

  private enum ObjCPropertyField: String, CompactFields {
    case name, isOutlet, isReadOnly, location
    static let all = allCases
    static let list = CompactFieldList.objcProperty
  }

  private static func objcProperty(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> ObjCProperty {
    let (name, isOutlet, isReadOnly, location) = try nameFlagsLocation(
      ObjCPropertyField.self, reader, at: offset, path, what: "an Objective-C property"
    )
    return ObjCProperty(name: name, isOutlet: isOutlet, isReadOnly: isReadOnly, location: location)
  }

  private enum ObjCMethodField: String, CompactFields {
    case selector, isClassMethod, isAction, location
    static let all = allCases
    static let list = CompactFieldList.objcMethod
  }

  private static func objcMethod(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> ObjCMethod {
    let (selector, isClassMethod, isAction, location) = try nameFlagsLocation(
      ObjCMethodField.self, reader, at: offset, path, what: "an Objective-C method"
    )
    return ObjCMethod(selector: selector, isClassMethod: isClassMethod, isAction: isAction, location: location)
  }

  /// A value of a string, two flags and a `location`, under the keys of `Field` in that order (an Objective-C
  /// property or method).
  private static func nameFlagsLocation<Field: CompactFields>(
    _: Field.Type, _ reader: CompactReader, at offset: Int, _ path: [any CodingKey], what: String
  ) throws -> (String, Bool, Bool, SourceLocation) {
    let keys = Field.all
    var name: String?
    var first: Bool?
    var second: Bool?
    var location: SourceLocation?
    try reader.forEachField(of: Field.self, at: offset, path) { field, value in
      switch field {
      case keys[0]: name = try string(reader, at: value, path)
      case keys[1]: first = try bool(reader, at: value, path)
      case keys[2]: second = try bool(reader, at: value, path)
      case keys[3]: location = try sourceLocation(reader, at: value, path)
      default: break
      }
    }
    guard let name, let first, let second, let location else {
      throw reader.corrupted("\(what) without one of its keys", path)
    }
    return (name, first, second, location)
  }

  private enum IBObjectField: String, CompactFields {
    case id, element, classReference, placeholderIdentifier, storyboardIdentifier, userLabel, parentID
    case sceneControllerID, location
    static let all = allCases
    static let list = CompactFieldList.ibObject
  }

  private enum IBClassReferenceField: String, CompactFields {
    case customClass, customModule, customModuleProvider
    static let all = allCases
    static let list = CompactFieldList.ibClassReference
  }

  /// A custom class and its module, each optional (an object or a cell of a storyboard).
  static func ibClassReference(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> IBClassReference {
    var reference = IBClassReference(customClass: nil, customModule: nil, customModuleProvider: nil)
    try reader.forEachField(of: IBClassReferenceField.self, at: offset, path) { field, value in
      switch field {
      case .customClass: reference.customClass = try optionalString(reader, at: value, path)
      case .customModule: reference.customModule = try optionalString(reader, at: value, path)
      case .customModuleProvider: reference.customModuleProvider = try optionalString(reader, at: value, path)
      }
    }
    return reference
  }

  /// Interface Builder objects: the most numerous value of a storyboard's facts (a fifth of decoding element-ios's
  /// cache when one file changed).
  static func ibObject(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> IBObject {
    var id: String?
    var element: String?
    var classReference: IBClassReference?
    var placeholderIdentifier: String?
    var storyboardIdentifier: String?
    var userLabel: String?
    var parentID: String?
    var sceneControllerID: String?
    var location: SourceLocation?
    try reader.forEachField(of: IBObjectField.self, at: offset, path) { field, value in
      switch field {
      case .id: id = try string(reader, at: value, path)
      case .element: element = try string(reader, at: value, path)
      case .classReference: classReference = try ibClassReference(reader, at: value, path)
      case .placeholderIdentifier: placeholderIdentifier = try optionalString(reader, at: value, path)
      case .storyboardIdentifier: storyboardIdentifier = try optionalString(reader, at: value, path)
      case .userLabel: userLabel = try optionalString(reader, at: value, path)
      case .parentID: parentID = try optionalString(reader, at: value, path)
      case .sceneControllerID: sceneControllerID = try optionalString(reader, at: value, path)
      case .location: location = try sourceLocation(reader, at: value, path)
      }
    }
    guard let id, let element, let classReference, let location else {
      throw reader.corrupted("an Interface Builder object without one of its keys", path)
    }
    return IBObject(
      id: id, element: element, classReference: classReference, placeholderIdentifier: placeholderIdentifier,
      storyboardIdentifier: storyboardIdentifier, userLabel: userLabel, parentID: parentID,
      sceneControllerID: sceneControllerID, location: location
    )
  }

  private enum IBConnectionField: String, CompactFields {
    case kind, sourceID, location, valueLocation, id, destinationID, property, selector, eventType, segueKind
    case identifier, unwindAction, target
    static let all = allCases
    static let list = CompactFieldList.ibConnection
  }

  /// An Interface Builder connection (outlets, actions, segues): the second most numerous value of a storyboard's.
  static func ibConnection(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> IBConnection {
    var kind: IBConnection.Kind?
    var sourceID: String?
    var location: SourceLocation?
    var id: String?
    var destinationID: String?
    var property: String?
    var selector: String?
    var eventType: String?
    var segueKind: String?
    var identifier: String?
    var unwindAction: String?
    var target: String?
    var valueLocation: SourceLocation?
    try reader.forEachField(of: IBConnectionField.self, at: offset, path) { field, value in
      switch field {
      case .kind: kind = try raw(IBConnection.Kind.self, reader, at: value, path)
      case .sourceID: sourceID = try string(reader, at: value, path)
      case .location: location = try sourceLocation(reader, at: value, path)
      case .valueLocation:
        valueLocation =
          try tag(reader, at: value) == CompactTag.null.rawValue ? nil : try sourceLocation(reader, at: value, path)
      case .id: id = try optionalString(reader, at: value, path)
      case .destinationID: destinationID = try optionalString(reader, at: value, path)
      case .property: property = try optionalString(reader, at: value, path)
      case .selector: selector = try optionalString(reader, at: value, path)
      case .eventType: eventType = try optionalString(reader, at: value, path)
      case .segueKind: segueKind = try optionalString(reader, at: value, path)
      case .identifier: identifier = try optionalString(reader, at: value, path)
      case .unwindAction: unwindAction = try optionalString(reader, at: value, path)
      case .target: target = try optionalString(reader, at: value, path)
      }
    }
    guard let kind, let sourceID, let location else {
      throw reader.corrupted("an Interface Builder connection without one of its keys", path)
    }
    return IBConnection(
      kind: kind, id: id, sourceID: sourceID, destinationID: destinationID, property: property, selector: selector,
      eventType: eventType, segueKind: segueKind, identifier: identifier, unwindAction: unwindAction, target: target,
      location: location, valueLocation: valueLocation
    )
  }

  private enum MemberField: String, CompactFields {
    case kind, name, argumentLabels, exposure, explicitObjCName, selector, isStatic, isSettable, accessLevel, typeName
    case location
    static let all = allCases
    static let list = CompactFieldList.member
  }

  static func swiftMember(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> SwiftMember {
    var kind: MemberKind?
    var name: String?
    var argumentLabels: [String?]?
    var exposure: [ObjCExposure]?
    var explicitObjCName: String?
    var selector: String?
    var isStatic: Bool?
    var isSettable: Bool?
    var accessLevel: String?
    var typeName: String?
    var location: SourceLocation?
    try reader.forEachField(of: MemberField.self, at: offset, path) { field, value in
      switch field {
      case .kind: kind = try raw(MemberKind.self, reader, at: value, path)
      case .name: name = try string(reader, at: value, path)
      case .argumentLabels:
        argumentLabels = try elements(reader, at: value, path).map { try optionalString(reader, at: $0, path) }
      case .exposure:
        exposure = try elements(reader, at: value, path).map { try raw(ObjCExposure.self, reader, at: $0, path) }
      case .explicitObjCName: explicitObjCName = try optionalString(reader, at: value, path)
      case .selector: selector = try string(reader, at: value, path)
      case .isStatic: isStatic = try bool(reader, at: value, path)
      case .isSettable: isSettable = try bool(reader, at: value, path)
      case .accessLevel: accessLevel = try optionalString(reader, at: value, path)
      case .typeName: typeName = try optionalString(reader, at: value, path)
      case .location: location = try sourceLocation(reader, at: value, path)
      }
    }
    guard let kind, let name, let argumentLabels, let exposure, let selector, let isStatic, let isSettable, let location
    else { throw reader.corrupted("a member without one of its keys", path) }
    return SwiftMember(
      kind: kind, name: name, argumentLabels: argumentLabels, exposure: exposure, explicitObjCName: explicitObjCName,
      selector: selector, isStatic: isStatic, isSettable: isSettable, accessLevel: accessLevel, typeName: typeName,
      location: location
    )
  }
}
