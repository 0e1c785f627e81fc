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
