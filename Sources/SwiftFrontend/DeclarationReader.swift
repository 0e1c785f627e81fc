import TablelintModel

/// The batch path's lightest read of a Swift file: the facts of a body-skipped skeleton (`BodySkipping`) read from its
/// tokens, without swift-syntax, when the file is only declarations whose every fact the reader knows how to take.
///
/// A skeleton without a word the table-model walk starts from but `enum` (`BodySkipping.Skeleton.tableWords`; the
/// items holding one are left to swift-syntax, `DeclarationReader+Split`), so no data-source method and no table
/// written in code, holds types, enums,
/// extensions, imports, type aliases, functions, initializers and properties whose bodies are blanked, and getters,
/// type methods and enums' properties whose statements stayed. From an enum the table-model walk takes only its case
/// list (`TableLayoutReader.caseList`), which the reader makes too; an enum with a `static var layout` is not read. What `FactCollector` takes from them
/// is the declarations themselves (names, inheritance, attributes, modifiers, labels, written types), the constants
/// (`let` initializers, a getter's or a type method's one returned expression, read as `IdentifierExpressionReader`
/// reads them), the values of plain string literals and the names of plain metatypes (`Cell.self`, `Module.Cell.self`), spelled as
/// `BodySkipping` spells them in a skipped body. Calls, nibs, selectors and target–actions come only from
/// words `BodySkipping` keeps a body for; the reader checks every expression and statement it accepts for the same
/// words (`BodySkipping.Scanner.keepsBody`), and reads the one it follows, `#selector` (`DeclarationReader+Selectors`),
/// there and in the bodies kept for it alone.
///
/// The reader is strict: anything it does not follow exactly — a `#` other than `#if` lines between declarations, a
/// top-level `#Preview` before its blanked closure, `#available`/`#unavailable` and plain `#selector`s in checked
/// statements (other macros, raw strings), a multi-line string, a raw identifier (`` `a b` ``), a tuple pattern, a statement at
/// top level, an attribute whose arguments hold a string, `<` that is neither a comparison nor generic arguments before a call,
/// `x as T`, `String(…)`, a line break it cannot place — is refused: the declaration holding it goes to swift-syntax
/// (`DeclarationReader+Split`), or the whole file where the refusal is not inside a declaration whose end it can tell.
/// `tablelint-bench --verify-body-skipping`, `DeclarationReaderTests` and `DeclarationReaderSplitTests` check that
/// the facts are a whole parse's. Statements, initializers and default values are checked, not parsed: a syntax error
/// inside one (`let x = a + * b`) is not seen, so the file is not marked `hasSyntaxErrors` — the difference
/// `BodySkipping` documents for an error in a skipped body (two operands side by side, the commonest, are refused).
/// The swift fuzz target checks that the declarations themselves (`declarations(of:)`) hold no error swift-syntax
/// would report.
enum DeclarationReader {
  /// The reader's facts and the byte ranges it checked without parsing, or `nil` when it refuses the skeleton.
  private static func read(_ skeleton: [UInt8], path: String = "") -> (facts: SwiftFileFacts, unparsed: [Range<Int>])? {
    if case .success(let read) = attempt(skeleton, path: path) { return read }
    return nil
  }

  /// Why the reader does not read `skeleton` (the check or the line of this file that refused it, and the text
  /// there), or `nil` when it reads it: for `tablelint-bench --verify-body-skipping --verbose`.
  static func refusal(of skeleton: [UInt8]) -> String? {
    guard case .failure(let refused) = attempt(skeleton, path: "") else { return nil }
    let offset = max(0, min(refused.offset, skeleton.count))
    let near = String(decoding: skeleton[max(0, offset - 12)..<min(skeleton.count, offset + 12)], as: UTF8.self)
    return "\(refused.reason) near «\(near.replacingOccurrences(of: "\n", with: "⏎"))»"
  }

  /// Where and why the reader gave up.
  struct Refusal: Error {
    var reason: String
    var offset: Int
  }

  /// The one reading `read` and `refusal` share (the reader holds a pointer into `skeleton` and does not leave it).
  private static func attempt(
    _ skeleton: [UInt8], path: String
  ) -> Result<(facts: SwiftFileFacts, unparsed: [Range<Int>]), Refusal> {
    // A control character other than whitespace is an error to swift-syntax wherever it stands, in a string literal
    // too, where the reader would not see it: such a file is parsed (fuzzing found `"…{\u{0E}…"` read as clean).
    guard !hasControlCharacter(skeleton) else { return .failure(Refusal(reason: "a control character", offset: 0)) }
    return skeleton.withUnsafeBufferPointer { buffer in
      var lexer = Lexer(bytes: buffer)
      guard let tokens = lexer.tokens() else { return .failure(Refusal(reason: "the lexer", offset: lexer.index)) }
      var reader = Reader(
        bytes: buffer, tokens: tokens, stringValues: lexer.stringValues, path: path, lineTable: LineTable(skeleton),
        scanner: lexer.scanner
      )
      do {
        try reader.readFile()
        return .success((reader.facts, reader.unparsed))
      } catch {
        let bail = error as? Bail
        let offset = bail?.offset ?? (reader.position < tokens.count ? tokens[reader.position].start : skeleton.count)
        return .failure(Refusal(reason: bail.map { "DeclarationReader.swift:\($0.line)" } ?? "\(error)", offset: offset))
      }
    }
  }

