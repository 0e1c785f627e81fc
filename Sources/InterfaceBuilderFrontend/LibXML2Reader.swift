internal import CLibXML2

/// Parses bytes with a private parser context into an `XMLTree`, safely for hostile input and many threads.
///
/// Options: `XML_PARSE_NONET` (no network), `XML_PARSE_BIG_LINES` (line numbers past 65535), and
/// `XML_PARSE_NOERROR | XML_PARSE_NOWARNING` (nothing printed; the first fatal error is recorded, see `TreeRecorder`).
/// Deliberately absent: `XML_PARSE_NOENT` (entity substitution), `XML_PARSE_DTDLOAD`, `XML_PARSE_DTDATTR`,
/// `XML_PARSE_DTDVALID` (loading external DTDs and entities) and `XML_PARSE_HUGE` (which lifts the limits
/// against entity amplification).
enum LibXML2Reader {
  /// Why libxml2 rejected the bytes, and where. `column` counts characters, as libxml2 does.
  struct Failure: Error {
    var message: String
    var line: Int
    var column: Int
  }

  private static let options = Int32(
    XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOERROR.rawValue
      | XML_PARSE_NOWARNING.rawValue
  )

  /// `xmlInitParser` must run once before parsing on several threads.
  private static let initialized: Void = xmlInitParser()

  /// Parses `bytes` and hands the root element to `body`; the elements live until `body` returns.
  static func withRootElement<Result>(
    of bytes: [UInt8], _ body: (XMLElement) -> Result
  ) -> Swift.Result<Result, Failure> {
    _ = initialized
    tablelint_silence_generic_errors()
    guard !bytes.isEmpty else { return .failure(Failure(message: "Document is empty", line: 1, column: 1)) }
    guard let size = Int32(exactly: bytes.count) else {
      return .failure(Failure(message: "document is too large", line: 1, column: 1))
    }
    guard let context = xmlNewParserCtxt() else {
      return .failure(Failure(message: "could not create an XML parser", line: 1, column: 1))
    }
    defer { xmlFreeParserCtxt(context) }
    let recorder = TreeRecorder(context: context)
    let document = withExtendedLifetime(recorder) {
      recorder.install()
      return bytes.withUnsafeBufferPointer { buffer in
        buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) { characters in
          xmlCtxtReadMemory(context, characters, size, nil, nil, options)
        }
      }
    }
    guard let document else { return .failure(recorder.firstFatalError ?? lastFailure(of: context)) }
    // The document holds only what libxml2's own handlers made (its DTD, if any); the elements are the recorder's.
    defer { xmlFreeDoc(document) }
    let tree = recorder.tree.finish()
    guard let root = tree.root else {
      return .failure(Failure(message: "Document has no root element", line: 1, column: 1))
    }
    return .success(withExtendedLifetime(recorder) { body(root) })
  }

  private static func lastFailure(of context: xmlParserCtxtPtr) -> Failure {
    guard let error = xmlCtxtGetLastError(context) else {
      return Failure(message: "unknown XML error", line: 1, column: 1)
    }
    return Failure(error.pointee)
  }
}

extension LibXML2Reader.Failure {
  init(_ error: xmlError) {
    self.init(
      message: error.message.map { String(cString: $0) } ?? "unknown XML error", line: max(1, Int(error.line)),
      column: max(1, Int(error.int2))
    )
  }
}

/// Records one parse: its elements (`XMLTree`, from the SAX2 element and text events, in place of libxml2's tree
/// builder) and its first fatal error. libxml2 goes on after a fatal error and its last error is often a consequence
/// ("premature end of data") far from the cause ("opening and ending tag mismatch").
///
/// Installed on the context's own SAX handler (a copy per context): the document's element, text and CDATA events go
/// to the tree, its comments, processing instructions and entity references nowhere; the other handlers stay
/// libxml2's (the document and its DTD, entity declarations: entities are checked and limited as before). The
/// structured error handler also keeps libxml2 from printing anything. Handlers find the recorder through the
/// context's `_private` field; the recorder lives until the reading is done.
private final class TreeRecorder {
  private(set) var firstFatalError: LibXML2Reader.Failure?
  var tree = XMLTree.Builder()
  /// The document's parser context: events of another context (an entity's replacement text, which libxml2 parses
  /// with a context of its own that shares this handler) are not the document's.
  private let context: xmlParserCtxtPtr

