import Testing
import TablelintCore
import TablelintModel
import TablelintRules
import _TablelintTestSupport

/// Every rule's examples are its tests: triggering examples report exactly at their markers, non-triggering
/// examples report nothing.
@Suite struct RuleExampleTests {
  static let ruleIDs = RuleRegistry.all.map { $0.description.identifier }

  @Test(arguments: ruleIDs)
  func triggeringExamplesReportAtEveryMarkerAndNowhereElse(ruleID: String) throws {
    let rule = try #require(RuleRegistry.rule(withIdentifier: ruleID))
    #expect(!rule.description.triggeringExamples.isEmpty, "every rule needs a triggering example")
    for example in rule.description.triggeringExamples {
      let (result, markers) = ExampleRunner.lint(example.files)
      #expect(!markers.isEmpty, "a triggering example marks where its findings are:\n\(example)")
      let found = ExampleRunner.places(of: result.findings, rule: ruleID)
      let expected = ExampleRunner.places(of: markers)
      #expect(
        found == expected,
        "\(ruleID): expected findings at \(expected), got \(found)\n\(result.findings.map(\.message))\n\(example)"
      )
    }
  }

  @Test(arguments: ruleIDs)
  func nonTriggeringExamplesReportNothing(ruleID: String) throws {
    let rule = try #require(RuleRegistry.rule(withIdentifier: ruleID))
    #expect(!rule.description.nonTriggeringExamples.isEmpty, "every rule needs a non-triggering example")
    for example in rule.description.nonTriggeringExamples {
      let (result, _) = ExampleRunner.lint(example.files)
      let found = result.findings.filter { $0.ruleID == ruleID }
      #expect(found.isEmpty, "\(ruleID): unexpected \(found.map { "\($0.location.line):\($0.location.column) \($0.message)" })\n\(example)")
    }
  }

  /// A rule's corrections: its findings' fixes (safe and unsafe) applied to the project, in rounds as
  /// `tablelint lint --fix` applies them (the rules run again between rounds), give the text after; then no fix is
  /// left to apply.
  @Test(arguments: ruleIDs.filter { RuleRegistry.rule(withIdentifier: $0)?.description.corrections.isEmpty == false })
  func correctionsFixTheFindings(ruleID: String) throws {
    let rule = try #require(RuleRegistry.rule(withIdentifier: ruleID))
    for correction in rule.description.corrections {
      let before = correction.before.files
      var texts = Dictionary(before.map { ($0.name, Array($0.contents.utf8)) }, uniquingKeysWith: { $1 })
      var rounds = 0
      while rounds < 5 {
        let files = before.map { ($0.name, String(decoding: texts[$0.name] ?? [], as: UTF8.self)) }
        let own = ExampleRunner.lint(files).result.findings.filter { $0.ruleID == ruleID }
        let outcome = FixApplier.apply(own, unsafe: true) { texts[$0] }
        #expect(outcome.refused.isEmpty, "\(ruleID): \(outcome.refused)")
        if outcome.applied == 0 { break }
        texts.merge(outcome.texts) { $1 }
        rounds += 1
      }
      #expect(rounds < 5, "\(ruleID): fixing settles")
      for file in before {
        let expected = correction.after.first { $0.name == file.name }?.contents ?? file.contents
        #expect(String(decoding: texts[file.name] ?? [], as: UTF8.self) == expected, "\(ruleID): \(file.name) after the fixes\n\(correction.before)")
      }
    }
  }

  /// Swift code turned into comments declares nothing: findings anchored in Swift files must vanish.
  @Test(arguments: ruleIDs)
  func commentedOutSwiftTriggersNothing(ruleID: String) throws {
    let rule = try #require(RuleRegistry.rule(withIdentifier: ruleID))
    for example in rule.description.triggeringExamples
    where example.files.allSatisfy({ !$0.name.hasSuffix(".swift") || $0.contents.contains("1️⃣") })
      && example.files.contains(where: { $0.name.hasSuffix(".swift") && $0.contents.contains("1️⃣") })
    {
      let commented = example.files.map { file -> (name: String, contents: String) in
        guard file.name.hasSuffix(".swift") else { return file }
        let lines = file.contents.split(separator: "\n", omittingEmptySubsequences: false).map { "// " + $0 }
        return (file.name, lines.joined(separator: "\n"))
      }
      let (result, _) = ExampleRunner.lint(commented)
      let swiftFindings = result.findings.filter { $0.ruleID == ruleID && $0.location.file.hasSuffix(".swift") }
      #expect(swiftFindings.isEmpty, "\(ruleID): findings in commented-out code: \(swiftFindings.map(\.message))")
    }
  }

  @Test func ruleIdentifiersAreSnakeCaseAndUnique() {
    let ids = Self.ruleIDs
    #expect(Set(ids).count == ids.count)
    for id in ids {
      #expect(id.allSatisfy { $0.isLowercase || $0 == "_" }, "\(id) is not snake_case")
    }
  }
}
