/// How Swift names a member for the Objective-C runtime (the selector IB and `Selector("…")` must match).
enum ObjCSelectorNaming {
  /// Words that Swift treats as prepositions when deriving the first selector piece: a first argument label
  /// starting with one of these is capitalised and appended; any other label gets "With" before it.
  static let prepositions: Set<String> = [
    "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following", "for", "from",
    "given", "in", "including", "inside", "into", "matching", "of", "on", "passing", "preceding", "since", "to",
    "until", "using", "via", "when", "with", "within",
  ]

  /// The selector of a function or initializer named `baseName` with these argument labels (`nil` for `_`).
  static func selector(
    baseName: String, labels: [String?], throwing: Bool = false, async: Bool = false
  ) -> String {
    var pieces: [String] = []
    var firstPiece = baseName
    if let first = labels.first {
      if let label = first, !label.isEmpty {
        if !startsWithPreposition(label) {
          firstPiece += "With"
        }
        firstPiece += capitalized(label)
      }
      pieces.append(firstPiece)
      pieces.append(contentsOf: labels.dropFirst().map { $0 ?? "" })
    } else {
      pieces.append(firstPiece)
    }
    // Error and completion parameters follow the declared ones.
    var extra: [String] = []
    if async { extra.append("completionHandler") }
    if throwing { extra.append("error") }
    if !extra.isEmpty {
      if labels.isEmpty {
        let suffix = async ? "WithCompletionHandler" : "AndReturnError"
        // `f() async throws` → fWithCompletionHandler:
        return baseName + suffix + ":"
      }
      pieces.append(contentsOf: extra)
    }
    if labels.isEmpty && extra.isEmpty { return baseName }
    return pieces.map { $0 + ":" }.joined()
  }

  /// The setter of a property: `setName:`.
  static func setter(forProperty name: String) -> String {
    "set" + capitalized(name) + ":"
  }

  static func startsWithPreposition(_ label: String) -> Bool {
    prepositions.contains(firstWord(label).lowercased())
  }

  /// The first camel-case word: `withSender` → `with`, `URL` → `URL`.
  static func firstWord(_ identifier: String) -> String {
    var word = ""
    for (index, character) in identifier.enumerated() {
      if index > 0, character.isUppercase { break }
      word.append(character)
    }
    return word
  }

  static func capitalized(_ word: String) -> String {
    guard let first = word.first else { return word }
    return first.uppercased() + word.dropFirst()
  }
}
