import Dispatch
import Foundation
import InterfaceBuilderFrontend
import SwiftFrontend
import TablelintCore
import TablelintIndex

/// Everything one run measured, as printed (table) or recorded (`--json`).
struct BenchResult: Codable {
  struct Machine: Codable {
    var cores: Int
    var activeCores: Int
    var operatingSystem: String
    /// /proc/loadavg (1, 5, 15 minutes) when the measurements started: other work on the machine skews wall times.
    var loadAverage: [Double]?
  }

  struct CorpusInfo: Codable {
    var root: String
    var kept: Bool
    var seed: UInt64
    var generationSeconds: Double
    var stats: CorpusStats
    /// Files the linter discovered (Swift, storyboards, xibs).
    var discoveredFiles: Int
    var editedFile: String
  }

  struct Findings: Codable {
    var total: Int
    var errors: Int
    var warnings: Int
    var byRule: [String: Int]
    var planted: Int
    var plantedByRule: [String: Int]
    /// Planted defects no finding reported, by rule (count expected minus found, when positive).
    var missedByRule: [String: Int]
    /// Findings of rules that reported more than was planted for them (all of that rule's findings, since which
    /// ones are extra is not known): `path:line:column: rule: message`.
    var unexpected: [String]
  }

  struct Memory: Codable {
    /// VmHWM at the end of the run.
    var peakResidentBytes: Int?
    /// VmHWM after the parse-only measurements, before any lint.
    var peakResidentAfterParseOnlyBytes: Int?
    var residentAtEndBytes: Int?
  }

  var machine: Machine
  var iterations: Int
  var corpus: CorpusInfo
  var measurements: [Measurement]
  /// Median of each measurement divided by the median of `parse_only_parallel`.
  var ratiosToParseOnly: [String: Double]
  var findings: Findings
  var memory: Memory
  var warnings: [String]
}

enum Benchmark {
  struct CheckFailure: Error, CustomStringConvertible {
    let description: String
  }

  static func progress(_ message: String) {
    FileHandle.standardError.write(Data("[tablelint-bench] \(message)\n".utf8))
  }

