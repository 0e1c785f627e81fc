import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import TablelintCore
import TablelintModel

/// A temporary directory with files, removed at the end of the test.
final class TemporaryProject {
  let root: String

  init(_ files: [String: String]) throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("tablelint-\(UUID().uuidString)").path
    for (path, contents) in files { try write(path, contents) }
  }

  func write(_ path: String, _ contents: String) throws {
    let url = URL(fileURLWithPath: root + "/" + path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: url)
  }

  deinit { try? FileManager.default.removeItem(atPath: root) }
}

@Suite struct WorkspaceTests {
  static let controller = """
    import UIKit
    final class ListViewController: UITableViewController {
      override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
      }
      override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
      }
    }
    """

  @Test func secondRefreshReparsesNothingAndAnEditReparsesOneFile() throws {
    let project = try TemporaryProject([
      "App/ListViewController.swift": Self.controller,
      "App/Other.swift": "struct Other {}",
      "Pods/Vendored/Vendored.swift": "struct Vendored {}",
      ".build/Generated.swift": "struct Generated {}",
    ])
    let workspace = Workspace(roots: [project.root])
    let first = try workspace.refresh()
    #expect(first.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["ListViewController.swift", "Other.swift"])
    #expect(workspace.lastParseCount == 2)
    _ = try workspace.refresh()
    #expect(workspace.lastParseCount == 0)

    try project.write("App/Other.swift", "struct Other { let x = 1 }")
    _ = try workspace.refresh()
    #expect(workspace.lastParseCount == 1)
  }

  @Test func overlaysWinOverTheDiskAndAreReparsedOnlyWhenTheyChange() throws {
    let project = try TemporaryProject(["ListViewController.swift": Self.controller])
    let workspace = Workspace(roots: [project.root])
    #expect(try workspace.lint().findings.isEmpty)

    let path = project.root + "/ListViewController.swift"
    let edited = Self.controller.replacingOccurrences(of: "withIdentifier: \"Cell\"", with: "withIdentifier: \"Row\"")
    workspace.setOverlay(path: path, contents: Array(edited.utf8))
    let findings = try workspace.lint().findings
    #expect(findings.map(\.ruleID) == ["unregistered_reuse_identifier"])
    #expect(workspace.lastParseCount == 1)
    _ = try workspace.lint()
    #expect(workspace.lastParseCount == 0)

    workspace.removeOverlay(path: path)
    #expect(try workspace.lint().findings.isEmpty)
  }

  @Test func anOverlayForAFileNotOnDiskJoinsTheWorkspace() throws {
    let project = try TemporaryProject(["Placeholder.swift": "struct P {}"])
    let workspace = Workspace(roots: [project.root])
    workspace.setOverlay(path: project.root + "/New.swift", contents: Array(Self.controller.utf8))
    let files = try workspace.refresh().map { URL(fileURLWithPath: $0.path).lastPathComponent }
    #expect(files == ["New.swift", "Placeholder.swift"])
  }

