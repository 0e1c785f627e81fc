import Foundation
import RuleDocGenerator
import TablelintRules

// Regenerates the rules' documentation from their doc comments:
//   Sources/TablelintRules/Generated/RuleDocumentation.swift  (compiled into tablelint)
//   Sources/TablelintRules/Generated/RuleRegistry+Generated.swift  (every rule, for RuleRegistry)
//   Documentation/Rules/<rule>.md and Documentation/Rules/README.md  (rendered by the compiled rules)
// Run from the package root: `swift run generate-rule-docs`.

let root = FileManager.default.currentDirectoryPath
let rulesDirectory = root + "/Sources/TablelintRules"
let files = try FileManager.default.contentsOfDirectory(atPath: rulesDirectory)
  .filter { $0.hasSuffix("Rule.swift") }
  .sorted()
  .map { name in (path: "Sources/TablelintRules/" + name, text: try String(contentsOfFile: rulesDirectory + "/" + name, encoding: .utf8)) }
let docs = RuleDocGenerator.extract(files: files)

func write(_ text: String, to path: String) throws {
  let url = URL(fileURLWithPath: root + "/" + path)
  try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
  let existing = try? String(contentsOf: url, encoding: .utf8)
  if existing != text {
    try Data(text.utf8).write(to: url, options: .atomic)
    print("wrote \(path)")
  }
}

try write(RuleDocGenerator.renderSwift(docs), to: "Sources/TablelintRules/Generated/RuleDocumentation.swift")
try write(RuleDocGenerator.renderRegistry(docs), to: "Sources/TablelintRules/Generated/RuleRegistry+Generated.swift")
let rules = RuleRegistry.all.map { $0.description }
let extracted = Dictionary(uniqueKeysWithValues: docs.map { ($0.identifier, $0.markdown) })
for rule in rules {
  // Pages use the doc comments just read, so one run suffices after editing a comment.
  try write(RuleDocumentation.page(for: rule, documentation: extracted[rule.identifier]), to: rule.documentationPath)
}
try write(RuleDocumentation.index(of: rules), to: "Documentation/Rules/README.md")
