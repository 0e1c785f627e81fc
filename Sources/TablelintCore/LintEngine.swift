import Foundation
import TablelintIndex
import TablelintModel
import TablelintRules

/// The findings of one state of the inputs, with what the next state needs to recompute only what changed.
///
/// A snapshot is a value: the language server answers features from the last finished one while the next is
/// computed, and drops it (with its index and memoised values) when a newer one replaces it.
public struct LintSnapshot: Sendable {
  public let result: LintResult
  public var index: ProjectIndex { result.index }
  /// Every file's facts by path.
  public let factsByPath: [String: FileFacts]
  public let configuration: LintConfiguration
  /// What the step that made this snapshot did.
  public let step: LintStep
  /// Per file with findings (or with configuration suppressions it used): what checking it produced.
  let subjects: [String: SubjectResult]
  /// Files whose findings are not known for this snapshot's index yet: `result` holds what an earlier check found
  /// for them (or nothing). Only a step given a `priority` leaves any (see `LintEngine.update`); `completing`
  /// checks them.
  public let pending: Set<String>
  /// Whether the index holds positions of an earlier text of some file (a local edit kept it; findings are moved,
  /// see `positionMaps`): features that report positions of declarations need an index built from the facts.
  public var hasStalePositions: Bool { !exportBasis.isEmpty }
  /// Files whose local facts were swapped into the index (`ProjectIndex.replacingLocalFacts`) since it was built:
  /// the facts whose export (and positions) the index still holds.
  let exportBasis: [String: FileFacts]
  /// For each file of `exportBasis`, how its export positions moved since (`LintEngine.positionMap`): applied to
  /// every finding computed with this index, whichever file was edited last.
  let positionMaps: [String: [SourcePosition: SourcePosition]]
  /// Export signatures computed by recent steps, so that the next edit of the same file encodes only its new facts:
  /// of the current facts of files changed lately, and of the facts in `exportBasis`.
  let signatures: [String: LintEngine.ExportSignature]
  let basisSignatures: [String: LintEngine.ExportSignature]

  /// The index with the current positions of every file: this snapshot's index when it has none stale, else that
  /// index with the export of each file of `exportBasis` replaced by its current one (`replacingSwiftFile`, as an
  /// edit of a member patches it), which costs the edited files, not the workspace; `nil` when some stale file is
  /// not Swift or declares other types than the index holds (build a new index then).
  public func indexWithCurrentPositions() -> ProjectIndex? {
    guard hasStalePositions else { return index }
    var patched = index
    var basis = exportBasis
    for path in basis.keys.sorted() {
      guard let held = basis[path], let file = factsByPath[path],
        let next = patched.replacingSwiftFile(held, with: file, held: { basis[$0] })
      else { return nil }
      patched = next
      basis[path] = nil
    }
    return patched
  }
}

/// How much a step of the engine recomputed.
public struct LintStep: Sendable {
  public enum Kind: Sendable, Equatable {
    /// Every rule over every file: the first snapshot, or an edit that changed what other files can see.
    case full
    /// Only the files whose findings could have changed were checked again.
    case subjects
    /// The facts did not change: the previous snapshot stands.
    case unchanged
    /// Files left pending by an earlier step were checked (`LintEngine.completing`).
    case completion
  }

  public let kind: Kind
  /// Files whose facts changed.
  public let changedFiles: Int
  /// Files whose findings were computed again (every file for `.full`).
  public let checkedFiles: Int
  /// Time spent building the index, and running the rules and suppressions.
  public var indexDuration: Duration = .zero
  public var checkDuration: Duration = .zero
  /// The index was kept, with the changed files' local facts swapped in, instead of rebuilt.
  public var keptIndex = false
  /// The rules that took longest, slowest first (at most three).
  public var slowestRules: [(rule: String, duration: Duration)] = []
  /// Why the index was rebuilt (`nil` when it was kept or nothing changed): for the server's log.
  public var rebuildCause: String?
  /// Where the index time went (comparing exports, patching or building the index, syntax errors, strings).
  public var indexPhases: [(phase: String, duration: Duration)] = []
}

/// What checking one file (a subject) produced.
struct SubjectResult: Codable, Equatable, Sendable {
  /// Findings after suppressions, this file's `superfluous_suppression` reports included.
  var findings: [Finding]
  var suppressedCount: Int
  /// Positions of the configuration suppressions that covered a finding of this file.
  var configuredUsed: [Int]
  /// Other files its findings point into (related locations): an edit there that moves things re-checks this file.
  var relatedFiles: Set<String>

