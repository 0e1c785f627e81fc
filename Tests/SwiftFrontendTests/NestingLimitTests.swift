import Foundation
import Testing
import TablelintModel
@testable import SwiftFrontend

/// Files nested too deeply for swift-syntax's parser are reported, not parsed (`SwiftNestingScanner`).
@Suite struct NestingLimitTests {
  /// Found by `scripts/fuzz.sh swift`: a run of `[` inside a call made swift-syntax's lookahead exponential (the
  /// fuzzer's input did not finish in 10 s; 30 levels never finish).
  @Test func nestedSquareBracketsFoundByTheFuzzerAreReportedNotParsed() {
    let source = "let rows = [Row(text: \"Contact\", accessory: .disclosureIndicator" + String(repeating: "[", count: 96)
      + ", cellClass: SubtitleCell.self)]\n"
    let facts = SwiftFrontend.parse(path: "About.swift", bytes: Array(source.utf8))
    #expect(facts.content == .unreadable)
    #expect(facts.problems.map(\.message) == ["'[' nested more than 12 levels deep; not analysed"])
    // The 13th open `[` (the array's, then 12 of the run): the first past the limit.
    let offset = source.utf8.count - 96 - ", cellClass: SubtitleCell.self)]\n".utf8.count + 11
    #expect(facts.problems.first?.location.range.start == SourcePosition(line: 1, column: offset + 1, offset: offset))
  }

  /// Found by `scripts/fuzz.sh swift` (a timeout): a lone `\r` ends a line comment and a single-line string for
  /// swift-syntax's lexer, so the `[` after it are code; the scan had read them as comment and let the file reach the
  /// parser's exponential lookahead.
  @Test func carriageReturnEndsLineCommentsAndStringsForTheScanToo() {
    let run = String(repeating: "[", count: 40)
    for source in ["/// Main.storyboard\r" + run + "\n", "let title = \"Privacy\r" + run + "\n"] {
      let facts = SwiftFrontend.parse(path: "Privacy.swift", bytes: Array(source.utf8))
      #expect(facts.content == .unreadable)
      #expect(facts.problems.map(\.message) == ["'[' nested more than 12 levels deep; not analysed"])
    }
    // In a comment that goes on to `\n`, the same run is no code.
    let comment = SwiftFrontend.parse(path: "Privacy.swift", bytes: Array(("/// Main.storyboard " + run + "\n").utf8))
    #expect(comment.problems.isEmpty)
  }

  /// Found by `scripts/fuzz.sh swift` (its oracle, on `"\` then `\r\[`): a backslash does not carry a single-line
  /// string over a line break for the lexer, so the `[` after it are code; the scan had taken the line break as the
  /// escaped character and gone on reading text. A multi-line string does continue past an escaped line break.
  @Test func anEscapedLineBreakStillEndsASingleLineString() {
    #expect(SwiftFrontend.nestingScanSeesEverySquareBracket(Array("\"\\\r\\[".utf8)))
    let run = String(repeating: "[", count: 40)
    for lineBreak in ["\r", "\n", "\r\n"] {
      let source = "let title = \"Privacy\\" + lineBreak + run + "\n"
      #expect(SwiftFrontend.nestingScanSeesEverySquareBracket(Array(source.utf8)))
      let facts = SwiftFrontend.parse(path: "Privacy.swift", bytes: Array(source.utf8))
      #expect(facts.problems.map(\.message) == ["'[' nested more than 12 levels deep; not analysed"])
    }
    let multiline = "let text = \"\"\"\n  first \\\n  " + run + "\n  \"\"\"\n"
    #expect(SwiftFrontend.parse(path: "Text.swift", bytes: Array(multiline.utf8)).problems.isEmpty)
  }

