import ArgumentParser
import Foundation
import TablelintCore
import TablelintIndex
import TablelintReporters
import TablelintRules

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json, sarif
}

struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Lint the Swift, Objective-C, storyboard and xib files under the given paths.",
    discussion: """
      Exit status: 0 when there is no error-severity finding, 1 when there is at least one, 2 for usage or IO \
      problems (such as a path that does not exist).
      """
  )

  @Argument(help: "Files or directories to lint (default: the current directory).")
  var paths: [String] = []

  @Option(help: "Output format: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
  var format: OutputFormat = .text

  @Flag(help: "Print only the findings: no summary line.")
  var quiet = false

  @Flag(help: "Print what the model holds (files, dequeues, registrations, tables) and the time taken to stderr.")
  var statistics = false

  func run() throws {
    let workspace = Workspace(roots: paths)
    let result: LintResult
    let clock = ContinuousClock()
    let start = clock.now
    do {
      result = try workspace.lint()
    } catch let error as FileDiscovery.Error {
      throw InputProblem(message: error.description)
    }
    if statistics {
      let elapsed = clock.now - start
      let text = "\(ProjectStatistics(result.index))\nlint time: \(elapsed)\n"
      FileHandle.standardError.write(Data(text.utf8))
    }
    let context = ReportContext(
      currentDirectory: FileManager.default.currentDirectoryPath,
      toolVersion: TablelintVersion.current,
      filesAnalysed: result.fileCount,
      rules: RuleRegistry.all.map { $0.description }
    )
    var output: String
    switch format {
    case .text:
      output = TextReporter.report(result.findings, context: context)
      if quiet {
        // The summary is the last line.
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last == "" { lines.removeLast() }
        if !lines.isEmpty { lines.removeLast() }
        output = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
      }
    case .json:
      output = JSONReporter.report(result.findings, context: context)
    case .sarif:
      // SARIF counts columns in UTF-16 code units.
      output = SARIFReporter.report(result.findings.convertingColumnsToUTF16(), context: context)
    }
    if !output.isEmpty {
      FileHandle.standardOutput.write(Data((output.hasSuffix("\n") ? output : output + "\n").utf8))
    }
    if result.errorCount > 0 { throw ExitCode(1) }
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
