/// Every rule, in the order they are documented.
public enum RuleRegistry {
  public static let all: [any Rule.Type] = [
    UnregisteredReuseIdentifierRule.self,
    PrototypeWithoutReuseIdentifierRule.self,
    DuplicateReuseIdentifierRule.self,
    CellClassMismatchRule.self,
    MissingNibRule.self,
    NibReuseIdentifierMismatchRule.self,
    DanglingSelectorRule.self,
    DanglingOutletRule.self,
    UnknownCustomClassRule.self,
    SectionCountMismatchRule.self,
    RowCountMismatchRule.self,
    SectionIndexOutOfRangeRule.self,
    UnplacedLayoutCaseRule.self,
    DuplicateLayoutCaseRule.self,
    StaticCellsOutsideTableViewControllerRule.self,
    SuperfluousSuppressionRule.self,
    ParseErrorRule.self,
  ]

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
