/// Splits Objective-C source bytes into the tokens the declaration scanner reads, in one linear pass.
///
/// Dropped: whitespace, `//` and `/* */` comments, backslash-newline continuations and whole preprocessor lines
/// (`#import`, `#define` with its continuations, `#pragma mark`). Kept as single tokens: identifiers, at-keywords,
/// string / character / number literals (so quotes and braces inside them never reach the scanner) and one-byte
/// punctuation.
///
/// Conditional compilation follows only one branch of each `#if` chain, like ctags: the first branch, or the first
/// branch after an `#if 0` / `#elif 0`. Taking every branch would unbalance braces when both branches open the same
/// block (`#if A` `- (void)f {` `#else` `- (void)g {` `#endif`).
struct ObjectiveCTokenizer {
  private let bytes: [UInt8]
  private var index = 0
  private var tokens: [ObjectiveCToken] = []
  /// No token yet on this line, so a `#` starts a preprocessor directive.
  private var atLineStart = true
  private var conditionals = PreprocessorConditionals()
  private var defines: [ObjectiveCDefine] = []

  /// The tokens of `bytes`. Never fails: unterminated comments and literals end at the end of the file (literals
  /// also at the end of their line).
  static func tokenize(_ bytes: [UInt8]) -> [ObjectiveCToken] {
    tokenizeWithDefines(bytes).tokens
  }

  /// The tokens, and the object-like macros whose whole body is one string literal (`#define kCellID @"Cell"`).
  static func tokenizeWithDefines(_ bytes: [UInt8]) -> (tokens: [ObjectiveCToken], defines: [ObjectiveCDefine]) {
    var tokenizer = ObjectiveCTokenizer(bytes: bytes)
    tokenizer.run()
    return (tokenizer.tokens, tokenizer.defines)
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
    // About one token for every ten bytes of real source: reserved once rather than grown a dozen times.
    tokens.reserveCapacity(bytes.count / 8)
  }

