import ArgumentParser
import Foundation
import TablelintCore
import TablelintIndex
import TablelintModel
import TablelintReporters
import TablelintRules

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A reporter's name on the command line (`--format`, `--reporter`).
struct ReporterName: ExpressibleByArgument {
  let reporter: any Reporter.Type

  init?(argument: String) {
    guard let reporter = Reporters.reporter(named: argument) else { return nil }
    self.reporter = reporter
  }

  static var allValueStrings: [String] { Reporters.all.map { $0.identifier } }
  /// What `--help` shows as the default (ArgumentParser would print the value's description).
  var defaultValueDescription: String { reporter.identifier }
}

struct LintCommand: ParsableCommand {
  /// `_superCommandName` matters only where the lint command is parsed alone (`Tablelint.lintCommandAlone`, never for
  /// help or errors): ArgumentParser then skips its test for a completion-script request, which parses the arguments
  /// twice more through reflection (a fifth of an unchanged run). Under `tablelint` the root's test still runs.
  static let configuration = CommandConfiguration(
    commandName: "lint",
    _superCommandName: "tablelint",
    abstract: "Lint the Swift, Objective-C, storyboard and xib files under the given paths.",
    discussion: """
      Configuration: the nearest .tablelint.yml from the current directory upwards, or --config.

      Exit status: 0 when no finding fails the run, 1 when one does (an error, or with --strict any finding), \
      2 for usage, configuration and IO problems (such as a path that does not exist).
      """
  )

  @Argument(help: "Files or directories to lint (default: the current directory).")
  var paths: [String] = []

  @Option(
    name: [.customLong("format"), .customLong("reporter")],
    help: "Output format.")
  var format: ReporterName = ReporterName(argument: "text")!

  @Option(help: "The configuration file (default: the nearest .tablelint.yml from the current directory upwards).")
  var config: String?

  @Flag(help: "Print only the findings: no summary line, no progress, no notes on stderr.")
  var quiet = false

  @Flag(help: "Fail (exit status 1) on warnings too.")
  var strict = false

  @Flag(name: .customLong("no-color"), help: "Never colour the text output (it is coloured only on a terminal).")
  var noColor = false

  @Option(help: "Report only findings that are not in this baseline file.")
  var baseline: String?

  @Option(name: .customLong("write-baseline"), help: "Record the findings in this baseline file (written atomically).")
  var writeBaseline: String?

  @Option(
    name: .customLong("cache-path"),
    help: "Directory of the facts cache (default: $XDG_CACHE_HOME/tablelint or ~/.cache/tablelint).")
  var cachePath: String?

  @Flag(name: .customLong("no-cache"), help: "Neither read nor write the facts cache.")
  var noCache = false

  @Option(
    name: .customLong("facts"), parsing: .upToNextOption,
    help: "Facts shards written by `tablelint facts` to lint, without reading their sources (paths given too are read as well)."
  )
  var factsShards: [String] = []

  @Flag(help: "Apply the safe fixes the findings carry, write each changed file atomically, and report what remains.")
  var fix = false

  @Flag(name: .customLong("unsafe-fixes"), help: "With --fix, also apply the fixes a person should look at.")
  var unsafeFixes = false

  @Flag(help: "With --fix, print the changes as a unified diff instead of writing them.")
  var diff = false

  @Flag(help: "Print what the model holds (files, dequeues, registrations, tables) and the time taken to stderr.")
  var statistics = false

  /// The options as plain values, which `run` reads.
  var options: LintOptions {
    LintOptions(
      paths: paths, format: format, config: config, quiet: quiet, strict: strict, noColor: noColor, baseline: baseline,
      writeBaseline: writeBaseline, cachePath: cachePath, noCache: noCache, factsShards: factsShards, fix: fix,
      unsafeFixes: unsafeFixes, diff: diff, statistics: statistics
    )
  }

  func run() throws { try options.run() }
}

