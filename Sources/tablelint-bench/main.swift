import Foundation
import ObjectiveCFrontend
import SwiftFrontend
import TablelintCore
import TablelintIndex
import TablelintModel
import TablelintRules

// tablelint-bench: generates a synthetic iOS workspace and times tablelint on it (see Benchmarks/README.md).

let options: BenchOptions
do {
  guard let parsed = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
    print(BenchOptions.usage)
    exit(0)
  }
  options = parsed
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n\n\(BenchOptions.usage)\n".utf8))
  exit(2)
}

/// The fields (by reflection) in which two reads' facts differ, each as the whole read and the skipping read give it,
/// cut at `limit` characters; `skipping` names a field printed otherwise.
func printFieldDifferences<Facts>(_ expected: Facts, _ actual: Facts, skipping skipped: String? = nil, limit: Int) {
  for (left, right) in zip(Mirror(reflecting: expected).children, Mirror(reflecting: actual).children)
  where left.label != skipped && "\(left.value)" != "\(right.value)" {
    print("  \(left.label ?? "?"): whole \(String(describing: left.value).prefix(limit))")
    print("  \(right.label ?? "?"): skipping \(String(describing: right.value).prefix(limit))")
  }
}


if let path = options.profileSwiftFile {
  // One file's phases, to see where reading a file goes.
  guard let data = FileManager.default.contents(atPath: path) else {
    FileHandle.standardError.write(Data("error: cannot read \(path)\n".utf8))
    exit(2)
  }
  for (phase, duration) in SwiftFrontend.profile(bytes: Array(data), iterations: options.iterations) {
    print(String(format: "%9.3f ms  %@", duration.inMilliseconds, phase))
  }
  // What the incremental engine hashes after every edit of this file: its facts without positions (the export
  // signature hashes the same facts less the local ones).
  let parsedFacts = SwiftFrontend.parse(path: path, bytes: Array(data))
  let fingerprintRuns = (0..<max(options.iterations, 20)).map { _ in
    ContinuousClock().measure { _ = PositionFreeFingerprint.withPositions(parsedFacts.content) }
  }.sorted()
  let fingerprintMedian = fingerprintRuns[fingerprintRuns.count / 2].inMilliseconds
  print(String(format: "%9.3f ms  position-free fingerprint of the facts", fingerprintMedian))
  // What the language server does for one keystroke in this file: the overlay set, the document re-read and parsed
  // incrementally; a letter typed inside a word in the middle (inert: the unreadable-text checks are skipped), and
  // one typed at the end of a line (next to a bracket or a quote, usually: they run).
  let bytes = Array(data)
  func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
  var inWord = bytes.count / 2
  while inWord + 1 < bytes.count, !(isLetter(bytes[inWord - 1]) && isLetter(bytes[inWord])) { inWord += 1 }
  var lineEnd = bytes.count / 2
  while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
  for (label, offset) in [("inside a word", inWord), ("at the end of a line", lineEnd)] {
    var typed = bytes
    typed.insert(UInt8(ascii: "x"), at: min(offset, bytes.count))
    let workspace = Workspace(roots: ["/nonexistent-root"])
    let documentPath = "/nonexistent-root/Edited.swift"
    workspace.setOverlay(path: documentPath, contents: bytes)
    _ = workspace.refresh(paths: [documentPath])
    var flip = false
    let clock = ContinuousClock()
    let runs = (0..<max(options.iterations, 20)).map { _ in
      clock.measure {
        flip.toggle()
        workspace.setOverlay(path: documentPath, contents: flip ? typed : bytes)
        _ = workspace.refresh(paths: [documentPath])
      }
    }.sorted()
    print(String(format: "%9.3f ms  keystroke %@: Workspace.setOverlay + refresh(paths:)", runs[runs.count / 2].inMilliseconds, label))
    let parser = IncrementalSwiftParser()
    _ = parser.parse(path: documentPath, bytes: bytes)
    _ = parser.parse(path: documentPath, bytes: typed)
    print("           \(parser.reusedDeclarations(documentPath)) declarations' facts taken from the last parse")
  }
  exit(0)
}

