import Foundation
import Testing
@testable import TablelintCore
import TablelintModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct FactsCacheTests {
  static func project() throws -> TemporaryProject {
    try TemporaryProject([
      "App/ListViewController.swift": WorkspaceTests.controller,
      "App/Other.swift": "struct Other {}",
      "App/Main.storyboard": "<?xml version=\"1.0\"?><document><scenes>",
    ])
  }

  @Test func aSecondRunOnAnUnchangedTreeParsesNothing() throws {
    let project = try Self.project()
    let cacheDirectory = project.root + "/.cache"
    func run() throws -> (Workspace, FactsCache, LintResult) {
      let cache = FactsCache(directory: cacheDirectory, currentDirectory: "/", roots: [project.root + "/App"])
      let workspace = Workspace(roots: [project.root + "/App"], cache: cache)
      return (workspace, cache, try workspace.lint())
    }
    let (first, firstCache, firstResult) = try run()
    #expect(first.lastParseCount == 3)
    #expect(firstCache.loadState == .missing)
    #expect(FileManager.default.fileExists(atPath: firstCache.path))

    let (second, secondCache, secondResult) = try run()
    #expect(second.lastParseCount == 0)
    #expect(second.lastCacheHitCount == 3)
    #expect(secondCache.loadState == .loaded(files: 3))
    #expect(secondResult.findings == firstResult.findings)

    try project.write("App/Other.swift", "struct Other { let x = 1 }")
    let (third, _, _) = try run()
    #expect(third.lastParseCount == 1)
  }

  /// `lastPhases` (`--statistics`) names where each kind of run spent its time, in order, and the phases add up to
  /// no more than the run took.
  @Test func eachRunRecordsItsPhasesInOrder() throws {
    let project = try Self.project()
    let root = project.root + "/App"
    func names(_ workspace: Workspace) -> [String] { workspace.lastPhases.map(\.name) }
    let clock = ContinuousClock()
    let uncached = Workspace(roots: [root])
    let elapsed = try clock.measure { _ = try uncached.lint() }
    #expect(names(uncached) == ["discovery", "reading and parsing", "facts gathered", "index", "rules"])
    #expect(uncached.lastPhases.allSatisfy { $0.duration >= .zero })
    #expect(uncached.lastPhases.reduce(Duration.zero) { $0 + $1.duration } <= elapsed)
    #expect(uncached.lastPhases.last?.slowestRules.count == 3, "\(uncached.lastPhases)")

    let cacheDirectory = project.root + "/.cache"
    func cached() throws -> Workspace {
      let cache = FactsCache(directory: cacheDirectory, currentDirectory: "/", roots: [root])
      let workspace = Workspace(roots: [root], cache: cache)
      _ = try workspace.lint(configurationKey: 7)
      return workspace
    }
    let first = try cached()
    #expect(names(first) == ["discovery", "reading and parsing", "facts gathered", "index", "rules", "cache written"])
    // Files the cache holds are read again and their stored results carried forward (the files were just written:
    // their signatures are too recent to vouch for them), or, unchanged and old enough, the stored findings are
    // reused after a walk or on the strength of the cache's proof without one.
    let carried = [
      "discovery", "reading and parsing", "stored results carried forward", "index", "rules", "cache written",
    ]
    let second = try cached()
    if second.reusedResult {
      #expect(
        names(second) == ["discovery", "stored findings reused"] || names(second) == ["proof of an unchanged tree"],
        "\(names(second))"
      )
    } else {
      #expect(names(second) == carried, "\(names(second))")
    }
    try project.write("App/Other.swift", "struct Other { let x = 1 }")
    let changed = try cached()
    #expect(names(changed) == carried, "\(names(changed))")
  }

  /// A run after a change rewrites the cache from the old file's mapping (the unchanged files' facts) and this run's
  /// blobs: a run with a new `FactsCache` on that file then reads every file's facts from it, and they are the facts
  /// of a fresh parse.
  @Test func aCacheRewrittenAfterAChangeHoldsEveryFilesFacts() throws {
    let project = try Self.project()
    try project.write("App/Third.swift", "final class Third: UITableViewCell {}")
    let cacheDirectory = project.root + "/.cache"
    let root = project.root + "/App"
    func run() throws -> (Workspace, FactsCache, LintResult) {
      let cache = FactsCache(directory: cacheDirectory, currentDirectory: "/", roots: [root])
      let workspace = Workspace(roots: [root], cache: cache)
      return (workspace, cache, try workspace.lint())
    }
    _ = try run()
    // The file in the middle of the path order changes: the body is old blobs, a new one, old blobs.
    try project.write("App/Other.swift", "struct Other { let changed = true }")
    let (changed, _, changedResult) = try run()
    #expect(changed.lastParseCount == 1)

    let (again, cache, againResult) = try run()
    #expect(again.lastParseCount == 0)
    #expect(again.lastCacheHitCount == 4)
    #expect(againResult.findings == changedResult.findings)
    for name in ["ListViewController.swift", "Main.storyboard", "Other.swift", "Third.swift"] {
      let path = root + "/" + name
      let bytes = try #require(FileManager.default.contents(atPath: path))
      let stored = try #require(cache.facts(path: path, hash: ContentHash([UInt8](bytes))), "\(name)")
      #expect(stored == Frontends.parse(path: path, bytes: [UInt8](bytes)), "\(name)")
    }
  }

  /// The pieces are written one after the other, empty ones included, over the file that was there.
  @Test func piecesAreWrittenInOrderOverTheOldFile() throws {
    let project = try Self.project()
    let path = project.root + "/written"
    try AtomicFile.write(Array("old contents".utf8), to: path)
    let parts: [[UInt8]] = [Array("abc".utf8), [], Array("defg".utf8), Array(repeating: 0x7a, count: 70_000)]
    try parts[0].withUnsafeBytes { a in
      try parts[1].withUnsafeBytes { b in
        try parts[2].withUnsafeBytes { c in
          try parts[3].withUnsafeBytes { d in try AtomicFile.write(pieces: [a, b, c, d], to: path) }
        }
      }
    }
    #expect(FileManager.default.contents(atPath: path).map([UInt8].init) == parts.flatMap { $0 })
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.root).filter { $0.hasSuffix(".tmp") }
    #expect(leftovers.isEmpty)
  }

  @Test(arguments: [
    "{ this is not json",
    "{\"format\":1,\"tool\":\"tablelint\",\"version\":\"0.0.0-other\",\"files\":[]}",
    "{\"format\":99,\"tool\":\"tablelint\",\"version\":\"x\",\"files\":[]}",
    "{\"format\":1,\"tool\":\"tablelint\",\"version\":\"\(TablelintVersion.current)\",\"files\":[{\"path\":1}]}",
    "TLFACTS2",
    "TLFACTS3",
    "TLFACTS4",
    "TLFACTS4\u{7f}\u{0}\u{0}\u{0}TLC1",
    "TLFACTS4\u{4}\u{0}\u{0}\u{0}TLC1\u{1}\u{3}abc\u{8}\u{ff}\u{ff}",
    "TLFACTS5",
    "TLFACTS5\u{ff}\u{0}\u{0}\u{0}",
    // A result section whose first part's length runs past it; four empty parts and no header.
    "TLFACTS5\u{4}\u{0}\u{0}\u{0}\u{9}\u{0}\u{0}\u{0}",
    "TLFACTS5\u{10}\u{0}\u{0}\u{0}" + String(repeating: "\u{0}", count: 16),
    // Four empty parts (no tool) and a header that is not one.
    "TLFACTS5\u{10}\u{0}\u{0}\u{0}" + String(repeating: "\u{0}", count: 16) + "\u{4}\u{0}\u{0}\u{0}TLC1",
  ])
  func aCorruptOrForeignCacheIsIgnoredAndRewritten(contents: String) throws {
    let project = try Self.project()
    let root = project.root + "/App"
    let cache = FactsCache(directory: project.root + "/.cache", currentDirectory: "/", roots: [root])
    try FileManager.default.createDirectory(atPath: project.root + "/.cache", withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: URL(fileURLWithPath: cache.path))

    let workspace = Workspace(roots: [root], cache: cache)
    _ = try workspace.lint()
    #expect(workspace.lastParseCount == 3)
    guard case .ignored = cache.loadState else {
      Issue.record("not ignored: \(cache.loadState)")
      return
    }

    let again = Workspace(roots: [root], cache: FactsCache(path: cache.path))
    _ = try again.lint()
    #expect(again.lastParseCount == 0, "the ignored file was rewritten")
  }

  @Test func aCacheOfAnotherBuildIsIgnored() throws {
    let project = try Self.project()
    let root = project.root + "/App"
    let path = project.root + "/facts.tlcache"
    try Self.age(project, ["App/ListViewController.swift", "App/Other.swift", "App/Main.storyboard"])
    _ = try Workspace(roots: [root], cache: FactsCache(path: path, toolIdentity: "tablelint 0 other-build")).lint(configurationKey: 1)
    let cache = FactsCache(path: path)
    let workspace = Workspace(roots: [root], cache: cache)
    _ = try workspace.lint(configurationKey: 1)
    #expect(!workspace.reusedResult && workspace.lastParseCount == 3)
    #expect(cache.loadState == .ignored(reason: "written by another build (tablelint 0 other-build)"))
  }

  /// Writes `contents` over `path` and sets its modification time back to what it was: a change its signature does
  /// not show (same size when `contents` is as long).
  static func rewriteKeepingTime(_ project: TemporaryProject, _ path: String, _ contents: String) throws {
    let file = project.root + "/" + path
    var status = stat()
    #expect(stat(file, &status) == 0)
    #if canImport(Darwin)
    let time = status.st_mtimespec
    #else
    let time = status.st_mtim
    #endif
    try project.write(path, contents)
    var times = [time, time]
    #expect(utimensat(AT_FDCWD, file, &times, 0) == 0)
  }

  /// Sets the files' modification times an hour back: older than the cache, so that their signatures are trusted.
  /// `project()` with its files an hour old (their signatures trusted at once), its root and a cache file's path.
  static func agedProject() throws -> (project: TemporaryProject, root: String, cache: String) {
    let project = try Self.project()
    try Self.age(project, ["App/ListViewController.swift", "App/Other.swift", "App/Main.storyboard"])
    return (project, project.root + "/App", project.root + "/facts.tlcache")
  }

  /// One `lint` of `root` with the cache file at `path`, the configuration fingerprinted as `configuration`.
  static func lint(_ root: String, cache path: String, configuration: UInt64 = 1) throws -> (Workspace, LintResult) {
    let workspace = Workspace(roots: [root], cache: FactsCache(path: path))
    return (workspace, try workspace.lint(configurationKey: configuration))
  }

  static func age(_ project: TemporaryProject, _ paths: [String]) throws {
    for path in paths {
      try FileManager.default.setAttributes(
        [.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: project.root + "/" + path
      )
    }
  }

  @Test func anUnchangedTreeReusesTheFindingsOfTheLastRun() throws {
    let (project, root, path) = try Self.agedProject()
    func run(configuration: UInt64) throws -> (Workspace, LintResult) {
      try Self.lint(root, cache: path, configuration: configuration)
    }
    let (first, cold) = try run(configuration: 1)
    #expect(!first.reusedResult && first.lastParseCount == 3)
    let (second, warm) = try run(configuration: 1)
    #expect(second.reusedResult && second.lastParseCount == 0)
    #expect(warm.findings == cold.findings && warm.fileCount == cold.fileCount && warm.suppressedCount == cold.suppressedCount)
    #expect(!cold.findings.isEmpty, "the storyboard does not parse: a finding to carry over")

    // Another configuration, another file, a changed file: the rules run again.
    let (other, _) = try run(configuration: 2)
    #expect(!other.reusedResult && other.lastParseCount == 0 && other.lastCacheHitCount == 3)
    try project.write("App/New.swift", "struct New {}")
    try Self.age(project, ["App/New.swift"])
    let (added, _) = try run(configuration: 2)
    #expect(!added.reusedResult && added.lastParseCount == 1)
    try project.write("App/Main.storyboard", "<?xml version=\"1.0\"?><document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\"><scenes/></document>")
    try Self.age(project, ["App/Main.storyboard"])
    let (edited, fixed) = try run(configuration: 2)
    #expect(!edited.reusedResult && edited.lastParseCount == 1)
    #expect(fixed.findings.count < cold.findings.count)
    let (again, reused) = try run(configuration: 2)
    #expect(again.reusedResult && reused.findings == fixed.findings)
  }

  /// An edit that moves no fact (a comment appended to a file) leaves the findings as they were: the changed file is
  /// parsed, its facts found equal to the cached ones, and nothing else is read; the next run trusts its new
  /// signature.
  @Test func anEditThatMovesNoFactReusesTheFindings() throws {
    let (project, root, path) = try Self.agedProject()
    func run() throws -> (Workspace, LintResult) { try Self.lint(root, cache: path) }
    let (_, cold) = try run()
    #expect(!cold.findings.isEmpty)
    try project.write("App/ListViewController.swift", WorkspaceTests.controller + "\n// a comment at the end\n")
    try Self.age(project, ["App/ListViewController.swift"])
    let (commented, afterComment) = try run()
    #expect(commented.reusedResult && commented.lastParseCount == 1 && commented.lastCacheHitCount == 2)
    #expect(afterComment.findings == cold.findings && afterComment.fileCount == cold.fileCount)
    let (again, _) = try run()
    #expect(again.reusedResult && again.lastParseCount == 0)
  }

  /// An edit that moves facts without changing any (lines inserted above them, in a body, a comment) moves the last
  /// run's findings in the file with them: the findings equal a run without the cache's, the cache then holds the
  /// moved facts and findings (the next run reuses them as they are, and one after a real change checks from them).
  /// An edit that changes a fact, or moves facts in a file with suppressions (which cover lines), is checked.
  @Test func anEditThatOnlyMovesFactsMovesTheFindings() throws {
    let missing = WorkspaceTests.controller.replacingOccurrences(
      of: "dequeueReusableCell(withIdentifier: \"Cell\"", with: "dequeueReusableCell(withIdentifier: \"Missing\""
    )
    let project = try TemporaryProject(["App/ListViewController.swift": missing, "App/Other.swift": "struct Other {}"])
    let files = ["App/ListViewController.swift", "App/Other.swift"]
    try Self.age(project, files)
    let (root, path) = (project.root + "/App", project.root + "/facts.tlcache")
    func run() throws -> (Workspace, LintResult) { try Self.lint(root, cache: path) }
    func uncached() throws -> [Finding] { try Workspace(roots: [root]).lint().findings }
    func edit(_ text: String) throws {
      try project.write("App/ListViewController.swift", text)
      try Self.age(project, ["App/ListViewController.swift"])
    }
    let (_, cold) = try run()
    #expect(cold.findings.map(\.location.range.start.line) == [8])

    // Two lines above the class, one in `viewDidLoad` (above the dequeue too) and one below it.
    var lines = missing.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.insert("    view.backgroundColor = nil", at: 3)
    lines.insert("// a file comment\n", at: 0)
    lines.append("// the end")
    try edit(lines.joined(separator: "\n"))
    let (moved, afterMove) = try run()
    #expect(moved.reusedResult && moved.lastParseCount == 1 && moved.lastCacheHitCount == 1)
    #expect(afterMove.findings == (try uncached()))
    #expect(afterMove.findings.map(\.location.range.start.line) == [11])
    let (again, reused) = try run()
    #expect(again.reusedResult && again.lastParseCount == 0 && reused.findings == afterMove.findings)

    // A real change after it is checked from the moved facts: its findings are a whole run's.
    try edit(lines.joined(separator: "\n").replacingOccurrences(of: "\"Missing\"", with: "\"Gone\""))
    let (changed, afterChange) = try run()
    #expect(!changed.reusedResult)
    #expect(afterChange.findings == (try uncached()))

    // With a suppression in the file, a moved line can change what it covers: checked as usual.
    let suppressed = "// tablelint:disable:next unregistered_reuse_identifier\n" + missing
    try edit(suppressed)
    _ = try run()
    try edit(suppressed.replacingOccurrences(of: "  override func tableView", with: "\n  override func tableView"))
    let (withSuppression, afterSuppression) = try run()
    #expect(!withSuppression.reusedResult)
    #expect(afterSuppression.findings == (try uncached()))
  }

  /// `beforeParallelRead` (where `tablelint lint` faults in its writable data) runs once before a run reads files,
  /// on the calling thread, and not at all in a run whose findings are reused.
  @Test func onlyARunThatReadsFilesPreparesForIt() throws {
    let project = try Self.project()
    try Self.age(project, ["App/ListViewController.swift", "App/Other.swift", "App/Main.storyboard"])
    let path = project.root + "/facts.tlcache"
    let caller = ObjectIdentifier(Thread.current)
    func preparations(configuration: UInt64) throws -> [ObjectIdentifier] {
      let workspace = Workspace(roots: [project.root + "/App"], cache: FactsCache(path: path))
      let calls = Calls()
      workspace.beforeParallelRead = { calls.record(ObjectIdentifier(Thread.current)) }
      _ = try workspace.lint(configurationKey: configuration)
      return calls.values
    }
    #expect(try preparations(configuration: 1) == [caller])
    #expect(try preparations(configuration: 1) == [])
    // Another configuration: the findings are not reused, the facts come from the cache on every core.
    #expect(try preparations(configuration: 2) == [caller])
  }

  private final class Calls: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [ObjectIdentifier] = []
    func record(_ value: ObjectIdentifier) { lock.withLock { recorded.append(value) } }
    var values: [ObjectIdentifier] { lock.withLock { recorded } }
  }

  /// After a file changed, the run checks only what the change can affect when the file kept what other files see of
  /// it, and the findings are a whole run's either way.
  @Test func aRunAfterALocalEditChecksOnlyWhatTheEditCanAffect() throws {
    let project = try TemporaryProject([
      "App/ListViewController.swift": WorkspaceTests.controller,
      "App/Other.swift": "struct Other {}",
      "App/Third.swift": "struct Third {}",
    ])
    let files = ["App/ListViewController.swift", "App/Other.swift", "App/Third.swift"]
    try Self.age(project, files)
    let root = project.root + "/App"
    let path = project.root + "/facts.tlcache"
    func run() throws -> (Workspace, LintResult) { try Self.lint(root, cache: path) }
    func uncached() throws -> [Finding] { try Workspace(roots: [root]).lint().findings }
    let (first, cold) = try run()
    #expect(first.lastCheckedCount == 3 && cold.findings.isEmpty)

    // A dequeue of an identifier nobody registers, inside a method body: the file's export is the same.
    try project.write(
      "App/ListViewController.swift",
      WorkspaceTests.controller.replacingOccurrences(of: "withIdentifier: \"Cell\"", with: "withIdentifier: \"Missing\"")
    )
    try Self.age(project, ["App/ListViewController.swift"])
    let (local, edited) = try run()
    #expect(!local.reusedResult && local.lastParseCount == 1)
    #expect(local.lastCheckedCount == 1, "only the edited file is checked")
    #expect(!edited.findings.isEmpty, "the new dequeue is reported")
    #expect(edited.findings == (try uncached()))

    // An extension in another file now registers that identifier: that file's export changed, every file is checked.
    try project.write(
      "App/Other.swift",
      """
      import UIKit
      struct Other {}
      extension ListViewController {
        func registerMore() { tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Missing") }
      }
      """
    )
    try Self.age(project, ["App/Other.swift"])
    let (exported, registered) = try run()
    #expect(!exported.reusedResult && exported.lastParseCount == 1 && exported.lastCheckedCount == 3)
    #expect(registered.findings == (try uncached()))
    #expect(registered.findings.isEmpty)

    let (again, reused) = try run()
    #expect(again.reusedResult && again.lastCheckedCount == 0 && reused.findings == registered.findings)
  }

  /// A file changed in the same clock tick as the cache was written, to the same size, has the same signature: the
  /// cache must not trust it (git's "racy" files).
  @Test func aFileModifiedJustBeforeTheCacheWasWrittenIsComparedByContent() throws {
    let project = try Self.project()
    let root = project.root + "/App"
    let path = project.root + "/facts.tlcache"
    _ = try Workspace(roots: [root], cache: FactsCache(path: path)).lint(configurationKey: 1)
    let other = project.root + "/App/Other.swift"
    try Self.rewriteKeepingTime(project, "App/Other.swift", "struct Odder {}")

    let workspace = Workspace(roots: [root], cache: FactsCache(path: path))
    let facts = try workspace.refresh()
    #expect(workspace.lastParseCount == 1)
    #expect(facts.first { $0.path == other }?.swift?.types.first?.name == "Odder")
  }

  /// A run right after an edit (a save hook, a second run) finds the edited file newer than the racy window allows
  /// to trust: it compares the file by content and reuses the findings when it holds what the last run checked, and
  /// does not when a change kept the file's size and modification time.
  @Test func aRunRightAfterAnEditReusesTheFindingsWhenTheRecentFileIsUnchanged() throws {
    let project = try Self.project()
    try Self.age(project, ["App/ListViewController.swift", "App/Other.swift", "App/Main.storyboard"])
    let root = project.root + "/App"
    let path = project.root + "/facts.tlcache"
    func run() throws -> (Workspace, LintResult) { try Self.lint(root, cache: path) }
    _ = try run()
    try project.write("App/Other.swift", "struct Other { let a = 1 }")
    let (edited, checked) = try run()
    #expect(!edited.reusedResult && edited.lastParseCount == 1)
    let (again, reused) = try run()
    #expect(again.reusedResult && again.lastParseCount == 0)
    #expect(reused.findings == checked.findings && reused.fileCount == checked.fileCount)

    // The same size and modification time, other contents: compared, not reused.
    try Self.rewriteKeepingTime(project, "App/Other.swift", "struct Odder { let a = 1 }")
    let (changed, _) = try run()
    #expect(!changed.reusedResult && changed.lastParseCount == 1)
  }

  /// A file modified just before the cache was written is compared by content on the next run, which reuses the
  /// findings and, once the file is older than the window by then, writes the proof of the tree: the run after reuses
  /// them without a walk (the cache was left as it was, and every later run compared the file again).
  @Test func aRunThatComparedARecentFileByContentLetsTheNextTrustIt() throws {
    let project = try Self.project()
    let root = project.root + "/App"
    let path = project.root + "/facts.tlcache"
    func run() throws -> Workspace {
      let cache = FactsCache(path: path)
      cache.fileRacyWindow = 300_000_000  // 0.3 s
      let workspace = Workspace(roots: [root], cache: cache)
      workspace.directoryRacyWindow = 300_000_000
      _ = try workspace.lint(configurationKey: 1)
      return workspace
    }
    func cacheInode() -> UInt64 {
      var status = stat()
      return stat(path, &status) == 0 ? UInt64(status.st_ino) : 0
    }
    // The files were just written: the cache does not trust their signatures.
    #expect(try !run().reusedResult)
    Thread.sleep(forTimeInterval: 0.4)
    let compared = try run()
    #expect(compared.reusedResult && compared.lastParseCount == 0 && !compared.provedUnchanged)
    let trusted = try run()
    #expect(trusted.reusedResult && trusted.provedUnchanged)

    // A file dated in the future is compared on every run, and writing the cache again would not change that: it is
    // not written again (a rewrite renames a new file over it).
    let other = project.root + "/App/Other.swift"
    var times = [timespec(tv_sec: time(nil) + 3_600, tv_nsec: 0), timespec(tv_sec: time(nil) + 3_600, tv_nsec: 0)]
    #expect(utimensat(AT_FDCWD, other, &times, 0) == 0)
    _ = try run()
    let written = cacheInode()
    let again = try run()
    #expect(again.reusedResult && again.lastParseCount == 0)
    #expect(cacheInode() == written)
  }

  @Test func theSamePathWithOtherContentsIsParsedAgain() throws {
    let project = try Self.project()
    let root = project.root + "/App"
    let path = project.root + "/cache.json"
    _ = try Workspace(roots: [root], cache: FactsCache(path: path)).lint()
    try project.write("App/Other.swift", "struct Different {}")
    let workspace = Workspace(roots: [root], cache: FactsCache(path: path))
    let facts = try workspace.refresh()
    #expect(workspace.lastParseCount == 1)
    #expect(facts.first { $0.path.hasSuffix("Other.swift") }?.swift?.types.first?.name == "Different")
  }

  @Test func theDefaultDirectoryFollowsXDG() {
    #expect(FactsCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]) == "/x/cache/tablelint")
    #if !os(macOS)
    #expect(FactsCache.defaultDirectory(environment: ["HOME": "/home/u"]) == "/home/u/.cache/tablelint")
    #endif
    #expect(FactsCache.defaultDirectory(environment: [:]) == nil)
  }

  @Test func progressCountsEveryParsedFile() throws {
    let project = try Self.project()
    let seen = Seen()
    let workspace = Workspace(roots: [project.root], progress: { done, total in seen.add(done, total) })
    _ = try workspace.refresh()
    #expect(seen.values.map(\.1).allSatisfy { $0 == 3 })
    #expect(seen.values.map(\.0).sorted() == [1, 2, 3])
  }

  @Test func terminalProgressDrawsOneLineAndErasesIt() {
    let output = Seen()
    let progress = TerminalProgress(isEnabled: true, interval: .seconds(3600)) { output.text($0) }
    progress.update(done: 1, total: 3)
    progress.update(done: 2, total: 3)  // throttled
    progress.update(done: 3, total: 3)  // the last one is always drawn
    progress.finish()
    #expect(output.texts == ["\r\u{1B}[2KParsing 1/3 files", "\r\u{1B}[2KParsing 3/3 files", "\r\u{1B}[2K"])
    let silent = TerminalProgress(isEnabled: false, interval: .zero) { output.text($0) }
    #expect(silent.handler == nil)
  }
}

final class Seen: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var values: [(Int, Int)] = []
  private(set) var texts: [String] = []
  func add(_ done: Int, _ total: Int) { lock.withLock { values.append((done, total)) } }
  func text(_ value: String) { lock.withLock { texts.append(value) } }
}