/// `tablelint lint`'s options as plain values: what ArgumentParser read into `LintCommand`, or what `fastParse` read
/// (`LintArguments.swift`). The defaults are `LintCommand`'s.
struct LintOptions {
  var paths: [String] = []
  var format = ReporterName(argument: "text")!
  var config: String?
  var quiet = false
  var strict = false
  var noColor = false
  var baseline: String?
  var writeBaseline: String?
  var cachePath: String?
  var noCache = false
  var factsShards: [String] = []
  var fix = false
  var unsafeFixes = false
  var diff = false
  var statistics = false
}

extension LintOptions {
  func run() throws {
    let currentDirectory = FileManager.default.currentDirectoryPath
    let settings = try InputProblem.configuration(explicitPath: config, currentDirectory: currentDirectory)

    let cache: FactsCache? = noCache || !factsShards.isEmpty ? nil : (cachePath ?? FactsCache.defaultDirectory()).map {
      FactsCache(
        directory: LexicalPath.absolute($0, currentDirectory: currentDirectory), currentDirectory: currentDirectory,
        roots: paths
      )
    }
    let progress = TerminalProgress()
    let workspace = Workspace(
      roots: paths, filter: settings.pathFilter(currentDirectory: currentDirectory), cache: cache,
      progress: quiet ? nil : progress.handler
    )
    workspace.beforeParallelRead = { WritableDataPrefault.run() }
    if (unsafeFixes || diff) && !fix { throw ValidationError("--unsafe-fixes and --diff go with --fix") }
    if fix && !factsShards.isEmpty { throw ValidationError("--fix reads the sources; it cannot work from --facts") }
    var result: LintResult
    let clock = ContinuousClock()
    let start = clock.now
    var notes: [String] = []
    do {
      defer { progress.finish() }
      if fix {
        let fixedFiles: Int
        (result, fixedFiles) = try fixing(
          workspace: workspace, settings: settings, currentDirectory: currentDirectory, notes: &notes
        )
        // `--diff` prints only the diff: exit status 1 when there is something to fix.
        if diff {
          if !quiet { FileHandle.standardError.write(Data(notes.map { "tablelint: \($0)\n" }.joined().utf8)) }
          throw ExitCode(fixedFiles > 0 ? 1 : 0)
        }
      } else if !factsShards.isEmpty {
        result = try lintShards(workspace: paths.isEmpty ? nil : workspace, settings: settings, currentDirectory: currentDirectory)
      } else {
        // `--statistics` describes the model, which a result reused outright does not have.
        result = try workspace.lint(
          configuration: settings.lintConfiguration(currentDirectory: currentDirectory),
          configurationKey: Self.configurationKey(settings, currentDirectory: currentDirectory), needsModel: statistics
        )
      }
    } catch let error as FileDiscovery.Error {
      throw InputProblem(message: error.description)
    }

    var findings = result.findings
    if let baseline {
      let path = LexicalPath.absolute(baseline, currentDirectory: currentDirectory)
      do {
        let known = try Baseline.load(path: path)
        let (new, knownCount) = known.newFindings(
          findings, directory: LexicalPath.directory(of: path), currentDirectory: currentDirectory
        )
        findings = new
        if knownCount > 0 { notes.append("\(knownCount) finding\(knownCount == 1 ? "" : "s") in the baseline not shown") }
      } catch let error as Baseline.LoadError {
        throw InputProblem(message: error.description)
      }
    }
    if let writeBaseline {
      let path = LexicalPath.absolute(writeBaseline, currentDirectory: currentDirectory)
      let recorded = Baseline(
        findings: result.findings, directory: LexicalPath.directory(of: path), currentDirectory: currentDirectory
      )
      do {
        try recorded.write(to: path)
      } catch {
        throw InputProblem(message: "\(error)")
      }
      notes.append("wrote \(recorded.findings.count) finding\(recorded.findings.count == 1 ? "" : "s") to the baseline '\(writeBaseline)'")
    }

    if statistics {
      let elapsed = clock.now - start
      var text = "\(ProjectStatistics(result.index))\n"
      text += "parsed: \(workspace.lastParseCount) files, from the cache: \(workspace.lastCacheHitCount) files"
      text += " and \(workspace.lastDirectoryReuseCount) directory listings; checked: \(workspace.lastCheckedCount) files\n"
      if let cache {
        text += "cache: \(cache.path) (\(cache.loadState))"
        text += cache.lastSaveError.map { ", not saved: \($0)\n" } ?? "\n"
      }
      text += "suppressed: \(result.suppressedCount) findings\n"
      text += "lint time: \(elapsed)\n"
      if !workspace.lastPhases.isEmpty {
        text += "phases:\n"
        func milliseconds(_ duration: Duration) -> String { String(format: "%.2f ms", duration.inMilliseconds) }
        for phase in workspace.lastPhases {
          let time = milliseconds(phase.duration)
          let slowest = phase.slowestRules.map { "\($0.rule) \(milliseconds($0.duration))" }.joined(separator: ", ")
          text += String(repeating: " ", count: max(2, 12 - time.count)) + time + "  " + phase.name
          text += (slowest.isEmpty ? "" : " (slowest: \(slowest))") + "\n"
        }
      }
      FileHandle.standardError.write(Data(text.utf8))
    }
    if !quiet, !notes.isEmpty {
      FileHandle.standardError.write(Data(notes.map { "tablelint: \($0)\n" }.joined().utf8))
    }

    print(findings, result: result, currentDirectory: currentDirectory)
    ProcessLifetime.keepUntilExit(result, workspace)

    let fails = findings.contains { $0.severity == .error || strict }
    if fails { throw ExitCode(1) }
  }