  @Test func aMissingRootIsAnError() {
    #expect(throws: FileDiscovery.Error.notFound("/no/such/place")) {
      try Workspace(roots: ["/no/such/place"]).refresh()
    }
  }

  @Test func anUnreadableFileGivesOneParseErrorAndTheRunGoesOn() throws {
    let project = try TemporaryProject([
      "Main.storyboard": "<?xml version=\"1.0\"?><document><scenes>",
      "ListViewController.swift": Self.controller,
    ])
    let result = try Workspace(roots: [project.root]).lint()
    #expect(result.findings.map(\.ruleID) == ["parse_error"])
    #expect(result.fileCount == 2)
  }

  /// A file git-crypt keeps encrypted is the team's source, unreadable without the key: no problem is reported, and
  /// what it may register keeps the reuse rules quiet, as an unread storyboard does.
  @Test func aGitCryptEncryptedFileIsUnreadWithoutAProblem() throws {
    let dequeuing = Self.controller.replacingOccurrences(of: "withIdentifier: \"Cell\"", with: "withIdentifier: \"Other\"")
    let plain = try TemporaryProject(["ListViewController.swift": dequeuing])
    #expect(try Workspace(roots: [plain.root]).lint().findings.map(\.ruleID) == ["unregistered_reuse_identifier"])
    let encrypted = try TemporaryProject([
      "ListViewController.swift": dequeuing,
      "PaymentsCache.swift": "\u{0}GITCRYPT\u{0}\u{7}\u{1F}encrypted bytes",
    ])
    let result = try Workspace(roots: [encrypted.root]).lint()
    #expect(result.findings.isEmpty)
    #expect(result.fileCount == 2)
  }

  /// A Swift or Objective-C file in UTF-16 (a byte order mark) is no Apple target's: Clang and swiftc reject the
  /// encoding. It is unread without a problem (TeamTalk's Windows client), while a NUL byte in a UTF-8 file is one.
  @Test func aUTF16SourceIsUnreadWithoutAProblem() throws {
    let project = try TemporaryProject(["ListViewController.swift": Self.controller])
    let text = "// base64.h\r\n#ifndef BASE64_H\r\n#endif\r\n"
    let littleEndian: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let bigEndian: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    try Data(littleEndian).write(to: URL(fileURLWithPath: project.root + "/base64.h"))
    try Data(bigEndian).write(to: URL(fileURLWithPath: project.root + "/Base64.swift"))
    let result = try Workspace(roots: [project.root]).lint()
    #expect(result.findings.isEmpty, "\(result.findings)")
    #expect(result.fileCount == 3)
    try Data(Array("#ifndef X\n\u{0}\n".utf8)).write(to: URL(fileURLWithPath: project.root + "/base64.h"))
    #expect(try Workspace(roots: [project.root]).lint().findings.map(\.ruleID) == ["parse_error"])
    // Binary junk that starts as a byte order mark does (NULs, a lone surrogate, an odd length) does not read.
    for junk: [UInt8] in [[0xFF, 0xFE, 0x00, 0x01, 0x80, 0x81, 0x00, 0x00], [0xFF, 0xFE, 0x41, 0x00, 0x00, 0xD8], [0xFE, 0xFF, 0x00]] {
      try Data(junk).write(to: URL(fileURLWithPath: project.root + "/base64.h"))
      #expect(try Workspace(roots: [project.root]).lint().findings.map(\.ruleID) == ["parse_error"], "\(junk)")
    }
  }
}

@Suite struct DiscoveryAndHashTests {
  @Test(arguments: [
    ("./Fixtures//App/", "Fixtures/App"),
    ("Fixtures", "Fixtures"),
    (".", "."),
    ("./", "."),
    ("/tmp/./x", "/tmp/x"),
    ("", "."),
  ])
  func normalize(raw: String, normalized: String) {
    #expect(FileDiscovery.normalize(raw) == normalized)
  }

  @Test func contentHashIsStableAndLengthSensitive() {
    #expect(ContentHash(Array("abc".utf8)) == ContentHash(Array("abc".utf8)))
    // xxHash64 (seed 0) as published, on every path through it: short tails, one 32-byte stripe, many stripes.
    #expect(ContentHash([]).value == 0xef46_db37_51d8_e999)
    #expect(ContentHash(Array("a".utf8)).value == 0xd24e_c4f1_a98c_6e5b)
    #expect(ContentHash(Array("abc".utf8)).value == 0x44bc_2cf5_ad77_0999)
    #expect(ContentHash(Array("0123456789abcdef0123456789abcdef".utf8)).value == 0x642a_9495_8e71_e6c5)
    #expect(ContentHash(Array("hello world, this is 37 bytes long!!".utf8)).value == 0x0498_4e16_a5b2_7821)
    let stripes = (0..<3).flatMap { _ in (0...255).map(UInt8.init) } + Array("xyz".utf8)
    #expect(ContentHash(stripes).value == 0xe921_a1b4_5bd7_79f8)
    #expect(ContentHash(Array("abc".utf8)) != ContentHash(Array("abd".utf8)))
    #expect(ContentHash([]) != ContentHash([0]))
    #expect(ContentHash(Array("tablelint".utf8)).description == ContentHash(Array("tablelint".utf8)).description)
  }

