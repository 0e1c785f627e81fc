/// `DocumentUri` / `URI`: the text of a URI as the client sent it.
public typealias DocumentURI = String

/// A position in a document: 0-based line and character, counted in the negotiated encoding.
public struct Position: Codable, Hashable, Sendable, Comparable {
  public var line: Int
  public var character: Int

  public init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }

  public static func < (lhs: Position, rhs: Position) -> Bool {
    (lhs.line, lhs.character) < (rhs.line, rhs.character)
  }
}

/// `Range` in the specification; named apart from `Swift.Range`.
public struct LSPRange: Codable, Hashable, Sendable {
  public var start: Position
  public var end: Position

  public init(start: Position, end: Position) {
    self.start = start
    self.end = end
  }

  public func contains(_ position: Position) -> Bool { start <= position && position <= end }
}

public struct Location: Codable, Hashable, Sendable {
  public var uri: DocumentURI
  public var range: LSPRange

  public init(uri: DocumentURI, range: LSPRange) {
    self.uri = uri
    self.range = range
  }
}

public struct TextDocumentIdentifier: Codable, Hashable, Sendable {
  public var uri: DocumentURI
  public init(uri: DocumentURI) { self.uri = uri }
}

public struct VersionedTextDocumentIdentifier: Codable, Hashable, Sendable {
  public var uri: DocumentURI
  public var version: Int
  public init(uri: DocumentURI, version: Int) {
    self.uri = uri
    self.version = version
  }
}

public struct TextDocumentItem: Codable, Hashable, Sendable {
  public var uri: DocumentURI
  public var languageId: String
  public var version: Int
  public var text: String

  public init(uri: DocumentURI, languageId: String, version: Int, text: String) {
    self.uri = uri
    self.languageId = languageId
    self.version = version
    self.text = text
  }
}

/// The parameters shared by requests at a position.
public struct TextDocumentPositionParams: Codable, Hashable, Sendable {
  public var textDocument: TextDocumentIdentifier
  public var position: Position
}

public struct TextEdit: Codable, Hashable, Sendable {
  public var range: LSPRange
  public var newText: String
  public init(range: LSPRange, newText: String) {
    self.range = range
    self.newText = newText
  }
}

public struct WorkspaceFolder: Codable, Hashable, Sendable {
  public var uri: DocumentURI
  public var name: String
  public init(uri: DocumentURI, name: String) {
    self.uri = uri
    self.name = name
  }
}

/// `MarkupContent` (always Markdown here).
public struct MarkupContent: Codable, Hashable, Sendable {
  public var kind: String
  public var value: String
  public init(markdown: String) {
    self.kind = "markdown"
    self.value = markdown
  }
}

/// A `ProgressToken`: an integer or a string.
public enum ProgressToken: Codable, Hashable, Sendable {
  case integer(Int)
  case string(String)

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let value = try? container.decode(Int.self) {
      self = .integer(value)
    } else {
      self = .string(try container.decode(String.self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .integer(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    }
  }
}