  var isEmpty: Bool { findings.isEmpty && suppressedCount == 0 && configuredUsed.isEmpty }

  /// The result with positions in the files of `maps` moved (see `LintEngine.positionMap`).
  func movingPositions(_ maps: [String: [SourcePosition: SourcePosition]]) -> SubjectResult {
    var result = self
    result.findings = findings.map { Self.moving($0, by: maps) }
    return result
  }

  /// `finding` with its positions in the files of `maps` moved: its location, its related locations, and its fix
  /// edits, which hold positions of the same facts (a literal's, a declaration's name) and move with them.
  static func moving(_ finding: Finding, by maps: [String: [SourcePosition: SourcePosition]]) -> Finding {
    func moved(_ range: SourceRange, in file: String) -> SourceRange {
      guard let map = maps[file] else { return range }
      return SourceRange(start: map[range.start] ?? range.start, end: map[range.end] ?? range.end)
    }
    func moved(_ location: SourceLocation) -> SourceLocation {
      SourceLocation(file: location.file, range: moved(location.range, in: location.file))
    }
    var finding = finding
    finding.location = moved(finding.location)
    finding.fixes = finding.fixes.map { fix in
      var fix = fix
      fix.edits = fix.edits.map { edit in
        var edit = edit
        edit.range = moved(edit.range, in: edit.path)
        return edit
      }
      return fix
    }
    finding.related = finding.related.map { related in
      var related = related
      related.location = moved(related.location)
      return related
    }
    return finding
  }
}

/// The analysis engine of both the command line and the language server: facts in, findings out.
///
/// `snapshot(files:)` checks everything once. `update(_:changed:removed:)` takes the previous snapshot and the
/// files whose facts changed, rebuilds the index, and decides how much to check again:
/// - when every changed file kept what other files can see of it (its *export*: everything but the dequeues, nib
///   references, selector uses and suppressions it holds, compared without positions, see
///   `PositionFreeFingerprint`), the index is kept with those local facts swapped in, and only the changed files
///   and the files whose findings point into them are checked: no other file's findings can differ. Syntax errors,
///   spelled strings and storyboards loaded by name, which change while someone types, are patched into the kept
///   index and re-check every file with dequeues, the only findings they decide;
/// - otherwise (a type, a registration, a constant, a storyboard changed) every file is checked again.
/// Suppressions and `superfluous_suppression` are applied per file, and the configuration's suppressions are
/// judged over every file's use of them, so the result always equals a full run over the same facts.
public enum LintEngine {
  public static func snapshot(
    files: [FileFacts], configuration: LintConfiguration = LintConfiguration(), priority: Set<String>? = nil
  ) -> LintSnapshot {
    var factsByPath: [String: FileFacts] = [:]
    factsByPath.reserveCapacity(files.count)
    for file in files { factsByPath[file.path] = file }
    return make(
      factsByPath: factsByPath, configuration: configuration, previous: nil, changed: [], exports: nil,
      cause: "first analysis", priority: priority, files: files.count == factsByPath.count ? files : nil
    )
  }

