import Foundation
import Testing

/// A temporary directory for a command-line run, removed at the end of the test.
final class Scratch {
  let root: String

  init(_ files: [String: String]) throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("tablelint-e2e-\(UUID().uuidString)").path
    for (path, contents) in files { try write(path, contents) }
  }

  func write(_ path: String, _ contents: String) throws {
    let url = URL(fileURLWithPath: root + "/" + path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: url)
  }

  func read(_ path: String) -> String? {
    FileManager.default.contents(atPath: root + "/" + path).map { String(decoding: $0, as: UTF8.self) }
  }

  var url: URL { URL(fileURLWithPath: root) }

  deinit { try? FileManager.default.removeItem(atPath: root) }
}

/// Configuration, suppressions, baseline, reporters, exit codes and the cache, through the built binary.
@Suite struct CIFeatureTests {
  static let controller = """
    import UIKit
    final class ListViewController: UITableViewController {
      override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
      }
      override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
      }
    }
    """

  /// Only a warning: a suppression that suppresses nothing.
  static let warningOnly = "struct Feed {\n  // tablelint:disable:next missing_nib\n  let title = \"Feed\"\n}\n"

  // MARK: - Configuration

  @Test func configCheckAcceptsAValidFile() throws {
    let scratch = try Scratch([".tablelint.yml": "excluded: [Legacy]\nrules:\n  missing_nib: warning\n"])
    let result = try Tablelint.run(["config", "--check"], in: scratch.url)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout == ".tablelint.yml: valid\n")
  }

  @Test func configCheckNamesTheKeyAndLineOfEveryProblem() throws {
    let scratch = try Scratch(["ci/tablelint.yml": "excluded: [Legacy]\ndisabled_rule: [missing_nib]\nrules:\n  missing_nib: loud\n"])
    let result = try Tablelint.run(["config", "--check", "ci/tablelint.yml"], in: scratch.url)
    #expect(result.status == 1)
    #expect(result.stdout == """
      ci/tablelint.yml:2:1: error: unknown key 'disabled_rule'; did you mean 'disabled_rules'?; known keys: included, \
      excluded, vendored, disabled_rules, opt_in_rules, rules, external_cell_classes, external_modules, suppressions
      ci/tablelint.yml:4:16: error: 'rules.missing_nib' must be 'error' or 'warning', not 'loud'

      """)
    let missing = try Tablelint.run(["config", "--check", "nope.yml"], in: scratch.url)
    #expect(missing.status == 2)
  }

  @Test func lintWithABadConfigurationIsAUsageError() throws {
    let scratch = try Scratch([".tablelint.yml": "exclude: [Legacy]\n", "A.swift": "struct A {}\n"])
    let result = try Tablelint.run(["lint", "--no-cache"], in: scratch.url)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains(".tablelint.yml:1:1: error: unknown key 'exclude'"), "\(result.stderr)")
  }

  @Test func theConfigurationIsFoundAboveTheCurrentDirectory() throws {
    let scratch = try Scratch([
      ".tablelint.yml": "disabled_rules: [unregistered_reuse_identifier]\n",
      "App/List.swift": Self.controller,
      "ci/empty.yml": "",
    ])
    let result = try Tablelint.run(["lint", "--no-cache", "."], in: scratch.url.appendingPathComponent("App"))
    #expect(result.status == 0, "\(result.stdout)")
    let explicit = try Tablelint.run(
      ["lint", "--no-cache", "--config", "../ci/empty.yml", "."], in: scratch.url.appendingPathComponent("App")
    )
    #expect(explicit.status == 1, "an empty configuration enables every rule: \(explicit.stderr)")
  }

  // MARK: - Exit codes

  @Test func warningsFailOnlyWithStrict() throws {
    let scratch = try Scratch(["Feed.swift": Self.warningOnly])
    let plain = try Tablelint.run(["lint", "--no-cache"], in: scratch.url)
    #expect(plain.status == 0)
    #expect(plain.stdout.contains("warning: 'disable:next missing_nib' suppresses nothing"), "\(plain.stdout)")
    let strict = try Tablelint.run(["lint", "--no-cache", "--strict"], in: scratch.url)
    #expect(strict.status == 1)
    let errors = try Scratch(["List.swift": Self.controller])
    #expect(try Tablelint.run(["lint", "--no-cache"], in: errors.url).status == 1)
    #expect(try Tablelint.run(["lint", "--no-cache", "--format", "nope"], in: errors.url).status == 2)
  }

  @Test func pipedOutputIsNeverColouredAndHasNoProgress() throws {
    let scratch = try Scratch(["List.swift": Self.controller])
    let result = try Tablelint.run(["lint", "--no-cache"], in: scratch.url)
    #expect(!result.stdout.contains("\u{1B}["))
    #expect(result.stderr.isEmpty)
  }

  @Test func helpNamesTheReportersAndTheDefaultOne() throws {
    let scratch = try Scratch(["List.swift": Self.controller])
    // Wrapped at the terminal's width: compared with single spaces.
    let help = try Tablelint.run(["lint", "--help"], in: scratch.url).stdout.split(whereSeparator: \.isWhitespace)
      .joined(separator: " ")
    #expect(help.contains("values: text, json, sarif, github, checkstyle, junit, markdown; default: text)"), "\(help)")
  }

  // MARK: - Reporters

  @Test(arguments: ["text", "json", "sarif", "github", "checkstyle", "junit", "markdown"])
  func everyReporterRuns(format: String) throws {
    let scratch = try Scratch(["List.swift": Self.controller])
    let result = try Tablelint.run(["lint", "--no-cache", "--reporter", format], in: scratch.url)
    #expect(result.status == 1)
    #expect(result.stdout.contains("unregistered_reuse_identifier"), "\(format): \(result.stdout)")
    if format == "github" { #expect(result.stdout.hasPrefix("::error file=List.swift,line=8,")) }
    if format == "checkstyle" || format == "junit" { #expect(result.stdout.hasPrefix("<?xml")) }
  }

  // MARK: - Baseline

  @Test func aBaselineHidesKnownFindingsAndSurvivesAnEditAbove() throws {
    let scratch = try Scratch(["App/List.swift": Self.controller])
    let write = try Tablelint.run(["lint", "--no-cache", "--write-baseline", "ci/baseline.json"], in: scratch.url)
    #expect(write.status == 1, "writing a baseline still reports")
    #expect(write.stderr.contains("wrote 1 finding to the baseline 'ci/baseline.json'"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.root + "/ci") == ["baseline.json"])
    #expect(scratch.read("ci/baseline.json")?.contains("\"file\" : \"../App/List.swift\"") == true)

    try scratch.write("App/List.swift", "// Copyright header\n\n" + Self.controller)
    let known = try Tablelint.run(["lint", "--no-cache", "--baseline", "ci/baseline.json"], in: scratch.url)
    #expect(known.status == 0, "\(known.stdout)")
    #expect(known.stdout.hasPrefix("No problems found in 1 file."))
    #expect(known.stderr.contains("1 finding in the baseline not shown"))

    let corrupt = try Tablelint.run(["lint", "--no-cache", "--baseline", "App/List.swift"], in: scratch.url)
    #expect(corrupt.status == 2)
  }

  // MARK: - Cache

  @Test func aSecondRunParsesNothingAndACorruptCacheIsIgnored() throws {
    let scratch = try Scratch(["App/List.swift": Self.controller, "App/Other.swift": "struct Other {}\n"])
    let arguments = ["lint", "--statistics", "--cache-path", scratch.root + "/cache", "App"]
    let first = try Tablelint.run(arguments, in: scratch.url)
    #expect(first.stderr.contains("parsed: 2 files, from the cache: 0 files"), "\(first.stderr)")
    // Where the time went, phase by phase, the rules with their slowest three.
    let phases = [
      " ms  discovery\n", " ms  reading and parsing\n", " ms  index\n", " ms  rules (slowest: ", " ms  cache written\n",
    ]
    for phase in phases {
      #expect(first.stderr.contains(phase), "\(phase): \(first.stderr)")
    }
    let second = try Tablelint.run(arguments, in: scratch.url)
    #expect(second.stderr.contains("parsed: 0 files, from the cache: 2 files"), "\(second.stderr)")
    #expect(second.stdout == first.stdout)
    // Statistics describe the model, so the stored findings are not reused outright; they are carried forward file
    // by file as in any run with the cache: nothing changed, nothing is checked.
    #expect(first.stderr.contains("checked: 2 files"), "\(first.stderr)")
    #expect(second.stderr.contains("checked: 0 files") && second.stderr.contains("stored results carried forward"))

    let files = try FileManager.default.contentsOfDirectory(atPath: scratch.root + "/cache")
    #expect(files.count == 1 && files[0].hasPrefix("facts-") && files[0].hasSuffix(".tlcache"), "\(files)")
    try scratch.write("cache/" + files[0], "garbage")
    let third = try Tablelint.run(arguments, in: scratch.url)
    #expect(third.stderr.contains("parsed: 2 files"), "\(third.stderr)")
    #expect(third.stderr.contains("ignored"))
    #expect(third.stdout == first.stdout)
    let fourth = try Tablelint.run(arguments, in: scratch.url)
    #expect(fourth.stderr.contains("parsed: 0 files"), "the corrupt file was rewritten")
  }
}

/// `tablelint facts` per shard and `tablelint lint --facts` over the shards report exactly what one whole run does.
@Suite struct FactsShardTests {
  /// One shard per kind of file, so that every link between files (a Swift class in a storyboard, an Objective-C
  /// action in a xib, a cell registered in one file and dequeued in another) crosses shards.
  @Test(arguments: ["DefectsApp", "MixedObjC", "SelectorsAndOutlets", "TableModels", "ModernSwift"])
  func shardsJoinedReportWhatAWholeRunReports(project: String) throws {
    let root = "Fixtures/" + project
    let scratch = try Scratch([:])
    let all = try FileManager.default.subpathsOfDirectory(atPath: Tablelint.packageRoot.path + "/" + root)
      .map { root + "/" + $0 }
    let groups: [(name: String, suffixes: [String])] = [
      ("swift", [".swift"]), ("ib", [".storyboard", ".xib"]), ("objc", [".m", ".h"]),
    ]
    var shards: [String] = []
    for group in groups {
      let files = all.filter { path in group.suffixes.contains { path.hasSuffix($0) } }
      if files.isEmpty { continue }
      let shard = scratch.root + "/" + group.name + ".tlshard"
      let written = try Tablelint.run(["facts"] + files + ["--output", shard])
      #expect(written.status == 0, "\(written.stderr)")
      shards.append(shard)
    }
    #expect(shards.count >= 2, "\(project): nothing crosses shards")
    let whole = try Tablelint.run(["lint", "--no-cache", "--format", "json", root])
    let joined = try Tablelint.run(["lint", "--format", "json", "--facts"] + shards)
    #expect(joined.status == whole.status)
    let findings = { (output: String) -> String? in
      guard let object = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
        let findings = object["findings"], let data = try? JSONSerialization.data(withJSONObject: findings, options: [.sortedKeys])
      else { return nil }
      return String(decoding: data, as: UTF8.self)
    }
    let expected = try #require(findings(whole.stdout))
    #expect(expected != "[]", "\(project): a fixture with findings")
    #expect(findings(joined.stdout) == expected, "\(project)")
  }

  @Test func aDamagedOrForeignShardIsRefusedWithExitStatus2() throws {
    let scratch = try Scratch(["junk.tlshard": "TLSHARD1 not really", "text.tlshard": "hello"])
    for name in ["junk.tlshard", "text.tlshard", "missing.tlshard"] {
      let result = try Tablelint.run(["lint", "--facts", scratch.root + "/" + name])
      #expect(result.status == 2)
      #expect(result.stderr.contains("cannot use the facts shard"), "\(result.stderr)")
    }
  }
}

/// `tablelint lint --fix`: the fixes rules carry, applied to files on disk.
@Suite struct FixTests {
  static let typo = """
    import UIKit

    final class ListViewController: UITableViewController {
      override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
      }

      override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
      }
    }
    """

  @Test func fixWritesTheFixedFileKeepsItsModeAndIsIdempotent() throws {
    let scratch = try Scratch(["App/List.swift": Self.typo, "App/Other.swift": "struct Other {}\n"])
    let path = scratch.root + "/App/List.swift"
    #expect(chmod(path, 0o640) == 0)
    let first = try Tablelint.run(["lint", "--no-cache", "--fix", "App"], in: scratch.url)
    #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
    #expect(first.stderr.contains("fixed 1 finding in 1 file"), "\(first.stderr)")
    #expect(scratch.read("App/List.swift") == Self.typo.replacingOccurrences(of: "withIdentifier: \"cell\"", with: "withIdentifier: \"Cell\""))
    #expect(scratch.read("App/Other.swift") == "struct Other {}\n")
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o640)
    let second = try Tablelint.run(["lint", "--no-cache", "--fix", "App"], in: scratch.url)
    #expect(second.status == 0 && second.stderr.contains("nothing to fix"), "\(second.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.root + "/App").sorted() == ["List.swift", "Other.swift"])
  }

  @Test func diffPrintsTheChangeAndWritesNothing() throws {
    let scratch = try Scratch(["App/List.swift": Self.typo])
    let result = try Tablelint.run(["lint", "--no-cache", "--fix", "--diff", "App"], in: scratch.url)
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("--- a/App/List.swift\n+++ b/App/List.swift\n@@ -7,6 +7,6 @@\n"), "\(result.stdout)")
    #expect(result.stdout.contains("-    tableView.dequeueReusableCell(withIdentifier: \"cell\", for: indexPath)\n"))
    #expect(result.stdout.contains("+    tableView.dequeueReusableCell(withIdentifier: \"Cell\", for: indexPath)\n"))
    #expect(scratch.read("App/List.swift") == Self.typo)
    #expect(try Tablelint.run(["lint", "--no-cache", "--diff", "App"], in: scratch.url).status == 2, "--diff needs --fix")
  }

  /// `--fix` on every fixture project fixes the fixable findings (a dequeued typo in Swift and in Objective-C, an IB
  /// action named after the wrong selector, nibs declaring another identifier than they are registered under, a
  /// prototype without an identifier), is idempotent, and never leaves a file that parses worse.
  @Test(arguments: [
    ("CleanApp", 0), ("DefectsApp", 4), ("SelectorsAndOutlets", 1), ("TableModels", 0), ("MixedObjC", 1),
    ("ModernSwift", 1),
  ])
  func fixOnAFixtureIsIdempotent(project: String, fixable: Int) throws {
    let scratch = try Scratch([:])
    let source = Tablelint.packageRoot.path + "/Fixtures/" + project
    try FileManager.default.copyItem(atPath: source, toPath: scratch.root + "/" + project)
    let before = try Tablelint.run(["lint", "--no-cache", "--format", "json", project], in: scratch.url)
    let fixed = try Tablelint.run(["lint", "--no-cache", "--fix", "--unsafe-fixes", project], in: scratch.url)
    #expect(!fixed.stderr.contains("not fixed"), "\(fixed.stderr)")
    let again = try Tablelint.run(["lint", "--no-cache", "--fix", "--unsafe-fixes", "--diff", project], in: scratch.url)
    #expect(again.status == 0 && again.stdout.isEmpty, "\(project): a second --fix changes nothing\n\(again.stdout)")
    let after = try Tablelint.run(["lint", "--no-cache", "--format", "json", project], in: scratch.url)
    let count = { (output: String) -> Int in
      ((try? JSONSerialization.jsonObject(with: Data(output.utf8))) as? [String: Any]).flatMap { $0["findings"] as? [Any] }?.count ?? -1
    }
    #expect(count(after.stdout) == count(before.stdout) - fixable && count(after.stdout) >= 0, "\(project)")
    if project == "MixedObjC" {
      let list = try String(contentsOfFile: scratch.root + "/MixedObjC/MixedObjC/StoryboardListViewController.m", encoding: .utf8)
      #expect(list.contains("dequeueReusableCellWithIdentifier:@\"StoryboardCell\""), "an Objective-C literal keeps its @")
    }
  }
}

/// `tablelint preview` drawn by a real browser: headless Chromium (Debian's `chromium`, which `.ci/run` installs).
@Suite struct PreviewBrowserTests {
  static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  static func chromium(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: chromium!)
    process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"] + arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// Every table of every fixture project (storyboard static tables, venmo/Static, Flow, enum layouts, selector
  /// rows, data sources) renders with every section header, footer and row text the model declares for it.
  @Test(
    .enabled(if: chromium != nil, "headless Chromium is not installed (Debian: apt-get install chromium)"),
    arguments: ["TableModels", "CleanApp", "DefectsApp", "SelectorsAndOutlets", "MixedObjC", "ModernSwift", "MalformedFiles"]
  )
  func previewsRenderInHeadlessChromium(project: String) throws {
    let scratch = try Scratch([:])
    let written = try Tablelint.run(["preview", "Fixtures/" + project, "--output", scratch.root + "/preview"])
    #expect(written.status == 0, "\(written.stderr)")
    let model = try Tablelint.run(["model", "--format", "json", "Fixtures/" + project])
    let tables = try #require(
      (try JSONSerialization.jsonObject(with: Data(model.stdout.utf8)) as? [String: Any])?["tables"] as? [[String: Any]]
    )
    #expect(tables.count > 5 || project != "TableModels")
    let index = try Self.chromium(["--dump-dom", "file://" + scratch.root + "/preview/index.html"])
    // Every page as Chromium builds it, by its title (prototype tables of storyboards have pages too).
    let pages = try FileManager.default.contentsOfDirectory(atPath: scratch.root + "/preview").filter { $0 != "index.html" }
    var doms: [String: String] = [:]
    for page in pages {
      let dom = try Self.chromium(["--dump-dom", "file://" + scratch.root + "/preview/" + page])
      // The DOM holds the texts unescaped where the HTML escaped them.
      let text = dom.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
        .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
      guard let start = text.range(of: "<h1>"), let end = text.range(of: "</h1>", range: start.upperBound..<text.endIndex)
      else { continue }
      doms[String(text[start.upperBound..<end.lowerBound]), default: ""] += text
    }
    for table in tables {
      let name = try #require(table["name"] as? String)
      #expect(index.contains(name), "the index lists \(name)")
      let html = doms[name] ?? ""
      for section in table["sections"] as? [[String: Any]] ?? [] {
        var texts = [section["header"], section["footer"]].compactMap { $0 as? String }
        for row in section["rows"] as? [[String: Any]] ?? [] {
          texts += [row["text"], row["detailText"]].compactMap { $0 as? String }
        }
        for text in texts { #expect(html.contains(text), "\(name): '\(text)' is drawn") }
      }
    }
    guard !pages.isEmpty else { return }
    let shot = scratch.root + "/shot.png"
    _ = try Self.chromium(["--window-size=430,900", "--screenshot=" + shot, "file://" + scratch.root + "/preview/table-1.html"])
    let png = try #require(FileManager.default.contents(atPath: shot))
    #expect(png.prefix(4) == Data([0x89, 0x50, 0x4e, 0x47]) && png.count > 10_000, "a screenshot of a drawn table")
  }
}
