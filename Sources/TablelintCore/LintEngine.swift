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
  /// Files whose local facts were swapped into the index (`ProjectIndex.replacingLocalFacts`) since it was built:
  /// the facts whose export (and positions) the index still holds.
  let exportBasis: [String: FileFacts]
  /// For each file of `exportBasis`, how its export positions moved since (`LintEngine.positionMap`): applied to
  /// every finding computed with this index, whichever file was edited last.
  let positionMaps: [String: [SourcePosition: SourcePosition]]
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
}

/// What checking one file (a subject) produced.
struct SubjectResult: Sendable {
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
    func moved(_ location: SourceLocation) -> SourceLocation {
      guard let map = maps[location.file] else { return location }
      var location = location
      location.range.start = map[location.range.start] ?? location.range.start
      location.range.end = map[location.range.end] ?? location.range.end
      return location
    }
    var result = self
    result.findings = findings.map { finding in
      var finding = finding
      finding.location = moved(finding.location)
      finding.related = finding.related.map { related in
        var related = related
        related.location = moved(related.location)
        return related
      }
      return finding
    }
    return result
  }
}

/// The analysis engine of both the command line and the language server: facts in, findings out.
///
/// `snapshot(files:)` checks everything once. `update(_:changed:removed:)` takes the previous snapshot and the
/// files whose facts changed, rebuilds the index, and decides how much to check again:
/// - when every changed file kept what other files can see of it (its *export*: everything but the dequeues, nib
///   references, selector uses and suppressions it holds, compared without positions, see
///   `PositionFreeFingerprint`), the index is kept with those local facts swapped in, and only the changed files
///   and the files whose findings point into them are checked: no other file's findings can differ. Syntax errors
///   and spelled strings, which change while someone types, are patched into the kept index and re-check every
///   file with dequeues, the only findings they decide;
/// - otherwise (a type, a registration, a constant, a storyboard changed) every file is checked again.
/// Suppressions and `superfluous_suppression` are applied per file, and the configuration's suppressions are
/// judged over every file's use of them, so the result always equals a full run over the same facts.
public enum LintEngine {
  public static func snapshot(files: [FileFacts], configuration: LintConfiguration = LintConfiguration()) -> LintSnapshot {
    var factsByPath: [String: FileFacts] = [:]
    for file in files { factsByPath[file.path] = file }
    return make(factsByPath: factsByPath, configuration: configuration, previous: nil, changed: [], exports: nil)
  }

  /// The snapshot after `changed` files got new facts and `removed` files left the workspace.
  public static func update(_ previous: LintSnapshot, changed: [FileFacts], removed: Set<String> = []) -> LintSnapshot {
    var factsByPath = previous.factsByPath
    var changedPaths: Set<String> = []
    // The old and new exports of every changed file, while all of them keep theirs (`nil`: some did not).
    var exports: [String: (old: ExportSignature, new: ExportSignature)]? = [:]
    for file in changed {
      let old = factsByPath[file.path]
      guard old != file else { continue }
      changedPaths.insert(file.path)
      if exports != nil, let old {
        let signatures = (old: ExportSignature(old), new: ExportSignature(file))
        exports?[file.path] = signatures.old.fingerprint == signatures.new.fingerprint ? signatures : nil
        if exports?[file.path] == nil { exports = nil }
      } else {
        exports = nil
      }
      factsByPath[file.path] = file
    }
    for path in removed where factsByPath[path] != nil {
      factsByPath[path] = nil
      changedPaths.insert(path)
      exports = nil
    }
    guard !changedPaths.isEmpty else {
      return LintSnapshot(
        result: previous.result, factsByPath: previous.factsByPath, configuration: previous.configuration,
        step: LintStep(kind: .unchanged, changedFiles: 0, checkedFiles: 0), subjects: previous.subjects,
        exportBasis: previous.exportBasis, positionMaps: previous.positionMaps
      )
    }
    return make(
      factsByPath: factsByPath, configuration: previous.configuration, previous: previous, changed: changedPaths,
      exports: exports
    )
  }

  /// What other files can see of a file, without positions: equal keys mean an edit only moved or changed things
  /// whose findings are reported in the file itself.
  /// A file's export without positions, and its positions in encoding order (see `positionMap`).
  struct ExportSignature {
    let fingerprint: Int
    let positions: [SourcePosition]

    init(_ file: FileFacts) {
      (fingerprint, positions) = PositionFreeFingerprint.withPositions(LintEngine.exportContent(of: file))
    }
  }

