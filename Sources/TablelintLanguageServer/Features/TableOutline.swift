import TablelintIndex
import TablelintModel

/// The tables of `ProjectIndex.tableModel` as hover outlines and as document symbols.
enum TableOutline {
  /// Tables owned by (or named after) the type `name`.
  static func tables(ownedBy name: String, in index: ProjectIndex) -> [ModelTable] {
    index.tableModel.tables.filter { $0.owner == name || $0.name == name }
  }

  static func markdown(_ tables: [ModelTable]) -> String {
    tables.map(markdown).joined(separator: "\n\n---\n\n")
  }

  static func markdown(_ table: ModelTable) -> String {
    var head = "**\(table.name)** — \(table.source.rawValue) table"
    if let owner = table.owner { head += " owned by `\(owner)`" }
    if let style = table.style { head += " · \(style)" }
    var lines = [head, "", FeatureContext.describe(table.location)]
    if table.sections.isEmpty {
      lines.append("")
      lines.append(table.sectionCount.map { "\($0) sections" } ?? "sections not known statically")
    }
    for (position, section) in table.sections.enumerated() {
      lines.append("")
      lines.append("- " + sectionTitle(section, position: position))
      if let rows = section.rows {
        for row in rows { lines.append("  - " + rowTitle(row)) }
      } else {
        lines.append("  - " + (section.rowCount.map { "\($0) rows" } ?? "rows computed"))
      }
    }
    if !table.complete && !table.sections.isEmpty && table.source != .dataSource {
      lines.append("")
      lines.append("(incomplete: some sections or rows are computed)")
    }
    return lines.joined(separator: "\n")
  }

  static func sectionTitle(_ section: TableSection, position: Int) -> String {
    var text = "Section \(position)"
    var parts: [String] = []
    if let header = section.header { parts.append("header '\(header)'") }
    if let footer = section.footer { parts.append("footer '\(footer)'") }
    if !parts.isEmpty { text += " — " + parts.joined(separator: ", ") }
    return text
  }

  static func rowDetails(_ row: TableRow) -> [String] {
    var parts: [String] = []
    if let cellClass = row.cellClass { parts.append("`\(cellClass)`") }
    if let style = row.style { parts.append(style) }
    if let text = row.text { parts.append("'\(text)'") }
    if let detail = row.detailText { parts.append("detail '\(detail)'") }
    if let caseName = row.caseName { parts.append(".\(caseName)") }
    if let accessory = row.accessory { parts.append(accessory) }
    if let action = row.action { parts.append("action \(action)") }
    return parts
  }

  static func rowTitle(_ row: TableRow) -> String {
    let parts = rowDetails(row)
    return parts.isEmpty ? row.kind.rawValue : parts.joined(separator: " · ")
  }

  // MARK: - Symbols

  /// The tables whose location is in the Swift file of `context`, nested: table, sections, rows.
  static func symbols(_ context: FeatureContext) -> [DocumentSymbolProvider.Symbol] {
    let index = context.index
    return index.tableModel.tables.filter { $0.location.file == context.path }.map { table in
      let ownerKind = index.resolveType(table.owner ?? table.name)?.kind
      let kind: SymbolKind = (ownerKind == .class || ownerKind == .actor) ? .class : .struct
      let sections = table.sections.enumerated().map { position, section in
        let rows = (section.rows ?? []).enumerated().map { rowPosition, row in
          DocumentSymbolProvider.Symbol(
            name: row.text ?? row.caseName.map { ".\($0)" } ?? row.cellClass ?? "Row \(rowPosition)",
            detail: rowDetails(row).joined(separator: " · ").replacingBackticks(), kind: .field,
            range: row.location.range, selectionRange: row.location.range, children: []
          )
        }
        let location = section.location ?? rows.first.map { SourceLocation(file: context.path, range: $0.range) }
          ?? table.location
        return DocumentSymbolProvider.widened(DocumentSymbolProvider.Symbol(
          name: section.header.map { "Section \(position) '\($0)'" } ?? "Section \(position)",
          detail: section.footer.map { "footer '\($0)'" }, kind: .namespace, range: location.range,
          selectionRange: location.range, children: rows
        ))
      }
      return DocumentSymbolProvider.widened(DocumentSymbolProvider.Symbol(
        name: table.name,
        detail: ([table.source.rawValue] + (table.owner.map { ["owned by \($0)"] } ?? [])).joined(separator: " · "),
        kind: kind, range: table.location.range, selectionRange: table.location.range, children: sections
      ))
    }
  }
}

extension String {
  fileprivate func replacingBackticks() -> String { filter { $0 != "`" } }
}