  private func print(_ findings: [Finding], result: LintResult, currentDirectory: String) {
    let context = ReportContext(
      currentDirectory: currentDirectory,
      toolVersion: TablelintVersion.current,
      filesAnalysed: result.fileCount,
      rules: RuleRegistry.all.map { $0.description }
    )
    var output: String
    switch format.reporter.identifier {
    case TextReporter.identifier:
      output = TextReporter.report(findings, context: context)
      if quiet {
        // The summary is the last line.
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last == "" { lines.removeLast() }
        if !lines.isEmpty { lines.removeLast() }
        output = lines.joined(separator: "\n")
      }
      if Self.colorsOutput(noColor: noColor) { output = TextReporter.colorized(output) }
    case SARIFReporter.identifier:
      // SARIF counts columns in UTF-16 code units.
      output = SARIFReporter.report(findings.convertingColumnsToUTF16(), context: context)
    default:
      output = format.reporter.report(findings, context: context)
    }
    if !output.isEmpty {
      FileHandle.standardOutput.write(Data((output.hasSuffix("\n") ? output : output + "\n").utf8))
    }
  }

  /// `--fix`: lints, applies the fixes as overlays, and lints again until no fix applies (at most five rounds: a fix
  /// may uncover another); then writes every changed file atomically (or prints the diff), and returns the last
  /// run's findings (those that remain) and how many files changed.
  private func fixing(
    workspace: Workspace, settings: Configuration, currentDirectory: String, notes: inout [String]
  ) throws -> (result: LintResult, changedFiles: Int) {
    let configuration = settings.lintConfiguration(currentDirectory: currentDirectory)
    var original: [String: [UInt8]] = [:]
    var current: [String: [UInt8]] = [:]
    var fixed = 0
    var refused: [String: String] = [:]
    var result = try workspace.lint(configuration: configuration)
    for _ in 0..<5 {
      let outcome = FixApplier.apply(result.findings, unsafe: unsafeFixes) { path in
        current[path] ?? FileManager.default.contents(atPath: path).map(Array.init)
      }
      refused.merge(outcome.refused) { $1 }
      guard outcome.applied > 0 else { break }
      for (path, text) in outcome.texts {
        if original[path] == nil { original[path] = FileManager.default.contents(atPath: path).map(Array.init) }
        current[path] = text
        workspace.setOverlay(path: path, contents: text)
      }
      fixed += outcome.applied
      result = try workspace.lint(configuration: configuration)
    }
    let changed = current.keys.filter { current[$0] != original[$0] }.sorted()
    if diff {
      var output = ""
      for path in changed {
        output += UnifiedDiff.make(
          path: Self.displayed(path, currentDirectory: currentDirectory),
          old: String(decoding: original[path] ?? [], as: UTF8.self), new: String(decoding: current[path]!, as: UTF8.self)
        )
      }
      if !output.isEmpty { FileHandle.standardOutput.write(Data(output.utf8)) }
    } else {
      for path in changed {
        do {
          try AtomicFile.write(Data(current[path]!), to: path, preservingModeOf: path)
        } catch {
          throw InputProblem(message: "\(error)")
        }
      }
    }
    let files = changed.count == 1 ? "1 file" : "\(changed.count) files"
    notes.append(
      (fixed == 0 ? "nothing to fix" : (diff ? "would fix" : "fixed") + " \(fixed) finding\(fixed == 1 ? "" : "s") in \(files)")
        + (result.findings.isEmpty
          ? "" : result.findings.count == 1 ? "; 1 finding remains" : "; \(result.findings.count) findings remain")
    )
    for (path, reason) in refused.sorted(by: { $0.key < $1.key }) {
      notes.append("not fixed: \(Self.displayed(path, currentDirectory: currentDirectory)): \(reason)")
    }
    return (result, changed.count)
  }

