import Foundation
import SwiftParser
@_spi(RawSyntax) import SwiftSyntax
import TablelintModel

/// Parses of the documents open in an editor, kept for their next edit: swift-syntax's incremental parser reuses
/// every node the edit did not touch (`IncrementalParseTransition`), so typing in a long controller re-parses a
/// statement, not the file. The facts are the same as `SwiftFrontend.parse` gives for the same bytes.
///
/// swift-syntax's incremental parser may recover from syntax errors differently from a whole parse (the fuzzer found
/// a top-level `let` lost). Text with errors is still parsed incrementally, for the keystroke's answer, but its parse
/// is *unsettled*: `settle(_:)` parses it whole when typing pauses, and the facts are then those `tablelint lint`
/// reads. Parsing every erroneous text whole at once cost up to 11 ms a keystroke in a 1,600-line file.
///
/// The edit is recovered from the two texts (common prefix and suffix): several edits coalesced into one analysis
/// become one replaced range, which is what the parser needs. A tree built incrementally keeps the arenas of the
/// nodes it reused alive, so after `reparseInterval` incremental parses a document is parsed whole again: memory
/// stays flat however long someone types.
public final class IncrementalSwiftParser: @unchecked Sendable {
  private let lock = NSLock()
  private var previous: [String: Parse] = [:]
  static let reparseInterval = 32
  /// Documents whose last parse is kept: the least recently parsed settled one is dropped past this (a tree is
  /// 10–20 times its text: an editor with a hundred edited tabs would otherwise keep a hundred trees).
  static let maximumDocuments = 12
  private var uses = 0

  private struct Parse {
    var bytes: [UInt8]
    var result: IncrementalParseResult
    /// Incremental parses since the last whole one.
    var generation: Int
    /// An incremental parse of text with errors: a whole parse may differ (`settle(_:)`).
    var unsettled: Bool
    /// The facts of the tree's declarations, for the next parse to take those of the nodes it reuses.
    var items: ItemFactsCache
    /// When it was stored (`uses`), to drop the least recently parsed document.
    var use = 0
  }

  /// Stores `parse` for `path` and drops the least recently parsed settled documents past `maximumDocuments`
  /// (an unsettled one is kept until `settle` parses it whole: its facts are not final). Call with the lock held.
  private func store(_ parse: Parse, for path: String) {
    var parse = parse
    uses += 1
    parse.use = uses
    previous[path] = parse
    while previous.count > Self.maximumDocuments,
      let oldest = previous.filter({ $0.key != path && !$0.value.unsettled }).min(by: { $0.value.use < $1.value.use })
    {
      previous[oldest.key] = nil
    }
  }

  public init() {}

  /// Whether swift-syntax 603's incremental parse of `new` may trap. After reusing a statement or member of the old
  /// tree, it resumes lexing at the item's end in the state its lexer was in at the item's first token
  /// (`LexemeSequence.advance(by:)`). When the new text's lexer reads that token inside a string or regex literal
  /// (a closing quote, the quote after a raw string's `#`, the `(` after an interpolation's `\`), that state expects
  /// a quote, `#` or `(` next, and a precondition traps. `scripts/fuzz.sh swift-incremental` found it twice:
  /// `"""\(e e"T" /TT` (a multi-line string) and a raw string's `""#"` after an edit. So an edit after which such a
  /// token starts an item of the old tree is parsed whole. The new text's tokens are swift-syntax's own lexer's
  /// (`Lexer.tokenize`); every token of a literal counts, opening quotes too, which errs toward a whole parse.
  static func mayTrapIncrementally(previous tree: SourceFileSyntax, edit: SourceEdit, new bytes: [UInt8]) -> Bool {
    let editStart = edit.range.lowerBound.utf8Offset
    let insertedEnd = editStart + edit.replacement.count
    let shift = edit.range.upperBound.utf8Offset - insertedEnd
    var mayTrap = false
    // In an ordinary file the first literal tokens are looked up in the tree one by one (a few look-ups cost less
    // than a walk); past those, or in a large file, the old tree's item starts are gathered in one walk: a look-up
    // walks a long member list from its start (a keystroke in element-ios's 440 KB `Strings.swift`, 2,435 members
    // and 5,000 string literals, took 400 ms with look-ups alone).
    var lookUps = bytes.count < 65_536 ? 0 : 32
    var itemStarts: Set<Int>?
    bytes.withUnsafeBufferPointer { buffer in
      var afterBackslash = false
      SwiftTokens.forEach(in: buffer) { kind, _, triviaStart in
        let inLiteral: Bool
        switch kind {
        case .stringQuote, .multilineStringQuote, .singleQuote, .stringSegment, .rawStringPoundDelimiter, .regexSlash,
          .regexLiteralPattern, .regexPoundDelimiter:
          inLiteral = true
        default:
          inLiteral = afterBackslash
        }
        afterBackslash = kind == .backslash
        // Where the token's leading trivia starts is where an item would be looked up, moved back to the old text.
        guard inLiteral, triviaStart < editStart || triviaStart >= insertedEnd else { return true }
        let offset = triviaStart < editStart ? triviaStart : triviaStart + shift
        if itemStarts == nil, lookUps < 32 {
          lookUps += 1
          mayTrap = startsItem(of: tree, at: offset)
        } else {
          if itemStarts == nil { itemStarts = ItemStartCollector.starts(of: tree) }
          mayTrap = itemStarts!.contains(offset)
        }
        return !mayTrap
      }
    }
    return mayTrap
  }

