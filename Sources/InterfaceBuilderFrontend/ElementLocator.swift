import TablelintModel

/// Finds each element's start tag in the bytes, given the elements in document order.
///
/// On a well-formed document the next start tag after the cursor is the next element in document order, so the
/// cursor alone finds every tag, including start tags that span several lines. libxml2's line number (the line where
/// the start tag ends) is only a fallback: when the next tag does not carry the expected name (a file that is not
/// UTF-8, or markup the scanner does not know), the tag is searched on that line, and failing that the element is
/// placed at column 1 of that line, as an empty tag. Each element costs a scan from the cursor to its own tag, so a whole document
/// is located in linear time.
struct ElementLocator {
  let scanner: StartTagScanner
  let lines: LineTable
  private var cursor = 0

  init(bytes: [UInt8], lines: LineTable) {
    self.scanner = StartTagScanner(bytes: bytes)
    self.lines = lines
  }

  /// The start tag of the next element in document order (an empty tag at column 1 of its line when not found).
  mutating func locate(_ element: XMLElement) -> StartTagScanner.StartTag {
    if let tag = scanner.nextStartTag(from: cursor), element.hasQualifiedName(scanner.bytes[tag.nameRange]) {
      cursor = tag.range.upperBound
      return tag
    }
    let line = element.line
    let lineStart = lines.offset(ofLine: line)
    let lineEnd = lines.offset(ofLine: line + 1)
    var searchStart = max(cursor, lineStart)
    while let tag = scanner.nextStartTag(from: searchStart), tag.range.lowerBound < lineEnd {
      if element.hasQualifiedName(scanner.bytes[tag.nameRange]) {
        cursor = tag.range.upperBound
        return tag
      }
      searchStart = tag.range.upperBound
    }
    cursor = max(cursor, lineStart)
    return StartTagScanner.StartTag(range: lineStart..<lineStart, nameRange: lineStart..<lineStart)
  }
}
