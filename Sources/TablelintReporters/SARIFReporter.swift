import TablelintModel
import TablelintRules

/// The `sarif` reporter: SARIF 2.1.0 for GitHub code scanning and other SARIF viewers, valid against the official
/// schema (`scripts/validate-sarif.py` checks it).
///
/// One run. `tool.driver.rules` holds one reporting descriptor per rule in `ReportContext.rules` (id, an
/// UpperCamelCase name such as `UnregisteredReuseIdentifier`, the summary as `shortDescription`, the default
/// level); each result points at its rule by `ruleId` and `ruleIndex`. Files below the current directory get
/// relative URIs under `%SRCROOT%` (declared in `originalUriBaseIds`), others absolute `file://` URIs. Related
/// locations carry ids 0, 1, … and their messages. An empty range has no `endLine` / `endColumn`, so viewers mark
/// the rest of the line instead of nothing.
///
/// **Columns:** SARIF allows only `utf16CodeUnits` (the default, written explicitly) and `unicodeCodePoints`.
/// tablelint's columns count UTF-8 bytes and reporters do no IO, so the columns are written unconverted: exact on
/// ASCII lines, too large after non-ASCII characters on the same line.
public enum SARIFReporter: Reporter {
  public static let identifier = "sarif"

  public static func report(_ findings: [Finding], context: ReportContext) -> String {
    let rules = uniqueRules(context.rules)
    var ruleIndices: [String: Int] = [:]
    for (index, rule) in rules.enumerated() { ruleIndices[rule.identifier] = index }
    let uris = ArtifactURIs(currentDirectory: context.currentDirectory)

    let driver = SARIFLog.ToolComponent(
      name: "tablelint", version: context.toolVersion,
      informationUri: context.informationURI.flatMap { isAbsoluteURI($0) ? $0 : nil },
      rules: rules.map(descriptor)
    )
    let run = SARIFLog.Run(
      tool: SARIFLog.Tool(driver: driver),
      originalUriBaseIds: uris.sourceRootURI.map {
        [ArtifactURIs.sourceRootBaseID: SARIFLog.ArtifactLocation(uri: $0, uriBaseId: nil)]
      },
      columnKind: "utf16CodeUnits",
      results: findings.map { result(for: $0, ruleIndex: ruleIndices[$0.ruleID], uris: uris) }
    )
    return JSONReporter.encodeDeterministically(SARIFLog(runs: [run]))
  }

  /// `unregistered_reuse_identifier` → `UnregisteredReuseIdentifier`.
  public static func upperCamelCase(_ identifier: String) -> String {
    identifier.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined()
  }

  // MARK: - Pieces

  /// The schema requires unique rule entries; the first description of an identifier wins.
  private static func uniqueRules(_ rules: [RuleDescription]) -> [RuleDescription] {
    var seen: Set<String> = []
    return rules.filter { seen.insert($0.identifier).inserted }
  }

  private static func descriptor(_ rule: RuleDescription) -> SARIFLog.ReportingDescriptor {
    SARIFLog.ReportingDescriptor(
      id: rule.identifier, name: upperCamelCase(rule.identifier),
      shortDescription: SARIFLog.Message(text: rule.summary),
      defaultConfiguration: SARIFLog.Configuration(level: rule.severity.rawValue)
    )
  }

  private static func result(for finding: Finding, ruleIndex: Int?, uris: ArtifactURIs) -> SARIFLog.Result {
    let related = finding.related.enumerated().map { index, related in
      location(related.location, uris: uris, id: index, message: related.message)
    }
    return SARIFLog.Result(
      ruleId: finding.ruleID, ruleIndex: ruleIndex, level: finding.severity.rawValue,
      message: SARIFLog.Message(text: finding.message),
      locations: [location(finding.location, uris: uris)],
      relatedLocations: related.isEmpty ? nil : related
    )
  }

  private static func location(
    _ location: SourceLocation, uris: ArtifactURIs, id: Int? = nil, message: String? = nil
  ) -> SARIFLog.Location {
    SARIFLog.Location(
      id: id,
      physicalLocation: SARIFLog.PhysicalLocation(
        artifactLocation: uris.artifactLocation(for: location.file), region: region(location.range)
      ),
      message: message.map(SARIFLog.Message.init(text:))
    )
  }

  /// Lines and columns are at least 1 in SARIF; the end is omitted unless it lies after the start.
  private static func region(_ range: SourceRange) -> SARIFLog.Region {
    let start = (line: max(1, range.start.line), column: max(1, range.start.column))
    let end = (line: max(1, range.end.line), column: max(1, range.end.column))
    let hasExtent = end.line > start.line || (end.line == start.line && end.column > start.column)
    return SARIFLog.Region(
      startLine: start.line, startColumn: start.column, endLine: hasExtent ? end.line : nil,
      endColumn: hasExtent ? end.column : nil
    )
  }

  /// `scheme:rest` with an RFC 3986 scheme, and no spaces or control characters.
  static func isAbsoluteURI(_ text: String) -> Bool {
    guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
    let scheme = text[..<colon]
    guard let first = scheme.first, first.isASCII, first.isLetter,
      scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else { return false }
    return text[text.index(after: colon)...].unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F }
      && text.index(after: colon) != text.endIndex
  }
}
