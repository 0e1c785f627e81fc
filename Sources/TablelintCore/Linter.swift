import TablelintIndex
import TablelintModel
import TablelintRules

/// Which rules run, at what severity, where they report, and what is suppressed.
public struct LintConfiguration: Sendable {
  public var disabledRules: Set<String>
  public var severityOverrides: [String: Severity]
  /// Opt-in rules that run (every other rule runs unless disabled).
  public var optInRules: Set<String> = []
  /// Files whose findings are never reported (their facts still count).
  public var vendored = PathMatcher(patterns: [], currentDirectory: "/")
  /// Per rule, files where it reports nothing.
  public var ruleExclusions: [String: PathMatcher] = [:]
  /// Cell classes and modules defined outside the workspace (frameworks), for rules that check custom classes.
  public var externalCellClasses: Set<String> = []
  public var externalModules: Set<String> = []
  /// Suppressions from the configuration file (by path, element id and rule).
  public var suppressions: [ConfigurationSuppression] = []

  public init(disabledRules: Set<String> = [], severityOverrides: [String: Severity] = [:]) {
    self.disabledRules = disabledRules
    self.severityOverrides = severityOverrides
  }

  /// Whether a rule runs. Opt-in rules (`RuleDescription.isOptIn`) run only when listed in `opt_in_rules`.
  public func isEnabled(_ rule: RuleDescription) -> Bool {
    !disabledRules.contains(rule.identifier) && (!rule.isOptIn || optInRules.contains(rule.identifier))
  }

  /// Whether a finding in `file` of `rule` may be reported at all (not vendored, not excluded for the rule).
  public func reports(rule: String, inFile file: String) -> Bool {
    !vendored.matches(file) && !(ruleExclusions[rule]?.matches(file) ?? false)
  }
}

/// A configuration-file suppression with the matcher for its path.
public struct ConfigurationSuppression: Sendable, Equatable {
  public var suppression: Suppression
  public var path: PathMatcher

  public init(suppression: Suppression, path: PathMatcher) {
    self.suppression = suppression
    self.path = path
  }
}

/// The findings of one lint run, with the model they came from.
public struct LintResult: Sendable {
  public let findings: [Finding]
  /// The model the findings came from; empty when they came from the cache (made when asked for: a run that prints
  /// the cache's findings never does, and even an empty index costs the runtime's first look at each of its tables'
  /// types, about 1 % of such a run).
  public var index: ProjectIndex { builtIndex ?? ProjectIndex(files: []) }
  private let builtIndex: ProjectIndex?
  /// How many findings suppressions removed.
  public let suppressedCount: Int

  /// How many files were analysed (`index.files.count`, unless the findings came from the cache).
  public let fileCount: Int

  public init(findings: [Finding], index: ProjectIndex, suppressedCount: Int = 0, fileCount: Int? = nil) {
    self.findings = findings
    builtIndex = index
    self.suppressedCount = suppressedCount
    self.fileCount = fileCount ?? index.files.count
  }

  /// Findings the cache held, of a run over `fileCount` files.
  init(stored findings: [Finding], suppressedCount: Int, fileCount: Int) {
    self.findings = findings
    builtIndex = nil
    self.suppressedCount = suppressedCount
    self.fileCount = fileCount
  }

  public var errorCount: Int { findings.filter { $0.severity == .error }.count }
  public var warningCount: Int { findings.filter { $0.severity == .warning }.count }
}

/// Runs the rules over per-file facts. Pure: the same facts give the same findings, in a stable order.
///
/// Order of work: every enabled rule checks the index; severities are overridden; findings in vendored or
/// per-rule excluded files are dropped; suppressions (inline and from the configuration) remove what they cover
/// and remember what they covered; last, `superfluous_suppression` reports the suppressions that covered nothing.
/// `LintEngine` does the work, file by file, so that the language server can redo it for the files an edit touched.
public enum Linter {
  public static func lint(files: [FileFacts], configuration: LintConfiguration = LintConfiguration()) -> LintResult {
    LintEngine.snapshot(files: files, configuration: configuration).result
  }

  /// Severity overrides, then vendored and per-rule excluded files.
  static func adjusted(_ findings: [Finding], configuration: LintConfiguration) -> [Finding] {
    findings.compactMap { finding in
      guard configuration.reports(rule: finding.ruleID, inFile: finding.location.file) else { return nil }
      var adjusted = finding
      if let severity = configuration.severityOverrides[finding.ruleID] { adjusted.severity = severity }
      return adjusted
    }
  }
}
