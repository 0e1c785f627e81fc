import Foundation
import Testing
import TablelintCore
import TablelintModel

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

  @Test(arguments: [
    "{ this is not json",
    "{\"format\":1,\"tool\":\"tablelint\",\"version\":\"0.0.0-other\",\"files\":[]}",
    "{\"format\":99,\"tool\":\"tablelint\",\"version\":\"x\",\"files\":[]}",
    "{\"format\":1,\"tool\":\"tablelint\",\"version\":\"\(TablelintVersion.current)\",\"files\":[{\"path\":1}]}",
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
