import SwiftParser
import SwiftSyntax
import TablelintModel

/// Reads one Swift file into `SwiftFileFacts`. Never throws: bad input gives `.unreadable` and one problem.
public enum SwiftFrontend {
  /// Files larger than this are not analysed (generated code of this size holds no table declarations worth the
  /// time, and it keeps memory bounded).
  public static let maximumFileSize = 32 * 1024 * 1024
  /// Files nesting brackets deeper than this are not parsed: swift-syntax's own limit, past which it stops
  /// parsing; some of its lookahead does not stop and overflows the stack (see `SwiftNestingScanner`).
  public static let maximumNesting = 256
  /// Files nesting `[` deeper than this are not parsed: swift-syntax's lookahead takes time exponential in it. The
  /// deepest of 9,000 Swift files of 16 real apps nests 7; at 16, `var a[[…` left open before a long operator cost
  /// 0.47 s a run (found by `scripts/fuzz.sh swift`), at 12 it costs 28 ms.
  public static let maximumSquareBracketNesting = 12
  /// Files nesting attribute argument lists (`@name(`) deeper than this are not parsed: swift-syntax's parser takes
  /// time and memory exponential in how many hold an unclosed closure with a binding (found by `scripts/fuzz.sh swift`:
  /// `@main(f {` and `var` on the next line, 22 times, 330 bytes, took 14 s and 6.6 GB; 18 times 1 s). Real code puts
  /// an attribute inside another's arguments rarely, and never this deep.
  public static let maximumAttributeArgumentNesting = 8

  /// With `skippingBodies`, bodies that can give no fact are not parsed (`BodySkipping`); the facts are the same.
  public static func parse(path: String, bytes: [UInt8], skippingBodies: Bool = true) -> FileFacts {
    let census = bytes.count > maximumFileSize ? nil : ByteCensus(bytes)
    if let unreadable = unreadable(path: path, bytes: bytes, census: census) { return unreadable }
    if skippingBodies, let skeleton = BodySkipping.skeleton(of: bytes, evenWithoutBodies: true) {
      switch reading(of: skeleton, path: path) {
      case .whole(let facts):
        // Declarations only, which the reader follows exactly: no tree at all.
        return FileFacts(path: path, content: .swift(facts), lineCount: census?.lineBreaks ?? 0)
      case .split(let split):
        // Declarations the reader reads, and a remainder for swift-syntax with the others.
        if let facts = splitFacts(of: split, skeleton: skeleton, path: path) { return facts }
      case nil:
        break
      }
      guard skeleton.skippedBodies > 0 else { return facts(of: bytes, path: path) }
      let tree = skeleton.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
      // A skeleton that does not parse cleanly may have been cut where the scan misread the file: read it whole.
      if !tree.hasError {
        return facts(
          of: tree, path: path, bytes: skeleton.bytes, skippedStrings: skeleton.spelledStrings,
          readsTableModel: skeleton.mayDeclareTables
        )
      }
    }
    return facts(of: bytes, path: path)
  }

  /// The facts of a whole parse of `bytes`.
  private static func facts(of bytes: [UInt8], path: String) -> FileFacts {
    let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    return facts(of: tree, path: path, bytes: bytes)
  }

  /// How many bodies `parse` skips in `bytes` and how many bytes they hold (for the benchmark); zero when it reads
  /// the file whole. `parsedTwice`: the skeleton had a syntax error, so `parse` parsed it and then the whole file.
  public static func skippedBodies(in bytes: [UInt8]) -> (bodies: Int, bytes: Int, parsedTwice: Bool) {
    guard isParseable(bytes), let skeleton = BodySkipping.skeleton(of: bytes) else { return (0, 0, false) }
    if skeleton.bytes.withUnsafeBufferPointer({ Parser.parse(source: $0) }).hasError { return (0, 0, true) }
    return (skeleton.skippedBodies, skeleton.skippedBytes, false)
  }

  /// How the reader reads a skeleton: whole, or split (always, when it has a table-model word but `enum`: the items
  /// holding one are left to swift-syntax); `nil` when the reader does not read it.
  static func reading(of skeleton: BodySkipping.Skeleton, path: String) -> DeclarationReader.Reading? {
    DeclarationReader.read(
      path: path, skeleton: skeleton.bytes, skippedStrings: skeleton.spelledStrings, keptBodies: skeleton.keptBodies,
      selectorBodies: skeleton.selectorBodies, tableWords: skeleton.tableWords
    )
  }

