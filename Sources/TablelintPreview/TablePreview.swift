import TablelintIndex
import TablelintModel

/// `tablelint preview`: every declared table drawn as iOS draws it, one self-contained HTML page each (inline CSS, no
/// script, no network), and an index page listing them by file.
///
/// A table is drawn in its style (plain, grouped, inset grouped; tables declared in code are drawn grouped, as such
/// screens usually are) with its section headers and footers, and each row with its text, its detail text where the
/// cell style puts it (value1 right, value2 left, subtitle below) and its accessory. Sections whose rows are computed
/// get one sample row marked "dynamic", with the cell class and reuse identifier. What the model knows is wrong is
/// drawn where it applies: rows a constant `numberOfRowsInSection` announces beyond the declared ones as ghost rows,
/// findings on the rows they are reported on, the table's other findings beside it. Every row links to its source.
/// Light and dark appearance follow `prefers-color-scheme`.
public enum TablePreview {
  public struct Page: Equatable, Sendable {
    /// A file name in the output directory: `index.html`, `table-1.html` …
    public let fileName: String
    public let html: String
  }

  /// The pages of `model` (index first). `displayPath` shows a file's path (relative to the working directory).
  public static func pages(
    of model: TableModel, findings: [Finding], displayPath: (String) -> String = { $0 }
  ) -> [Page] {
    let tables = model.tables.enumerated().map { (fileName: "table-\($0.offset + 1).html", table: $0.element) }
    let assigned = assign(findings, to: model.tables)
    var pages = [Page(fileName: "index.html", html: index(tables, assigned: assigned, displayPath: displayPath))]
    for (position, (fileName, table)) in tables.enumerated() {
      pages.append(Page(fileName: fileName, html: page(table, findings: assigned[position] ?? [], displayPath: displayPath)))
    }
    return pages
  }

  /// The storyboard tables of prototype cells, as tables of one section whose rows are the prototypes (the model
  /// lists tables whose rows are known; these are drawn as samples of what their data sources dequeue).
  public static func prototypeTables(_ index: ProjectIndex) -> [ModelTable] {
    index.tables.filter { $0.table.dataMode == .prototypes && !$0.prototypes.isEmpty }.map { reference in
      let rows = reference.prototypes.map { cell in
        TableRow(
          kind: .prototype, cellClass: cell.classReference.customClass, style: cell.style.map(cellStyle),
          text: cell.text, detailText: cell.detailText, accessory: cell.accessoryType,
          reuseIdentifier: cell.reuseIdentifier, location: cell.location
        )
      }
      let owner = reference.ownerClasses.sorted().first
      return ModelTable(
        source: .storyboardPrototypes, name: owner ?? "table \(reference.table.id)", owner: owner,
        style: reference.table.style, location: reference.table.location, sectionCount: nil, complete: false,
        sections: [TableSection(rows: rows, location: reference.table.location)], dataSource: nil
      )
    }
  }

  /// `IBUITableViewCellStyleValue1` → `value1`.
  static func cellStyle(_ style: String) -> String {
    switch style {
    case "IBUITableViewCellStyleValue1": return "value1"
    case "IBUITableViewCellStyleValue2": return "value2"
    case "IBUITableViewCellStyleSubtitle": return "subtitle"
    case "IBUITableViewCellStyleDefault": return "default"
    default: return style
    }
  }

  // MARK: - Index

  static func index(
    _ tables: [(fileName: String, table: ModelTable)], assigned: [Int: [Finding]], displayPath: (String) -> String
  ) -> String {
    var body = "<h1>Tables</h1>\n"
    if tables.isEmpty { body += "<p class=\"note\">No table is declared in these files.</p>\n" }
    var files: [String] = []
    var byFile: [String: [(position: Int, fileName: String, table: ModelTable)]] = [:]
    for (position, entry) in tables.enumerated() {
      if byFile[entry.table.location.file] == nil { files.append(entry.table.location.file) }
      byFile[entry.table.location.file, default: []].append((position, entry.fileName, entry.table))
    }
    for file in files {
      body += "<h2>\(XMLEscaping.escape(displayPath(file)))</h2>\n<ul class=\"tables\">\n"
      for (position, fileName, table) in byFile[file] ?? [] {
        let count = assigned[position]?.count ?? 0
        let badge = count == 0 ? "" : " <span class=\"badge\">\(count) finding\(count == 1 ? "" : "s")</span>"
        body += "<li><a href=\"\(fileName)\">\(XMLEscaping.escape(table.name))</a> <span class=\"source\">\(table.source.rawValue)"
          + ", line \(table.location.range.start.line)</span>\(badge)</li>\n"
      }
      body += "</ul>\n"
    }
    return document(title: "tablelint preview", body: body)
  }

