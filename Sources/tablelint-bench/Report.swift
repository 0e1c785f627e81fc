import Foundation

/// The human-readable table and the JSON record of a `BenchResult`.
enum Report {
  static func json(_ result: BenchResult) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return String(decoding: try encoder.encode(result), as: UTF8.self)
  }

  static func table(_ result: BenchResult, verboseFindings: [String]) -> String {
    var lines: [String] = []
    let corpus = result.corpus
    let stats = corpus.stats
    lines.append(
      "tablelint-bench: \(result.machine.activeCores) of \(result.machine.cores) cores, "
        + "median of \(result.iterations) run\(result.iterations == 1 ? "" : "s") per measurement"
        + (result.machine.loadAverage.map { ", load average \($0.map { String(format: "%.2f", $0) }.joined(separator: " ")) at start" } ?? ""))
    lines.append("")
    lines.append("corpus  \(corpus.root) (\(corpus.kept ? "kept" : "deleted at exit"), seed \(corpus.seed), generated in \(duration(corpus.generationSeconds)))")
    func kindLine(_ name: String, _ kind: CorpusStats.Kind, _ note: String = "") -> String {
      "        \(pad(name, 12))\(pad(group(kind.files), 7, right: true)) files \(pad(group(kind.lines), 10, right: true)) lines \(pad(bytes(kind.bytes), 10, right: true))\(note)"
    }
    lines.append(kindLine("Swift", stats.swift, stats.bigFileLines > 0 ? "   (one file of \(group(stats.bigFileLines)) lines)" : ""))
    lines.append(kindLine("storyboards", stats.storyboards))
    lines.append(kindLine("xibs", stats.xibs))
    lines.append(kindLine("total", stats.total, "   (\(group(corpus.discoveredFiles)) discovered by the linter)"))
    lines.append("")

    let labelWidth = max(44, (result.measurements.map(\.label.count).max() ?? 0) + 2)
    lines.append(
      pad("measurement", labelWidth) + pad("median", 11, right: true) + pad("min", 11, right: true)
        + pad("max", 11, right: true) + pad("cpu", 11, right: true) + pad("vs parse-only", 15, right: true) + "  parsed")
    for measurement in result.measurements {
      let ratio = result.ratiosToParseOnly[measurement.key].map { String(format: "%.2fx", $0) } ?? "-"
      lines.append(
        pad(measurement.label, labelWidth) + pad(duration(measurement.median), 11, right: true)
          + pad(duration(measurement.minimum), 11, right: true) + pad(duration(measurement.maximum), 11, right: true)
          + pad(duration(measurement.cpuMedian), 11, right: true)
          + pad(ratio, 15, right: true) + "  " + (measurement.parsedFiles.map(String.init) ?? ""))
    }
    lines.append("")
    let summary = [
      ("cold lint", "cold_lint"), ("warm lint", "warm_lint"), ("incremental", "incremental_disk"),
      ("index + rules", "index_and_rules"),
    ].compactMap { name, key in result.ratiosToParseOnly[key].map { String(format: "%@ = %.2fx parse-only", name, $0) } }
    lines.append(summary.joined(separator: "; "))
    if let breakdown = coldLintBreakdown(result) {
      lines.append(
        "cold lint ≈ " + breakdown.map { "\($0.name) \(duration($0.seconds))" }.joined(separator: " + ")
          + " (medians; the last term is the rest: signatures, hashing, line counts, collecting results)")
    }
    if let sequential = result.measurements.first(where: { $0.key == "parse_only_sequential" }),
      let parallel = result.measurements.first(where: { $0.key == "parse_only_parallel" }), parallel.median > 0
    {
      lines.append(String(format: "parallel speed-up of parse-only: %.2fx on %d cores", sequential.median / parallel.median, result.machine.activeCores))
    }

    let findings = result.findings
    lines.append("")
    let missedTotal = findings.missedByRule.values.reduce(0, +)
    lines.append(
      "findings: \(findings.total) (\(findings.errors) errors, \(findings.warnings) warnings); planted defects: \(findings.planted), "
        + (missedTotal == 0 ? "all reported" : "\(missedTotal) NOT reported"))
    for rule in Set(findings.byRule.keys).union(findings.plantedByRule.keys).sorted() {
      lines.append("  \(pad(rule, 38)) \(findings.byRule[rule] ?? 0) found, \(findings.plantedByRule[rule] ?? 0) planted")
    }
    if !findings.unexpected.isEmpty {
      lines.append("  findings of rules that reported more than was planted:")
      for text in findings.unexpected.prefix(20) { lines.append("    " + text) }
      if findings.unexpected.count > 20 { lines.append("    … \(findings.unexpected.count - 20) more") }
    }
    if !verboseFindings.isEmpty {
      lines.append("  all findings:")
      for text in verboseFindings { lines.append("    " + text) }
    }
    lines.append("")
    let memory = result.memory
    var memoryLine = "peak memory (VmHWM): " + (memory.peakResidentBytes.map(bytes) ?? "unavailable")
    if let afterParse = memory.peakResidentAfterParseOnlyBytes {
      memoryLine += " (peak before any lint, after the parse-only runs: \(bytes(afterParse)))"
    }
    lines.append(memoryLine)
    for warning in result.warnings { lines.append("warning: " + warning) }
    return lines.joined(separator: "\n")
  }

  /// Cold lint split into the parts measured on their own; "rest" is what the workspace adds around them.
  static func coldLintBreakdown(_ result: BenchResult) -> [(name: String, seconds: Double)]? {
    func median(_ key: String) -> Double? { result.measurements.first { $0.key == key }?.median }
    guard let cold = median("cold_lint"), let discovery = median("discovery"),
      let parse = median("parse_extract_parallel"), let index = median("index_only"),
      let indexAndRules = median("index_and_rules")
    else { return nil }
    let rules = max(0, indexAndRules - index)
    return [
      ("discovery", discovery), ("parse+extract", parse), ("index", index), ("rules", rules),
      ("rest", cold - discovery - parse - indexAndRules),
    ]
  }

  // MARK: - Formatting

  static func duration(_ seconds: Double) -> String {
    if seconds >= 1 { return String(format: "%.3f s", seconds) }
    if seconds >= 0.001 { return String(format: "%.1f ms", seconds * 1000) }
    return String(format: "%.0f µs", seconds * 1_000_000)
  }

  static func bytes(_ count: Int) -> String {
    let value = Double(count)
    if value >= 1024 * 1024 { return String(format: "%.1f MiB", value / 1024 / 1024) }
    if value >= 1024 { return String(format: "%.1f KiB", value / 1024) }
    return "\(count) B"
  }

  static func group(_ number: Int) -> String {
    let digits = Array(String(number))
    var result = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return result
  }

  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
  }
}
