import TablelintModel

extension LineTable {
  /// The position of a libxml2 error, whose column counts characters (UTF-8 sequences), not bytes.
  /// Lines and columns past the end are clamped into the file and the line.
  func position(line: Int, characterColumn: Int, in bytes: [UInt8]) -> SourcePosition {
    let clampedLine = max(1, min(line, lineStarts.count))
    let lineEnd = clampedLine < lineStarts.count ? lineStarts[clampedLine] - 1 : length
    var offset = offset(ofLine: clampedLine)
    var remaining = characterColumn - 1
    while remaining > 0, offset < lineEnd {
      offset += 1
      while offset < lineEnd, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
      remaining -= 1
    }
    return position(ofOffset: offset)
  }
}
