import TablelintModel

/// The declaration reader's share of a file it cannot read whole: the declarations it reads, and a remainder for
/// swift-syntax with only the others.
///
/// A skeleton the reader refuses is mostly declarations it can read: a view controller whose `viewDidLoad` keeps its
/// body for a `#selector`, or whose one getter holds a closure, is otherwise properties and blanked methods. `read`
/// reads such a file item by item (a top-level declaration, or a member of a type): an item the reader refuses is
/// left in place, whole, from its attributes to the line before the next item; an item it reads becomes a blank in
/// the remainder (one block comment, line breaks kept, every byte where it was). A type with an item left in it
/// keeps its header and braces in the remainder and has its members split the same way. An enum is never split: its
/// case list is one fact, so an item refused inside an enum leaves the whole enum (the outermost enum around it) in
/// place.
///
/// swift-syntax then parses the remainder and `FactCollector` walks it, taking each item the reader read where the
/// walk passes its place (`FactCollector.interleave`), as it takes an item kept from the last parse of an edited
/// document: the same facts in the same order as a walk of the whole skeleton. Facts that read beyond their item
/// (`FactCollector.noteDependsOnSurroundings`) and a remainder with a syntax error send the file back to the whole
/// skeleton. Where the reader cannot tell exactly where a refused item ends (a `;` between declarations, a bracket
/// it cannot match, a statement at the top level), it does not split the file.
extension DeclarationReader {
  /// The reader's share of a file: its items' facts and what is left for swift-syntax.
  struct Split {
    /// The items read, in the order of the file.
    var items: [ItemFacts]
    /// The case lists of the enums among them, in the order of the file.
    var enums: [EnumCaseList]
    /// The skeleton with every item read blanked.
    var remainder: [UInt8]
    /// The code in the items read that the reader checked without parsing (`DeclarationReader.declarations(of:)`).
    var unparsed: [Range<Int>] = []
  }

  /// The reader cannot tell where an item it refused ends: the file is not split.
  struct CannotSplit: Error {}

  /// How the reader reads a skeleton: all of it, or split.
  enum Reading {
    /// Every item: the file's facts, with the spelled strings of the skeleton's skipped bodies.
    case whole(SwiftFileFacts)
    case split(Split)
  }

  /// `skeleton` read whole, or split between the reader and swift-syntax; `nil` when the reader reads none of it or
  /// cannot split it. One pass: an item refused is undone where it is met, so a file with none is read exactly as a
  /// plain read reads it. `keptBodies`: `BodySkipping.Skeleton.keptBodies`, stepped over unread but
  /// `selectorBodies` (`BodySkipping.Skeleton.selectorBodies`), which are read.
  ///
  /// `tableWords` (`BodySkipping.Skeleton.tableWords`): every item holding one is left to swift-syntax, whose walk
  /// reads the tables (`TableModelCollector`); a file with one is split or not read at all.
  static func read(
    path: String, skeleton: [UInt8], skippedStrings: [String], keptBodies: [Range<Int>] = [],
    selectorBodies: [Range<Int>] = [], tableWords: [Int] = []
  ) -> Reading? {
    guard !hasControlCharacter(skeleton) else { return nil }
    return skeleton.withUnsafeBufferPointer { buffer -> Reading? in
      var lexer = Lexer(bytes: buffer, opaque: keptBodies, readable: selectorBodies)
      guard let tokens = lexer.tokens() else { return nil }
      var reader = Reader(
        bytes: buffer, tokens: tokens, stringValues: lexer.stringValues, path: path, lineTable: LineTable(skeleton),
        scanner: lexer.scanner
      )
      reader.splitFrames = [SplitFrame()]
      reader.tableWords = tableWords
      guard (try? reader.readFile()) != nil, let file = reader.splitFrames.first else { return nil }
      guard file.isSplit else {
        // A table word outside every item (top-level code the reader read): the tables need the tree.
        guard tableWords.isEmpty else { return nil }
        var facts = reader.facts
        facts.spelledStrings = Set(reader.spelledLog)
        facts.spelledStrings.formUnion(skippedStrings)
        return .whole(facts)
      }
      guard !file.items.isEmpty else { return nil }
      var remainder = skeleton
      remainder.withUnsafeMutableBufferPointer { blanking in
        for item in file.items {
          for index in item.range where blanking[index] != UInt8(ascii: "\n") && blanking[index] != UInt8(ascii: "\r") {
            blanking[index] = UInt8(ascii: " ")
          }
          BodySkipping.commentOut(item.range, in: blanking)
        }
      }
      return .split(
        Split(
          items: file.items.map { reader.itemFacts($0) }, enums: reader.facts.tableModel.enums, remainder: remainder,
          unparsed: reader.unparsed
        )
      )
    }
  }

