/// Column conversion for consumers that count UTF-16 code units (LSP by default, SARIF): tablelint counts UTF-8
/// bytes internally and converts only at those edges.
public enum UTF16Columns {
  /// The 1-based UTF-16 column of a 1-based UTF-8 column within one line's bytes.
  public static func column(fromUTF8Column utf8Column: Int, inLine line: ArraySlice<UInt8>) -> Int {
    let prefixLength = max(0, min(utf8Column - 1, line.count))
    let prefix = line.prefix(prefixLength)
    let text = String(decoding: prefix, as: UTF8.self)
    return text.utf16.count + 1
  }

  /// The same position with its column in UTF-16 code units, given the file's bytes.
  public static func converting(_ position: SourcePosition, in bytes: [UInt8], lines: LineTable) -> SourcePosition {
    let start = lines.offset(ofLine: position.line)
    let end = position.line < lines.lineStarts.count ? lines.lineStarts[position.line] : bytes.count
    guard start <= end, end <= bytes.count else { return position }
    let column = column(fromUTF8Column: position.column, inLine: bytes[start..<end])
    return SourcePosition(line: position.line, column: column, offset: position.offset)
  }
}
