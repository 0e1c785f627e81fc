
/// A position in a file. Lines and columns are 1-based; `column` counts UTF-8 bytes
/// from the start of the line, and `offset` counts UTF-8 bytes from the start of the file.
/// Conversion to UTF-16 happens only at the language-server edge.
public struct SourcePosition: Hashable, Codable, Comparable, Sendable {
  public var line: Int
  public var column: Int
  public var offset: Int

  public init(line: Int, column: Int, offset: Int) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}

/// A half-open range of a file, `start ..< end`.
public struct SourceRange: Hashable, Codable, Sendable {
  public var start: SourcePosition
  public var end: SourcePosition

  public init(start: SourcePosition, end: SourcePosition) {
    self.start = start
    self.end = end
  }

  public init(at position: SourcePosition) {
    self.init(start: position, end: position)
  }
}

/// Where a fact or a finding lives: a file path (as discovered) and a range in it.
public struct SourceLocation: Hashable, Codable, Comparable, Sendable {
  public var file: String
  public var range: SourceRange

  public init(file: String, range: SourceRange) {
    self.file = file
    self.range = range
  }

  public var line: Int { range.start.line }
  public var column: Int { range.start.column }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.file, lhs.range.start) < (rhs.file, rhs.range.start)
  }
}

/// Maps UTF-8 offsets to line/column positions for one file's bytes.
public struct LineTable: Sendable {
  /// UTF-8 offset at which each line starts; `lineStarts[0] == 0`.
  public let lineStarts: [Int]
  public let length: Int

  /// The table of a file's bytes: one pass, a word at a time (a byte loop over a generic collection cost ~30 ns a
  /// byte unspecialised across modules, as much as parsing the file; a `memchr` per line, a call per 40 bytes).
  public init(_ bytes: [UInt8]) {
    var starts = [0]
    Self.forEachLineBreak(in: bytes) { starts.append($0 + 1) }
    self.lineStarts = starts
    self.length = bytes.count
  }

  /// How many line breaks the table's bytes hold: `FileFacts.lineCount`.
  public var lineBreaks: Int { lineStarts.count - 1 }

  /// How many line breaks `bytes` holds (`\n`, `\r\n` and a lone `\r`, each one), without building the table.
  public static func lineBreakCount(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBytes { buffer in
      var count = 0
      var offset = 0
      if ByteWords.contains(UInt8(ascii: "\r"), in: buffer) {
        while buffer.count - offset >= 8 {
          count &+= ByteWords.lineBreakMarks(buffer, at: offset, word: ByteWords.word(buffer, at: offset))
            .nonzeroBitCount
          offset += 8
        }
      } else {
        while buffer.count - offset >= 8 {
          count &+= ByteWords.marks(of: UInt8(ascii: "\n"), in: ByteWords.word(buffer, at: offset)).nonzeroBitCount
          offset += 8
        }
      }
      while offset < buffer.count {
        if ByteWords.isLineBreak(buffer, at: offset) { count += 1 }
        offset += 1
      }
      return count
    }
  }

  /// Calls `body` with the offset of the last byte of each line break, in order, eight bytes at a time
  /// (`ByteWords.lineBreakMarks`): `\n`, `\r\n` and a lone `\r` (classic Mac line endings) end a line, as for
  /// swift-syntax, clang, libxml2 and LSP clients.
  private static func forEachLineBreak(in bytes: [UInt8], _ body: (Int) -> Void) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      if ByteWords.contains(UInt8(ascii: "\r"), in: buffer) {
        while buffer.count - offset >= 8 {
          let marks = ByteWords.lineBreakMarks(buffer, at: offset, word: ByteWords.word(buffer, at: offset))
          if marks != 0 { ByteWords.forEachMark(marks, at: offset, body) }
          offset += 8
        }
      } else {
        while buffer.count - offset >= 8 {
          let marks = ByteWords.marks(of: UInt8(ascii: "\n"), in: ByteWords.word(buffer, at: offset))
          if marks != 0 { ByteWords.forEachMark(marks, at: offset, body) }
          offset += 8
        }
      }
      while offset < buffer.count {
        if ByteWords.isLineBreak(buffer, at: offset) { body(offset) }
        offset += 1
      }
    }
  }

  /// The position of a UTF-8 offset (clamped into the file).
  public func position(ofOffset rawOffset: Int) -> SourcePosition {
    let offset = max(0, min(rawOffset, length))
    return position(ofOffset: offset, onLine: lineIndex(of: offset))
  }

  /// The range between two UTF-8 offsets (each clamped into the file), as `position(ofOffset:)` places each: the end
  /// is found by stepping on from the start's line, not by a second search (an end is rarely more than a few lines on;
  /// the frontends make a location for every declaration, and the searches were 1 % of a cold lint's CPU).
  public func range(from rawStart: Int, to rawEnd: Int) -> SourceRange {
    let start = max(0, min(rawStart, length))
    let end = max(0, min(rawEnd, length))
    let startLine = lineIndex(of: start)
    var endLine = startLine
    if end < start {
      endLine = lineIndex(of: end)
    } else {
      lineStarts.withUnsafeBufferPointer { starts in
        var steps = 0
        while endLine + 1 < starts.count, starts[endLine + 1] <= end {
          endLine += 1
          steps += 1
          // Far on: a search is quicker.
          if steps == 16 {
            endLine = lineIndex(of: end)
            break
          }
        }
      }
    }
    return SourceRange(
      start: position(ofOffset: start, onLine: startLine), end: position(ofOffset: end, onLine: endLine)
    )
  }

  /// The position of a clamped offset on the line (0-based) that holds it.
  private func position(ofOffset offset: Int, onLine line: Int) -> SourcePosition {
    SourcePosition(line: line + 1, column: offset - lineStarts[line] + 1, offset: offset)
  }

  /// The index of the line holding `offset` (already clamped): the last line start at or before it.
  private func lineIndex(of offset: Int) -> Int {
    lineStarts.withUnsafeBufferPointer { starts in
      var low = 0
      var high = starts.count - 1
      while low < high {
        let mid = (low + high + 1) / 2
        if starts[mid] <= offset { low = mid } else { high = mid - 1 }
      }
      return low
    }
  }

  /// The offset where a 1-based line starts (clamped).
  public func offset(ofLine line: Int) -> Int {
    if line < 1 { return 0 }
    if line > lineStarts.count { return length }
    return lineStarts[line - 1]
  }

  public func position(line: Int, column: Int) -> SourcePosition {
    SourcePosition(line: line, column: column, offset: offset(ofLine: line) + column - 1)
  }
}