  /// The facts of a skeleton the reader split (`DeclarationReader.read`): its items read by the reader, the rest
  /// parsed; `nil` when the remainder has a syntax error or a fact that reads beyond its item.
  private static func splitFacts(
    of split: DeclarationReader.Split, skeleton: BodySkipping.Skeleton, path: String
  ) -> FileFacts? {
    let tree = split.remainder.withUnsafeBufferPointer { Parser.parse(source: $0) }
    guard !tree.hasError else { return nil }
    return facts(
      of: tree, path: path, bytes: split.remainder, itemCaches: nil, skippedStrings: skeleton.spelledStrings,
      readsTableModel: skeleton.mayDeclareTables, split: split
    )
  }

  /// Whether `parse` reads `bytes` without swift-syntax (`DeclarationReader`), for the benchmark.
  public static func readsDeclarationsOnly(_ bytes: [UInt8]) -> Bool {
    guard isParseable(bytes), let skeleton = BodySkipping.skeleton(of: bytes, evenWithoutBodies: true) else {
      return false
    }
    if case .whole = reading(of: skeleton, path: "") { return true }
    return false
  }

  /// How `parse` reads `bytes`, for the benchmark: `reader` (no tree), `split` (the reader's items and a parsed
  /// remainder; `split refused` when the remainder sent it back), `skeleton` (bodies skipped), `twice` (the skeleton
  /// had an error), or `whole` with why: the scan cannot follow the file, no body to skip, or where the declaration
  /// reader gave up.
  public static func route(of bytes: [UInt8]) -> String {
    guard isParseable(bytes) else { return "unreadable" }
    guard let skeleton = BodySkipping.skeleton(of: bytes, evenWithoutBodies: true) else { return "whole (scan)" }
    let reading = reading(of: skeleton, path: "")
    if case .whole = reading { return "reader" }
    let refusal = DeclarationReader.refusal(of: skeleton.bytes)
    let refused = (skeleton.mayDeclareTablesBeyondEnums ? "tables beyond enums; " : "") + (refusal ?? "would read")
    if case .split(let split) = reading {
      let blanked = zip(split.remainder, skeleton.bytes).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) }
      let outcome = splitFacts(of: split, skeleton: skeleton, path: "") != nil ? "split" : "split refused"
      return "\(outcome) (\(split.items.count) items read, \(blanked) bytes blanked; reader: \(refused))"
    }
    if skeleton.skippedBodies == 0 { return "whole (no body to skip; reader: \(refused))" }
    let parsedTwice = skeleton.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }.hasError
    return parsedTwice ? "twice (reader: \(refused))" : "skeleton (reader: \(refused))"
  }

  /// Whether the declaration reader, when it reads `bytes`, reads declarations swift-syntax parses without an error
  /// (for the fuzzer: the reader must never take a declaration-level syntax error for clean code; an error confined
  /// to a body or an initializer, which it checks without parsing, is the documented difference, as for a skipped
  /// body).
  /// A file the reader splits counts too: when swift-syntax accepts the remainder, the skeleton with the read items'
  /// checked code replaced by `0` (their declarations, and the items left to swift-syntax as they are) must hold no
  /// error either.
  public static func declarationReaderReadsOnlyCleanSkeletons(_ bytes: [UInt8]) -> Bool {
    guard isParseable(bytes), let skeleton = BodySkipping.skeleton(of: bytes, evenWithoutBodies: true) else {
      return true
    }
    if let declarations = DeclarationReader.declarations(of: skeleton.bytes),
      declarations.withUnsafeBufferPointer({ Parser.parse(source: $0) }).hasError
    {
      return false
    }
    guard case .split(let split) = reading(of: skeleton, path: ""),
      !split.remainder.withUnsafeBufferPointer({ Parser.parse(source: $0) }).hasError
    else {
      return true
    }
    let composed = DeclarationReader.zeroing(split.unparsed, in: skeleton.bytes)
    return !composed.withUnsafeBufferPointer { Parser.parse(source: $0) }.hasError
  }

  /// Whether the nesting scan, where it measures `bytes` itself rather than hand them to swift-syntax's lexer, finds
  /// `[` nested at least as deep as that lexer's tokens do (for the fuzzer: a scan that reads less code than the
  /// parser lets a file reach its exponential lookahead; `SwiftNestingScanner`). Text only, as `parse` scans.
  public static func nestingScanSeesEverySquareBracket(_ bytes: [UInt8]) -> Bool {
    guard unreadable(path: "", bytes: bytes, census: nil, checkingNesting: false) == nil else { return true }
    let scanned = SwiftNestingScanner.depth(of: bytes)
    return scanned.readByLexer || scanned.squareBrackets >= SwiftNestingScanner.lexedDepth(of: bytes).squareBrackets
  }

  /// Whether `bytes` may be given to swift-syntax's parser: not too large, text, not nested too deeply (what
  /// `parse` checks first). Features that parse a document themselves ask this first.
  public static func isParseable(_ bytes: [UInt8]) -> Bool {
    unreadable(path: "", bytes: bytes) == nil
  }

  /// What keeps `bytes` from being read as Swift at all (too large, a NUL byte, not UTF-8, nested too deeply for the
  /// parser), as the file's facts.
  static func unreadable(path: String, bytes: [UInt8]) -> FileFacts? {
    unreadable(path: path, bytes: bytes, census: nil)
  }

  /// The same, with the bytes' census when the caller took it already; without `checkingNesting`, only whether the
  /// bytes are text the parser may read.
  private static func unreadable(
    path: String, bytes: [UInt8], census: ByteCensus?, checkingNesting: Bool = true
  ) -> FileFacts? {
    let start = SourceLocation(file: path, range: SourceRange(at: SourcePosition(line: 1, column: 1, offset: 0)))
    if bytes.count > maximumFileSize {
      return FileFacts(
        path: path, content: .unreadable,
        problems: [FileProblem(location: start, message: "file is larger than 32 MiB; not analysed", isLimit: true)]
      )
    }
    let census = census ?? ByteCensus(bytes)
    if census.hasNul, let nul = bytes.firstIndex(of: 0) {
      let position = LineTable(bytes).position(ofOffset: nul)
      return FileFacts(
        path: path, content: .unreadable,
        problems: [
          FileProblem(
            location: SourceLocation(file: path, range: SourceRange(at: position)),
            message: "not a Swift source file: it contains a NUL byte"
          )
        ]
      )
    }
    guard !census.hasNonASCII || UTF8Validation.firstInvalidOffset(in: bytes[...]) == nil else {
      return FileFacts(
        path: path, content: .unreadable,
        problems: [FileProblem(location: start, message: "not a Swift source file: it is not valid UTF-8")]
      )
    }
    guard checkingNesting else { return nil }
    // Every level the scanner counts opens at one of these bytes: with few of them, no limit can be passed.
    if census.squareBrackets <= maximumSquareBracketNesting, census.openers <= maximumNesting,
      census.ats <= maximumAttributeArgumentNesting
    {
      return nil
    }
    let depth = SwiftNestingScanner.depth(
      of: bytes, maximumNesting: maximumNesting, maximumSquareBracketNesting: maximumSquareBracketNesting,
      maximumAttributeArgumentNesting: maximumAttributeArgumentNesting
    )
    if let offset = depth.firstTooDeepSquareBracket ?? depth.firstTooDeep ?? depth.firstTooDeepAttributeArguments {
      let message =
        depth.firstTooDeepSquareBracket != nil
        ? "'[' nested more than \(maximumSquareBracketNesting) levels deep; not analysed"
        : depth.firstTooDeep != nil
          ? "brackets nested more than \(maximumNesting) levels deep; not analysed"
          : "attribute arguments nested more than \(maximumAttributeArgumentNesting) levels deep; not analysed"
      return FileFacts(
        path: path, content: .unreadable,
        problems: [
          FileProblem(
            location: SourceLocation(file: path, range: SourceRange(at: LineTable(bytes).position(ofOffset: offset))),
            message: message, isLimit: true
          )
        ]
      )
    }
    return nil
  }

  /// The facts of a parsed file; `nil` only for a split's remainder whose facts would read beyond an item (`split`).
  /// With `itemCaches`, the facts of declarations whose nodes `previous` holds are taken from there, and those of
  /// this tree are recorded in `next` (`ItemFacts`).
  static func facts(
    of tree: SourceFileSyntax, path: String, bytes: [UInt8],
    itemCaches: (previous: ItemFactsCache?, next: ItemFactsCache)? = nil, skippedStrings: [String] = [],
    readsTableModel: Bool = true
  ) -> FileFacts {
    // Without a split nothing can send the walk back.
    facts(
      of: tree, path: path, bytes: bytes, itemCaches: itemCaches, skippedStrings: skippedStrings,
      readsTableModel: readsTableModel, split: nil
    )!
  }

  /// The same walk over a split's remainder, or any tree when `split` is `nil`.
  private static func facts(
    of tree: SourceFileSyntax, path: String, bytes: [UInt8],
    itemCaches: (previous: ItemFactsCache?, next: ItemFactsCache)?, skippedStrings: [String],
    readsTableModel: Bool, split: DeclarationReader.Split?
  ) -> FileFacts? {
    let lineTable = LineTable(bytes)
    let collector = FactCollector(path: path, lineTable: lineTable, itemCaches: itemCaches)
    // A split's remainder: the items the reader read are taken where the walk passes their places.
    if let split { collector.interleave(split.items) }
    collector.walk(tree)
    if split != nil {
      collector.takeInterleaved(before: .max)
      guard !collector.readsSurroundings else { return nil }
    }
    var facts = collector.facts
    facts.spelledStrings.formUnion(skippedStrings)
    facts.hasSyntaxErrors = tree.hasError
    if readsTableModel {
      facts.tableModel = TableModelCollector.collect(tree, path: path, lineTable: lineTable)
      // The enums the reader read, among those the walk found, in the order of the file.
      if let split, !split.enums.isEmpty {
        facts.tableModel.enums = (facts.tableModel.enums + split.enums).sorted {
          $0.location.range.start.offset < $1.location.range.start.offset
        }
      }
    }
    facts.suppressions = SuppressionScanner.scan(tree, path: path, lineTable: lineTable, bytes: bytes)
    // A skeleton keeps every line break of its file, so its table counts the file's lines.
    return FileFacts(path: path, content: .swift(facts), lineCount: lineTable.lineBreaks)
  }

  /// How long each phase of reading `bytes` takes (the median of `iterations` runs each), for the benchmark: a
  /// whole parse, an incremental parse after typing one character in the middle, and each walk over the tree.
  public static func profile(bytes: [UInt8], iterations: Int = 5) -> [(phase: String, duration: Duration)] {
    let clock = ContinuousClock()
    func median(_ body: () -> Void) -> Duration {
      (0..<max(1, iterations)).map { _ in clock.measure(body) }.sorted()[iterations / 2]
    }
    let path = "profiled.swift"
    let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    let lineTable = LineTable(bytes)
    let previous = bytes.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: nil) }
    var middle = bytes.count / 2
    while middle < bytes.count, bytes[middle] != UInt8(ascii: "\n") { middle += 1 }
    var edited = bytes
    edited.insert(UInt8(ascii: " "), at: min(middle, bytes.count))
    let edit = IncrementalSwiftParser.edit(from: bytes, to: edited)
    return [
      ("parse", median { _ = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) } }),
      ("incremental parse (one character typed)", median {
        let transition = IncrementalParseTransition(
          previousIncrementalParseResult: previous, edits: ConcurrentEdits(edit)
        )
        _ = edited.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: transition) }
      }),
      ("line table", median { _ = LineTable(bytes) }),
      ("facts (FactCollector)", median {
        let collector = FactCollector(path: path, lineTable: lineTable)
        collector.walk(tree)
      }),
      ("hasError", median { _ = tree.hasError }),
      ("table model (TableModelCollector)", median {
        _ = TableModelCollector.collect(tree, path: path, lineTable: lineTable)
      }),
      ("suppressions (SuppressionScanner)", median {
        _ = SuppressionScanner.scan(tree, path: path, lineTable: lineTable, bytes: bytes)
      }),
      ("all facts (SwiftFrontend.facts)", median { _ = facts(of: tree, path: path, bytes: bytes) }),
      ("edit: IncrementalSwiftParser.edit", median { _ = IncrementalSwiftParser.edit(from: bytes, to: edited) }),
      ("edit: all facts of an incrementally parsed tree", {
        let transition = IncrementalParseTransition(previousIncrementalParseResult: previous, edits: ConcurrentEdits(edit))
        let reparsed = edited.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: transition) }
        return median { _ = facts(of: reparsed.tree, path: path, bytes: edited) }
      }()),
      ("edit: incremental parse + all facts (IncrementalSwiftParser.parse)", {
        let parser = IncrementalSwiftParser()
        _ = parser.parse(path: path, bytes: bytes)
        var flip = false
        return median {
          flip.toggle()
          _ = parser.parse(path: path, bytes: flip ? edited : bytes)
        }
      }()),
    ]
  }

  /// Parses only, for the benchmark's baseline: the time a linter must spend at least.
  public static func parseOnly(bytes: [UInt8]) -> Int {
    let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    return tree.statements.count
  }
}

