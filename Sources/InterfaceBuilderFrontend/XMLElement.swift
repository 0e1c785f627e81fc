internal import CLibXML2

/// The elements of one document, recorded from libxml2's SAX2 events instead of a libxml2 tree.
///
/// libxml2's tree builder made a node for every element, an attribute node and a text node for every attribute
/// value, and freed them all again: about a third of reading a storyboard (element-ios: 135 M of its 401 M
/// instructions). Here each element is a row of plain arrays (document order, so an element's position is its
/// number) and each attribute value a range of one byte buffer.
///
/// Names are libxml2's dictionary strings, valid while the parser context lives (`LibXML2Reader` keeps it until the
/// reading is done). Only events of the document's own parser context are recorded: libxml2 parses an entity's
/// replacement text with a context of its own, and its elements and text are not the document's (reading never
/// follows entity references). The tree is immutable (`let` storage: reading it needs no exclusivity checks);
/// `Builder` makes it.
final class XMLTree {
  struct Element {
    /// The name libxml2 gives the element: the local name, or `prefix:name` when the prefix is not declared.
    var name: UnsafePointer<xmlChar>
    /// The declared namespace prefix (`nil` without one).
    var prefix: UnsafePointer<xmlChar>?
    var line: Int32
    var parent: Int32 = -1
    var firstChild: Int32 = -1
    var lastChild: Int32 = -1
    var nextSibling: Int32 = -1
    /// Attributes `firstAttribute..<firstAttribute + attributeCount` of `attributes`.
    var firstAttribute: Int32
    var attributeCount: Int32
  }

  struct Attribute {
    /// The local name, or `prefix:name` when the prefix is not declared.
    var name: UnsafePointer<xmlChar>
    /// Whether the attribute has a prefix (declared or not): never what `attribute(_:)` asks for.
    var hasNamespace: Bool
    /// The value's bytes in `values`.
    var value: Range<Int32>
  }

  let elements: [Element]
  let attributes: [Attribute]
  private let values: [UInt8]
  /// The text of `string` elements (the only text read: `stringProperty`), by element.
  private let texts: [Int32: [UInt8]]

  private init(_ builder: Builder) {
    elements = builder.elements
    attributes = builder.attributes
    values = builder.values
    texts = builder.texts
  }

  var root: XMLElement? { elements.isEmpty ? nil : XMLElement(tree: self, index: 0) }

  /// Collects the elements as the SAX2 events come.
  struct Builder {
    fileprivate var elements: [Element] = []
    fileprivate var attributes: [Attribute] = []
    fileprivate var values: [UInt8] = []
    fileprivate var texts: [Int32: [UInt8]] = [:]
    /// The elements open at this point of the document.
    private var open: [Int32] = []

    init() {
      elements.reserveCapacity(256)
      attributes.reserveCapacity(1024)
      values.reserveCapacity(16 * 1024)
    }

    func finish() -> XMLTree { XMLTree(self) }

    /// An element starts: `name` and `prefix` as `Element` holds them, and `count` attributes of SAX2's five
    /// pointers each (local name, prefix, namespace, value start, value end).
    mutating func start(
      name: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, line: Int32,
      attributes pointers: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int
    ) {
      let index = Int32(elements.count)
      var element = Element(
        name: name, prefix: prefix, line: line, firstAttribute: Int32(attributes.count), attributeCount: 0
      )
      if let parent = open.last {
        element.parent = parent
        let previous = elements[Int(parent)].lastChild
        if previous >= 0 {
          elements[Int(previous)].nextSibling = index
        } else {
          elements[Int(parent)].firstChild = index
        }
        elements[Int(parent)].lastChild = index
      }
      if let pointers {
        for attribute in 0..<count {
          let base = attribute * 5
          guard let local = pointers[base], let start = pointers[base + 3], let end = pointers[base + 4] else {
            continue
          }
          let valueStart = Int32(values.count)
          appendValue(UnsafeBufferPointer(start: start, count: max(0, end - start)))
          attributes.append(
            Attribute(name: local, hasNamespace: pointers[base + 1] != nil, value: valueStart..<Int32(values.count))
          )
        }
      }
      element.attributeCount = Int32(attributes.count) - element.firstAttribute
      elements.append(element)
      open.append(index)
    }

    mutating func end() {
      _ = open.popLast()
    }

    /// Text of the innermost open element, kept when it is a `string` element.
    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
      guard let current = open.last, XMLTree.equals(elements[Int(current)].name, "string") else { return }
      texts[current, default: []].append(contentsOf: bytes)
    }

