import Testing
import TablelintCore
import TablelintModel
import TablelintRules
import _TablelintTestSupport

/// Inline suppressions in Swift, configuration suppressions for Interface Builder files, and
/// `superfluous_suppression` for the ones that suppress nothing.
@Suite struct SuppressionTests {
  /// Registers "Cell"; the marked line dequeues "Row", which nobody registers.
  static func controller(_ body: String) -> String {
    """
    import UIKit
    final class ListViewController: UITableViewController {
      override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
      }
      override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    \(body)
      }
    }
    """
  }

  static let bad = "    return tableView.dequeueReusableCell(withIdentifier: \"Row\", for: indexPath)"
  static let good = "    return tableView.dequeueReusableCell(withIdentifier: \"Cell\", for: indexPath)"

  static func findings(_ body: String, configuration: LintConfiguration = LintConfiguration()) -> [String] {
    let (result, _) = ExampleRunner.lint([("List.swift", controller(body))], configuration: configuration)
    return result.findings.map { "\($0.location.line):\($0.location.column) \($0.ruleID)" }
  }

  @Test func withoutASuppressionTheFindingIsReported() {
    #expect(Self.findings(Self.bad) == ["8:58 unregistered_reuse_identifier"])
  }

  @Test(arguments: [
    "    // tablelint:disable:next unregistered_reuse_identifier\n\(bad)",
    "    // tablelint:disable:next unregistered_reuse_identifier - registered by the host app\n\(bad)",
    "    // tablelint:disable:next all\n\(bad)",
    "    // tablelint:disable:next missing_nib, unregistered_reuse_identifier\n\n    // an explanation\n\(bad)",
    "\(bad) // tablelint:disable:this unregistered_reuse_identifier",
    "\(bad)\n    // tablelint:disable:previous unregistered_reuse_identifier",
    "    /* tablelint:disable unregistered_reuse_identifier */\n\(bad)\n    // tablelint:enable unregistered_reuse_identifier",
    "    // tablelint:disable all\n\(bad)",
  ])
  func eachFormSuppressesTheFinding(body: String) {
    let found = Self.findings(body)
    // `missing_nib` in the list suppresses nothing: only that is reported.
    if body.contains("missing_nib") {
      #expect(found == ["8:31 superfluous_suppression"], "\(found)")
    } else {
      #expect(found.isEmpty, "\(found)")
    }
  }

  @Test func aRegionEndsAtItsEnable() {
    let body = "    // tablelint:disable unregistered_reuse_identifier\n    _ = 1\n    // tablelint:enable unregistered_reuse_identifier\n\(Self.bad)"
    #expect(Self.findings(body) == ["8:26 superfluous_suppression", "11:58 unregistered_reuse_identifier"])
  }

  @Test func aSuppressionThatSuppressesNothingIsReportedAtTheRuleName() {
    let (result, _) = ExampleRunner.lint([("List.swift", Self.controller("    // tablelint:disable:next unregistered_reuse_identifier\n\(Self.good)"))])
    #expect(result.findings.count == 1)
    let finding = result.findings[0]
    #expect(finding.ruleID == "superfluous_suppression")
    #expect(finding.severity == .warning)
    #expect((finding.location.line, finding.location.column) == (8, 31))
    #expect(finding.message == "'disable:next unregistered_reuse_identifier' suppresses nothing: line 9 has no 'unregistered_reuse_identifier' finding")
  }

