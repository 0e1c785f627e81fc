import ArgumentParser
import Foundation
import TablelintCore
import TablelintIndex
import TablelintModel
import TablelintPreview

/// `tablelint preview`: writes an HTML page per declared table, and an index, to a directory.
struct PreviewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "preview",
    abstract: "Draw every declared table as an HTML page (storyboards, data sources, table libraries, enum layouts).",
    discussion: """
      Writes index.html and one page per table to the output directory (created if needed; each file written \
      atomically; nothing else is written). The pages are self-contained and offline: no network, no script.
      """
  )

  @Argument(help: "Files or directories to read (default: the current directory).")
  var paths: [String] = []

  @Option(help: "The directory to write the pages to.")
  var output: String = "tablelint-preview"

  @Flag(help: "Open the index in the default browser afterwards.")
  var open = false

  @Option(help: "The configuration file (default: the nearest .tablelint.yml from the current directory upwards).")
  var config: String?

  func run() throws {
    let currentDirectory = FileManager.default.currentDirectoryPath
    let settings = try InputProblem.configuration(explicitPath: config, currentDirectory: currentDirectory)
    let result: LintResult
    do {
      result = try Workspace(roots: paths, filter: settings.pathFilter(currentDirectory: currentDirectory))
        .lint(configuration: settings.lintConfiguration(currentDirectory: currentDirectory))
    } catch let error as FileDiscovery.Error {
      throw InputProblem(message: error.description)
    }
    // Links need absolute paths; pages show them relative to the working directory.
    let absolute = { (path: String) in LexicalPath.absolute(path, currentDirectory: currentDirectory) }
    let findings = result.findings.map { finding -> Finding in
      var finding = finding
      finding.location.file = absolute(finding.location.file)
      return finding
    }
    // The model's tables, and the storyboards' prototype tables, in file order.
    let model = TableModel(
      tables: (result.index.tableModel.tables + TablePreview.prototypeTables(result.index)).sorted {
        ($0.location.file, $0.location.range.start) < ($1.location.file, $1.location.range.start)
      }
    )
    let pages = TablePreview.pages(
      of: model.mappingFiles(absolute), findings: findings,
      displayPath: { LintOptions.displayed($0, currentDirectory: currentDirectory) }
    )
    let directory = LexicalPath.absolute(output, currentDirectory: currentDirectory)
    do {
      for page in pages { try AtomicFile.write(Data(page.html.utf8), to: LexicalPath.join(directory, page.fileName)) }
    } catch {
      throw InputProblem(message: "\(error)")
    }
    let index = LexicalPath.join(directory, "index.html")
    print("wrote \(pages.count - 1) table page\(pages.count == 2 ? "" : "s") and \(LintOptions.displayed(index, currentDirectory: currentDirectory))")
    if open { Self.openInBrowser(index) }
  }

  /// `open` on macOS, `xdg-open` elsewhere; silent when neither exists.
  static func openInBrowser(_ path: String) {
    #if os(macOS)
    let opener = "/usr/bin/open"
    #else
    let opener = ["/usr/bin/xdg-open", "/bin/xdg-open"].first { FileManager.default.isExecutableFile(atPath: $0) }
    #endif
    guard let opener else { return }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: opener)
    process.arguments = [path]
    try? process.run()
  }
}
