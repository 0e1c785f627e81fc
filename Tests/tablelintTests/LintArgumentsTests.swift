import ArgumentParser
import Testing

@testable import tablelint

/// `LintOptions.fastParse` reads what ArgumentParser reads into `LintCommand`, and leaves everything else to it.
struct LintArgumentsTests {
  static let common: [[String]] = [
    [], ["."], ["App", "Tests"], ["--quiet"], ["--no-cache", "--quiet", "."], ["--format", "json", "."],
    ["--format=sarif"], ["--reporter", "json"], ["--config", "lint.yml", "."], ["--config=lint.yml"],
    ["--baseline", "old.json", "--write-baseline", "new.json"], ["--cache-path", "/tmp/tablelint-cache"],
    ["--strict", "--no-color", "--statistics"], ["--fix", "--unsafe-fixes", "--diff"], [".", "--quiet", "Sources"],
    ["a=b.swift"],
  ]

  @Test(arguments: common)
  func theFastReadingIsArgumentParsers(_ arguments: [String]) throws {
    let fast = try #require(LintOptions.fastParse(arguments))
    let parsed = try LintCommand.parse(arguments).options
    #expect(fast.paths == parsed.paths)
    #expect(fast.format.reporter.identifier == parsed.format.reporter.identifier)
    #expect(fast.config == parsed.config)
    #expect(fast.baseline == parsed.baseline)
    #expect(fast.writeBaseline == parsed.writeBaseline)
    #expect(fast.cachePath == parsed.cachePath)
    #expect(fast.factsShards == parsed.factsShards)
    let flags = [
      (fast.quiet, parsed.quiet), (fast.strict, parsed.strict), (fast.noColor, parsed.noColor),
      (fast.noCache, parsed.noCache), (fast.fix, parsed.fix), (fast.unsafeFixes, parsed.unsafeFixes),
      (fast.diff, parsed.diff), (fast.statistics, parsed.statistics),
    ]
    #expect(flags.allSatisfy { $0.0 == $0.1 })
  }

  static let uncommon: [[String]] = [
    ["--help"], ["-h"], ["--version"], ["--facts", "App.facts"], ["--", "-odd.swift"], ["--quiet", "--quiet"],
    ["--format", "json", "--reporter", "sarif"], ["--format", "yaml"], ["--config"], ["--config", "--quiet"],
    ["--quiet=yes"], ["--unknown"], ["-q"], ["--format="], ["-"],
  ]

  @Test(arguments: uncommon)
  func everythingElseIsLeftToArgumentParser(_ arguments: [String]) {
    #expect(LintOptions.fastParse(arguments) == nil)
  }
}
