import TablelintModel

/// The batch path's lighter read of a Swift file: the bodies declared in the file or in a type's member block, when no
/// fact can come from their text, are blanked before swift-syntax parses the file, so it builds no tree for them.
///
/// A body is skipped only when a byte scan finds in it nothing the fact walks read in a body:
/// - no word a call recogniser matches: `dequeue…`, a `register…` call that may register cells (as
///   `CallRecognizer.looksLikeCellRegistration` decides, read on the bytes), `UINib`, `loadNibNamed`, `UIStoryboard`,
///   `NSStoryboard`, `nibName` (but
///   `nibName: nil`), `selector` (`#selector`), `Selector`, `NSSelectorFromString`, `Row`, `…Section`, `rows`,
///   `perform` (a target–action, `addTarget` or `target:`, is recorded only with a selector written in it; a table
///   spelled out in a body has `rows:` or a `…Section` call, and `indexPath.section` or `sections.count` gives none);
/// - no `X.self` but on a plain name or a dotted chain of them (which gives the last name, spelled, as the scan
///   spells it), no local type, function,
///   import or macro;
/// - no `#` but availability, conditions, source locations, Swift Testing's `#expect` and `#require`, `#keyPath`,
///   literals and `#warning`; no multi-line or raw string.
///
/// Its declaration's words hint at nothing table-related either (`tableView(_:numberOfRowsInSection:)` is read by
/// name), and it is not a property of an enum (`TableLayoutReader` reads `title`, `text` and the layout there).
/// Functions, initializers, deinitializers, setters, observers, a member's `= { … }()` initializer closure and a
/// top-level `#Preview`'s closure are blanked whole. A getter or a `static`/`class` method may be a constant when it
/// is one expression, so only what its inner braces hold (closures, blocks) is blanked: its statements stay, and no
/// expression's value depends on a closure's contents. What a skipped body still gives, the values of its plain string
/// literals (`SwiftFileFacts.spelledStrings`), the scan reads itself.
///
/// Blanking replaces every byte between the braces with a space, except line breaks, and makes the blank one block
/// comment (`{/*   */}`, from the first two spaces to the last two), which the lexer reads as one piece of trivia
/// rather than a piece per line and indentation: every position outside, and so every fact, is where it was. A file
/// the scan cannot follow exactly (an unterminated string, what may be a regex
/// literal, unbalanced brackets) or that holds a `tablelint:` comment or a merge conflict is read whole, and so is
/// one whose skeleton has a syntax error. The one difference left: an error confined to a skipped body (`let x =`
/// left half-typed) is not seen, so the file is not marked `hasSyntaxErrors`; every declaration in it was still
/// read. Editors' open documents are always parsed whole. `BodySkippingTests` and
/// `tablelint-bench --verify-body-skipping` check that the facts are a whole parse's.
enum BodySkipping {
  struct Skeleton {
    /// The file with the skipped bodies blanked into block comments: as many bytes, the line breaks where they were.
    var bytes: [UInt8]
    /// The values of the plain string literals in the skipped bodies.
    var spelledStrings: [String]
    var skippedBodies: Int
    /// The bytes between the skipped bodies' braces.
    var skippedBytes: Int
    /// Whether the file has a word `TableModelCollector` starts from (`enum`, `tableView`, `numberOfSections`,
    /// `rows`, `section(s)`, `…Section`): without one it finds nothing, and its walk is skipped.
    var mayDeclareTables: Bool
    /// Whether it has such a word other than `enum` (an enum alone gives only its case list, which
    /// `DeclarationReader` reads).
    var mayDeclareTablesBeyondEnums: Bool { !tableWords.isEmpty }
    /// Where each of those words other than `enum` starts, in order: `DeclarationReader` leaves every declaration
    /// holding one to swift-syntax and the table-model walk, and reads the others.
    var tableWords: [Int] = []
    /// What the braces of the bodies kept for what they hold (a word that keeps a body, a macro, a raw or multi-line
    /// string) hold, in order: `DeclarationReader` refuses such a body wherever it meets one (but those in
    /// `selectorBodies`), so its lexer steps over it as one token instead of reading it.
    var keptBodies: [Range<Int>] = []
    /// Those of `keptBodies` kept only for `#selector` (the macro, and the word `selector`): `DeclarationReader`
    /// reads their selectors and target–actions itself.
    var selectorBodies: [Range<Int>] = []
  }

  /// `bytes` with its skippable bodies blanked, or `nil` when the scan cannot follow the file or (unless
  /// `evenWithoutBodies`) when no body is skipped.
  static func skeleton(of bytes: [UInt8], evenWithoutBodies: Bool = false) -> Skeleton? {
    // A suppression comment needs the tokens around it; a merge conflict is a syntax error the file must report.
    if ByteSearch.contains(bytes, SuppressionCommand.prefix) || ByteSearch.contains(bytes, "<<<<<<<") { return nil }
    return bytes.withUnsafeBufferPointer { buffer in
      var scanner = Scanner(bytes: buffer)
      guard scanner.scanFile() else { return nil }
      if scanner.blanked.isEmpty {
        guard evenWithoutBodies else { return nil }
        return Skeleton(
          bytes: bytes, spelledStrings: [], skippedBodies: 0, skippedBytes: 0, mayDeclareTables: scanner.mayDeclareTables,
          tableWords: scanner.tableWords, keptBodies: scanner.keptBodies, selectorBodies: scanner.selectorBodies
        )
      }
      var skeleton = bytes
      skeleton.withUnsafeMutableBufferPointer { blanking in
        for range in scanner.blanked {
          for index in range where blanking[index] != UInt8(ascii: "\n") && blanking[index] != UInt8(ascii: "\r") {
            blanking[index] = UInt8(ascii: " ")
          }
          Self.commentOut(range, in: blanking)
        }
      }
      return Skeleton(
        bytes: skeleton, spelledStrings: scanner.spelledStrings, skippedBodies: scanner.skippedBodies,
        skippedBytes: scanner.blanked.reduce(0) { $0 + $1.count }, mayDeclareTables: scanner.mayDeclareTables,
        tableWords: scanner.tableWords, keptBodies: scanner.keptBodies, selectorBodies: scanner.selectorBodies
      )
    }
  }

