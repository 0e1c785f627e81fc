import Foundation
import Testing
import TablelintCore
import TablelintModel

@Suite struct BaselineTests {
  static let unregistered = WorkspaceTests.controller.replacingOccurrences(
    of: "withIdentifier: \"Cell\"", with: "withIdentifier: \"Row\""
  )

  @Test func aBaselineSurvivesAnEditAboveTheFinding() throws {
    let project = try TemporaryProject(["App/List.swift": Self.unregistered, "App/Other.swift": "struct Other {}"])
    let first = try Workspace(roots: [project.root]).lint().findings
    #expect(first.count == 1)
    let path = project.root + "/tablelint-baseline.json"
    try Baseline(findings: first, directory: project.root, currentDirectory: "/").write(to: path)

    // Lines added above the finding, and the finding's line re-indented.
    let edited = "// A header comment\n// and another line\n\n" + Self.unregistered.replacingOccurrences(
      of: "    tableView.dequeueReusableCell", with: "      tableView.dequeueReusableCell"
    )
    try project.write("App/List.swift", edited)
    let second = try Workspace(roots: [project.root]).lint().findings
    #expect(second.count == 1)
    #expect(second[0].location.line == first[0].location.line + 3)

    let baseline = try Baseline.load(path: path)
    let (new, known) = baseline.newFindings(second, directory: project.root, currentDirectory: "/")
    #expect(new.isEmpty)
    #expect(known == 1)

    // A new finding of the same rule on another line is new.
    try project.write("App/List.swift", edited.replacingOccurrences(
      of: "  override func tableView(", with: "  func more(_ tableView: UITableView, _ indexPath: IndexPath) -> UITableViewCell {\n    tableView.dequeueReusableCell(withIdentifier: \"Other\", for: indexPath)\n  }\n  override func tableView("
    ))
    let third = try Workspace(roots: [project.root]).lint().findings
    let result = baseline.newFindings(third, directory: project.root, currentDirectory: "/")
    #expect(third.count == 2)
    #expect(result.new.map(\.message) == third.filter { $0.message.contains("'Other'") }.map(\.message))
    #expect(result.known == 1)
  }

  @Test func equalFingerprintsAreMatchedByCount() {
    let finding = Finding(
      ruleID: "missing_nib", severity: .error, message: "no nib 'X'",
      location: SourceLocation(file: "/nowhere/A.swift", range: SourceRange(at: SourcePosition(line: 3, column: 1, offset: 0)))
    )
    let baseline = Baseline(findings: [finding], directory: "/nowhere", currentDirectory: "/")
    let (new, known) = baseline.newFindings([finding, finding], directory: "/nowhere", currentDirectory: "/")
    #expect(new.count == 1 && known == 1)
  }

  @Test func fingerprintsIgnoreLineNumbersInMessagesAndUseRelativePaths() {
    let a = Finding(
      ruleID: "superfluous_suppression", severity: .warning, message: "suppresses nothing: line 9 has no finding",
      location: SourceLocation(file: "/repo/A.swift", range: SourceRange(at: SourcePosition(line: 8, column: 1, offset: 0)))
    )
    var b = a
    b.message = "suppresses nothing: line 12 has no finding"
    b.location.range = SourceRange(at: SourcePosition(line: 11, column: 1, offset: 0))
    let lines = SourceLines()
    #expect(Baseline.fingerprint(a, relativePath: "A.swift", sources: lines) == Baseline.fingerprint(b, relativePath: "A.swift", sources: lines))
    let baseline = Baseline(findings: [a], directory: "/repo", currentDirectory: "/")
    #expect(baseline.findings.map(\.file) == ["A.swift"])
    #expect(baseline.findings[0].fingerprint.count == 16)
    // Baselines are committed files: the fingerprint of a finding never changes between versions.
    #expect(Baseline.fingerprint(a, relativePath: "A.swift", sources: lines) == "3f94eb7062293027")
  }

  /// FNV-1a with the length mixed in, as every version computed it (values from an independent implementation).
  @Test func theStableHashNeverChanges() {
    #expect(StableHash.fnv1a([UInt8]()) == 0xcbf2_9ce4_8422_2325)
    #expect(StableHash.fnv1a(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8d)
    #expect(StableHash.fnv1a("tablelint".utf8) == 0xc4be_7e20_305e_6d93)
  }

  @Test func writingIsAtomicAndLeavesNoTemporaryFile() throws {
    let project = try TemporaryProject([:])
    let path = project.root + "/baselines/tablelint.json"
    let baseline = Baseline(findings: [], directory: project.root + "/baselines", currentDirectory: "/")
    try baseline.write(to: path)
    try baseline.write(to: path)
    #expect(try FileManager.default.contentsOfDirectory(atPath: project.root + "/baselines") == ["tablelint.json"])
    #expect(try Baseline.load(path: path) == baseline)
  }

  @Test func aCorruptBaselineIsAnError() throws {
    let project = try TemporaryProject(["baseline.json": "{ not json"])
    #expect(throws: Baseline.LoadError.self) { try Baseline.load(path: project.root + "/baseline.json") }
    #expect(throws: Baseline.LoadError.self) { try Baseline.load(path: project.root + "/missing.json") }
  }
}
