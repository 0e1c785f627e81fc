import ArgumentParser
import Dispatch
import Foundation
import TablelintCore
import TablelintLanguageServer

/// `tablelint lsp`: the language server on stdin/stdout.
///
/// By default the analysis runs in a worker process (this command again, with `--worker`) that a supervisor
/// restarts when it stops (`LanguageServerSupervisor`); `--no-supervisor` runs everything in this process.
/// Nothing but protocol goes to stdout; logs go to stderr and `window/logMessage`. The process ends on `exit`
/// (status 0 after `shutdown`, 1 otherwise) or when the client closes stdin.
struct LSPCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lsp",
    abstract: "Run the language server (LSP 3.17 over stdin/stdout)."
  )

  @Flag(help: "Run the analysis in this process, without a supervised worker process (a crash ends the server).")
  var noSupervisor = false

  @Flag(help: .hidden)
  var worker = false

  /// The supervisor's process id: a worker ends when its parent is no longer that process (`OrphanWatch`).
  @Option(help: .hidden)
  var supervisor: Int32?

  @Option(help: .hidden)
  var breadcrumbs: String?

  @Option(help: .hidden)
  var skip: [String] = []

  @Flag(help: .hidden)
  var oneFileAtATime = false

  func run() throws {
    // Protocol only on stdout: anything else that writes there would break the framing, so take the descriptor
    // for the server and point stdout at stderr.
    let protocolOutput = FileHandle(fileDescriptor: dup(STDOUT_FILENO), closeOnDealloc: true)
    dup2(STDERR_FILENO, STDOUT_FILENO)
    if worker || noSupervisor {
      if worker { OrphanWatch.start(supervisor: supervisor) }
      var options = LanguageServer.Options()
      options.breadcrumbs = breadcrumbs.flatMap(ParseBreadcrumbs.init(path:))
      options.skippedFiles = Set(skip)
      options.readsOneFileAtATime = oneFileAtATime
      let server = LanguageServer(
        input: FileHandle.standardInput, output: protocolOutput, options: options,
        onExit: { status in
          Foundation.exit(status)
        }
      )
      server.start()
    } else {
      let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
      let supervisor = LanguageServerSupervisor(
        input: FileHandle.standardInput, output: protocolOutput,
        options: LanguageServerSupervisor.Options(workerCommand: [executable, "lsp", "--worker"]),
        onExit: { status in
          Foundation.exit(status)
        }
      )
      supervisor.start()
    }
    dispatchMain()
  }
}
