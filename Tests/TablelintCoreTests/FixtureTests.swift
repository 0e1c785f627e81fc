import Foundation
import TablelintCore
import TablelintModel
import Testing

/// Lints the fixture projects under `Fixtures/` and compares the findings with each project's `EXPECTED` file.
///
/// `EXPECTED` lists one finding per line, `path/from/project/root:line:column: rule_id`, ordered by path, line and
/// column; lines starting with `#` are comments (each finding is preceded by one saying why it is expected) and blank
/// lines are ignored. Columns are 1-based UTF-8 byte columns. An expectation that disagrees with tablelint's current
/// output on purpose (the fixture states the truth, the linter is wrong) is preceded by a `# DISCREPANCY` comment.
@Suite struct FixtureTests {
  @Test(arguments: ["CleanApp", "DefectsApp", "MalformedFiles", "MixedObjC", "ModernSwift", "SelectorsAndOutlets", "StaleFiles", "TableModels"])
  func findingsMatchExpected(project: String) throws {
    let root = FixturePaths.fixtures + "/" + project
    let expected = try ExpectedFile(path: root + "/EXPECTED")
    #expect(expected.malformedLines.isEmpty, "\(project)/EXPECTED has malformed lines:\n\(expected.malformedLines.joined(separator: "\n"))")
    #expect(expected.findings == expected.findings.sorted(), "\(project)/EXPECTED is not ordered by path, line and column")

    let result = try Workspace(roots: [root]).lint()
    let actual = result.findings.map { FixtureFinding($0, relativeTo: root) }.sorted()
    let diff = FixtureDiff(expected: expected.findings.sorted(), actual: actual)
    if !diff.isEmpty {
      let report = diff.report(messages: Self.messages(result.findings, root: root), discrepancies: expected.discrepancyNotes)
      Issue.record("\(project): tablelint's findings differ from Fixtures/\(project)/EXPECTED\n\(report)")
    }
  }

  @Test func cleanAppProducesNoFinding() throws {
    let root = FixturePaths.fixtures + "/CleanApp"
    let result = try Workspace(roots: [root]).lint()
    if !result.findings.isEmpty {
      let lines = result.findings.map { "  + \(FixtureFinding($0, relativeTo: root)) — \($0.message)" }
      Issue.record("CleanApp must lint clean, but tablelint reports:\n\(lines.joined(separator: "\n"))")
    }
    // The project really is read: a clean result must not come from skipped files.
    #expect(result.fileCount >= 20)
    let problems = result.index.files.flatMap(\.problems)
    #expect(problems.isEmpty, "unreadable files in CleanApp: \(problems)")
  }

  /// An Objective-C typed variable checks nothing: its class mismatch is a warning; a Swift forced cast's an error.
  @Test func anObjectiveCClassMismatchIsAWarning() throws {
    let result = try Workspace(roots: [FixturePaths.fixtures + "/MixedObjC"]).lint()
    let mismatches = result.findings.filter { $0.ruleID == "cell_class_mismatch" }
    #expect(!mismatches.isEmpty)
    #expect(mismatches.allSatisfy { $0.severity == ($0.location.file.hasSuffix(".m") ? .warning : .error) })
    let swift = try Workspace(roots: [FixturePaths.fixtures + "/ModernSwift"]).lint().findings
    #expect(swift.filter { $0.ruleID == "cell_class_mismatch" }.allSatisfy { $0.severity == .error })
  }

  /// All fixture projects at once (`tablelint lint Fixtures`): the run finishes, the unreadable files give one
  /// `parse_error` each, and mixing the projects invents no finding in the clean one.
  @Test func wholeFixturesDirectoryLints() throws {
    let root = FixturePaths.fixtures
    let started = Date()
    let result = try Workspace(roots: [root]).lint()
    let elapsed = Date().timeIntervalSince(started)
    #expect(elapsed < 120, "linting Fixtures/ took \(elapsed) s")
    #expect(result.fileCount >= 50)

    let inCleanApp = result.findings.filter { FixtureFinding($0, relativeTo: root).path.hasPrefix("CleanApp/") }
    if !inCleanApp.isEmpty {
      let lines = inCleanApp.map { "  + \(FixtureFinding($0, relativeTo: root)) — \($0.message)" }
      Issue.record("findings in CleanApp when linting all of Fixtures/:\n\(lines.joined(separator: "\n"))")
    }

    var parseErrorsPerFile: [String: Int] = [:]
    for finding in result.findings where finding.ruleID == "parse_error" {
      parseErrorsPerFile[FixtureFinding(finding, relativeTo: root).path, default: 0] += 1
    }
    let repeated = parseErrorsPerFile.filter { $0.value > 1 }
    #expect(repeated.isEmpty, "files with more than one parse_error: \(repeated)")
    let unreadable = try ExpectedFile(path: root + "/MalformedFiles/EXPECTED").findings
      .filter { $0.rule == "parse_error" }.map { "MalformedFiles/" + $0.path }.sorted()
    #expect(parseErrorsPerFile.keys.filter { $0.hasPrefix("MalformedFiles/") }.sorted() == unreadable)
  }

