import Foundation
import JSONRPC
import TablelintModel
import TablelintCore
import TablelintPreview

/// The table preview in editors: a "Preview table" code lens above each table a document declares, and the command
/// it runs, which writes the pages (`TablePreview`) to a temporary folder and asks the client to show the table's.
extension LanguageServer {
  static let previewTableCommand = "tablelint.previewTable"

  func codeLenses(_ request: CodeLensRequest) throws -> [CodeLens]? {
    guard let path = DocumentURIs.path(of: request.textDocument.uri), let analysis = currentAnalysis(),
      let text = text(ofPath: path)
    else { return nil }
    let lenses = analysis.featureIndex.tableModel.tables.filter { $0.location.file == path }.map { table in
      let start = table.location.range.start
      return CodeLens(
        range: text.range(of: SourceRange(start: start, end: start), encoding: encoding),
        command: Command(
          title: "Preview table", command: Self.previewTableCommand,
          arguments: [.string(request.textDocument.uri), .int(start.line)]
        )
      )
    }
    return lenses.isEmpty ? nil : lenses
  }

  /// `tablelint.previewTable URI LINE`: the table declared on that line (1-based) of that document.
  func executeCommand(_ request: ExecuteCommandRequest) throws -> JSONValue? {
    guard request.command == Self.previewTableCommand else {
      throw ResponseError.invalidParams("unknown command '\(request.command)'")
    }
    guard let arguments = request.arguments, arguments.count == 2, case .string(let uri) = arguments[0],
      case .int(let line) = arguments[1], let path = DocumentURIs.path(of: uri)
    else {
      throw ResponseError.invalidParams("\(Self.previewTableCommand) takes a document URI and a line")
    }
    guard let analysis = currentAnalysis() else { throw ResponseError.requestFailed("the workspace could not be read") }
    let model = analysis.featureIndex.tableModel
    guard let position = model.tables.firstIndex(where: { $0.location.file == path && $0.location.range.start.line == line })
    else {
      throw ResponseError.invalidParams("no table is declared on line \(line) of \(uri)")
    }
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tablelint-preview-\(ProcessInfo.processInfo.processIdentifier)").path
    let pages = TablePreview.pages(of: model, findings: analysis.result.findings)
    do {
      for page in pages {
        try AtomicFile.write(Data(page.html.utf8), to: directory + "/" + page.fileName)
      }
    } catch {
      throw ResponseError.requestFailed("cannot write the preview: \(error)")
    }
    let page = URL(fileURLWithPath: directory + "/" + pages[position + 1].fileName).absoluteString
    if let params = try? JSONValue(encoding: ShowDocumentRequest(uri: page, external: true, takeFocus: true)) {
      connection.sendRequest(ShowDocumentRequest.method, params: params) { _ in }
    }
    return .string(page)
  }
}