/// What one pass over a file's bytes tells before anything reads it as Swift: whether it has a NUL byte or any
/// non-ASCII byte (pure ASCII is valid UTF-8), and how many bytes can open a nesting level (`(`, `[`, `{`, `<`; `[`
/// alone too). Three of four files on element-ios have too few for `SwiftNestingScanner` to find anything.
struct ByteCensus {
  var hasNul = false
  var hasNonASCII = false
  var squareBrackets = 0
  var openers = 0
  /// `@` bytes: each attribute argument list opens after one.
  var ats = 0
  /// Line breaks (`LineTable.lineBreakCount`): the file's `FileFacts.lineCount`, counted in the same pass.
  var lineBreaks = 0

  init(_ bytes: [UInt8]) {
    var nul = 0
    var high: UInt64 = 0
    var square = 0
    var other = 0
    var atSigns = 0
    var newlines = 0
    // A `\r` (rare) makes the line breaks be counted again exactly (`\r\n` is one, a lone `\r` one): the loop stays
    // without branches.
    var returns: UInt64 = 0
    bytes.withUnsafeBytes { buffer in
      // Eight bytes at a time (`ByteWords`): this runs on every byte of every Swift file before anything else.
      var offset = 0
      while buffer.count - offset >= 8 {
        let word = ByteWords.word(buffer, at: offset)
        high |= word
        nul &+= ByteWords.marks(of: 0, in: word).nonzeroBitCount
        square &+= ByteWords.marks(of: UInt8(ascii: "["), in: word).nonzeroBitCount
        newlines &+= ByteWords.marks(of: UInt8(ascii: "\n"), in: word).nonzeroBitCount
        atSigns &+= ByteWords.marks(of: UInt8(ascii: "@"), in: word).nonzeroBitCount
        returns |= ByteWords.marks(of: UInt8(ascii: "\r"), in: word)
        other &+= (ByteWords.marks(of: UInt8(ascii: "("), in: word) | ByteWords.marks(of: UInt8(ascii: "{"), in: word)
          | ByteWords.marks(of: UInt8(ascii: "<"), in: word)).nonzeroBitCount
        offset += 8
      }
      while offset < buffer.count {
        let byte = buffer[offset]
        nul &+= byte == 0 ? 1 : 0
        high |= UInt64(byte)
        square &+= byte == UInt8(ascii: "[") ? 1 : 0
        newlines &+= byte == UInt8(ascii: "\n") ? 1 : 0
        atSigns &+= byte == UInt8(ascii: "@") ? 1 : 0
        returns |= byte == UInt8(ascii: "\r") ? 1 : 0
        other &+= byte == UInt8(ascii: "(") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "<") ? 1 : 0
        offset += 1
      }
    }
    hasNul = nul > 0
    hasNonASCII = high & 0x8080_8080_8080_8080 != 0
    squareBrackets = square
    openers = square + other
    ats = atSigns
    lineBreaks = returns == 0 ? newlines : LineTable.lineBreakCount(bytes)
  }
}
