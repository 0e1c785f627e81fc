/// Tables declared in Swift code (data sources, table libraries, enum layouts): filled in by the table-model work.
public struct SwiftTableFacts: Hashable, Codable, Sendable {
  public init() {}
}
