/// The start tag of an XML element around a cursor, read lexically from the buffer (it may not parse right now):
/// what the language server completes and hovers, and where a rename finds an attribute's value.
public struct InterfaceBuilderTag {
  public struct Attribute {
    public let name: String
    public let value: String
    /// UTF-8 offsets of the value, without quotes.
    public let valueRange: Swift.Range<Int>
    /// Whether the closing quote was seen.
    public let isClosed: Bool
  }

  public let element: String
  /// The offset of `<`.
  public let start: Int
  public let attributes: [Attribute]

  public func attribute(_ name: String) -> Attribute? { attributes.first { $0.name == name } }

  /// The attribute whose value holds `offset` (the end of the value counts).
  public func attribute(containing offset: Int) -> Attribute? {
    attributes.first { $0.valueRange.lowerBound <= offset && offset <= $0.valueRange.upperBound }
  }

  /// Start tags are short; a longer look is a sign the cursor is not in one.
  public static let maximumLength = 16 << 10

  /// The start tag containing `offset`: the nearest `<` before it with no `>` in between.
  public static func around(offset: Int, in bytes: [UInt8]) -> InterfaceBuilderTag? {
    let offset = min(max(0, offset), bytes.count)
    var index = offset - 1
    let lowest = max(0, offset - maximumLength)
    var start: Int?
    while index >= lowest {
      let byte = bytes[index]
      if byte == UInt8(ascii: ">") { return nil }
      if byte == UInt8(ascii: "<") {
        start = index
        break
      }
      index -= 1
    }
    guard let start else { return nil }
    return parse(startingAt: start, in: bytes, limit: min(bytes.count, start + maximumLength))
  }

  /// The start tag whose `<` is at `offset` (an element's location in the facts).
  public static func starting(at offset: Int, in bytes: [UInt8]) -> InterfaceBuilderTag? {
    guard offset >= 0, offset < bytes.count, bytes[offset] == UInt8(ascii: "<") else { return nil }
    return around(offset: offset + 1, in: bytes)
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":"):
      return true
    default:
      return byte >= 0x80
    }
  }

  private static func parse(startingAt start: Int, in bytes: [UInt8], limit: Int) -> InterfaceBuilderTag? {
    var index = start + 1
    let nameStart = index
    while index < limit, isNameByte(bytes[index]) { index += 1 }
    guard index > nameStart else { return nil }  // `</`, `<!`, `<?`
    let element = String(decoding: bytes[nameStart..<index], as: UTF8.self)
    var attributes: [Attribute] = []
    while index < limit {
      let byte = bytes[index]
      if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<") { break }
      guard isNameByte(byte) else {
        index += 1
        continue
      }
      let attributeStart = index
      while index < limit, isNameByte(bytes[index]) { index += 1 }
      let name = String(decoding: bytes[attributeStart..<index], as: UTF8.self)
      while index < limit, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\n")
        || bytes[index] == UInt8(ascii: "\t") || bytes[index] == UInt8(ascii: "\r") { index += 1 }
      guard index < limit, bytes[index] == UInt8(ascii: "=") else { continue }
      index += 1
      while index < limit, bytes[index] == UInt8(ascii: " ") { index += 1 }
      guard index < limit, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { continue }
      let quote = bytes[index]
      index += 1
      let valueStart = index
      // An unterminated value (being typed) ends at the line's end or a tag delimiter.
      while index < limit, bytes[index] != quote, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "<"),
        bytes[index] != UInt8(ascii: ">") { index += 1 }
      let isClosed = index < limit && bytes[index] == quote
      attributes.append(
        Attribute(
          name: name, value: String(decoding: bytes[valueStart..<index], as: UTF8.self),
          valueRange: valueStart..<index, isClosed: isClosed
        )
      )
      if isClosed { index += 1 }
    }
    return InterfaceBuilderTag(element: element, start: start, attributes: attributes)
  }
}
