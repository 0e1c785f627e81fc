import ArgumentParser
import Foundation
import TablelintCore
import TablelintIndex
import TablelintModel

/// `tablelint model`: prints every table the project declares, as sections of rows.
struct ModelCommand: ParsableCommand {
  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  static let configuration = CommandConfiguration(
    commandName: "model",
    abstract: "Print the tables the project declares: storyboards, data sources, table libraries, enum layouts.",
    discussion: """
      text is an outline (table → sections with header and footer → rows with cell, text and accessory); json is \
      the stable schema documented on TableModel (version 1). Paths below the current directory are relative.
      """
  )

  @Argument(help: "Files or directories to read (default: the current directory).")
  var paths: [String] = []

  @Option(help: "Output format: text or json.")
  var format: Format = .text

  func run() throws {
    let files: [FileFacts]
    do {
      files = try Workspace(roots: paths).refresh()
    } catch let error as FileDiscovery.Error {
      throw InputProblem(message: error.description)
    }
    let directory = FileManager.default.currentDirectoryPath
    let model = ProjectIndex(files: files).tableModel.mappingFiles { Self.relative($0, to: directory) }
    let output: String
    switch format {
    case .text: output = TableModelOutline.render(model)
    case .json: output = Self.json(model)
    }
    FileHandle.standardOutput.write(Data((output.hasSuffix("\n") ? output : output + "\n").utf8))
  }

  static func relative(_ path: String, to directory: String) -> String {
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    var path = path
    while path.hasPrefix("./") { path.removeFirst(2) }
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  static func json(_ model: TableModel) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(model) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}

/// The text outline of `tablelint model`.
enum TableModelOutline {
  static func render(_ model: TableModel) -> String {
    guard !model.tables.isEmpty else { return "no tables found\n" }
    var lines: [String] = []
    for table in model.tables {
      var title = "\(place(table.location))  \(table.name)  [\(table.source.rawValue)"
      if let style = table.style { title += ", \(style)" }
      title += "]"
      if let owner = table.owner, owner != table.name { title += "  owner: \(owner)" }
      lines.append(title)
      if let dataSource = table.dataSource {
        for (label, returns) in [
          ("numberOfSections", dataSource.numberOfSections), ("numberOfRowsInSection", dataSource.numberOfRows),
          ("titleForHeaderInSection", dataSource.titleForHeader), ("titleForFooterInSection", dataSource.titleForFooter),
        ] {
          guard let returns else { continue }
          let parts = returns.map { item in
            sectionLabel(item.sections) + item.value
              + (item.conditional == true ? " (if …)" : "")
          }
          let via = dataSource.type == table.owner ? "" : " (\(dataSource.type))"
          lines.append("  \(label)\(via): " + (parts.isEmpty ? "computed" : parts.joined(separator: "; ")))
        }
      }
      if table.sections.isEmpty {
        lines.append("  " + (table.sectionCount.map { "\($0) section\($0 == 1 ? "" : "s")" } ?? "sections computed at run time"))
      }
      for (index, section) in table.sections.enumerated() {
        var line = "  section \(index)"
        if let header = section.header { line += "  \"\(header)\"" }
        if let footer = section.footer { line += "  footer: \"\(footer)\"" }
        if section.rows == nil { line += section.rowCount.map { "  (\($0) row\($0 == 1 ? "" : "s"))" } ?? "  (rows computed)" }
        lines.append(line)
        for row in section.rows ?? [] {
          lines.append("    " + describe(row))
        }
      }
      if !table.complete, !table.sections.isEmpty, table.source != .dataSource {
        lines.append("  … more sections or rows computed at run time")
      }
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }

  /// `all` → nothing, `0, 2` → `section 0, 2: `, `all but 1` → `other sections: `.
  static func sectionLabel(_ sections: String) -> String {
    if sections == "all" { return "" }
    if sections.hasPrefix("all but") { return "other sections: " }
    return "section \(sections): "
  }

  static func describe(_ row: TableRow) -> String {
    var parts: [String] = []
    if let caseName = row.caseName { parts.append(".\(caseName)") }
    var cell = row.cellClass ?? ""
    if let style = row.style, row.cellClass == nil || style != "custom" {
      cell += cell.isEmpty ? style : " (\(style))"
    }
    if !cell.isEmpty { parts.append(cell) }
    if let text = row.text { parts.append("\"\(text)\"" + (row.detailText.map { " — \"\($0)\"" } ?? "")) }
    else if let detail = row.detailText { parts.append("— \"\(detail)\"") }
    if let accessory = row.accessory, accessory != "none" { parts.append("› \(accessory)") }
    if let action = row.action { parts.append("action: \(action)") }
    if let populate = row.populate { parts.append("populate: \(populate)") }
    if row.hasSelection == true { parts.append("(selectable)") }
    if let identifier = row.reuseIdentifier { parts.append("id: \(identifier)") }
    if parts.isEmpty { parts.append(row.kind.rawValue) }
    return parts.joined(separator: "  ")
  }

  static func place(_ location: SourceLocation) -> String {
    "\(location.file):\(location.line):\(location.column)"
  }
}
