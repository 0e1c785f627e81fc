/// How deeply a Swift file nests brackets, measured on its bytes before it is parsed.
///
/// swift-syntax stops its parser at 256 nested levels, but not all of its lookahead: at every nested `[` it tries
/// both an inline array type (`[3 of Int]`) and a collection, so the time doubles with each level (25 nested `[` take
/// seconds, 30 never end; a run of 16 left open before an 89-byte operator took 0.47 s), and deeply nested generic
/// arguments (about 2,000 `Array<`) overflow the stack. No source nests that deep, so `SwiftFrontend` measures first
/// and does not parse a file beyond the limits.
///
/// Comments and string literals are stepped over as the lexer reads them (nested block comments, raw and multi-line
/// strings, escapes), except interpolations, whose brackets count. `<` opens a generic argument list only right after
/// a name (`Array<`, not `a < b`, `a <= b` or `..<`); such lists end at the latest at `{`, `}` and `;`, so a
/// comparison never adds up. The scan is linear and allocates only for nested string literals.
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
  }

  /// A literal being read: a string (with its `#` count and quote) or an interpolation inside one (with its open
  /// parentheses). The lexer also reads `'…'` as a (wrong) single-line string, so `"""` inside it opens nothing.
  private enum Frame {
    case string(hashes: Int, multiline: Bool, quote: UInt8)
    case interpolation(openParentheses: Int)
  }

  static func depth(
    of bytes: [UInt8], maximumNesting: Int = .max, maximumSquareBracketNesting: Int = .max
  ) -> Depth {
    var result = Depth()
    var frames: [Frame] = []
    var nesting = 0
    var squareNesting = 0
    var angleNesting = 0
    var index = 0
    let count = bytes.count

    func at(_ offset: Int) -> UInt8 { offset < count ? bytes[offset] : 0 }
    func hashes(from offset: Int) -> Int {
      var end = offset
      while at(end) == UInt8(ascii: "#") { end += 1 }
      return end - offset
    }
    func open(at offset: Int, square: Bool = false) {
      nesting += 1
      if nesting + angleNesting > result.brackets { result.brackets = nesting + angleNesting }
      if nesting + angleNesting > maximumNesting, result.firstTooDeep == nil { result.firstTooDeep = offset }
      if square {
        squareNesting += 1
        if squareNesting > result.squareBrackets { result.squareBrackets = squareNesting }
        if squareNesting > maximumSquareBracketNesting, result.firstTooDeepSquareBracket == nil {
          result.firstTooDeepSquareBracket = offset
        }
      }
    }
    func close(square: Bool = false) {
      nesting = max(0, nesting - 1)
      if square { squareNesting = max(0, squareNesting - 1) }
    }

    while index < count {
      let byte = bytes[index]
      if case .string(let stringHashes, let multiline, let quote) = frames.last {
        if byte == UInt8(ascii: "\\"), hashes(from: index + 1) == stringHashes {
          let afterHashes = index + 1 + stringHashes
          if at(afterHashes) == UInt8(ascii: "(") {
            frames.append(.interpolation(openParentheses: 0))
            open(at: afterHashes)
          }
          index = afterHashes + 1
          continue
        }
        if byte == quote {
          let quotes = multiline ? 3 : 1
          if (0..<quotes).allSatisfy({ at(index + $0) == quote }),
            hashes(from: index + quotes) >= stringHashes
          {
            frames.removeLast()
            index += quotes + stringHashes
            continue
          }
        }
        // A single-line string ends at the end of its line, closed or not (as the lexer recovers); `\r` ends a line
        // as `\n` does.
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r"), !multiline { frames.removeLast() }
        index += 1
        continue
      }
      switch byte {
      case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "/"):
        // The lexer ends a line comment at `\r` too (found by `scripts/fuzz.sh swift`: the `[` after a lone `\r` in a
        // `///` line were code to swift-syntax, whose lookahead never ended, but a comment to this scan).
        while index < count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") { index += 1 }
        continue
      case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "*"):
        var commentDepth = 0
        while index < count {
          if bytes[index] == UInt8(ascii: "/"), at(index + 1) == UInt8(ascii: "*") {
            commentDepth += 1
            index += 2
          } else if bytes[index] == UInt8(ascii: "*"), at(index + 1) == UInt8(ascii: "/") {
            commentDepth -= 1
            index += 2
            if commentDepth == 0 { break }
          } else {
            index += 1
          }
        }
        continue
      case UInt8(ascii: "#"), UInt8(ascii: "\""):
        let stringHashes = hashes(from: index)
        let quote = index + stringHashes
        guard at(quote) == UInt8(ascii: "\"") else {
          index = quote
          continue
        }
        let multiline = at(quote + 1) == UInt8(ascii: "\"") && at(quote + 2) == UInt8(ascii: "\"")
        frames.append(.string(hashes: stringHashes, multiline: multiline, quote: UInt8(ascii: "\"")))
        index = quote + (multiline ? 3 : 1)
        continue
      case UInt8(ascii: "'"):
        frames.append(.string(hashes: 0, multiline: false, quote: byte))
      case UInt8(ascii: "("):
        if case .interpolation(let openParentheses) = frames.last {
          frames[frames.count - 1] = .interpolation(openParentheses: openParentheses + 1)
        }
        open(at: index)
      case UInt8(ascii: ")"):
        close()
        if case .interpolation(let openParentheses) = frames.last {
          if openParentheses == 0 {
            frames.removeLast()
          } else {
            frames[frames.count - 1] = .interpolation(openParentheses: openParentheses - 1)
          }
        }
      case UInt8(ascii: "["):
        open(at: index, square: true)
      case UInt8(ascii: "]"):
        close(square: true)
      case UInt8(ascii: "{"):
        angleNesting = 0
        open(at: index)
      case UInt8(ascii: "}"):
        angleNesting = 0
        close()
      case UInt8(ascii: ";"):
        angleNesting = 0
      case UInt8(ascii: "<"):
        if index > 0, isNameByte(bytes[index - 1]), at(index + 1) != UInt8(ascii: "="),
          at(index + 1) != UInt8(ascii: "<")
        {
          angleNesting += 1
          if nesting + angleNesting > result.brackets { result.brackets = nesting + angleNesting }
          if nesting + angleNesting > maximumNesting, result.firstTooDeep == nil { result.firstTooDeep = index }
        }
      case UInt8(ascii: ">"):
        if angleNesting > 0, index == 0 || bytes[index - 1] != UInt8(ascii: "-") { angleNesting -= 1 }
      default:
        break
      }
      index += 1
    }
    return result
  }

  /// A byte of a name: ASCII letters, digits and `_`, and every byte of a non-ASCII character.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
  }
}