  /// Makes the blank `range` one block comment, from its first two adjacent spaces to its last two, so that the lexer
  /// reads one piece of trivia, not one per line and indentation; a blank without two such pairs stays spaces.
  static func commentOut(_ range: Range<Int>, in blanking: UnsafeMutableBufferPointer<UInt8>) {
    func isPair(_ offset: Int) -> Bool { blanking[offset] == UInt8(ascii: " ") && blanking[offset + 1] == UInt8(ascii: " ") }
    guard let open = stride(from: range.lowerBound, to: range.upperBound - 1, by: 1).first(where: isPair),
      let close = stride(from: range.upperBound - 2, through: open + 2, by: -1).first(where: isPair)
    else { return }
    blanking[open] = UInt8(ascii: "/")
    blanking[open + 1] = UInt8(ascii: "*")
    blanking[close] = UInt8(ascii: "*")
    blanking[close + 1] = UInt8(ascii: "/")
  }

  struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The byte tests of its words (`Words`).
    var words: Words { Words(bytes: bytes) }
    /// Byte ranges to blank (inside the braces of skipped bodies).
    var blanked: [Range<Int>] = []
    /// What the braces of each body kept for what it holds hold (`Skeleton.keptBodies`).
    var keptBodies: [Range<Int>] = []
    /// Those kept only for `#selector` (`Skeleton.selectorBodies`).
    var selectorBodies: [Range<Int>] = []
    var skippedBodies = 0
    var spelledStrings: [String] = []
    var mayDeclareTables = false
    /// `Skeleton.tableWords`.
    var tableWords: [Int] = []

    private var index = 0
    /// Where the last word ended, whether it was `var`, `let` or `func`, and whether `func`.
    private var lastWordEnd = 0
    private var lastWordIsFunc = false
    private var lastWordDeclares = false
    /// `accessors`: a property's `{ get … set … }` (or `{ didSet … }`) block.
    private enum Brace { case member, body, accessors, other }
    private var braces: [Brace] = []
    /// Braces around that are not member blocks (0: at declaration level).
    private var nonMemberDepth = 0
    /// Open `(` and `[`.
    private var bracketDepth = 0
    /// A `func`, `init` or `deinit` was met at declaration level: its body is the next `{` at `pendingBracketDepth`.
    private var pendingFunction = false
    private var pendingKeeps = false
    private var pendingBracketDepth = 0
    /// A type declaration was met at declaration level: the next `{` is its member block.
    private var pendingType = false
    private var pendingTypeIsEnum = false
    /// For each member block around, whether it is an enum's (whose `title`, `text` and layout properties
    /// `TableLayoutReader` reads: their getters are read whole).
    private var memberBlockIsEnum: [Bool] = []
    /// A `var` was met at declaration level, with no `=` since: the next `{` is its accessors (or its getter).
    private var pendingProperty = false
    /// In a property's accessor block, an accessor keyword was met: the next `{` is its body, read whole or not.
    private var pendingAccessor: BodyMode?
    /// A word of the property's declaration hints at a table: its accessors are read whole.
    private var accessorsKeep = false
    /// A `let` or `var` of a member block is being read (until the next declaration): `= { … }()` initializes it
    /// with a closure; whether a word of the declaration hints at a table.
    private var inBinding = false
    private var bindingKeeps = false
    /// `static` or `class` was met in the current declaration's modifiers.
    private var sawStatic = false
    /// What is blanked of a body that nothing keeps: all of it, or only what its inner braces hold (a getter or a
    /// type method, whose one returned expression may be a constant: its statements stay, closures and blocks go).
    enum BodyMode { case whole, inner }
    /// The body being scanned, if any: where it opened, whether something in it keeps it, its strings' values.
    private var bodyStart: Int?
    private var bodyMode = BodyMode.whole
    private var bodyBracketDepth = 0
    /// `braces.count` inside the body, and where its current inner brace opened and the ranges inner braces held.
    private var bodyBraceDepth = 0
    private var innerStart = 0
    private var innerRanges: [Range<Int>] = []
    private var bodyKeeps = false
    /// Whether the body is kept for more than `#selector` (`Skeleton.selectorBodies`).
    private var bodyKeepsBeyondSelectors = false
    /// Whether the body was kept from its opening, for its signature, not for what it holds.
    private var bodyKeptForSignature = false
    private var bodyStrings: [String] = []
    /// The last significant byte (not whitespace, not in a comment).
    private var previous = UInt8(ascii: "\n")
    /// Whether the last token was `.` (for `X.self`, `.init`).
    private var afterDot = false

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private var inBody: Bool { bodyStart != nil }

    /// Scans the whole file; false when it cannot be followed exactly.
    mutating func scanFile() -> Bool {
      guard scanCode(untilCloseParen: false) else { return false }
      return braces.isEmpty && bracketDepth == 0 && !inBody
    }

