/// Inline suppression comments (`// tablelint:disable:next rule`): filled in by the CI-grade CLI work.
public struct SuppressionFacts: Hashable, Codable, Sendable {
  public init() {}
}
