internal import CLibXML2
import TablelintModel

/// The start tag of every element and the elements by id, from one walk in document order.
struct DocumentIndex {
  /// Start tags by element node; absent when the tag could not be found (see `ElementLocator`).
  private var startTags: [NodeKey: StartTagScanner.StartTag] = [:]
  private var fallbackRanges: [NodeKey: Range<Int>] = [:]
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
      let key = NodeKey(element)
      if let tag = locator.locate(element) {
        startTags[key] = tag
      } else {
        fallbackRanges[key] = locator.fallbackRange(for: element)
      }
      if let id = element.attribute("id"), elementsByID[id] == nil {
        elementsByID[id] = element
      }
      current = Self.next(after: element, within: root)
    }
  }

  /// The byte range of an element's start tag (an empty range at column 1 of its line when not found).
  func startTagRange(of element: XMLElement) -> Range<Int> {
    let key = NodeKey(element)
    if let tag = startTags[key] { return tag.range }
    return fallbackRanges[key] ?? 0..<0
  }

  /// The byte range of an attribute's value (between the quotes), when its start tag was found.
  func attributeValueRange(named name: String, of element: XMLElement) -> Range<Int>? {
    guard let tag = startTags[NodeKey(element)] else { return nil }
    return scanner.attributeValueRange(named: name, in: tag)
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
      var siblings = ChildElements(first: current.node.pointee.next)
      if let sibling = siblings.next() { return sibling }
      guard let parent = current.parent else { return nil }
      current = parent
    }
    return nil
  }
}

/// A hashable identity for an element node.
struct NodeKey: Hashable {
  let address: UnsafeMutableRawPointer

  init(_ element: XMLElement) {
    address = UnsafeMutableRawPointer(element.node)
  }
}
