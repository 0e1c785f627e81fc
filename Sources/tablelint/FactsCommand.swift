import ArgumentParser
import Foundation
import TablelintCore
import TablelintModel

/// `tablelint facts`: reads the files of one build target and writes their facts to a shard for
/// `tablelint lint --facts` (see `FactsShard`).
struct FactsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "facts",
    abstract: "Write the facts of some files (one build target) to a shard that `lint --facts` joins.",
    discussion: """
      The configuration's `included` and `excluded` patterns choose the files, as for `lint`. The shard is written \
      atomically; nothing else is written. Paths are stored as given (relative paths stay relative).
      """
  )

  @Argument(help: "Files or directories to read.")
  var paths: [String]

  @Option(help: "The shard to write.")
  var output: String

  @Option(help: "The configuration file (default: the nearest .tablelint.yml from the current directory upwards).")
  var config: String?

  func run() throws {
    let currentDirectory = FileManager.default.currentDirectoryPath
    let settings = try InputProblem.configuration(explicitPath: config, currentDirectory: currentDirectory)
    let files: [FileFacts]
    do {
      files = try Workspace(roots: paths, filter: settings.pathFilter(currentDirectory: currentDirectory)).refresh()
    } catch let error as FileDiscovery.Error {
      throw InputProblem(message: error.description)
    }
    do {
      try FactsShard.write(files, to: LexicalPath.absolute(output, currentDirectory: currentDirectory))
    } catch {
      throw InputProblem(message: "\(error)")
    }
  }
}
