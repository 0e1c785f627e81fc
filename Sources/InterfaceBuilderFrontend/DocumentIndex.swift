import TablelintModel

/// The start tag of every element, from one pass in document order.
///
/// An element's number in its `XMLTree` is its position in document order, so finding its tag is an array look-up.
struct DocumentIndex {
  /// Start tags in document order; an empty range where the tag could not be found (see `ElementLocator`).
  private var startTags: [StartTagScanner.StartTag] = []
  let scanner: StartTagScanner
  let lines: LineTable

  init(root: XMLElement, bytes: [UInt8], lines: LineTable) {
    var locator = ElementLocator(bytes: bytes, lines: lines)
    scanner = locator.scanner
    self.lines = lines
    let count = root.tree.elements.count
    startTags.reserveCapacity(count)
    for index in 0..<count {
      startTags.append(locator.locate(XMLElement(tree: root.tree, index: Int32(index))))
    }
  }

  private func startTag(of element: XMLElement) -> StartTagScanner.StartTag? {
    startTags.indices.contains(Int(element.index)) ? startTags[Int(element.index)] : nil
  }

  /// The byte range of an element's start tag (an empty range at column 1 of its line when not found).
  func startTagRange(of element: XMLElement) -> Range<Int> {
    startTag(of: element)?.range ?? 0..<0
  }

  /// The byte range of an attribute's value (between the quotes), when its start tag was found.
  func attributeValueRange(named name: String, of element: XMLElement) -> Range<Int>? {
    startTag(of: element).flatMap { scanner.attributeValueRange(named: name, in: $0) }
  }

  /// The line/column range of an element's start tag.
  func sourceRange(of element: XMLElement) -> SourceRange {
    sourceRange(of: startTagRange(of: element))
  }

  /// The line/column range of a byte range.
  func sourceRange(of byteRange: Range<Int>) -> SourceRange {
    lines.range(from: byteRange.lowerBound, to: byteRange.upperBound)
  }
}