  /// A file's facts without those whose findings are reported in the file itself (its local facts).
  static func exportContent(of file: FileFacts) -> FileFacts.Content {
    switch file.content {
    case .swift(var facts):
      facts.dequeues = []
      facts.nibReferences = []
      facts.selectorReferences = []
      facts.targetActions = []
      facts.suppressions = SuppressionFacts()
      // Syntax errors and spelled strings change while someone types; they are handled apart (see `make`): they
      // only decide how sure the dequeue rules are.
      facts.hasSyntaxErrors = false
      facts.spelledStrings = []
      return .swift(facts)
    case .objectiveC(var facts):
      facts.dequeues = []
      facts.nibReferences = []
      facts.selectorReferences = []
      facts.targetActions = []
      facts.spelledStrings = []
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
    for position in PositionFreeFingerprint.withPositions(file.content).positions where map[position] != nil {
      return nil
    }
    return map
  }

  private static func make(
    factsByPath: [String: FileFacts], configuration: LintConfiguration, previous: LintSnapshot?,
    changed: Set<String>, exports: [String: (old: ExportSignature, new: ExportSignature)]?
  ) -> LintSnapshot {
    let local = exports != nil
    let clock = ContinuousClock()
    let started = clock.now
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
        guard let file = factsByPath[path], let signatures = exports[path],
          let map = positionMap(
            from: basis.map(ExportSignature.init) ?? signatures.old, to: signatures.new, of: file
          ),
          let index = patched?.index.replacingLocalFacts(of: file)
        else {
          patched = nil
          break
        }
        patched?.index = index
        patched?.basis[path] = basis ?? previous.factsByPath[path]
        patched?.maps[path] = map.isEmpty ? nil : map
      }
    }
    // The kept index learns which types are unsure now; every dequeue is checked again (below).
    if syntaxErrorsChanged, let kept = patched?.index {
      patched?.index = kept.recomputingSyntaxErrors(from: factsByPath.values)
    }
    // Strings spelled out decide whether a literal identifier could be registered by code tablelint cannot read.
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
    let index = patched?.index ?? ProjectIndex(
      files: Array(factsByPath.values),
      externals: ExternalDeclarations(
        classes: configuration.externalCellClasses, modules: configuration.externalModules
      )
    )
    let indexed = clock.now
    var subjects: [String: SubjectResult]
    let checked: Set<String>?
    if let previous, local {
      var wanted = changed
      for (path, result) in previous.subjects where !result.relatedFiles.isDisjoint(with: changed) {
        wanted.insert(path)
      }
      if syntaxErrorsChanged || spelledStringsChanged { wanted.formUnion(index.dequeues.map(\.location.file)) }
      checked = wanted
      subjects = previous.subjects
      for path in wanted { subjects[path] = nil }
    } else {
      checked = nil
      subjects = [:]
    }
    let (results, timings) = check(index: index, factsByPath: factsByPath, subjects: checked, configuration: configuration)
    let maps = patched?.maps ?? [:]
    for (path, result) in results where !result.isEmpty {
      subjects[path] = maps.isEmpty ? result : result.movingPositions(maps)
    }
    var step = LintStep(
      kind: checked == nil ? .full : .subjects, changedFiles: changed.count,
      checkedFiles: checked?.count ?? factsByPath.count
    )
    step.indexDuration = indexed - started
    step.keptIndex = patched != nil
    step.checkDuration = clock.now - indexed
    step.slowestRules = Array(timings.sorted { $0.duration > $1.duration }.prefix(3))
    return LintSnapshot(
      result: result(of: subjects, index: index, factsByPath: factsByPath, configuration: configuration),
      factsByPath: factsByPath, configuration: configuration, step: step, subjects: subjects,
      exportBasis: patched?.basis ?? [:], positionMaps: patched?.maps ?? [:]
    )
  }

  /// Runs the enabled rules for `subjects` (`nil`: every file) and applies each file's suppressions.
  private static func check(
    index: ProjectIndex, factsByPath: [String: FileFacts], subjects: Set<String>?, configuration: LintConfiguration
  ) -> (results: [String: SubjectResult], timings: [(rule: String, duration: Duration)]) {
    let clock = ContinuousClock()
    var timings: [(rule: String, duration: Duration)] = []
    let superfluousID = SuperfluousSuppressionRule.description.identifier
    let enabledIDs = Set(RuleRegistry.all.map { $0.description }.filter(configuration.isEnabled).map(\.identifier))
    let restricted = index.restricted(to: subjects)
    var raw: [Finding] = []
    for rule in RuleRegistry.all
    where rule.description.identifier != superfluousID && enabledIDs.contains(rule.description.identifier) {
      let started = clock.now
      raw.append(contentsOf: rule.check(restricted))
      timings.append((rule.description.identifier, clock.now - started))
    }
    var byPath: [String: [Finding]] = [:]
    for finding in Linter.adjusted(raw, configuration: configuration)
    where subjects?.contains(finding.location.file) ?? true {
      byPath[finding.location.file, default: []].append(finding)
    }
    let knownRules = Set(RuleRegistry.all.map { $0.description.identifier })
    var results: [String: SubjectResult] = [:]
    for path in subjects ?? Set(factsByPath.keys).union(byPath.keys) {
      let findings = byPath[path] ?? []
      let file = factsByPath[path]
      // Nothing to do for a file without findings and without suppressions of its own.
      if findings.isEmpty, file?.swift?.suppressions.isEmpty ?? true { continue }
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
      let enabledIDs = Set(RuleRegistry.all.map { $0.description }.filter(configuration.isEnabled).map(\.identifier))
      let unused = SuppressionApplier.superfluousConfigured(
        configuration.suppressions, used: used, knownRules: Set(RuleRegistry.all.map { $0.description.identifier }),
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
