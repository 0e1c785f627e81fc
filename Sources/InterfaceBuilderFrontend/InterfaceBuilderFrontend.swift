import TablelintModel

/// Reads storyboards and xibs into `InterfaceBuilderDocument` facts.
///
/// Parsing is libxml2 with a private parser context per call (see `LibXML2Reader`), so files may be parsed
/// concurrently. Positions come from the file's bytes (see `ElementLocator`): 1-based lines, UTF-8 byte columns
/// and offsets. A file that is not an IB document becomes `.unreadable` with exactly one `FileProblem`.
public enum InterfaceBuilderFrontend {
  /// Files above this size are reported and not parsed.
  static let maximumFileSize = 64 * 1024 * 1024

  /// Never throws, never crashes: bad input yields `.unreadable` content with one FileProblem.
  public static func parse(path: String, bytes: [UInt8]) -> FileFacts {
    let kind: InterfaceBuilderDocument.Kind = SourceFileKind(path: path) == .storyboard ? .storyboard : .xib
    guard bytes.count <= maximumFileSize else {
      return unreadable(
        path, Message.tooLarge, at: SourceRange(at: SourcePosition(line: 1, column: 1, offset: 0)), isLimit: true
      )
    }
    let lines = LineTable(bytes)
    let result = LibXML2Reader.withRootElement(of: bytes) { root -> FileFacts in
      let index = DocumentIndex(root: root, bytes: bytes, lines: lines)
      guard root.name == "document" else {
        // Interface Builder 3's format (Xcode 3 and 4 wrote it; `ibtool` still compiles it): a valid document that
        // tablelint does not read. Not a problem of the file: unreadable without one, so rules stay as careful as
        // with any unread document, and its nib name counts (`IndexBuilder`).
        if root.name == "archive", root.attribute("type")?.hasPrefix("com.apple.InterfaceBuilder3.") == true {
          return FileFacts(path: path, content: .unreadable)
        }
        return unreadable(path, Message.notADocument(rootElement: root.qualifiedName), at: index.sourceRange(of: root))
      }
      let document = FactExtractor.extract(root: root, kind: kind, path: path, index: index)
      return FileFacts(path: path, content: .interfaceBuilder(document))
    }
    var facts: FileFacts
    switch result {
    case .success(let read):
      facts = read
    case .failure(let failure):
      let position = lines.position(line: failure.line, characterColumn: failure.column, in: bytes)
      facts = unreadable(path, Message.notXML(libxmlMessage: failure.message), at: SourceRange(at: position))
    }
    facts.lineCount = lines.lineBreaks
    return facts
  }

  private static func unreadable(
    _ path: String, _ message: String, at range: SourceRange, isLimit: Bool = false
  ) -> FileFacts {
    FileFacts(
      path: path, content: .unreadable,
      problems: [FileProblem(location: SourceLocation(file: path, range: range), message: message, isLimit: isLimit)]
    )
  }

  /// The problems this frontend reports.
  enum Message {
    static let tooLarge = "file is larger than 64 MiB; not analysed"

    static func notADocument(rootElement: String) -> String {
      "not an Interface Builder document: root element is '\(rootElement)'"
    }

    /// libxml2's message, trimmed, with a lower-case first letter and no trailing period.
    static func notXML(libxmlMessage: String) -> String {
      var text = Substring(libxmlMessage)
      while let last = text.last, last.isWhitespace || last == "." { text.removeLast() }
      while let first = text.first, first.isWhitespace { text.removeFirst() }
      let detail = (text.first.map { $0.lowercased() } ?? "") + text.dropFirst()
      return "not a valid Interface Builder file: " + (detail.isEmpty ? "unknown XML error" : detail)
    }
  }
}
