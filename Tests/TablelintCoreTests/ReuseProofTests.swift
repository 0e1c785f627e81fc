import Foundation
import Testing
@testable import TablelintCore
import TablelintModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Listings are recorded only on local file systems, and a proof only from recorded listings: where the temporary
/// directory is on another, these tests say nothing.
@Suite(.enabled(if: DirectoryListings.isLocalFileSystem(NSTemporaryDirectory()))) struct ReuseProofTests {
  static let files = ["App/ListViewController.swift", "App/Cells/Other.swift", "App/Main.storyboard"]

  /// A project whose files were modified an hour ago; its directories were just made, so the runs below record their
  /// listings with no racy window (`directoryRacyWindow`: a test cannot age a status-change time).
  static func project() throws -> TemporaryProject {
    let project = try TemporaryProject([
      files[0]: WorkspaceTests.controller,
      files[1]: "struct Other {}",
      // Does not parse: a finding the runs carry over.
      files[2]: "<?xml version=\"1.0\"?><document><scenes>",
    ])
    try FactsCacheTests.age(project, files)
    return project
  }

  /// A run of `tablelint lint` with a cache: `scope` stands for its current directory.
  static func run(
    _ project: TemporaryProject, configuration: UInt64 = 1, scope: String = "/", toolIdentity: String? = nil
  ) throws -> (Workspace, FactsCache, LintResult) {
    let root = project.root + "/App"
    let cache = FactsCache(
      directory: project.root + "/.cache", currentDirectory: scope, roots: [root],
      toolIdentity: toolIdentity ?? FactsCache.currentToolIdentity
    )
    let workspace = Workspace(roots: [root], cache: cache)
    workspace.directoryRacyWindow = 0
    return (workspace, cache, try workspace.lint(configurationKey: configuration))
  }

  @Test func anUnchangedTreeIsProvenWithoutAWalk() throws {
    let project = try Self.project()
    let (first, _, cold) = try Self.run(project)
    #expect(!first.reusedResult && first.lastParseCount == 3)
    #expect(!cold.findings.isEmpty)

    let (second, cache, warm) = try Self.run(project)
    #expect(second.reusedResult && second.provedUnchanged)
    #expect(second.lastParseCount == 0 && second.lastCacheHitCount == 3 && second.lastDirectoryReuseCount == 2)
    #expect(warm.findings == cold.findings && warm.fileCount == cold.fileCount)
    #expect(cache.loadState == .loaded(files: 3))
  }

  /// Every change the proof covers sends the run down the walk, which finds what a run without a cache finds.
  @Test(arguments: ["touched", "edited", "added", "removed", "renamed", "directory added"])
  func aChangeTheProofCoversIsWalked(change: String) throws {
    let project = try Self.project()
    _ = try Self.run(project)
    let root = project.root + "/App"
    switch change {
    case "touched":
      try FileManager.default.setAttributes(
        [.modificationDate: Date().addingTimeInterval(-1800)], ofItemAtPath: root + "/Cells/Other.swift"
      )
    case "edited":
      try project.write("App/Main.storyboard", "<?xml version=\"1.0\"?><document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\"><scenes/></document>")
      try FactsCacheTests.age(project, ["App/Main.storyboard"])
    case "added":
      try project.write("App/Cells/New.swift", "struct New {}")
      try FactsCacheTests.age(project, ["App/Cells/New.swift"])
    case "removed":
      try FileManager.default.removeItem(atPath: root + "/Cells/Other.swift")
    case "renamed":
      try FileManager.default.moveItem(atPath: root + "/Cells/Other.swift", toPath: root + "/Cells/Renamed.swift")
    default:
      try FileManager.default.createDirectory(atPath: root + "/Deeper", withIntermediateDirectories: false)
    }
    let (walked, _, result) = try Self.run(project)
    #expect(!walked.provedUnchanged)
    #expect(result.findings == (try Workspace(roots: [root]).lint().findings))
    // The run wrote a new proof: the next one is proven again.
    let (again, _, reused) = try Self.run(project)
    #expect(again.provedUnchanged && reused.findings == result.findings)
  }

  /// The proof is for one build, one workspace and one configuration.
  @Test func anotherBuildWorkspaceOrConfigurationIsNotProven() throws {
    let project = try Self.project()
    _ = try Self.run(project)
    #expect(try !Self.run(project, configuration: 2).0.provedUnchanged)
    _ = try Self.run(project)
    #expect(try !Self.run(project, toolIdentity: "tablelint 0 other-build").0.provedUnchanged)
    _ = try Self.run(project)
    // Another current directory names another cache file; the same file read for another workspace is not proven.
    let (_, cache, _) = try Self.run(project)
    let other = FactsCache(path: cache.path, scope: Array("/elsewhere".utf8))
    #expect(other.provenResult(configuration: 1) == nil)
    #expect(FactsCache(path: cache.path, scope: cache.scope).provenResult(configuration: 1) != nil)
  }

  /// A proof is made only where the walk's answer depends on nothing but the listings.
  @Test func noProofWhereTheWalkDependsOnMoreThanListings() {
    let signature = DirectorySignature(device: 1, inode: 2, modified: 3, changed: 4)
    func listings(_ entries: [DirectoryEntry]) -> [String: DirectoryListing] {
      ["/r": DirectoryListing(signature: signature, entries: entries)]
    }
    let file = FileSignature(size: 10, modified: 5)
    let plain = listings([DirectoryEntry(name: "A.swift", type: .regularFile)])
    #expect(
      ReuseProof.make(listings: plain, recordedEveryEnteredDirectory: true, paths: ["/r/A.swift"], signatures: ["/r/A.swift": file])
        == ReuseProof(directories: [.init(path: "/r", signature: signature)], files: [.init(path: "/r/A.swift", signature: file)])
    )
    // A directory the walk entered but did not record, an input without a signature.
    #expect(ReuseProof.make(listings: plain, recordedEveryEnteredDirectory: false, paths: ["/r/A.swift"], signatures: ["/r/A.swift": file]) == nil)
    #expect(ReuseProof.make(listings: plain, recordedEveryEnteredDirectory: true, paths: ["/r/A.swift"], signatures: [:]) == nil)
    // A link named like a source file (its target may change while its directory does not), an entry of unknown
    // type; a link named otherwise is never taken by the walk.
    for type in [FileDiscovery.EntryType.symbolicLink, nil] {
      let linked = listings([DirectoryEntry(name: "A.swift", type: type)])
      #expect(ReuseProof.make(listings: linked, recordedEveryEnteredDirectory: true, paths: [], signatures: [:]) == nil)
    }
    let notes = listings([DirectoryEntry(name: "CLAUDE.md", type: .symbolicLink), DirectoryEntry(name: "skills", type: .symbolicLink)])
    #expect(ReuseProof.make(listings: notes, recordedEveryEnteredDirectory: true, paths: [], signatures: [:]) != nil)
    // A directory the walk only looked into is in the proof as a directory.
    let probed = DirectorySignature(device: 1, inode: 9, modified: 3, changed: 4)
    #expect(
      ReuseProof.make(listings: plain, probed: ["/r/App.xcodeproj": probed], recordedEveryEnteredDirectory: true, paths: [], signatures: [:])?.directories
        == [.init(path: "/r", signature: signature), .init(path: "/r/App.xcodeproj", signature: probed)]
    )
  }

  /// A project that XcodeGen or Tuist makes has an `.xcodeproj` folder without a project file until it is generated:
  /// the walk looks into the folder, which the proof then holds, so the file appearing is seen.
  @Test func aProjectFileAppearingInAnXcodeProjectIsSeen() throws {
    let project = try Self.project()
    try project.write("App/App.xcodeproj/xcshareddata/xcschemes/App.xcscheme", "<Scheme/>")
    _ = try Self.run(project)
    #expect(try Self.run(project).0.provedUnchanged)
    try project.write("App/App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = {}; }")
    try FactsCacheTests.age(project, ["App/App.xcodeproj/project.pbxproj"])
    let (walked, _, result) = try Self.run(project)
    #expect(!walked.provedUnchanged)
    #expect(result.fileCount == 4)
    #expect(try Self.run(project).0.provedUnchanged)
  }

  /// A link named like a source file is taken when its target is a file inside the root, and its target can appear
  /// where the walk never looks (an excluded folder): a tree with such a link is always walked.
  @Test func aLinkWhoseTargetAppearsIsSeen() throws {
    let project = try Self.project()
    let root = project.root + "/App"
    try FileManager.default.createDirectory(atPath: root + "/Pods", withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(atPath: root + "/Linked.swift", withDestinationPath: "Pods/Target.swift")
    _ = try Self.run(project)
    #expect(try !Self.run(project).0.provedUnchanged)
    try project.write("App/Pods/Target.swift", "struct Target {}")
    try FactsCacheTests.age(project, ["App/Pods/Target.swift"])
    let (_, _, result) = try Self.run(project)
    #expect(result.fileCount == 4)
  }

  /// A file modified within the racy window before the cache was written could change again in the same clock tick:
  /// the cache then holds no proof, and the next run walks.
  @Test func aRecentFileLeavesNoProof() throws {
    let project = try Self.project()
    try project.write("App/Cells/Other.swift", "struct Other { let recent = true }")
    _ = try Self.run(project)
    let (walked, _, _) = try Self.run(project)
    #expect(!walked.provedUnchanged)

    let proof = ReuseProof(directories: [], files: [.init(path: "/a", signature: FileSignature(size: 1, modified: 100))])
    #expect(proof.isSettled(writtenAt: 201, racyWindow: 100))
    #expect(!proof.isSettled(writtenAt: 200, racyWindow: 100))
  }

  @Test func theEncodingRoundTripsAndRefusesWhatIsNotAProof() {
    let proof = ReuseProof(
      directories: [.init(path: "/r", signature: DirectorySignature(device: 1, inode: 2, modified: -3, changed: .max))],
      files: [.init(path: "/r/A.swift", signature: FileSignature(size: 7, modified: 8)), .init(path: "/r/B.xib", signature: FileSignature(size: 0, modified: 0))]
    )
    let bytes = proof.encoded()
    bytes.withUnsafeBytes { raw in
      let parsed = ReuseProof.recordStarts(raw)
      #expect(parsed?.directories == 1 && parsed?.starts.count == 3)
    }
    var cases: [[UInt8]] = [[], Array(bytes.dropLast()), bytes + [0], Array(bytes.prefix(8))]
    // A path without its NUL, a path with one inside, a count past what the bytes can hold.
    var unterminated = bytes
    unterminated[unterminated.count - 1] = UInt8(ascii: "x")
    var interior = bytes
    interior[8 + 32 + 4] = 0
    var counted = bytes
    counted[4] = 0xFF
    cases += [unterminated, interior, counted]
    for damaged in cases {
      damaged.withUnsafeBytes { #expect(ReuseProof.recordStarts($0) == nil) }
    }
  }

  /// A directory that is no longer one, a file that is no longer a regular file: not what the proof recorded.
  @Test func aPathOfAnotherKindDoesNotHold() throws {
    let project = try Self.project()
    let root = project.root + "/App"
    let directory = try #require(DirectorySignature(path: root))
    let file = try #require(FileSignature(path: root + "/Cells/Other.swift"))
    func check(_ proof: ReuseProof) -> ReuseProof.Outcome? { proof.encoded().withUnsafeBytes { ReuseProof.check($0) } }
    #expect(check(ReuseProof(directories: [.init(path: root, signature: directory)], files: [.init(path: root + "/Cells/Other.swift", signature: file)])) == .init(directories: 1, files: 1))
    #expect(check(ReuseProof(directories: [.init(path: root + "/Cells/Other.swift", signature: directory)], files: [])) == nil)
    #expect(check(ReuseProof(directories: [], files: [.init(path: root + "/Cells", signature: file)])) == nil)
    #expect(check(ReuseProof(directories: [], files: [.init(path: root + "/Missing.swift", signature: file)])) == nil)
  }

  /// Records below the proof's first directory are `stat`ed relative to it; others, even one whose path starts with the
  /// same characters (`App2/` beside `App/`), by their own path.
  @Test func recordsOutsideTheFirstDirectoryAreCheckedByTheirOwnPath() throws {
    let project = try TemporaryProject([
      "App/Cells/Other.swift": "struct Other {}", "App2/X.swift": "struct X {}", "AppX.swift": "struct Y {}",
    ])
    let root = project.root + "/App"
    let directory = try #require(DirectorySignature(path: root))
    let outside = [project.root + "/App2/X.swift", project.root + "/AppX.swift"]
    let signatures = try outside.map { try #require(FileSignature(path: $0)) }
    let inside = try #require(FileSignature(path: root + "/Cells/Other.swift"))
    func check(_ paths: [String], _ signatures: [FileSignature]) -> ReuseProof.Outcome? {
      let files = zip(paths, signatures).map { ReuseProof.Record(path: $0, signature: $1) }
      let proof = ReuseProof(directories: [.init(path: root, signature: directory)], files: files)
      return proof.encoded().withUnsafeBytes { ReuseProof.check($0) }
    }
    // Taken as below `App`, `App2/X.swift` and `AppX.swift` would name files that do not exist.
    #expect(check([root + "/Cells/Other.swift"] + outside, [inside] + signatures) == .init(directories: 1, files: 3))
    try project.write("App2/X.swift", "struct X { var changed = 1 }")
    #expect(check(outside, signatures) == nil)
  }
}
