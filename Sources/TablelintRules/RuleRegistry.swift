/// Every rule, by identifier.
public enum RuleRegistry {
  /// Generated from the files that declare rules (`Generated/RuleRegistry+Generated.swift`, by
  /// `swift run generate-rule-docs`): adding a rule is adding its file.
  public static let all: [any Rule.Type] = generated

  /// Every rule's identifier.
  public static let identifiers: Set<String> = Set(all.map { $0.description.identifier })

  /// The identifiers of the rules `isEnabled` keeps.
  public static func enabledIdentifiers(_ isEnabled: (RuleDescription) -> Bool) -> Set<String> {
    Set(all.map { $0.description }.filter(isEnabled).map { $0.identifier })
  }

  public static func rule(withIdentifier identifier: String) -> (any Rule.Type)? {
    all.first { $0.description.identifier == identifier }
  }
}