if let root = options.parseFloorRoot {
  // Only the parse floor, for scripts/batch-bench.py: the workspace's Swift files, parsed once on one core.
  do {
    let paths = try FileDiscovery().discover(roots: [root]).filter { SourceFileKind(path: $0) == .swift }
    let sources = paths.compactMap { FileManager.default.contents(atPath: $0).map(Array.init) }
    let clock = ContinuousClock()
    let runs = (0..<options.iterations).map { _ in
      clock.measure { for bytes in sources { _ = SwiftFrontend.parseOnly(bytes: bytes) } }
    }.sorted()
    print(String(format: "%.3f %d", runs[runs.count / 2].inMilliseconds, sources.count))
  } catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
  }
  exit(0)
}

if !options.verifyBodySkippingRoots.isEmpty {
  // The batch path's lighter read (`BodySkipping`) against a whole parse, file by file: the facts must be equal.
  // Prints each file whose facts differ, then how many bodies were skipped and the time of both reads (one core).
  var files = 0
  var skippedFiles = 0
  var skippedBodies = 0
  var differences = 0
  var whole = Duration.zero
  var skipping = Duration.zero
  var totalBytes = 0
  var skippedBytes = 0
  var parsedTwice = 0
  var declarationsOnly = 0
  // Objective-C: the quiet method bodies its tokenizer steps over (`QuietBodies`).
  var objectiveCFiles = 0
  var objectiveCWhole = Duration.zero
  var objectiveCSkipping = Duration.zero
  let clock = ContinuousClock()
  for root in options.verifyBodySkippingRoots {
    let discovered: [String]
    do {
      discovered = try FileDiscovery().discover(roots: [root])
    } catch {
      FileHandle.standardError.write(Data("error: \(error)\n".utf8))
      exit(2)
    }
    for path in discovered where SourceFileKind(path: path) == .objectiveC {
      guard let data = FileManager.default.contents(atPath: path) else { continue }
      let bytes = Array(data)
      objectiveCFiles += 1
      var expected: FileFacts?
      var actual: FileFacts?
      objectiveCWhole += clock.measure {
        expected = ObjectiveCFrontend.parse(path: path, bytes: bytes, skippingQuietBodies: false)
      }
      objectiveCSkipping += clock.measure { actual = ObjectiveCFrontend.parse(path: path, bytes: bytes) }
      guard expected != actual else { continue }
      differences += 1
      print("DIFFERENT \(path) (Objective-C)")
      if let expected = expected?.objectiveC, let actual = actual?.objectiveC {
        printFieldDifferences(expected, actual, limit: 3000)
      }
    }
    let paths = discovered.filter { SourceFileKind(path: $0) == .swift }
    for path in paths {
      guard let data = FileManager.default.contents(atPath: path) else { continue }
      let bytes = Array(data)
      files += 1
      var expected: FileFacts?
      var actual: FileFacts?
      whole += clock.measure { expected = SwiftFrontend.parse(path: path, bytes: bytes, skippingBodies: false) }
      let skippingTime = clock.measure { actual = SwiftFrontend.parse(path: path, bytes: bytes) }
      skipping += skippingTime
      totalBytes += bytes.count
      let skipped = SwiftFrontend.skippedBodies(in: bytes)
      if skipped.parsedTwice { parsedTwice += 1 }
      if SwiftFrontend.readsDeclarationsOnly(bytes) { declarationsOnly += 1 }
      if options.verbose { print("\(bytes.count)\t\(SwiftFrontend.route(of: bytes))\t\(path)\t\(skippingTime.inMilliseconds)") }
      if skipped.bodies > 0 {
        skippedFiles += 1
        skippedBodies += skipped.bodies
        skippedBytes += skipped.bytes
      }
      guard expected != actual else { continue }
      differences += 1
      print("DIFFERENT \(path) (\(skipped.bodies) bodies skipped)")
      if let expected = expected?.swift, let actual = actual?.swift {
        if expected.spelledStrings != actual.spelledStrings {
          print("  spelled only by a whole parse: \(expected.spelledStrings.subtracting(actual.spelledStrings).sorted())")
          print("  spelled only when skipping: \(actual.spelledStrings.subtracting(expected.spelledStrings).sorted())")
        }
        printFieldDifferences(expected, actual, skipping: "spelledStrings", limit: 60000)
      }
    }
  }
  print(
    String(
      format: "%d Swift files, %d with skipped bodies (%d bodies, %.1f %% of the bytes), %d read without a tree "
        + "(declarations only), %d parsed twice (skeleton with a syntax error); %d differ; read whole %.1f ms, "
        + "skipping bodies %.1f ms (one core)",
      files, skippedFiles, skippedBodies, 100 * Double(skippedBytes) / Double(max(totalBytes, 1)), declarationsOnly,
      parsedTwice, differences,
      whole.inMilliseconds, skipping.inMilliseconds
    )
  )
  print(
    String(
      format: "%d Objective-C files; tokenizing every body %.1f ms, stepping over quiet bodies %.1f ms (one core)",
      objectiveCFiles, objectiveCWhole.inMilliseconds, objectiveCSkipping.inMilliseconds
    )
  )
  exit(differences == 0 ? 0 : 1)
}