  /// The snapshot after `changed` files got new facts and `removed` files left the workspace.
  ///
  /// With a `priority` (the language server passes the open documents), only the changed files and the priority
  /// files among those whose findings may differ are checked now; the others are left `pending`, with their
  /// earlier findings, for `completing` to check while no edit waits. Without one, every such file is checked,
  /// and so are the files an earlier step left pending.
  public static func update(
    _ previous: LintSnapshot, changed: [FileFacts], removed: Set<String> = [], priority: Set<String>? = nil
  ) -> LintSnapshot {
    let started = ContinuousClock.now
    var factsByPath = previous.factsByPath
    var changedPaths: Set<String> = []
    // The old and new exports of every changed file, while all of them keep theirs (`nil`: some did not).
    var exports: [String: (old: ExportSignature, new: ExportSignature)]? = [:]
    var cause: String?
    var signatures = previous.signatures
    for file in changed {
      let old = factsByPath[file.path]
      guard old != file else { continue }
      changedPaths.insert(file.path)
      signatures[file.path] = nil
      if exports != nil, let old {
        let pair = (old: previous.signatures[file.path] ?? ExportSignature(old), new: ExportSignature(file))
        signatures[file.path] = pair.new
        exports?[file.path] = pair.old.fingerprint == pair.new.fingerprint ? pair : nil
        if exports?[file.path] == nil {
          exports = nil
          cause = cause ?? "the export of \(file.path) changed"
        }
      } else if exports != nil {
        exports = nil
        cause = cause ?? "\(file.path) was added"
      }
      factsByPath[file.path] = file
    }
    for path in removed where factsByPath[path] != nil {
      factsByPath[path] = nil
      signatures[path] = nil
      changedPaths.insert(path)
      exports = nil
      cause = cause ?? "\(path) was removed"
    }
    guard !changedPaths.isEmpty else {
      return LintSnapshot(
        result: previous.result, factsByPath: previous.factsByPath, configuration: previous.configuration,
        step: LintStep(kind: .unchanged, changedFiles: 0, checkedFiles: 0), subjects: previous.subjects,
        pending: previous.pending, exportBasis: previous.exportBasis, positionMaps: previous.positionMaps,
        signatures: previous.signatures, basisSignatures: previous.basisSignatures
      )
    }
    return make(
      factsByPath: factsByPath, configuration: previous.configuration, previous: previous, changed: changedPaths,
      exports: exports, cause: cause, priority: priority, signatures: signatures, started: started,
      phases: [("exports", ContinuousClock.now - started)]
    )
  }

  /// Checks up to `limit` of the files `snapshot` left pending (all of them without a limit), those in `first`
  /// first, with the same index: a snapshot without pending files equals what a step without priority would have
  /// made.
  public static func completing(
    _ snapshot: LintSnapshot, limit: Int? = nil, first: Set<String> = []
  ) -> LintSnapshot {
    guard !snapshot.pending.isEmpty else { return snapshot }
    let clock = ContinuousClock()
    let started = clock.now
    let now = limit.map { nextBatch(of: snapshot.pending, limit: max(1, $0), first: first) } ?? snapshot.pending
    var subjects = snapshot.subjects
    for path in now { subjects[path] = nil }
    let (results, timings) = check(
      index: snapshot.index, factsByPath: snapshot.factsByPath, subjects: now, configuration: snapshot.configuration
    )
    for (path, result) in results where !result.isEmpty {
      subjects[path] = snapshot.positionMaps.isEmpty ? result : result.movingPositions(snapshot.positionMaps)
    }
    var step = LintStep(kind: .completion, changedFiles: 0, checkedFiles: now.count)
    step.checkDuration = clock.now - started
    step.keptIndex = true
    step.slowestRules = Array(timings.sorted { $0.duration > $1.duration }.prefix(3))
    return LintSnapshot(
      result: result(
        of: subjects, index: snapshot.index, factsByPath: snapshot.factsByPath, configuration: snapshot.configuration
      ),
      factsByPath: snapshot.factsByPath, configuration: snapshot.configuration, step: step, subjects: subjects,
      pending: snapshot.pending.subtracting(now), exportBasis: snapshot.exportBasis,
      positionMaps: snapshot.positionMaps, signatures: snapshot.signatures, basisSignatures: snapshot.basisSignatures
    )
  }

  /// The `limit` pending files checked next: those in `first`, then the others, each in path order. The server asks
  /// for a batch of 32 after every edit that left a thousand files pending: the batch is picked in one pass, not by
  /// sorting every pending path each time.
  static func nextBatch(of pending: Set<String>, limit: Int, first: Set<String>) -> Set<String> {
    let urgent = pending.intersection(first)
    if urgent.count >= limit { return Set(urgent.sorted().prefix(limit)) }
    // The smallest paths of the rest, kept sorted in `chosen`; most paths are larger than the last one kept.
    var chosen: [String] = []
    chosen.reserveCapacity(limit - urgent.count + 1)
    for path in pending where !urgent.contains(path) {
      if chosen.count == limit - urgent.count, let last = chosen.last, path >= last { continue }
      var (low, high) = (0, chosen.count)
      while low < high {
        let middle = (low + high) / 2
        if chosen[middle] < path { low = middle + 1 } else { high = middle }
      }
      chosen.insert(path, at: low)
      if chosen.count > limit - urgent.count { chosen.removeLast() }
    }
    return urgent.union(chosen)
  }

