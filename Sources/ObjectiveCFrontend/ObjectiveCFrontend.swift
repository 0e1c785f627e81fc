import TablelintModel

/// Reads Objective-C headers and implementation files (`.h`, `.m`, `.mm`) into `ObjectiveCFileFacts`.
///
/// A scanner, not a parser: a tokenizer drops comments and preprocessor lines (keeping `#define NAME @"…"`) and
/// makes each literal one token; a declaration scanner reads `@interface` / `@implementation` blocks (classes, class
/// extensions, categories) for their superclass, protocols, instance variables, `@property` names (outlet,
/// read-only) and method selectors; a body reader (`ObjectiveCBodyReader`) reads message sends in method bodies for
/// registrations, dequeues, nib loads, constants, selectors and target–action. Every pass is linear in the file
/// size.
///
/// **Architecture Invariant:** no IO and no Clang; unknown constructs are skipped, never reported, so the facts
/// may miss declarations hidden behind macros but never invent one from a comment or a string.
public enum ObjectiveCFrontend {
  /// The message of the one problem reported for a file with a NUL byte (binary data, or UTF-16 text).
  public static let nulByteMessage = "not a UTF-8 text file: it contains a NUL byte"

  /// The facts of one Objective-C file. Never throws or crashes; input with a NUL byte gives `.unreadable` with one
  /// `FileProblem` at the first.
  ///
  /// Bytes that are not UTF-8 are read as they are: Clang compiles them in comments and string literals (vendored
  /// C headers in Latin-1: Provenance's emulator cores hold 45), so they are no reason to report the file. A string
  /// literal holding one gives no value (`stringLiteralValue`): what it spells at run time depends on the encoding
  /// Xcode reads the file in.
  ///
  /// `skippingQuietBodies`: method bodies nothing in them gives a fact from are not tokenized (`QuietBodies`); the
  /// facts are the same either way (`tablelint-bench --verify-body-skipping` checks it on real apps).
  public static func parse(path: String, bytes: [UInt8], skippingQuietBodies: Bool = true) -> FileFacts {
    let lines = LineTable(bytes)
    if let nulOffset = bytes.firstIndex(of: 0) {
      let location = SourceLocation(file: path, range: SourceRange(at: lines.position(ofOffset: nulOffset)))
      return FileFacts(
        path: path, content: .unreadable, problems: [FileProblem(location: location, message: nulByteMessage)],
        lineCount: lines.lineBreaks
      )
    }
    let (tokens, defines, skippedLiterals) = ObjectiveCTokenizer.tokenizeSkippingQuietBodies(
      bytes, skippingQuietBodies: skippingQuietBodies
    )
    let locator = TokenLocator(path: path, lines: lines)
    var facts = ObjectiveCFileFacts()
    (facts.classes, facts.protocolSelectors) = ObjectiveCDeclarationScanner.declarations(in: tokens, locator: locator)
    let dequeueLiterals = ObjectiveCBodyReader.read(
      tokens: tokens, defines: defines, bytes: bytes, locator: locator, into: &facts
    )
    // A literal written only as a dequeue's identifier is no evidence that something registers it (as in Swift).
    for (position, token) in tokens.enumerated() where token.kind == .literal && !dequeueLiterals.contains(position) {
      if let value = stringLiteralValue(bytes[token.start..<token.end]) { facts.spelledStrings.insert(value) }
    }
    // The literals of the method bodies the tokenizer stepped over: none is a dequeue's.
    for literal in skippedLiterals {
      if let value = stringLiteralValue(bytes[literal]) { facts.spelledStrings.insert(value) }
    }
    for define in defines {
      if let value = stringLiteralValue(bytes[define.valueStart..<define.valueEnd]) { facts.spelledStrings.insert(value) }
    }
    return FileFacts(path: path, content: .objectiveC(facts), lineCount: lines.lineBreaks)
  }

  /// The contents of `@"…"` or `"…"` without escapes; `nil` for other literals, escaped contents or contents that
  /// are not UTF-8.
  static func stringLiteralValue(_ bytes: ArraySlice<UInt8>) -> String? {
    var body = bytes
    if body.first == UInt8(ascii: "@") { body = body.dropFirst() }
    guard body.count >= 2, body.first == UInt8(ascii: "\""), body.last == UInt8(ascii: "\"") else { return nil }
    let inner = body.dropFirst().dropLast()
    guard !inner.contains(UInt8(ascii: "\\")), UTF8Validation.firstInvalidOffset(in: inner) == nil else { return nil }
    return String(decoding: inner, as: UTF8.self)
  }
}
