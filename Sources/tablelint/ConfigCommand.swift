import ArgumentParser

/// `tablelint config`: placeholder until its issue lands.
struct ConfigCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "config", abstract: "Not available yet.", shouldDisplay: false)

  func run() throws {
    throw ValidationError("'config' is not available yet")
  }
}