  /// Whether a statement or member of `tree` (what the incremental parser reuses) starts at `offset`: one look-up.
  static func startsItem(of tree: SourceFileSyntax, at offset: Int) -> Bool {
    guard offset < tree.totalLength.utf8Length,
      let token = tree.token(at: AbsolutePosition(utf8Offset: offset)), token.position.utf8Offset == offset
    else { return false }
    var node: Syntax? = Syntax(token)
    while let current = node, current.position.utf8Offset == offset {
      if current.is(CodeBlockItemSyntax.self) || current.is(MemberBlockItemSyntax.self),
        current.totalLength.utf8Length > 0
      {
        return true
      }
      node = current.parent
    }
    return false
  }

  /// Where the statements and members of a tree (what the incremental parser reuses) start, their leading trivia
  /// included; an empty one (a missing statement) starts nothing. `startsItem(of:at:)` for every offset at once.
  final class ItemStartCollector: SyntaxVisitor {
    var starts: Set<Int> = []

    static func starts(of tree: SourceFileSyntax) -> Set<Int> {
      let collector = ItemStartCollector(viewMode: .sourceAccurate)
      collector.walk(tree)
      return collector.starts
    }

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
      if node.totalLength.utf8Length > 0 { starts.insert(node.position.utf8Offset) }
      return .visitChildren
    }