if !options.verifyIncrementalFiles.isEmpty {
  // Real files edited as in an editor: after each edit the incremental parse (which takes the facts of reused
  // declarations) must give the facts of a whole parse. Texts with syntax errors are left to `settle` (the server
  // parses them whole when typing pauses), as the language server does.
  var generator = SeededGenerator(seed: options.seed)
  var differences = 0
  for path in options.verifyIncrementalFiles {
    guard let data = FileManager.default.contents(atPath: path) else { continue }
    var text = Array(data)
    let parser = IncrementalSwiftParser()
    _ = parser.parse(path: path, bytes: text)
    var (compared, reused, walkedWhole) = (0, 0, 0)
    for step in 0..<60 {
      // Line starts inside the file, away from its first line.
      let lineStarts = text.indices.filter { $0 > 0 && text[$0 - 1] == UInt8(ascii: "\n") }
      guard !lineStarts.isEmpty else { break }
      let at = lineStarts[Int(generator.next() % UInt64(lineStarts.count))]
      let insertions = ["        let probe\(step) = 1\n", "\n", "    func added\(step)() {}\n", "    // note\n"]
      let inserted = Array(insertions[Int(generator.next() % UInt64(insertions.count))].utf8)
      text.insert(contentsOf: inserted, at: at)
      let incremental = parser.parse(path: path, bytes: text)
      let whole = SwiftFrontend.parse(path: path, bytes: text)
      if whole.swift?.hasSyntaxErrors == true {
        _ = parser.settle(path)
        walkedWhole += 1
      } else {
        compared += 1
        reused += parser.reusedDeclarations(path)
        if incremental != whole {
          differences += 1
          let written = String(decoding: inserted, as: UTF8.self).debugDescription
          print("DIFFERENT facts: \(path) after inserting \(written) at byte \(at)")
        }
      }
      // Half the time the insertion is taken back, as typing and deleting does.
      if generator.next() % 2 == 0 {
        text.removeSubrange(at..<(at + inserted.count))
        _ = parser.parse(path: path, bytes: text)
      }
    }
    print(
      "\(path): \(compared) edits compared, \(reused / max(compared, 1)) declarations reused per edit, "
        + "\(walkedWhole) left to settle"
    )
  }
  exit(differences == 0 ? 0 : 1)
}

