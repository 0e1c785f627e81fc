import Foundation
import TablelintCore

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
