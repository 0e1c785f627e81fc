import Foundation
import RuleDocGenerator
import Testing
import TablelintRules

/// The rules' documentation is generated from their doc comments; these tests fail when it is stale or thin.
@Suite struct RuleDocumentationTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func ruleSources() throws -> [(path: String, text: String)] {
    let directory = root.appendingPathComponent("Sources/TablelintRules")
    return try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix("Rule.swift") }
      .sorted()
      .map { ("Sources/TablelintRules/" + $0, try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8)) }
  }

  @Test func generatedFilesAreUpToDate() throws {
    let docs = RuleDocGenerator.extract(files: try Self.ruleSources())
    let generated = try String(
      contentsOf: Self.root.appendingPathComponent("Sources/TablelintRules/Generated/RuleDocumentation.swift"),
      encoding: .utf8
    )
    #expect(generated == RuleDocGenerator.renderSwift(docs), "stale: run `swift run generate-rule-docs`")
    let registry = try String(
      contentsOf: Self.root.appendingPathComponent("Sources/TablelintRules/Generated/RuleRegistry+Generated.swift"),
      encoding: .utf8
    )
    #expect(registry == RuleDocGenerator.renderRegistry(docs), "stale registry: run `swift run generate-rule-docs`")
    for rule in RuleRegistry.all.map({ $0.description }) {
      let page = try String(contentsOf: Self.root.appendingPathComponent(rule.documentationPath), encoding: .utf8)
      #expect(page == RuleDocumentation.page(for: rule), "\(rule.documentationPath) is stale: run `swift run generate-rule-docs`")
    }
  }

  @Test func everyRuleIsDocumentedInTheHouseOutline() throws {
    let docs = RuleDocGenerator.extract(files: try Self.ruleSources())
    #expect(Set(docs.map(\.identifier)) == Set(RuleRegistry.all.map { $0.description.identifier }))
    for doc in docs {
      for heading in ["**What it does:**", "**Why is this bad?**", "**Example:**", "**Instead:**"] {
        #expect(doc.markdown.contains(heading), "\(doc.identifier) lacks \(heading)")
      }
    }
  }
}
