import ArgumentParser
import Foundation
import TablelintCore

/// A problem with the command's input (a path that does not exist): exit status 2 and one line on stderr.
struct InputProblem: Error {
  let message: String

  /// The configuration in effect (`--config`, or the nearest `.tablelint.yml`); an invalid one is an input problem.
  static func configuration(explicitPath: String?, currentDirectory: String) throws -> Configuration {
    do {
      return try Configuration.resolve(explicitPath: explicitPath, currentDirectory: currentDirectory)
    } catch let error as ConfigurationError {
      throw InputProblem(message: "invalid configuration\n\(error.description)")
    }
  }
}

/// Values the process needs until it exits and no longer: they are never freed. The run ends right after, and
/// releasing a large model object by object is work for nothing (element-ios: about 20 ms of a 560 ms lint, one
/// core, after the report is printed). The kernel takes the memory back whole; clang's `-disable-free` does the same.
///
/// Under AddressSanitizer they are released as usual: LeakSanitizer's scan at exit does not recognise a reference
/// Swift stores with an enum's case in its spare bits (the boxes of `indirect` cases, the payloads of multi-payload
/// enums), so everything reached only through one would be reported as leaked.
enum ProcessLifetime {
  nonisolated(unsafe) private static var kept: [Any] = []

  /// Whether this process runs under AddressSanitizer (its runtime is linked in).
  static let isAddressSanitized = dlsym(nil, "__asan_init") != nil

  /// Call on the main thread only, when the command's output is written.
  static func keepUntilExit(_ values: Any...) {
    guard !isAddressSanitized else { return }
    kept += values
  }
}

/// The `tablelint` command.
///
/// Exit status: 0 when no finding has error severity, 1 when at least one does, 2 for usage and IO problems.
@main
struct Tablelint: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tablelint",
    abstract: "Checks iOS table views across Swift, Objective-C, storyboards and xibs.",
    version: TablelintVersion.current,
    subcommands: [
      LintCommand.self, RulesCommand.self, ModelCommand.self, PreviewCommand.self, ConfigCommand.self, LSPCommand.self,
      FactsCommand.self,
    ],
    defaultSubcommand: LintCommand.self
  )

  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first != "lsp" { BatchMallocTuning.run() }
    do {
      // The lint faults its writable data in when it starts reading files (see `WritableDataPrefault`); an unchanged
      // tree reads none.
      if arguments.first == "lint", let options = LintOptions.fastParse(Array(arguments.dropFirst())) {
        try options.run()
        return
      }
      // Before any thread starts.
      WritableDataPrefault.run()
      var command = try lintCommandAlone(arguments) ?? parseAsRoot()
      try command.run()
    } catch let code as ExitCode {
      // A status and nothing to print: `exit(withError:)` would first build the usage text for a message it does
      // not print, on every run with an error finding.
      Foundation.exit(code.rawValue)
    } catch let problem as InputProblem {
      // IO problems: one line, no usage text.
      FileHandle.standardError.write(Data("tablelint: \(problem.message)\n".utf8))
      Foundation.exit(2)
    } catch {
      let code = exitCode(for: error)
      if code == .success {
        exit(withError: error)
      }
      // Usage errors and IO problems: one clear line, exit status 2.
      let message = fullMessage(for: error)
      FileHandle.standardError.write(Data(("tablelint: " + message + "\n").utf8))
      Foundation.exit(2)
    }
  }

  /// `tablelint lint …` parsed by the lint command alone: parsing against the whole command tree reflects every
  /// subcommand's properties and parses the arguments twice more for a completion-script request, together a third of
  /// an unchanged run's instructions. Help, the version, completion scripts and whatever the lint command rejects
  /// return `nil`: the whole tree parses them, with its usual texts and messages.
  static func lintCommandAlone(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> ParsableCommand? {
    guard arguments.first == "lint",
      !arguments.contains(where: { argument in
        argument == "-h" || argument == "--help" || argument == "help" || argument == "--version"
          || argument.hasPrefix("--generate-completion") || argument.hasPrefix("--experimental")
      })
    else { return nil }
    return try? LintCommand.parse(Array(arguments.dropFirst()))
  }
}
