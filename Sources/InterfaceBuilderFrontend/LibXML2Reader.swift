internal import CLibXML2

/// Parses bytes into a libxml2 tree with a private parser context, safely for hostile input and many threads.
///
/// Options: `XML_PARSE_NONET` (no network), `XML_PARSE_BIG_LINES` (line numbers past 65535), and
/// `XML_PARSE_NOERROR | XML_PARSE_NOWARNING` (nothing printed; the last error is read from the context),
/// `XML_PARSE_NOBLANKS` (no text nodes for the indentation between elements, half the nodes of an IB document; a text
/// that is only whitespace, `<string key="text"> </string>`, stays) and `XML_PARSE_COMPACT` (short texts stored in
/// their node: one allocation fewer each).
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
      | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOBLANKS.rawValue | XML_PARSE_COMPACT.rawValue
  )

  /// `xmlInitParser` must run once before parsing on several threads.
  private static let initialized: Void = xmlInitParser()

  /// Parses `bytes` and hands the root element to `body`; the tree is freed when `body` returns.
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
    let recorder = FirstErrorRecorder()
    let document = withExtendedLifetime(recorder) {
      recorder.install(on: context)
      return bytes.withUnsafeBufferPointer { buffer in
        buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) { characters in
          xmlCtxtReadMemory(context, characters, size, nil, nil, options)
        }
      }
    }
    guard let document else { return .failure(recorder.firstFatalError ?? lastFailure(of: context)) }
    defer { xmlFreeDoc(document) }
    guard let root = xmlDocGetRootElement(document) else {
      return .failure(Failure(message: "Document has no root element", line: 1, column: 1))
    }
    return .success(body(XMLElement(node: root)))
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

/// Keeps the first fatal error of one parse. libxml2 goes on after a fatal error and its last error is often a
/// consequence ("premature end of data") far from the cause ("opening and ending tag mismatch").
///
/// Installed as the context's structured error handler, which also keeps libxml2 from printing anything. The
/// handler finds the recorder through the context's `_private` field; the recorder lives until the parse returns.
private final class FirstErrorRecorder {
  private(set) var firstFatalError: LibXML2Reader.Failure?

  func install(on context: xmlParserCtxtPtr) {
    context.pointee._private = Unmanaged.passUnretained(self).toOpaque()
    context.pointee.sax?.pointee.serror = { userData, error in
      // libxml2 passes the parser context as the user data of its own SAX handlers.
      guard let userData, let error,
        let recorderAddress = userData.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private
      else { return }
      let recorder = Unmanaged<FirstErrorRecorder>.fromOpaque(recorderAddress).takeUnretainedValue()
      if recorder.firstFatalError == nil, error.pointee.level == XML_ERR_FATAL {
        recorder.firstFatalError = LibXML2Reader.Failure(error.pointee)
      }
    }
  }
}
