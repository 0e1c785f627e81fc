internal import CLibXML2

/// A read-only view of one libxml2 element node, valid only while its document is alive.
///
/// Reading never follows entity references: attribute values and text are built from the text nodes the parser
/// made, and an entity-reference node (whose children are the entity's replacement) is skipped, so a hostile
/// document cannot make reading expand entities.
struct XMLElement: Hashable {
  let node: xmlNodePtr

  /// The local name: `tableViewCell`.
  var name: String {
    node.pointee.name.map { String(cString: $0) } ?? ""
  }

  /// The name as written in the start tag: `prefix:name` when the element has a namespace prefix.
  var qualifiedName: String {
    if let prefix = node.pointee.ns?.pointee.prefix {
      return String(cString: prefix) + ":" + name
    }
    return name
  }

  /// The line libxml2 recorded: the line where the start tag ends (on libxml2 2.9 approximate past 65535).
  var line: Int { Int(xmlGetLineNo(node)) }

  var parent: XMLElement? {
    guard let parent = node.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
    return XMLElement(node: parent)
  }

  /// The child elements, in document order (never the contents of entity references).
  var children: ChildElements { ChildElements(first: node.pointee.children) }

  /// The element siblings that follow this element.
  var followingSiblings: ChildElements { ChildElements(first: node.pointee.next) }

  /// The value of an attribute without a namespace prefix, or nil when the element has none.
  func attribute(_ name: String) -> String? {
    // The name's bytes are taken once, not walked through `String.UTF8View` for every attribute compared.
    var name = name
    return name.withUTF8 { wanted in
      var candidate = node.pointee.properties
      while let attribute = candidate {
        if attribute.pointee.ns == nil, let attributeName = attribute.pointee.name,
          Self.cString(attributeName, equals: wanted)
        {
          return Self.textValue(of: attribute.pointee.children)
        }
        candidate = attribute.pointee.next
      }
      return nil
    }
  }

  /// A property IB writes either as an attribute (`text="…"`) or, for text with line breaks, as a child
  /// `<string key="text">…</string>`.
  func stringProperty(_ key: String) -> String? {
    if let value = attribute(key) { return value }
    for child in children where child.name == "string" && child.attribute("key") == key {
      return Self.textValue(of: child.node.pointee.children)
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
    if let prefix = node.pointee.ns?.pointee.prefix {
      guard consume(prefix), index < bytes.endIndex, bytes[index] == UInt8(ascii: ":") else { return false }
      index += 1
    }
    if let name = node.pointee.name, !consume(name) { return false }
    return index == bytes.endIndex
  }

  /// The concatenated text and CDATA nodes of a sibling list; entity references contribute nothing.
  static func textValue(of firstNode: xmlNodePtr?) -> String {
    // Most values are one text node: its bytes become the string without an array in between.
    if let node = firstNode, node.pointee.next == nil,
      node.pointee.type == XML_TEXT_NODE || node.pointee.type == XML_CDATA_SECTION_NODE
    {
      return node.pointee.content.map { String(cString: $0) } ?? ""
    }
    var pieces: [UInt8] = []
    var candidate = firstNode
    while let node = candidate {
      if node.pointee.type == XML_TEXT_NODE || node.pointee.type == XML_CDATA_SECTION_NODE,
        let content = node.pointee.content
      {
        var byte = content
        while byte.pointee != 0 {
          pieces.append(byte.pointee)
          byte += 1
        }
      }
      candidate = node.pointee.next
    }
    return String(decoding: pieces, as: UTF8.self)
  }

  /// Compares a NUL-terminated UTF-8 string with the bytes of a Swift string (which never holds a NUL for a name,
  /// so the comparison stops at the terminator at the latest).
  private static func cString(_ pointer: UnsafePointer<xmlChar>, equals wanted: UnsafeBufferPointer<UInt8>) -> Bool {
    for index in 0..<wanted.count where pointer[index] != wanted[index] || wanted[index] == 0 { return false }
    return pointer[wanted.count] == 0
  }
}

/// The element children of a node, skipping text, comments and entity references.
struct ChildElements: Sequence, IteratorProtocol {
  private var candidate: xmlNodePtr?

  init(first: xmlNodePtr?) {
    candidate = first
  }

  mutating func next() -> XMLElement? {
    while let node = candidate {
      candidate = node.pointee.next
      if node.pointee.type == XML_ELEMENT_NODE { return XMLElement(node: node) }
    }
    return nil
  }
}