  /// Found by `scripts/fuzz.sh swift` (its oracle, on `<#'#>\[`): swift-syntax's lexer reads `<#…#>` as one token,
  /// an editor placeholder, so a quote in it opens no string and the `[` after it are code; the scan had opened a
  /// string at the quote. Brackets a placeholder opens are still counted (after an operator the lexer reads none).
  @Test func anEditorPlaceholderHoldsNoString() {
    #expect(SwiftFrontend.nestingScanSeesEverySquareBracket(Array("<#'#>\\[".utf8)))
    let run = String(repeating: "[", count: 40)
    for placeholder in ["<#'#>", "<#\"title\"#>", "<#name: String#>"] {
      let source = "let title = " + placeholder + "\nlet rows = " + run + "\n"
      #expect(SwiftFrontend.nestingScanSeesEverySquareBracket(Array(source.utf8)), "\(placeholder)")
      let facts = SwiftFrontend.parse(path: "Draft.swift", bytes: Array(source.utf8))
      #expect(facts.problems.map(\.message) == ["'[' nested more than 12 levels deep; not analysed"], "\(placeholder)")
    }
    // After an operator's byte the lexer reads no placeholder: the brackets in it are code, and counted.
    #expect(SwiftFrontend.nestingScanSeesEverySquareBracket(Array(("let x = 1 =<#" + run + "#>\n").utf8)))
    // A placeholder with nothing odd in it changes nothing.
    #expect(SwiftFrontend.parse(path: "Draft.swift", bytes: Array("let title = <#title#>\n".utf8)).problems.isEmpty)
  }

  /// Found by `scripts/fuzz.sh swift` (a timeout, 1.6 KB, base64 below): text after a multi-line string's opening
  /// quotes on their line, then `super.[[[…[init(`. swift-syntax's parser read that run of 30 `[` as code, though its
  /// lexer, reading the file alone, puts it in a string (which the nesting scan falls back to), and its lookahead
  /// never ended. In a file with such an opening, a run of `[` past the limit counts wherever it is.
  @Test func aRunOfSquareBracketsPastTheLimitCountsAfterAMultilineStringOpenedWithText() throws {
    let encoded = """
      aW1wb3J0IFVJS0NlbGwuc2VsZiwgZm9yQ2VsbFJldXNlSWRlbnRpZmllcjogY29udGFjdENlbGxJZGVudGlmaWVyKQogICAgdGFi
      bGVWaWV3LnJlZ2lzdGVyKENvbXBhbnlDZWxsLnNlbGYsIGZvckNlbGxSZXVzZUlkZW50aWZpZXI6IFN0cmluZyhkZXJjcmliaW5n
      OiBDb21wYW55Q2VsbC5zZWxmKSkKICAgIHRhYmxlVmlldy5yZWdpc3RlcihFbXB0eVN0YXRlQ2VsbC5zZWxmLCBmbyIiInR3YmVp
      ckNlbGxSZXVzZUlkZW50aWZpZXI6ICJcKEVtcHR5U3QgcmVnaXN0ZXJlZC4KZmluYWwgY2xhc3MgQ29udGFjdFNlYXJjaFJlc3Vs
      dHNDb250cm9sbGVyOiBVSVRhYmxlVmlld0NvbnRyb2xsZXIgewogIHZhciBzdHlwZWFsaWFzczogW1N0cmluZ10gPSBbXWVhbFYo
      X2wKICB2YXIgcmVjZW50OiBbU3RyaW5nXSA9IFtdCiAgdmFyIHJlc3VsdHM6IFtDb250YWN0XSA9IFtdCgogIG92ZXJyaWRlIGZ1
      bmMgbnVtYmVyT2ZTZWN0aW9ucyhpbiB0YWJsZVZpZXc6IFVJVGFibGVWaWV3KSAtPiBJbnQgeyAyIH0KCiAgb3ZlcnJpZGUgZnVu
      YyB0YWJsZVZpZXcoXyB0YWJsZVZpZXc6IFVJVGFibGVWaWV3LCBudW1iZXJPZlJvd3NJblNlY3Rpb24gc2VjdGlvbjogSW50KSAt
      PiBJbnQgewogICAgW3N1Z2dlc3Rpb25zLmNvdW50LCByZWNlbnQuY291bnQsIHJlaXQKCmNhdGNoLy8vIEV2ZXJ5IGxpc3Qgc2Ny
      ZWVuIGxvb2tzIHRoZSBzYW1lOiB0aGUgY2VsbHMgYXJlIHJlZ2lzdGVyZWQgb25jZSwgaGVyZSwgYW5kIGRlcXVldWVkIGJ5IHBh
      bnlDZWxsLnNlbGYpKQogICAgdGFibGVWaWV3LnJlZ2lzdGVyKEVtcHR5U3RhdGVDZWxsLnNlbGYsIGZvIiIidHdiZWlyQ2VsbFJl
      dXNlSWRlbnRpZmllcjogIlwoRWJsZUNlbGwod2l0aElkZW50aWZpZXI6ICJSZXN1bHQiKSBhcz8gQ29tcGFueUNlbGwgZWx1c2VJ
      ZGVudGlmaWVyOiBTdHJpbmc/KSB7CiAgICBzdXBlci5bW1tbW1tbW1tbW1tbW1tbW1tbW1tbW1tbW1tbW1tpbml0KHN0eWxlOiAu
      c3VidGl0bGUsIHJldXNlSWRlbnRpZmllcjogcmV1c2VJZGVudGlmaWVpc09uIH0KCiAgcmVxdWlyZWQgaW5pdGlld0NlbGwgewog
      IG92ZXJyaWRlIGZ1bmMgZGlkTW92ZVRvU3VwZXJ2aWV3KCkgewogICAgc3VwZXIuZGlkTW92ZVRvU3VwZXJ2aWV3KCkKICAgIHRl
      eHRMYWJlbD8udGV4dCA9IE5TTG9jYWxpemVkU3RyaW5nKCJObyBjb250YWN0cyB5ZXQiLCBjb21tZW50OiAiIikKICAgIHNlbGVj
      dGlvblN0eWxlID0gLm5vbmUKICB9Cn0KCmZpbG5hIGNsYXMgdGFibGVWaWVsPy50ZXh0ID0gcHJpY2UuZm9ybWF0dGVkKC5jdXJy
      ZW5jeShjb2RlOiAiVVNEIil3OiBVSVRhYmxlVmlldywgbnVtYmVyIl0gfQogIHN0YXRpYyB2YXIgc2VjdGlvbkZvb3RlcnM6IFtJ
      bnQ6IFN0cmluZ09mUm93c0luU2VjdGlvbiBzZWxlVmlld0NlbGwsIFJlTlNMb2NhbGl6ZWRTdHJpbmcoIk5vIGNvbnRhY3RzIHll
      dCIsIGNvbW1lbnQ6ICIiKQogICAgc2UpIGFzPyBDb21wYW55Q2VsbCBlbHNlIHRzIHlldCIsIGNvbW1lbnQ6ICIiKQpvbXBhbnlD
      ZWxsKHN0eWxlOiAuc3VidGl0bGUsIHJldXNlSWRlbnRpZmllcjogIlJlc3VsdCIpCiAgICAgICAgY2VsbC50ZXh0TGFiZWw/LnRl
      eHQgPSByZXN1bHRzW2luZGV4UGF0aC5zb3ddLg==
      """
    let bytes = try #require(Data(base64Encoded: encoded.filter { !$0.isWhitespace }))
    let facts = SwiftFrontend.parse(path: "Contacts.swift", bytes: [UInt8](bytes))
    #expect(facts.problems.map(\.message) == ["'[' nested more than 12 levels deep; not analysed"])
    // Elsewhere brackets in a string still do not count.
    let run = String(repeating: "[", count: 30)
    #expect(SwiftFrontend.parse(path: "Text.swift", bytes: Array("let s = \"\(run)\"\n".utf8)).problems.isEmpty)
  }

