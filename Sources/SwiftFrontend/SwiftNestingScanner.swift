@_spi(RawSyntax) import SwiftSyntax

/// How deeply a Swift file nests brackets, measured on its bytes before it is parsed.
///
/// swift-syntax stops its parser at 256 nested levels, but not all of its lookahead: at every nested `[` it tries
/// both an inline array type (`[3 of Int]`) and a collection, so the time doubles with each level (25 nested `[` take
/// seconds, 30 never end; a run of 16 left open before an 89-byte operator took 0.47 s), and deeply nested generic
/// arguments (about 2,000 `Array<`) overflow the stack. No source nests that deep, so `SwiftFrontend` measures first
/// and does not parse a file beyond the limits.
///
/// Comments, string literals and raw identifiers are stepped over as the lexer reads them (nested block comments, raw
/// and multi-line strings, escapes, `` `a ] b` ``), except interpolations, whose brackets count. Regex literals are
/// not: whether `/` opens one depends on the token before it, and one may hold a `"` that would open a string to this
/// scan while the `[` after the literal are code to the parser (found by `scripts/fuzz.sh swift-incremental`:
/// `/"a/[[[…` never finished). So where the lexer may start a regex literal, or skips a version-control conflict
/// region, the file is read again with swift-syntax's own lexer (`SwiftTokens`), which is exact; real files with
/// either are few.
///
/// `<` opens a generic argument list only right after a name (`Array<`, not `a < b`, `a <= b` or `..<`); such lists
/// end at the latest at `{`, `}` and `;`, so a comparison never adds up. The scan is linear and allocates only for
/// nested string literals.
enum SwiftNestingScanner {
  /// The deepest nesting, and where each limit was first passed.
  struct Depth: Equatable {
    /// `(`, `[`, `{`, interpolations and generic argument lists together.
    var brackets = 0
    /// `[` alone.
    var squareBrackets = 0
    /// The offset of the first bracket past `SwiftFrontend.maximumNesting`, if any.
    var firstTooDeep: Int?
    /// The offset of the first `[` past `SwiftFrontend.maximumSquareBracketNesting`, if any.
    var firstTooDeepSquareBracket: Int?
    /// The file may hold a regex literal or a conflict marker, so swift-syntax's lexer read it, not the byte scan.
    var readByLexer = false
    /// Attribute argument lists (`@name(`) open inside one another.
    var attributeArguments = 0
    /// The offset of the first `@name(` past `SwiftFrontend.maximumAttributeArgumentNesting`, if any.
    var firstTooDeepAttributeArguments: Int?
  }

  /// A literal being read: a string (with its `#` count and quote) or an interpolation inside one (with its open
  /// parentheses). The lexer also reads `'…'` as a (wrong) single-line string, so `"""` inside it opens nothing.
  private enum Frame {
    case string(hashes: Int, multiline: Bool, quote: UInt8)
    case interpolation(openParentheses: Int)
  }