    @inline(__always) private func byte(at offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    @inline(__always) fileprivate static func lowered(_ byte: UInt8) -> UInt8 {
      byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    @inline(__always) fileprivate static func isIdentifierByte(_ byte: UInt8) -> Bool {
      (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    /// Scans code to the end of the file or, in a string interpolation, to the `)` that closes it (consumed).
    /// `false` where the scan cannot follow the lexer, among them a line break in an interpolation of a single-line
    /// string (`inSingleLineString`), which ends the string there.
    private mutating func scanCode(untilCloseParen: Bool, inSingleLineString: Bool = false) -> Bool {
      var parens = 0
      while index < bytes.count {
        let current = bytes[index]
        switch current {
        case UInt8(ascii: " "), UInt8(ascii: "\t"):
          index += 1
          continue
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
          if inSingleLineString { return false }
          index += 1
          continue
        case UInt8(ascii: "/"):
          let next = byte(at: index + 1)
          if next == UInt8(ascii: "/") {
            // Like the lexer, a line comment ends at `\r` as well as `\n`.
            index = ByteSearch.lineEnd(in: bytes, from: index)
            continue
          }
          if next == UInt8(ascii: "*") {
            guard let end = blockCommentEnd(from: index) else { return false }
            index = end
            continue
          }
          // `a/b`, `x / 2`, `/=` are operators; anything else may open a regex literal, which the scan does not
          // follow.
          let operatorFollows =
            next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") || next == UInt8(ascii: "\n")
            || next == UInt8(ascii: "\r") || next == UInt8(ascii: "=")
          let operandBefore =
            Self.isIdentifierByte(previous) || previous == UInt8(ascii: ")") || previous == UInt8(ascii: "]")
          guard operatorFollows || operandBefore else { return false }
          index += 1
        case UInt8(ascii: "\""):
          guard scanString(hashes: 0) else { return false }
        case UInt8(ascii: "#"):
          var hashes = 0
          while byte(at: index + hashes) == UInt8(ascii: "#") { hashes += 1 }
          // `#/…/#`: an extended regex literal, which may hold quotes, braces and line breaks.
          if byte(at: index + hashes) == UInt8(ascii: "/") { return false }
          if byte(at: index + hashes) == UInt8(ascii: "\"") {
            if inBody { keepBody() }
            index += hashes
            guard scanString(hashes: hashes) else { return false }
          } else {
            index += 1
            let start = index
            index = identifierEnd(from: index)
            if inBody, !words.isHarmlessPoundWord(start, index) {
              keepBody(forSelector: word(start, index, is: "selector"))
            } else if !inBody, braces.isEmpty, bracketDepth == 0, word(start, index, is: "Preview") {
              // `#Preview("…") { … }` between top-level declarations: its closure is skipped as a function's body.
              pendingFunction = true
              pendingKeeps = false
              pendingBracketDepth = 0
              pendingType = false
              pendingProperty = false
              inBinding = false
              sawStatic = false
            }
          }
        case UInt8(ascii: "("), UInt8(ascii: "["):
          bracketDepth += 1
          if current == UInt8(ascii: "(") { parens += 1 }
          index += 1
        case UInt8(ascii: ")"), UInt8(ascii: "]"):
          if current == UInt8(ascii: ")") {
            if untilCloseParen, parens == 0 {
              index += 1
              previous = current
              return true
            }
            parens -= 1
          }
          guard bracketDepth > 0 else { return false }
          bracketDepth -= 1
          index += 1
        case UInt8(ascii: "{"):
          openBrace()
          index += 1
        case UInt8(ascii: "}"):
          guard closeBrace() else { return false }
          index += 1
        case UInt8(ascii: ";"):
          pendingFunction = false
          pendingType = false
          pendingProperty = false
          sawStatic = false
          index += 1
        case UInt8(ascii: "="):
          // A default argument (`func f(x: Int = 0)`) or a constraint (`where T == U`) does not end a declaration.
          // `var x = …` has no accessors to skip (observers after an initial value are left alone).
          if bracketDepth == 0 { pendingProperty = false }
          if bracketDepth == 0, !pendingType, !pendingFunction { sawStatic = false }
          index += 1
        default:
          if Self.isIdentifierByte(current) || current == UInt8(ascii: "`") {
            identifier()
            continue
          }
          index += 1
        }
        afterDot = current == UInt8(ascii: ".")
        previous = current
      }
      return !untilCloseParen
    }

    /// Where the (nested) block comment opening at `start` ends; `nil` when it does not.
    func blockCommentEnd(from start: Int) -> Int? { ByteSearch.blockCommentEnd(in: bytes, from: start) }

    /// The first byte at or after `start` that is neither whitespace nor in a comment (`bytes.count` when none is).
    private func significantByte(from start: Int) -> Int {
      var offset = start
      while offset < bytes.count {
        switch bytes[offset] {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
          offset += 1
        case UInt8(ascii: "/") where byte(at: offset + 1) == UInt8(ascii: "/"):
          while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n"), bytes[offset] != UInt8(ascii: "\r") {
            offset += 1
          }
        case UInt8(ascii: "/") where byte(at: offset + 1) == UInt8(ascii: "*"):
          offset = blockCommentEnd(from: offset) ?? bytes.count
        default:
          return offset
        }
      }
      return offset
    }

    /// The end of the identifier starting at `start`.
    @inline(__always) private func identifierEnd(from start: Int) -> Int {
      var end = start
      while end < bytes.count, Self.isIdentifierByte(bytes[end]) { end += 1 }
      return end
    }

    /// A string literal, `index` at its first `"` (after any `#`). Interpolations are scanned as code.
    private mutating func scanString(hashes: Int) -> Bool {
      let multiline = byte(at: index + 1) == UInt8(ascii: "\"") && byte(at: index + 2) == UInt8(ascii: "\"")
      // `#"""…"#` on one line: a single-line raw string holding quotes, which this scan does not follow.
      if multiline, SwiftNestingScanner.rawTripleQuoteIsSingleLine(bytes, afterQuotes: index + 3, hashes: hashes) {
        return false
      }
      index += multiline ? 3 : 1
      if multiline, inBody { keepBody() }
      let contentStart = index
      var interpolated = false
      // swift-syntax ends a segment after an escaped line break: such a literal is not one plain segment.
      var escapedLineBreak = false
      while index < bytes.count {
        let current = bytes[index]
        if current == UInt8(ascii: "\\") {
          var escapeHashes = 0
          while escapeHashes < hashes, byte(at: index + 1 + escapeHashes) == UInt8(ascii: "#") { escapeHashes += 1 }
          guard escapeHashes == hashes else {
            index += 1
            continue
          }
          index += 1 + hashes
          if byte(at: index) == UInt8(ascii: "(") {
            interpolated = true
            index += 1
            let (savedAfterDot, savedBrackets) = (afterDot, bracketDepth)
            previous = UInt8(ascii: "(")
            guard scanCode(untilCloseParen: true, inSingleLineString: !multiline), bracketDepth == savedBrackets else {
              return false
            }
            afterDot = savedAfterDot
          } else {
            escapedLineBreak = escapedLineBreak || byte(at: index) == UInt8(ascii: "n")
            index += 1
          }
          continue
        }
        if current == UInt8(ascii: "\n") || current == UInt8(ascii: "\r"), !multiline { return false }
        if current == UInt8(ascii: "\""), closesString(at: index, multiline: multiline, hashes: hashes) {
          let contentEnd = index
          index += (multiline ? 3 : 1) + hashes
          if inBody, !multiline, hashes == 0, !interpolated, !escapedLineBreak,
            let value = IdentifierExpressionReader.unescaped(
              String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<contentEnd]), as: UTF8.self)
            )
          {
            bodyStrings.append(value)
          }
          previous = UInt8(ascii: "\"")
          afterDot = false
          return true
        }
        index += 1
      }
      return false
    }