  /// One member list being split (or the file's items).
  struct SplitFrame {
    /// An item read: where its facts are in the reader's (made into `ItemFacts` only when the file is split).
    struct Item {
      /// From its first token's first byte to its last token's end.
      var range: Range<Int>
      var start: FactsMark
      var end: FactsMark
      /// The type it is a member of, and the members it added to it.
      var typeIndex: Int?
      var members: Range<Int>
      var spelled: Range<Int>
    }
    /// The items read whole so far, with those of the types split among them.
    var items: [Item] = []
    /// Whether an item of the list was left to swift-syntax.
    var isSplit = false
  }
}

extension DeclarationReader.Reader {
  /// Everything reading an item may change, to undo it when the item is refused.
  struct SplitMark {
    var facts: FactsMark
    var members: Int?
    var enums: Int
    var spelled: Int
    var unparsed: Int
    var typeStack: Int
    var genericStack: Int
    var conditionDepth: Int
    var frames: Int
    var items: Int
    var isSplit: Bool
  }

  func splitMark() -> SplitMark {
    let frame = splitFrames[splitFrames.count - 1]
    return SplitMark(
      facts: FactsMark(facts), members: typeStack.last.map { facts.types[$0.declarationIndex].members.count },
      enums: facts.tableModel.enums.count, spelled: spelledLog.count, unparsed: unparsed.count,
      typeStack: typeStack.count, genericStack: genericStack.count, conditionDepth: conditionDepth,
      frames: splitFrames.count, items: frame.items.count, isSplit: frame.isSplit
    )
  }

  mutating func restore(_ mark: SplitMark) {
    facts.truncate(to: mark.facts)
    facts.tableModel.enums.removeLast(facts.tableModel.enums.count - mark.enums)
    spelledLog.removeLast(spelledLog.count - mark.spelled)
    unparsed.removeLast(unparsed.count - mark.unparsed)
    typeStack.removeLast(typeStack.count - mark.typeStack)
    genericStack.removeLast(genericStack.count - mark.genericStack)
    if let members = mark.members, let context = typeStack.last {
      let count = facts.types[context.declarationIndex].members.count
      facts.types[context.declarationIndex].members.removeLast(count - members)
    }
    conditionDepth = mark.conditionDepth
    splitFrames.removeLast(splitFrames.count - mark.frames)
    let last = splitFrames.count - 1
    splitFrames[last].items.removeLast(splitFrames[last].items.count - mark.items)
    splitFrames[last].isSplit = mark.isSplit
  }

  /// Records a string spelled: in the facts, or while splitting in the log its item takes its share from.
  mutating func spell(_ string: String) {
    if splitFrames.isEmpty {
      facts.spelledStrings.insert(string)
    } else {
      spelledLog.append(string)
    }
  }

  /// One declaration of a member list or of the file. While splitting, outside enums, an item the reader refuses is
  /// undone and stepped over, left to swift-syntax; one it reads is recorded with its facts; a type split inside
  /// gives its members' items instead of itself.
  mutating func item() throws {
    guard !splitFrames.isEmpty, !typeStack.contains(where: { $0.kind == .enum }) else { return try declaration() }
    let first = position
    let mark = splitMark()
    do {
      try declaration()
    } catch is DeclarationReader.Bail {
      restore(mark)
      position = try endOfRefusedItem(from: first)
      splitFrames[splitFrames.count - 1].isSplit = true
      return
    }
    let last = mark.frames - 1
    if splitFrames.count > mark.frames {
      // A type whose members were read as items.
      let members = splitFrames.removeLast()
      if members.isSplit {
        splitFrames[last].items += members.items
        splitFrames[last].isSplit = true
        return
      }
    }
    let range = tokens[first].start..<tokens[position - 1].end
    if holdsTableWord(range) {
      // Read, but the table-model walk must see it: undone and left in place; reading goes on after it.
      restore(mark)
      splitFrames[last].isSplit = true
      return
    }
    let typeIndex = typeStack.last?.declarationIndex
    splitFrames[last].items.append(
      DeclarationReader.SplitFrame.Item(
        range: range, start: mark.facts, end: FactsMark(facts),
        typeIndex: typeIndex,
        members: (mark.members ?? 0)..<(typeIndex.map { facts.types[$0].members.count } ?? 0),
        spelled: mark.spelled..<spelledLog.count
      )
    )
  }