    /// An attribute value as libxml2's tree builder would hold it. A value without `&` is its bytes. With references
    /// left in (the parser keeps `&name;` of a declared entity, and writes `&` as `&#38;`), character references become
    /// their characters and entity references nothing: the tree's text nodes, without its entity-reference nodes.
    private mutating func appendValue(_ bytes: UnsafeBufferPointer<UInt8>) {
      guard bytes.contains(UInt8(ascii: "&")) else {
        values.append(contentsOf: bytes)
        return
      }
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "&"), let semicolon = bytes[index...].firstIndex(of: UInt8(ascii: ";")) else {
          values.append(byte)
          index += 1
          continue
        }
        let reference = bytes[(index + 1)..<semicolon]
        if reference.first == UInt8(ascii: "#"), let scalar = Self.characterReference(reference.dropFirst()) {
          values.append(contentsOf: String(Character(scalar)).utf8)
        } else if let predefined = Self.predefinedEntity(reference) {
          values.append(predefined)
        }
        index = semicolon + 1
      }
    }

    /// `38` or `x26` → U+0026.
    private static func characterReference(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Unicode.Scalar? {
      let text = String(decoding: digits, as: UTF8.self)
      let value = text.first == "x" ? UInt32(text.dropFirst(), radix: 16) : UInt32(text, radix: 10)
      return value.flatMap(Unicode.Scalar.init)
    }

    private static func predefinedEntity(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> UInt8? {
      switch String(decoding: name, as: UTF8.self) {
      case "lt": return UInt8(ascii: "<")
      case "gt": return UInt8(ascii: ">")
      case "amp": return UInt8(ascii: "&")
      case "apos": return UInt8(ascii: "'")
      case "quot": return UInt8(ascii: "\"")
      default: return nil
      }
    }
  }

  fileprivate func value(of attribute: Attribute) -> String {
    values.withUnsafeBufferPointer { buffer in
      String(decoding: buffer[Int(attribute.value.lowerBound)..<Int(attribute.value.upperBound)], as: UTF8.self)
    }
  }

  fileprivate func text(of element: Int32) -> String {
    String(decoding: texts[element] ?? [], as: UTF8.self)
  }

  /// Compares a NUL-terminated UTF-8 string with the bytes of a Swift string (which never holds a NUL for a name,
  /// so the comparison stops at the terminator at the latest).
  static func equals(_ pointer: UnsafePointer<xmlChar>, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
    for index in 0..<wanted.count where pointer[index] != wanted[index] || wanted[index] == 0 { return false }
    return pointer[wanted.count] == 0
  }

  static func equals(_ pointer: UnsafePointer<xmlChar>, _ wanted: StaticString) -> Bool {
    wanted.withUTF8Buffer { equals(pointer, $0) }
  }
}

/// A read-only view of one element of an `XMLTree`, valid while the tree's parser context is alive.
struct XMLElement {
  let tree: XMLTree
  /// The element's position in document order.
  let index: Int32

  private var element: XMLTree.Element { tree.elements[Int(index)] }

  /// The local name: `tableViewCell`.
  var name: String { String(cString: element.name) }

  /// The name as written in the start tag: `prefix:name` when the element has a namespace prefix.
  var qualifiedName: String {
    let element = element
    if let prefix = element.prefix { return String(cString: prefix) + ":" + String(cString: element.name) }
    return String(cString: element.name)
  }

  /// The line libxml2 was on when it read the start tag: the line where the start tag ends.
  var line: Int { Int(element.line) }

  var parent: XMLElement? {
    let parent = element.parent
    return parent >= 0 ? XMLElement(tree: tree, index: parent) : nil
  }

  /// The child elements, in document order (never the contents of entity references).
  var children: ChildElements { ChildElements(tree: tree, first: element.firstChild) }

  /// The element siblings that follow this element.
  var followingSiblings: ChildElements { ChildElements(tree: tree, first: element.nextSibling) }

  /// The value of an attribute without a namespace prefix, or nil when the element has none.
  func attribute(_ name: String) -> String? {
    // The name's bytes are taken once, not walked through `String.UTF8View` for every attribute compared.
    var name = name
    let element = element
    return name.withUTF8 { wanted in
      for position in element.firstAttribute..<(element.firstAttribute + element.attributeCount) {
        let attribute = tree.attributes[Int(position)]
        if !attribute.hasNamespace, XMLTree.equals(attribute.name, wanted) { return tree.value(of: attribute) }
      }
      return nil
    }
  }

  /// A property IB writes either as an attribute (`text="…"`) or, for text with line breaks, as a child
  /// `<string key="text">…</string>`.
  func stringProperty(_ key: String) -> String? {
    if let value = attribute(key) { return value }
    for child in children where child.name == "string" && child.attribute("key") == key {
      return tree.text(of: child.index)
    }
    return nil
  }

  /// Whether `bytes` spell the name as written in the start tag (`qualifiedName`), compared in place.
  func hasQualifiedName(_ bytes: ArraySlice<UInt8>) -> Bool {
    var index = bytes.startIndex
    func consume(_ text: UnsafePointer<xmlChar>) -> Bool {
      var byte = text
      while byte.pointee != 0 {
        guard index < bytes.endIndex, bytes[index] == byte.pointee else { return false }
        index += 1
        byte += 1
      }
      return true
    }
    let element = element
    if let prefix = element.prefix {
      guard consume(prefix), index < bytes.endIndex, bytes[index] == UInt8(ascii: ":") else { return false }
      index += 1
    }
    if !consume(element.name) { return false }
    return index == bytes.endIndex
  }
}

/// The element children of an element, in document order.
struct ChildElements: Sequence, IteratorProtocol {
  private let tree: XMLTree
  private var candidate: Int32

  init(tree: XMLTree, first: Int32) {
    self.tree = tree
    candidate = first
  }

  mutating func next() -> XMLElement? {
    guard candidate >= 0 else { return nil }
    let element = XMLElement(tree: tree, index: candidate)
    candidate = tree.elements[Int(candidate)].nextSibling
    return element
  }
}