  // MARK: - One table

  /// `findings`: those `assign` gave the table.
  static func page(_ table: ModelTable, findings own: [Finding], displayPath: (String) -> String) -> String {
    var placed: Set<Finding> = []
    var body = "<p class=\"back\"><a href=\"index.html\">All tables</a></p>\n"
    body += "<h1>\(XMLEscaping.escape(table.name))</h1>\n"
    body += "<p class=\"meta\">\(table.source.rawValue)" + (table.owner.map { " · \(XMLEscaping.escape($0))" } ?? "")
      + " · <a href=\"\(sourceURL(table.location))\">\(XMLEscaping.escape(displayPath(table.location.file))):\(table.location.range.start.line)</a></p>\n"
    let style = table.style ?? "grouped"
    body += "<div class=\"table \(XMLEscaping.escape(style))\">\n"
    for (number, section) in table.sections.enumerated() {
      body += "<section>\n"
      if let header = section.header { body += "<header>\(XMLEscaping.escape(header))</header>\n" }
      body += "<div class=\"cells\">\n"
      if let rows = section.rows {
        for row in rows {
          let onRow = own.filter { placedOn(row, $0) }
          placed.formUnion(onRow)
          body += cell(row, findings: onRow)
        }
        for _ in 0..<ghostRows(table, section: number, declared: rows.count) {
          body += "<div class=\"cell ghost\"><div class=\"text\">row announced by numberOfRowsInSection,"
            + " not declared</div></div>\n"
        }
      } else {
        body += "<div class=\"cell dynamic\"><div class=\"text\">dynamic"
          + (section.rowCount.map { " · \($0) row\($0 == 1 ? "" : "s")" } ?? "") + "</div></div>\n"
      }
      body += "</div>\n"
      if let footer = section.footer { body += "<footer>\(XMLEscaping.escape(footer))</footer>\n" }
      body += "</section>\n"
    }
    if !table.complete {
      body += "<p class=\"note\">\(table.sections.isEmpty ? "Its" : "More") sections are computed at run time.</p>\n"
    }
    body += "</div>\n"
    let beside = own.filter { !placed.contains($0) }
    if !beside.isEmpty {
      body += "<aside><h2>Findings</h2><ul>\n"
      for finding in beside {
        body += "<li class=\"\(finding.severity.rawValue)\"><a href=\"\(sourceURL(finding.location))\">"
          + "\(XMLEscaping.escape(displayPath(finding.location.file))):\(finding.location.range.start.line)</a> "
          + "\(XMLEscaping.escape(finding.message)) <span class=\"rule\">\(finding.ruleID)</span></li>\n"
      }
      body += "</ul></aside>\n"
    }
    return document(title: table.name, body: body)
  }

  static func cell(_ row: TableRow, findings: [Finding]) -> String {
    let style = row.style ?? "default"
    var classes = "cell style-\(XMLEscaping.escape(style))"
    if !findings.isEmpty { classes += " flagged" }
    if row.kind == .prototype { classes += " prototype" }
    var html = "<a class=\"\(classes)\" href=\"\(sourceURL(row.location))\" title=\"line \(row.location.range.start.line)\">"
    let text = row.text ?? row.caseName ?? row.action ?? row.cellClass ?? row.reuseIdentifier ?? row.kind.rawValue
    let detail = row.detailText.map { "<div class=\"detail\">\(XMLEscaping.escape($0))</div>" } ?? ""
    switch style {
    case "value2": html += detail + "<div class=\"text\">\(XMLEscaping.escape(text))</div>"
    case "subtitle": html += "<div class=\"stack\"><div class=\"text\">\(XMLEscaping.escape(text))</div>\(detail)</div>"
    default: html += "<div class=\"text\">\(XMLEscaping.escape(text))</div>" + detail
    }
    html += accessory(row.accessory)
    if row.kind == .prototype {
      // A prototype is a sample: marked dynamic, with what the data source dequeues it by.
      let what = [row.cellClass ?? "UITableViewCell", row.reuseIdentifier.map { "“\($0)”" } ?? "no identifier"]
      html += "<div class=\"sample\">dynamic · \(XMLEscaping.escape(what.joined(separator: " · ")))</div>"
    }
    for finding in findings {
      html += "<div class=\"finding \(finding.severity.rawValue)\">\(XMLEscaping.escape(finding.message))</div>"
    }
    return html + "</a>\n"
  }

