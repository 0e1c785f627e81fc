import TablelintModel

/// Finds start tags and attribute values in the raw bytes of an XML file.
///
/// libxml2 records only line numbers, so positions come from the bytes themselves. The scanner knows just enough
/// XML to stay in step with the parser on a well-formed document: it skips comments, CDATA sections, processing
/// instructions, the document type declaration (with its internal subset) and end tags, and honours quotes inside
/// tags. It never fails: on malformed input it returns nil or a shorter range.
struct StartTagScanner {
  /// A start tag: `<name …>` or `<name …/>`.
  struct StartTag {
    /// From `<` to just past the closing `>`.
    var range: Range<Int>
    var nameRange: Range<Int>
  }

  let bytes: [UInt8]

  /// The first start tag that begins at or after `offset`.
  func nextStartTag(from offset: Int) -> StartTag? {
    var index = max(0, offset)
    while index < bytes.count {
      // Text and indentation between tags are stepped over a word at a time.
      index = bytes.withUnsafeBytes {
        ByteWords.firstOffset(of: Byte.lessThan, Byte.lessThan, Byte.lessThan, in: $0, from: index)
      }
      guard index < bytes.count else { return nil }
      let next = index + 1 < bytes.count ? bytes[index + 1] : 0
      switch next {
      case Byte.exclamation:
        index = endOfMarkupDeclaration(at: index)
      case Byte.question:
        index = end(of: Byte.processingInstructionEnd, from: index + 2)
      case Byte.slash:
        index += 2
      default:
        let nameEnd = endOfName(from: index + 1)
        guard nameEnd > index + 1 else {
          index += 1
          continue
        }
        return StartTag(range: index..<endOfTag(from: nameEnd), nameRange: (index + 1)..<nameEnd)
      }
    }
    return nil
  }

  /// The range of an attribute's value (between its quotes) inside a start tag.
  func attributeValueRange(named name: String, in tag: StartTag) -> Range<Int>? {
    let limit = tag.range.upperBound
    var index = tag.nameRange.upperBound
    while true {
      index = skipWhitespace(from: index, limit: limit)
      guard index < limit, bytes[index] != Byte.greaterThan, bytes[index] != Byte.slash else { return nil }
      let nameStart = index
      while index < limit, bytes[index] != Byte.equals, !Byte.isWhitespace(bytes[index]) { index += 1 }
      let nameEnd = index
      index = skipWhitespace(from: index, limit: limit)
      guard index < limit, bytes[index] == Byte.equals else { return nil }
      index = skipWhitespace(from: index + 1, limit: limit)
      guard index < limit, bytes[index] == Byte.doubleQuote || bytes[index] == Byte.singleQuote else { return nil }
      let quote = bytes[index]
      let valueStart = index + 1
      var valueEnd = valueStart
      while valueEnd < limit, bytes[valueEnd] != quote { valueEnd += 1 }
      if bytes[nameStart..<nameEnd].elementsEqual(name.utf8) { return valueStart..<valueEnd }
      index = valueEnd + 1
    }
  }

  // MARK: - Skipping

  /// Past a name: up to whitespace, `/`, `>` or the end.
  private func endOfName(from start: Int) -> Int {
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if Byte.isWhitespace(byte) || byte == Byte.slash || byte == Byte.greaterThan || byte == Byte.lessThan {
        break
      }
      index += 1
    }
    return index
  }

  /// Past the `>` that closes a tag, honouring quoted attribute values.
  private func endOfTag(from start: Int) -> Int {
    bytes.withUnsafeBytes { buffer in
      var index = start
      while true {
        // The next quote or `>`, a word at a time; a quoted value is stepped over to its closing quote.
        index = ByteWords.firstOffset(of: Byte.doubleQuote, Byte.singleQuote, Byte.greaterThan, in: buffer, from: index)
        guard index < buffer.count else { return buffer.count }
        let byte = buffer[index]
        if byte == Byte.greaterThan { return index + 1 }
        index = ByteWords.firstOffset(of: byte, byte, byte, in: buffer, from: index + 1)
        guard index < buffer.count else { return buffer.count }
        index += 1
      }
    }
  }

  /// Past a `<!…` construct: a comment, a CDATA section, or a declaration such as `<!DOCTYPE … [ … ]>`.
  private func endOfMarkupDeclaration(at start: Int) -> Int {
    if hasPrefix(Byte.commentStart, at: start) {
      return end(of: Byte.commentEnd, from: start + Byte.commentStart.count)
    }
    if hasPrefix(Byte.cdataStart, at: start) {
      return end(of: Byte.cdataEnd, from: start + Byte.cdataStart.count)
    }
    var index = start + 2
    var depth = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == Byte.doubleQuote || byte == Byte.singleQuote {
        index += 1
        while index < bytes.count, bytes[index] != byte { index += 1 }
      } else if byte == Byte.openBracket {
        depth += 1
      } else if byte == Byte.closeBracket {
        depth = max(0, depth - 1)
      } else if hasPrefix(Byte.commentStart, at: index) {
        index = end(of: Byte.commentEnd, from: index + Byte.commentStart.count)
        continue
      } else if byte == Byte.greaterThan, depth == 0 {
        return index + 1
      }
      index += 1
    }
    return bytes.count
  }

  /// Past the next occurrence of `terminator` at or after `start`, or the end of the bytes.
  private func end(of terminator: [UInt8], from start: Int) -> Int {
    var index = start
    while index < bytes.count {
      if bytes[index] == terminator[0], hasPrefix(terminator, at: index) { return index + terminator.count }
      index += 1
    }
    return bytes.count
  }

  private func hasPrefix(_ prefix: [UInt8], at index: Int) -> Bool {
    guard index + prefix.count <= bytes.count else { return false }
    return bytes[index..<(index + prefix.count)].elementsEqual(prefix)
  }

  private func skipWhitespace(from start: Int, limit: Int) -> Int {
    var index = start
    while index < limit, Byte.isWhitespace(bytes[index]) { index += 1 }
    return index
  }
}

/// The ASCII bytes the scanner looks for.
private enum Byte {
  static let lessThan = UInt8(ascii: "<")
  static let greaterThan = UInt8(ascii: ">")
  static let exclamation = UInt8(ascii: "!")
  static let question = UInt8(ascii: "?")
  static let slash = UInt8(ascii: "/")
  static let equals = UInt8(ascii: "=")
  static let doubleQuote = UInt8(ascii: "\"")
  static let singleQuote = UInt8(ascii: "'")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")
  static let commentStart = Array("<!--".utf8)
  static let commentEnd = Array("-->".utf8)
  static let cdataStart = Array("<![CDATA[".utf8)
  static let cdataEnd = Array("]]>".utf8)
  static let processingInstructionEnd = Array("?>".utf8)

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
