import TablelintIndex
import TablelintModel
import TablelintRules

/// Removes suppressed findings and remembers which suppressions were used, so that the ones that suppressed
/// nothing can be reported afterwards.
///
/// Inline suppressions (Swift comments, read by the Swift frontend) apply to findings whose start line they
/// cover in their own file. Configuration suppressions apply to findings in the files their path matches and,
/// when they name an element id, to findings at that Interface Builder element or at an element inside it.
struct SuppressionApplier {
  private var inline: [String: [Suppression]] = [:]
  private var inlineUsed: [String: [Bool]] = [:]
  private var problems: [SuppressionProblem] = []
  private let configured: [ConfigurationSuppression]
  private var configuredUsed: [Bool]
  private let index: ProjectIndex
  private let superfluousID = SuperfluousSuppressionRule.description.identifier
  /// Per Interface Builder file: element id → its parent's id, and start position → the element ids there.
  private var elementParents: [String: [String: String]] = [:]
  private var elementsAtPosition: [String: [PositionKey: [String]]] = [:]

  private struct PositionKey: Hashable {
    let line: Int
    let column: Int
  }

  init(index: ProjectIndex, configuration: LintConfiguration) {
    self.index = index
    configured = configuration.suppressions
    configuredUsed = Array(repeating: false, count: configured.count)
    for file in index.files {
      // Findings in vendored files are never reported, so their suppressions are neither used nor reported.
      guard let facts = file.swift?.suppressions, !facts.isEmpty, !configuration.vendored.matches(file.path) else {
        continue
      }
      inline[file.path] = facts.suppressions
      inlineUsed[file.path] = Array(repeating: false, count: facts.suppressions.count)
      problems.append(contentsOf: facts.problems)
    }
    if configured.contains(where: { if case .configuration(_, let element?) = $0.suppression.scope { return !element.isEmpty } else { return false } }) {
      indexElements()
    }
  }

  private mutating func indexElements() {
    for file in index.files {
      guard let document = file.interfaceBuilder else { continue }
      var parents: [String: String] = [:]
      var positions: [PositionKey: [String]] = [:]
      func place(_ id: String, _ location: SourceLocation) {
        positions[PositionKey(line: location.line, column: location.column), default: []].append(id)
      }
      for object in document.objects {
        if let parent = object.parentID { parents[object.id] = parent }
        place(object.id, object.location)
      }
      for cell in document.cells { place(cell.id, cell.location) }
      for table in document.tableViews { place(table.id, table.location) }
      for collection in document.collectionViews { place(collection.id, collection.location) }
      elementParents[file.path] = parents
      elementsAtPosition[file.path] = positions
    }
  }

  /// The ids of the elements at a finding's position and of every element around them.
  private func elementChain(of finding: Finding) -> Set<String> {
    let key = PositionKey(line: finding.location.line, column: finding.location.column)
    guard let ids = elementsAtPosition[finding.location.file]?[key] else { return [] }
    let parents = elementParents[finding.location.file] ?? [:]
    var chain = Set<String>()
    for id in ids {
      var current: String? = id
      while let next = current, chain.insert(next).inserted { current = parents[next] }
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
    if let list = inline[finding.location.file] {
      for (position, suppression) in list.enumerated()
      where suppression.applies(toRule: finding.ruleID) && suppression.covers(line: finding.location.line)
        && (requiredRule == nil || suppression.rule == requiredRule)
      {
        inlineUsed[finding.location.file]?[position] = true
        suppressed = true
      }
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

  /// The suppressions that suppressed nothing, the unreadable commands, and the ones naming unknown rules.
  /// Suppressions of rules that did not run (disabled, or opt-in and not enabled) are not reported: another
  /// configuration may run them. Suppressions of `superfluous_suppression` itself are not reported either.
  func superfluous(knownRules: Set<String>, enabledRules: Set<String>) -> [SuperfluousSuppression] {
    var result: [SuperfluousSuppression] = problems.map { .unreadable($0) }
    func judge(_ suppression: Suppression, used: Bool) {
      if suppression.rule == superfluousID { return }
      if suppression.rule != Suppression.allRules, !knownRules.contains(suppression.rule) {
        result.append(
          .unknownRule(suppression, suggestion: NameDistance.closest(to: suppression.rule, among: knownRules.sorted()))
        )
        return
      }
      guard !used else { return }
      if suppression.rule != Suppression.allRules, !enabledRules.contains(suppression.rule) { return }
      result.append(.suppressesNothing(suppression))
    }
    for (file, list) in inline {
      for (position, suppression) in list.enumerated() { judge(suppression, used: inlineUsed[file]?[position] ?? false) }
    }
    for (position, entry) in configured.enumerated() { judge(entry.suppression, used: configuredUsed[position]) }
    return result
  }
}
