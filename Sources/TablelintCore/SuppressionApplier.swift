import TablelintIndex
import TablelintModel
import TablelintRules

/// Removes the suppressed findings of one file and remembers which suppressions were used, so that the ones that
/// suppressed nothing can be reported afterwards.
///
/// Inline suppressions (Swift comments, read by the Swift frontend) apply to findings whose start line they
/// cover in their own file. Configuration suppressions apply to findings in the files their path matches and,
/// when they name an element id, to findings at that Interface Builder element or at an element inside it.
/// One applier covers one file (a subject of the incremental engine): its inline suppressions are judged here,
/// the configuration's are judged by the caller over the `configuredUsed` of every file.
struct SuppressionApplier {
  private var inline: [Suppression] = []
  private(set) var inlineUsed: [Bool] = []
  private var problems: [SuppressionProblem] = []
  private let configured: [ConfigurationSuppression]
  /// Which configuration suppressions covered a finding of this file.
  private(set) var configuredUsed: [Bool]
  private let superfluousID = SuperfluousSuppressionRule.description.identifier
  /// The file's Interface Builder elements: id → its parent's id, and start position → the element ids there.
  private var elementParents: [String: String] = [:]
  private var elementsAtPosition: [PositionKey: [String]] = [:]

  private struct PositionKey: Hashable {
    let line: Int
    let column: Int
  }

  /// - Parameter file: the file's facts; `nil` for findings outside the workspace's files (the configuration file).
  init(file: FileFacts?, configuration: LintConfiguration) {
    configured = configuration.suppressions
    configuredUsed = Array(repeating: false, count: configured.count)
    // Findings in vendored files are never reported, so their suppressions are neither used nor reported.
    if let file, let facts = file.swift?.suppressions, !facts.isEmpty, !configuration.vendored.matches(file.path) {
      inline = facts.suppressions
      inlineUsed = Array(repeating: false, count: facts.suppressions.count)
      problems = facts.problems
    }
    let namesElements = configured.contains {
      if case .configuration(_, let element?) = $0.suppression.scope { return !element.isEmpty } else { return false }
    }
    if namesElements, let document = file?.interfaceBuilder { indexElements(of: document) }
  }

  private mutating func indexElements(of document: InterfaceBuilderDocument) {
    func place(_ id: String, _ location: SourceLocation) {
      elementsAtPosition[PositionKey(line: location.line, column: location.column), default: []].append(id)
    }
    for object in document.objects {
      if let parent = object.parentID { elementParents[object.id] = parent }
      place(object.id, object.location)
    }
    for cell in document.cells { place(cell.id, cell.location) }
    for table in document.tableViews { place(table.id, table.location) }
    for collection in document.collectionViews { place(collection.id, collection.location) }
  }

  /// The ids of the elements at a finding's position and of every element around them.
  private func elementChain(of finding: Finding) -> Set<String> {
    let key = PositionKey(line: finding.location.line, column: finding.location.column)
    guard let ids = elementsAtPosition[key] else { return [] }
    var chain = Set<String>()
    for id in ids {
      var current: String? = id
      while let next = current, chain.insert(next).inserted { current = elementParents[next] }
    }
    return chain
  }

  /// The findings no suppression covers; the covering suppressions are marked as used.
  mutating func apply(to findings: [Finding]) -> [Finding] {
    findings.filter { !suppress($0, onlyNaming: nil) }
  }

  /// `superfluous_suppression` findings are suppressed only by suppressions naming that rule (not by `all`, which
  /// would hide its own report).
  mutating func applySuppressionsOfSuperfluousReports(to findings: [Finding]) -> [Finding] {
    findings.filter { !suppress($0, onlyNaming: superfluousID) }
  }

  private mutating func suppress(_ finding: Finding, onlyNaming requiredRule: String?) -> Bool {
    var suppressed = false
    for (position, suppression) in inline.enumerated()
    where suppression.applies(toRule: finding.ruleID) && suppression.covers(line: finding.location.line)
      && (requiredRule == nil || suppression.rule == requiredRule)
    {
      inlineUsed[position] = true
      suppressed = true
    }
    var chain: Set<String>?
    for (position, entry) in configured.enumerated()
    where entry.suppression.applies(toRule: finding.ruleID) && (requiredRule == nil || entry.suppression.rule == requiredRule)
      && entry.path.matches(finding.location.file)
    {
      if case .configuration(_, let element?) = entry.suppression.scope {
        if chain == nil { chain = elementChain(of: finding) }
        guard chain?.contains(element) == true else { continue }
      }
      configuredUsed[position] = true
      suppressed = true
    }
    return suppressed
  }

  /// This file's inline suppressions that suppressed nothing, its unreadable commands, and the ones naming unknown
  /// rules.
  func superfluous(knownRules: Set<String>, enabledRules: Set<String>) -> [SuperfluousSuppression] {
    var result: [SuperfluousSuppression] = problems.map { .unreadable($0) }
    for (position, suppression) in inline.enumerated() {
      if let judged = Self.judge(suppression, used: inlineUsed[position], knownRules: knownRules, enabledRules: enabledRules) {
        result.append(judged)
      }
    }
    return result
  }

  /// The configuration's suppressions that suppressed nothing in any file (`used`: per suppression, whether some
  /// file's applier used it), and the ones naming unknown rules.
  static func superfluousConfigured(
    _ configured: [ConfigurationSuppression], used: [Bool], knownRules: Set<String>, enabledRules: Set<String>
  ) -> [SuperfluousSuppression] {
    configured.enumerated().compactMap { position, entry in
      judge(entry.suppression, used: used[position], knownRules: knownRules, enabledRules: enabledRules)
    }
  }

  /// Suppressions of rules that did not run (disabled, or opt-in and not enabled) are not reported: another
  /// configuration may run them. Suppressions of `superfluous_suppression` itself are not reported either.
  private static func judge(
    _ suppression: Suppression, used: Bool, knownRules: Set<String>, enabledRules: Set<String>
  ) -> SuperfluousSuppression? {
    let superfluousID = SuperfluousSuppressionRule.description.identifier
    if suppression.rule == superfluousID { return nil }
    if suppression.rule != Suppression.allRules, !knownRules.contains(suppression.rule) {
      return .unknownRule(suppression, suggestion: NameDistance.closest(to: suppression.rule, among: knownRules.sorted()))
    }
    guard !used else { return nil }
    if suppression.rule != Suppression.allRules, !enabledRules.contains(suppression.rule) { return nil }
    return .suppressesNothing(suppression)
  }
}