  /// What other files can see of a file, without positions: equal keys mean an edit only moved or changed things
  /// whose findings are reported in the file itself.
  /// A file's export without positions, and its positions in encoding order (see `positionMap`).
  struct ExportSignature: Sendable {
    let fingerprint: Int
    let positions: [SourcePosition]

    init(_ file: FileFacts) {
      (fingerprint, positions) = PositionFreeFingerprint.withPositions(LintEngine.exportContent(of: file))
    }
  }

  /// What of a file is local (see `LocalFacts`), with its suppressions: their positions, for `positionMap`.
  private struct LocalPart: Encodable {
    let facts: LocalFacts?
    let suppressions: SuppressionFacts?
  }

  /// A file's facts without its local facts and suppressions (see `LocalFacts`): its export.
  static func exportContent(of file: FileFacts) -> FileFacts.Content {
    switch file.content {
    case .swift(var facts):
      facts.localFacts = LocalFacts()
      facts.suppressions = SuppressionFacts()
      // Syntax errors, spelled strings and loaded storyboards change while someone types; they are handled apart
      // (see `make`): they only decide how sure the dequeue rules are.
      facts.hasSyntaxErrors = false
      facts.spelledStrings = []
      facts.loadedStoryboards = []
      return .swift(facts)
    case .objectiveC(var facts):
      facts.localFacts = LocalFacts()
      facts.spelledStrings = []
      facts.loadedStoryboards = []
      return .objectiveC(facts)
    default:
      return file.content
    }
  }

  /// How the positions of `basis`'s export facts moved in `file`, or `nil` when the move is ambiguous: a position
  /// that moved to two places, or one that moved while `file` holds another fact at that very position (a finding
  /// there could come from either). Positions that did not move are left out.
  static func positionMap(
    from old: ExportSignature, to new: ExportSignature, of file: FileFacts
  ) -> [SourcePosition: SourcePosition]? {
    guard old.fingerprint == new.fingerprint, old.positions.count == new.positions.count else { return nil }
    var map: [SourcePosition: SourcePosition] = [:]
    for (from, to) in zip(old.positions, new.positions) where from != to {
      if let existing = map[from], existing != to { return nil }
      map[from] = to
    }
    if map.isEmpty { return map }
    let unmoved = Set(zip(old.positions, new.positions).filter { $0 == $1 }.map(\.0))
    if map.keys.contains(where: unmoved.contains) { return nil }
    // The file's positions: its new export's, and its local facts' (encoded apart: cheaper than the whole file).
    for position in new.positions where map[position] != nil { return nil }
    let local = LocalPart(facts: file.localFacts, suppressions: file.swift?.suppressions)
    for position in PositionFreeFingerprint.withPositions(local).positions where map[position] != nil {
      return nil
    }
    return map
  }