    private func closesString(at offset: Int, multiline: Bool, hashes: Int) -> Bool {
      let quotes = multiline ? 3 : 1
      for step in 0..<quotes where byte(at: offset + step) != UInt8(ascii: "\"") { return false }
      for step in 0..<hashes where byte(at: offset + quotes + step) != UInt8(ascii: "#") { return false }
      return true
    }

    private mutating func identifier() {
      let start = index
      if bytes[index] == UInt8(ascii: "`") {
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "`"), bytes[index] != UInt8(ascii: "\n"),
          bytes[index] != UInt8(ascii: "\r")
        {
          index += 1
        }
        index = min(index + 1, bytes.count)
      } else {
        index = identifierEnd(from: index)
      }
      let end = index
      let wasAfterDot = afterDot
      previous = bytes[end - 1]
      afterDot = false
      // The name `var`, `let` or `func` declares (only blanks between) is no callee, type or label the table-model
      // walk reads: `static var roomDetailsSection: String` (a generated string table) starts nothing.
      let isDeclaredName = lastWordDeclares && bytes[lastWordEnd..<start].allSatisfy {
        $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t")
      }
      // The word after `func`, whatever is between (a line break, a comment): a function's name.
      let isFunctionName = lastWordIsFunc
      lastWordEnd = end
      lastWordIsFunc = word(start, end, is: "func")
      lastWordDeclares = lastWordIsFunc || word(start, end, is: "var") || word(start, end, is: "let")
      if !(isDeclaredName && end - start > 7 && word(end - 7, end, is: "Section")),
        words.startsTableModel(start, end, isFunctionName: isFunctionName)
      {
        mayDeclareTables = true
        if !word(start, end, is: "enum") { tableWords.append(start) }
      }
      if inBody {
        if !bodyKeepsBeyondSelectors, words.keepsBody(start, end, afterDot: wasAfterDot) {
          // `Cell.self` gives only its type's name, spelled (`FactCollector`): the scan spells a plain one itself.
          if wasAfterDot, word(start, end, is: "self"), let name = words.typeNameBeforeSelf(dotAt: start - 1) {
            bodyStrings.append(name)
          } else {
            keepBody(forSelector: word(start, end, is: "selector"))
          }
        }
        return
      }
      if pendingFunction || pendingProperty || inBinding, !pendingKeeps || !bindingKeeps,
        words.hintsAtTables(start, end)
      {
        pendingKeeps = true
        bindingKeeps = true
      }
      if braces.last == .accessors, bracketDepth == 0 {
        pendingAccessor = accessorMode(start, end)
        return
      }
      // `.class`, `.init(…)`: members, not declarations.
      guard nonMemberDepth == 0, bracketDepth == 0, !wasAfterDot else { return }
      if word(start, end, is: "var") || word(start, end, is: "let") {
        pendingFunction = false
        pendingType = false
        pendingProperty = word(start, end, is: "var")
        sawStatic = sawStatic && pendingProperty
        pendingKeeps = braces.last == .member && memberBlockIsEnum.last == true
        inBinding = braces.last == .member
        bindingKeeps = pendingKeeps
      } else if word(start, end, is: "case") || word(start, end, is: "subscript") {
        pendingFunction = false
        pendingType = false
        pendingProperty = false
        inBinding = false
        sawStatic = false
      } else if word(start, end, is: "func") || word(start, end, is: "init") || word(start, end, is: "deinit") {
        pendingFunction = true
        pendingProperty = false
        inBinding = false
        pendingKeeps = false
        pendingBracketDepth = bracketDepth
        pendingType = false
      } else if word(start, end, is: "static") {
        sawStatic = true
      } else if word(start, end, is: "class") {
        sawStatic = true
        if !classIsModifier() {
          pendingType = true
          pendingTypeIsEnum = false
          pendingFunction = false
          pendingProperty = false
          inBinding = false
        }
      } else if word(start, end, is: "enum") || word(start, end, is: "struct") || word(start, end, is: "protocol")
        || word(start, end, is: "extension") || word(start, end, is: "actor")
      {
        pendingType = true
        pendingTypeIsEnum = word(start, end, is: "enum")
        pendingFunction = false
        pendingProperty = false
        inBinding = false
      }
    }

    /// In an accessor block, what a word makes of the next `{`: a getter's body keeps its statements; the others
    /// give no fact; modifiers (`mutating get`) keep what was pending; anything else is not read as an accessor.
    private func accessorMode(_ start: Int, _ end: Int) -> BodyMode? {
      if word(start, end, is: "get") || word(start, end, is: "_read") || word(start, end, is: "read") { return .inner }
      if word(start, end, is: "set") || word(start, end, is: "didSet") || word(start, end, is: "willSet")
        || word(start, end, is: "_modify") || word(start, end, is: "modify") || word(start, end, is: "init")
      {
        return .whole
      }
      if isAccessorModifier(start, end) || word(start, end, is: "async") || word(start, end, is: "throws") {
        return pendingAccessor
      }
      return nil
    }

    private func isAccessorModifier(_ start: Int, _ end: Int) -> Bool {
      word(start, end, is: "mutating") || word(start, end, is: "nonmutating")
    }

    /// What the `{` at `index`, after a `var`'s declaration, opens: accessors when an accessor or its modifier comes
    /// first (`get`, `didSet`, `mutating get`, comments aside), otherwise a getter; `nil` for an attribute first
    /// (`@inlinable get`, or a statement's): not read as either, so nothing in it is skipped.
    private func propertyBlock() -> Brace? {
      let start = significantByte(from: index + 1)
      if byte(at: start) == UInt8(ascii: "@") { return nil }
      let end = identifierEnd(from: start)
      return accessorMode(start, end) != nil || isAccessorModifier(start, end) ? .accessors : .body
    }

    @inline(__always) func word(_ start: Int, _ end: Int, is keyword: StaticString) -> Bool {
      words.word(start, end, is: keyword)
    }

    /// After `class`: a modifier (`class func`, `class var`, `class override …`) rather than a class declaration.
    private func classIsModifier() -> Bool {
      let start = significantByte(from: index)
      let end = identifierEnd(from: start)
      let followers: [StaticString] = [
        "func", "var", "let", "subscript", "override", "final", "public", "private", "fileprivate", "internal",
        "open", "package", "static", "dynamic", "required", "convenience", "nonisolated",
      ]
      return followers.contains { word(start, end, is: $0) }
    }

    private mutating func openBrace() {
      afterDot = false
      let afterEquals = previous == UInt8(ascii: "=") && byte(at: index - 1) != UInt8(ascii: "=")
      if inBody, bodyMode == .inner, braces.count == bodyBraceDepth { innerStart = index }
      if !inBody, nonMemberDepth == 0, pendingFunction, bracketDepth == pendingBracketDepth {
        // A type method may be a constant (`class func defaultReuseIdentifier() -> String { "Cell" }`).
        openBody(mode: sawStatic ? .inner : .whole, keeps: pendingKeeps)
      } else if !inBody, nonMemberDepth == 0, bracketDepth == 0, inBinding, afterEquals, braces.last == .member {
        // `lazy var label: UILabel = { … }()`: the closure is the whole initializer, and no constant's value depends
        // on a closure's contents.
        openBody(mode: .whole, keeps: bindingKeeps)
        inBinding = false
      } else if !inBody, nonMemberDepth == 0, bracketDepth == 0, pendingProperty, let block = propertyBlock() {
        if block == .accessors {
          braces.append(.accessors)
          nonMemberDepth += 1
          accessorsKeep = pendingKeeps
          pendingAccessor = nil
        } else {
          // A computed property's getter, which may be a constant.
          openBody(mode: .inner, keeps: pendingKeeps)
        }
      } else if !inBody, braces.last == .accessors, bracketDepth == 0, let mode = pendingAccessor {
        openBody(mode: mode, keeps: accessorsKeep)
        pendingAccessor = nil
        return
      } else if !inBody, nonMemberDepth == 0, bracketDepth == 0, pendingType {
        braces.append(.member)
        memberBlockIsEnum.append(pendingTypeIsEnum)
      } else {
        braces.append(.other)
        nonMemberDepth += 1
        // A closure in a default argument (`func f(x: () -> Int = { 2 })`) is part of the declaration.
        if bracketDepth > 0 { return }
      }
      pendingFunction = false
      pendingType = false
      pendingProperty = false
      sawStatic = false
    }

    /// Keeps the body being scanned for what it holds; `forSelector`: for `#selector` alone (the macro, the word
    /// `selector`), which `DeclarationReader` reads itself (`Skeleton.selectorBodies`).
    @inline(__always) private mutating func keepBody(forSelector: Bool = false) {
      bodyKeeps = true
      if !forSelector { bodyKeepsBeyondSelectors = true }
    }

    private mutating func openBody(mode: BodyMode, keeps: Bool) {
      previous = UInt8(ascii: "{")
      braces.append(.body)
      nonMemberDepth += 1
      bodyStart = index
      bodyMode = mode
      bodyBracketDepth = bracketDepth
      bodyBraceDepth = braces.count
      bodyKeeps = keeps
      bodyKeepsBeyondSelectors = keeps
      bodyKeptForSignature = keeps
      bodyStrings.removeAll(keepingCapacity: true)
      innerRanges.removeAll(keepingCapacity: true)
    }

    private mutating func closeBrace() -> Bool {
      guard let brace = braces.popLast() else { return false }
      previous = UInt8(ascii: "}")
      afterDot = false
      if brace == .member {
        memberBlockIsEnum.removeLast()
      } else {
        nonMemberDepth -= 1
      }
      if brace == .body, let start = bodyStart {
        // Brackets left open in a body would make swift-syntax end it elsewhere: read the file whole.
        guard bracketDepth == bodyBracketDepth else { return false }
        if !bodyKeeps {
          // The strings of an inner body's own statements stay in the tree: spelled twice, into a set.
          let ranges = bodyMode == .whole ? [(start + 1)..<index] : innerRanges
          let skipped = ranges.filter { !$0.isEmpty }
          if !skipped.isEmpty {
            blanked += skipped
            skippedBodies += 1
          }
          spelledStrings += bodyStrings
        } else if !bodyKeptForSignature, start + 1 < index {
          keptBodies.append((start + 1)..<index)
          if !bodyKeepsBeyondSelectors { selectorBodies.append((start + 1)..<index) }
        }
        bodyStart = nil
      } else if inBody, bodyMode == .inner, braces.count == bodyBraceDepth, index > innerStart + 1 {
        innerRanges.append((innerStart + 1)..<index)
      }
      if brace == .accessors { pendingAccessor = nil }
      if bracketDepth == 0, braces.last != .accessors {
        pendingFunction = false
        pendingType = false
        pendingProperty = false
        sawStatic = false
      }
      return true
    }

  }

  /// The byte tests of the scan's words, on the bytes alone: a 16-byte value, where calling them on the scanner (a
  /// 210-byte value) from its mutating pass copied all of it for every word (650,000 copies on element-ios).
  struct Words {
    let bytes: UnsafeBufferPointer<UInt8>

    @inline(__always) static func lowered(_ byte: UInt8) -> UInt8 { Scanner.lowered(byte) }
    @inline(__always) static func isIdentifierByte(_ byte: UInt8) -> Bool { Scanner.isIdentifierByte(byte) }

    @inline(__always) func word(_ start: Int, _ end: Int, is keyword: StaticString) -> Bool {
      guard end - start == keyword.utf8CodeUnitCount else { return false }
      let text = keyword.utf8Start
      for offset in 0..<(end - start) where bytes[start + offset] != text[offset] { return false }
      return true
    }

    /// A word `TableModelCollector` starts from: an enum, the name of a data-source method (`func tableView`,
    /// `func numberOfSections`, as `TableMethodReader` reads them), a `rows:` label or a `…Section` call (the sections
    /// of a table spelled out, `DeclaredTableReader`). `section`, `sections`, a `rows` variable, a `…Section` type or
    /// variable and a `tableView` property start none (`indexPath.section`, `var sections: [SectionViewModel]`,
    /// `initialSection`, `self.tableView.reloadData()`).
    @inline(__always) func startsTableModel(_ start: Int, _ end: Int, isFunctionName: Bool) -> Bool {
      switch end - start {
      case 4: return word(start, end, is: "enum") || (word(start, end, is: "rows") && isLabel(end))
      case 9: return (isFunctionName && word(start, end, is: "tableView")) || isSectionCall(start, end)
      case 16: return (isFunctionName && word(start, end, is: "numberOfSections")) || isSectionCall(start, end)
      case 0...6: return false
      default: return isSectionCall(start, end)
      }
    }

    /// A word ending in `Section` that may be called (`Section(…)`, `Section<…>`, `Section.init(…)`).
    @inline(__always) func isSectionCall(_ start: Int, _ end: Int) -> Bool {
      guard end - start >= 7, word(end - 7, end, is: "Section") else { return false }
      switch nextByte(after: end) {
      case UInt8(ascii: "("), UInt8(ascii: "<"), UInt8(ascii: "."), UInt8(ascii: "/"), nil: return true
      default: return false
      }
    }

    /// Whether the word ending at `end` is a label (`rows:`), or what the scan cannot tell from one.
    @inline(__always) func isLabel(_ end: Int) -> Bool {
      switch nextByte(after: end) {
      case UInt8(ascii: ":"), UInt8(ascii: "/"), nil: return true
      default: return false
      }
    }

    /// `#…` words a skipped body may hold: none gives a fact (of the macros, `FactCollector` reads only `#selector`;
    /// what the others' arguments hold is scanned like any code).
    func isHarmlessPoundWord(_ start: Int, _ end: Int) -> Bool {
      let harmless: [StaticString] = [
        "available", "unavailable", "if", "elseif", "else", "endif", "function", "file", "fileID", "filePath", "line",
        "column", "expect", "require", "keyPath", "imageLiteral", "colorLiteral", "warning",
      ]
      return harmless.contains { word(start, end, is: $0) }
    }

    /// The name `FactCollector` spells for `X.self` when the dot is at `dot` and the expression before it is a plain
    /// identifier or a dotted chain of them (`Cell.self` gives `Cell`, `Mastodon.Entity.Status.self` gives `Status`:
    /// the last name of what `IdentifierExpressionReader.typeName` reads); `nil` for anything else: a key path
    /// (`\Cell.self`), generic arguments, a call, an unwrap or a subscript in the chain, a backticked or `$` name, a
    /// keyword, or blanks around a dot.
    func typeNameBeforeSelf(dotAt dot: Int) -> String? {
      guard dot > 0, bytes[dot] == UInt8(ascii: ".") else { return nil }
      var end = dot
      var last: String?
      while true {
        var start = end
        while start > 0, Self.isIdentifierByte(bytes[start - 1]), bytes[start - 1] != UInt8(ascii: "$"),
          bytes[start - 1] < 0x80
        {
          start -= 1
        }
        guard start < end, !(bytes[start] >= UInt8(ascii: "0") && bytes[start] <= UInt8(ascii: "9")) else { return nil }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        guard !DeclarationReader.Reader.reservedWords.contains(name), !DeclarationReader.Reader.unplainNames.contains(name)
        else { return nil }
        if last == nil { last = name }
        guard start > 0 else { return last }
        switch bytes[start - 1] {
        case UInt8(ascii: "."):
          // Another name of the chain before this one (none, as in `.Cell.self` or `f().Cell.self`: not read).
          end = start - 1
        case UInt8(ascii: "`"), UInt8(ascii: "$"), UInt8(ascii: "\\"), UInt8(ascii: "#"), UInt8(ascii: "@"):
          return nil
        default:
          return bytes[start - 1] >= 0x80 ? nil : last
        }
      }
    }

    /// Whether a word in a body keeps it (see the type's documentation).
    @inline(__always) func keepsBody(_ start: Int, _ end: Int, afterDot: Bool) -> Bool {
      let length = end - start
      switch length {
      case 3:
        // `Row(text: …)` (venmo/Static), `Row<Cell>(…)` (Flow): `CallRecognizer` and the table readers take `Row`
        // alone; other rows come with `rows:` or a `Section`.
        if word(start, end, is: "Row") { return true }
      case 4:
        // `X.self` (whose plain `Cell.self` the caller spells rather than keep the body), but not the key path
        // `\.self` (`ForEach(items, id: \.self)`), which gives no fact.
        if afterDot, word(start, end, is: "self"),
          !(start >= 2 && bytes[start - 1] == UInt8(ascii: ".") && bytes[start - 2] == UInt8(ascii: "\\"))
        {
          return true
        }
        if word(start, end, is: "func") || word(start, end, is: "enum") { return true }
        // `rows:`, a label: the table readers take rows only so (`Section(header:rows:)`, `add(rows:in:)`).
        if word(start, end, is: "rows"), isLabel(end) { return true }
      case 5:
        if word(start, end, is: "class") || word(start, end, is: "actor") || word(start, end, is: "macro")
          || word(start, end, is: "UINib")
        {
          return true
        }
      case 6:
        if word(start, end, is: "struct") || word(start, end, is: "import") { return true }
      case 7:
        if word(start, end, is: "perform") { return true }
        if word(start, end, is: "nibName"), !isNilNibName(start, end) { return true }
      case 8:
        if word(start, end, is: "protocol") || word(start, end, is: "selector") || word(start, end, is: "Selector") {
          return true
        }
      case 9:
        if word(start, end, is: "extension") || word(start, end, is: "typealias") { return true }
      case 12:
        // `UIStoryboard(name: "Main", bundle: nil)`: the storyboards the code loads (`loadedStoryboards`).
        if word(start, end, is: "loadNibNamed") || word(start, end, is: "UIStoryboard")
          || word(start, end, is: "NSStoryboard")
        {
          return true
        }
      case 20:
        if word(start, end, is: "NSSelectorFromString") { return true }
      default:
        break
      }
      guard length >= 3 else { return false }
      // `Section(…)`, `SettingsSection(items:)`: a call (or what the scan cannot tell from one), not a variable
      // (`initialSection`) or SwiftUI's `Section { … }`, which has no argument a table reader takes.
      if isSectionCall(start, end) { return true }
      // A callee named `register…` may register cells (`CallRecognizer.looksLikeCellRegistration`).
      if length >= 8, matchesLowerCased(start, end, "register"), mayRegisterCells(start, end) { return true }
      // `dequeue…` and helpers that dequeue (`dequeueCell(ofType:)`), compared lower-cased. A selector gives a fact
      // only through `#selector`, `Selector` and `NSSelectorFromString` (`SelectorRecognizer`, target–actions
      // included: `addTarget`, `target:` and `addObserver` set one up only with one of those). A nib gives a fact only
      // through `UINib`, `loadNibNamed` and `nibName` (`CallRecognizer`): `super.awakeFromNib()` and a
      // `loadFromNib()` helper keep no body (a nib passed to a registration is kept by the `register…` word).
      return containsLowerCased(start, end, "dequeue")
    }

    /// Whether the `register…` word from `start` to `end` may be a call `CallRecognizer.looksLikeCellRegistration`
    /// takes: its name holds one of the recogniser's hints, or its receiver is not a plain chain of names free of
    /// `table` and `collection`, or arguments may follow it. Not `self.registerThemeServiceDidChangeThemeNotification()`
    /// (element-ios calls one in the `viewDidLoad` of 60 view controllers), `registerForNotifications()`, or a
    /// `registerButton` that is not called. Anything the scan cannot follow byte by byte (blanks before the dot, a
    /// receiver ending in a bracket, a comment, `?` or `<` after the name) keeps the body.
    func mayRegisterCells(_ start: Int, _ end: Int) -> Bool {
      for hint in CallRecognizer.registrationHints where containsLowerCased(start, end, hint) { return true }
      if start > 0, bytes[start - 1] == UInt8(ascii: ".") {
        // The receiver as `member.base?.trimmedText` spells it, when it is names, dots, `?` and `!` only; none for an
        // implicit member (`case .register:`, `startFlow(.register, …)`).
        var receiverStart = start - 1
        while receiverStart > 0 {
          let byte = bytes[receiverStart - 1]
          guard Self.isIdentifierByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "?")
            || byte == UInt8(ascii: "!")
          else { break }
          receiverStart -= 1
        }
        if receiverStart == start - 1 {
          guard isImplicitMember(dot: start - 1) else { return true }
        } else if receiverStart > 0, !Self.startsExpression(after: bytes[receiverStart - 1]) {
          return true
        }
        let receiverEnd = start - 1
        if containsLowerCased(receiverStart, receiverEnd, "table")
          || containsLowerCased(receiverStart, receiverEnd, "collection")
        {
          return true
        }
      } else if start > 0, !Self.startsExpression(after: bytes[start - 1]) {
        return true
      }
      let offset = blanksEnd(from: end)
      guard offset < bytes.count else { return false }
      switch bytes[offset] {
      case UInt8(ascii: "("):
        return argumentsMayRegisterCells(from: offset)
      case UInt8(ascii: "{"), UInt8(ascii: "."), UInt8(ascii: "="), UInt8(ascii: ","), UInt8(ascii: ")"),
        UInt8(ascii: "]"), UInt8(ascii: ";"), UInt8(ascii: "}"), UInt8(ascii: ":"), UInt8(ascii: "\n"),
        UInt8(ascii: "\r"):
        // No argument list: a trailing closure is not among a call's arguments, and anything else is no call.
        return false
      default:
        return true
      }
    }

    /// Whether the argument list opening at `open` may make `looksLikeCellRegistration` take its call: an argument's
    /// label or text holds a hint or ends in `.self`. Read as bytes up to the matching `)`, a superset of each label
    /// and text: a string, a comment, a closure, a line break or a `#` or `\` expression in it keeps the body unread.
    func argumentsMayRegisterCells(from open: Int) -> Bool {
      var depth = 0
      var offset = open
      while offset < bytes.count {
        switch bytes[offset] {
        case UInt8(ascii: "("), UInt8(ascii: "["):
          depth += 1
        case UInt8(ascii: ")"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 {
            return CallRecognizer.registrationHints.contains { containsLowerCased(open, offset, $0) }
              || containsLowerCased(open, offset, ".self")
          }
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "/"), UInt8(ascii: "{"), UInt8(ascii: "}"),
          UInt8(ascii: "#"), UInt8(ascii: "\\"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
          return true
        default:
          break
        }
        offset += 1
      }
      return true
    }

    /// Whether the `.` at `dot`, with nothing but blanks right before it, starts an implicit member expression: after
    /// an opening bracket, a separator, an assignment or comparison, or a keyword that an expression follows. A name
    /// or a bracket before it (line breaks between) may be the receiver of a member chain, which is not one.
    func isImplicitMember(dot: Int) -> Bool {
      var end = dot
      while end > 0, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t")
        || bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r")
      {
        end -= 1
      }
      guard end > 0 else { return true }
      let byte = bytes[end - 1]
      if Self.startsExpression(after: byte) { return true }
      guard Self.isIdentifierByte(byte) else { return false }
      var start = end
      while start > 0, Self.isIdentifierByte(bytes[start - 1]) { start -= 1 }
      if start > 0, bytes[start - 1] == UInt8(ascii: ".") { return false }
      let keywords: [StaticString] = ["case", "return", "in", "else", "where", "throw", "try", "await", "if", "guard"]
      return keywords.contains { word(start, end, is: $0) }
    }

    /// The first byte from `offset` on that is not a space or a tab; `nil` at the end.
    @inline(__always) func nextByte(after offset: Int) -> UInt8? {
      let offset = blanksEnd(from: offset)
      return offset < bytes.count ? bytes[offset] : nil
    }

    /// Where the spaces and tabs from `offset` end (the same line: a line break is not skipped).
    @inline(__always) func blanksEnd(from offset: Int) -> Int {
      var offset = offset
      while offset < bytes.count, bytes[offset] == UInt8(ascii: " ") || bytes[offset] == UInt8(ascii: "\t") {
        offset += 1
      }
      return offset
    }

    /// Whether a name right after `byte` starts an expression of its own (no receiver): after a blank or an
    /// opening bracket, a separator or an assignment.
    static func startsExpression(after byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "("),
        UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
        UInt8(ascii: ":"):
        return true
      default:
        return false
      }
    }

    /// Whether the bytes from `start` to `end`, lower-cased, hold `fragment` (lower-case).
    @inline(__always) func containsLowerCased(_ start: Int, _ end: Int, _ fragment: StaticString) -> Bool {
      let count = fragment.utf8CodeUnitCount
      guard end - start >= count else { return false }
      // Compared only where a byte is the fragment's first (every word of every body comes here for `dequeue`).
      let first = fragment.utf8Start[0]
      var offset = start
      while offset + count <= end {
        if Self.lowered(bytes[offset]) == first, matchesLowerCased(offset, end, fragment) { return true }
        offset += 1
      }
      return false
    }

    /// `nibName: nil` (`super.init(nibName: nil, bundle: nil)`): a nib reference without a name, which
    /// `CallRecognizer` does not record; a nib loaded any other way has another word (`UINib`, `loadNibNamed`).
    func isNilNibName(_ start: Int, _ end: Int) -> Bool {
      guard word(start, end, is: "nibName") else { return false }
      var offset = end
      func skipBlanks() {
        while offset < bytes.count, bytes[offset] == UInt8(ascii: " ") || bytes[offset] == UInt8(ascii: "\t") {
          offset += 1
        }
      }
      skipBlanks()
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { return false }
      offset += 1
      skipBlanks()
      guard offset + 3 <= bytes.count, word(offset, offset + 3, is: "nil") else { return false }
      return offset + 3 == bytes.count || !Self.isIdentifierByte(bytes[offset + 3])
    }

    /// Whether the bytes at `offset` (before `end`), lower-cased, spell `fragment` (lower-case).
    @inline(__always) func matchesLowerCased(_ offset: Int, _ end: Int, _ fragment: StaticString) -> Bool {
      let count = fragment.utf8CodeUnitCount
      guard offset + count <= end else { return false }
      let text = fragment.utf8Start
      for step in 0..<count where Self.lowered(bytes[offset + step]) != text[step] { return false }
      return true
    }

    /// Whether the word holds `tableview` or `numberofsections` (compared lower-cased), which keep a declaration's
    /// body when its name or signature holds one: `TableMethodReader` reads the data-source methods `tableView(…)`
    /// and `numberOfSections(in:)` by their names. Every other fact a body gives comes from a word of the body itself
    /// (`keepsBody`), so a signature that speaks of cells, rows or actions does not keep a body that holds none of
    /// those words (`configure(cell:)`). Every name of every declaration comes here: a fragment is compared only
    /// where a byte is its first.
    @inline(__always) func hintsAtTables(_ start: Int, _ end: Int) -> Bool {
      for offset in start..<end {
        switch Self.lowered(bytes[offset]) {
        case UInt8(ascii: "t"): if matchesLowerCased(offset, end, "tableview") { return true }
        case UInt8(ascii: "n"): if matchesLowerCased(offset, end, "numberofsections") { return true }
        default: continue
        }
      }
      return false
    }
  }

}
