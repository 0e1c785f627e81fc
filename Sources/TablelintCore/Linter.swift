import TablelintIndex
import TablelintModel
import TablelintRules

/// Which rules run and at what severity.
public struct LintConfiguration: Sendable {
  public var disabledRules: Set<String>
  public var severityOverrides: [String: Severity]

  public init(disabledRules: Set<String> = [], severityOverrides: [String: Severity] = [:]) {
    self.disabledRules = disabledRules
    self.severityOverrides = severityOverrides
  }
}

/// The findings of one lint run, with the model they came from.
public struct LintResult: Sendable {
  public let findings: [Finding]
  public let index: ProjectIndex

  public var fileCount: Int { index.files.count }
  public var errorCount: Int { findings.filter { $0.severity == .error }.count }
  public var warningCount: Int { findings.filter { $0.severity == .warning }.count }
}

/// Runs the rules over per-file facts. Pure: the same facts give the same findings, in a stable order.
public enum Linter {
  public static func lint(files: [FileFacts], configuration: LintConfiguration = LintConfiguration()) -> LintResult {
    let index = ProjectIndex(files: files)
    var findings: [Finding] = []
    for rule in RuleRegistry.all where !configuration.disabledRules.contains(rule.description.identifier) {
      var ruleFindings = rule.check(index)
      if let severity = configuration.severityOverrides[rule.description.identifier] {
        for position in ruleFindings.indices { ruleFindings[position].severity = severity }
      }
      findings.append(contentsOf: ruleFindings)
    }
    return LintResult(findings: Array(Set(findings)).sorted(), index: index)
  }
}