  /// Found by `scripts/fuzz.sh swift-incremental` (a timeout): swift-syntax lexes `/"Pla/` as a regex literal, so
  /// the `[` after it are code; the scan had read `"` as opening a string to the end of the line, and the parser's
  /// lookahead never ended. Extended literals (`#/…/#`) may hold quotes too, and span lines.
  @Test func regexLiteralsHoldingQuotesDoNotHideTheBracketsAfterThem() {
    let run = String(repeating: "[", count: 32)
    for source in [
      "let x = 1\n/\"Pla/priv\(run) ar\n",
      "let pattern = #/ \"a/# + \(run)\n",
      "let pattern = #/\n  \"name\n  /#\nlet rows = \(run)\n",
    ] {
      let facts = SwiftFrontend.parse(path: "Privacy.swift", bytes: Array(source.utf8))
      #expect(facts.content == .unreadable, "\(source)")
      #expect(facts.problems.map(\.message) == ["'[' nested more than 12 levels deep; not analysed"], "\(source)")
    }
  }

  /// Found by the swift fuzz target's check against the lexer: a raw identifier (`` `a ] b` ``, Swift 6) holds
  /// brackets the lexer does not read, so `]` there must not close the `[` before it; a lone backtick is punctuation.
  @Test func rawIdentifiersHideTheirBrackets() {
    let run = String(repeating: "[", count: 12)
    let hidden = "let a = \(run) `\(String(repeating: "]", count: 12))` \(run)\n"
    let facts = SwiftFrontend.parse(path: "Raw.swift", bytes: Array(hidden.utf8))
    #expect(facts.content == .unreadable)
    #expect(facts.problems.map(\.message) == ["'[' nested more than 12 levels deep; not analysed"])
    #expect(SwiftNestingScanner.depth(of: Array(hidden.utf8)).squareBrackets == 24)
    // Unclosed on its line, the backtick hides nothing.
    let lone = "let b = [[1]] ` ]\nlet c = [[2]]\n"
    #expect(SwiftNestingScanner.depth(of: Array(lone.utf8)).squareBrackets == 2)
    #expect(SwiftFrontend.nestingScanSeesEverySquareBracket(Array(hidden.utf8)))
    #expect(SwiftFrontend.nestingScanSeesEverySquareBracket(Array(lone.utf8)))
  }

  /// Found by the swift fuzz target's check against the lexer: a line break inside an interpolation of a single-line
  /// string ends the interpolation and the string, as the lexer recovers. A `)` on a later line closed the
  /// interpolation for the scan, which then read the rest of that line, code to the parser, as the string's text.
  @Test func aLineBreakEndsAnInterpolationOfASingleLineString() {
    let run = String(repeating: "[", count: 12)
    let source = "let s = \"\\(a\nf(x) ) \(run)\(run)\n"
    #expect(SwiftNestingScanner.depth(of: Array(source.utf8)).squareBrackets == 24)
    #expect(SwiftFrontend.nestingScanSeesEverySquareBracket(Array(source.utf8)))
    #expect(SwiftFrontend.parse(path: "Cut.swift", bytes: Array(source.utf8)).content == .unreadable)
    // A string in an interpolation in a string: the line break ends all of them.
    let nested = "let s = \"\\(f(\"\\(g(\nh) ) ) \(run)\(run)\n"
    #expect(SwiftNestingScanner.depth(of: Array(nested.utf8)).squareBrackets == 24)
    #expect(SwiftFrontend.nestingScanSeesEverySquareBracket(Array(nested.utf8)))
    // Multi-line strings' interpolations may span lines, and single-line ones closed on their line stay strings.
    let multiline = "let m = \"\"\"\n\\(a\n) [[[\n\"\"\"\nlet t = \"\\(b) [[\"\n"
    #expect(SwiftNestingScanner.depth(of: Array(multiline.utf8)).squareBrackets == 0)
    #expect(SwiftFrontend.nestingScanSeesEverySquareBracket(Array(multiline.utf8)))
  }

  /// Found by `scripts/fuzz.sh swift` (slow units, 1.7–1.9 s): `[` left open in a string its line ends unclosed,
  /// inside an interpolation, are text to the lexer but code to the parser's recovery, whose lookahead doubled with
  /// each one. Such `[` count as the code's; in a string closed on its line they still do not.
  @Test func squareBracketsLeftOpenInAStringItsLineEndsCount() {
    let found = "import UIKits: CompanyCell.selo))\n    tableView.registur(EmptyStateCell.self, forCellReuseIdentifier: "
      + "\"\\(Empt cell = eView.dequeueReusa[bleCell(wil(withIdentifier: Badge    ell\" is a proon view controller temppric"
      + String(repeating: "[", count: 21) + "eLabel: UILabel!\n\n  futlet ICoableView.dequeueReusableCell(withIdentifier: "
      + "TaskCetablelint:ll.reuseIdentifier, for: indexPath) as! TaskC[indexPath.\n"
    let facts = SwiftFrontend.parse(path: "Slow.swift", bytes: Array(found.utf8))
    #expect(facts.content == .unreadable)
    #expect(facts.problems.map(\.message) == ["'[' nested more than 12 levels deep; not analysed"])
    #expect(SwiftFrontend.nestingScanSeesEverySquareBracket(Array(found.utf8)))
    let run = String(repeating: "[", count: 13)
    // Left open at the end of the line, or of the file.
    #expect(SwiftNestingScanner.depth(of: Array("let s = \"\(run)\nlet t = 1\n".utf8)).squareBrackets == 13)
    #expect(SwiftNestingScanner.depth(of: Array("let s = \"\(run)".utf8)).squareBrackets == 13)
    // Closed on their line, or closed again inside the string, they stay text.
    #expect(SwiftNestingScanner.depth(of: Array("let s = \"\(run)\"\n".utf8)).squareBrackets == 0)
    #expect(SwiftNestingScanner.depth(of: Array("let s = \"[[]]\n".utf8)).squareBrackets == 2)
    #expect(SwiftFrontend.parse(path: "Text.swift", bytes: Array("let s = \"\(run)\"\n".utf8)).content != .unreadable)
  }

  /// Found by the swift fuzz target's check against the lexer: `#"""…"#` closed on its line is a single-line raw string
  /// holding quotes, not a multi-line one, so the lines after it are code.
  @Test func aRawTripleQuoteClosedOnItsLineIsASingleLineString() {
    let run = String(repeating: "[", count: 12)
    for opening in [##"let s = #"""a"#"##, ##"let s = #"""#"##, ###"let s = ##"""a"#"b"##"###] {
      let source = opening + "\n" + run + run + "\n"
      #expect(SwiftNestingScanner.depth(of: Array(source.utf8)).squareBrackets == 24, "\(opening)")
      #expect(SwiftFrontend.nestingScanSeesEverySquareBracket(Array(source.utf8)), "\(opening)")
    }
    // Without the closing delimiter on its line, it is a multi-line raw string, whose text hides brackets.
    let multiline = "let m = #\"\"\"\n[[[\n\"\"\"#\nlet n = 1\n"
    #expect(SwiftNestingScanner.depth(of: Array(multiline.utf8)).squareBrackets == 0)
    #expect(SwiftFrontend.nestingScanSeesEverySquareBracket(Array(multiline.utf8)))
  }

  /// Division, comments and paths in strings do not make the scan hand a file to the lexer: only a `/` where the
  /// lexer may start a regex literal does.
  @Test func divisionIsNotARegexLiteral() {
    let source = """
      let ratio = width / height, half = (a + b) / 2, third = 1 / count, mean = values.sum() / Double(n)
      x /= 2; y = a/b; let url = "https://example.com/a/b" // a / b
      let rows = [[a / 2, b/c], [d]] /* / "quoted / */
      let scaled = [size.width/scale, frame.height / 2.0, self / other]

      """
    let depth = SwiftNestingScanner.depth(of: Array(source.utf8))
    #expect(!depth.readByLexer)
    #expect(depth.squareBrackets == 2)
    #expect(SwiftNestingScanner.depth(of: Array("return /abc/\n".utf8)).readByLexer)
    #expect(SwiftNestingScanner.depth(of: Array("let r = x ?? /a\"/\n".utf8)).readByLexer)
  }

  /// Where no regex literal is, the lexer and the byte scan measure the same depth: on every fixture Swift file
  /// and on the idioms of these tests.
  @Test func theLexerAndTheScanAgreeOnTheFixtures() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures").path
    let paths = try FileManager.default.subpathsOfDirectory(atPath: root).filter { $0.hasSuffix(".swift") }
    #expect(paths.count > 40)
    for path in paths {
      let bytes = try #require(FileManager.default.contents(atPath: root + "/" + path)).map { $0 }
      let depth = SwiftNestingScanner.depth(of: bytes)
      // What the swift fuzz target checks on every input.
      #expect(SwiftFrontend.nestingScanSeesEverySquareBracket(bytes), "\(path)")
      // The one fixture with conflict markers, which the lexer skips whole.
      #expect(depth.readByLexer == path.hasSuffix("SyntaxErrors.swift"), "\(path)")
      var scanned = depth
      if !depth.readByLexer {
        scanned.readByLexer = true
        #expect(scanned == SwiftNestingScanner.lexedDepth(of: bytes), "\(path)")
      }
    }
  }

  /// The lexer skips a version-control conflict region whole, both sides: a `"""` in one side does not hide the `[`
  /// of the other from the measure.
  @Test func conflictMarkersAreReadByTheLexer() {
    let run = String(repeating: "[", count: 32)
    let source = "let a = 1\n<<<<<<< HEAD\nlet s = \"\"\"\n=======\n>>>>>>> main\nlet b = \(run)\n"
    let facts = SwiftFrontend.parse(path: "Merge.swift", bytes: Array(source.utf8))
    #expect(facts.content == .unreadable)
    #expect(facts.problems.map(\.message) == ["'[' nested more than 12 levels deep; not analysed"])
    #expect(SwiftNestingScanner.depth(of: Array(source.utf8)).readByLexer)
  }

  /// Found by `scripts/fuzz.sh swift` (a slow unit): `[` left open after a property name before a long operator line
  /// made swift-syntax's inline-array lookahead explore every level again for each byte of the operator, 0.47 s a run
  /// of 16 in release; past 12 levels such a file is reported.
  @Test func openSquareBracketsBeforeALongOperatorArePastTheLimit() {
    let source = "final class PriceCell: UITableViewCell {\n  @IBOutlet private var price" + String(repeating: "[", count: 13)
      + "Label!\n" + String(repeating: "=", count: 89) + "final class GalleryCell: UIView {}\n}\n"
    let facts = SwiftFrontend.parse(path: "PriceCell.swift", bytes: Array(source.utf8))
    #expect(facts.content == .unreadable)
    #expect(facts.problems.map(\.message) == ["'[' nested more than 12 levels deep; not analysed"])
  }

  /// `ByteCensus` lets a file with few bracket bytes skip the scan; at the limits, the scan still decides.
  /// Found by `scripts/fuzz.sh swift` (out of memory): swift-syntax's parser takes time and memory exponential in how
  /// many attribute argument lists hold an unclosed closure with a binding; 22 of these took 14 s and 6.6 GB. Past 8
  /// the file is reported, not parsed.
  @Test func attributeArgumentsNestedDeeplyAreReportedNotParsed() {
    let deep = String(repeating: "@main(f {\n var\n\n", count: 22)
    #expect(
      SwiftFrontend.parse(path: "Deep.swift", bytes: Array(deep.utf8)).problems.map(\.message)
        == ["attribute arguments nested more than 8 levels deep; not analysed"]
    )
    // Side by side, attributes with arguments are as many as a file holds.
    let flat = String(repeating: "@available(iOS 13, *)\nfunc f() {}\n", count: 40)
    #expect(SwiftFrontend.parse(path: "Flat.swift", bytes: Array(flat.utf8)).problems.isEmpty)
    let eight = String(repeating: "@a(f {\n", count: 8) + String(repeating: "})\n", count: 8)
    #expect(SwiftNestingScanner.depth(of: Array(eight.utf8)).attributeArguments == 8)
    #expect(SwiftNestingScanner.lexedDepth(of: Array(eight.utf8)).attributeArguments == 8)
    // A list a `}` closes in broken code (as an editor's buffer is mid-edit) is no longer open.
    let broken = String(repeating: "f { @a(x }\n", count: 12)
    #expect(SwiftNestingScanner.depth(of: Array(broken.utf8)).attributeArguments == 1)
  }

  @Test func theLimitsHoldWhetherOrNotTheByteCountSkipsTheScan() {
    func unreadable(_ source: String) -> [String] {
      SwiftFrontend.parse(path: "Limits.swift", bytes: Array(source.utf8)).problems.map(\.message)
    }
    let nested = { (depth: Int) in "let a = " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n" }
    #expect(unreadable(nested(12)).isEmpty)
    #expect(unreadable(nested(13)) == ["'[' nested more than 12 levels deep; not analysed"])
    // Many `[` side by side: the count is past the limit, the nesting is not.
    #expect(unreadable(String(repeating: "let b = [[1]]\n", count: 40)).isEmpty)
    #expect(unreadable("let c = " + String(repeating: "(", count: 257) + "1" + String(repeating: ")", count: 257) + "\n")
      == ["brackets nested more than 256 levels deep; not analysed"])

    let census = ByteCensus(Array("f(a[0]) { x < y } // é".utf8))
    #expect(census.squareBrackets == 1 && census.openers == 4 && census.hasNonASCII && !census.hasNul)
    #expect(ByteCensus([0x41, 0, 0x42]).hasNul && !ByteCensus([0x41, 0, 0x42]).hasNonASCII)
  }

  /// The census counts eight bytes at a time in a 64-bit word: every length around a word, every byte value (a `[`
  /// with its high bit set, 0xDB, is not a `[`) and long runs of one byte count what a plain loop counts.
  @Test func theWordwiseCensusCountsWhatAPlainLoopCounts() {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt8] = Array("[({<a )".utf8) + [0, 0x80, 0xA8, 0xDB, 0xFB, 0xFF]
    for count in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1_000, 10_007] {
      for fill in 0..<3 {
        // All `[`, any byte, or bytes from the alphabet.
        let bytes: [UInt8] = (0..<count).map { _ in
          fill == 0 ? UInt8(ascii: "[") : fill == 1 ? UInt8.random(in: 0...255, using: &generator)
            : alphabet.randomElement(using: &generator)!
        }
        let census = ByteCensus(bytes)
        let square = bytes.count { $0 == UInt8(ascii: "[") }
        let others = bytes.count { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "<") }
        #expect(census.squareBrackets == square, "\(count) bytes, fill \(fill)")
        #expect(census.openers == square + others, "\(count) bytes, fill \(fill)")
        #expect(census.hasNul == bytes.contains(0) && census.hasNonASCII == bytes.contains { $0 >= 0x80 })
      }
    }
  }

  @Test func deeplyNestedGenericArgumentsAreReportedNotParsed() {
    let source = "let g: " + String(repeating: "Array<", count: 10_000) + "Int" + String(repeating: ">", count: 10_000)
      + " = []\n"
    let facts = SwiftFrontend.parse(path: "Generics.swift", bytes: Array(source.utf8))
    #expect(facts.content == .unreadable)
    #expect(facts.problems.map(\.message) == ["brackets nested more than 256 levels deep; not analysed"])
  }

  @Test func bracketsInCommentsAndStringsDoNotCount() {
    let deep = String(repeating: "[", count: 300)
    let source = """
      // \(deep)
      /* \(deep) /* nested */ \(deep) */
      let a = "\(deep)"
      let b = #"\\(\(deep)"#
      let c = \"\"\"
        \(deep) " \\\"\"\" \(deep)
        \"\"\"
      let d = [[1, 2], [3]]

      """
    let depth = SwiftNestingScanner.depth(of: Array(source.utf8))
    #expect(depth == SwiftNestingScanner.Depth(brackets: 2, squareBrackets: 2))
    #expect(SwiftFrontend.parse(path: "Strings.swift", bytes: Array(source.utf8)).problems.isEmpty)
  }

  @Test(arguments: [
    // Interpolations are code: their brackets count, as do the interpolation's parentheses.
    ("let s = \"\\(f([[[1]]]))\"", 5, 3, false),
    ("let s = #\"\\#([[1]])\"#", 3, 2, false),
    // Generic argument lists count after a name only, and end at `{`, `}` and `;`.
    ("let d: Dictionary<String, Array<Int>> = [:]", 2, 1, false),
    ("if a<b { x }; if c < d, e<=f, g<<h, i..<j { y }", 1, 0, false),
    ("func f() -> Array<Int> { [] }", 2, 1, false),
    // An unterminated single-line string ends at its line.
    ("let s = \"(((\nlet t = [1]", 1, 1, false),
    // Found by `scripts/fuzz.sh swift` (a fixture with junk typed in, > 100 s): the lexer reads `'…'` as a string
    // to the end of the line, so its `"""` opens nothing and the `[` below are code.
    ("x 'a \"\"\" b\nlet t = [[[1]]] // \"\"\"", 3, 3, false),
    // Real regex literals, and the quotes and brackets inside them, are read as the parser reads them, by its lexer:
    // the file is analysed.
    ("let quoted = /\"(\\w+)\"/\nlet rows = [[1, 2], [3]]\n", 2, 2, true),
    ("if let match = try? /[[:alpha:]]+\"/.firstMatch(in: text) { rows.append([match]) }\n", 3, 1, true),
    ("let heading = #/\n  ^# \"([^\"]+)\"\n  /#\nlet rows = [[1], [2]]\n", 2, 2, true),
    ("let key = #/[\"#]/#\nlet rows = [\"[\"]\n", 1, 1, true),
    // Found by `scripts/fuzz.sh swift`: a string closed with more `#` than it opened with; the lexer takes them all,
    // and its `[` after `""""""` is code, which the scan read as a raw multi-line string's text.
    ("#\"\"####\"\"\"\"\"\"[", 1, 1, true),
    ("let s = \"\\(#\"a\"##\"\"\"\"\"\")\"[", 1, 1, true),
  ] as [(String, Int, Int, Bool)])
  func depth(source: String, brackets: Int, squareBrackets: Int, readByLexer: Bool) {
    let depth = SwiftNestingScanner.depth(of: Array(source.utf8))
    #expect(depth.readByLexer == readByLexer)
    #expect(depth.brackets == brackets)
    #expect(depth.squareBrackets == squareBrackets)
  }
}
