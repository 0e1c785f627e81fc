import TablelintIndex
import TablelintModel

/// How an edit moved a file's facts without changing any of them: a line inserted in a body above them, a comment, a
/// statement that gives no fact. The findings of such an edit are the last run's with the file's positions moved
/// (`Workspace`'s reuse after edits that moved no fact): every rule is a function of the facts that reads positions
/// only to report them (or a place computed from one, which `moving` refuses to move) and to order them within a file,
/// so equal facts in the same order give the same findings at the moved places. `FactShiftTests` holds the rules to it.
struct FactShift: Equatable, Sendable {
  /// Where each position that moved went.
  let moved: [SourcePosition: SourcePosition]
  /// Every position the old facts hold that can be moved: a finding at another place of the file (a column computed
  /// from a fact's, a fact in a set) is not one this shift can move.
  let known: Set<SourcePosition>

  /// The shift from `old`'s facts to `new`'s, when they are the same facts at other places; `nil` when anything else
  /// differs, when either holds suppressions (they cover lines: a line inserted between a `disable:next` and its code
  /// changes what it covers, and `superfluous_suppression` names lines), or when the places are not where an edit
  /// would have moved them: a position moved to two places, two to one, or positions out of their order.
  static func between(_ old: FileFacts, _ new: FileFacts) -> FactShift? {
    guard old.path == new.path, !holdsSuppressions(old), !holdsSuppressions(new) else { return nil }
    let before = PositionFreeFingerprint.withPositions(Facts(content: old.content, problems: old.problems))
    let after = PositionFreeFingerprint.withPositions(Facts(content: new.content, problems: new.problems))
    guard before.fingerprint == after.fingerprint, before.positions.count == after.positions.count else { return nil }
    // In the order of the old text, the new places keep that order: one place each, none crossing another.
    let pairs = zip(before.positions, after.positions).sorted { $0.0.offset < $1.0.offset }
    for (first, second) in zip(pairs, pairs.dropFirst()) {
      if first.0 == second.0 {
        if first.1 != second.1 { return nil }
      } else if first.0.offset == second.0.offset || first.1.offset >= second.1.offset {
        return nil
      }
    }
    var moved: [SourcePosition: SourcePosition] = [:]
    for (from, to) in pairs where from != to { moved[from] = to }
    return FactShift(moved: moved, known: Set(before.positions))
  }

  /// `findings` with their positions in the files of `shifts` moved (locations, related locations, fix edits); `nil`
  /// when one of those positions is not one of its file's facts.
  static func moving(_ findings: [Finding], by shifts: [String: FactShift]) -> [Finding]? {
    let shifted = shifts.filter { !$0.value.moved.isEmpty }
    if shifted.isEmpty { return findings }
    for finding in findings {
      for (file, range) in places(of: finding) {
        guard let shift = shifted[file] else { continue }
        guard shift.known.contains(range.start), shift.known.contains(range.end) else { return nil }
      }
    }
    let maps = shifted.mapValues(\.moved)
    return findings.map { SubjectResult.moving($0, by: maps) }
  }

  /// Every file and range a finding names.
  private static func places(of finding: Finding) -> [(file: String, range: SourceRange)] {
    [(finding.location.file, finding.location.range)]
      + finding.related.map { ($0.location.file, $0.location.range) }
      + finding.fixes.flatMap { $0.edits.map { ($0.path, $0.range) } }
  }

  private static func holdsSuppressions(_ facts: FileFacts) -> Bool {
    guard let suppressions = facts.swift?.suppressions else { return false }
    return !suppressions.isEmpty
  }

  /// What the fingerprint covers: a file's facts but its path and line count (which only statistics read).
  private struct Facts: Encodable {
    let content: FileFacts.Content
    let problems: [FileProblem]
  }
}
