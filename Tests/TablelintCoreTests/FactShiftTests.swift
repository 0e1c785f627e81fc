import Foundation
import TablelintModel
import Testing
import _TablelintTestSupport

@testable import TablelintCore

/// `FactShift`: the findings of an edit that only moved a file's facts are the last findings moved.
@Suite struct FactShiftTests {
  /// On each fixture project, blank and comment lines inserted at random places, one edit after the other: whenever a
  /// file's facts only moved and the findings can be moved, the moved findings are exactly a whole run's over the new
  /// facts (every rule, related locations and fix edits included).
  @Test(arguments: ["CleanApp", "DefectsApp", "SelectorsAndOutlets", "TableModels", "MixedObjC", "ModernSwift", "StaleFiles"])
  func movedFindingsEqualAWholeRun(project: String) throws {
    var files = try Workspace(roots: [FixturePaths.fixtures + "/" + project]).refresh()
    var texts: [String: [UInt8]] = [:]
    for file in files { texts[file.path] = Array(FileManager.default.contents(atPath: file.path) ?? Data()) }
    let editable = files.map(\.path).filter { path in
      [".swift", ".storyboard", ".xib", ".m", ".h"].contains { path.hasSuffix($0) }
    }
    var findings = LintEngine.snapshot(files: files).result.findings
    var random = SeededGenerator(seed: UInt64(project.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) }))
    var (moved, refused) = (0, 0)
    for step in 0..<30 {
      let path = editable[Int(random.next() % UInt64(editable.count))]
      var text = texts[path]!
      let lineStarts = [0] + text.indices.filter { text[$0] == 10 }.map { $0 + 1 }.filter { $0 < text.count }
      let insertion = path.hasSuffix(".storyboard") || path.hasSuffix(".xib") || random.next() % 2 == 0
        ? "\n" : "// a moved line\n"
      text.insert(contentsOf: Array(insertion.utf8), at: lineStarts[Int(random.next() % UInt64(lineStarts.count))])
      texts[path] = text
      let old = files.first { $0.path == path }!
      let new = Frontends.parse(path: path, bytes: text) ?? Workspace.unreadable(path)
      files = files.map { $0.path == path ? new : $0 }
      let whole = LintEngine.snapshot(files: files).result.findings
      if let shift = FactShift.between(old, new), let shifted = FactShift.moving(findings, by: [path: shift]) {
        #expect(shifted == whole, "\(project), step \(step), \(path)")
        moved += 1
      } else {
        refused += 1
      }
      findings = whole
    }
    // Most lines land where they move facts and nothing else (a few inside strings, or in a file with suppressions).
    #expect(moved >= 15, "\(project): \(moved) moved, \(refused) refused")
  }

  static let controller = """
    import UIKit
    final class ListViewController: UITableViewController {
      override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "Missing", for: indexPath)
      }
    }
    """

  static func facts(_ text: String) -> FileFacts {
    Frontends.parse(path: "/App/ListViewController.swift", bytes: Array(text.utf8))!
  }

  @Test func aLineAboveMovesTheFactsBelowIt() throws {
    let old = Self.facts(Self.controller)
    let shift = try #require(FactShift.between(old, Self.facts("\n" + Self.controller)))
    #expect(!shift.moved.isEmpty && shift.moved.keys.allSatisfy { shift.moved[$0]!.line == $0.line + 1 })
    #expect(FactShift.between(old, Self.facts(Self.controller + "\n// the end\n"))?.moved.isEmpty == true)
  }

  @Test func otherFactsOrSuppressionsAreNoShift() {
    let old = Self.facts(Self.controller)
    #expect(FactShift.between(old, Self.facts("\n" + Self.controller.replacingOccurrences(of: "Missing", with: "Gone"))) == nil)
    let suppressed = "// tablelint:disable:next unregistered_reuse_identifier\n" + Self.controller
    #expect(FactShift.between(Self.facts(suppressed), Self.facts("\n" + suppressed)) == nil)
    #expect(FactShift.between(old, Self.facts("// tablelint:disable all\n" + Self.controller)) == nil)
  }

  /// A finding at a place no fact holds (a column computed from a fact's) cannot be moved: no findings then.
  @Test func aFindingAtAnotherPlaceIsNotMoved() throws {
    let old = Self.facts(Self.controller)
    let shift = try #require(FactShift.between(old, Self.facts("\n" + Self.controller)))
    let moved = try #require(shift.moved.first)
    func finding(at position: SourcePosition) -> Finding {
      Finding(
        ruleID: "test", severity: .warning, message: "here",
        location: SourceLocation(file: old.path, range: SourceRange(start: position, end: position))
      )
    }
    let shifted = FactShift.moving([finding(at: moved.key)], by: [old.path: shift])
    #expect(shifted?.map(\.location.range.start) == [moved.value])
    let elsewhere = SourcePosition(line: moved.key.line, column: moved.key.column + 1, offset: moved.key.offset + 1)
    #expect(FactShift.moving([finding(at: elsewhere)], by: [old.path: shift]) == nil)
    // In another file, a finding stays where it is.
    var other = finding(at: elsewhere)
    other.location.file = "/App/Other.swift"
    #expect(FactShift.moving([other], by: [old.path: shift]) == [other])
  }
}