  private static func messages(_ findings: [Finding], root: String) -> [FixtureFinding: String] {
    var result: [FixtureFinding: String] = [:]
    for finding in findings { result[FixtureFinding(finding, relativeTo: root)] = finding.message }
    return result
  }
}

// MARK: - Helpers

enum FixturePaths {
  /// …/Tests/TablelintCoreTests/FixtureTests.swift → the package root, three levels up.
  static let packageRoot: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  static let fixtures = packageRoot + "/Fixtures"
}

/// One finding as `EXPECTED` writes it.
private struct FixtureFinding: Hashable, Comparable, CustomStringConvertible {
  var path: String
  var line: Int
  var column: Int
  var rule: String

  init(path: String, line: Int, column: Int, rule: String) {
    self.path = path
    self.line = line
    self.column = column
    self.rule = rule
  }

  init(_ finding: Finding, relativeTo root: String) {
    let normalizedRoot = FileDiscovery.normalize(root)
    var path = finding.location.file
    if path.hasPrefix(normalizedRoot + "/") { path.removeFirst(normalizedRoot.count + 1) }
    self.init(path: path, line: finding.location.line, column: finding.location.column, rule: finding.ruleID)
  }

  /// `path:line:column: rule_id`; the path may itself contain colons.
  init?(line text: String) {
    guard let separator = text.range(of: ": ", options: .backwards) else { return nil }
    let rule = String(text[separator.upperBound...])
    let place = text[..<separator.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
    guard place.count >= 3, let line = Int(place[place.count - 2]), let column = Int(place[place.count - 1]),
      !rule.isEmpty, !rule.contains(" ")
    else { return nil }
    self.init(path: place.dropLast(2).joined(separator: ":"), line: line, column: column, rule: rule)
  }

  var description: String { "\(path):\(line):\(column): \(rule)" }

  static func < (lhs: FixtureFinding, rhs: FixtureFinding) -> Bool {
    (lhs.path, lhs.line, lhs.column, lhs.rule) < (rhs.path, rhs.line, rhs.column, rhs.rule)
  }
}

/// A parsed `EXPECTED` file.
private struct ExpectedFile {
  var findings: [FixtureFinding] = []
  var malformedLines: [String] = []
  /// `# DISCREPANCY` comments: where the fixture states the truth and tablelint is known to disagree.
  var discrepancyNotes: [String] = []

  init(path: String) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.isEmpty { continue }
      if line.hasPrefix("#") {
        if line.hasPrefix("# DISCREPANCY") { discrepancyNotes.append(line) }
        continue
      }
      if let finding = FixtureFinding(line: line) {
        findings.append(finding)
      } else {
        malformedLines.append("line \(number + 1): \(line)")
      }
    }
  }
}

/// What is expected but not reported, and what is reported but not expected (multisets).
private struct FixtureDiff {
  var missing: [FixtureFinding] = []
  var unexpected: [FixtureFinding] = []

  init(expected: [FixtureFinding], actual: [FixtureFinding]) {
    var remaining = actual
    for finding in expected {
      if let index = remaining.firstIndex(of: finding) {
        remaining.remove(at: index)
      } else {
        missing.append(finding)
      }
    }
    unexpected = remaining
  }

  var isEmpty: Bool { missing.isEmpty && unexpected.isEmpty }

  func report(messages: [FixtureFinding: String], discrepancies: [String]) -> String {
    var lines: [String] = []
    if !missing.isEmpty {
      lines.append("missing (expected, not reported):")
      lines += missing.map { "  - \($0)" }
    }
    if !unexpected.isEmpty {
      lines.append("unexpected (reported, not expected):")
      lines += unexpected.map { "  + \($0)" + (messages[$0].map { " — \($0)" } ?? "") }
    }
    if !discrepancies.isEmpty {
      lines.append("known discrepancies noted in EXPECTED (the fixture states the truth):")
      lines += discrepancies.map { "  \($0)" }
    }
    return lines.joined(separator: "\n")
  }
}
