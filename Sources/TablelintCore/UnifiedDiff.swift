/// A unified diff of two texts (`tablelint lint --fix --diff`), as `diff -u` writes it: `---`/`+++` headers naming
/// the file, then hunks with three lines of context.
public enum UnifiedDiff {
  public static func make(path: String, old: String, new: String, context: Int = 3) -> String {
    let before = lines(old)
    let after = lines(new)
    guard before != after else { return "" }
    // Which lines of each side are kept (a longest common subsequence, from the standard library's diff).
    var removed = Set<Int>()
    var inserted = Set<Int>()
    for change in after.difference(from: before) {
      switch change {
      case .remove(let offset, _, _): removed.insert(offset)
      case .insert(let offset, _, _): inserted.insert(offset)
      }
    }
    // Walk both sides together: (old index, new index, kind) per output line.
    enum Kind { case same, removed, inserted }
    var script: [(old: Int, new: Int, kind: Kind)] = []
    var (i, j) = (0, 0)
    while i < before.count || j < after.count {
      if i < before.count, removed.contains(i) {
        script.append((i, j, .removed))
        i += 1
      } else if j < after.count, inserted.contains(j) {
        script.append((i, j, .inserted))
        j += 1
      } else {
        script.append((i, j, .same))
        i += 1
        j += 1
      }
    }
    var output = "--- a/\(path)\n+++ b/\(path)\n"
    var index = 0
    while index < script.count {
      guard script[index].kind != .same else {
        index += 1
        continue
      }
      // A hunk: from `context` lines before this change to `context` lines after the last change close to it.
      let start = max(0, index - context)
      var end = index
      var lastChange = index
      while end < script.count, end - lastChange <= 2 * context {
        if script[end].kind != .same { lastChange = end }
        end += 1
      }
      end = min(script.count, lastChange + context + 1)
      let hunk = script[start..<end]
      let oldCount = hunk.filter { $0.kind != .inserted }.count
      let newCount = hunk.filter { $0.kind != .removed }.count
      let oldStart = oldCount == 0 ? hunk.first!.old : hunk.first!.old + 1
      let newStart = newCount == 0 ? hunk.first!.new : hunk.first!.new + 1
      output += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
      for line in hunk {
        switch line.kind {
        case .same: output += " " + before[line.old] + "\n"
        case .removed: output += "-" + before[line.old] + "\n"
        case .inserted: output += "+" + after[line.new] + "\n"
        }
      }
      index = end
    }
    return output
  }

  private static func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}
