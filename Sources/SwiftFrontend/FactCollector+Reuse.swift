@_spi(RawSyntax) import SwiftSyntax
import TablelintModel

/// The facts one declaration of a file contributed, kept between two parses of an open document so that the next
/// walk can take them instead of walking the declaration again.
///
/// swift-syntax's incremental parser hands back the very nodes an edit did not touch (the same `RawSyntax`), so a
/// top-level declaration, or a member of a type, whose node is the same as in the last parse has the same facts: at
/// most moved by the lines and bytes the edit added or removed above it. Typing in one method of a 3,000-line
/// controller walks that method, not the file.
///
/// The facts of a declaration also depend on where it is (the types around it, their generic parameters, whether
/// `Static` is imported): `FactCollector.ItemContext` is compared too. Declarations inside bodies (local types) are
/// never kept.
/// The lists keep the positions of the walk that recorded them; `shift` says how far they have moved since, so
/// taking an item never copies them.
struct ItemFacts {
  /// The declaration's first token, where it is now: every position of its facts is at or after it.
  var anchor: SourcePosition
  /// How far the positions in the lists moved since they were recorded.
  var shift = PositionShift(lines: 0, bytes: 0)
  var context: FactCollector.ItemContext
  /// The lists the item added to (imports, types with their nested types, constants, registrations…); its spelled
  /// strings are `spelledStrings`, not the set in there.
  var lists: SwiftFileFacts
  /// Members the item added to the type around it.
  var members: [SwiftMember]
  /// In the order they were met, repeats included (a set per item cost a hash per string per level).
  var spelledStrings: [String]
}

/// The items' facts of one walk, by node: what the next walk of an incremental parse may take.
final class ItemFactsCache {
  var items: [RawSyntax.ID: ItemFacts] = [:]
  /// How many items the walk that filled this cache took from the previous one (for tests and the benchmark).
  var reusedCount = 0
  init() {}
}

/// How far the facts of an unchanged declaration moved: lines and bytes; columns stay (an item whose first token
/// moved to another column is walked again, see `FactCollector.enterItem`).
struct PositionShift {
  var lines: Int
  var bytes: Int

  func apply(_ position: inout SourcePosition) {
    position.line += lines
    position.offset += bytes
  }

  func apply(_ location: inout TablelintModel.SourceLocation) {
    apply(&location.range.start)
    apply(&location.range.end)
  }

  func apply(_ location: inout TablelintModel.SourceLocation?) {
    if location != nil { apply(&location!) }
  }
}

/// How long each list of a file's facts was at one point of a walk: what an item added since is its facts.
struct FactsMark {
  let imports, types, constants, registrations, dequeues, nibReferences, libraryRows, reuseHelpers: Int
  let selectorReferences, targetActions, typeAliases, loadedStoryboards: Int

  init(_ facts: SwiftFileFacts) {
    (imports, types, constants, registrations) =
      (facts.imports.count, facts.types.count, facts.constants.count, facts.registrations.count)
    (dequeues, nibReferences, libraryRows, reuseHelpers) =
      (facts.dequeues.count, facts.nibReferences.count, facts.libraryRows.count, facts.reuseHelpers.count)
    (selectorReferences, targetActions, typeAliases, loadedStoryboards) = (
      facts.selectorReferences.count, facts.targetActions.count, facts.typeAliases.count,
      facts.loadedStoryboards.count
    )
  }
}

extension SwiftFileFacts {
  /// The lists' elements added since `mark` (`added(from:to:)` up to now: one place lists every list).
  func added(since mark: FactsMark) -> SwiftFileFacts { added(from: mark, to: FactsMark(self)) }
}

extension ItemFacts {
  /// Appends the item's facts to `facts` (its members to the type at `typeIndex`), moved by `shift`, in place.
  func append(to facts: inout SwiftFileFacts, membersOf typeIndex: Int?) {
    let start = FactsMark(facts)
    let startMembers = typeIndex.map { facts.types[$0].members.count } ?? 0
    facts.imports += lists.imports
    facts.types += lists.types
    if let typeIndex, !members.isEmpty { facts.types[typeIndex].members += members }
    facts.constants += lists.constants
    facts.registrations += lists.registrations
    facts.dequeues += lists.dequeues
    facts.nibReferences += lists.nibReferences
    facts.libraryRows += lists.libraryRows
    facts.reuseHelpers += lists.reuseHelpers
    facts.selectorReferences += lists.selectorReferences
    facts.targetActions += lists.targetActions
    facts.typeAliases += lists.typeAliases
    facts.loadedStoryboards += lists.loadedStoryboards
    guard shift.lines != 0 || shift.bytes != 0 else { return }
    for index in start.types..<facts.types.count {
      shift.apply(&facts.types[index].location)
      shift.apply(&facts.types[index].nameLocation)
      for member in facts.types[index].members.indices { shift.apply(&facts.types[index].members[member].location) }
    }
    if let typeIndex {
      for index in startMembers..<facts.types[typeIndex].members.count {
        shift.apply(&facts.types[typeIndex].members[index].location)
      }
    }
    for index in start.constants..<facts.constants.count { shift.apply(&facts.constants[index].location) }
    for index in start.registrations..<facts.registrations.count {
      shift.apply(&facts.registrations[index].identifierLocation)
      shift.apply(&facts.registrations[index].location)
      if case .nib(let name, var location) = facts.registrations[index].content {
        shift.apply(&location)
        facts.registrations[index].content = .nib(name, location: location)
      }
    }
    for index in start.dequeues..<facts.dequeues.count {
      shift.apply(&facts.dequeues[index].identifierLocation)
      shift.apply(&facts.dequeues[index].castLocation)
      shift.apply(&facts.dequeues[index].location)
    }
    for index in start.nibReferences..<facts.nibReferences.count {
      shift.apply(&facts.nibReferences[index].nameLocation)
      shift.apply(&facts.nibReferences[index].location)
    }
    for index in start.libraryRows..<facts.libraryRows.count { shift.apply(&facts.libraryRows[index].location) }
    for index in start.reuseHelpers..<facts.reuseHelpers.count { shift.apply(&facts.reuseHelpers[index].location) }
    for index in start.selectorReferences..<facts.selectorReferences.count {
      shift.apply(&facts.selectorReferences[index].location)
    }
    for index in start.targetActions..<facts.targetActions.count {
      shift.apply(&facts.targetActions[index].location)
      shift.apply(&facts.targetActions[index].selector.location)
    }
    for index in start.typeAliases..<facts.typeAliases.count { shift.apply(&facts.typeAliases[index].location) }
  }
}