  /// Eight bytes a step and a tail: every one-bit change at every position, and every zero byte added, of inputs
  /// up to 40 bytes gives another hash; so do runs of zeros of every length. (A first version, with the length
  /// xored into the state, hashed `[10, 48]` as `[11, 48, 0]`.)
  @Test func contentHashSeesEveryByteAndTheLength() {
    var inputs: Set<[UInt8]> = []
    for length in 0...40 {
      let base = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
      inputs.insert(base)
      inputs.insert(base + [0])
      for position in 0..<length {
        for bit in 0..<8 {
          var changed = base
          changed[position] ^= 1 << bit
          inputs.insert(changed)
        }
      }
    }
    for length in 0...100 { inputs.insert([UInt8](repeating: 0, count: length)) }
    #expect(Set(inputs.map { ContentHash($0).value }).count == inputs.count)
    #expect(ContentHash([10, 48]) != ContentHash([11, 48, 0]))
  }

  /// Changes in two places: every pair of bit flips in a 24-byte input, and a line in each of its 10,000 digit
  /// variants. A version that only multiplied `state ^ word` gave 31 fewer hashes than pairs, and 6,080 hashes for
  /// the 10,000 lines (found in review: `[1,  3,  3,  0]` and `[4,  0,  0,  0]` hashed alike).
  @Test func contentHashSeesChangesInTwoPlaces() {
    let base = (0..<24).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    var pairs: Set<UInt64> = []
    var count = 0
    for first in 0..<(24 * 8) {
      for second in first..<(24 * 8) {
        var changed = base
        changed[first / 8] ^= 1 << (first % 8)
        if second != first { changed[second / 8] ^= 1 << (second % 8) }
        pairs.insert(ContentHash(changed).value)
        count += 1
      }
    }
    #expect(pairs.count == count)
    var lines: Set<UInt64> = []
    for number in 0..<10_000 {
      // `       let v: [Int] = [1,  3,  3,  0]` for 1330.
      var line = Array("       let v: [Int] = [".utf8)
      for (position, digit) in String(number + 10_000).utf8.dropFirst().enumerated() {
        if position > 0 { line += Array(",  ".utf8) }
        line.append(digit)
      }
      line += Array("]\n".utf8)
      lines.insert(ContentHash(line).value)
    }
    #expect(lines.count == 10_000)
    var high = [UInt8](repeating: UInt8(ascii: "A"), count: 16)
    let plain = high
    for index in [7, 11, 15] { high[index] ^= 0x80 }
    #expect(ContentHash(high) != ContentHash(plain))
  }
}

/// Found by `scripts/hostile-suite.py`: a link named `.swift` to a file outside the tree was read and its contents
/// reported, and a link to a FIFO would block the run.
@Suite struct SymbolicLinkTests {
  @Test func onlyLinksToRegularFilesInsideTheTreeAreRead() throws {
    let outside = try TemporaryProject(["Secret.swift": "let secret = 1\n", "Secret.xib": "<secret/>"])
    let project = try TemporaryProject(["App/Real.swift": "let real = 1\n"])
    let manager = FileManager.default
    let links = [
      "App/Inside.swift": "Real.swift",
      "App/Outside.swift": outside.root + "/Secret.swift",
      "App/Relative.xib": "../../\(URL(fileURLWithPath: outside.root).lastPathComponent)/Secret.xib",
      "App/Loop.swift": "Loop.swift",
      "App/Dangling.m": "Missing.m",
      "App/Folder.swift": ".",
      "App/OutsideFolder": outside.root,
      "App/Fifo.storyboard": "Pipe.storyboard",
    ]
    for (link, destination) in links {
      try manager.createSymbolicLink(atPath: project.root + "/" + link, withDestinationPath: destination)
    }
    #expect(mkfifo(project.root + "/App/Pipe.storyboard", 0o644) == 0)
    let found = try FileDiscovery().discover(roots: [project.root]).map { String($0.dropFirst(project.root.count + 1)) }
    #expect(found == ["App/Inside.swift", "App/Real.swift"])
    // Reached through a link to the tree itself, the tree's own links still count as inside.
    let alias = outside.root + "/Alias"
    try manager.createSymbolicLink(atPath: alias, withDestinationPath: project.root)
    #expect(try FileDiscovery().discover(roots: [alias]) == [alias + "/App/Inside.swift", alias + "/App/Real.swift"])
  }
}

