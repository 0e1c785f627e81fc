import Testing
@testable import SwiftFrontend

/// `ByteSearch.contains` finds a needle wherever it fits, whichever of its bytes it looks for first.
@Suite struct ByteSearchTests {
  @Test func theNeedleIsFoundWhereverItFits() {
    let needles = ["tablelint:", "<<<<<<<", "b", "ttt"]
    for needle in needles {
      for before in ["", "t", "tab", "tablelint", "<<<<<<", "x\n"] {
        for after in ["", ":", "x", "<"] {
          let text = before + needle + after
          #expect(ByteSearch.contains(Array(text.utf8), needle), "\(text)")
        }
      }
    }
    // Every prefix and suffix of a needle, alone or around another text, is not the needle.
    let needle = "tablelint:"
    for cut in 1..<needle.count {
      let prefix = String(needle.prefix(cut))
      let suffix = String(needle.suffix(needle.count - cut))
      for text in [prefix, suffix, suffix + prefix, prefix + " " + suffix, "tablelint", "tablelin t:"] {
        #expect(!ByteSearch.contains(Array(text.utf8), needle), "\(text)")
      }
    }
    #expect(!ByteSearch.contains([], "x"))
    #expect(!ByteSearch.contains(Array("<<<<<<".utf8), "<<<<<<<"))
  }
}
