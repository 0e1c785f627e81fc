import ArgumentParser

/// `tablelint lsp`: placeholder until its issue lands.
struct LSPCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "lsp", abstract: "Not available yet.", shouldDisplay: false)

  func run() throws {
    throw ValidationError("'lsp' is not available yet")
  }
}
