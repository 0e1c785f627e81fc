import ArgumentParser

/// `tablelint model`: placeholder until its issue lands.
struct ModelCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "model", abstract: "Not available yet.", shouldDisplay: false)

  func run() throws {
    throw ValidationError("'model' is not available yet")
  }
}
