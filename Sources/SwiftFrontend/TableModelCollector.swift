import SwiftSyntax
import TablelintModel

/// Reads tables declared in code. Placeholder until the table-model work.
enum TableModelCollector {
  static func collect(_ tree: SourceFileSyntax, path: String, lineTable: LineTable) -> SwiftTableFacts {
    SwiftTableFacts()
  }
}