    override func visit(_ node: MemberBlockItemSyntax) -> SyntaxVisitorContinueKind {
      if node.totalLength.utf8Length > 0 { starts.insert(node.position.utf8Offset) }
      return .visitChildren
    }
  }

  public func parse(path: String, bytes: [UInt8]) -> FileFacts {
    let stored = lock.withLock { previous[path] }
    let edit = stored.map { Self.edit(from: $0.bytes, to: bytes) }
    // The checks for unreadable text (NUL bytes, UTF-8, nesting) read the whole file; an edit that only typed or
    // deleted inert characters away from anything they look at cannot change their answer for a text they passed.
    if !(stored.map { Self.isInert(edit!, old: $0.bytes, new: bytes) } ?? false),
      let unreadable = SwiftFrontend.unreadable(path: path, bytes: bytes)
    {
      forget(path)
      return unreadable
    }
    let last = stored.flatMap {
      $0.generation < Self.reparseInterval
        && !Self.mayTrapIncrementally(previous: $0.result.tree, edit: edit!, new: bytes) ? $0 : nil
    }
    let transition = last.map { last in
      IncrementalParseTransition(previousIncrementalParseResult: last.result, edits: ConcurrentEdits(edit!))
    }
    let result = bytes.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: transition) }
    // Declarations the parser reused keep their facts. `last` (alive until the walk ends) holds the nodes the kept
    // facts are keyed by, so no node of the new tree can have the address of one of them.
    let items = ItemFactsCache()
    items.items.reserveCapacity(last?.items.items.count ?? 0)
    let facts = SwiftFrontend.facts(
      of: result.tree, path: path, bytes: bytes,
      itemCaches: (previous: transition == nil ? nil : last?.items, next: items)
    )
    let parse = Parse(
      bytes: bytes, result: result, generation: (last?.generation ?? 0) + 1,
      unsettled: transition != nil && result.tree.hasError, items: items
    )
    lock.withLock { store(parse, for: path) }
    return withExtendedLifetime(last) { facts }
  }

  /// The tree of the last parse of `path` when it parsed exactly `bytes`, for features that read a document's syntax
  /// around the cursor (completion, hover): they need not parse a long document again. An unsettled tree (text with
  /// errors, parsed incrementally) may recover differently from a whole parse in the broken region.
  public func tree(of path: String, ifBytesAre bytes: [UInt8]) -> SourceFileSyntax? {
    guard let last = lock.withLock({ previous[path] }), last.bytes == bytes else { return nil }
    return last.result.tree
  }

  /// How many declarations the last parse of `path` took the facts of from the parse before (`ItemFacts`).
  public func reusedDeclarations(_ path: String) -> Int {
    lock.withLock { previous[path]?.items.reusedCount ?? 0 }
  }

  /// Documents whose last parse is unsettled (incremental, of text with errors).
  public var unsettledPaths: [String] {
    lock.withLock { previous.filter(\.value.unsettled).keys.sorted() }
  }

  /// Parses the last text of `path` whole when its last parse is unsettled, and returns the facts of that parse (the
  /// facts `SwiftFrontend.parse` gives); `nil` when there is nothing to settle.
  public func settle(_ path: String) -> FileFacts? {
    guard let last = lock.withLock({ previous[path] }), last.unsettled else { return nil }
    let result = last.bytes.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: nil) }
    let items = ItemFactsCache()
    let facts = SwiftFrontend.facts(
      of: result.tree, path: path, bytes: last.bytes, itemCaches: (previous: nil, next: items)
    )
    lock.withLock {
      // Kept only if no newer text was parsed meanwhile.
      if previous[path]?.generation == last.generation, previous[path]?.bytes == last.bytes {
        store(Parse(bytes: last.bytes, result: result, generation: 1, unsettled: false, items: items), for: path)
      }
    }
    return facts
  }

  public func forget(_ path: String) {
    _ = lock.withLock { previous.removeValue(forKey: path) }
  }

  /// Whether replacing `edit`'s range of `old` (a text that passed `SwiftFrontend.unreadable`) made `new` without
  /// touching anything those checks look at: the removed and inserted bytes, and the byte on each side of the edit
  /// in both texts, are all inert ASCII (letters, digits, `_`, spaces and operators the nesting scanner ignores).
  /// Such an edit adds no NUL byte, keeps UTF-8 valid (it cannot split a multi-byte character) and leaves every
  /// bracket, quote, comment and escape the scanner sees, and its neighbours, as they were.
  static func isInert(_ edit: SourceEdit, old: [UInt8], new: [UInt8]) -> Bool {
    let start = edit.range.lowerBound.utf8Offset
    let removedEnd = edit.range.upperBound.utf8Offset
    let insertedEnd = start + edit.replacementBytes.count
    guard removedEnd - start <= 256, edit.replacementBytes.count <= 256 else { return false }
    func inert(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
      range.allSatisfy { index in index < 0 || index >= bytes.count || Self.inertBytes[Int(bytes[index])] }
    }
    return inert(old, (start - 1)..<(removedEnd + 1)) && inert(new, (start - 1)..<(insertedEnd + 1))
  }

  /// Bytes the nesting scanner never looks at or next to: not `#`, a backslash, `( ) [ ] { } ; < > / * " '`, no line
  /// break, no NUL, nothing outside ASCII.
  private static let inertBytes: [Bool] = (0..<256).map { value in
    let byte = UInt8(value)
    if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    {
      return true
    }
    return " \t_.,:=+-!?&|%^~@$".utf8.contains(byte)
  }

  /// The one range of `old` that `new` replaced: everything between their common prefix and common suffix.
  static func edit(from old: [UInt8], to new: [UInt8]) -> SourceEdit {
    var prefix = 0
    let shorter = min(old.count, new.count)
    while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
    return SourceEdit(
      range: AbsolutePosition(utf8Offset: prefix)..<AbsolutePosition(utf8Offset: old.count - suffix),
      replacement: Array(new[prefix..<(new.count - suffix)])
    )
  }
}
