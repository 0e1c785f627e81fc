import TablelintModel

/// Applies the fixes findings carry (`Finding.fixes`) to file texts: what `tablelint lint --fix` does between two
/// runs of the rules, and what rule corrections are tested with.
public enum FixApplier {
  public struct Outcome: Sendable {
    /// The new text of every file a fix changed.
    public var texts: [String: [UInt8]] = [:]
    /// How many fixes were applied.
    public var applied = 0
    /// Files left as they were because the fixed text would not parse as well as before, with the reason.
    public var refused: [String: String] = [:]
  }

  /// Applies every fix of `findings` with an allowed applicability (one per finding, the first; suggestions never), in finding order,
  /// skipping any fix that overlaps one already chosen (the next round, after the rules ran again, can take it). A fix
  /// is applied to all its files or none; a file whose fixed text parses worse than its text now (a Swift syntax
  /// error, an Interface Builder file that no longer reads, a new problem) is not changed, nor are the other files of
  /// its fixes.
  public static func apply(_ findings: [Finding], unsafe: Bool, read: (String) -> [UInt8]?) -> Outcome {
    var chosen: [String: [(start: Int, end: Int, text: String)]] = [:]
    var fixesByFile: [String: [Int]] = [:]
    var fixes: [Fix] = []
    var texts: [String: [UInt8]] = [:]
    var originals: [Fix] = []
    for finding in findings {
      guard let original = finding.fixes.first(where: { $0.applicability == .safe || (unsafe && $0.applicability == .unsafe) }), !original.edits.isEmpty else {
        continue
      }
      var valid = true
      // Anchored edits become plain ones against the text (a fix whose anchor is gone is skipped).
      var resolved: [FixEdit] = []
      for edit in original.edits {
        if texts[edit.path] == nil { texts[edit.path] = read(edit.path) }
        guard let text = texts[edit.path], let plain = FixResolver.resolve(edit, in: text) else {
          valid = false
          break
        }
        resolved.append(plain)
      }
      guard valid else { continue }
      let fix = Fix(title: original.title, applicability: original.applicability, edits: resolved)
      for edit in fix.edits {
        guard let text = texts[edit.path], edit.start >= 0, edit.start <= edit.end, edit.end <= text.count,
          !(chosen[edit.path] ?? []).contains(where: { overlaps($0, edit) }),
          !fix.edits.contains(where: { $0 != edit && $0.path == edit.path && overlaps(($0.start, $0.end, $0.newText), edit) })
        else {
          valid = false
          break
        }
      }
      guard valid else { continue }
      for edit in fix.edits {
        chosen[edit.path, default: []].append((edit.start, edit.end, edit.newText))
        fixesByFile[edit.path, default: []].append(fixes.count)
      }
      fixes.append(fix)
      originals.append(original)
    }

    var outcome = Outcome()
    var refusedFixes: Set<Int> = []
    var fixed: [String: [UInt8]] = [:]
    for (path, edits) in chosen {
      guard let old = texts[path] else { continue }
      var new = old
      for edit in edits.sorted(by: { $0.start > $1.start }) {
        new.replaceSubrange(edit.start..<edit.end, with: Array(edit.text.utf8))
      }
      if let reason = parsesWorse(path: path, old: old, new: new) {
        outcome.refused[path] = reason
        refusedFixes.formUnion(fixesByFile[path] ?? [])
      } else {
        fixed[path] = new
      }
    }
    // A fix refused in one of its files is refused in all of them: those files are recomputed without it.
    if !refusedFixes.isEmpty {
      let kept = findings.compactMap { finding -> Finding? in
        guard let fix = finding.fixes.first(where: { $0.applicability == .safe || (unsafe && $0.applicability == .unsafe) }),
          let position = originals.firstIndex(of: fix), refusedFixes.contains(position)
        else { return finding }
        var without = finding
        without.fixes = []
        return without
      }
      var again = apply(kept, unsafe: unsafe, read: read)
      again.refused.merge(outcome.refused) { $1 }
      return again
    }
    outcome.texts = fixed
    outcome.applied = fixes.count
    return outcome
  }

  private static func overlaps(_ chosen: (start: Int, end: Int, text: String), _ edit: FixEdit) -> Bool {
    // Two insertions at one place, or ranges that share a byte.
    (chosen.start == edit.start && (chosen.start == chosen.end || edit.start == edit.end))
      || (chosen.start < edit.end && edit.start < chosen.end)
  }

  /// Why `new` is worse than `old`, or `nil`.
  static func parsesWorse(path: String, old: [UInt8], new: [UInt8]) -> String? {
    guard let before = Frontends.parse(path: path, bytes: old) else { return nil }
    guard let after = Frontends.parse(path: path, bytes: new) else { return "it would not be read any more" }
    if after.swift?.hasSyntaxErrors == true, before.swift?.hasSyntaxErrors != true {
      return "the fix would leave a Swift syntax error"
    }
    if after.interfaceBuilder == nil, before.interfaceBuilder != nil { return "the fix would leave invalid XML" }
    if after.problems.count > before.problems.count { return "the fix would leave a problem reading the file" }
    return nil
  }
}
