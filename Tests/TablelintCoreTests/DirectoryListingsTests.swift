import Foundation
import Testing
@testable import TablelintCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Listings are recorded only on local file systems: where the temporary directory is on another, these tests say
/// nothing.
@Suite(.enabled(if: DirectoryListings.isLocalFileSystem(NSTemporaryDirectory()))) struct DirectoryListingsTests {
  /// A project whose directories were last changed an hour ago, as in a tree checked out earlier.
  static func agedProject() throws -> (TemporaryProject, root: String) {
    let project = try TemporaryProject([
      "App/List.swift": "struct List {}",
      "App/Cells/Cell.swift": "struct Cell {}",
      "App/Cells/Cell.xib": "<document/>",
      "App/Images.xcassets/Contents.json": "{}",
    ])
    try age(project, ["App", "App/Cells"])
    return (project, project.root + "/App")
  }

  static func age(_ project: TemporaryProject, _ directories: [String]) throws {
    for directory in directories {
      try FileManager.default.setAttributes(
        [.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: project.root + "/" + directory
      )
    }
  }

  @Test func anUnchangedDirectoryIsNotReadAgain() throws {
    let (project, root) = try Self.agedProject()
    let first = DirectoryListings(known: [:], racyWindow: 0)
    let paths = try FileDiscovery().discover(roots: [root], listings: first)
    #expect(paths == [root + "/Cells/Cell.swift", root + "/Cells/Cell.xib", root + "/List.swift"])
    // The asset catalog is never entered, so never listed.
    #expect(first.observed.keys.sorted() == [root, root + "/Cells"])
    #expect(first.reusedCount == 0)

    let second = DirectoryListings(known: first.observed, racyWindow: 0)
    #expect(try FileDiscovery().discover(roots: [root], listings: second) == paths)
    #expect(second.reusedCount == 2)
    #expect(second.observed == first.observed)
    #expect(second.observedIsKnown && !first.observedIsKnown)

    // What the walk finds comes from the recorded listing: the directory was not read.
    var doctored = first.observed
    doctored[root + "/Cells"]?.entries.append(DirectoryEntry(name: "Ghost.swift", type: .regularFile))
    let third = DirectoryListings(known: doctored, racyWindow: 0)
    #expect(try FileDiscovery().discover(roots: [root], listings: third).contains(root + "/Cells/Ghost.swift"))
    _ = project
  }

  @Test func aDirectoryWhoseEntriesChangedIsReadAgain() throws {
    let (project, root) = try Self.agedProject()
    let first = DirectoryListings(known: [:], racyWindow: 0)
    _ = try FileDiscovery().discover(roots: [root], listings: first)

    // Adding a file sets its directory's modification time.
    try project.write("App/Cells/Header.swift", "struct Header {}")
    let second = DirectoryListings(known: first.observed)
    let paths = try FileDiscovery().discover(roots: [root], listings: second)
    #expect(paths.contains(root + "/Cells/Header.swift"))
    #expect(second.reusedCount == 1, "App itself did not change")
    #expect(!second.observedIsKnown)
    // Changed a moment ago: it may change again within the same timestamp, so it is not recorded.
    #expect(second.observed[root + "/Cells"] == nil && second.observed[root] != nil)

    // Removing one does too.
    try FileManager.default.removeItem(atPath: root + "/Cells/Cell.xib")
    let third = DirectoryListings(known: first.observed, racyWindow: 0)
    #expect(try !FileDiscovery().discover(roots: [root], listings: third).contains(root + "/Cells/Cell.xib"))
  }

  @Test func anotherDirectoryAtTheSamePathIsReadAgain() throws {
    let (project, root) = try Self.agedProject()
    let first = DirectoryListings(known: [:], racyWindow: 0)
    _ = try FileDiscovery().discover(roots: [root], listings: first)
    // Another inode with the same times (a directory moved into its place with its times kept).
    var doctored = first.observed
    doctored[root + "/Cells"]?.signature.inode &+= 1
    doctored[root + "/Cells"]?.entries.append(DirectoryEntry(name: "Ghost.swift", type: .regularFile))
    let second = DirectoryListings(known: doctored, racyWindow: 0)
    #expect(try !FileDiscovery().discover(roots: [root], listings: second).contains(root + "/Cells/Ghost.swift"))
    #expect(second.reusedCount == 1)
    _ = project
  }

  @Test func aDirectoryChangedJustBeforeTheWalkIsNotRecorded() throws {
    let project = try TemporaryProject(["App/List.swift": "struct List {}"])
    let listings = DirectoryListings(known: [:])
    #expect(try FileDiscovery().discover(roots: [project.root + "/App"], listings: listings).count == 1)
    #expect(listings.observed.isEmpty)
  }

  @Test func theCacheKeepsTheListingsAndALaterRunUsesThem() throws {
    let (project, root) = try Self.agedProject()
    try FactsCacheTests.age(project, ["App/List.swift", "App/Cells/Cell.swift", "App/Cells/Cell.xib"])
    let path = project.root + "/facts.tlcache"
    func run(racyWindow: Int64 = 0) throws -> (Workspace, LintResult) {
      let workspace = Workspace(roots: [root], cache: FactsCache(path: path))
      workspace.directoryRacyWindow = racyWindow
      return (workspace, try workspace.lint(configurationKey: 1))
    }
    let (first, cold) = try run()
    #expect(first.lastDirectoryReuseCount == 0)
    #expect(FactsCache(path: path).directoryListings().keys.sorted() == [root, root + "/Cells"])

    let (second, warm) = try run()
    #expect(second.reusedResult && second.lastDirectoryReuseCount == 2)
    #expect(warm.findings == cold.findings)

    // A new file in an unchanged tree's subdirectory is found, and the findings are not reused.
    try project.write("App/Cells/Header.swift", "struct Header {}")
    let (third, _) = try run()
    #expect(!third.reusedResult && third.lastParseCount == 1 && third.lastDirectoryReuseCount == 1)
  }

  @Test func aDirectoryWhoseTimeWasPutBackIsReadAgain() throws {
    let (project, root) = try Self.agedProject()
    let first = DirectoryListings(known: [:], racyWindow: 0)
    _ = try FileDiscovery().discover(roots: [root], listings: first)
    let recorded = try #require(first.observed[root + "/Cells"]).signature
    // An entry added, then the directory's modification time restored to the nanosecond (`touch -r`, `cp -a`): its
    // status-change time still moves.
    try project.write("App/Cells/Header.swift", "struct Header {}")
    let time = timespec(tv_sec: Int(recorded.modified / 1_000_000_000), tv_nsec: Int(recorded.modified % 1_000_000_000))
    var times = [time, time]
    #expect(utimensat(AT_FDCWD, root + "/Cells", &times, 0) == 0)
    #expect(DirectorySignature(path: root + "/Cells")?.modified == recorded.modified)
    let second = DirectoryListings(known: first.observed, racyWindow: 0)
    #expect(try FileDiscovery().discover(roots: [root], listings: second).contains(root + "/Cells/Header.swift"))
    // Its status-change time is recent: with the real window, the new listing is not recorded.
    let third = DirectoryListings(known: [:])
    _ = try FileDiscovery().discover(roots: [root], listings: third)
    #expect(third.observed[root + "/Cells"] == nil)
  }

  @Test func aRunThatReusesTheFindingsKeepsListingsTheCacheLacked() throws {
    let (project, root) = try Self.agedProject()
    try FactsCacheTests.age(project, ["App/List.swift", "App/Cells/Cell.swift", "App/Cells/Cell.xib"])
    let path = project.root + "/facts.tlcache"
    func run(racyWindow: Int64) throws -> Workspace {
      let workspace = Workspace(roots: [root], cache: FactsCache(path: path))
      workspace.directoryRacyWindow = racyWindow
      _ = try workspace.lint(configurationKey: 1)
      return workspace
    }
    // Every directory "just changed" at the first run: none recorded.
    _ = try run(racyWindow: .max / 2)
    #expect(FactsCache(path: path).directoryListings().isEmpty)
    let second = try run(racyWindow: 0)
    #expect(second.reusedResult && second.lastDirectoryReuseCount == 0)
    #expect(FactsCache(path: path).directoryListings().count == 2)
    let third = try run(racyWindow: 0)
    #expect(third.reusedResult && third.lastDirectoryReuseCount == 2)
  }

  @Test func timesPast2262DoNotOverflow() throws {
    #expect(nanoseconds(timespec(tv_sec: Int.max, tv_nsec: 0)) == .max)
    #expect(nanoseconds(timespec(tv_sec: Int.min, tv_nsec: 0)) == .min)
    #expect(nanoseconds(timespec(tv_sec: 9_223_372_036, tv_nsec: 999_999_999)) == .max)
    #expect(nanoseconds(timespec(tv_sec: 1, tv_nsec: 5)) == 1_000_000_005)
    let project = try TemporaryProject(["App/Future.swift": "struct Future {}"])
    // 2300-01-01.
    var times = [timespec(tv_sec: 10_413_792_000, tv_nsec: 0), timespec(tv_sec: 10_413_792_000, tv_nsec: 0)]
    #expect(utimensat(AT_FDCWD, project.root + "/App/Future.swift", &times, 0) == 0)
    #expect(utimensat(AT_FDCWD, project.root + "/App", &times, 0) == 0)
    #expect(FileSignature(path: project.root + "/App/Future.swift")?.modified == .max)
    let listings = DirectoryListings(known: [:], racyWindow: 0)
    #expect(try FileDiscovery().discover(roots: [project.root + "/App"], listings: listings).count == 1)
    #expect(listings.observed.isEmpty, "a time in the future is never trusted")
  }

  @Test(arguments: ["", ".", "..", "a/b", "nul\u{0}"])
  func anEntryNameTheWalkWouldMisjoinIsRefused(name: String) {
    let bytes = FactsCache.DirectoryTable.encode(["A": DirectoryListing(
      signature: DirectorySignature(device: 0, inode: 0, modified: 0, changed: 0),
      entries: [DirectoryEntry(name: name, type: .directory)]
    )])
    #expect(throws: (any Error).self) { try FactsCache.DirectoryTable.decode(bytes) }
  }

  @Test func theTableRoundTripsAndRefusesWhatIsCut() throws {
    let listings = [
      "App": DirectoryListing(
        signature: DirectorySignature(device: 2049, inode: 1 << 40, modified: -5, changed: 1_700_000_000_123_456_789),
        entries: [
          DirectoryEntry(name: "Cells", type: .directory), DirectoryEntry(name: "List.swift", type: .regularFile),
          DirectoryEntry(name: "Link.swift", type: .symbolicLink), DirectoryEntry(name: "é.xib", type: nil),
        ]
      ),
      "App/Cells": DirectoryListing(signature: DirectorySignature(device: 0, inode: 7, modified: 0, changed: 0), entries: []),
    ]
    let bytes = FactsCache.DirectoryTable.encode(listings)
    #expect(try FactsCache.DirectoryTable.decode(bytes) == listings)
    for length in 0..<bytes.count {
      #expect(throws: (any Error).self) { try FactsCache.DirectoryTable.decode(Array(bytes.prefix(length))) }
    }
    let lastListing = FactsCache.DirectoryTable.encode(["A": DirectoryListing(
      signature: DirectorySignature(device: 0, inode: 0, modified: 0, changed: 0),
      entries: [DirectoryEntry(name: "x", type: .other)]
    )])
    var corrupt = lastListing
    corrupt[corrupt.count - 1] = 9
    #expect(throws: (any Error).self) { try FactsCache.DirectoryTable.decode(corrupt) }
  }

  /// A directory sorts as its files' paths do, by its name and a `/`: `A.swift` and `A-B.swift` come before the
  /// directory `A` (`.` and `-` are before `/`), `AB.swift` after it. The walk's paths come out sorted, and a listing
  /// recorded in name order (by an older build) gives the same paths.
  @Test func aWalkFindsItsPathsInSortedOrder() throws {
    let project = try TemporaryProject([
      "App/A/Inner.swift": "", "App/A.swift": "", "App/A-B.swift": "", "App/AB.swift": "", "App/A.xcodeproj/project.pbxproj": "",
      "App/Z/Y/X.swift": "", "App/Z.m": "",
    ])
    try Self.age(project, ["App", "App/A", "App/Z", "App/Z/Y"])
    let root = project.root + "/App"
    #expect(FileDiscovery.entries(of: root)?.map(\.name) == ["A-B.swift", "A.swift", "A.xcodeproj", "A", "AB.swift", "Z.m", "Z"])
    let expected = ["A-B.swift", "A.swift", "A.xcodeproj/project.pbxproj", "A/Inner.swift", "AB.swift", "Z.m", "Z/Y/X.swift"]
      .map { root + "/" + $0 }
    #expect(expected == expected.sorted())
    let first = DirectoryListings(known: [:], racyWindow: 0)
    #expect(try FileDiscovery().discover(roots: [root], listings: first) == expected)

    var nameOrder = first.observed
    nameOrder[root]?.entries.sort { $0.name < $1.name }
    #expect(nameOrder != first.observed)
    let second = DirectoryListings(known: nameOrder, racyWindow: 0)
    #expect(try FileDiscovery().discover(roots: [root], listings: second) == expected)
    #expect(second.reusedCount == 4)
    // Two roots, one inside the other: each path once, sorted.
    #expect(try FileDiscovery().discover(roots: [root + "/Z", root]) == expected)
  }

  /// Paths are compared by their bytes, not as `String`s (which are equal across normalisations).
  @Test func pathsAreTheSameOnlyWithTheSameBytes() {
    #expect(DirectoryListings.sameBytes("", ""))
    #expect(DirectoryListings.sameBytes("/a/Caf\u{E9}", "/a/Caf\u{E9}"))
    #expect(!DirectoryListings.sameBytes("/a/Caf\u{E9}", "/a/Cafe\u{301}"))
    #expect(!DirectoryListings.sameBytes("/a/b", "/a/c"))
    #expect(!DirectoryListings.sameBytes("/a/b", "/a/bc"))
    #expect(!DirectoryListings.sameBytes("", "a"))
    let long = String(repeating: "Sources/Feature/", count: 8)
    #expect(DirectoryListings.sameBytes(long + "x", String(long) + "x"))
    #expect(!DirectoryListings.sameBytes(long + "x", long + "y"))
  }

  /// Without recorded listings the directories are read on two threads before the walk: the walk finds what a walk
  /// reading each directory as it comes finds (here, every file, in path order, with two directories named alike in
  /// two Unicode normalisations, bundles and excluded folders skipped).
  @Test func aWalkOfDirectoriesReadAheadFindsWhatAWalkReadingThemFinds() throws {
    let composed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
    var files: [String: String] = [:]
    for index in 0..<40 { files["App/Module\(index % 7)/Sub\(index % 3)/File\(index).swift"] = "let x = 1\n" }
    files["App/Assets.xcassets/Hidden.swift"] = ""
    files["App/Pods/Vendored.swift"] = ""
    files["App/Translations/fr.xcloc/Source Contents/App/Main.storyboard"] = ""
    files["App/App.xcodeproj/project.pbxproj"] = ""
    let project = try TemporaryProject(files)
    let root = project.root + "/App"
    for (name, file) in [(composed, "A.swift"), (decomposed, "B.swift")] {
      #expect(mkdir(root + "/" + name, 0o755) == 0)
      #expect(FileManager.default.createFile(atPath: root + "/" + name + "/" + file, contents: Data()))
    }
    let found = try FileDiscovery().discover(roots: [root])
    let expected = files.keys.filter { !$0.contains("xcassets") && !$0.contains("Pods") && !$0.contains("xcloc") }
      .map { project.root + "/" + $0 }
    #expect(found.filter { !$0.hasSuffix("A.swift") && !$0.hasSuffix("B.swift") } == expected.sorted())
    if FileDiscovery.entries(of: root)?.count ?? 0 > 10 {  // not a file system that normalises names
      #expect(found.filter { $0.hasSuffix("A.swift") || $0.hasSuffix("B.swift") }.count == 2)
    }
    // Read as it comes (through listings that know nothing): the same paths.
    #expect(try FileDiscovery().discover(roots: [root], listings: DirectoryListings(known: [:], racyWindow: 0)) == found)
  }

  /// Two directories whose names differ only in Unicode normalisation (`Café` composed and decomposed) are two
  /// directories on Linux, though equal as `String`s: neither's recorded signature may vouch for the other's listing.
  @Test func directoriesNamedAlikeInAnotherNormalisationKeepTheirOwnListings() throws {
    let composed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
    let project = try TemporaryProject([:])
    let root = project.root + "/App"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    for (name, file) in [(composed, "A.swift"), (decomposed, "B.swift")] {
      #expect(mkdir(root + "/" + name, 0o755) == 0)
      #expect(FileManager.default.createFile(atPath: root + "/" + name + "/" + file, contents: Data()))
    }
    guard FileDiscovery.entries(of: root)?.count == 2 else { return }  // a file system that normalises names
    // One of the two is recorded; the other, dated in the future, never is: its walk must not take the recorded
    // one's signature and listing for its own.
    try Self.age(project, ["App", "App/" + composed])
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(3600)], ofItemAtPath: root + "/" + decomposed
    )
    let first = DirectoryListings(known: [:], racyWindow: 0)
    let found = try FileDiscovery().discover(roots: [root], listings: first)
    #expect(found.map { String($0.utf8.suffix(7))! }.sorted() == ["A.swift", "B.swift"])
    #expect(first.observed.count == 2)
    let second = DirectoryListings(known: first.observed, racyWindow: 0)
    let again = try FileDiscovery().discover(roots: [root], listings: second)
    #expect(again.map { String($0.utf8.suffix(7))! }.sorted() == found.map { String($0.utf8.suffix(7))! }.sorted())
  }
}
