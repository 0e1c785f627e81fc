internal import CLibXML2
import TablelintModel

/// The start tag of every element, from one walk in document order.
///
/// Each element's position in the walk is stored in its libxml2 node (`_private`, the field libxml2 leaves to
/// applications; the tree is this parse's own and lives only while the document is read), so finding an element's
/// tag is an array look-up, not a hash of every element of a storyboard.
struct DocumentIndex {
  /// Start tags in document order; an empty range where the tag could not be found (see `ElementLocator`).
  private var startTags: [StartTagScanner.StartTag] = []
  let scanner: StartTagScanner
  let lines: LineTable

  init(root: XMLElement, bytes: [UInt8], lines: LineTable) {
    var locator = ElementLocator(bytes: bytes, lines: lines)
    scanner = locator.scanner
    self.lines = lines
    var current: XMLElement? = root
    while let element = current {
      startTags.append(locator.locate(element))
      element.node.pointee._private = UnsafeMutableRawPointer(bitPattern: startTags.count)
      current = Self.next(after: element, within: root)
    }
  }

  private func startTag(of element: XMLElement) -> StartTagScanner.StartTag? {
    guard let stored = element.node.pointee._private else { return nil }
    let position = Int(bitPattern: stored) - 1
    return startTags.indices.contains(position) ? startTags[position] : nil
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
