/// "Did you mean …" suggestions: the closest candidate by edit distance, case-insensitively first.
enum NameSuggestion {
  static func closest(to name: String, among candidates: some Sequence<String>, maximumDistance: Int = 3) -> String? {
    var best: (name: String, distance: Int)?
    for candidate in Set(candidates).sorted() where candidate != name {
      if candidate.lowercased() == name.lowercased() { return candidate }
      let distance = editDistance(Array(name.lowercased()), Array(candidate.lowercased()))
      let limit = min(maximumDistance, max(1, name.count / 3))
      if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    return best?.name
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

  /// ", did you mean 'X'?" or "".
  static func suffix(for name: String, among candidates: some Sequence<String>) -> String {
    closest(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }
}
