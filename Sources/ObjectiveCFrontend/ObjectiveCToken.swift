/// One token of Objective-C source, as the declaration scanner needs it.
///
/// Comments, preprocessor lines and whitespace never become tokens. String, character and number literals
/// become one `.literal` token each, so nothing inside them can look like code.
struct ObjectiveCToken: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    /// `UITableViewCell`, `IBOutlet`, `_name`, `readonly`.
    case identifier
    /// An at-keyword: `@interface`, `@end`, `@property` (`text` holds the word without `@`).
    case atKeyword
    /// One byte of punctuation: `(`, `*`, `:`, `^`, `<`, a lone `@` (before `[`, `{`, `(`) …
    case punctuation
    /// A string (`"…"`, `@"…"`), character (`'x'`) or number literal.
    case literal
  }

  var kind: Kind
  /// The word for identifiers and at-keywords; empty otherwise.
  var text: String
  /// The byte for punctuation; 0 otherwise.
  var byte: UInt8
  /// UTF-8 offset of the token's first byte.
  var start: Int
  /// UTF-8 offset just past the token.
  var end: Int

  /// Whether this is the punctuation `character`.
  func isPunctuation(_ character: Unicode.Scalar) -> Bool {
    kind == .punctuation && byte == UInt8(ascii: character)
  }

  /// Whether this is the identifier `word`.
  func isIdentifier(_ word: String) -> Bool {
    kind == .identifier && text == word
  }

  /// Whether this is the at-keyword `@word`.
  func isAtKeyword(_ word: String) -> Bool {
    kind == .atKeyword && text == word
  }
}

/// `#define NAME @"value"`: an object-like macro whose body is one string literal (byte offsets into the file).
struct ObjectiveCDefine: Sendable, Equatable {
  var name: String
  var nameStart: Int
  var nameEnd: Int
  var valueStart: Int
  var valueEnd: Int
}