  private static func make(
    factsByPath: [String: FileFacts], configuration: LintConfiguration, previous: LintSnapshot?,
    changed: Set<String>, exports: [String: (old: ExportSignature, new: ExportSignature)]?, cause: String?,
    priority: Set<String>?, signatures: [String: ExportSignature] = [:],
    started: ContinuousClock.Instant = ContinuousClock.now, phases: [(phase: String, duration: Duration)] = [],
    files: [FileFacts]? = nil
  ) -> LintSnapshot {
    var phases = phases
    var lap = ContinuousClock.now
    func phase(_ name: String) {
      let now = ContinuousClock.now
      phases.append((name, now - lap))
      lap = now
    }
    var cause = cause
    let local = exports != nil
    let clock = ContinuousClock()
    var basisSignatures = previous?.basisSignatures ?? [:]
    // A local edit of Swift or Objective-C files keeps the index: only the files' local facts are swapped in, and
    // positions of their export facts are mapped afterwards.
    var patched: (index: ProjectIndex, basis: [String: FileFacts], maps: [String: [SourcePosition: SourcePosition]])?
    // Syntax errors appearing or going away (export otherwise equal) change which reuse scopes are unsure.
    let syntaxErrorsChanged = previous.map { previous in
      changed.contains { previous.factsByPath[$0]?.swift?.hasSyntaxErrors != factsByPath[$0]?.swift?.hasSyntaxErrors }
    } ?? false
    if let previous, let exports {
      patched = (previous.index, previous.exportBasis, previous.positionMaps)
      for path in changed {
        // The index holds the export positions of the facts it was built with: the previous facts, unless an
        // earlier local edit already swapped this file.
        let basis = previous.exportBasis[path]
        let basisSignature = basis.map { previous.basisSignatures[path] ?? ExportSignature($0) }
        guard let file = factsByPath[path], let pair = exports[path] else {
          patched = nil
          break
        }
        if let map = positionMap(from: basisSignature ?? pair.old, to: pair.new, of: file),
          let index = patched?.index.replacingLocalFacts(of: file)
        {
          patched?.index = index
          patched?.basis[path] = basis ?? previous.factsByPath[path]
          basisSignatures[path] = basisSignature ?? pair.old
          patched?.maps[path] = map.isEmpty ? nil : map
        } else if let held = basis ?? previous.factsByPath[path],
          let index = patched?.index.replacingSwiftFile(held, with: file, held: { [basis = patched?.basis] in basis?[$0] })
        {
          // Positions that cannot be moved unambiguously: the Swift file's export, equal but for positions, is
          // replaced in the index instead, which then holds its current positions.
          patched?.index = index
          patched?.basis[path] = nil
          basisSignatures[path] = nil
          patched?.maps[path] = nil
        } else {
          patched = nil
          cause = "the positions of \(path) moved ambiguously"
          break
        }
      }
    }
    // An edit of what Swift files declare inside types they keep declaring (a member, a constant, a registration):
    // the index is patched with their facts instead of built again. Every file is due (below), as after a rebuild.
    if patched != nil { phase("local facts") }
    if patched == nil, let previous, exports == nil, !changed.isEmpty,
      changed.allSatisfy({ previous.factsByPath[$0]?.swift != nil && factsByPath[$0]?.swift != nil })
    {
      patched = (previous.index, previous.exportBasis, previous.positionMaps)
      for path in changed.sorted() {
        guard let held = previous.exportBasis[path] ?? previous.factsByPath[path], let file = factsByPath[path],
          let index = patched?.index.replacingSwiftFile(held, with: file, held: { [basis = patched?.basis] in basis?[$0] })
        else {
          patched = nil
          cause = "\(path) changed which types it declares"
          break
        }
        // The index holds this file's current export now: nothing of it to move.
        patched?.index = index
        patched?.basis[path] = nil
        basisSignatures[path] = nil
        patched?.maps[path] = nil
      }
    }
    // The kept index learns which types are unsure now; every dequeue is checked again (below).
    if patched != nil, exports == nil { phase("patch") }
    if syntaxErrorsChanged, let kept = patched?.index {
      patched?.index = kept.recomputingSyntaxErrors(from: factsByPath.values)
    }
    // So do storyboards loaded by name that the workspace lacks.
    let storyboardsChanged = previous.map { previous in
      changed.contains {
        previous.factsByPath[$0].map(ProjectIndex.loadedStoryboards(of:))
          != factsByPath[$0].map(ProjectIndex.loadedStoryboards(of:))
      }
    } ?? false
    if storyboardsChanged, let kept = patched?.index {
      patched?.index = kept.recomputingMissingStoryboards(from: factsByPath.values)
    }
    // Strings spelled out decide whether a literal identifier could be registered by code tablelint cannot read.
    if syntaxErrorsChanged { phase("syntax errors") }
    var spelledStringsChanged = false
    if let previous {
      var removed: Set<String> = []
      var added: Set<String> = []
      for path in changed {
        let old = previous.factsByPath[path].map(ProjectIndex.spelledStrings(of:)) ?? []
        let new = factsByPath[path].map(ProjectIndex.spelledStrings(of:)) ?? []
        removed.formUnion(old.subtracting(new))
        added.formUnion(new.subtracting(old))
      }
      spelledStringsChanged = !removed.isEmpty || !added.isEmpty
      if spelledStringsChanged, let kept = patched?.index {
        patched?.index = kept.replacingSpelledStrings(removed: removed, added: added, files: factsByPath)
      }
    }
    if previous != nil { phase("strings") }
    // The files in path order, as the index wants them: the caller's (the workspace's are sorted), or the table's
    // sorted by path (the index sorted the table's values itself, moving every file's facts: 4 % of its build).
    let index = patched?.index ?? newIndex(
      of: files ?? factsByPath.keys.sorted().map { factsByPath[$0]! }, configuration: configuration
    )
    if patched == nil { phase("build") }
    let indexed = clock.now
    // The files whose findings may differ (`nil`: every file), and those of them checked now.
    let due: Set<String>?
    if let previous, local {
      due = dueAfterLocalEdit(
        changed: changed, subjects: previous.subjects, index: index,
        dequeuesToo: syntaxErrorsChanged || spelledStringsChanged || storyboardsChanged
      )
    } else {
      due = nil
    }
    var subjects: [String: SubjectResult]
    let checked: Set<String>?
    var pending: Set<String> = []
    if let priority {
      // Now: the changed and priority files among the due ones; later: the rest, and what was pending before.
      let first = changed.union(priority).filter { factsByPath[$0] != nil }
      checked = due.map { $0.intersection(first) } ?? first
      pending = (due ?? Set(factsByPath.keys)).union(previous?.pending ?? []).subtracting(checked ?? [])
        .filter { factsByPath[$0] != nil }
    } else {
      checked = due.map { $0.union(previous?.pending ?? []) }
    }
    if let previous, local || priority != nil {
      subjects = previous.subjects.filter { factsByPath[$0.key] != nil }
      for path in checked ?? [] { subjects[path] = nil }
    } else {
      subjects = [:]
    }
    let (results, timings) = check(index: index, factsByPath: factsByPath, subjects: checked, configuration: configuration)
    let maps = patched?.maps ?? [:]
    for (path, result) in results where !result.isEmpty {
      subjects[path] = maps.isEmpty ? result : result.movingPositions(maps)
    }
    var step = LintStep(
      kind: due == nil ? .full : .subjects, changedFiles: changed.count,
      checkedFiles: checked?.count ?? factsByPath.count
    )
    step.indexDuration = indexed - started
    step.indexPhases = phases.filter { $0.duration > .milliseconds(1) }
    step.keptIndex = patched != nil
    step.checkDuration = clock.now - indexed
    step.slowestRules = Array(timings.sorted { $0.duration > $1.duration }.prefix(3))
    step.rebuildCause = patched == nil ? cause : nil
    return LintSnapshot(
      result: result(of: subjects, index: index, factsByPath: factsByPath, configuration: configuration),
      factsByPath: factsByPath, configuration: configuration, step: step, subjects: subjects, pending: pending,
      exportBasis: patched?.basis ?? [:], positionMaps: patched?.maps ?? [:], signatures: signatures,
      basisSignatures: patched == nil ? [:] : basisSignatures.filter { patched?.basis[$0.key] != nil }
    )
  }