if let root = options.profileIndexRoot {
  // The engine's phases on a real workspace: building the index, every rule over every file, and checking one
  // file against a fresh index (what an edit that changes a declaration costs before other files are checked).
  do {
    let files = try Workspace(roots: [root]).refresh()
    let clock = ContinuousClock()
    func median(_ body: () -> Void) -> Double {
      let runs = (0..<options.iterations).map { _ in clock.measure(body) }.sorted()
      return runs[runs.count / 2].inMilliseconds
    }
    // Every directory read (no recorded listings), as a run without a cache walks them before reading any file.
    print(String(format: "%9.3f ms  discovery (every directory read)", median {
      _ = try? FileDiscovery().discover(roots: [root])
    }))
    // The parse floor: every Swift file parsed once, on one core (what any linter on swift-syntax pays at least).
    let swiftSources = files.filter { SourceFileKind(path: $0.path) == .swift }.compactMap {
      FileManager.default.contents(atPath: $0.path).map(Array.init)
    }
    print(String(format: "%9.3f ms  parse floor (%d Swift files parsed once, one core)", median {
      for bytes in swiftSources { _ = SwiftFrontend.parseOnly(bytes: bytes) }
    }, swiftSources.count))
    var blobs: [[UInt8]] = []
    print(String(format: "%9.3f ms  cache encode (CompactCoder, one core)", median { blobs = files.map { (try? CompactCoder.encode($0)) ?? [] } }))
    print(String(format: "%9.3f ms  cache decode (%d bytes, one core)", median {
      _ = blobs.map { try? CompactCoder.decode(FileFacts.self, from: $0) }
    }, blobs.reduce(0) { $0 + $1.count }))
    print(String(format: "%9.3f ms  index (ProjectIndex.init, %d files)", median { _ = ProjectIndex(files: files) }, files.count))
    print(String(format: "%9.3f ms  full snapshot (index + every rule)", median { _ = LintEngine.snapshot(files: files) }))
    // Each rule alone on one core, on a fresh index every time: the values rules derive and memoise in the index
    // (selector sets, surfaces) are paid by the rule that asks first, as in a run.
    for rule in RuleRegistry.all {
      var runs: [Duration] = []
      for _ in 0..<options.iterations {
        let index = ProjectIndex(files: files)
        runs.append(clock.measure { _ = rule.check(index) })
      }
      runs.sort()
      print(String(format: "%9.3f ms    rule %@ (fresh index, one core)", runs[runs.count / 2].inMilliseconds, rule.description.identifier))
    }
    let largest = files.max { ($0.swift?.types.count ?? 0) < ($1.swift?.types.count ?? 0) }
    if let largest {
      print(String(format: "%9.3f ms  fresh index + checking only %@", median {
        _ = LintEngine.snapshot(files: files, priority: [largest.path])
      }, largest.path))
    }
  } catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
  }
  exit(0)
}

#if DEBUG
Benchmark.progress("warning: this is a debug build; measure with `swift run -c release tablelint-bench`")
#endif

var exitCode: Int32 = 0
var corpusRoot: String?
do {
  Benchmark.progress("generating the corpus…")
  let corpus = try CorpusGenerator.generate(options: options)
  corpusRoot = corpus.root
  Benchmark.progress(
    "\(corpus.stats.total.files) files, \(corpus.stats.total.lines) lines in \(corpus.root) "
      + "(\(Report.duration(corpus.generationSeconds)))")
  if options.generateOnly {
    print(corpus.root)
    exit(0)
  }
  let result = try Benchmark.run(options: options, corpus: corpus)
  if options.json {
    print(try Report.json(result))
  } else {
    var verbose: [String] = []
    if options.verbose {
      let lint = try Workspace(roots: [corpus.root]).lint()
      verbose = lint.findings.map {
        "\($0.location.file.dropFirst(corpus.root.count + 1)):\($0.location.line):\($0.location.column): \($0.ruleID): \($0.message)"
      }
    }
    print(Report.table(result, verboseFindings: verbose))
  }
  if result.findings.missedByRule.values.reduce(0, +) > 0 { exitCode = 1 }
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exitCode = 1
}

if let corpusRoot, !options.keep {
  try? FileManager.default.removeItem(atPath: corpusRoot)
}
exit(exitCode)
