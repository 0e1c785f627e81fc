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
  /// Method bodies nothing in them gives a fact from are stepped over (`QuietBodies`).
  private var quiet: QuietBodies?

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

  /// What `ObjectiveCFrontend` reads: the tokens and defines, but (with `skippingQuietBodies`) of each method body in
  /// an `@implementation` that nothing in gives a fact (`QuietBodies`) only its braces; the literals written between
  /// them are in `skippedLiterals` (their values are spelled strings).
  static func tokenizeSkippingQuietBodies(_ bytes: [UInt8], skippingQuietBodies: Bool = true) -> (
    tokens: [ObjectiveCToken], defines: [ObjectiveCDefine], skippedLiterals: [Range<Int>]
  ) {
    var tokenizer = ObjectiveCTokenizer(bytes: bytes)
    if skippingQuietBodies { tokenizer.quiet = QuietBodies() }
    tokenizer.run()
    return (tokenizer.tokens, tokenizer.defines, tokenizer.quiet?.skippedLiterals ?? [])
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
    // About one token for every ten bytes of real source: reserved once rather than grown a dozen times.
    tokens.reserveCapacity(bytes.count / 8)
  }

  private mutating func run() {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // UTF-8 byte order mark
    while index < bytes.count { step() }
  }

  /// One token, or what comes between tokens (a line break, blanks, a comment, a directive).
  private mutating func step() {
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
    let end = identifierEnd(from: start)
    index = end
    let next = peek(0)
    if next == ASCII.doubleQuote, isWord(start, end, among: ["R", "LR", "uR", "UR", "u8R"]), skipRawString() {
      append(.literal, from: start)
    } else if next == ASCII.doubleQuote || next == ASCII.singleQuote, isWord(start, end, among: ["L", "u", "U", "u8"]) {
      skipQuoted()
      append(.literal, from: start)
    } else if quiet?.isProbing == true {
      // The probe of a body reads the word's bytes: no string is made.
      append(.identifier, from: start)
    } else {
      append(.identifier, from: start, text: String(decoding: bytes[start..<end], as: UTF8.self))
    }
  }

  /// Whether the bytes from `start` to `end` spell one of `words`.
  private func isWord(_ start: Int, _ end: Int, among words: [StaticString]) -> Bool {
    words.contains { spells(bytes[start..<end], $0) }
  }

  private mutating func scanIdentifierText() -> String {
    let start = index
    index = identifierEnd(from: start)
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// Just past the identifier bytes from `start`.
  private func identifierEnd(from start: Int) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      var end = start
      while end < buffer.count, ASCII.isIdentifierContinue(buffer[end]) { end += 1 }
      return end
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
    guard quiet != nil else {
      tokens.append(ObjectiveCToken(kind: kind, text: text, byte: byte, start: start, end: index))
      return
    }
    if quiet!.isProbing {
      probe(kind, from: start, byte: byte)
      return
    }
    let opensMethodBody = quiet!.note(kind, text: text, byte: byte, start: start, in: bytes)
    tokens.append(ObjectiveCToken(kind: kind, text: text, byte: byte, start: start, end: index))
    if opensMethodBody { stepOverBodyIfQuiet() }
  }

  // MARK: - Quiet method bodies

  /// Just after a method body's `{`: reads on to its `}` without making tokens, and keeps going from there when nothing
  /// in between gives a fact (then the `}` is the next token); otherwise comes back to the `{` and tokenizes the body.
  /// The read is this tokenizer's own (comments, literals, directives and `#if` branches as it reads them), so a
  /// body stepped over ends where its tokens would have ended it.
  private mutating func stepOverBodyIfQuiet() {
    let saved = (index: index, atLineStart: atLineStart, conditionals: conditionals, defines: defines.count)
    quiet!.startProbe()
    while quiet!.isProbing, index < bytes.count {
      if quiet!.hasProbedFirstToken { skipPlainCode() }
      if quiet!.isProbing, index < bytes.count { step() }
    }
    if let close = quiet!.finishProbe() {
      // The probe stopped just past the `}`, which becomes the next token. What the body's directives did stays
      // done, as tokenizing it would have done it.
      append(.punctuation, from: close, byte: UInt8(ascii: "}"))
    } else {
      (index, atLineStart, conditionals) = (saved.index, saved.atLineStart, saved.conditionals)
      defines.removeLast(defines.count - saved.defines)
    }
  }

  /// While a body is probed past its first token: blanks, line breaks, plain identifiers (checked for the words that
  /// keep a body) and one-byte operators, read in one loop. Whatever else comes (a bracket, a literal, a comment, a
  /// directive, `@`, a number, `.`, a prefixed literal, a backslash) is left to `step`, which reads it as the
  /// tokenizer always does.
  private mutating func skipPlainCode() {
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case ASCII.space, ASCII.tab, ASCII.formFeed, ASCII.verticalTab:
        index += 1
      case ASCII.newline, ASCII.carriageReturn:
        index += 1
        atLineStart = true
      case UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "*"), UInt8(ascii: "&"), UInt8(ascii: "="),
        UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "!"),
        UInt8(ascii: "?"), UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "%"):
        guard !conditionals.isSkipping else { return }
        atLineStart = false
        index += 1
      default:
        guard ASCII.isIdentifierStart(byte), !conditionals.isSkipping else { return }
        let start = index
        let end = identifierEnd(from: start)
        // `L"…"`, `u8'x'`, `R"(…)"`: a literal, which `step` reads.
        if end < bytes.count, bytes[end] == ASCII.doubleQuote || bytes[end] == ASCII.singleQuote, end - start <= 3 {
          return
        }
        index = end
        atLineStart = false
        quiet!.probeWord(start..<end, in: bytes)
        if !quiet!.isProbing { return }
      }
    }
  }

  /// One token of a body being probed.
  private mutating func probe(_ kind: ObjectiveCToken.Kind, from start: Int, byte: UInt8) {
    switch kind {
    case .punctuation:
      quiet!.probePunctuation(byte, at: start)
    case .identifier:
      quiet!.probeWord(start..<index, in: bytes)
    case .atKeyword:
      quiet!.probeAtKeyword((start + 1)..<index, in: bytes)
    case .literal:
      quiet!.probeLiteral(start..<index)
    }
  }
}

