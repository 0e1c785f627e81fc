import SwiftSyntax
import TablelintModel

/// Reads `// tablelint:` comments. Placeholder until the CI-grade CLI work.
enum SuppressionScanner {
  static func scan(_ tree: SourceFileSyntax, path: String, lineTable: LineTable) -> SuppressionFacts {
    SuppressionFacts()
  }
}
