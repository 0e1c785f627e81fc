/// "Did you mean …" suggestions, shared by the rules' messages and the language server's quick fixes.
public enum NameSuggestion {
  /// The closest candidate: case-insensitively equal first, then by edit distance within a third of the length; at
  /// equal distance, one that holds the name or is held by it (a class renamed by a prefix or a suffix,
  /// `ImageUITableViewCell` → `NewImageUITableViewCell`, before `FrameUITableViewCell`), then by name.
  public static func closest(
    to name: String, among candidates: some Sequence<String>, maximumDistance: Int = 3
  ) -> String? {
    // One pass, no sort (a workspace's thousands of class names were sorted for every unknown class): the least by
    // (distance, unrelated, name), or the least name equal but for case, is what the first in sorted order was.
    var best: (distance: Int, unrelated: Int, name: String)?
    var equalButForCase: String?
    let lowered = name.lowercased()
    let loweredCharacters = Array(lowered)
    let limit = min(maximumDistance, max(1, name.count / 3))
    for candidate in candidates where candidate != name {
      let candidateLowered = candidate.lowercased()
      if candidateLowered == lowered {
        if equalButForCase.map({ candidate < $0 }) ?? true { equalButForCase = candidate }
        continue
      }
      // An edit distance is at least the difference of the lengths.
      guard equalButForCase == nil, abs(candidateLowered.count - loweredCharacters.count) <= limit else { continue }
      let distance = editDistance(loweredCharacters, Array(candidateLowered))
      guard distance <= limit else { continue }
      let unrelated = !candidateLowered.contains(lowered) && !lowered.contains(candidateLowered) ? 1 : 0
      if best.map({ (distance, unrelated, candidate) < $0 }) ?? true { best = (distance, unrelated, candidate) }
    }
    return equalButForCase ?? best?.name
  }

  /// The nearest candidate at any distance (ties by name): for quick fixes, which must offer something.
  public static func nearest(to name: String, among candidates: some Sequence<String>) -> String? {
    if let close = closest(to: name, among: candidates) { return close }
    let lowered = Array(name.lowercased())
    return Set(candidates).subtracting([name]).sorted()
      .min { editDistance(lowered, Array($0.lowercased())) < editDistance(lowered, Array($1.lowercased())) }
  }

  /// A selector suggestion: one with the same base name first (the arity or a label differs), else the closest
  /// (or, with `allowDistant`, the nearest at any distance).
  public static func selector(
    for selector: String, among candidates: some Sequence<String>, allowDistant: Bool = false
  ) -> String? {
    let base = selectorBaseName(of: selector)
    let all = Array(candidates)
    if let sameBase = all.filter({ $0 != selector && selectorBaseName(of: $0) == base }).sorted().first {
      return sameBase
    }
    return allowDistant ? nearest(to: selector, among: all) : closest(to: selector, among: all)
  }

  /// `refreshWithSender:` → `refresh`; `reset:` → `reset`.
  public static func selectorBaseName(of selector: String) -> String { String(selectorBaseNameSlice(of: selector)) }

  /// `selectorBaseName(of:)` as a piece of the selector: a pass over every Objective-C method of a workspace makes a
  /// string only of the base names that may be asked for.
  public static func selectorBaseNameSlice(of selector: String) -> Substring {
    // Bytes: this runs for every Objective-C method of a workspace (Characters made it 2 % of a cold lint). Only
    // ASCII selectors: elsewhere a byte of `With` may belong to a larger `Character`, which the definition compares.
    if selector.utf8.contains(where: { $0 >= 0x80 }) { return characterBaseName(of: selector)[...] }
    var bytes = selector.utf8
    let length = bytes.withContiguousStorageIfAvailable { bytes in
      let end = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.count
      var index = end - 4
      while index > 0 {
        if bytes[index] == UInt8(ascii: "W"), bytes[index + 1] == UInt8(ascii: "i"), bytes[index + 2] == UInt8(ascii: "t"),
          bytes[index + 3] == UInt8(ascii: "h")
        {
          return index
        }
        index -= 1
      }
      return end
    }
    guard let length else { return characterBaseName(of: selector)[...] }
    bytes = selector.utf8
    return selector[..<bytes.index(bytes.startIndex, offsetBy: length)]
  }

  /// `selectorBaseName` on `Character`s: the definition.
  static func characterBaseName(of selector: String) -> String {
    let firstPiece = selector.split(separator: ":", omittingEmptySubsequences: false).first.map(String.init) ?? selector
    let characters = Array(firstPiece)
    var index = characters.count - 4
    while index > 0 {
      if String(characters[index..<index + 4]) == "With" { return String(characters[..<index]) }
      index -= 1
    }
    return firstPiece
  }

  static func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
    if lhs.isEmpty { return rhs.count }
    if rhs.isEmpty { return lhs.count }
    var previous = Array(0...rhs.count)
    var current = Array(repeating: 0, count: rhs.count + 1)
    for i in 1...lhs.count {
      current[0] = i
      for j in 1...rhs.count {
        let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[rhs.count]
  }

  /// "; did you mean 'X'?" or "".
  static func suffix(for name: String, among candidates: some Sequence<String>) -> String {
    closest(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }
}
