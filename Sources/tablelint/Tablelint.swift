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
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch let problem as InputProblem {
      // IO problems: one line, no usage text.
      FileHandle.standardError.write(Data("tablelint: \(problem.message)\n".utf8))
      Foundation.exit(2)
    } catch {
      let code = exitCode(for: error)
      if code == .success || error is ExitCode {
        exit(withError: error)
      }
      // Usage errors and IO problems: one clear line, exit status 2.
      let message = fullMessage(for: error)
      FileHandle.standardError.write(Data(("tablelint: " + message + "\n").utf8))
      Foundation.exit(2)
    }
  }
}
