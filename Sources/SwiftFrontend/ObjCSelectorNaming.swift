import TablelintModel

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
    baseName written: String, labels writtenLabels: [String?], throwing: Bool = false, async: Bool = false
  ) -> String {
    // `` func `import`(_:) `` is `import:` to the runtime.
    let baseName = SwiftIdentifier.unescaped(written)
    let labels = writtenLabels.map { $0.map(SwiftIdentifier.unescaped) }
    // Error and completion parameters follow the declared ones.
    if labels.isEmpty {
      if async { return baseName + "WithCompletionHandler:" }
      return throwing ? baseName + "AndReturnError:" : baseName
    }
    var selector = baseName
    if let label = labels[0], !label.isEmpty {
      if !startsWithPreposition(label) { selector += "With" }
      selector += capitalized(label)
    }
    selector += ":"
    for label in labels.dropFirst() {
      if let label { selector += label }
      selector += ":"
    }
    if async { selector += "completionHandler:" }
    if throwing { selector += "error:" }
    return selector
  }

  /// The setter of a property: `setName:`.
  static func setter(forProperty name: String) -> String {
    "set" + capitalized(name) + ":"
  }

  static func startsWithPreposition(_ label: String) -> Bool {
    prepositions.contains(firstWord(label).lowercased())
  }

  /// The first camel-case word: `withSender` → `with`, `URL` → `U`.
  static func firstWord(_ identifier: String) -> String {
    // An ASCII identifier by its bytes; any other by its characters (what `isUppercase` means beyond ASCII).
    let utf8 = identifier.utf8
    if utf8.allSatisfy({ $0 < 0x80 }) {
      let end = utf8.dropFirst().firstIndex { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } ?? utf8.endIndex
      return String(identifier[..<end])
    }
    var word = ""
    for (index, character) in identifier.enumerated() {
      if index > 0, character.isUppercase { break }
      word.append(character)
    }
    return word
  }

  static func capitalized(_ word: String) -> String {
    guard let first = word.utf8.first else { return word }
    // A lower-case ASCII letter by its byte; any other first character as `Character.uppercased()` has it.
    if first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") {
      var result = String(Unicode.Scalar(first - 0x20))
      result += Substring(word.utf8.dropFirst())
      return result
    }
    guard let character = word.first else { return word }
    return character.uppercased() + word.dropFirst()
  }
}
