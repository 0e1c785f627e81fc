import TablelintIndex
import TablelintModel

/// The outline of a storyboard or xib: tables and collection views, their sections and cells, and top-level cells.
enum DocumentSymbolProvider {
  struct Symbol: Equatable {
    var name: String
    var detail: String?
    var kind: SymbolKind
    /// The element's start tag, then widened to hold the children.
    var range: SourceRange
    var selectionRange: SourceRange
    var children: [Symbol]
  }

  static func symbols(_ context: FeatureContext) -> [Symbol] {
    if context.kind == .swift { return TableOutline.symbols(context).sorted { $0.range.start < $1.range.start } }
    guard let document = context.interfaceBuilder else { return [] }
    let index = context.index
    let cellsByID = Dictionary(document.cells.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var result: [Symbol] = []
    for table in document.tableViews {
      let owners = index.tables.first { $0.path == context.path && $0.table.id == table.id }?.ownerClasses ?? []
      var children: [Symbol] = []
      switch table.dataMode {
      case .prototypes:
        children = table.prototypeCellIDs.compactMap { cellsByID[$0] }.map(cellSymbol)
      case .static:
        for (position, section) in table.sections.enumerated() {
          let cells = section.cellIDs.compactMap { cellsByID[$0] }.map(cellSymbol)
          children.append(
            widened(Symbol(
              name: section.headerTitle.map { "Section '\($0)'" } ?? "Section \(position + 1)",
              detail: section.footerTitle.map { "footer '\($0)'" }, kind: .namespace, range: section.location.range,
              selectionRange: section.location.range, children: cells
            ))
          )
        }
      }
      let detail = ([table.dataMode == .static ? "static" : "prototypes", table.style].compactMap { $0 }
        + (owners.isEmpty ? [] : ["owned by " + owners.sorted().joined(separator: ", ")])).joined(separator: " · ")
      result.append(
        widened(Symbol(
          name: "Table View", detail: detail, kind: .array, range: table.location.range,
          selectionRange: table.location.range, children: children
        ))
      )
    }
    for collection in document.collectionViews {
      let children = collection.prototypeCellIDs.compactMap { cellsByID[$0] }.map(cellSymbol)
      result.append(
        widened(Symbol(
          name: "Collection View", detail: "prototypes", kind: .array, range: collection.location.range,
          selectionRange: collection.location.range, children: children
        ))
      )
    }
    for cell in document.cells where cell.role == .standalone {
      result.append(cellSymbol(cell))
    }
    return result.sorted { $0.range.start < $1.range.start }
  }

  private static func cellSymbol(_ cell: IBCell) -> Symbol {
    let name = cell.reuseIdentifier.flatMap { $0.isEmpty ? nil : $0 } ?? cell.text ?? "(no reuse identifier)"
    var details = [cell.effectiveClassName]
    if let style = cell.style { details.append(style.replacingPrefix("IBUITableViewCellStyle")) }
    if let text = cell.text, cell.reuseIdentifier != nil { details.append("'\(text)'") }
    return Symbol(
      name: name, detail: details.joined(separator: " · "), kind: .object, range: cell.location.range,
      selectionRange: cell.reuseIdentifierLocation?.range ?? cell.location.range, children: []
    )
  }

  /// The symbol with its range grown to cover its children (facts locate start tags only).
  static func widened(_ symbol: Symbol) -> Symbol {
    var symbol = symbol
    for child in symbol.children where symbol.range.end < child.range.end {
      symbol.range.end = child.range.end
    }
    return symbol
  }
}

extension String {
  fileprivate func replacingPrefix(_ prefix: String) -> String {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
  }
}
