import TablelintModel

/// The bytes of a file with its line table, and the conversions between LSP positions (in the negotiated
/// encoding) and tablelint's UTF-8 positions. The only place positions change encoding.
public struct TextSnapshot: Sendable {
  public let bytes: [UInt8]
  public let lines: LineTable

  public init(bytes: [UInt8]) {
    self.bytes = bytes
    self.lines = LineTable(bytes)
  }

  public init(_ text: String) { self.init(bytes: Array(text.utf8)) }

  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The bytes of a 0-based line without its line break.
  func lineContent(_ line: Int) -> Swift.Range<Int> {
    guard line >= 0, line < lines.lineStarts.count else { return bytes.count..<bytes.count }
    let start = lines.lineStarts[line]
    var end = line + 1 < lines.lineStarts.count ? lines.lineStarts[line + 1] : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return start..<end
  }

  /// The UTF-8 offset of an LSP position. A character past the end of its line means the end of the line; a line
  /// past the end of the file means the end of the file; a position inside a character moves to its start.
  public func offset(of position: Position, encoding: PositionEncodingKind) -> Int {
    if position.line < 0 { return 0 }
    if position.line >= lines.lineStarts.count { return bytes.count }
    let content = lineContent(position.line)
    let wanted = max(0, position.character)
    switch encoding {
    case .utf8:
      var offset = min(content.lowerBound + wanted, content.upperBound)
      while offset > content.lowerBound, offset < content.upperBound, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
      return offset
    case .utf16:
      var units = 0
      var offset = content.lowerBound
      while offset < content.upperBound {
        let length = Self.scalarLength(leadByte: bytes[offset])
        let scalarUnits = length == 4 ? 2 : 1
        if units + scalarUnits > wanted { break }
        units += scalarUnits
        offset = min(offset + length, content.upperBound)
      }
      return offset
    }
  }

  /// The LSP position of a UTF-8 offset.
  public func position(ofOffset rawOffset: Int, encoding: PositionEncodingKind) -> Position {
    let offset = max(0, min(rawOffset, bytes.count))
    let source = lines.position(ofOffset: offset)
    let lineStart = lines.offset(ofLine: source.line)
    switch encoding {
    case .utf8:
      return Position(line: source.line - 1, character: offset - lineStart)
    case .utf16:
      return Position(line: source.line - 1, character: Self.utf16Length(bytes[lineStart..<offset]))
    }
  }

  /// The LSP position of a tablelint position (its line and UTF-8 column win over its offset).
  public func position(of source: SourcePosition, encoding: PositionEncodingKind) -> Position {
    let line = max(1, source.line)
    guard line <= lines.lineStarts.count else { return position(ofOffset: bytes.count, encoding: encoding) }
    let content = lineContent(line - 1)
    let offset = min(content.lowerBound + max(0, source.column - 1), content.upperBound)
    return position(ofOffset: offset, encoding: encoding)
  }

  public func range(of source: SourceRange, encoding: PositionEncodingKind) -> LSPRange {
    let start = position(of: source.start, encoding: encoding)
    let end = position(of: source.end, encoding: encoding)
    return LSPRange(start: start, end: max(start, end))
  }

  public func range(ofOffsets offsets: Swift.Range<Int>, encoding: PositionEncodingKind) -> LSPRange {
    LSPRange(
      start: position(ofOffset: offsets.lowerBound, encoding: encoding),
      end: position(ofOffset: offsets.upperBound, encoding: encoding)
    )
  }

  /// The text after a `didChange`'s edits, applied in order (a change without a range replaces the whole text).
  func applying(_ changes: [TextDocumentContentChangeEvent], encoding: PositionEncodingKind) -> TextSnapshot {
    var text = self
    for change in changes {
      if let range = change.range {
        let start = text.offset(of: range.start, encoding: encoding)
        let end = max(start, text.offset(of: range.end, encoding: encoding))
        text = text.replacing(start..<end, with: change.text)
      } else {
        text = TextSnapshot(change.text)
      }
    }
    return text
  }

  /// A new snapshot with `offsets` replaced by `text`.
  public func replacing(_ offsets: Swift.Range<Int>, with text: String) -> TextSnapshot {
    var next = bytes
    next.replaceSubrange(offsets, with: Array(text.utf8))
    return TextSnapshot(bytes: next)
  }

  static func scalarLength(leadByte: UInt8) -> Int {
    switch leadByte {
    case 0..<0x80: return 1
    case 0xC0..<0xE0: return 2
    case 0xE0..<0xF0: return 3
    case 0xF0..<0xF8: return 4
    default: return 1  // a continuation or invalid byte counts as one replacement character
    }
  }

  static func utf16Length(_ slice: ArraySlice<UInt8>) -> Int {
    var units = 0
    var index = slice.startIndex
    while index < slice.endIndex {
      let length = scalarLength(leadByte: slice[index])
      units += length == 4 ? 2 : 1
      index += length
    }
    return units
  }
}
