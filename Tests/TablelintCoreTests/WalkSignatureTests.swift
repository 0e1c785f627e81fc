import Foundation
import Testing
@testable import TablelintCore

/// The walk's threads take each source file's signature as they read its directory (`discoverSigned`); the
/// workspace then stats only what they did not sign.
@Suite struct WalkSignatureTests {
  static let files = [
    "App/A.swift": "let a = 1\n",
    "App/Sub/B.xib": "<document/>",
    "App/Sub/Deeper/C.m": "@implementation C\n@end\n",
    "App/Legacy.nib/objects.nib": "binary",
    "App/App.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n",
    "README.md": "not a source",
  ]

  @Test func everySourceFileInADirectoryTheWalkReadIsSignedAsStatSignsIt() throws {
    let project = try TemporaryProject(Self.files)
    try FileManager.default.createSymbolicLink(atPath: project.root + "/App/Link.swift", withDestinationPath: "A.swift")
    let discovered = try FileDiscovery().discoverSigned(roots: [project.root])
    #expect(try discovered.paths == FileDiscovery().discover(roots: [project.root]))
    let relative = discovered.paths.map { String($0.dropFirst(project.root.count + 1)) }
    #expect(
      relative == [
        "App/A.swift", "App/App.xcodeproj/project.pbxproj", "App/Legacy.nib", "App/Link.swift",
        "App/Sub/B.xib", "App/Sub/Deeper/C.m",
      ])
    let signatures = try #require(discovered.signatures)
    #expect(signatures.count == discovered.paths.count)
    for (path, signature) in zip(discovered.paths, signatures) {
      if path.hasSuffix(".nib") || path.hasSuffix(".pbxproj") {
        // A compiled nib is a folder the workspace does not read; the project file is found without a listing.
        #expect(signature == nil, "\(path)")
      } else if EveryCore.width > 1 {
        // A link's signature is its target's, as `stat` follows it.
        #expect(signature == FileSignature(path: path), "\(path)")
        #expect(signature != nil, "\(path)")
      }
    }
  }

  @Test func aFirstRunRecordingListingsSignsTooAndSeveralRootsDoNot() throws {
    let project = try TemporaryProject(Self.files)
    let listings = DirectoryListings(known: [:], racyWindow: 0)
    let discovered = try FileDiscovery().discoverSigned(roots: [project.root], listings: listings)
    let signatures = try #require(discovered.signatures)
    if EveryCore.width > 1 {
      #expect(signatures.compactMap { $0 }.count == 3)
    }
    // Two roots' paths are sorted together, and their signatures are not kept in step.
    let twoRoots = try FileDiscovery().discoverSigned(roots: [project.root + "/App/Sub", project.root + "/App"])
    #expect(twoRoots.signatures == nil)
    #expect(twoRoots.paths == Array(Set(twoRoots.paths)).sorted())
  }

  @Test func aFirstRunWithACacheStoresTheWalksSignaturesAndTheNextRunTrustsThem() throws {
    let project = try TemporaryProject(["App/A.swift": WorkspaceTests.controller, "App/B.swift": "struct B {}\n"])
    func run() throws -> (Workspace, LintResult) {
      let cache = FactsCache(directory: project.root + "/.cache", currentDirectory: "/", roots: [project.root + "/App"])
      let workspace = Workspace(roots: [project.root + "/App"], cache: cache)
      return (workspace, try workspace.lint())
    }
    let (first, firstResult) = try run()
    #expect(first.lastParseCount == 2)
    let (second, secondResult) = try run()
    #expect(second.lastParseCount == 0)
    #expect(secondResult.findings == firstResult.findings)
    // A size of its own: the signature differs whatever the clock's resolution.
    try project.write("App/A.swift", WorkspaceTests.controller.replacingOccurrences(of: "\"Cell\", for", with: "\"Other\", for"))
    let (third, thirdResult) = try run()
    #expect(third.lastParseCount == 1)
    #expect(thirdResult.findings.map(\.ruleID) == ["unregistered_reuse_identifier"])
  }
}
