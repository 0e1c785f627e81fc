import Testing
import TablelintCore
@testable import TablelintRules

/// `selectorBaseName` works on bytes for ASCII selectors; it must give what the `Character` definition gives.
@Suite struct SelectorBaseNameTests {
  @Test func theBytesGiveWhatTheCharactersGive() {
    let selectors = [
      "refreshWithSender:", "reset:", "reset", "With:", "aWith:", "doWithWith:", "loadWithUrl:error:", "", ":",
      "élanWithSender:", "fooWit\u{301}h:", "fooWith\u{301}:", "x\u{600}With:", "With", "Withx", "xWithyWithz:",
    ]
    for selector in selectors {
      #expect(NameSuggestion.selectorBaseName(of: selector) == NameSuggestion.characterBaseName(of: selector), "\(selector)")
    }
    var generator = SeededGenerator(seed: 11)
    let pieces = ["W", "i", "t", "h", "With", ":", "a", "é", "\u{301}", "\u{600}", "x"]
    for _ in 0..<3_000 {
      let selector = (0..<Int.random(in: 0...7, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
        .joined()
      #expect(NameSuggestion.selectorBaseName(of: selector) == NameSuggestion.characterBaseName(of: selector), "\(selector)")
    }
  }
}

/// `NameSuggestion.closest`: within the distance limit, the smallest distance; at equal distance a candidate that
/// holds the name or is held by it (found on openhab-ios, whose storyboard names `ImageUITableViewCell`, renamed
/// `NewImageUITableViewCell`; `FrameUITableViewCell` is as close by edits and came first by name).
@Suite struct ClosestNameTests {
  @Test func aRenameByPrefixOrSuffixWinsATie() {
    let cells = ["FrameUITableViewCell", "NewImageUITableViewCell", "GenericUITableViewCell"]
    #expect(NameSuggestion.closest(to: "ImageUITableViewCell", among: cells) == "NewImageUITableViewCell")
    #expect(NameSuggestion.closest(to: "SettingsCellLegacy", among: ["SettingsCell", "SettingCellLegacy"])
      == "SettingCellLegacy")
    #expect(NameSuggestion.closest(to: "ProfileCel", among: ["ProfileCell", "ProfileCel2"]) == "ProfileCel2")
    #expect(NameSuggestion.closest(to: "Cell", among: ["cell", "Cells"]) == "cell")
    #expect(NameSuggestion.closest(to: "FeedCell", among: ["OrderView"]) == nil)
  }
}

/// `NameSuggestion.closest` picks in one pass what the first candidate in sorted order with the best (distance,
/// unrelated) was: the same answer for every name among many candidates, repeats and case variants included.
@Suite struct OnePassClosestNameTests {
  /// The definition: candidates in sorted order, the first equal but for case, else the first at the least distance
  /// (one holding the name or held by it before an unrelated one).
  static func sortedDefinition(_ name: String, _ candidates: [String], maximumDistance: Int = 3) -> String? {
    var best: (name: String, distance: Int, unrelated: Bool)?
    let lowered = name.lowercased()
    for candidate in Set(candidates).sorted() where candidate != name {
      let candidateLowered = candidate.lowercased()
      if candidateLowered == lowered { return candidate }
      let distance = NameSuggestion.editDistance(Array(lowered), Array(candidateLowered))
      let limit = min(maximumDistance, max(1, name.count / 3))
      guard distance <= limit else { continue }
      let unrelated = !candidateLowered.contains(lowered) && !lowered.contains(candidateLowered)
      if best.map({ (distance, unrelated ? 1 : 0) < ($0.distance, $0.unrelated ? 1 : 0) }) ?? true {
        best = (candidate, distance, unrelated)
      }
    }
    return best?.name
  }

  @Test func onePassAnswersAsTheSortedDefinition() {
    let stems = ["PhotoCell", "ImageUITableViewCell", "FeedCell", "Cell", "reloadData", "tap:", "Café", "Straße", "İstanbul"]
    var candidates: [String] = []
    for stem in stems {
      candidates += [stem, stem.lowercased(), stem.uppercased(), "New" + stem, stem + "s", String(stem.dropLast()),
        String(stem.dropFirst()), stem + "View", "X" + stem.dropFirst()]
    }
    candidates += candidates.prefix(10)  // repeats
    var generator = SystemRandomNumberGenerator()
    for name in candidates + ["PhotoCel", "photocell", "FeedCel", "Zzz", "", "A", "ImageUITableViewCel", "Strasse"] {
      #expect(NameSuggestion.closest(to: name, among: candidates) == Self.sortedDefinition(name, candidates), "\(name)")
      let shuffled = candidates.shuffled(using: &generator)
      #expect(NameSuggestion.closest(to: name, among: shuffled) == Self.sortedDefinition(name, candidates), "\(name)")
      #expect(
        NameSuggestion.closest(to: name, among: shuffled, maximumDistance: 1)
          == Self.sortedDefinition(name, candidates, maximumDistance: 1), "\(name)")
    }
  }
}