/// Which method bodies `ObjectiveCTokenizer.tokenizeSkippingQuietBodies` steps over, and what it learnt doing so.
///
/// A method body in an `@implementation` (a `{` after a `-` or `+` at its top level) is quiet when none of its tokens
/// is a word `ObjectiveCBodyReader` reads a fact from: no identifier holding `selector` (`@selector`,
/// `NSSelectorFromString`, `performSelector:`; a target–action is recorded only with one), `register`, `dequeue`,
/// `nib` (`UINib`, `initWithNibName:`, `loadNibNamed:`) or `storyboard` (`storyboardWithName:`), compared without
/// case; no at-keyword but those of statements (`@try`, `@autoreleasepool`, boxed `@YES` …); its first token is not
/// `return` (a one-statement method may be a constant); and its method's declaration does not name a table view or
/// sections (the data-source methods `ObjectiveCDataSourceReader` reads). What a quiet body still gives, its literals' values (spelled strings), are
/// kept as `skippedLiterals`. A body that does not close before the file ends is tokenized.
struct QuietBodies {
  private(set) var skippedLiterals: [Range<Int>] = []
  private(set) var isProbing = false
  // Where the tokens so far are.
  private var inImplementation = false
  /// How far an `@implementation`'s header has gone: after the class name, or after its category's `)`, a method
  /// starts (as `ObjectiveCBodyReader` reads it); any other token ends the header.
  private enum Header { case none, started, named, inCategory, categoryNamed, closed }
  private var header = Header.none
  /// The brackets open before the next token as `BracketMatches` pairs them: a `)` or `]` closes only the innermost
  /// bracket it matches, a `}` closes back to its `{`, and `@end`, `@interface`, `@implementation` and `@protocol Name`
  /// close everything. A body is stepped over only when nothing is open around it: then no message send, group or
  /// block outside spans its tokens.
  private var open: [UInt8] = []
  /// `@protocol` was the last token: it closes everything unless `(` follows (`@protocol(P)`, an expression).
  private var protocolPending = false
  /// The previous token left every reader at the top level of the block: a `;`, or a `}` that closed a `{`, with
  /// nothing open. Only after one (or the block's header) does a `-` or `+` start a method whose body may be stepped
  /// over: after anything else (a stray `}`, an `@synthesize` without `;`) a reader may still be reading on.
  private var settled = false
  /// The offset of the `-` or `+` of the method being declared at the top level of an `@implementation`.
  private var methodStart: Int?
  /// A `)` or `]` in the method's declaration closed nothing.
  private var strayCloser = false
  // The body being probed.
  /// The brackets open in the body, innermost last: a body is stepped over only when they nest and close.
  private var probeBrackets: [UInt8] = []
  /// The body's first token has been read (only it is compared with `return`).
  private(set) var hasProbedFirstToken = false
  private var probeLiterals: [Range<Int>] = []
  private var probeClose: Int?
  private var probeKeeps = false