  static func run(options: BenchOptions, corpus: Corpus) throws -> BenchResult {
    let iterations = options.iterations
    let root = corpus.root
    let loadAverage = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)).map {
      $0.split(separator: " ").prefix(3).compactMap { Double($0) }
    }
    var measurements: [Measurement] = []
    var warnings: [String] = []

    func record(_ key: String, _ label: String, parsed: Int? = nil, _ samples: (wall: [Double], cpu: [Double])) {
      var measurement = Measurement(key: key, label: label, samples: samples.wall, cpuSamples: samples.cpu)
      measurement.parsedFiles = parsed
      measurements.append(measurement)
      progress("\(Report.pad(key, 24)) median \(Report.duration(measurement.median))")
    }

    let discovery = FileDiscovery()
    let paths = try discovery.discover(roots: [root])
    let files = paths.map { (path: $0, kind: FileKind(path: $0)) }

    // Warm-up (not timed): page cache, allocator and lazily initialised state of both frontends.
    _ = parseOnly(files, parallel: true)

    // 1. The floor: read and parse every file, nothing else.
    record("discovery", "discovery (FileDiscovery.discover)", try Clock.samples(iterations) { _ in
      _ = try discovery.discover(roots: [root])
    })
    record("read_files", "read all files (sequential)", Clock.samples(iterations) { _ in
      var total = 0
      for file in files { total &+= read(file.path)?.count ?? 0 }
      blackHole(total)
    })
    record("parse_only_sequential", "parse-only, sequential", Clock.samples(iterations) { _ in
      blackHole(parseOnly(files, parallel: false))
    })
    record("parse_only_parallel", "parse-only, parallel", Clock.samples(iterations) { _ in
      blackHole(parseOnly(files, parallel: true))
    })
    // Diagnostic: parse + fact extraction (the frontends as the workspace calls them), no hashing, no index.
    record("parse_extract_parallel", "parse + extract facts, parallel", Clock.samples(iterations) { _ in
      blackHole(parseAndExtract(files).count)
    })
    let peakAfterParseOnly = ProcessMemory.peakResident

    // 2. Cold lint: a new workspace every time.
    var coldResult: LintResult?
    var workspace: Workspace?
    record("cold_lint", "cold lint (new Workspace + lint())", parsed: paths.count, try Clock.samples(iterations) { _ in
      let fresh = Workspace(roots: [root])
      coldResult = try fresh.lint()
      workspace = fresh
    })
    guard let workspace, let coldResult else { throw CheckFailure(description: "no cold lint ran") }
    try check(workspace.lastParseCount == paths.count, "cold lint parsed \(workspace.lastParseCount) of \(paths.count) files")
    try check(coldResult.fileCount == paths.count, "cold lint indexed \(coldResult.fileCount) of \(paths.count) files")

    // 3. Warm lint: nothing changed, nothing may be parsed.
    var warmFindings = 0
    record("warm_lint", "warm lint (nothing changed)", parsed: 0, try Clock.samples(iterations) { _ in
      warmFindings = try workspace.lint().findings.count
      try check(workspace.lastParseCount == 0, "warm lint re-parsed \(workspace.lastParseCount) files (expected 0)")
    })
    if warmFindings != coldResult.findings.count {
      warnings.append("warm lint found \(warmFindings) findings, cold lint \(coldResult.findings.count)")
    }

    // 4. Incremental: one Swift file changes, on disk and then as an editor overlay.
    let original = read(corpus.editTarget) ?? []
    var incrementalFindings = 0
    defer { try? writeFile(corpus.editTarget, original) }
    record("incremental_disk", "incremental: 1 file edited on disk", parsed: 1, try Clock.samples(iterations) { run in
      // The edit changes size and contents, as saving in an editor would (a comment keeps the findings the same).
      try writeFile(corpus.editTarget, original + Array("\n// edited by tablelint-bench, run \(run)\n".utf8))
      // Not timed separately: the write is a few microseconds next to a lint.
      incrementalFindings = try workspace.lint().findings.count
      try check(workspace.lastParseCount == 1, "incremental lint parsed \(workspace.lastParseCount) files (expected 1)")
    })
    record("incremental_overlay", "incremental: 1 editor overlay (setOverlay)", parsed: 1, try Clock.samples(iterations) { run in
      workspace.setOverlay(path: corpus.editTarget, contents: original + Array("\n// overlay \(run)\n".utf8))
      incrementalFindings = try workspace.lint().findings.count
      try check(workspace.lastParseCount == 1, "overlay lint parsed \(workspace.lastParseCount) files (expected 1)")
    })
    workspace.removeOverlay(path: corpus.editTarget)
    if incrementalFindings != coldResult.findings.count {
      warnings.append("incremental lint found \(incrementalFindings) findings, cold lint \(coldResult.findings.count)")
    }

    // 5. The model only: index and rules on facts already parsed.
    let facts = try workspace.refresh()
    record("index_only", "index only (ProjectIndex(files:))", Clock.samples(iterations) { _ in
      blackHole(ProjectIndex(files: facts).dequeues.count)
    })
    record("index_and_rules", "index + rules (Linter.lint(files:))", Clock.samples(iterations) { _ in
      blackHole(Linter.lint(files: facts).findings.count)
    })

    // 6. Memory.
    let memory = BenchResult.Memory(
      peakResidentBytes: ProcessMemory.peakResident, peakResidentAfterParseOnlyBytes: peakAfterParseOnly,
      residentAtEndBytes: ProcessMemory.resident)

    let baseline = measurements.first { $0.key == "parse_only_parallel" }?.median ?? 0
    var ratios: [String: Double] = [:]
    for measurement in measurements where baseline > 0 { ratios[measurement.key] = measurement.median / baseline }

    return BenchResult(
      machine: BenchResult.Machine(
        cores: ProcessInfo.processInfo.processorCount, activeCores: ProcessInfo.processInfo.activeProcessorCount,
        operatingSystem: ProcessInfo.processInfo.operatingSystemVersionString, loadAverage: loadAverage),
      iterations: iterations,
      corpus: BenchResult.CorpusInfo(
        root: root, kept: options.keep, seed: options.seed, generationSeconds: corpus.generationSeconds,
        stats: corpus.stats, discoveredFiles: paths.count, editedFile: corpus.editTarget),
      measurements: measurements, ratiosToParseOnly: ratios,
      findings: findings(coldResult, corpus: corpus),
      memory: memory, warnings: warnings)
  }

  // MARK: - The baseline

  enum FileKind: Sendable {
    case swift, interfaceBuilder, other

    init(path: String) {
      let lower = path.lowercased()
      if lower.hasSuffix(".swift") { self = .swift }
      else if lower.hasSuffix(".storyboard") || lower.hasSuffix(".xib") { self = .interfaceBuilder }
      else { self = .other }
    }
  }

  /// Reads a file the way `Workspace` does.
  static func read(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
  }

  /// Reads and parses every file: swift-syntax's `Parser.parse` for Swift (no fact extraction), the IB frontend for
  /// storyboards and xibs. Returns a checksum so nothing is optimised away.
  static func parseOnly(_ files: [(path: String, kind: FileKind)], parallel: Bool) -> Int {
    let results = Slots(count: files.count, initial: 0)
    forEachIndex(files.count, parallel: parallel) { index in
      let file = files[index]
      guard let bytes = read(file.path) else { return }
      switch file.kind {
      case .swift: results[index] = SwiftFrontend.parseOnly(bytes: bytes)
      case .interfaceBuilder: results[index] = InterfaceBuilderFrontend.parse(path: file.path, bytes: bytes).problems.count + 1
      case .other: results[index] = bytes.count
      }
    }
    return results.values.reduce(0, &+)
  }

  /// Reads, parses and extracts facts for every file on all cores, as `Workspace.refresh()` does on a cold start
  /// (without discovery, signatures and content hashes).
  static func parseAndExtract(_ files: [(path: String, kind: FileKind)]) -> [Int] {
    let results = Slots(count: files.count, initial: 0)
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      guard let bytes = read(files[index].path), let facts = Frontends.parse(path: files[index].path, bytes: bytes)
      else { return }
      results[index] = facts.problems.count + 1
    }
    return results.values
  }

  // MARK: - Checks

  static func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw CheckFailure(description: "check failed: " + message()) }
  }

  static func findings(_ result: LintResult, corpus: Corpus) -> BenchResult.Findings {
    var byRule: [String: Int] = [:]
    for finding in result.findings { byRule[finding.ruleID, default: 0] += 1 }
    var plantedByRule: [String: Int] = [:]
    for defect in corpus.plan.plantedDefects { plantedByRule[defect.ruleID, default: 0] += 1 }
    var missed: [String: Int] = [:]
    for (rule, expected) in plantedByRule where (byRule[rule] ?? 0) < expected {
      missed[rule] = expected - (byRule[rule] ?? 0)
    }
    // Each planted defect gives one finding; a rule with more findings than plants reports something else too.
    let unexpected = result.findings.filter { (byRule[$0.ruleID] ?? 0) > (plantedByRule[$0.ruleID] ?? 0) }
    let root = corpus.root + "/"
    return BenchResult.Findings(
      total: result.findings.count, errors: result.errorCount, warnings: result.warningCount, byRule: byRule,
      planted: corpus.plan.plantedDefects.count, plantedByRule: plantedByRule, missedByRule: missed,
      unexpected: unexpected.map {
        let path = $0.location.file.hasPrefix(root) ? String($0.location.file.dropFirst(root.count)) : $0.location.file
        return "\(path):\($0.location.line):\($0.location.column): \($0.ruleID): \($0.message)"
      })
  }
}

/// Keeps a value alive so the optimiser cannot drop the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
