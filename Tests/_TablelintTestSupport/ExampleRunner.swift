import TablelintCore
import TablelintModel
import TablelintRules

/// A marker's place: which file, which marker, where.
public struct MarkerPlace: Hashable, Sendable, CustomStringConvertible {
  public let file: String
  public let marker: String
  public let line: Int
  public let column: Int

  public var description: String { "\(marker) at \(file):\(line):\(column)" }
}

/// Lints a small in-memory project, as rule examples and tests describe them.
public enum ExampleRunner {
  /// Parses each file with its frontend (markers removed) and lints them together.
  public static func lint(
    _ files: [(name: String, contents: String)], configuration: LintConfiguration = LintConfiguration()
  ) -> (result: LintResult, markers: [MarkerPlace]) {
    var facts: [FileFacts] = []
    var markers: [MarkerPlace] = []
    for file in files {
      let source = MarkedSource(file.contents)
      for (marker, position) in source.markerPositions {
        markers.append(MarkerPlace(file: file.name, marker: marker, line: position.line, column: position.column))
      }
      if let parsed = Frontends.parse(path: file.name, bytes: Array(source.text.utf8)) {
        facts.append(parsed)
      }
    }
    return (Linter.lint(files: facts, configuration: configuration), markers.sorted { $0.marker < $1.marker })
  }

  /// Where a rule's findings are, as comparable places.
  public static func places(of findings: [Finding], rule: String) -> [String] {
    findings.filter { $0.ruleID == rule }
      .map { "\($0.location.file):\($0.location.line):\($0.location.column)" }
      .sorted()
  }

  public static func places(of markers: [MarkerPlace]) -> [String] {
    markers.map { "\($0.file):\($0.line):\($0.column)" }.sorted()
  }
}