  /// Notes a token appended; returns whether it is the `{` of a method body.
  mutating func note(
    _ kind: ObjectiveCToken.Kind, text: String, byte: UInt8, start: Int, in bytes: [UInt8]
  ) -> Bool {
    let headerBefore = header
    header = Self.header(after: headerBefore, kind, byte)
    if protocolPending {
      protocolPending = false
      if !(kind == .punctuation && byte == UInt8(ascii: "(")) { open.removeAll() }
    }
    var settles = false
    defer { settled = settles }
    switch kind {
    case .atKeyword:
      switch text {
      case "implementation":
        open.removeAll()
        inImplementation = true
        header = .started
        methodStart = nil
      case "end", "interface", "protocol":
        if text == "protocol" { protocolPending = true } else { open.removeAll() }
        inImplementation = false
        methodStart = nil
      default:
        break
      }
    case .punctuation:
      switch byte {
      case UInt8(ascii: "{"):
        let opensBody = open.isEmpty && inImplementation && !strayCloser
          && methodStart.map { !Self.namesTables(bytes[$0..<start]) } == true
        open.append(byte)
        methodStart = nil
        return opensBody
      case UInt8(ascii: "}"):
        if let brace = open.lastIndex(of: UInt8(ascii: "{")) {
          open.removeSubrange(brace...)
          settles = open.isEmpty
        }
        methodStart = nil
      case UInt8(ascii: "("), UInt8(ascii: "["):
        open.append(byte)
      case UInt8(ascii: ")"), UInt8(ascii: "]"):
        if open.last == (byte == UInt8(ascii: ")") ? UInt8(ascii: "(") : UInt8(ascii: "[")) {
          open.removeLast()
        } else {
          strayCloser = true
        }
      case UInt8(ascii: ";"):
        settles = open.isEmpty
        if open.isEmpty { methodStart = nil }
      case UInt8(ascii: "-"), UInt8(ascii: "+"):
        guard open.isEmpty, inImplementation else { break }
        if settled || headerBefore == .named || headerBefore == .closed {
          methodStart = start
          strayCloser = false
        }
      default:
        break
      }
    default:
      break
    }
    return false
  }

  /// `@implementation Name` or `@implementation Name (Category)`, one token at a time.
  private static func header(after state: Header, _ kind: ObjectiveCToken.Kind, _ byte: UInt8) -> Header {
    switch (state, kind) {
    case (.started, .identifier): return .named
    case (.named, .punctuation) where byte == UInt8(ascii: "("): return .inCategory
    case (.inCategory, .identifier): return .categoryNamed
    case (.inCategory, .punctuation), (.categoryNamed, .punctuation):
      return byte == UInt8(ascii: ")") ? .closed : .none
    default: return .none
    }
  }

  /// The declaration names a table view or sections (`tableView:numberOfRowsInSection:`, `numberOfSectionsInTableView:`).
  private static func namesTables(_ declaration: ArraySlice<UInt8>) -> Bool {
    contains(declaration, "tableview") || contains(declaration, "numberofsections")
  }