  static func accessory(_ accessory: String?) -> String {
    switch accessory {
    case "disclosureIndicator": return "<span class=\"accessory chevron\">›</span>"
    case "checkmark": return "<span class=\"accessory check\">✓</span>"
    case "detailButton": return "<span class=\"accessory info\">ⓘ</span>"
    case "detailDisclosureButton": return "<span class=\"accessory info\">ⓘ</span><span class=\"accessory chevron\">›</span>"
    case "switch": return "<span class=\"accessory switch\"><span></span></span>"
    case "segmentedControl": return "<span class=\"accessory segmented\"><span>1</span><span>2</span></span>"
    default: return ""
    }
  }

  // MARK: - What the model knows is wrong

  /// Findings about the shape of a table, reported away from its rows (at a count, at an enum case).
  static let tableLevelRules: Set<String> = [
    "row_count_mismatch", "section_count_mismatch", "section_index_out_of_range", "unplaced_layout_case",
    "duplicate_layout_case",
  ]

  /// Which findings each table shows (by position in `tables`): those reported on one of its rows, and the
  /// table-level ones of its file, each with the table declared last before it (or the file's first table). Other
  /// findings belong to no table drawn.
  static func assign(_ findings: [Finding], to tables: [ModelTable]) -> [Int: [Finding]] {
    var assigned: [Int: [Finding]] = [:]
    for finding in findings {
      let sameFile = tables.indices.filter { tables[$0].location.file == finding.location.file }
      if let onRow = sameFile.first(where: { position in
        tables[position].sections.contains { $0.rows?.contains { placedOn($0, finding) } ?? false }
      }) {
        assigned[onRow, default: []].append(finding)
      } else if tableLevelRules.contains(finding.ruleID), let first = sameFile.first {
        let before = sameFile.filter { tables[$0].location.range.start <= finding.location.range.start }
        let owner = before.max { tables[$0].location.range.start < tables[$1].location.range.start } ?? first
        assigned[owner, default: []].append(finding)
      }
    }
    return assigned
  }

  static func placedOn(_ row: TableRow, _ finding: Finding) -> Bool {
    finding.location.file == row.location.file && finding.location.range.start >= row.location.range.start
      && finding.location.range.start <= row.location.range.end
  }

  /// Rows a constant `numberOfRowsInSection` return announces for `section` beyond the `declared` ones.
  static func ghostRows(_ table: ModelTable, section: Int, declared: Int) -> Int {
    guard let returns = table.dataSource?.numberOfRows else { return 0 }
    let announced = returns.filter { $0.conditional != true && applies($0.sections, to: section) }.compactMap(\.count)
    return max(0, (announced.max() ?? 0) - declared)
  }

  /// Whether a return's sections (`all`, `0, 2`, `all but 0`) include `section`.
  static func applies(_ sections: String, to section: Int) -> Bool {
    if sections == "all" { return true }
    if sections.hasPrefix("all but ") {
      return !sections.dropFirst("all but ".count).split(separator: ",").compactMap { Int($0.trimmingWhitespace) }
        .contains(section)
    }
    return sections.split(separator: ",").compactMap { Int($0.trimmingWhitespace) }.contains(section)
  }

  // MARK: - HTML

  /// A link to the line (the model's paths are absolute when the command draws it).
  static func sourceURL(_ location: SourceLocation) -> String {
    XMLEscaping.escape("file://" + location.file.split(separator: "/", omittingEmptySubsequences: false).map {
      String($0).addingPercentEncodingForPath
    }.joined(separator: "/") + "#L\(location.range.start.line)")
  }


