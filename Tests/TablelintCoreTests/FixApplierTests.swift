import Testing
import TablelintModel

@testable import TablelintCore

@Suite struct FixApplierTests {
  static let text = Array("let a = \"x\"\nlet b = \"y\"\n".utf8)

  static func finding(_ edits: [FixEdit], _ applicability: Fix.Applicability = .safe) -> Finding {
    Finding(
      ruleID: "test", severity: .error, message: "m",
      location: SourceLocation(file: "A.swift", range: SourceRange(at: SourcePosition(line: 1, column: 1, offset: 0))),
      fixes: [Fix(title: "t", applicability: applicability, edits: edits)]
    )
  }

  @Test func appliesNonOverlappingFixesAndLeavesOverlappingOnesForTheNextRound() {
    let findings = [
      Self.finding([FixEdit(path: "A.swift", start: 8, end: 11, newText: "\"X\"")]),
      Self.finding([FixEdit(path: "A.swift", start: 9, end: 10, newText: "Z")]),
      Self.finding([FixEdit(path: "A.swift", start: 20, end: 23, newText: "\"Y\"")]),
    ]
    let outcome = FixApplier.apply(findings, unsafe: false) { $0 == "A.swift" ? Self.text : nil }
    #expect(outcome.applied == 2)
    #expect(outcome.texts["A.swift"].map { String(decoding: $0, as: UTF8.self) } == "let a = \"X\"\nlet b = \"Y\"\n")
  }

  @Test func unsafeFixesOnlyWhenAsked() {
    let findings = [Self.finding([FixEdit(path: "A.swift", start: 8, end: 11, newText: "\"X\"")], .unsafe)]
    #expect(FixApplier.apply(findings, unsafe: false) { _ in Self.text }.applied == 0)
    #expect(FixApplier.apply(findings, unsafe: true) { _ in Self.text }.applied == 1)
  }

  @Test func aFileAFixWouldBreakIsLeftAsItIsWithTheOtherFilesOfItsFixes() {
    let breaking = Self.finding([
      FixEdit(path: "A.swift", start: 8, end: 11, newText: "\"X"),
      FixEdit(path: "B.swift", start: 0, end: 3, newText: "var"),
    ])
    let fine = Self.finding([FixEdit(path: "A.swift", start: 20, end: 23, newText: "\"Y\"")])
    let outcome = FixApplier.apply([breaking, fine], unsafe: false) { _ in Self.text }
    #expect(outcome.refused["A.swift"] == "the fix would leave a Swift syntax error")
    #expect(outcome.texts["B.swift"] == nil)
    // Which of A's fixes breaks it is not known: A is left as it is, and B with it; a fix elsewhere still applies.
    #expect(outcome.texts["A.swift"] == nil)
    #expect(outcome.applied == 0)
    let elsewhere = Self.finding([FixEdit(path: "C.swift", start: 8, end: 11, newText: "\"Z\"")])
    let again = FixApplier.apply([breaking, elsewhere], unsafe: false) { _ in Self.text }
    #expect(again.applied == 1 && again.texts.keys.sorted() == ["C.swift"])
  }

  @Test func editsOutsideTheTextAreIgnored() {
    let findings = [Self.finding([FixEdit(path: "A.swift", start: 5, end: 500, newText: "")])]
    #expect(FixApplier.apply(findings, unsafe: true) { _ in Self.text }.applied == 0)
  }

  @Test func theDiffIsUnified() {
    let diff = UnifiedDiff.make(path: "A.swift", old: "a\nb\nc\nd\ne\nf\ng\nh\ni\n", new: "a\nb\nc\nd\nE\nf\ng\nh\ni\n")
    #expect(diff == "--- a/A.swift\n+++ b/A.swift\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n")
    #expect(UnifiedDiff.make(path: "A.swift", old: "same\n", new: "same\n").isEmpty)
  }
}