  /// Whether a word the table-model walk starts from (`tableWords`) starts in `range`.
  func holdsTableWord(_ range: Range<Int>) -> Bool {
    guard !tableWords.isEmpty else { return false }
    // The first word at or after the range's start.
    var low = 0
    var high = tableWords.count
    while low < high {
      let middle = (low + high) / 2
      if tableWords[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
    }
    return low < tableWords.count && tableWords[low] < range.upperBound
  }

  /// The facts of an item read, from the reader's (an item undone later was recorded after it, so its stretch of
  /// every list is still there).
  func itemFacts(_ item: DeclarationReader.SplitFrame.Item) -> ItemFacts {
    ItemFacts(
      anchor: lineTable.position(ofOffset: item.range.lowerBound),
      context: FactCollector.ItemContext(types: [], generics: [], inheritance: [], importsStatic: false, container: nil),
      lists: facts.added(from: item.start, to: item.end),
      members: item.typeIndex.map { Array(facts.types[$0].members[item.members]) } ?? [],
      spelledStrings: Array(spelledLog[item.spelled])
    )
  }

  /// Where the item starting at token `first`, which the reader refused, ends: at the first token after its keyword
  /// that starts a line with an attribute, a modifier, a declaration keyword or a directive, or closes its list,
  /// outside brackets. Throws `CannotSplit` when the item does not start as a declaration or a bracket does not
  /// close.
  func endOfRefusedItem(from first: Int) throws -> Int {
    func closingBracket(_ open: Int) throws -> Int {
      do { return try closing(open) } catch { throw DeclarationReader.CannotSplit() }
    }
    func isWordIn(_ index: Int, _ words: Set<String>) -> Bool {
      index < tokens.count && tokens[index].kind == .word && words.contains(text(tokens[index]))
    }
    var index = first
    while isPunctuation(at: index, UInt8(ascii: "@")) {
      index += 1
      guard index < tokens.count, tokens[index].kind == .word else { throw DeclarationReader.CannotSplit() }
      index += 1
      while isPunctuation(at: index, UInt8(ascii: ".")), index + 1 < tokens.count, tokens[index + 1].kind == .word {
        index += 2
      }
      if isPunctuation(at: index, UInt8(ascii: "(")), !tokens[index].spaceBefore { index = try closingBracket(index) + 1 }
    }
    while isWordIn(index, Self.modifierWords) {
      if isWord(tokens[index], "class"),
        !(isWordIn(index + 1, Self.modifierWords) || isWordIn(index + 1, Self.declarationWords))
      {
        break
      }
      index += 1
      if isPunctuation(at: index, UInt8(ascii: "(")), !tokens[index].spaceBefore { index = try closingBracket(index) + 1 }
    }
    guard isWordIn(index, Self.declarationWords) else { throw DeclarationReader.CannotSplit() }
    index += 1
    while index < tokens.count {
      let token = tokens[index]
      switch token.kind {
      case .punctuation where token.end - token.start == 1:
        switch bytes[token.start] {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
          index = try closingBracket(index) + 1
          continue
        case UInt8(ascii: "}"):
          return index
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: ";"):
          throw DeclarationReader.CannotSplit()
        case UInt8(ascii: "@") where token.startsLine:
          return index
        default:
          break
        }
      case .word where token.startsLine:
        if isWordIn(index, Self.modifierWords) || isWordIn(index, Self.declarationWords) { return index }
      case .directive where token.startsLine, .preview where token.startsLine:
        return index
      default:
        break
      }
      index += 1
    }
    return index
  }
}

extension SwiftFileFacts {
  /// The lists' elements added between `start` and `end`.
  func added(from start: FactsMark, to end: FactsMark) -> SwiftFileFacts {
    var added = SwiftFileFacts()
    added.imports = Array(imports[start.imports..<end.imports])
    added.types = Array(types[start.types..<end.types])
    added.constants = Array(constants[start.constants..<end.constants])
    added.registrations = Array(registrations[start.registrations..<end.registrations])
    added.dequeues = Array(dequeues[start.dequeues..<end.dequeues])
    added.nibReferences = Array(nibReferences[start.nibReferences..<end.nibReferences])
    added.libraryRows = Array(libraryRows[start.libraryRows..<end.libraryRows])
    added.reuseHelpers = Array(reuseHelpers[start.reuseHelpers..<end.reuseHelpers])
    added.selectorReferences = Array(selectorReferences[start.selectorReferences..<end.selectorReferences])
    added.targetActions = Array(targetActions[start.targetActions..<end.targetActions])
    added.typeAliases = Array(typeAliases[start.typeAliases..<end.typeAliases])
    added.loadedStoryboards = Array(loadedStoryboards[start.loadedStoryboards..<end.loadedStoryboards])
    return added
  }

  /// The lists cut back to their lengths at `mark`.
  mutating func truncate(to mark: FactsMark) {
    imports.removeLast(imports.count - mark.imports)
    types.removeLast(types.count - mark.types)
    constants.removeLast(constants.count - mark.constants)
    registrations.removeLast(registrations.count - mark.registrations)
    dequeues.removeLast(dequeues.count - mark.dequeues)
    nibReferences.removeLast(nibReferences.count - mark.nibReferences)
    libraryRows.removeLast(libraryRows.count - mark.libraryRows)
    reuseHelpers.removeLast(reuseHelpers.count - mark.reuseHelpers)
    selectorReferences.removeLast(selectorReferences.count - mark.selectorReferences)
    targetActions.removeLast(targetActions.count - mark.targetActions)
    typeAliases.removeLast(typeAliases.count - mark.typeAliases)
    loadedStoryboards.removeLast(loadedStoryboards.count - mark.loadedStoryboards)
  }
}