  static func document(title: String, body: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(XMLEscaping.escape(title))</title>
    <style>\(css)</style>
    </head>
    <body>
    \(body)</body>
    </html>

    """
  }

  static let css = """
    :root { color-scheme: light dark; --bg: #f2f2f7; --cell: #fff; --text: #000; --secondary: #8a8a8e;
      --separator: #c6c6c8; --tint: #007aff; --error: #ff3b30; --warning: #ff9500; --ghost: rgba(255,59,48,.08); }
    @media (prefers-color-scheme: dark) { :root { --bg: #000; --cell: #1c1c1e; --text: #fff; --secondary: #98989f;
      --separator: #38383a; --tint: #0a84ff; --ghost: rgba(255,69,58,.15); } }
    body { margin: 0; padding: 16px; background: var(--bg); color: var(--text);
      font: 17px -apple-system, system-ui, "Helvetica Neue", sans-serif; max-width: 430px; }
    a { color: var(--tint); text-decoration: none; }
    h1 { font-size: 28px; margin: 8px 0; overflow-wrap: anywhere; } h2 { font-size: 15px; color: var(--secondary); font-weight: 600; }
    .meta, .note, .back, .source { color: var(--secondary); font-size: 13px; } .meta { overflow-wrap: anywhere; }
    .badge { background: var(--error); color: #fff; border-radius: 9px; padding: 1px 7px; font-size: 12px; }
    ul.tables { list-style: none; padding: 0; background: var(--cell); border-radius: 10px; }
    ul.tables li { padding: 11px 16px; border-bottom: 0.5px solid var(--separator); }
    .table section { margin: 0 0 24px; }
    .table header, .table footer { color: var(--secondary); font-size: 13px; padding: 6px 16px; }
    .table header { text-transform: uppercase; }
    .table.plain .cells, .table.grouped .cells { background: var(--cell); }
    .table.insetGrouped .cells { background: var(--cell); border-radius: 10px; overflow: hidden; }
    .table.plain section { margin: 0; } .table.plain header { background: var(--bg); text-transform: none; font-weight: 600; }
    .cell { display: flex; align-items: center; gap: 8px; min-height: 44px; padding: 0 16px; color: var(--text);
      border-bottom: 0.5px solid var(--separator); flex-wrap: wrap; }
    .cell:last-child { border-bottom: none; }
    .cell .text { flex: 1; padding: 11px 0; } .cell .detail { color: var(--secondary); }
    .cell.style-value2 .detail { color: var(--tint); flex: 0 0 30%; font-size: 15px; }
    .cell.style-subtitle .stack { flex: 1; padding: 6px 0; } .cell.style-subtitle .text { padding: 0; }
    .cell.style-subtitle .detail { font-size: 13px; }
    .accessory { color: var(--secondary); } .accessory.chevron { font-size: 22px; }
    .accessory.check, .accessory.info { color: var(--tint); }
    .accessory.switch { width: 51px; height: 31px; border-radius: 16px; background: #34c759; position: relative; }
    .accessory.switch span { position: absolute; right: 2px; top: 2px; width: 27px; height: 27px; border-radius: 50%; background: #fff; }
    .accessory.segmented { display: flex; border: 1px solid var(--tint); border-radius: 7px; overflow: hidden; }
    .accessory.segmented span { padding: 2px 10px; color: var(--tint); font-size: 13px; }
    .cell.dynamic .text { color: var(--secondary); font-style: italic; }
    .cell .sample { flex-basis: 100%; color: var(--secondary); font-size: 12px; font-style: italic; padding: 0 0 6px; }
    .cell.ghost { background: var(--ghost); border: 1px dashed var(--error); }
    .cell.ghost .text { color: var(--error); font-size: 13px; }
    .cell.flagged { box-shadow: inset 3px 0 0 var(--error); }
    .finding { flex-basis: 100%; font-size: 12px; padding: 0 0 8px; }
    .finding.error, li.error { color: var(--error); } .finding.warning, li.warning { color: var(--warning); }
    aside ul { padding-left: 18px; font-size: 14px; } .rule { color: var(--secondary); font-size: 12px; }
    """
}

extension Substring {
  fileprivate var trimmingWhitespace: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}

extension String {
  /// Percent-encodes what a `file:` URL path cannot hold as is.
  fileprivate var addingPercentEncodingForPath: String {
    var result = ""
    for byte in utf8 {
      let scalar = Unicode.Scalar(byte)
      if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a)
        || "-._~+@".unicodeScalars.contains(scalar)
      {
        result.unicodeScalars.append(scalar)
      } else {
        result += "%" + String(byte, radix: 16, uppercase: true).leftPadded
      }
    }
    return result
  }

  fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
