/// Which `#if` / `#elif` / `#else` branches the tokenizer follows: exactly one per chain, without evaluating
/// conditions. The first branch is taken unless its condition is a literal `0`; later branches only when no earlier
/// one was taken. Stray `#else` / `#endif` lines are ignored.
struct PreprocessorConditionals: Sendable {
  private struct Frame: Sendable {
    /// An enclosing branch is skipped, so everything in this chain is.
    var insideSkipped: Bool
    /// A branch of this chain has been taken already.
    var taken: Bool
    /// The current branch of this chain is skipped.
    var skipping: Bool
  }

  private var frames: [Frame] = []

  /// Tokens here belong to a branch that is not followed.
  var isSkipping: Bool { frames.last?.skipping ?? false }

  mutating func enterIf(conditionIsFalse: Bool) {
    let insideSkipped = isSkipping
    let takes = !insideSkipped && !conditionIsFalse
    frames.append(Frame(insideSkipped: insideSkipped, taken: takes, skipping: !takes))
  }

  mutating func enterElif(conditionIsFalse: Bool) {
    guard var frame = frames.popLast() else { return }
    let takes = !frame.insideSkipped && !frame.taken && !conditionIsFalse
    frame.taken = frame.taken || takes
    frame.skipping = !takes
    frames.append(frame)
  }

  mutating func enterElse() {
    enterElif(conditionIsFalse: false)
  }

  mutating func exit() {
    _ = frames.popLast()
  }
}