  @Test func unknownRulesAndMalformedCommandsAreReported() {
    let (result, _) = ExampleRunner.lint([(
      "List.swift",
      Self.controller("    // tablelint:disable:next unregistered_reuse_identifer\n\(Self.good)\n    // tablelint:disable-next missing_nib")
    )])
    #expect(result.findings.map(\.message) == [
      "no rule named 'unregistered_reuse_identifer'; did you mean 'unregistered_reuse_identifier'?",
      "unknown command 'disable-next'; expected 'disable' or 'enable', optionally with ':next', ':this' or ':previous'",
    ])
  }

  @Test func aSuppressionOfADisabledRuleIsNotSuperfluous() {
    let body = "    // tablelint:disable:next unregistered_reuse_identifier\n\(Self.good)"
    #expect(Self.findings(body, configuration: LintConfiguration(disabledRules: ["unregistered_reuse_identifier"])).isEmpty)
  }

  @Test func superfluousSuppressionCanItselfBeDisabledOrSuppressed() {
    let body = "    // tablelint:disable:next unregistered_reuse_identifier\n\(Self.good)"
    #expect(Self.findings(body, configuration: LintConfiguration(disabledRules: ["superfluous_suppression"])).isEmpty)
    let suppressed = "    // tablelint:disable superfluous_suppression\n    // tablelint:disable:next unregistered_reuse_identifier\n\(Self.good)"
    #expect(Self.findings(suppressed).isEmpty)
  }

  @Test func commandsInStringsAndDocCommentsAreIgnored() {
    let body = "    /// tablelint:disable:next unregistered_reuse_identifier\n    let note = \"// tablelint:disable all\"\n\(Self.bad)"
    #expect(Self.findings(body) == ["10:58 unregistered_reuse_identifier"])
  }

  // MARK: - Reading commands

  @Test func readingCommands() {
    guard case .command(let command) = SuppressionCommand.read(comment: "// tablelint:disable:next a_rule, b_rule - why") else {
      Issue.record("not read")
      return
    }
    #expect(command.action == .disable && command.modifier == .next)
    #expect(command.rules.map(\.name) == ["a_rule", "b_rule"])
    #expect(command.rules.map(\.offset) == [26, 34])
    #expect(SuppressionCommand.read(comment: "// just a comment") == .notACommand)
    #expect(SuppressionCommand.read(comment: "/// tablelint:disable all") == .notACommand)
    if case .malformed(let message, _) = SuppressionCommand.read(comment: "// tablelint:disable") {
      #expect(message.contains("names no rule"))
    } else {
      Issue.record("a command with no rule is malformed")
    }
    if case .malformed = SuppressionCommand.read(comment: "// tablelint:enable:next all") {} else {
      Issue.record("enable takes no modifier")
    }
  }

  // MARK: - Configuration suppressions (Interface Builder)

  /// A storyboard whose prototypes `c2` and `c3` have no reuse identifier.
  static let storyboard = PrototypeWithoutReuseIdentifierRule.description.triggeringExamples[0].files

  static func ibFindings(_ entries: [(path: String, element: String?, rules: [String], line: Int)]) -> [String] {
    var configuration = LintConfiguration()
    configuration.suppressions = entries.flatMap { entry in
      (entry.rules.isEmpty ? ["all"] : entry.rules).map { rule in
        ConfigurationSuppression(
          suppression: Suppression(
            rule: rule, scope: .configuration(path: entry.path, element: entry.element), lines: nil,
            location: SourceLocation(file: ".tablelint.yml", range: SourceRange(at: SourcePosition(line: entry.line, column: 5, offset: 0)))
          ),
          path: PathMatcher(patterns: [PathPattern(entry.path, relativeTo: "/")], currentDirectory: "/")
        )
      }
    }
    let (result, _) = ExampleRunner.lint(storyboard, configuration: configuration)
    return result.findings.map { "\($0.location.file):\($0.location.line) \($0.ruleID)" }
  }

  @Test func interfaceBuilderSuppressionsByElementRuleAndPath() {
    let unsuppressed = Self.ibFindings([])
    #expect(unsuppressed.count == 2)
    // One cell by its id.
    #expect(Self.ibFindings([("Main.storyboard", "c2", ["prototype_without_reuse_identifier"], 3)]).count == 1)
    // Every cell inside the table, by the table's id.
    #expect(Self.ibFindings([("Main.storyboard", "list-table", [], 3)]).isEmpty)
    // The whole file, for one rule.
    #expect(Self.ibFindings([("*.storyboard", nil, ["prototype_without_reuse_identifier"], 3)]).isEmpty)
  }

  @Test func anUnusedConfigurationSuppressionIsReportedInTheConfigurationFile() {
    let found = Self.ibFindings([("Main.storyboard", "c1", [], 7)])
    #expect(found.contains(".tablelint.yml:7 superfluous_suppression"), "\(found)")
    #expect(found.count == 3)
  }

  // MARK: - Every rule, behind a disable command

  static let ruleIDs = RuleRegistry.all.map { $0.description.identifier }.filter { $0 != "superfluous_suppression" }

  /// SwiftLint's trick: each rule's triggering examples, with a `disable` of the rule at the top of every Swift
  /// file, report nothing in Swift files, and the suppressions that covered a finding are not superfluous.
  @Test(arguments: ruleIDs)
  func everyRuleIsSilencedByADisableCommand(ruleID: String) throws {
    let rule = try #require(RuleRegistry.rule(withIdentifier: ruleID))
    for example in rule.description.triggeringExamples {
      let suppressed = example.files.map { file -> (name: String, contents: String) in
        guard file.name.hasSuffix(".swift") else { return file }
        return (file.name, "// tablelint:disable \(ruleID)\n" + file.contents)
      }
      let (result, _) = ExampleRunner.lint(suppressed)
      let swiftFindings = result.findings.filter { $0.ruleID == ruleID && $0.location.file.hasSuffix(".swift") }
      #expect(swiftFindings.isEmpty, "\(ruleID): \(swiftFindings.map(\.message))")
      let original = ExampleRunner.lint(example.files).result.findings
      for file in example.files where file.name.hasSuffix(".swift") {
        let hadFinding = original.contains { $0.ruleID == ruleID && $0.location.file == file.name }
        let superfluous = result.findings.contains { $0.ruleID == "superfluous_suppression" && $0.location.file == file.name && $0.location.line == 1 }
        #expect(superfluous == !hadFinding, "\(ruleID) in \(file.name)")
      }
    }
  }
}