@Suite struct HugeFileTests {
  @Test func aFileOverTheLimitIsReportedWithoutBeingRead() throws {
    let project = try TemporaryProject(["Small.swift": "struct S {}"])
    let path = project.root + "/Huge.swift"
    // A sparse file: its size is over the limit, but the test writes (and the linter reads) nothing of it.
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: Workspace.maximumFileSize + 1)
    try handle.close()
    let result = try Workspace(roots: [project.root]).lint()
    #expect(result.findings.map(\.ruleID) == ["parse_error"])
    #expect(result.findings.first?.message.contains("larger than 64 MiB") == true)
  }
}

@Suite struct ExcludedNibTests {
  @Test func anExcludedXibStillCountsAsAnExistingNib() throws {
    let project = try TemporaryProject([
      "App/PhotosViewController.swift": """
        import UIKit
        final class PhotosViewController: UITableViewController {
          override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(UINib(nibName: "PhotoCell", bundle: nil), forCellReuseIdentifier: "Photo")
            tableView.register(UINib(nibName: "Missing", bundle: nil), forCellReuseIdentifier: "Missing")
          }
        }
        """,
      "Generated/PhotoCell.xib": "<?xml version=\"1.0\"?><document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"/>",
      "App/Other.xib": "<?xml version=\"1.0\"?><document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"/>",
    ])
    let filter = PathFilter(
      included: PathMatcher(patterns: [], currentDirectory: project.root),
      excluded: PathMatcher(
        patterns: [PathPattern("Generated/**", relativeTo: project.root)], currentDirectory: project.root
      )
    )
    let result = try Workspace(roots: [project.root], filter: filter).lint()
    #expect(result.findings.map(\.ruleID) == ["missing_nib"])
    #expect(result.findings.first?.message.contains("'Missing'") == true)
  }

  /// Rectangle links MASShortcut (Objective-C) as a Swift package: its `MASShortcutView` is named without a module in
  /// the storyboard, and only the Xcode project says where it comes from.
  @Test func anXcodeProjectReferencingSwiftPackagesIsADependencyManifest() throws {
    let storyboard = """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" version="3.0" targetRuntime="MacOSX.Cocoa">
          <scenes>
              <scene sceneID="s1">
                  <objects>
                      <viewController id="vc1" sceneMemberID="viewController">
                          <view key="view" id="v1">
                              <subviews>
                                  <customView id="cv1" customClass="MASShortcutView"/>
                              </subviews>
                          </view>
                      </viewController>
                  </objects>
              </scene>
          </scenes>
      </document>
      """
    let linked = try TemporaryProject([
      "App/Main.storyboard": storyboard,
      "App.xcodeproj/project.pbxproj": "/* Begin XCRemoteSwiftPackageReference section */ MASShortcut",
    ])
    #expect(try Workspace(roots: [linked.root]).lint().findings.map(\.ruleID) == [])
    let plain = try TemporaryProject([
      "App/Main.storyboard": storyboard,
      "App.xcodeproj/project.pbxproj": "/* Begin PBXBuildFile section */",
    ])
    #expect(try Workspace(roots: [plain.root]).lint().findings.map(\.ruleID) == ["unknown_custom_class"])
  }
}