  /// Whether a raw string opening with `#"""` (`hashes` of `#`, the three quotes ending before `afterQuotes`) is a
  /// single-line string to swift-syntax's lexer: when the `#`s follow the quotes at once (`#"""#`), or a `"` followed by
  /// as many `#`s comes later on the same line. Its text then begins after the first quote.
  static func rawTripleQuoteIsSingleLine(_ bytes: UnsafeBufferPointer<UInt8>, afterQuotes: Int, hashes: Int) -> Bool {
    func closes(at offset: Int) -> Bool {
      var end = offset
      while end < bytes.count, end - offset < hashes, bytes[end] == UInt8(ascii: "#") { end += 1 }
      return end - offset == hashes
    }
    guard hashes > 0 else { return false }
    if closes(at: afterQuotes) { return true }
    var offset = afterQuotes
    while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n"), bytes[offset] != UInt8(ascii: "\r") {
      offset += 1
      if bytes[offset - 1] == UInt8(ascii: "\""), closes(at: offset) { return true }
    }
    return false
  }

  /// The `[` left open in the text of a string being read (one per string frame): for a single-line string its line
  /// ends, where the parser recovers differently from the lexer and reads them as code (found by `scripts/fuzz.sh
  /// swift`: 21 `[` in a string left open inside an interpolation took swift-syntax's parser 1.1 s, doubling with
  /// each `[`, though its lexer had them in the string).
  private struct UnclosedSquares {
    var open = 0
    var deepest = 0
    var firstDeepest = 0
  }

  /// Pops the single-line strings a line break ends, with the interpolations in them, from the innermost outwards;
  /// whether it popped any. The `[` each left open count as code's, on top of the code's own.
  private static func endsSingleLineLiterals(
    _ frames: inout [Frame], _ squares: inout [UnclosedSquares], _ levels: inout Levels
  ) -> Bool {
    var ended = false
    while let last = frames.last {
      if case .string(_, false, _) = last {
        frames.removeLast()
      } else if case .interpolation = last, frames.count >= 2, case .string(_, false, _) = frames[frames.count - 2] {
        frames.removeLast(2)
      } else {
        break
      }
      if let unclosed = squares.popLast(), unclosed.deepest > 0 {
        levels.noteSquares(unclosed.deepest, at: unclosed.firstDeepest)
      }
      ended = true
    }
    return ended
  }

  static func depth(
    of bytes: [UInt8], maximumNesting: Int = .max, maximumSquareBracketNesting: Int = .max,
    maximumAttributeArgumentNesting: Int = .max
  ) -> Depth {
    var levels = Levels(
      maximumNesting: maximumNesting, maximumSquareBracketNesting: maximumSquareBracketNesting,
      maximumAttributeArgumentNesting: maximumAttributeArgumentNesting
    )
    var depth =
      scan(bytes, into: &levels)
      ? levels.depth
      : lexedDepth(
        of: bytes, maximumNesting: maximumNesting, maximumSquareBracketNesting: maximumSquareBracketNesting,
        maximumAttributeArgumentNesting: maximumAttributeArgumentNesting
      )
    // Text after a multi-line string's opening quotes on their line is an error after which swift-syntax's parser
    // may read as code what its lexer, read alone, and this scan hold to be in a string (found by `scripts/fuzz.sh
    // swift`, a timeout: `super.[[[…[init(` after two such openings, where the parser's lookahead never ended). No
    // real source has one (it does not compile); in such a file a run of `[` past the limit counts wherever it is.
    if levels.multilineStringOpenedWithText, depth.firstTooDeepSquareBracket == nil {
      depth.firstTooDeepSquareBracket = squareBracketRun(longerThan: maximumSquareBracketNesting, in: bytes)
    }
    return depth
  }

  /// The offset of the first `[` past `limit` in a run of `[` (spaces, tabs and line breaks between them allowed).
  static func squareBracketRun(longerThan limit: Int, in bytes: [UInt8]) -> Int? {
    var run = 0
    for (offset, byte) in bytes.enumerated() {
      switch byte {
      case UInt8(ascii: "["):
        run += 1
        if run > limit { return offset }
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): continue
      default: run = 0
      }
    }
    return nil
  }

  /// The depth as swift-syntax's lexer reads `bytes` (what `depth` falls back to; tests compare the two).
  static func lexedDepth(
    of bytes: [UInt8], maximumNesting: Int = .max, maximumSquareBracketNesting: Int = .max,
    maximumAttributeArgumentNesting: Int = .max
  ) -> Depth {
    var levels = Levels(
      maximumNesting: maximumNesting, maximumSquareBracketNesting: maximumSquareBracketNesting,
      maximumAttributeArgumentNesting: maximumAttributeArgumentNesting
    )
    lex(bytes, into: &levels)
    levels.depth.readByLexer = true
    return levels.depth
  }

  /// The levels a file opens and closes, fed the bytes of its code (`(`, `[`, `{`, their partners, `;`, `<`, `>`).
  private struct Levels {
    let maximumNesting: Int
    let maximumSquareBracketNesting: Int
    let maximumAttributeArgumentNesting: Int
    var depth = Depth()
    var nesting = 0
    var squareNesting = 0
    var angleNesting = 0
    /// The nesting level each open attribute argument list opened at.
    var attributeLevels: [Int] = []
    /// A multi-line string opened with text after its quotes on their line (see `depth(of:)`).
    var multilineStringOpenedWithText = false

    init(maximumNesting: Int, maximumSquareBracketNesting: Int, maximumAttributeArgumentNesting: Int) {
      self.maximumNesting = maximumNesting
      self.maximumSquareBracketNesting = maximumSquareBracketNesting
      self.maximumAttributeArgumentNesting = maximumAttributeArgumentNesting
    }

    /// A `(` right after `@name`: an attribute's argument list.
    static func opensAttributeArguments(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      var start = offset
      while start > 0, isNameByte(bytes[start - 1]) { start -= 1 }
      return start < offset && start > 0 && bytes[start - 1] == UInt8(ascii: "@")
    }

    mutating func openParenthesis(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
      open(at: offset)
      guard Self.opensAttributeArguments(at: offset, in: bytes) else { return }
      attributeLevels.append(nesting)
      if attributeLevels.count > depth.attributeArguments { depth.attributeArguments = attributeLevels.count }
      if attributeLevels.count > maximumAttributeArgumentNesting, depth.firstTooDeepAttributeArguments == nil {
        depth.firstTooDeepAttributeArguments = offset
      }
    }

    mutating func open(at offset: Int, square: Bool = false) {
      nesting += 1
      if nesting + angleNesting > depth.brackets { depth.brackets = nesting + angleNesting }
      if nesting + angleNesting > maximumNesting, depth.firstTooDeep == nil { depth.firstTooDeep = offset }
      if square {
        squareNesting += 1
        if squareNesting > depth.squareBrackets { depth.squareBrackets = squareNesting }
        if squareNesting > maximumSquareBracketNesting, depth.firstTooDeepSquareBracket == nil {
          depth.firstTooDeepSquareBracket = offset
        }
      }
    }

    /// `count` more `[` than the code's current nesting, the deepest first reached at `offset`.
    mutating func noteSquares(_ count: Int, at offset: Int) {
      let nested = squareNesting + count
      if nested > depth.squareBrackets { depth.squareBrackets = nested }
      if nested > maximumSquareBracketNesting, depth.firstTooDeepSquareBracket == nil {
        depth.firstTooDeepSquareBracket = offset
      }
    }

    mutating func close(square: Bool = false) {
      nesting = max(0, nesting - 1)
      if square { squareNesting = max(0, squareNesting - 1) }
      // Whatever closes the level an attribute's list opened at ends the list: its `)`, or in broken code a `}` or
      // `]` (a list left open there must not count as open for the rest of the file).
      while let level = attributeLevels.last, level > nesting { attributeLevels.removeLast() }
    }

    /// One byte of code, at `offset` in `bytes`.
    @inline(__always)
    mutating func see(_ byte: UInt8, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
      switch byte {
      case UInt8(ascii: "("): openParenthesis(at: offset, in: bytes)
      case UInt8(ascii: ")"): close()
      case UInt8(ascii: "["): open(at: offset, square: true)
      case UInt8(ascii: "]"): close(square: true)
      case UInt8(ascii: "{"):
        angleNesting = 0
        open(at: offset)
      case UInt8(ascii: "}"):
        angleNesting = 0
        close()
      case UInt8(ascii: ";"):
        angleNesting = 0
      case UInt8(ascii: "<"):
        let next = offset + 1 < bytes.count ? bytes[offset + 1] : 0
        if offset > 0, isNameByte(bytes[offset - 1]), next != UInt8(ascii: "="), next != UInt8(ascii: "<") {
          angleNesting += 1
          if nesting + angleNesting > depth.brackets { depth.brackets = nesting + angleNesting }
          if nesting + angleNesting > maximumNesting, depth.firstTooDeep == nil { depth.firstTooDeep = offset }
        }
      case UInt8(ascii: ">"):
        if angleNesting > 0, offset == 0 || bytes[offset - 1] != UInt8(ascii: "-") { angleNesting -= 1 }
      default:
        break
      }
    }
  }

  /// Reads `bytes` stepping over comments and literals; `false` (with `levels` unfinished) when it meets a `/` or
  /// `#/` where swift-syntax's lexer may start a regex literal, a conflict marker, or a string closed with more `#`
  /// than it opened with, which this scan does not read.
  private static func scan(_ bytes: [UInt8], into levels: inout Levels) -> Bool {
    bytes.withUnsafeBufferPointer { bytes in
      var frames: [Frame] = []
      // One per `.string` frame, in the same order.
      var squares: [UnclosedSquares] = []
      var index = 0
      let count = bytes.count
      // Where the code being read began: after the last comment or literal (`codeStartsAfterComment`) or at the start.
      var codeStart = 0
      var codeStartsAfterComment = false

      func at(_ offset: Int) -> UInt8 { offset < count ? bytes[offset] : 0 }
      func hashes(from offset: Int) -> Int {
        var end = offset
        while at(end) == UInt8(ascii: "#") { end += 1 }
        return end - offset
      }

      while index < count {
        let byte = bytes[index]
        // A single-line string ends at the end of its line, closed or not (as the lexer recovers; `\r` ends a line as
        // `\n` does), and so does an interpolation in one, with the string around it, and so on outwards (found by
        // `scripts/fuzz.sh swift`: a `)` on a later line took this scan back into such a string, whose "text" after it
        // was code to the parser).
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r"), endsSingleLineLiterals(&frames, &squares, &levels) {
          codeStart = index
          codeStartsAfterComment = false
          index += 1
          continue
        }
        if case .string(let stringHashes, let multiline, let quote) = frames.last {
          if byte == UInt8(ascii: "\\"), hashes(from: index + 1) == stringHashes {
            let afterHashes = index + 1 + stringHashes
            if at(afterHashes) == UInt8(ascii: "(") {
              frames.append(.interpolation(openParentheses: 0))
              levels.open(at: afterHashes)
              codeStart = afterHashes + 1
              codeStartsAfterComment = false
            }
            // A line break after `\` still ends a single-line string (found by `scripts/fuzz.sh swift`: `"\` then
            // `\r\[`, whose `[` is code to the lexer); only a multi-line string continues past an escaped line break.
            let escapesLineBreak = at(afterHashes) == UInt8(ascii: "\n") || at(afterHashes) == UInt8(ascii: "\r")
            index = escapesLineBreak && !multiline ? afterHashes : afterHashes + 1
            continue
          }
          if byte == quote {
            let quotes = multiline ? 3 : 1
            let closingHashes = hashes(from: index + quotes)
            if (0..<quotes).allSatisfy({ at(index + $0) == quote }), closingHashes >= stringHashes {
              // More `#` than the string opened with: the lexer takes them all as the closing delimiter (an error),
              // and what follows lexes in ways this scan does not follow (found by `scripts/fuzz.sh swift`:
              // `#""####""""""[`, whose `[` is code to the lexer and text to the scan). No real source does it.
              if closingHashes > stringHashes { return false }
              frames.removeLast()
              squares.removeLast()
              index += quotes + stringHashes
              codeStart = index
              codeStartsAfterComment = false
              continue
            }
          }
          if byte == UInt8(ascii: "["), !multiline {
            squares[squares.count - 1].open += 1
            if squares[squares.count - 1].open > squares[squares.count - 1].deepest {
              squares[squares.count - 1].deepest = squares[squares.count - 1].open
              squares[squares.count - 1].firstDeepest = index
            }
          } else if byte == UInt8(ascii: "]"), !multiline {
            squares[squares.count - 1].open = max(0, squares[squares.count - 1].open - 1)
          }
          index += 1
          continue
        }
        switch byte {
        case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "/"):
          // The lexer ends a line comment at `\r` too (found by `scripts/fuzz.sh swift`: the `[` after a lone `\r` in a
          // `///` line were code to swift-syntax, whose lookahead never ended, but a comment to this scan).
          index = ByteSearch.lineEnd(in: bytes, from: index)
          codeStart = index
          codeStartsAfterComment = true
          continue
        case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "*"):
          index = ByteSearch.blockCommentEnd(in: bytes, from: index) ?? count
          codeStart = index
          codeStartsAfterComment = true
          continue
        case UInt8(ascii: "/"):
          if mayStartRegexLiteral(slashAt: index, in: bytes, codeStart: codeStart, afterComment: codeStartsAfterComment) {
            return false
          }
        case UInt8(ascii: "#"), UInt8(ascii: "\""):
          let stringHashes = hashes(from: index)
          let quote = index + stringHashes
          // `#/`, `##/`: an extended regex literal, which may hold quotes and span lines.
          if stringHashes > 0, at(quote) == UInt8(ascii: "/") { return false }
          guard at(quote) == UInt8(ascii: "\"") else {
            index = quote
            continue
          }
          // `#"""…"#` on one line is a single-line raw string holding quotes (found by `scripts/fuzz.sh swift`: read as a
          // multi-line string, it hid the code of the lines after it).
          let multiline = at(quote + 1) == UInt8(ascii: "\"") && at(quote + 2) == UInt8(ascii: "\"")
            && !rawTripleQuoteIsSingleLine(bytes, afterQuotes: quote + 3, hashes: stringHashes)
          if multiline {
            var next = quote + 3
            while at(next) == UInt8(ascii: " ") || at(next) == UInt8(ascii: "\t") { next += 1 }
            if next < count, at(next) != UInt8(ascii: "\n"), at(next) != UInt8(ascii: "\r") {
              levels.multilineStringOpenedWithText = true
            }
          }
          frames.append(.string(hashes: stringHashes, multiline: multiline, quote: UInt8(ascii: "\"")))
          squares.append(UnclosedSquares())
          index = quote + (multiline ? 3 : 1)
          continue
        case UInt8(ascii: "`"):
          // A backtick closed on its line makes one identifier of everything between (a raw identifier may hold
          // spaces and brackets: `` `a ]] b` ``); a lone backtick is punctuation (found by `scripts/fuzz.sh swift`).
          var end = index + 1
          while end < count, bytes[end] != UInt8(ascii: "`"), bytes[end] != UInt8(ascii: "\n"),
            bytes[end] != UInt8(ascii: "\r")
          {
            end += 1
          }
          if end < count, bytes[end] == UInt8(ascii: "`") { index = end }
        case UInt8(ascii: "'"):
          frames.append(.string(hashes: 0, multiline: false, quote: byte))
          squares.append(UnclosedSquares())
        case UInt8(ascii: "("):
          if case .interpolation(let openParentheses) = frames.last {
            frames[frames.count - 1] = .interpolation(openParentheses: openParentheses + 1)
          }
          levels.openParenthesis(at: index, in: bytes)
        case UInt8(ascii: ")"):
          levels.close()
          if case .interpolation(let openParentheses) = frames.last {
            if openParentheses == 0 {
              frames.removeLast()
            } else {
              frames[frames.count - 1] = .interpolation(openParentheses: openParentheses - 1)
            }
          }
        case UInt8(ascii: "<"), UInt8(ascii: ">"):
          // A version-control conflict marker at the start of a line: the lexer skips everything to its end marker,
          // which this scan does not follow.
          if index == 0 || bytes[index - 1] == UInt8(ascii: "\n") || bytes[index - 1] == UInt8(ascii: "\r"),
            startsConflictMarker(at: index, in: bytes)
          {
            return false
          }
          // `<#…#>` on one line: swift-syntax's lexer reads an editor placeholder, one token, where the `<` starts a
          // token (not after an operator's byte, which the scan does not always tell). Either way its content is
          // not read as code here (a quote in it opens no string), but the brackets it opens are counted: the depth
          // seen is never less than the lexer's (found by `scripts/fuzz.sh swift`: `<#'#>\[`).
          if byte == UInt8(ascii: "<"), let end = editorPlaceholderEnd(from: index, in: bytes) {
            for offset in (index + 2)..<(end - 2) {
              switch bytes[offset] {
              case UInt8(ascii: "["), UInt8(ascii: "{"): levels.see(bytes[offset], at: offset, in: bytes)
              case UInt8(ascii: "("): levels.openParenthesis(at: offset, in: bytes)
              default: break
              }
            }
            index = end
            continue
          }
          levels.see(byte, at: index, in: bytes)
        case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"):
          levels.see(byte, at: index, in: bytes)
        default:
          break
        }
        index += 1
      }
      // The end of the file ends the strings still open, as a line break does.
      _ = endsSingleLineLiterals(&frames, &squares, &levels)
      return true
    }
  }

  /// Whether swift-syntax's lexer may read a bare-slash regex literal (`/a"b/`) from the `/` at `slash`, a `/` of code
  /// that opens no comment. It answers yes whenever it cannot rule one out, from the lexer's own conditions: the `/` is
  /// the first of its operator; the operator is not bound on its left (it follows whitespace, an opening bracket, `,`,
  /// `;`, `:`, a comment or the start of the file); and it is bound on its right, or else follows what the lexer takes
  /// for the end of an operand (it follows a keyword other than `true`, `false`, `nil`, `self`, `Self`, `super`, `Any`,
  /// `func` and `operator`, an operator, punctuation that sequences expressions, or the start of the file).
  private static func mayStartRegexLiteral(
    slashAt slash: Int, in bytes: UnsafeBufferPointer<UInt8>, codeStart: Int, afterComment: Bool
  ) -> Bool {
    func at(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }
    var operatorStart = slash
    while operatorStart > codeStart, isOperatorByte(bytes[operatorStart - 1]) {
      operatorStart -= 1
      // An earlier `/` of the same operator was the lexer's one try.
      if bytes[operatorStart] == UInt8(ascii: "/") { return false }
    }
    // Bound on the left, the lexer reads a postfix or binary operator. A comment before it is whitespace; a literal's
    // closing quote binds it.
    if operatorStart > 0, !(afterComment && operatorStart == codeStart) {
      switch bytes[operatorStart - 1] {
      case UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "("),
        UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), 0, 0xA0:
        break
      default:
        return false
      }
    }
    var operatorEnd = slash + 1
    while operatorEnd < bytes.count, isOperatorByte(bytes[operatorEnd]) { operatorEnd += 1 }
    switch at(operatorEnd) {
    case UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: ")"),
      UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), 0, 0xC2:
      // Not bound on the right either: a regex only where an operand is expected.
      break
    default:
      return true
    }
    var previous = operatorStart
    while previous > codeStart, isWhitespace(bytes[previous - 1]) { previous -= 1 }
    guard previous > codeStart else {
      // Back to a comment or the start of the file: unknown, so maybe. Back to a literal: an operand ended, unless it
      // is the `\(` of an interpolation.
      if afterComment || previous == 0 { return true }
      let before = bytes[previous - 1]
      return before != UInt8(ascii: "\"") && before != UInt8(ascii: "'") && before != UInt8(ascii: "#")
    }
    let last = bytes[previous - 1]
    switch last {
    case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "`"), UInt8(ascii: "\""),
      UInt8(ascii: "'"):
      return false
    default:
      guard isNameByte(last), last < 0x80 else { return true }
      var wordStart = previous - 1
      while wordStart > codeStart, isNameByte(bytes[wordStart - 1]) { wordStart -= 1 }
      // A number literal ends an operand.
      if bytes[wordStart] >= UInt8(ascii: "0"), bytes[wordStart] <= UInt8(ascii: "9") { return false }
      let word = bytes[wordStart..<previous]
      return regexPositionKeywords.contains { $0.elementsEqual(word) }
    }
  }

  /// Where the editor placeholder opening at `start` ends, past its `#>`, as swift-syntax's lexer reads one: `<#`, then
  /// anything but a line feed or another `<#` up to the first `#>`; `nil` when `start` opens none.
  private static func editorPlaceholderEnd(from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard start + 1 < bytes.count, bytes[start + 1] == UInt8(ascii: "#") else { return nil }
    var offset = start + 2
    while offset < bytes.count {
      let byte = bytes[offset]
      offset += 1
      switch byte {
      case UInt8(ascii: "\n"): return nil
      case UInt8(ascii: "<") where offset < bytes.count && bytes[offset] == UInt8(ascii: "#"): return nil
      case UInt8(ascii: "#") where offset < bytes.count && bytes[offset] == UInt8(ascii: ">"): return offset + 1
      default: break
      }
    }
    return nil
  }

  /// Whether `<<<<<<< ` or `>>>> ` (Perforce's) starts at `offset`.
  private static func startsConflictMarker(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    func starts(with marker: StaticString) -> Bool {
      guard bytes.count - offset >= marker.utf8CodeUnitCount else { return false }
      return (0..<marker.utf8CodeUnitCount).allSatisfy { bytes[offset + $0] == marker.utf8Start[$0] }
    }
    return starts(with: "<<<<<<< ") || starts(with: ">>>> ")
  }

  /// The keywords swift-syntax's lexer classifies, but for those that are operands themselves: after one, the lexer
  /// expects an operand, so `/` may open a regex literal.
  private static let regexPositionKeywords: [[UInt8]] = [
    "as", "associatedtype", "break", "case", "catch", "class", "continue", "default", "defer", "deinit", "do", "else",
    "enum", "extension", "fallthrough", "fileprivate", "for", "guard", "if", "import", "in", "init", "inout",
    "internal", "is", "let", "precedencegroup", "private", "protocol", "public", "repeat", "rethrows",
    "return", "static", "struct", "subscript", "switch", "throw", "throws", "try", "typealias", "var", "where",
    "while",
  ].map { Array($0.utf8) }

  /// The same depth, read from swift-syntax's own lexer: exact where regex literals make the byte scan unsure. Only
  /// the bytes of bracket, operator and `;` tokens are code; literals, regex patterns and trivia are not.
  private static func lex(_ bytes: [UInt8], into levels: inout Levels) {
    bytes.withUnsafeBufferPointer { buffer in
      SwiftTokens.forEach(in: buffer) { kind, text, _ in
        switch kind {
        case .leftParen, .rightParen, .leftSquare, .rightSquare, .leftBrace, .rightBrace, .semicolon, .leftAngle,
          .rightAngle, .binaryOperator, .prefixOperator, .postfixOperator:
          for offset in text { levels.see(buffer[offset], at: offset, in: buffer) }
        default:
          break
        }
        return true
      }
    }
  }

  /// A byte an operator may hold: ASCII operator characters and `.`, and any byte of a non-ASCII character (some are
  /// operator characters).
  private static func isOperatorByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
      UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"),
      UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"), UInt8(ascii: "."):
      return true
    default:
      return byte >= 0x80
    }
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }

  /// A byte of a name: ASCII letters, digits and `_`, and every byte of a non-ASCII character.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
  }
}