  init(context: xmlParserCtxtPtr) {
    self.context = context
  }

  /// The recorder of the parse whose context is `userData` (libxml2 passes the parser context as the user data of
  /// its own SAX handlers), when the event is the document's own; with `nested`, also for a nested context's events
  /// (an entity's replacement text: its context's `_private` is this recorder too).
  private static func recorder(_ userData: UnsafeMutableRawPointer?, nested: Bool = false) -> TreeRecorder? {
    guard let userData else { return nil }
    let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
    guard let address = context.pointee._private else { return nil }
    let recorder = Unmanaged<TreeRecorder>.fromOpaque(address).takeUnretainedValue()
    return nested || recorder.context == context ? recorder : nil
  }

  private func text(_ bytes: UnsafePointer<xmlChar>?, _ count: Int32) {
    guard let bytes, count > 0 else { return }
    tree.characters(UnsafeBufferPointer(start: bytes, count: Int(count)))
  }

  func install() {
    context.pointee._private = Unmanaged.passUnretained(self).toOpaque()
    guard let handler = context.pointee.sax else { return }
    handler.pointee.serror = { userData, error in
      // A nested context's errors, in an entity's replacement text, are the document's too.
      guard let error, let recorder = TreeRecorder.recorder(userData, nested: true) else { return }
      if recorder.firstFatalError == nil, error.pointee.level == XML_ERR_FATAL {
        recorder.firstFatalError = LibXML2Reader.Failure(error.pointee)
      }
    }
    // Events of a nested context (an entity's replacement text) go to libxml2's own tree builder, as they did when it
    // built the whole document: it keeps the entity's content with the entity, parsed once, and counts it against
    // its amplification limits. Without it libxml2 would parse the replacement text again at every reference.
    handler.pointee.startElementNs = {
      userData, localName, prefix, namespace, namespaces, namespaceArray, count, defaulted, attributes in
      guard let recorder = TreeRecorder.recorder(userData) else {
        xmlSAX2StartElementNs(
          userData, localName, prefix, namespace, namespaces, namespaceArray, count, defaulted, attributes
        )
        return
      }
      guard let localName else { return }
      // An undeclared prefix stays part of the name (`prefix:name`), as libxml2's tree builder keeps it.
      var (name, declaredPrefix) = (localName, prefix)
      if let prefix, namespace == nil {
        name = xmlDictQLookup(recorder.context.pointee.dict, prefix, localName) ?? localName
        declaredPrefix = nil
      }
      // Attributes defaulted from a DTD come last; libxml2's tree builder leaves them out (no XML_PARSE_DTDATTR).
      recorder.tree.start(
        name: name, prefix: declaredPrefix, line: recorder.context.pointee.input?.pointee.line ?? 1,
        attributes: attributes, count: max(0, Int(count) - Int(defaulted))
      )
    }
    handler.pointee.endElementNs = { userData, localName, prefix, namespace in
      guard let recorder = TreeRecorder.recorder(userData) else {
        xmlSAX2EndElementNs(userData, localName, prefix, namespace)
        return
      }
      recorder.tree.end()
    }
    handler.pointee.characters = { userData, bytes, count in
      guard let recorder = TreeRecorder.recorder(userData) else { return xmlSAX2Characters(userData, bytes, count) }
      recorder.text(bytes, count)
    }
    handler.pointee.ignorableWhitespace = handler.pointee.characters
    handler.pointee.cdataBlock = { userData, bytes, count in
      guard let recorder = TreeRecorder.recorder(userData) else { return xmlSAX2CDataBlock(userData, bytes, count) }
      recorder.text(bytes, count)
    }
    // The document's comments, processing instructions and entity references are not read.
    handler.pointee.comment = { userData, text in
      if TreeRecorder.recorder(userData) == nil { xmlSAX2Comment(userData, text) }
    }
    handler.pointee.processingInstruction = { userData, target, data in
      if TreeRecorder.recorder(userData) == nil { xmlSAX2ProcessingInstruction(userData, target, data) }
    }
    handler.pointee.reference = { userData, name in
      if TreeRecorder.recorder(userData) == nil { xmlSAX2Reference(userData, name) }
    }
  }
}
