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
