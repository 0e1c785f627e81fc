import ArgumentParser
import Dispatch
import Foundation
import TablelintLanguageServer

/// `tablelint lsp`: the language server on stdin/stdout.
///
/// Nothing but protocol goes to stdout; logs go to stderr and `window/logMessage`. The process ends on `exit`
/// (status 0 after `shutdown`, 1 otherwise) or when the client closes stdin.
struct LSPCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lsp",
    abstract: "Run the language server (LSP 3.17 over stdin/stdout)."
  )

  func run() throws {
    // Protocol only on stdout: anything else that writes there would break the framing, so take the descriptor
    // for the server and point stdout at stderr.
    let protocolOutput = FileHandle(fileDescriptor: dup(STDOUT_FILENO), closeOnDealloc: true)
    dup2(STDERR_FILENO, STDOUT_FILENO)
    let server = LanguageServer(
      input: FileHandle.standardInput, output: protocolOutput,
      onExit: { status in
        Foundation.exit(status)
      }
    )
    server.start()
    dispatchMain()
  }
}
