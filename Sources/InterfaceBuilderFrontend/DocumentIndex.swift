import TablelintModel

/// The start tag of every element and the elements by id, from one walk in document order.
struct DocumentIndex {
  /// Start tags by element; empty where the tag could not be found (see `ElementLocator`).
  private var startTags: [XMLElement: StartTagScanner.StartTag] = [:]
  /// The first element with each `id`.
  private(set) var elementsByID: [String: XMLElement] = [:]
  let scanner: StartTagScanner
  let lines: LineTable

  init(root: XMLElement, bytes: [UInt8], lines: LineTable) {
    var locator = ElementLocator(bytes: bytes, lines: lines)
    scanner = locator.scanner
    self.lines = lines
    var current: XMLElement? = root
    while let element = current {
      startTags[element] = locator.locate(element)
      if let id = element.attribute("id"), elementsByID[id] == nil {
        elementsByID[id] = element
      }
      current = Self.next(after: element, within: root)
    }
  }

  /// The byte range of an element's start tag (an empty range at column 1 of its line when not found).
  func startTagRange(of element: XMLElement) -> Range<Int> {
    startTags[element]?.range ?? 0..<0
  }

  /// The byte range of an attribute's value (between the quotes), when its start tag was found.
  func attributeValueRange(named name: String, of element: XMLElement) -> Range<Int>? {
    startTags[element].flatMap { scanner.attributeValueRange(named: name, in: $0) }
  }

  /// The line/column range of an element's start tag.
  func sourceRange(of element: XMLElement) -> SourceRange {
    sourceRange(of: startTagRange(of: element))
  }

  /// The line/column range of a byte range.
  func sourceRange(of byteRange: Range<Int>) -> SourceRange {
    SourceRange(start: lines.position(ofOffset: byteRange.lowerBound), end: lines.position(ofOffset: byteRange.upperBound))
  }

  /// The element after `element` in document order (pre-order), staying inside `root`.
  private static func next(after element: XMLElement, within root: XMLElement) -> XMLElement? {
    var children = element.children
    if let child = children.next() { return child }
    var current = element
    while current.node != root.node {
      var siblings = current.followingSiblings
      if let sibling = siblings.next() { return sibling }
      guard let parent = current.parent else { return nil }
      current = parent
    }
    return nil
  }
}