  /// An index built from `files`, with the frameworks' classes and modules the configuration names.
  private static func newIndex(of files: [FileFacts], configuration: LintConfiguration) -> ProjectIndex {
    ProjectIndex(
      files: files,
      externals: ExternalDeclarations(
        classes: configuration.externalCellClasses, modules: configuration.externalModules
      )
    )
  }

  /// The files whose findings may differ after `changed` files kept their export: those files, the files whose
  /// findings point into them (`subjects`: the results before the edit), and with `dequeuesToo` (syntax errors or
  /// spelled strings changed, which decide how sure the dequeue rules are) every file with a dequeue.
  private static func dueAfterLocalEdit(
    changed: Set<String>, subjects: [String: SubjectResult], index: ProjectIndex, dequeuesToo: Bool
  ) -> Set<String> {
    var wanted = changed
    for (path, result) in subjects where !result.relatedFiles.isDisjoint(with: changed) { wanted.insert(path) }
    if dequeuesToo { wanted.formUnion(index.dequeues.map(\.location.file)) }
    return wanted
  }

  /// The snapshot of `files` carried forward from an earlier run over the same paths with the same configuration,
  /// which the command line keeps in its cache: `stored` is what checking each file produced then (a snapshot's
  /// `subjects`), `previous` the facts it had of every file that may have changed since.
  ///
  /// When each changed file kept its export (`ExportSignature`, without positions), only the files
  /// `dueAfterLocalEdit` names are checked, against an index built from `files`, and every other file keeps its
  /// stored result: what `update` does after a local edit, except that the index is new, so no position moves.
  /// Otherwise (or with a file of `previous` missing from `files`) every file is checked. Either way the result
  /// equals `snapshot(files:configuration:)`'s.
  static func resuming(
    files: [FileFacts], configuration: LintConfiguration, stored: [String: SubjectResult],
    previous: [String: FileFacts]
  ) -> LintSnapshot {
    let started = ContinuousClock.now
    var factsByPath: [String: FileFacts] = [:]
    for file in files { factsByPath[file.path] = file }
    var changed: Set<String> = []
    var dequeuesToo = false
    for (path, old) in previous.sorted(by: { $0.key < $1.key }) {
      guard let new = factsByPath[path] else { return snapshot(files: files, configuration: configuration) }
      guard new != old else { continue }
      // Equal with their positions (the edit was below the declarations, or kept its length) is cheaper to find
      // than equal without them, which means encoding both exports.
      guard exportContent(of: old) == exportContent(of: new)
        || ExportSignature(old).fingerprint == ExportSignature(new).fingerprint
      else {
        return snapshot(files: files, configuration: configuration)
      }
      changed.insert(path)
      if old.swift?.hasSyntaxErrors != new.swift?.hasSyntaxErrors
        || ProjectIndex.spelledStrings(of: old) != ProjectIndex.spelledStrings(of: new)
        || ProjectIndex.loadedStoryboards(of: old) != ProjectIndex.loadedStoryboards(of: new)
      {
        dequeuesToo = true
      }
    }
    let index = newIndex(of: files, configuration: configuration)
    let indexed = ContinuousClock.now
    let due = dueAfterLocalEdit(changed: changed, subjects: stored, index: index, dequeuesToo: dequeuesToo)
    var subjects = stored.filter { factsByPath[$0.key] != nil && !due.contains($0.key) }
    let (results, timings) = check(index: index, factsByPath: factsByPath, subjects: due, configuration: configuration)
    for (path, result) in results where !result.isEmpty { subjects[path] = result }
    var step = LintStep(kind: .subjects, changedFiles: changed.count, checkedFiles: due.count)
    step.indexDuration = indexed - started
    step.checkDuration = ContinuousClock.now - indexed
    step.slowestRules = Array(timings.sorted { $0.duration > $1.duration }.prefix(3))
    return LintSnapshot(
      result: result(of: subjects, index: index, factsByPath: factsByPath, configuration: configuration),
      factsByPath: factsByPath, configuration: configuration, step: step, subjects: subjects, pending: [],
      exportBasis: [:], positionMaps: [:], signatures: [:], basisSignatures: [:]
    )
  }