  /// A path as the user would write it: relative to the current directory when below it.
  static func displayed(_ path: String, currentDirectory: String) -> String {
    let absolute = LexicalPath.absolute(path, currentDirectory: currentDirectory)
    let prefix = currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/"
    return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
  }

  /// The findings of the shards' facts joined (and of `workspace`'s files, read as usual, when paths were given).
  private func lintShards(workspace: Workspace?, settings: Configuration, currentDirectory: String) throws -> LintResult {
    // The index and the rules run on every core even when no file is read: the writable data is faulted in first,
    // while no other thread runs (`WritableDataPrefault`).
    WritableDataPrefault.run()
    var shards: [[FileFacts]] = []
    if let workspace { shards.append(try workspace.refresh()) }
    for shard in factsShards {
      do {
        shards.append(try FactsShard.read(LexicalPath.absolute(shard, currentDirectory: currentDirectory)))
      } catch let error as FactsShard.ReadError {
        throw InputProblem(message: error.description)
      }
    }
    return Linter.lint(
      files: FactsShard.join(shards), configuration: settings.lintConfiguration(currentDirectory: currentDirectory)
    )
  }

  /// A fingerprint of everything the findings depend on besides the inputs and the build: the configuration file
  /// (its path and contents) and the current directory (relative paths in the configuration are resolved from it).
  static func configurationKey(_ settings: Configuration, currentDirectory: String) -> UInt64 {
    var bytes = Array(currentDirectory.utf8) + [0]
    if let path = settings.path {
      bytes += Array(path.utf8) + [0]
      let absolute = LexicalPath.absolute(path, currentDirectory: currentDirectory)
      bytes += FileManager.default.contents(atPath: absolute).map(Array.init) ?? Array("unreadable".utf8)
    }
    return ContentHash(bytes).value
  }

  /// Colour only for a terminal, and never with `--no-color` or `NO_COLOR` set (https://no-color.org).
  static func colorsOutput(noColor: Bool) -> Bool {
    // `getenv`: `ProcessInfo.environment` copies the whole environment into a dictionary first.
    guard !noColor, getenv("NO_COLOR").map({ $0.pointee == 0 }) ?? true else { return false }
    return isatty(STDOUT_FILENO) != 0 && getenv("TERM").map({ String(cString: $0) }) != "dumb"
  }
}

struct RulesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rules", abstract: "List the rules with their documentation."
  )

  @Argument(help: "Show only this rule.")
  var identifier: String?

  func run() throws {
    let rules = RuleRegistry.all.map { $0.description }.filter { identifier == nil || $0.identifier == identifier }
    guard !rules.isEmpty else { throw ValidationError("no rule named '\(identifier ?? "")'") }
    var text = ""
    for rule in rules {
      text += "\(rule.identifier) (\(rule.severity.rawValue)): \(rule.summary)\n"
      if identifier != nil || rules.count == 1 {
        text += "\n" + (RuleDocumentation.markdown[rule.identifier] ?? "") + "\n"
      }
    }
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}