  /// Whether `bytes` holds a C0 control character other than tab, line feed, vertical tab, form feed and carriage
  /// return, or DEL: eight bytes at a time, each byte's class read exactly from its word (`ByteWords.marks(below:in:)`).
  static func hasControlCharacter(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
      func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0B && byte != 0x0C && byte != 0x0D) || byte == 0x7F
      }
      var offset = 0
      while buffer.count - offset >= 8 {
        let word = ByteWords.word(buffer, at: offset)
        // Below 0x20, except 0x09 through 0x0D (below 0x0E and not below 0x09); and DEL.
        let whitespace = ByteWords.marks(below: 0x0E, in: word) & ~ByteWords.marks(below: 0x09, in: word)
        let control = (ByteWords.marks(below: 0x20, in: word) & ~whitespace) | ByteWords.marks(of: 0x7F, in: word)
        if control != 0 { return true }
        offset += 8
      }
      while offset < buffer.count {
        if isControl(buffer[offset]) { return true }
        offset += 1
      }
      return false
    }
  }

  /// What the reader reads as declarations, when it reads `skeleton`: the skeleton with every body's statements and
  /// every initializer and default value it checks without parsing replaced by `0` (line breaks kept), for the fuzzer
  /// to check that swift-syntax finds no error in it. An error inside those (`let x = a b`) is, like one in a skipped
  /// body, not seen by the batch path.
  static func declarations(of skeleton: [UInt8]) -> [UInt8]? {
    guard let read = read(skeleton) else { return nil }
    return zeroing(read.unparsed, in: skeleton)
  }

  /// `skeleton` with each of `ranges` (code checked without parsing) replaced by `0` (line breaks kept).
  static func zeroing(_ ranges: [Range<Int>], in skeleton: [UInt8]) -> [UInt8] {
    var bytes = skeleton
    for range in ranges {
      var placed = false
      for offset in range where bytes[offset] != UInt8(ascii: "\n") && bytes[offset] != UInt8(ascii: "\r") {
        bytes[offset] = placed ? UInt8(ascii: " ") : UInt8(ascii: "0")
        placed = true
      }
    }
    return bytes
  }

  struct Token {
    /// `macro`: any other `#word` (`#selector(…)`, `#file`, a freestanding macro), which the reader does not read but
    /// for a plain `#selector`: a declaration holding another is refused, or, when the reader splits a file, left to
    /// swift-syntax.
    /// `opaque`: what the braces of a body `BodySkipping` kept for what it holds hold, stepped over unread (a body the
    /// reader would refuse: it holds a word that keeps a body, a macro, a raw or multi-line string).
    enum Kind: UInt8 { case word, number, string, punctuation, directive, preview, availability, macro, opaque }
    var kind: Kind
    var start: Int
    var end: Int
    /// A line break comes between the previous token and this one (or it is the first).
    var startsLine: Bool
    /// Whitespace or a comment comes right before it.
    var spaceBefore: Bool
    /// For a string: where the lexer's `stringValues` holds its text as written (escapes included) when it is not
    /// interpolated; -1 otherwise. The text is kept aside so that a token is plain bytes and copying one (the reader
    /// does at every step) retains nothing.
    var valueIndex: Int32 = -1
    /// For a string: swift-syntax reads it as one plain segment (no interpolation, no escaped line break), so
    /// `FactCollector` spells its value.
    var spelled = false
  }

  /// The reader cannot follow the file exactly; `line` is where in this file it gave up (for `refusal(of:)`).
  struct Bail: Error {
    var line: UInt
    /// The byte the reader stopped at, when it knows better than where it is.
    var offset: Int?

    init(line: UInt = #line, at offset: Int? = nil) {
      self.line = line
      self.offset = offset
    }
  }

  // MARK: - Lexer

  struct Lexer {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    let scanner: BodySkipping.Scanner
    /// The values of string tokens (`Token.valueIndex`).
    var stringValues: [String] = []

    /// `BodySkipping.Skeleton.keptBodies`, in order: each is one `opaque` token, but those `readable` holds.
    let opaque: [Range<Int>]
    private var nextOpaque = 0
    /// `BodySkipping.Skeleton.selectorBodies`, in order: kept bodies the reader reads when the lexer can (`#selector`
    /// and target–actions, `checkExpression`); one it cannot lex is an `opaque` token like the others.
    let readable: [Range<Int>]
    private var nextReadable = 0

    init(bytes: UnsafeBufferPointer<UInt8>, opaque: [Range<Int>] = [], readable: [Range<Int>] = []) {
      self.bytes = bytes
      self.scanner = BodySkipping.Scanner(bytes: bytes)
      self.opaque = opaque
      self.readable = readable
    }

    private func byte(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
      (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || byte == UInt8(ascii: "_")
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
      isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// Whether the bytes start trivia: whitespace, a line break, a comment, or the end of the text (`byte` gives 0
    /// past the end; a NUL byte is trivia for swift-syntax too).
    static func isSpaceOrCommentStart(_ first: UInt8, _ second: UInt8) -> Bool {
      switch first {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C, 0: return true
      case UInt8(ascii: "/"): return second == UInt8(ascii: "/") || second == UInt8(ascii: "*")
      default: return false
      }
    }

    static let operatorBytes: [Bool] = {
      var table = [Bool](repeating: false, count: 256)
      for byte in "=-+*/%&|^~".utf8 { table[Int(byte)] = true }
      return table
    }()

    /// Where the word from `start` ends (a local index: the loop does not store `index` at every byte).
    @inline(__always) func wordEnd(from start: Int) -> Int {
      var end = start
      while end < bytes.count, Self.isIdentifierByte(bytes[end]) { end += 1 }
      return end
    }

    mutating func tokens() -> [Token]? {
      var tokens: [Token] = []
      tokens.reserveCapacity(bytes.count / 6)
      var startsLine = true
      var spaceBefore = true
      guard lex(into: &tokens, startsLine: &startsLine, spaceBefore: &spaceBefore) else { return nil }
      return tokens
    }

    /// The tokens of the inside of a kept body the reader may read (`readable`), and whether a line break and a blank
    /// come before its closing brace; `nil` where the lexer cannot follow it.
    private mutating func tokens(inside body: Range<Int>) -> (tokens: [Token], startsLine: Bool, spaceBefore: Bool)? {
      // The lexer stops at the closing brace: nothing past the body is read.
      var inner = Lexer(bytes: UnsafeBufferPointer(rebasing: bytes[..<body.upperBound]))
      inner.index = body.lowerBound
      var tokens: [Token] = []
      var startsLine = false
      var spaceBefore = false
      guard inner.lex(into: &tokens, startsLine: &startsLine, spaceBefore: &spaceBefore) else { return nil }
      let offset = Int32(truncatingIfNeeded: stringValues.count)
      for index in tokens.indices where tokens[index].valueIndex >= 0 { tokens[index].valueIndex += offset }
      stringValues += inner.stringValues
      return (tokens, startsLine, spaceBefore)
    }

    /// Appends the tokens from `index` to the end of `bytes`; `false` where the lexer cannot follow them.
    private mutating func lex(into tokens: inout [Token], startsLine: inout Bool, spaceBefore: inout Bool) -> Bool {
      while index < bytes.count {
        let current = bytes[index]
        switch current {
        case UInt8(ascii: " "), UInt8(ascii: "\t"):
          spaceBefore = true
          index += 1
          continue
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
          spaceBefore = true
          startsLine = true
          index += 1
          continue
        case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "/"):
          index = ByteSearch.lineEnd(in: bytes, from: index)
          spaceBefore = true
          continue
        case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "*"):
          guard let end = ByteSearch.blockCommentEnd(in: bytes, from: index) else { return false }
          // A line break inside the comment (searched up to its end only).
          if ByteSearch.lineEnd(in: UnsafeBufferPointer(rebasing: bytes[..<end]), from: index) < end {
            startsLine = true
          }
          index = end
          spaceBefore = true
          continue
        default:
          break
        }
        let start = index
        var token = Token(kind: .punctuation, start: start, end: start + 1, startsLine: startsLine, spaceBefore: spaceBefore)
        if Self.isIdentifierStart(current)
          || (current == UInt8(ascii: "$") && index + 1 < bytes.count && Self.isIdentifierByte(bytes[index + 1]))
        {
          // `$0`, `$text` (a property wrapper's projection) are words too.
          index += 1
          index = wordEnd(from: index)
          // `$` inside a word belongs to it (`import$UIKit` is one identifier, found by `scripts/fuzz.sh swift`).
          if byte(index) == UInt8(ascii: "$") { return false }
          token.kind = .word
        } else if current == UInt8(ascii: "`"), Self.isIdentifierStart(byte(index + 1)) {
          // `` `default` ``: an escaped identifier is one word, its text the backticks included, as swift-syntax's
          // token text is. A raw identifier (`` `a b` ``, `` `1x` ``) or `$` in one is not read here.
          index += 2
          index = wordEnd(from: index)
          guard byte(index) == UInt8(ascii: "`") else { return false }
          index += 1
          token.kind = .word
        } else if current >= UInt8(ascii: "0"), current <= UInt8(ascii: "9") {
          let hexadecimal = current == UInt8(ascii: "0") && (byte(index + 1) == UInt8(ascii: "x"))
          while index < bytes.count,
            Self.isIdentifierByte(bytes[index])
              || (bytes[index] == UInt8(ascii: ".") && byte(index + 1) >= UInt8(ascii: "0") && byte(index + 1) <= UInt8(ascii: "9"))
          {
            index += 1
            // `1e-5`: the exponent's sign belongs to the number.
            if !hexadecimal, bytes[index - 1] == UInt8(ascii: "e") || bytes[index - 1] == UInt8(ascii: "E"),
              byte(index) == UInt8(ascii: "+") || byte(index) == UInt8(ascii: "-")
            {
              index += 1
            }
          }
          // `0b102`, `1abc`, `1e`: not a literal (found by `scripts/fuzz.sh swift` in a raw value).
          guard isNumberLiteral(start, index) else { return false }
          if byte(index) == UInt8(ascii: "$") { return false }
          token.kind = .number
        } else if current == UInt8(ascii: "\"") {
          guard let (value, spelled) = string() else { return false }
          token.kind = .string
          if let value {
            token.valueIndex = Int32(truncatingIfNeeded: stringValues.count)
            stringValues.append(value)
          }
          token.spelled = spelled
        } else if current == UInt8(ascii: "-"), byte(index + 1) == UInt8(ascii: ">") {
          index += 2
        } else if current == UInt8(ascii: "."), byte(index + 1) == UInt8(ascii: ".") {
          // `...`, `..<`: a range operator.
          index += 2
          while index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "<") { index += 1 }
        } else if Self.operatorBytes[Int(current)] {
          while index < bytes.count, Self.operatorBytes[Int(bytes[index])] {
            // `a/*…*/`: a comment, not an operator.
            if bytes[index] == UInt8(ascii: "/"), byte(index + 1) == UInt8(ascii: "*") || byte(index + 1) == UInt8(ascii: "/") {
              break
            }
            index += 1
          }
        } else {
          switch current {
          case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
            UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "."),
            UInt8(ascii: "@"), UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: ">"),
            UInt8(ascii: "\\"):
            // `UITableViewCell. CellStyle`: whitespace, a line break or a comment after a `.` is a syntax error for
            // swift-syntax, which the declarations would not show (found by `scripts/fuzz.sh swift`).
            if current == UInt8(ascii: "."), Self.isSpaceOrCommentStart(byte(index + 1), byte(index + 2)) { return false }
            index += 1
          case UInt8(ascii: "#"):
            // `#if`, `#elseif`, `#else`, `#endif`, `#Preview`, `#available`; any other `#word` is a macro token.
            index += 1
            let wordStart = index
            index = wordEnd(from: index)
            let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[wordStart..<index]), as: UTF8.self)
            if word == "Preview" {
              token.kind = .preview
            } else if word == "available" || word == "unavailable" {
              token.kind = .availability
            } else if ["if", "elseif", "else", "endif"].contains(word) {
              token.kind = .directive
            } else {
              // A raw string (`#"…"#`) or a lone `#` is not followed here.
              guard !word.isEmpty else { return false }
              token.kind = .macro
            }
          default:
            // `#`, `\`, `$`, a backtick, `'`, a non-ASCII byte: not read here.
            return false
          }
        }
        token.end = index
        tokens.append(token)
        startsLine = false
        spaceBefore = false
        // A kept body's braces: what they hold is one token, unread, unless the reader reads it and the lexer can.
        if current == UInt8(ascii: "{"), nextOpaque < opaque.count, opaque[nextOpaque].lowerBound <= index {
          while nextOpaque < opaque.count, opaque[nextOpaque].lowerBound < index { nextOpaque += 1 }
          if nextOpaque < opaque.count, opaque[nextOpaque].lowerBound == index {
            let body = opaque[nextOpaque]
            nextOpaque += 1
            while nextReadable < readable.count, readable[nextReadable].lowerBound < index { nextReadable += 1 }
            if nextReadable < readable.count, readable[nextReadable] == body, let inside = self.tokens(inside: body) {
              nextReadable += 1
              tokens += inside.tokens
              index = body.upperBound
              startsLine = inside.startsLine
              spaceBefore = inside.spaceBefore
              continue
            }
            tokens.append(Token(kind: .opaque, start: body.lowerBound, end: body.upperBound, startsLine: false, spaceBefore: false))
            index = body.upperBound
            // The closing brace starts a line when only blanks come between a line break and it. (A comment there
            // is not looked through: the reader refuses the body before it asks.)
            var before = body.upperBound - 1
            while before >= body.lowerBound, bytes[before] == UInt8(ascii: " ") || bytes[before] == UInt8(ascii: "\t") {
              before -= 1
            }
            startsLine = before >= body.lowerBound && (bytes[before] == UInt8(ascii: "\n") || bytes[before] == UInt8(ascii: "\r"))
            spaceBefore = before < body.upperBound - 1 || startsLine
          }
        }
      }
      return true
    }

    /// After `\u` at `start`: `{`, one to eight hex digits naming a Unicode scalar (not a surrogate, at most
    /// U+10FFFF), `}`; the offset after it, or `nil`.
    private func unicodeEscapeEnd(from start: Int) -> Int? {
      guard byte(start) == UInt8(ascii: "{") else { return nil }
      var index = start + 1
      var value: UInt32 = 0
      while index < bytes.count, index - start <= 8, let digit = Self.hexValue(bytes[index]) {
        value = value << 4 | UInt32(digit)
        index += 1
      }
      guard index > start + 1, byte(index) == UInt8(ascii: "}"), Unicode.Scalar(value) != nil else { return nil }
      return index + 1
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
      default: return nil
      }
    }

    /// Whether `bytes[start..<end]`, a number token, is a literal swift-syntax takes: decimal digits with an optional
    /// fraction and exponent, or `0x`, `0o`, `0b` and their digits (`_` after the first digit anywhere). Hexadecimal
    /// floats are not read here.
    func isNumberLiteral(_ start: Int, _ end: Int) -> Bool {
      func digits(_ index: inout Int, _ isDigit: (UInt8) -> Bool) -> Bool {
        guard index < end, isDigit(bytes[index]) else { return false }
        index += 1
        while index < end, isDigit(bytes[index]) || bytes[index] == UInt8(ascii: "_") { index += 1 }
        return true
      }
      let decimal = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
      var index = start
      if end - start > 2, bytes[start] == UInt8(ascii: "0") {
        let radix: ((UInt8) -> Bool)? =
          switch bytes[start + 1] {
          case UInt8(ascii: "x"): { Self.hexValue($0) != nil }
          case UInt8(ascii: "o"): { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "7") }
          case UInt8(ascii: "b"): { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: "1") }
          default: nil
          }
        if let radix {
          index += 2
          return digits(&index, radix) && index == end
        }
      }
      guard digits(&index, decimal) else { return false }
      if index < end, bytes[index] == UInt8(ascii: ".") {
        index += 1
        guard digits(&index, decimal) else { return false }
      }
      if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
        index += 1
        if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits(&index, decimal) else { return false }
      }
      return index == end
    }

    /// A one-line string literal at `index`: its text as written (`nil` when interpolated) and whether swift-syntax
    /// reads it as one plain segment; `nil` (the file is not read) for multi-line strings and for interpolations the
    /// reader does not follow.
    private mutating func string() -> (String?, Bool)? {
      if byte(index + 1) == UInt8(ascii: "\""), byte(index + 2) == UInt8(ascii: "\"") { return nil }
      index += 1
      let contentStart = index
      var interpolated = false
      // swift-syntax ends a segment after an escaped line break (see `BodySkipping.Scanner.scanString`).
      var escapedLineBreak = false
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          let contentEnd = index
          index += 1
          if interpolated { return (nil, false) }
          let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<contentEnd]), as: UTF8.self)
          return (text, !escapedLineBreak)
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
          return nil
        case UInt8(ascii: "\\") where byte(index + 1) != UInt8(ascii: "("):
          let escaped = byte(index + 1)
          if escaped == UInt8(ascii: "n") { escapedLineBreak = true }
          if escaped == UInt8(ascii: "u") {
            guard let end = unicodeEscapeEnd(from: index + 2) else { return nil }
            index = end
          } else {
            // The escapes swift-syntax knows; any other (`\q`) is an error (found by `scripts/fuzz.sh swift`).
            guard "0\\tnr\"'".utf8.contains(escaped) else { return nil }
            index += 2
          }
        case UInt8(ascii: "\\"):
          // Only an interpolation of plain words, dots and calls without strings: `"\(count) items"`.
          interpolated = true
          index += 2
          var depth = 1
          var afterDot = false
          while depth > 0 {
            guard index < bytes.count else { return nil }
            let current = bytes[index]
            switch current {
            case UInt8(ascii: "("):
              depth += 1
              index += 1
            case UInt8(ascii: ")"):
              depth -= 1
              index += 1
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "#"), UInt8(ascii: "\n"),
              UInt8(ascii: "\r"), UInt8(ascii: "`"), UInt8(ascii: "$"), UInt8(ascii: "/"):
              return nil
            default:
              if current >= 0x80 { return nil }
              if Self.isIdentifierStart(current) {
                let start = index
                index = wordEnd(from: index)
                if scanner.words.keepsBody(start, index, afterDot: afterDot) || Reader.isSelfWord(bytes, start, index) {
                  return nil
                }
                afterDot = false
                continue
              }
              index += 1
            }
            afterDot = current == UInt8(ascii: ".")
          }
        default:
          index += 1
        }
      }
      return nil
    }
  }

  // MARK: - Reader

  struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    let tokens: [Token]
    /// The values of string tokens (`Token.valueIndex`).
    let stringValues: [String]
    let path: String
    let lineTable: LineTable
    let scanner: BodySkipping.Scanner
    var position = 0
    var facts = SwiftFileFacts()
    /// The byte ranges of the statements, initializers and default values checked without being parsed.
    var unparsed: [Range<Int>] = []

    struct TypeContext {
      var name: String
      var kind: TypeKind
      var declarationIndex: Int
      var objcMembers: Bool
      var objcExtension: Bool
      /// For an enum: its case list as `TableLayoutReader.caseList` makes it (an index into
      /// `facts.tableModel.enums`).
      var caseListIndex: Int?
    }
    var typeStack: [TypeContext] = []
    var genericStack: [[String]] = []
    var typeDepth = 0
    /// When the reader may split the file (`DeclarationReader.read`): the member lists being read, the file's first.
    /// Empty when it reads the whole file or nothing.
    var splitFrames: [SplitFrame] = []
    /// While splitting: the strings spelled, in order (an item's are a stretch of it).
    var spelledLog: [String] = []
    /// Where the words the table-model walk starts from (but `enum`) start, in order
    /// (`BodySkipping.Skeleton.tableWords`): an item holding one is left to swift-syntax.
    var tableWords: [Int] = []

    /// `scanner`: the lexer's, over the same bytes (for `BodySkipping`'s word tests).
    init(
      bytes: UnsafeBufferPointer<UInt8>, tokens: [Token], stringValues: [String], path: String, lineTable: LineTable,
      scanner: BodySkipping.Scanner
    ) {
      self.bytes = bytes
      self.tokens = tokens
      self.stringValues = stringValues
      self.path = path
      self.lineTable = lineTable
      self.scanner = scanner
    }

    // MARK: Tokens

    var atEnd: Bool { position >= tokens.count }

    /// A string token's text as written, when it is not interpolated.
    func value(of token: Token) -> String? {
      token.valueIndex >= 0 ? stringValues[Int(token.valueIndex)] : nil
    }
    var current: Token? { position < tokens.count ? tokens[position] : nil }

    func text(_ token: Token) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)
    }

    func text(from start: Int, to end: Int) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Whether `token` is of `kind` and spelled `text` (compared as bytes, without making a `String`).
    @inline(__always) func spells(_ token: Token?, _ kind: Token.Kind, _ text: StaticString) -> Bool {
      guard let token, token.kind == kind else { return false }
      return scanner.word(token.start, token.end, is: text)
    }

    @inline(__always) func isWord(_ token: Token?, _ word: StaticString) -> Bool { spells(token, .word, word) }

    func isPunctuation(_ token: Token?, _ byte: UInt8) -> Bool {
      guard let token, token.kind == .punctuation, token.end - token.start == 1 else { return false }
      return bytes[token.start] == byte
    }

    func isPunctuation(at index: Int, _ byte: UInt8) -> Bool {
      index < tokens.count && isPunctuation(tokens[index], byte)
    }

    static func isSelfWord(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
      let length = end - start
      if length == 4 {
        return (bytes[start] == UInt8(ascii: "s") || bytes[start] == UInt8(ascii: "S")) && bytes[start + 1] == UInt8(ascii: "e")
          && bytes[start + 2] == UInt8(ascii: "l") && bytes[start + 3] == UInt8(ascii: "f")
      }
      if length == 5 {
        return bytes[start] == UInt8(ascii: "s") && bytes[start + 1] == UInt8(ascii: "u") && bytes[start + 2] == UInt8(ascii: "p")
          && bytes[start + 3] == UInt8(ascii: "e") && bytes[start + 4] == UInt8(ascii: "r")
      }
      return false
    }

    /// Whether an `=` comes next (then read), as swift-syntax reads an assignment: with whitespace on both sides or on
    /// neither (found by `scripts/fuzz.sh swift`: `let size =085` is the prefix operator `=` applied to `085`).
    mutating func equalsSign() throws -> Bool {
      guard let equals = current, spells(equals, .punctuation, "=") else { return false }
      let spacedAfter = position + 1 >= tokens.count || tokens[position + 1].spaceBefore
      guard equals.spaceBefore == spacedAfter else { throw Bail() }
      position += 1
      return true
    }

    mutating func expectPunctuation(_ byte: UInt8) throws {
      guard isPunctuation(current, byte) else { throw Bail() }
      position += 1
    }

    mutating func word() throws -> Token {
      guard let token = current, token.kind == .word else { throw Bail() }
      position += 1
      return token
    }

    /// A word that names something: not a reserved word, nor `_` unless `wildcard` (a variable's `_`).
    mutating func name(wildcard: Bool = false) throws -> Token {
      let token = try word()
      guard !isReserved(token, wildcard: wildcard), !isKeywordTypeName(token) else { throw Bail() }
      return token
    }

    /// `Any` and `Self`: keywords to swift-syntax, which no declaration may take as its name (found by
    /// `scripts/fuzz.sh swift`: `func Any()`).
    func isKeywordTypeName(_ token: Token) -> Bool { isWord(token, "Any") || isWord(token, "Self") }

    func isReserved(_ token: Token, wildcard: Bool = false) -> Bool {
      guard token.end > token.start else { return false }
      // Every reserved word starts with a lower-case letter: most names asked about (types) are told apart by their
      // first byte; the others are compared with the reserved words of their first letter, without making a `String`
      // and hashing it.
      let first = bytes[token.start]
      if first == UInt8(ascii: "_") { return !wildcard && token.end - token.start == 1 }
      guard first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return false }
      return Self.listed(token, in: Self.reservedWordsByFirstByte, bytes: bytes)
    }

    /// Whether `token`'s bytes are one of the words `table` lists under its first byte.
    @inline(__always) static func listed(
      _ token: Token, in table: [[[UInt8]]], bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
      let count = token.end - token.start
      for word in table[Int(bytes[token.start])] where word.count == count {
        if bytes[token.start..<token.end].elementsEqual(word) { return true }
      }
      return false
    }

    /// Words by their first byte, as bytes.
    static func byFirstByte(_ words: Set<String>) -> [[[UInt8]]] {
      var table = [[[UInt8]]](repeating: [], count: 256)
      for word in words { table[Int(word.utf8.first!)].append(Array(word.utf8)) }
      return table
    }

    /// The index of the token closing the bracket at `open` (`(`, `[`, `{`, `<` with `>`), counting only its kind.
    @inline(__always) func closing(_ open: Int) throws -> Int {
      let opener = bytes[tokens[open].start]
      let closer: UInt8
      switch opener {
      case UInt8(ascii: "("): closer = UInt8(ascii: ")")
      case UInt8(ascii: "["): closer = UInt8(ascii: "]")
      case UInt8(ascii: "{"): closer = UInt8(ascii: "}")
      default: closer = UInt8(ascii: ">")
      }
      var depth = 0
      var index = open
      while index < tokens.count {
        let token = tokens[index]
        if token.kind == .punctuation {
          let byte = bytes[token.start]
          if byte == opener {
            depth += 1
          } else if byte == closer {
            depth -= 1
            if depth == 0 { return index }
          }
        }
        index += 1
      }
      throw Bail()
    }

    func location(_ start: Int, _ end: Int) -> TablelintModel.SourceLocation {
      TablelintModel.SourceLocation(
        file: path,
        range: lineTable.range(from: start, to: max(start, end))
      )
    }

    func location(of token: Token) -> TablelintModel.SourceLocation { location(token.start, token.end) }

    /// How a token changes the bracket depth: 1 for `(`, `[` and `{`, -1 for their closers, 0 for any other.
    @inline(__always) func nesting(_ token: Token) -> Int {
      guard token.kind == .punctuation else { return 0 }
      switch bytes[token.start] {
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): return 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): return -1
      default: return 0
      }
    }

    // MARK: Declarations

    mutating func readFile() throws {
      while !atEnd {
        if try directive() { continue }
        if try preview() { continue }
        try item()
      }
      guard conditionDepth == 0 else { throw Bail() }
    }

    /// `#Preview { … }` or `#Preview("Name", traits: …) { … }` between top-level declarations, its closure blanked
    /// (`BodySkipping`): `FactCollector` takes only the plain strings of its arguments.
    mutating func preview() throws -> Bool {
      guard let token = current, token.kind == .preview else { return false }
      guard token.startsLine, typeStack.isEmpty else { throw Bail() }
      position += 1
      if isPunctuation(current, UInt8(ascii: "(")), !current!.spaceBefore {
        let open = position
        let close = try closing(open)
        if open + 1 < close { try checkExpression(open + 1, close) }
        position = close + 1
      }
      guard let brace = current, isPunctuation(brace, UInt8(ascii: "{")), !brace.startsLine else { throw Bail() }
      _ = try body(readsReturn: false)
      try endOfDeclaration()
      return true
    }

    /// `#if` blocks open in the file or member block being read: a declaration inside one at top level is not
    /// top-level code for `FactCollector` (no global constant, no type alias).
    var conditionDepth = 0

    /// A `#if`, `#elseif`, `#else` or `#endif` line between declarations: swift-syntax reads every branch.
    mutating func directive() throws -> Bool {
      guard let token = current, token.kind == .directive else { return false }
      guard token.startsLine else { throw Bail() }
      let word = text(from: token.start + 1, to: token.end)
      position += 1
      switch word {
      case "if":
        conditionDepth += 1
        try skipCondition()
      case "elseif":
        guard conditionDepth > 0 else { throw Bail() }
        try skipCondition()
      case "endif":
        conditionDepth -= 1
        guard conditionDepth >= 0 else { throw Bail() }
      default:
        guard conditionDepth > 0 else { throw Bail() }
      }
      guard atEnd || current!.startsLine else { throw Bail() }
      return true
    }

    /// A directive's condition: the rest of its line, operands joined by `&&` and `||` (`#if A B` and `#if A ||` are
    /// errors, found by probing the reader against swift-syntax).
    mutating func skipCondition() throws {
      guard let first = current, !first.startsLine else { throw Bail() }
      let start = position
      while let token = current, !token.startsLine || token.start == first.start {
        if token.kind == .string || token.kind == .directive || token.kind == .preview || token.kind == .availability
          || token.kind == .macro || token.kind == .opaque
          || isPunctuation(token, UInt8(ascii: "{"))
        {
          throw Bail()
        }
        position += 1
      }
      guard isCondition(start, position) else { throw Bail() }
    }

    /// `A`, `!A`, `os(iOS)`, `(A || B) && !C`: operands (a word, a word's call, a group in parentheses, each after any
    /// number of `!`) joined by `&&` or `||`, filling `start..<end` exactly.
    func isCondition(_ start: Int, _ end: Int) -> Bool {
      var index = start
      while true {
        while index < end, spells(tokens[index], .punctuation, "!") { index += 1 }
        guard index < end else { return false }
        if isPunctuation(tokens[index], UInt8(ascii: "(")) {
          guard let close = try? closing(index), close < end, isCondition(index + 1, close) else { return false }
          index = close + 1
        } else if tokens[index].kind == .word {
          index += 1
          if index < end, isPunctuation(tokens[index], UInt8(ascii: "(")), !tokens[index].spaceBefore {
            guard let close = try? closing(index), close < end else { return false }
            index = close + 1
          }
        } else {
          return false
        }
        if index == end { return true }
        guard spells(tokens[index], .punctuation, "&&") || spells(tokens[index], .punctuation, "||") else { return false }
        index += 1
      }
    }

    static let modifierWords: Set<String> = [
      "public", "private", "fileprivate", "internal", "open", "package", "static", "class", "final", "override",
      "required", "convenience", "dynamic", "lazy", "weak", "unowned", "mutating", "nonmutating", "optional",
      "nonisolated", "distributed", "prefix", "postfix", "infix", "indirect",
    ]
    /// `modifierWords` as bytes, by first byte: the first word of every declaration is looked up there, and making
    /// a `String` of it to hash cost more than comparing it with the few modifiers of its first letter.
    static let modifierWordsByFirstByte = byFirstByte(modifierWords)

    /// Whether the token is one of `modifierWords`.
    func isModifierWord(_ token: Token) -> Bool {
      guard token.kind == .word, token.end > token.start else { return false }
      return Self.listed(token, in: Self.modifierWordsByFirstByte, bytes: bytes)
    }

    /// The accessors a property's block may list here (made once: a set literal in `accessors` was built for every
    /// property with a block).
    static let accessorWords: Set<String> = ["get", "set", "didSet", "willSet", "_modify", "_read"]
    /// The accessors of a block of statements, a getter's.
    static let getterOnly: Set<String> = ["get"]
    static let accessLevels: Set<String> = ["private", "fileprivate", "internal", "package", "public", "open"]
    /// Words swift-syntax reads as keywords wherever a name is expected (without backticks): a file naming a type, a
    /// declaration, a case or a generic parameter with one has an error, so it is not read here. `_` is refused
    /// separately where it is no name either.
    static let reservedWords: Set<String> = [
      "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
      "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
      "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
      "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as",
      "false", "is", "nil", "self", "super", "throws", "true", "try",
    ]

    /// `reservedWords` as bytes, by first byte (`isReserved`).
    static let reservedWordsByFirstByte = byFirstByte(reservedWords)

    /// Names that are no keywords but that swift-syntax makes into other nodes than a plain reference or member
    /// (`Self`, `Cell.Type`, `Any`, `P.Protocol`): a path through one is not read as a type name (`X.self`, a
    /// `#selector`'s path, a call's name).
    static let unplainNames: Set<String> = ["Self", "Type", "Any", "Protocol"]

    static let declarationWords: Set<String> = [
      "import", "class", "struct", "enum", "protocol", "actor", "extension", "func", "init", "deinit", "var", "let",
      "typealias", "associatedtype", "subscript", "case",
    ]

    struct Attributes {
      var names: [String] = []
      var objcName: String?
    }

    struct Modifiers {
      var names: [String] = []
      var accessLevel: String?
      var isStatic: Bool { names.contains("static") || names.contains("class") }
    }

    mutating func attributes() throws -> Attributes {
      var result = Attributes()
      while isPunctuation(current, UInt8(ascii: "@")) {
        position += 1
        let first = try word()
        // `@protocol`, `@class`: a keyword as an attribute's name is an error to swift-syntax (found by
        // `scripts/fuzz.sh swift`); so is `_`.
        guard !first.spaceBefore, !isReserved(first) else { throw Bail() }
        var nameEnd = first.end
        while isPunctuation(current, UInt8(ascii: ".")), position + 1 < tokens.count, tokens[position + 1].kind == .word {
          guard !isReserved(tokens[position + 1]) else { throw Bail() }
          nameEnd = tokens[position + 1].end
          position += 2
        }
        if isPunctuation(current, UInt8(ascii: "<")) { throw Bail() }
        let name = text(from: first.start, to: nameEnd)
        if isPunctuation(current, UInt8(ascii: "(")), !current!.spaceBefore {
          let open = position
          let close = try closing(open)
          if name == "objc" {
            // `@objc(name:with:)`: words and colons.
            var pieces = ""
            for index in (open + 1)..<close {
              let token = tokens[index]
              if token.kind == .word {
                // `@objc(a b)`: a name of one word, or pieces each ended by `:`.
                if index > open + 1, tokens[index - 1].kind == .word { throw Bail() }
                pieces += text(token)
              } else if isPunctuation(token, UInt8(ascii: ":")) {
                pieces += ":"
              } else {
                throw Bail()
              }
            }
            if result.objcName == nil, !pieces.isEmpty { result.objcName = pieces }
          } else if name == "available" {
            try availability(open + 1, close)
          } else {
            // Arguments that hold a string may be a `StringLiteralExpr` or not, depending on the attribute: swift-syntax
            // reads the built-in attributes' arguments by rules of their own (`@_silgen_name("f")`,
            // `@_originallyDefinedIn(module: "M", …)`), all of them spelled in lower case or with `_`; a custom
            // attribute's (a property wrapper's `@UserDefault(key: "homeserver")`, `@AppStorage("theme")`) are an
            // argument list of expressions, whose strings `FactCollector` spells.
            if !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[first.start]) {
              for index in (open + 1)..<close where tokens[index].kind == .string { throw Bail() }
            }
            // `@Wrapper(a: )`: a label without its value.
            for index in (open + 1)..<close where isPunctuation(tokens[index], UInt8(ascii: ":"))
              && (index + 1 == close || isPunctuation(tokens[index + 1], UInt8(ascii: ",")))
            {
              throw Bail()
            }
            try checkExpression(open + 1, close)
          }
          position = close + 1
        } else if isPunctuation(current, UInt8(ascii: "(")) {
          throw Bail()
        }
        result.names.append(name)
      }
      return result
    }

    /// `@available(iOS 15.0, macOS 12, *)`, the arguments the attribute nearly always has: platforms, each with a
    /// version of one or two numbers, then `*`. Anything else (labels, a message, `*` first, a third version number)
    /// goes to swift-syntax, which reads an availability list by rules of its own.
    func availability(_ start: Int, _ end: Int) throws {
      var index = start
      while index + 2 < end, tokens[index].kind == .word, Self.availabilityPlatforms.contains(text(tokens[index])),
        isVersion(tokens[index + 1]), isPunctuation(tokens[index + 2], UInt8(ascii: ","))
      {
        index += 3
      }
      guard index > start, index + 1 == end, isPunctuation(tokens[index], UInt8(ascii: "*")) else { throw Bail() }
    }

    /// `15`, `15.0`: digits, with one dot between digits at most.
    func isVersion(_ token: Token) -> Bool {
      guard token.kind == .number else { return false }
      var dots = 0
      for offset in token.start..<token.end {
        let byte = bytes[offset]
        if byte == UInt8(ascii: ".") {
          dots += 1
          guard offset > token.start, offset + 1 < token.end else { return false }
        } else if byte < UInt8(ascii: "0") || byte > UInt8(ascii: "9") {
          return false
        }
      }
      return dots <= 1
    }

    static let availabilityPlatforms: Set<String> = [
      "iOS", "macOS", "tvOS", "watchOS", "visionOS", "macCatalyst", "iOSApplicationExtension",
      "macOSApplicationExtension", "tvOSApplicationExtension", "watchOSApplicationExtension",
      "visionOSApplicationExtension", "macCatalystApplicationExtension", "OSX", "OSXApplicationExtension",
    ]

    /// Modifiers before a declaration's keyword; `class` is one when a declaration keyword or modifier follows it.
    mutating func modifiers() throws -> Modifiers {
      var result = Modifiers()
      while let token = current, isModifierWord(token) {
        let name = text(token)
        if name == "class" {
          guard position + 1 < tokens.count, tokens[position + 1].kind == .word else { break }
          let next = text(tokens[position + 1])
          guard next != "class", Self.modifierWords.contains(next) || Self.declarationWords.contains(next) else { break }
        }
        position += 1
        var detail = false
        if isPunctuation(current, UInt8(ascii: "(")), !current!.spaceBefore {
          let close = try closing(position)
          guard close == position + 2, tokens[position + 1].kind == .word else { throw Bail() }
          // `private(set)`, `nonisolated(unsafe)`, `unowned(safe)`: the only details swift-syntax takes.
          let allowed: Set<String> = Self.accessLevels.contains(name) ? ["set"]
            : name == "nonisolated" ? ["unsafe"] : name == "unowned" ? ["safe", "unsafe"] : []
          guard allowed.contains(text(tokens[position + 1])) else { throw Bail() }
          detail = true
          position = close + 1
        }
        if result.accessLevel == nil, !detail, Self.accessLevels.contains(name) { result.accessLevel = name }
        result.names.append(name)
      }
      return result
    }

    mutating func declaration() throws {
      let start = current!.start
      let attributes = try attributes()
      let modifiers = try modifiers()
      let keyword = try word()
      switch declarationKeyword(keyword) {
      case .import?:
        guard typeStack.isEmpty, attributes.names.allSatisfy({ $0 == "testable" || $0 == "_exported" || $0 == "preconcurrency" || $0 == "_implementationOnly" })
        else { throw Bail() }
        if let kind = current, kind.kind == .word, ["class", "struct", "enum", "protocol", "typealias", "func", "let", "var"].contains(text(kind)),
          position + 1 < tokens.count, tokens[position + 1].kind == .word, !tokens[position + 1].startsLine
        {
          position += 1
        }
        var path = [text(try name())]
        while isPunctuation(current, UInt8(ascii: ".")) {
          position += 1
          path.append(text(try name()))
        }
        guard atEnd || current!.startsLine || isPunctuation(current, UInt8(ascii: ";")) else { throw Bail() }
        let module = path.joined(separator: ".")
        // The table-model walk reads venmo/Static's sections only after this import: with tables left to it, it
        // must see the import too.
        if module == "Static", !tableWords.isEmpty { throw Bail() }
        facts.imports.append(module)
      case .class?: try typeDeclaration(.class, start: start, attributes: attributes)
      case .struct?: try typeDeclaration(.struct, start: start, attributes: attributes)
      case .enum?: try typeDeclaration(.enum, start: start, attributes: attributes)
      case .case?: try enumCase()
      case .protocol?: try typeDeclaration(.protocol, start: start, attributes: attributes)
      case .actor?: try typeDeclaration(.actor, start: start, attributes: attributes)
      case .extension?: try typeDeclaration(.extension, start: start, attributes: attributes)
      case .func?: try function(attributes: attributes, modifiers: modifiers)
      case .`init`?: try initializer(keyword: keyword, attributes: attributes, modifiers: modifiers)
      case .deinit?:
        guard isPunctuation(current, UInt8(ascii: "{")) else { throw Bail() }
        _ = try body(readsReturn: false)
      case .var?: try variable(isLet: false, attributes: attributes, modifiers: modifiers)
      case .let?: try variable(isLet: true, attributes: attributes, modifiers: modifiers)
      case .typealias?: try typeAlias()
      case .associatedtype?:
        guard typeStack.last?.kind == .protocol else { throw Bail() }
        _ = try name()
        if isPunctuation(current, UInt8(ascii: ":")) {
          position += 1
          _ = try type(inheritance: true)
          while isPunctuation(current, UInt8(ascii: ",")) {
            position += 1
            _ = try type(inheritance: true)
          }
        }
        if try equalsSign() {
          _ = try type()
        }
        try endOfDeclaration()
      case .subscript?:
        guard typeStack.last != nil else { throw Bail() }
        try genericParameters()
        _ = try parameters()
        guard current.map({ text($0) }) == "->" else { throw Bail() }
        position += 1
        _ = try type()
        try whereClause()
        if isPunctuation(current, UInt8(ascii: "{")) { _ = try accessors(readsReturn: false) }
      case nil:
        throw Bail()
      }
      // Whatever its kind, the next declaration starts a line (or follows a `;`, or the member block closes):
      // `func f() {} let x = 1` is an error to swift-syntax (found by `scripts/fuzz.sh swift`: `func i(){}let()`).
      try endOfDeclaration()
    }

    /// The keywords `declaration` tells apart, the commonest first.
    enum DeclarationKeyword: CaseIterable {
      case `var`, `let`, `func`, `case`, `class`, `struct`, `enum`, `extension`, `init`, `protocol`, `import`
      case `typealias`, actor, `deinit`, `subscript`, `associatedtype`

      var spelling: StaticString {
        switch self {
        case .var: "var"
        case .let: "let"
        case .func: "func"
        case .case: "case"
        case .class: "class"
        case .struct: "struct"
        case .enum: "enum"
        case .extension: "extension"
        case .`init`: "init"
        case .protocol: "protocol"
        case .import: "import"
        case .typealias: "typealias"
        case .actor: "actor"
        case .deinit: "deinit"
        case .subscript: "subscript"
        case .associatedtype: "associatedtype"
        }
      }
    }

    /// `DeclarationKeyword.allCases`, made once (`allCases` makes an array each time it is read).
    static let declarationKeywords = DeclarationKeyword.allCases

    /// The keyword `token` is, compared as bytes: making a `String` of every declaration's keyword and comparing it
    /// with each case in turn was a share of the reader's string work.
    func declarationKeyword(_ token: Token) -> DeclarationKeyword? {
      for keyword in Self.declarationKeywords where scanner.word(token.start, token.end, is: keyword.spelling) {
        return keyword
      }
      return nil
    }

    /// After a declaration without a body: the next token starts a line, or closes the member block, or is `;`.
    @inline(__always) func endOfDeclaration() throws {
      guard atEnd || current!.startsLine || isPunctuation(current, UInt8(ascii: ";")) || isPunctuation(current, UInt8(ascii: "}"))
      else { throw Bail() }
    }

    mutating func typeDeclaration(_ kind: TypeKind, start: Int, attributes: Attributes) throws {
      let name: String
      let nameLocation: TablelintModel.SourceLocation
      var generics: [String] = []
      if kind == .extension {
        let written = try type()
        nameLocation = location(written.start, written.end)
        name = written.name ?? text(from: written.start, to: written.end)
      } else {
        let token = try self.name()
        nameLocation = location(of: token)
        name = typeStack.isEmpty ? text(token) : typeStack[typeStack.count - 1].name + "." + text(token)
        if kind != .protocol { generics = try genericParameters() ?? [] }
      }
      var inherited: [String] = []
      var firstInheritedText: String?
      if isPunctuation(current, UInt8(ascii: ":")) {
        position += 1
        // A list starts with an element, not a `,`.
        guard !isPunctuation(current, UInt8(ascii: ",")) else { throw Bail() }
        repeat {
          if isPunctuation(current, UInt8(ascii: ",")) { position += 1 }
          let written = try type(inheritance: true)
          if firstInheritedText == nil { firstInheritedText = text(from: written.start, to: written.end) }
          if let name = written.name { inherited.append(name) }
        } while isPunctuation(current, UInt8(ascii: ","))
      }
      try whereClause()
      guard isPunctuation(current, UInt8(ascii: "{")) else { throw Bail() }
      let close = try closing(position)
      position += 1
      // While splitting, the members of a type are items of their own (not in an enum: its case list is one).
      let splitsMembers = !splitFrames.isEmpty && kind != .enum && !typeStack.contains { $0.kind == .enum }
      facts.types.append(
        SwiftTypeDeclaration(
          kind: kind, name: name, inheritedTypes: inherited, attributes: attributes.names, objcName: attributes.objcName,
          members: [], location: location(start, tokens[close].end), nameLocation: nameLocation
        )
      )
      var caseListIndex: Int?
      if kind == .enum {
        // `TableModelCollector` lists every enum's cases, in the order the enums are met.
        facts.tableModel.enums.append(
          EnumCaseList(
            name: name, cases: [], caseLocations: [], casesAreUncertain: false,
            integerRawValues: firstInheritedText == "Int" ? [] : nil, location: nameLocation
          )
        )
        caseListIndex = facts.tableModel.enums.count - 1
      }
      typeStack.append(
        TypeContext(
          name: name, kind: kind, declarationIndex: facts.types.count - 1,
          objcMembers: attributes.names.contains("objcMembers"),
          objcExtension: kind == .extension && attributes.names.contains("objc"), caseListIndex: caseListIndex
        )
      )
      genericStack.append(generics)
      let depthOutside = conditionDepth
      conditionDepth = 0
      if splitsMembers { splitFrames.append(SplitFrame()) }
      while position < close {
        if try directive() {
          // A `#if` among an enum's members: its synthesized `allCases` is not the case list.
          if let caseListIndex { facts.tableModel.enums[caseListIndex].casesAreUncertain = true }
          continue
        }
        try item()
      }
      guard position == close, conditionDepth == 0 else { throw Bail() }
      if let caseListIndex, facts.tableModel.enums[caseListIndex].casesAreUncertain {
        facts.tableModel.enums[caseListIndex].integerRawValues = nil
      }
      conditionDepth = depthOutside
      position += 1
      typeStack.removeLast()
      genericStack.removeLast()
      // `struct A {}struct B {}`: two declarations on a line need a `;` between them.
      try endOfDeclaration()
    }

    /// `<T: P, U>`: the parameters' names; `nil` without a clause. Each is a name and, after a `:`, a type (`T:
    /// Equatable & Hashable`); anything else (`<T: >`, `<T U>`, `<>`, a trailing comma, `each T`) is not read here.
    @discardableResult
    mutating func genericParameters() throws -> [String]? {
      guard isPunctuation(current, UInt8(ascii: "<")) else { return nil }
      let close = try closingAngle(position)
      position += 1
      var names: [String] = []
      guard !isPunctuation(current, UInt8(ascii: ",")) else { throw Bail() }
      repeat {
        if isPunctuation(current, UInt8(ascii: ",")) { position += 1 }
        let token = try name()
        if isWord(token, "each") { throw Bail() }
        names.append(text(token))
        if isPunctuation(current, UInt8(ascii: ":")) {
          position += 1
          _ = try type()
        }
      } while isPunctuation(current, UInt8(ascii: ","))
      guard position == close else { throw Bail() }
      position = close + 1
      return names
    }

    /// The `>` closing the `<` at `open`, with `(`, `[` and `<` balanced inside; `->` is one token, so it is not one.
    @inline(__always) func closingAngle(_ open: Int) throws -> Int {
      var depth = 0
      var index = open
      while index < tokens.count {
        let token = tokens[index]
        if token.kind == .punctuation {
          switch bytes[token.start] {
          case UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
          case UInt8(ascii: ">"), UInt8(ascii: ")"), UInt8(ascii: "]"):
            depth -= 1
            if depth == 0 {
              guard bytes[token.start] == UInt8(ascii: ">") else { throw Bail() }
              return index
            }
          case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"): throw Bail()
          default: break
          }
        } else if token.kind == .string {
          throw Bail()
        }
        index += 1
      }
      throw Bail()
    }

    /// `where T: P, U == V`, up to the `{` or the end of the declaration (a line that does not follow a comma).
    mutating func whereClause() throws {
      guard isWord(current, "where") else { return }
      position += 1
      guard let requirement = current, requirement.kind == .word, !requirement.startsLine else { throw Bail() }
      // Each requirement, up to a `,` outside brackets, relates two types: `T: P` or `T == U`. `where T`, `where T:`
      // and `where : P` are errors (fuzzing found `func l<l>() -> T where T: {}` read as clean).
      var (left, relation, right) = (false, false, false)
      var related: Bool { left && relation && right }
      while let token = current, !isPunctuation(token, UInt8(ascii: "{")) {
        if isPunctuation(token, UInt8(ascii: "}")) || isPunctuation(token, UInt8(ascii: ";")) || token.kind == .string {
          guard related else { throw Bail() }
          return
        }
        if token.startsLine, !isPunctuation(tokens[position - 1], UInt8(ascii: ",")) {
          guard related else { throw Bail() }
          return
        }
        if isPunctuation(token, UInt8(ascii: ":")) || spells(token, .punctuation, "==") {
          guard left, !relation else { throw Bail() }
          relation = true
        } else if isPunctuation(token, UInt8(ascii: ",")) {
          guard related else { throw Bail() }
          (left, relation, right) = (false, false, false)
        } else if relation {
          // A type starts with a name, a tuple or array, or a suppressed protocol (`~Copyable`).
          guard right || token.kind == .word || isPunctuation(token, UInt8(ascii: "("))
            || isPunctuation(token, UInt8(ascii: "[")) || isPunctuation(token, UInt8(ascii: "~"))
          else { throw Bail() }
          right = true
        } else {
          guard left || token.kind == .word else { throw Bail() }
          left = true
        }
        // No reserved word is a name here (swift-syntax does not take `T: class` either).
        if token.kind == .word, isReserved(token, wildcard: true) { throw Bail() }
        if isPunctuation(token, UInt8(ascii: "<")) {
          position = try closingAngle(position) + 1
        } else if isPunctuation(token, UInt8(ascii: "(")) || isPunctuation(token, UInt8(ascii: "[")) {
          position = try closing(position) + 1
        } else {
          position += 1
        }
      }
      guard related else { throw Bail() }
    }

    // MARK: Enum cases

    /// `case a, b(Int), c = "c"` in an enum: its case list (`TableLayoutReader.caseList`) and, for a `String` enum,
    /// its raw values as constants (`FactCollector`, which reads nothing else of the declaration: its strings are not
    /// spelled).
    mutating func enumCase() throws {
      guard let context = typeStack.last, context.kind == .enum, let listIndex = context.caseListIndex else { throw Bail() }
      let isStringEnum = facts.types[context.declarationIndex].inheritedTypes.first == "String"
      // A list starts with an element, not a `,`.
      guard !isPunctuation(current, UInt8(ascii: ",")) else { throw Bail() }
      repeat {
        if isPunctuation(current, UInt8(ascii: ",")) { position += 1 }
        let name = try self.name()
        guard !Self.declarationWords.contains(text(name)) else { throw Bail() }
        var hasParameters = false
        if isPunctuation(current, UInt8(ascii: "(")) {
          hasParameters = true
          // A case's associated values: their defaults give no fact (`FactCollector` does not walk a case).
          try elements(allowingDefaults: true)
        }
        var rawValue: Range<Int>?
        if try equalsSign() {
          let start = position
          // A literal: a string, a number, `-` and a number, `true` or `false`.
          if let literal = current, literal.kind == .string || literal.kind == .number || isWord(literal, "true")
            || isWord(literal, "false")
          {
            position += 1
          } else if let minus = current, minus.kind == .punctuation, text(minus) == "-", position + 1 < tokens.count,
            tokens[position + 1].kind == .number, !tokens[position + 1].spaceBefore
          {
            position += 2
          } else {
            throw Bail()
          }
          rawValue = start..<position
        }
        // Cases under `#if` are not in the list (the enum is marked uncertain), but their raw values are constants.
        if conditionDepth == 0 {
          facts.tableModel.enums[listIndex].cases.append(text(name))
          facts.tableModel.enums[listIndex].caseLocations.append(location(of: name))
          if hasParameters { facts.tableModel.enums[listIndex].casesAreUncertain = true }
          if let previous = facts.tableModel.enums[listIndex].integerRawValues {
            if let rawValue {
              facts.tableModel.enums[listIndex].integerRawValues = integerLiteral(rawValue).map { previous + [$0] }
            } else {
              facts.tableModel.enums[listIndex].integerRawValues = previous + [(previous.last ?? -1) + 1]
            }
          }
        }
        if isStringEnum {
          facts.constants.append(
            StringConstant(
              owner: context.name, name: text(name),
              value: try rawValue.map { try read($0, bindingName: nil) } ?? .literal(text(name)), isStatic: true,
              isEnumCase: true, location: location(of: name)
            )
          )
        }
      } while isPunctuation(current, UInt8(ascii: ","))
      try endOfDeclaration()
    }

    /// `TableLayoutReader.integerLiteral`: `3`, `-1`, `1_000` (not `0x1F`, which `Int(_:)` does not read).
    func integerLiteral(_ range: Range<Int>) -> Int? {
      let last = tokens[range.upperBound - 1]
      guard last.kind == .number else { return nil }
      let digits = String(text(last).filter { $0 != "_" })
      guard let value = Int(digits) else { return nil }
      return range.count == 2 ? -value : value
    }

    /// `(label: Type, _ name: Type, Type…)` at `(`: a tuple type's or function type's elements, or (with defaults)
    /// a case's associated values.
    mutating func elements(allowingDefaults: Bool) throws {
      try expectPunctuation(UInt8(ascii: "("))
      while !isPunctuation(current, UInt8(ascii: ")")) {
        // `label: Type`, `_ name: Type`, or a type alone; `inout` is no label (`(inout State) -> Void` is a type).
        if isWord(current, "inout"), position + 1 < tokens.count,
          isPunctuation(tokens[position + 1], UInt8(ascii: ":"))
            || (tokens[position + 1].kind == .word && position + 2 < tokens.count
              && isPunctuation(tokens[position + 2], UInt8(ascii: ":")))
        {
          throw Bail()
        }
        if let first = current, first.kind == .word, position + 1 < tokens.count,
          isPunctuation(tokens[position + 1], UInt8(ascii: ":"))
        {
          position += 2
        } else if let first = current, first.kind == .word, position + 2 < tokens.count, tokens[position + 1].kind == .word,
          isPunctuation(tokens[position + 2], UInt8(ascii: ":"))
        {
          position += 3
        }
        _ = try type()
        if spells(current, .punctuation, "...") { position += 1 }
        // `FactCollector` does not walk a case: the strings of its defaults are not spelled.
        if allowingDefaults { try defaultValue(spelling: false) }
        if isPunctuation(current, UInt8(ascii: ",")) {
          position += 1
          if isPunctuation(current, UInt8(ascii: ")")) { throw Bail() }
        } else {
          guard isPunctuation(current, UInt8(ascii: ")")) else { throw Bail() }
        }
      }
      position += 1
    }

    // MARK: Types

    struct WrittenType {
      /// `SyntaxText.typeName`: the name without generic arguments, optionality or attributes; `nil` for arrays,
      /// dictionaries, functions, tuples, metatypes, compositions, `some` and `any`.
      var name: String?
      var start: Int
      var end: Int
    }

    /// `inheritance`: `class` is a type here (`protocol Delegate: class`, a class restriction).
    mutating func type(inheritance: Bool = false) throws -> WrittenType {
      // `A & A & …`, `any any …`, `(A) -> (A) -> …` nest a type in a type without brackets: bounded here.
      typeDepth += 1
      defer { typeDepth -= 1 }
      guard typeDepth <= 32, let first = current else { throw Bail() }
      // `protocol Delegate: class`: a class restriction, which has no name.
      if inheritance, isWord(first, "class") {
        position += 1
        return WrittenType(name: nil, start: first.start, end: first.end)
      }
      // Attributes and specifiers: `@escaping`, `@Sendable`, `inout`, `sending`.
      while true {
        if isPunctuation(current, UInt8(ascii: "@")) {
          position += 1
          _ = try word()
          if isPunctuation(current, UInt8(ascii: "(")), !current!.spaceBefore { position = try closing(position) + 1 }
        } else if let token = current,
          isWord(token, "inout") || isWord(token, "borrowing") || isWord(token, "consuming")
            || isWord(token, "__owned") || isWord(token, "__shared") || isWord(token, "sending"),
          position + 1 < tokens.count, !tokens[position + 1].startsLine
        {
          position += 1
        } else {
          break
        }
      }
      var name: String?
      if let token = current, token.kind == .word, isWord(token, "some") || isWord(token, "any") {
        position += 1
        _ = try type()
        return try compositionAndEnd(WrittenType(name: nil, start: first.start, end: tokens[position - 1].end))
      }
      if isPunctuation(current, UInt8(ascii: "(")) {
        try elements(allowingDefaults: false)
        // A function type: `(A) async throws -> B`.
        if isWord(current, "async") { position += 1 }
        if isWord(current, "throws") {
          position += 1
          if isPunctuation(current, UInt8(ascii: "(")), !current!.spaceBefore { position = try closing(position) + 1 }
        }
        if current.map({ $0.kind == .punctuation && text($0) == "->" }) == true {
          position += 1
          _ = try type()
        }
        name = nil
      } else if isPunctuation(current, UInt8(ascii: "[")) {
        // `[Element]`, `[Key: Value]`.
        position += 1
        _ = try type()
        if isPunctuation(current, UInt8(ascii: ":")) {
          position += 1
          _ = try type()
        }
        try expectPunctuation(UInt8(ascii: "]"))
        name = nil
      } else if let token = current, token.kind == .word {
        if isWord(token, "each") || isReserved(token, wildcard: true) { throw Bail() }
        position += 1
        var components = [text(token)]
        if isPunctuation(current, UInt8(ascii: "<")), !current!.spaceBefore { try genericArgumentTypes() }
        var metatype = false
        while isPunctuation(current, UInt8(ascii: ".")), position + 1 < tokens.count, tokens[position + 1].kind == .word {
          guard !isReserved(tokens[position + 1]) else { throw Bail() }
          let component = text(tokens[position + 1])
          position += 2
          if component == "Type" || component == "Protocol" {
            metatype = true
            continue
          }
          guard !metatype else { throw Bail() }
          components.append(component)
          if isPunctuation(current, UInt8(ascii: "<")), !current!.spaceBefore { try genericArgumentTypes() }
        }
        name = metatype ? nil : components.joined(separator: ".")
      } else {
        throw Bail()
      }
      // `?` and `!` keep the name; `.Type` after them makes a metatype.
      while let token = current, token.kind == .punctuation, !token.spaceBefore,
        isPunctuation(token, UInt8(ascii: "?")) || isPunctuation(token, UInt8(ascii: "!"))
      {
        // `Int!=nil` is lexed as `Int` then `!=`: not read here.
        if position + 1 < tokens.count, tokens[position + 1].kind == .punctuation, !tokens[position + 1].spaceBefore,
          bytes[tokens[position + 1].start] == UInt8(ascii: "=")
        {
          throw Bail()
        }
        position += 1
      }
      if isPunctuation(current, UInt8(ascii: ".")), position + 1 < tokens.count,
        isWord(tokens[position + 1], "Type") || isWord(tokens[position + 1], "Protocol")
      {
        position += 2
        name = nil
      }
      return try compositionAndEnd(WrittenType(name: name, start: first.start, end: tokens[position - 1].end))
    }

    /// `<A, B>` after a type's name: types, read as such (a `!Int` inside is an error swift-syntax reports).
    mutating func genericArgumentTypes() throws {
      try expectPunctuation(UInt8(ascii: "<"))
      // A list starts with an element, not a `,`.
      guard !isPunctuation(current, UInt8(ascii: ",")) else { throw Bail() }
      repeat {
        if isPunctuation(current, UInt8(ascii: ",")) { position += 1 }
        _ = try type()
      } while isPunctuation(current, UInt8(ascii: ","))
      try expectPunctuation(UInt8(ascii: ">"))
    }

    /// `A & B`: a composition has no name.
    mutating func compositionAndEnd(_ written: WrittenType) throws -> WrittenType {
      var result = written
      while spells(current, .punctuation, "&") {
        position += 1
        _ = try type()
        result = WrittenType(name: nil, start: written.start, end: tokens[position - 1].end)
      }
      return result
    }

    // MARK: Functions

    /// `(label name: Type = default, …)`: the labels (`nil` for `_`).
    mutating func parameters() throws -> [String?] {
      try expectPunctuation(UInt8(ascii: "("))
      var labels: [String?] = []
      while !isPunctuation(current, UInt8(ascii: ")")) {
        // Any word is a label or a parameter name but `inout`.
        let first = try word()
        guard !isWord(first, "inout") else { throw Bail() }
        labels.append(isWord(first, "_") ? nil : text(first))
        if let second = current, second.kind == .word {
          guard !isWord(second, "inout") else { throw Bail() }
          position += 1
        }
        try expectPunctuation(UInt8(ascii: ":"))
        _ = try type()
        if spells(current, .punctuation, "...") { position += 1 }
        try defaultValue(spelling: true)
        if isPunctuation(current, UInt8(ascii: ",")) {
          position += 1
          // A trailing comma: not read here.
          if isPunctuation(current, UInt8(ascii: ")")) { throw Bail() }
        } else {
          guard isPunctuation(current, UInt8(ascii: ")")) else { throw Bail() }
        }
      }
      position += 1
      return labels
    }

    /// `async`, `throws`, `throws(E)`, `rethrows`: whether it throws and whether it is async.
    /// A parameter's or an associated value's `= default`, if one follows: checked, not parsed, up to the `,` or `)`.
    mutating func defaultValue(spelling: Bool) throws {
      guard try equalsSign() else { return }
      let start = position
      let end = try expressionEnd(from: start, stoppingAt: [UInt8(ascii: ","), UInt8(ascii: ")")])
      // `x: Int = ,` is a syntax error.
      guard start < end else { throw Bail() }
      try checkExpression(start, end, spelling: spelling)
      unparsed.append(tokens[start].start..<tokens[end - 1].end)
      position = end
    }

    /// `async` then `throws` (each at most once, in that order, as swift-syntax reads them without an error).
    mutating func effects() throws -> (throwing: Bool, async: Bool) {
      var throwing = false
      var isAsync = false
      while let token = current, token.kind == .word {
        if isWord(token, "async") || isWord(token, "reasync") {
          guard !isAsync, !throwing else { throw Bail() }
          isAsync = true
        } else if isWord(token, "throws") || isWord(token, "rethrows") {
          guard !throwing else { throw Bail() }
          throwing = true
          if isPunctuation(at: position + 1, UInt8(ascii: "(")), !tokens[position + 1].spaceBefore {
            position = try closing(position + 1)
          }
        } else {
          break
        }
        position += 1
      }
      return (throwing, isAsync)
    }

    mutating func function(attributes: Attributes, modifiers: Modifiers) throws {
      guard let nameToken = current else { throw Bail() }
      if nameToken.kind == .word {
        guard !isReserved(nameToken), !isKeywordTypeName(nameToken) else { throw Bail() }
        position += 1
      } else if nameToken.kind == .punctuation, !["(", "{", "[", ")", "}", "]", ",", ":", ";", ".", "@"].contains(text(nameToken)) {
        // An operator: `static func == (lhs: Self, rhs: Self) -> Bool`.
        position += 1
        while let next = current, next.kind == .punctuation, !next.spaceBefore, !isPunctuation(next, UInt8(ascii: "(")),
          !isPunctuation(next, UInt8(ascii: "<"))
        {
          position += 1
        }
      } else {
        throw Bail()
      }
      let nameEnd = tokens[position - 1].end
      let name = text(from: nameToken.start, to: nameEnd)
      let generics = try genericParameters()
      let labels = try parameters()
      let effects = try effects()
      var returnType: String?
      if spells(current, .punctuation, "->") {
        position += 1
        returnType = try type().name
      }
      try whereClause()
      let context = typeStack.last
      if let context {
        let exposure = exposure(attributes: attributes, modifiers: modifiers, context: context)
        let selector = attributes.objcName ?? ObjCSelectorNaming.selector(
          baseName: name, labels: labels, throwing: effects.throwing, async: effects.async
        )
        facts.types[context.declarationIndex].members.append(
          SwiftMember(
            kind: .method, name: name, argumentLabels: labels, exposure: exposure, explicitObjCName: attributes.objcName,
            selector: selector, isStatic: modifiers.isStatic, isSettable: false, accessLevel: modifiers.accessLevel,
            typeName: returnType, location: location(nameToken.start, nameEnd)
          )
        )
      }
      guard isPunctuation(current, UInt8(ascii: "{")) else {
        try endOfDeclaration()
        return
      }
      genericStack.append(generics ?? [])
      defer { genericStack.removeLast() }
      // `@objc class func defaultReuseIdentifier() -> String { "Cell" }`: a constant of the type.
      let isConstant = context != nil && modifiers.isStatic && labels.isEmpty && generics == nil
      let returned = try body(readsReturn: isConstant)
      if let context, isConstant, let returned, let expression = returned {
        facts.constants.append(
          StringConstant(
            owner: context.name, name: name, value: try read(expression, bindingName: nil), isStatic: true,
            isEnumCase: false, location: location(nameToken.start, nameEnd)
          )
        )
      }
    }

    mutating func initializer(keyword: Token, attributes: Attributes, modifiers: Modifiers) throws {
      if let token = current, token.kind == .punctuation, !token.spaceBefore,
        isPunctuation(token, UInt8(ascii: "?")) || isPunctuation(token, UInt8(ascii: "!"))
      {
        position += 1
      }
      let generics = try genericParameters()
      let labels = try parameters()
      let effects = try effects()
      try whereClause()
      if let context = typeStack.last {
        facts.types[context.declarationIndex].members.append(
          SwiftMember(
            kind: .initializer, name: "init", argumentLabels: labels,
            exposure: exposure(attributes: attributes, modifiers: modifiers, context: context),
            explicitObjCName: attributes.objcName,
            selector: attributes.objcName ?? ObjCSelectorNaming.selector(
              baseName: "init", labels: labels, throwing: effects.throwing, async: effects.async
            ),
            isStatic: false, isSettable: false, accessLevel: modifiers.accessLevel, typeName: nil,
            location: location(of: keyword)
          )
        )
      }
      guard isPunctuation(current, UInt8(ascii: "{")) else {
        try endOfDeclaration()
        return
      }
      genericStack.append(generics ?? [])
      defer { genericStack.removeLast() }
      _ = try body(readsReturn: false)
    }

    func exposure(attributes: Attributes, modifiers: Modifiers, context: TypeContext) -> [ObjCExposure] {
      FactCollector.exposure(
        attributeNames: attributes.names, modifierNames: modifiers.names,
        inObjCMembers: context.objcMembers || context.objcExtension
      )
    }

    // MARK: Bodies

    /// A body at `{`: its statements are checked. `nil` when it holds none; with `readsReturn`, the token range of the
    /// expression it returns when it is one statement (`.some(nil)` for `return` alone or several statements).
    mutating func body(readsReturn: Bool) throws -> Range<Int>?? {
      let open = position
      let close = try closing(open)
      position = close + 1
      let start = open + 1
      guard start < close else { return nil }
      try checkExpression(start, close)
      unparsed.append(tokens[start].start..<tokens[close - 1].end)
      return .some(readsReturn ? try singleExpression(start, close) : nil)
    }

    /// The expression a one-statement body returns (`return x`, `x`, or an `if`/`switch` statement); `nil` when the
    /// body does not return one: `return` alone, a statement that is no expression (`guard`, `let`), or several
    /// statements. Throws when the reader cannot tell where a statement ends.
    func singleExpression(_ start: Int, _ end: Int) throws -> Range<Int>? {
      let first = tokens[start]
      if first.kind == .word, Self.nonExpressionStatements.contains(text(first)) { return nil }
      var expressionStart = start
      if isWord(first, "return") {
        expressionStart += 1
        if expressionStart == end { return nil }
        // `return` then a line break: swift-syntax still reads the next line as the returned value.
        guard !tokens[expressionStart].startsLine else { throw Bail() }
      }
      var depth = 0
      for index in expressionStart..<end {
        let token = tokens[index]
        let change = nesting(token)
        depth += change
        let closes = change < 0
        if depth == 0, isPunctuation(token, UInt8(ascii: ";")) { throw Bail() }
        guard depth == 0, index > expressionStart, token.startsLine, !closes else { continue }
        // A line continues the statement with `.member`; a word, literal or bracket after a complete expression
        // starts the next one (Swift has no juxtaposition); anything else (an operator, `else`, `as`) is not
        // followed here.
        if isPunctuation(token, UInt8(ascii: ".")) { continue }
        let previous = tokens[index - 1]
        let previousEnds = previous.kind == .word || previous.kind == .number || previous.kind == .string
          || isPunctuation(previous, UInt8(ascii: ")")) || isPunctuation(previous, UInt8(ascii: "]"))
          || isPunctuation(previous, UInt8(ascii: "}"))
        let startsAnother = token.kind == .number || token.kind == .string
          || (token.kind == .word && !Self.continuingWords.contains(text(token)))
          || isPunctuation(token, UInt8(ascii: "(")) || isPunctuation(token, UInt8(ascii: "["))
        guard previousEnds, startsAnother, !(previous.kind == .word && Self.expectingWords.contains(text(previous))) else {
          throw Bail()
        }
        return nil
      }
      return expressionStart..<end
    }

    /// Statements that are not expressions: a body starting with one returns nothing.
    static let nonExpressionStatements: Set<String> = [
      "guard", "for", "while", "repeat", "do", "defer", "throw", "break", "continue", "fallthrough", "let", "var",
      "func", "struct", "class", "enum", "protocol", "extension", "typealias", "import", "actor",
    ]
    /// Words that may continue a statement on the next line.
    static let continuingWords: Set<String> = ["else", "catch", "as", "is", "where", "in", "while"]
    /// Words after which the next line is their operand.
    static let expectingWords: Set<String> = ["return", "try", "await", "throw", "as", "is", "in", "if", "switch", "else"]

    /// Checks the tokens of code the reader accepts without reading its structure: no word `BodySkipping` keeps a
    /// body for but the forms it reads (`#selector`, a plain `Cell.self`), no block but a blanked one or one of
    /// statements; spells its plain strings.
    mutating func checkExpression(_ start: Int, _ end: Int, spelling: Bool = true) throws {
      var index = start
      // Target–actions as the selectors in them are met; appended in the walk's order, which is where calls start.
      var targetActions: [(start: Int, use: TargetActionUse)] = []
      // The `[`s open, and the one the last `]` closed (a closure's capture list when right after its `{`).
      var openSquares: [Int] = []
      var closedSquare = -1
      while index < end {
        let token = tokens[index]
        // Two operands side by side on one line (`a b`, `f() g`) are a syntax error swift-syntax would report, but
        // a closure's parameters after its capture list (`{ [weak self] result in`) and a trailing closure's label
        // (`Button { … } label: { … }`).
        if index > start, !token.startsLine, startsOperand(token), endsOperand(tokens[index - 1]) {
          let previous = tokens[index - 1]
          let afterCaptureList = isPunctuation(previous, UInt8(ascii: "]")) && closedSquare > start
            && isPunctuation(tokens[closedSquare - 1], UInt8(ascii: "{")) && token.kind == .word
          let trailingClosureLabel = isPunctuation(previous, UInt8(ascii: "}")) && token.kind == .word
            && isPunctuation(at: index + 1, UInt8(ascii: ":")) && isPunctuation(at: index + 2, UInt8(ascii: "{"))
          guard afterCaptureList || trailingClosureLabel else { throw Bail(at: token.start) }
        }
        if token.kind == .punctuation {
          if isPunctuation(token, UInt8(ascii: "[")) {
            openSquares.append(index)
          } else if isPunctuation(token, UInt8(ascii: "]")) {
            closedSquare = openSquares.popLast() ?? -1
          }
        }
        switch token.kind {
        case .word:
          let afterDot = index > start && isPunctuation(tokens[index - 1], UInt8(ascii: "."))
          if scanner.words.keepsBody(token.start, token.end, afterDot: afterDot) {
            // The word `selector` gives nothing: a `#selector` macro does (below).
            if spelling, isWord(token, "selector") {
              index += 1
              continue
            }
            // `Cell.self`, `Module.Cell.self` give only the last name, spelled (`FactCollector`), as in a skipped body.
            guard afterDot, isWord(token, "self"), let name = scanner.words.typeNameBeforeSelf(dotAt: token.start - 1)
            else { throw Bail(at: token.start) }
            if spelling { spell(name) }
          }
        case .string:
          if spelling, token.spelled, let value = value(of: token), let unescaped = IdentifierExpressionReader.unescaped(value) {
            spell(unescaped)
          }
        case .punctuation:
          if isPunctuation(token, UInt8(ascii: "{")) || isPunctuation(token, UInt8(ascii: "}")) {
            // A block or a closure the skeleton kept (an enum's property, a closure in an initializer): its tokens
            // are checked like the rest.
          } else if isPunctuation(token, UInt8(ascii: "<")) || isPunctuation(token, UInt8(ascii: ">")),
            token.spaceBefore, index + 1 < end, tokens[index + 1].spaceBefore
          {
            // `a < b`: a comparison (generic arguments follow a name without a space).
          } else if isPunctuation(token, UInt8(ascii: "<")) {
            // Generic arguments written right after a name and followed by a call or a member (`Set<String>()`,
            // `Subject<Void, Never>.init`) are read as swift-syntax reads them; any other `<` may be a comparison.
            let close = try genericArguments(at: index)
            index = close + 1
            continue
          } else if isPunctuation(token, UInt8(ascii: ">")) {
            throw Bail()
          }
        case .number:
          break
        case .availability:
          // `if #available(iOS 15, *)`: the platforms and versions give no fact, and are no operands side by side.
          guard index + 1 < end, isPunctuation(tokens[index + 1], UInt8(ascii: "(")), !tokens[index + 1].spaceBefore
          else { throw Bail(at: token.start) }
          let close = try closing(index + 1)
          guard close < end else { throw Bail(at: token.start) }
          index = close + 1
          continue
        case .macro:
          // Code `FactCollector` walks (not an enum case's default values): its selectors and target–actions.
          guard spelling else { throw Bail(at: token.start) }
          index = try selectorMacro(at: index, in: start..<end, targetActions: &targetActions) + 1
          continue
        case .directive, .preview, .opaque:
          throw Bail(at: token.start)
        }
        index += 1
      }
      if !targetActions.isEmpty {
        facts.targetActions += targetActions.enumerated()
          .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element.use)
      }
    }

    /// The `>` closing generic arguments at `open` in an expression: `<` right after a word, types inside, `(` or
    /// `.` right after; throws otherwise.
    func genericArguments(at open: Int) throws -> Int {
      guard open > 0, tokens[open - 1].kind == .word, !tokens[open].spaceBefore else { throw Bail() }
      let close = try closingAngle(open)
      for index in (open + 1)..<close {
        let token = tokens[index]
        guard token.kind == .word || (token.kind == .punctuation && [".", ",", "?", "!", "[", "]", ":", "(", ")", "->", "&", "<", ">"].contains(text(token)))
        else { throw Bail() }
      }
      guard close + 1 < tokens.count, !tokens[close + 1].spaceBefore,
        isPunctuation(tokens[close + 1], UInt8(ascii: "(")) || isPunctuation(tokens[close + 1], UInt8(ascii: "."))
      else { throw Bail() }
      return close
    }

    /// Keywords after which an operand follows on the same line.
    static let leadingKeywords: Set<String> = [
      "let", "var", "if", "guard", "switch", "case", "for", "in", "while", "repeat", "return", "throw", "try", "await",
      "as", "is", "where", "else", "catch", "do", "defer", "some", "any", "inout", "static", "class", "private",
      "fileprivate", "public", "internal", "open", "package", "final", "lazy", "weak", "unowned", "override",
      "mutating", "nonmutating", "convenience", "required", "dynamic", "indirect", "consuming", "borrowing", "sending",
      "nonisolated", "each", "get", "set", "willSet", "didSet", "async", "throws", "rethrows", "func", "init",
      "struct", "enum", "protocol", "extension", "actor", "typealias", "subscript", "import", "copy", "consume",
      "discard",
    ]
    /// Keywords that continue an expression rather than start an operand.
    static let joiningKeywords: Set<String> = ["as", "is", "in", "where", "else", "catch", "async", "throws", "rethrows"]

    func endsOperand(_ token: Token) -> Bool {
      switch token.kind {
      case .number, .string: return true
      case .word: return !Self.leadingKeywords.contains(text(token))
      case .punctuation:
        return isPunctuation(token, UInt8(ascii: ")")) || isPunctuation(token, UInt8(ascii: "]"))
          || isPunctuation(token, UInt8(ascii: "}"))
      case .directive, .preview, .availability, .macro, .opaque: return false
      }
    }

    func startsOperand(_ token: Token) -> Bool {
      switch token.kind {
      case .number, .string, .availability, .macro: return true
      case .word: return !Self.joiningKeywords.contains(text(token))
      default: return false
      }
    }

    /// Where the expression starting at `start` ends: at one of `stops` outside brackets.
    func expressionEnd(from start: Int, stoppingAt stops: [UInt8]) throws -> Int {
      var index = start
      while index < tokens.count {
        let token = tokens[index]
        if token.kind == .punctuation {
          let byte = bytes[token.start]
          if token.end - token.start == 1, stops.contains(byte) { return index }
          if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
            index = try closing(index) + 1
            continue
          }
          if isPunctuation(token, UInt8(ascii: "<")), !token.spaceBefore {
            // Generic arguments hold commas of their own.
            index = try genericArguments(at: index) + 1
            continue
          }
          if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { throw Bail() }
        }
        index += 1
      }
      throw Bail()
    }

    // MARK: Properties

    mutating func variable(isLet: Bool, attributes: Attributes, modifiers: Modifiers) throws {
      let context = typeStack.last
      // A list starts with an element, not a `,`.
      guard !isPunctuation(current, UInt8(ascii: ",")) else { throw Bail() }
      repeat {
        if isPunctuation(current, UInt8(ascii: ",")) { position += 1 }
        let name = try self.name(wildcard: true)
        if let listIndex = context?.caseListIndex {
          // An enum's own `allCases` makes its case list uncertain; a `static var layout` is read by
          // `TableLayoutReader`, which the reader leaves to swift-syntax.
          if text(name) == "allCases", conditionDepth == 0 { facts.tableModel.enums[listIndex].casesAreUncertain = true }
          if text(name) == "layout", modifiers.names.contains("static") { throw Bail() }
        }
        let isWildcard = isWord(name, "_")
        var typeName: String?
        if isPunctuation(current, UInt8(ascii: ":")) {
          position += 1
          typeName = try type().name
        }
        var initializer: Range<Int>?
        if try equalsSign() {
          let start = position
          let end = try initializerEnd(from: start)
          guard start < end else { throw Bail() }
          try checkExpression(start, end)
          unparsed.append(tokens[start].start..<tokens[end - 1].end)
          initializer = start..<end
          position = end
        }
        var accessorKinds: Set<String> = []
        var returned: Range<Int>??
        if isPunctuation(current, UInt8(ascii: "{")), !current!.startsLine {
          // Observers on a constant are the compiler's error to report, not read here.
          if isLet, initializer != nil { throw Bail() }
          (accessorKinds, returned) = try accessors()
          // After an initializer, observers only: a getter or setter there is not read here.
          if initializer != nil, !accessorKinds.isSubset(of: ["willSet", "didSet"]) { throw Bail() }
        }
        if isWildcard { continue }
        let isComputed = !accessorKinds.isEmpty && !accessorKinds.isSubset(of: ["willSet", "didSet"])
        let settable = isLet ? false : (isComputed ? accessorKinds.contains("set") || accessorKinds.contains("_modify") : true)
        if let context {
          facts.types[context.declarationIndex].members.append(
            SwiftMember(
              kind: .property, name: text(name), argumentLabels: [],
              exposure: exposure(attributes: attributes, modifiers: modifiers, context: context),
              explicitObjCName: attributes.objcName, selector: attributes.objcName ?? SwiftIdentifier.unescaped(text(name)),
              isStatic: modifiers.isStatic, isSettable: settable, accessLevel: modifiers.accessLevel, typeName: typeName,
              location: location(of: name)
            )
          )
        }
        var value: IdentifierExpression?
        if let initializer {
          value = isLet ? try read(initializer, bindingName: text(name)) : .unknown
        } else if isComputed, let returned, let expression = returned {
          value = try read(expression, bindingName: text(name))
        }
        guard var value, context != nil || conditionDepth == 0 else { continue }
        if case .selfTypeName = value, !modifiers.isStatic { value = .unknown }
        facts.constants.append(
          StringConstant(
            owner: context?.name, name: text(name), value: value, isStatic: modifiers.isStatic || context == nil,
            isEnumCase: false, location: location(of: name)
          )
        )
      } while isPunctuation(current, UInt8(ascii: ","))
      try endOfDeclaration()
    }

    /// Where a property's initializer ends: a `,`, `;` or `{` outside brackets, the `}` closing the member block, or a
    /// line that does not continue it (a line continues after an operator or with `.member`).
    func initializerEnd(from start: Int) throws -> Int {
      var index = start
      while index < tokens.count {
        let token = tokens[index]
        if index > start, token.startsLine {
          let previous = tokens[index - 1]
          let continues = isPunctuation(token, UInt8(ascii: "."))
            || (previous.kind == .punctuation && !isPunctuation(previous, UInt8(ascii: ")"))
              && !isPunctuation(previous, UInt8(ascii: "]")) && !isPunctuation(previous, UInt8(ascii: "}"))
              && !isPunctuation(previous, UInt8(ascii: "?")) && !isPunctuation(previous, UInt8(ascii: "!")))
          // `"a"%` at a line's end is a postfix operator, which ends the expression (found by `scripts/fuzz.sh swift`:
          // the next line's declaration was read as its operand): not read here.
          if continues, previous.kind == .punctuation, !previous.spaceBefore, Lexer.operatorBytes[Int(bytes[previous.start])] {
            throw Bail()
          }
          if !continues {
            // A line starting with an operator may continue the expression or not: not read here.
            if token.kind == .punctuation, !isPunctuation(token, UInt8(ascii: "}")), !isPunctuation(token, UInt8(ascii: "@")) {
              throw Bail()
            }
            return index
          }
        }
        if token.kind == .punctuation {
          let byte = bytes[token.start]
          if token.end - token.start == 1 {
            if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "}") { return index }
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
              index = try closing(index) + 1
              continue
            }
            if byte == UInt8(ascii: "<"), !token.spaceBefore {
              // Generic arguments hold commas of their own.
              index = try genericArguments(at: index) + 1
              continue
            }
            if byte == UInt8(ascii: "{") {
              // A closure right after `=` (`= { … }()`) or a trailing closure on the same line (`[…].map { … }`).
              // `didSet` or `willSet` right after the brace makes it the property's observers, never a trailing
              // closure (swift-syntax's `atStartOfGetSetAccessor`): the initializer ends before it. A block starting
              // with another accessor's word or an attribute is not read here.
              guard !token.startsLine, index + 1 < tokens.count else { throw Bail() }
              let next = tokens[index + 1]
              if next.kind == .word, isWord(next, "didSet") || isWord(next, "willSet") { return index }
              if isPunctuation(next, UInt8(ascii: "@"))
                || (next.kind == .word && Self.accessorLikeWords.contains(text(next)))
              {
                throw Bail()
              }
              index = try closing(index) + 1
              continue
            }
            if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") { throw Bail() }
          }
        }
        index += 1
      }
      return index
    }

    /// Words swift-syntax 603 reads as an accessor's at the start of a property's block.
    static let accessorLikeWords: Set<String> = [
      "get", "set", "didSet", "willSet", "_modify", "_read", "modify", "read", "init", "unsafeAddress",
      "unsafeMutableAddress", "borrow", "mutate", "yielding", "addressWithOwner", "addressWithNativeOwner",
      "mutableAddressWithOwner", "mutableAddressWithNativeOwner", "mutating", "nonmutating", "__consuming",
      "consuming", "borrowing",
    ]

    /// A property's `{ … }`: its accessor kinds, and (with `readsReturn`) what a lone getter returns when it is one
    /// statement.
    mutating func accessors(readsReturn: Bool = true) throws -> (Set<String>, Range<Int>??) {
      let open = position
      let close = try closing(open)
      // `var x: Int {}` is not valid; a block that starts with an attribute is not read here.
      guard open + 1 < close, !isPunctuation(tokens[open + 1], UInt8(ascii: "@")) else { throw Bail() }
      var keywordIndex = open + 1
      if isWord(tokens[keywordIndex], "mutating") || isWord(tokens[keywordIndex], "nonmutating") {
        keywordIndex += 1
        guard keywordIndex < close, tokens[keywordIndex].kind == .word else { throw Bail() }
      }
      let keyword = tokens[keywordIndex]
      // swift-syntax reads any accessor's word first in the block as an accessor (`{ get.count }` is an error, and
      // `{ borrow }` an accessor): such a block must have an accessor list's shape, of the accessors read here.
      let isAccessorList = keyword.kind == .word && Self.accessorLikeWords.contains(text(keyword))
      if isAccessorList {
        let next = keywordIndex + 1 < close ? tokens[keywordIndex + 1] : nil
        guard Self.accessorWords.contains(text(keyword)),
          next == nil || next!.kind == .word || isPunctuation(next, UInt8(ascii: "{"))
            || (isPunctuation(next, UInt8(ascii: "(")) && ["set", "willSet", "didSet"].contains(text(keyword)))
        else { throw Bail() }
      }
      guard isAccessorList else {
        // A getter's statements.
        let returned = try body(readsReturn: readsReturn)
        return (Self.getterOnly, returned ?? .some(nil))
      }
      position = open + 1
      var kinds: Set<String> = []
      var getterReturns: Range<Int>??
      var count = 0
      while position < close {
        if isWord(current, "mutating") || isWord(current, "nonmutating") { position += 1 }
        let keyword = try word()
        let kind = text(keyword)
        guard Self.accessorWords.contains(kind) else { throw Bail() }
        kinds.insert(kind)
        count += 1
        if isPunctuation(current, UInt8(ascii: "(")) {
          // `set(newName)`, `willSet(next)`, `didSet(previous)`
          guard ["set", "willSet", "didSet"].contains(kind) else { throw Bail() }
          let closeParen = try closing(position)
          guard closeParen == position + 2, tokens[position + 1].kind == .word else { throw Bail() }
          position = closeParen + 1
        }
        _ = try effects()
        if isPunctuation(current, UInt8(ascii: "{")) {
          let returned = try body(readsReturn: readsReturn && kind == "get")
          if kind == "get" { getterReturns = returned ?? .some(nil) }
        }
      }
      guard position == close else { throw Bail() }
      position = close + 1
      // Only a lone getter with a body is read as a constant (`FactCollector.singleReturnedExpression`).
      if count == 1, kinds == Self.getterOnly, let getterReturns { return (kinds, getterReturns) }
      return (kinds, .some(nil))
    }

    // MARK: Type aliases

    mutating func typeAlias() throws {
      let name = try self.name()
      var generic = false
      if isPunctuation(current, UInt8(ascii: "<")) {
        generic = true
        try genericParameters()
      }
      guard try equalsSign() else { throw Bail() }
      let typeStart = position
      let written = try type()
      try whereClause()
      try endOfDeclaration()
      let context = typeStack.last
      guard !generic, context.map({ $0.kind != .protocol }) ?? (conditionDepth == 0), let target = written.name else { return }
      // `FactCollector` takes an identifier or a member type (not optional, not attributed) whose text, with the
      // comments after it on its line, holds no `<`.
      let lastToken = position - 1
      var simple = tokens[typeStart].kind == .word
      for index in typeStart...lastToken where !(tokens[index].kind == .word || isPunctuation(tokens[index], UInt8(ascii: "."))) {
        simple = false
      }
      // The type's trailing trivia: up to the next token or the first line break outside a block comment (a block
      // comment that starts on the line is trailing trivia whole).
      let trailingEnd = position < tokens.count ? tokens[position].start : bytes.count
      var offset = written.end
      var inBlockComment = false
      while offset < trailingEnd {
        let byte = bytes[offset]
        if !inBlockComment, byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
        if !inBlockComment, byte == UInt8(ascii: "/"), offset + 1 < trailingEnd, bytes[offset + 1] == UInt8(ascii: "*") {
          inBlockComment = true
        } else if inBlockComment, byte == UInt8(ascii: "*"), offset + 1 < trailingEnd, bytes[offset + 1] == UInt8(ascii: "/") {
          inBlockComment = false
        }
        if byte == UInt8(ascii: "<") { simple = false }
        offset += 1
      }
      guard simple else { return }
      let qualified = context.map { $0.name + "." + text(name) } ?? text(name)
      facts.typeAliases.append(SwiftTypeAlias(name: qualified, target: target, location: location(of: name)))
    }

    // MARK: Expressions

    /// `IdentifierExpressionReader.read` of a checked expression: a string literal, a reference, an enum case's raw
    /// value, or `.unknown` for calls, operators and literals of other kinds; throws for what it does not follow.
    func read(_ range: Range<Int>, bindingName: String?) throws -> IdentifierExpression {
      let first = tokens[range.lowerBound]
      if range.count == 1, first.kind == .string {
        guard let value = value(of: first) else { return .unknown }
        return IdentifierExpressionReader.unescaped(value).map(IdentifierExpression.literal) ?? .unknown
      }
      // `x as T` is `x`; any other sequence with `as` is `.unknown`: not told apart here.
      var depth = 0
      for index in range {
        let token = tokens[index]
        if token.kind == .punctuation {
          depth += nesting(token)
        } else if depth == 0, isWord(token, "as") {
          throw Bail()
        }
      }
      // An `if` or `switch` statement is an expression `IdentifierExpressionReader` does not read.
      if isWord(first, "if") || isWord(first, "switch") { return .unknown }
      var index = range.lowerBound
      let implicit = isPunctuation(first, UInt8(ascii: "."))
      if implicit { index += 1 }
      guard index < range.upperBound, tokens[index].kind == .word else {
        // Literals, arrays, closures, operators: `.unknown`; a parenthesis may be a tuple or a grouping.
        if isPunctuation(first, UInt8(ascii: "(")) { throw Bail() }
        return .unknown
      }
      var path = [text(tokens[index])]
      index += 1
      while index + 1 < range.upperBound, isPunctuation(tokens[index], UInt8(ascii: ".")), tokens[index + 1].kind == .word {
        path.append(text(tokens[index + 1]))
        index += 2
      }
      if index < range.upperBound {
        // A call, a subscript, an unwrap or an operator: only `String(…)` may be read as more than `.unknown`.
        if !implicit, path == ["String"] || path == ["Swift", "String"], isPunctuation(tokens[index], UInt8(ascii: "(")) {
          throw Bail()
        }
        if isPunctuation(tokens[index], UInt8(ascii: ".")) { throw Bail() }
        // `Foo<Bar>.x` is a reference; `Foo<Bar>(…)` a call.
        if isPunctuation(tokens[index], UInt8(ascii: "<")) {
          let close = try genericArguments(at: index)
          guard isPunctuation(tokens[close + 1], UInt8(ascii: "(")) else { throw Bail() }
        }
        return .unknown
      }
      if ["true", "false", "nil"].contains(path[0]), path.count == 1, !implicit { return .unknown }
      // `Cell.self` is a member named `self` to `IdentifierExpressionReader` (a reference ending in `self`); a `self`
      // anywhere else in the path is not read here.
      if path.contains(where: { $0 == "init" || $0 == "Type" }) || path.dropFirst().dropLast().contains("self")
        || (path.count > 1 && path[0] == "self" && path[path.count - 1] == "self")
      {
        throw Bail()
      }
      if !implicit, path[0] == "super" { return .unknown }
      if !implicit, path[0] == "self", path.count > 1 {
        // `self.x` names the member `x`; `self.a.b` is not a dotted path, but `self.a.rawValue` is a case's raw value.
        if path[path.count - 1] == "rawValue", path.count >= 3 {
          return .rawValue(enumType: path[0..<(path.count - 2)].joined(separator: "."), caseName: path[path.count - 2])
        }
        if path.count == 2, path[1] != "description", path[1] != "debugDescription", path[1] != "rawValue" {
          return .reference(path: [path[1]])
        }
        return .unknown
      }
      if implicit {
        return path.count == 2 && path[1] == "rawValue" ? .rawValue(enumType: nil, caseName: path[0]) : .unknown
      }
      let generics = Set(genericStack.joined())
      if path.count == 1 {
        // A name the binding itself declares, or one of try/await's words: not read here.
        if path[0] == bindingName || ["try", "await", "some", "any", "if", "switch"].contains(path[0]) { throw Bail() }
        return generics.contains(path[0]) ? .unknown : .reference(path: path)
      }
      let name = path[path.count - 1]
      if name == "rawValue" {
        guard path.count >= 3 else { return .unknown }
        let enumType = path[0..<(path.count - 2)].joined(separator: ".")
        if generics.contains(path[0]) { return .unknown }
        return .rawValue(enumType: enumType, caseName: path[path.count - 2])
      }
      if name == "description" || name == "debugDescription" { return .unknown }
      if generics.contains(path[0]) { return .unknown }
      return .reference(path: path)
    }
  }
}