  /// Runs the enabled rules for `subjects` (`nil`: every file) and applies each file's suppressions.
  /// Above this many files to check, rules run in parallel.
  static let parallelRulesThreshold = 64

  /// The rules that take longest on a whole workspace, longest first (element-ios and duckduckgo/iOS, cold:
  /// `--statistics`): they start before the others when rules run in parallel.
  static let longestRules = ["dangling_selector", "dangling_outlet", "cell_class_mismatch"]

  /// Higher for a rule that should start earlier.
  private static func startsFirst(_ rule: any Rule.Type) -> Int {
    longestRules.firstIndex(of: rule.description.identifier).map { longestRules.count - $0 } ?? 0
  }

  private static func check(
    index: ProjectIndex, factsByPath: [String: FileFacts], subjects: Set<String>?, configuration: LintConfiguration
  ) -> (results: [String: SubjectResult], timings: [(rule: String, duration: Duration)]) {
    let clock = ContinuousClock()
    var timings: [(rule: String, duration: Duration)] = []
    let superfluousID = SuperfluousSuppressionRule.description.identifier
    let enabledIDs = RuleRegistry.enabledIdentifiers(configuration.isEnabled)
    let restricted = index.restricted(to: subjects)
    // Rules are pure functions of the index: checking many files, they run on every core (values they derive are
    // memoised under a lock, see `DerivedCache`); checking a few (an edit in the language server), one after the
    // other is faster. Their findings are joined in registry order either way.
    let rules = RuleRegistry.all.filter {
      $0.description.identifier != superfluousID && enabledIDs.contains($0.description.identifier)
    }
    let checked = RuleSlots(count: rules.count)
    let each: @Sendable (Int) -> Void = { position in
      let started = clock.now
      let findings = rules[position].check(restricted)
      checked.set(position, findings, clock.now - started)
    }
    if (subjects?.count ?? Int.max) > Self.parallelRulesThreshold {
      // The longest rules start first, so that the short ones fill in beside them rather than one long rule running
      // alone at the end (registry order started `dangling_selector` after `cell_class_mismatch`).
      let order = rules.indices.sorted { (Self.startsFirst(rules[$0]), -$0) > (Self.startsFirst(rules[$1]), -$1) }
      performOnEveryCore(iterations: rules.count) { each(order[$0]) }
    } else {
      rules.indices.forEach(each)
    }
    var raw: [Finding] = []
    for (rule, (findings, duration)) in zip(rules, checked.values) {
      raw.append(contentsOf: findings)
      timings.append((rule.description.identifier, duration))
    }
    var byPath: [String: [Finding]] = [:]
    // Only the wanted files' findings are adjusted (rules may report beyond them); none in files no Xcode project
    // builds (`ProjectIndex.filesOutsideXcodeProjects`).
    let outside = index.filesOutsideXcodeProjects
    let wanted = raw.filter {
      (subjects?.contains($0.location.file) ?? true) && !outside.contains($0.location.file)
    }
    for finding in Linter.adjusted(wanted, configuration: configuration) {
      byPath[finding.location.file, default: []].append(finding)
    }
    let knownRules = RuleRegistry.identifiers
    var results: [String: SubjectResult] = [:]
    for path in subjects ?? Set(factsByPath.keys).union(byPath.keys) {
      let findings = byPath[path] ?? []
      let file = factsByPath[path]
      // Nothing to do for a file without findings and without suppressions of its own, or one that is not built
      // (its suppressions suppress nothing that ships: not superfluous either).
      if findings.isEmpty, file?.swift?.suppressions.isEmpty ?? true || outside.contains(path) { continue }
      var applier = SuppressionApplier(file: file, configuration: configuration)
      var kept = applier.apply(to: findings)
      let suppressedCount = findings.count - kept.count
      if enabledIDs.contains(superfluousID) {
        let unused = applier.superfluous(knownRules: knownRules, enabledRules: enabledIDs)
        let reported = Linter.adjusted(SuperfluousSuppressionRule.findings(for: unused), configuration: configuration)
        kept.append(contentsOf: applier.applySuppressionsOfSuperfluousReports(to: reported))
      }
      var related: Set<String> = []
      for finding in kept {
        for place in finding.related where place.location.file != path { related.insert(place.location.file) }
        // A fix's edits in another file depend on that file's text as much as a related place does.
        for fix in finding.fixes {
          for edit in fix.edits where edit.path != path { related.insert(edit.path) }
        }
      }
      results[path] = SubjectResult(
        findings: kept, suppressedCount: suppressedCount,
        configuredUsed: applier.configuredUsed.indices.filter { applier.configuredUsed[$0] }, relatedFiles: related
      )
    }
    return (results, timings)
  }