  mutating func startProbe() {
    isProbing = true
    probeBrackets.removeAll(keepingCapacity: true)
    hasProbedFirstToken = false
    probeLiterals.removeAll(keepingCapacity: true)
    probeClose = nil
    probeKeeps = false
  }

  /// The offset of the body's `}` when it is quiet; `nil` when it is to be tokenized.
  mutating func finishProbe() -> Int? {
    isProbing = false
    guard let close = probeClose, !probeKeeps else { return nil }
    skippedLiterals += probeLiterals
    return close
  }

  private mutating func keep() {
    probeKeeps = true
    isProbing = false
  }

  mutating func probePunctuation(_ byte: UInt8, at start: Int) {
    hasProbedFirstToken = true
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["):
      probeBrackets.append(byte)
    case UInt8(ascii: ")"), UInt8(ascii: "]"):
      // A closer that closes nothing open in the body (or closes across another bracket): the token stream's bracket
      // pairs would change without the body's tokens.
      guard probeBrackets.last == (byte == UInt8(ascii: ")") ? UInt8(ascii: "(") : UInt8(ascii: "[")) else { return keep() }
      probeBrackets.removeLast()
    case UInt8(ascii: "}"):
      if probeBrackets.isEmpty {
        probeClose = start
        isProbing = false
      } else if probeBrackets.last == UInt8(ascii: "{") {
        probeBrackets.removeLast()
      } else {
        keep()
      }
    default:
      break
    }
  }

  mutating func probeWord(_ word: Range<Int>, in bytes: [UInt8]) {
    let text = bytes[word]
    defer { hasProbedFirstToken = true }
    if !hasProbedFirstToken, spells(text, "return") { return keep() }
    if word.count >= 3, Self.holdsFactWord(text) { keep() }
  }

  /// Whether a word holds `selector`, `storyboard`, `register`, `dequeue` or `nib` in any case: one pass, each
  /// candidate start told by its first letter.
  private static func holdsFactWord(_ text: ArraySlice<UInt8>) -> Bool {
    var start = text.startIndex
    while start <= text.endIndex - 3 {
      switch text[start] | 0x20 {
      case UInt8(ascii: "s"):
        if matches(text, at: start, "selector") || matches(text, at: start, "storyboard") { return true }
      case UInt8(ascii: "r"): if matches(text, at: start, "register") { return true }
      case UInt8(ascii: "d"): if matches(text, at: start, "dequeue") { return true }
      case UInt8(ascii: "n"): if matches(text, at: start, "nib") { return true }
      default: break
      }
      start += 1
    }
    return false
  }

  /// Whether `word` (lower-case ASCII) is written at `start` in any case.
  @inline(__always) private static func matches(_ text: ArraySlice<UInt8>, at start: Int, _ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard text.endIndex - start >= count else { return false }
    for offset in 1..<count where text[start + offset] | 0x20 != word.utf8Start[offset] { return false }
    return true
  }

  /// At-keywords of statements and expressions, which a quiet body may hold.
  private static let statementKeywords: [StaticString] = [
    "autoreleasepool", "try", "catch", "finally", "throw", "synchronized", "available", "YES", "NO", "encode",
  ]

  mutating func probeAtKeyword(_ word: Range<Int>, in bytes: [UInt8]) {
    hasProbedFirstToken = true
    if !Self.statementKeywords.contains(where: { spells(bytes[word], $0) }) { keep() }
  }

  mutating func probeLiteral(_ literal: Range<Int>) {
    hasProbedFirstToken = true
    probeLiterals.append(literal)
  }

  /// Whether `text` holds `word` (lower-case ASCII) in any case.
  private static func contains(_ text: ArraySlice<UInt8>, _ word: StaticString) -> Bool {
    text.indices.contains { text[$0] | 0x20 == word.utf8Start[0] && matches(text, at: $0, word) }
  }
}

/// Whether `text` is exactly `word`'s bytes.
private func spells(_ text: ArraySlice<UInt8>, _ word: StaticString) -> Bool {
  text.count == word.utf8CodeUnitCount && text.indices.allSatisfy { text[$0] == word.utf8Start[$0 - text.startIndex] }
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