  private mutating func run() {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // UTF-8 byte order mark
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      // A lone `\r` ends a line as `\n` and `\r\n` do, as clang reads it (classic Mac line endings).
      case ASCII.newline, ASCII.carriageReturn:
        index += 1
        atLineStart = true
      case ASCII.space, ASCII.tab, ASCII.formFeed, ASCII.verticalTab:
        index += 1
      case ASCII.slash where peek(1) == ASCII.slash:
        skipLineComment()
      case ASCII.slash where peek(1) == ASCII.star:
        skipBlockComment()
      case ASCII.backslash where isLineContinuation(at: index):
        skipLineContinuation()
      case ASCII.hash where atLineStart:
        scanDirective()
      default:
        atLineStart = false
        scanToken()
      }
    }
  }

  // MARK: - Bytes

  private func peek(_ distance: Int) -> UInt8? {
    let position = index + distance
    return position < bytes.count ? bytes[position] : nil
  }

  /// A backslash followed by a line break: `\n`, `\r\n` or `\r`.
  private func isLineContinuation(at position: Int) -> Bool {
    guard position < bytes.count, bytes[position] == ASCII.backslash else { return false }
    return position + 1 < bytes.count && ASCII.isLineBreak(bytes[position + 1])
  }

  private mutating func skipLineContinuation() {
    let crlf = bytes[index + 1] == ASCII.carriageReturn && index + 2 < bytes.count && bytes[index + 2] == ASCII.newline
    index += crlf ? 3 : 2
  }

  // MARK: - Comments

  /// Up to (not including) the newline that ends the comment; a backslash-newline continues it.
  private mutating func skipLineComment() {
    index += 2
    while index < bytes.count, !ASCII.isLineBreak(bytes[index]) {
      if isLineContinuation(at: index) { skipLineContinuation() } else { index += 1 }
    }
  }

  private mutating func skipBlockComment() {
    index += 2
    while index < bytes.count {
      if bytes[index] == ASCII.star, peek(1) == ASCII.slash {
        index += 2
        return
      }
      index += 1
    }
  }

  // MARK: - Preprocessor

  /// A whole directive line with its continuations; updates the `#if` state.
  private mutating func scanDirective() {
    index += 1  // '#'
    skipHorizontalSpace()
    let name = scanIdentifierText()
    skipHorizontalSpace()
    let conditionIsZero = peek(0) == UInt8(ascii: "0") && !(peek(1).map(ASCII.isIdentifierContinue) ?? false)
    if name == "define", !conditionals.isSkipping { scanStringDefine() }
    skipRestOfDirective()
    switch name {
    case "if", "ifdef", "ifndef": conditionals.enterIf(conditionIsFalse: name == "if" && conditionIsZero)
    case "elif", "elifdef", "elifndef": conditionals.enterElif(conditionIsFalse: name == "elif" && conditionIsZero)
    case "else": conditionals.enterElse()
    case "endif": conditionals.exit()
    default: break
    }
  }

  /// After `#define `: `NAME @"value"` alone on the line (a trailing comment allowed) becomes an `ObjectiveCDefine`;
  /// function-like macros and any other body are left to `skipRestOfDirective`.
  private mutating func scanStringDefine() {
    let nameStart = index
    guard let first = peek(0), ASCII.isIdentifierStart(first) else { return }
    let name = scanIdentifierText()
    let nameEnd = index
    guard peek(0) != UInt8(ascii: "(") else { return }
    skipHorizontalSpace()
    let valueStart = index
    if peek(0) == ASCII.at, peek(1) == ASCII.doubleQuote { index += 1 }
    guard peek(0) == ASCII.doubleQuote else { return }
    skipQuoted()
    let valueEnd = index
    skipHorizontalSpace()
    let endsLine = index >= bytes.count || ASCII.isLineBreak(bytes[index])
      || (bytes[index] == ASCII.slash && peek(1) == ASCII.slash)
    guard endsLine else { return }
    defines.append(
      ObjectiveCDefine(name: name, nameStart: nameStart, nameEnd: nameEnd, valueStart: valueStart, valueEnd: valueEnd)
    )
  }

  private mutating func skipHorizontalSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case ASCII.space, ASCII.tab, ASCII.formFeed, ASCII.verticalTab: index += 1
      case ASCII.backslash where isLineContinuation(at: index): skipLineContinuation()
      case ASCII.slash where peek(1) == ASCII.star: skipBlockComment()
      default: return
      }
    }
  }

  /// To the newline ending the directive. Comments and literals are skipped as units, so a `/* … */` spanning
  /// lines or a `"//"` in an `#include` does not end or extend the directive wrongly.
  private mutating func skipRestOfDirective() {
    while index < bytes.count, !ASCII.isLineBreak(bytes[index]) {
      switch bytes[index] {
      case ASCII.backslash where isLineContinuation(at: index): skipLineContinuation()
      case ASCII.slash where peek(1) == ASCII.slash: skipLineComment()
      case ASCII.slash where peek(1) == ASCII.star: skipBlockComment()
      case ASCII.doubleQuote, ASCII.singleQuote: skipQuoted()
      default: index += 1
      }
    }
  }

  // MARK: - Tokens

  private mutating func scanToken() {
    let start = index
    let byte = bytes[index]
    if byte == ASCII.doubleQuote || byte == ASCII.singleQuote {
      skipQuoted()
      append(.literal, from: start)
    } else if byte == ASCII.at {
      scanAtSign()
    } else if ASCII.isIdentifierStart(byte) {
      scanIdentifierOrPrefixedLiteral()
    } else if ASCII.isDigit(byte) || (byte == ASCII.dot && (peek(1).map(ASCII.isDigit) ?? false)) {
      skipNumber()
      append(.literal, from: start)
    } else {
      index += 1
      append(.punctuation, from: start, byte: byte)
    }
  }

  /// `@"string"`, `@interface` (an at-keyword) or a lone `@` (boxed literals `@[`, `@{`, `@(`).
  private mutating func scanAtSign() {
    let start = index
    index += 1
    if peek(0) == ASCII.doubleQuote {
      skipQuoted()
      append(.literal, from: start)
    } else if let next = peek(0), ASCII.isIdentifierStart(next) {
      let word = scanIdentifierText()
      append(.atKeyword, from: start, text: word)
    } else {
      append(.punctuation, from: start, byte: ASCII.at)
    }
  }

  /// An identifier, or a literal with an encoding prefix (`L"…"`, `u8'x'`) or a C++ raw string (`R"x(…)x"`).
  private mutating func scanIdentifierOrPrefixedLiteral() {
    let start = index
    let word = scanIdentifierText()
    let next = peek(0)
    if next == ASCII.doubleQuote, ["R", "LR", "uR", "UR", "u8R"].contains(word), skipRawString() {
      append(.literal, from: start)
    } else if next == ASCII.doubleQuote || next == ASCII.singleQuote, ["L", "u", "U", "u8"].contains(word) {
      skipQuoted()
      append(.literal, from: start)
    } else {
      append(.identifier, from: start, text: word)
    }
  }

  private mutating func scanIdentifierText() -> String {
    let start = index
    return bytes.withUnsafeBufferPointer { buffer in
      var end = start
      while end < buffer.count, ASCII.isIdentifierContinue(buffer[end]) { end += 1 }
      index = end
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
    }
  }

  /// A quoted literal from its opening quote to the matching quote, honouring backslash escapes. An unescaped
  /// newline ends an unterminated literal (without consuming the newline).
  private mutating func skipQuoted() {
    let quote = bytes[index]
    index += 1
    while index < bytes.count {
      switch bytes[index] {
      case quote:
        index += 1
        return
      case ASCII.backslash:
        index = min(index + 2, bytes.count)
      case ASCII.newline, ASCII.carriageReturn:
        return
      default:
        index += 1
      }
    }
  }

  /// `"delim( … )delim"` starting at the quote; returns false (consuming nothing) when the delimiter is malformed.
  private mutating func skipRawString() -> Bool {
    var cursor = index + 1
    while cursor < bytes.count, cursor - index <= 17, bytes[cursor] != UInt8(ascii: "(") {
      let byte = bytes[cursor]
      if byte == ASCII.space || byte == ASCII.backslash || ASCII.isLineBreak(byte) || byte == UInt8(ascii: ")") {
        return false
      }
      cursor += 1
    }
    guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "(") else { return false }
    let terminator = [UInt8(ascii: ")")] + bytes[(index + 1)..<cursor] + [ASCII.doubleQuote]
    cursor += 1
    while cursor < bytes.count {
      if bytes[cursor] == terminator[0], bytes[cursor...].starts(with: terminator) {
        index = cursor + terminator.count
        return true
      }
      cursor += 1
    }
    index = bytes.count
    return true
  }

  /// A pp-number: digits, letters, `.`, `_`, digit separators and exponent signs (`1.5e-3`, `0x1p+4`).
  private mutating func skipNumber() {
    index += 1
    while index < bytes.count {
      let byte = bytes[index]
      if ASCII.isIdentifierContinue(byte) || byte == ASCII.dot || byte == ASCII.singleQuote {
        index += 1
      } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"),
        [UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "p"), UInt8(ascii: "P")].contains(bytes[index - 1])
      {
        index += 1
      } else {
        return
      }
    }
  }

  private mutating func append(_ kind: ObjectiveCToken.Kind, from start: Int, text: String = "", byte: UInt8 = 0) {
    guard !conditionals.isSkipping else { return }
    tokens.append(ObjectiveCToken(kind: kind, text: text, byte: byte, start: start, end: index))
  }
}

/// The bytes the tokenizer cares about, and its character classes.
enum ASCII {
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")
  static let tab = UInt8(ascii: "\t")
  static let formFeed: UInt8 = 0x0C
  static let verticalTab: UInt8 = 0x0B
  static let slash = UInt8(ascii: "/")
  static let star = UInt8(ascii: "*")
  static let backslash = UInt8(ascii: "\\")
  static let hash = UInt8(ascii: "#")
  static let at = UInt8(ascii: "@")
  static let dot = UInt8(ascii: ".")
  static let doubleQuote = UInt8(ascii: "\"")
  static let singleQuote = UInt8(ascii: "'")

  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// Letters, `_`, `$` and any non-ASCII byte (Clang accepts Unicode identifiers).
  static func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
  }

  static func isIdentifierContinue(_ byte: UInt8) -> Bool {
    isIdentifierStart(byte) || isDigit(byte)
  }

  /// `\n` or `\r`: either ends a line (`\r\n` is two, which only matters where lines are counted, by `LineTable`).
  @inline(__always) static func isLineBreak(_ byte: UInt8) -> Bool { byte == newline || byte == carriageReturn }
}