  /// Every file's findings together, and the configuration's suppressions that no file used.
  private static func result(
    of subjects: [String: SubjectResult], index: ProjectIndex, factsByPath: [String: FileFacts],
    configuration: LintConfiguration
  ) -> LintResult {
    var findings: [Finding] = []
    var suppressedCount = 0
    var used = Array(repeating: false, count: configuration.suppressions.count)
    for result in subjects.values {
      findings.append(contentsOf: result.findings)
      suppressedCount += result.suppressedCount
      for position in result.configuredUsed { used[position] = true }
    }
    if !configuration.suppressions.isEmpty, configuration.isEnabled(SuperfluousSuppressionRule.description) {
      let enabledIDs = RuleRegistry.enabledIdentifiers(configuration.isEnabled)
      let unused = SuppressionApplier.superfluousConfigured(
        configuration.suppressions, used: used, knownRules: RuleRegistry.identifiers,
        enabledRules: enabledIDs
      )
      let reported = Linter.adjusted(SuperfluousSuppressionRule.findings(for: unused), configuration: configuration)
      for finding in reported {
        var applier = SuppressionApplier(file: factsByPath[finding.location.file], configuration: configuration)
        findings.append(contentsOf: applier.applySuppressionsOfSuperfluousReports(to: [finding]))
      }
    }
    return LintResult(findings: Array(Set(findings)).sorted(), index: index, suppressedCount: suppressedCount)
  }
}

/// The findings and time of each rule, filled in on several threads.
private final class RuleSlots: @unchecked Sendable {
  private var storage: [([Finding], Duration)]
  private let lock = NSLock()

  init(count: Int) { storage = Array(repeating: ([], .zero), count: count) }

  func set(_ position: Int, _ findings: [Finding], _ duration: Duration) {
    lock.withLock { storage[position] = (findings, duration) }
  }

  var values: [([Finding], Duration)] { lock.withLock { storage } }
}
