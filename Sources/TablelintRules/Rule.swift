import TablelintIndex
import TablelintModel

/// A check over the whole project model. Rules are pure: no IO, no globals, the same findings for the same
/// index. One rule per file; its doc comment (What / Why / Example / Instead) is the user documentation, and its
/// examples run as tests.
public protocol Rule: Sendable {
  static var description: RuleDescription { get }
  static func check(_ project: ProjectIndex) -> [Finding]
}

/// What a rule is, for users, reporters and tests.
public struct RuleDescription: Sendable {
  /// snake_case, names the problem: `unregistered_reuse_identifier`.
  public let identifier: String
  /// A short title: "Unregistered reuse identifier".
  public let name: String
  public let severity: Severity
  /// One sentence for listings and SARIF's `shortDescription`.
  public let summary: String
  /// Small projects that must produce a finding at every marker (1️⃣, 2️⃣ …) and nowhere else.
  public var triggeringExamples: [RuleExample] { makeTriggeringExamples() }
  /// Small projects, taken from real idioms, that must produce no finding of this rule.
  public var nonTriggeringExamples: [RuleExample] { makeNonTriggeringExamples() }
  /// Off unless the configuration lists it in `opt_in_rules`.
  public let isOptIn: Bool
  /// For a rule whose findings carry fixes: projects before and after `tablelint lint --fix --unsafe-fixes`.
  public var corrections: [RuleCorrection] { makeCorrections() }

  // The examples are built when asked for (tests, documentation), not when a report needs a rule's name: a lint
  // reads every rule's description to print its findings, and building the examples' texts was 3 % of an
  // unchanged run.
  private let makeTriggeringExamples: @Sendable () -> [RuleExample]
  private let makeNonTriggeringExamples: @Sendable () -> [RuleExample]
  private let makeCorrections: @Sendable () -> [RuleCorrection]

  public init(
    identifier: String, name: String, severity: Severity, summary: String,
    triggeringExamples: @autoclosure @escaping @Sendable () -> [RuleExample],
    nonTriggeringExamples: @autoclosure @escaping @Sendable () -> [RuleExample], isOptIn: Bool = false,
    corrections: @autoclosure @escaping @Sendable () -> [RuleCorrection] = []
  ) {
    self.isOptIn = isOptIn
    self.identifier = identifier
    self.name = name
    self.severity = severity
    self.summary = summary
    makeTriggeringExamples = triggeringExamples
    makeNonTriggeringExamples = nonTriggeringExamples
    makeCorrections = corrections
  }

  /// Where the rule's documentation lives in the repository.
  public var documentationPath: String { "Documentation/Rules/\(identifier).md" }
}

/// A small project for a rule example: file names (with extensions that choose the frontend) and contents.
/// Contents may carry position markers (1️⃣ …); they are stripped before parsing.
public struct RuleExample: Sendable, CustomStringConvertible {
  public let files: [(name: String, contents: String)]
  /// Why this example matters, shown in the docs and in test failures.
  public let note: String?
  public let file: StaticString
  public let line: UInt

  public init(
    _ files: [(name: String, contents: String)], note: String? = nil, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    self.files = files
    self.note = note
    self.file = file
    self.line = line
  }

  /// A single Swift file.
  public init(swift contents: String, note: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
    self.init([("Example.swift", contents)], note: note, file: file, line: line)
  }

  public var description: String {
    (note.map { "\($0)\n" } ?? "") + files.map { "// \($0.name)\n\($0.contents)" }.joined(separator: "\n")
  }
}

extension Rule {
  /// A finding of this rule at its default severity.
  static func finding(
    _ message: String, at location: SourceLocation, related: [RelatedLocation] = [], fixes: [Fix] = []
  ) -> Finding {
    Finding(
      ruleID: description.identifier, severity: description.severity, message: message, location: location,
      related: related, fixes: fixes
    )
  }
}

/// A rule's fix as a test: the project before (`RuleExample`, without markers), and each file's text after the fixes
/// of this rule's findings are applied (files not listed stay as they were).
public struct RuleCorrection: Sendable {
  public let before: RuleExample
  public let after: [(name: String, contents: String)]

  public init(_ before: RuleExample, after: [(name: String, contents: String)]) {
    self.before = before
    self.after = after
  }

  /// One Swift file, before and after.
  public init(swift before: String, after: String, note: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
    self.init(RuleExample(swift: before, note: note, file: file, line: line), after: [("Example.swift", after)])
  }
}
