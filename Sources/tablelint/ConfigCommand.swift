import ArgumentParser
import Foundation
import TablelintCore
import TablelintRules

/// `tablelint config`: shows the configuration in effect, or checks a configuration file.
struct ConfigCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "config",
    abstract: "Show the configuration in effect, or check a configuration file.",
    discussion: """
      Without --check, prints which .tablelint.yml applies (the nearest from the current directory upwards) and \
      the rules with their effective severity.

      With --check, validates PATH (default: the nearest .tablelint.yml) and prints every problem as \
      'file:line:column: error: message'. Exit status: 0 valid, 1 invalid, 2 no such file.
      """
  )

  @Flag(help: "Validate the configuration file and report every problem.")
  var check = false

  @Argument(help: "The configuration file (default: the nearest .tablelint.yml from the current directory upwards).")
  var path: String?

  func run() throws {
    let currentDirectory = FileManager.default.currentDirectoryPath
    let file: String
    if let path {
      guard FileManager.default.fileExists(atPath: LexicalPath.absolute(path, currentDirectory: currentDirectory)) else {
        throw InputProblem(message: "no such configuration file: '\(path)'")
      }
      file = path
    } else if let found = Configuration.find(from: currentDirectory) {
      let relative = LexicalPath.relative(found, to: currentDirectory)
      file = relative.hasPrefix("..") ? found : relative
    } else if check {
      throw InputProblem(message: "no \(Configuration.fileName) in '\(currentDirectory)' or a directory above it")
    } else {
      write("configuration: none (the defaults apply)\n" + rules(Configuration(rootDirectory: currentDirectory)))
      return
    }

    let settings: Configuration
    do {
      settings = try Configuration.load(path: file, currentDirectory: currentDirectory)
    } catch let error as ConfigurationError {
      write(error.description + "\n")
      throw ExitCode(1)
    }
    if check {
      write("\(file): valid\n")
    } else {
      write("configuration: \(file)\n" + rules(settings))
    }
  }

  private func rules(_ settings: Configuration) -> String {
    let lint = settings.lintConfiguration(currentDirectory: FileManager.default.currentDirectoryPath)
    var text = "rules:\n"
    for rule in RuleRegistry.all.map({ $0.description }) {
      let state = lint.isEnabled(rule)
        ? (lint.severityOverrides[rule.identifier] ?? rule.severity).rawValue : "disabled"
      text += "  \(rule.identifier): \(state)\n"
    }
    return text
  }

  private func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}
