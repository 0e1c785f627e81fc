/// A selector named in Swift: `#selector(…)`, `Selector("…")` or `NSSelectorFromString("…")`.
public struct SelectorReference: Hashable, Codable, Sendable {
  public enum Form: String, Hashable, Codable, Sendable {
    /// `#selector(Type.member(labels:))`, `#selector(member)`, `#selector(getter: Type.property)`.
    case selectorExpression
    /// `Selector("name:")`, `NSSelectorFromString("name:")`.
    case stringLiteral
  }

  public var form: Form
  /// `#selector` forms: the type as written before the member (`SettingsViewController`), `nil` when unqualified.
  public var typeName: String?
  /// `#selector` forms: the member's base name.
  public var memberName: String?
  /// `#selector` forms: the argument labels as written (`nil` entries for `_`), `nil` when none are written.
  public var argumentLabels: [String?]?
  /// `getter` or `setter` for `#selector(getter: …)`.
  public var accessor: String?
  /// String forms: the selector itself.
  public var selector: String?
  public var enclosingType: String?
  /// String forms: the selector is a row's action that the enclosing type performs on itself
  /// (`SimpleRow(action: NSSelectorFromString("openSettings"))` with `perform(row.action)`): checked like
  /// `#selector(member)`, against the enclosing type.
  public var isPerformedOnEnclosingType: Bool
  /// Objective-C: the selector is kept (in a variable, a C array, a return value) rather than passed in a message,
  /// as swizzling and introspection do with framework selectors (FLEX), so what receives it is unknown.
  public var isStored: Bool
  public var location: SourceLocation

  public init(
    form: Form, typeName: String?, memberName: String?, argumentLabels: [String?]?, accessor: String?,
    selector: String?, enclosingType: String?, isPerformedOnEnclosingType: Bool = false, isStored: Bool = false,
    location: SourceLocation
  ) {
    self.form = form
    self.typeName = typeName
    self.memberName = memberName
    self.argumentLabels = argumentLabels
    self.accessor = accessor
    self.selector = selector
    self.enclosingType = enclosingType
    self.isPerformedOnEnclosingType = isPerformedOnEnclosingType
    self.isStored = isStored
    self.location = location
  }

  /// How the reference is written, for messages: `reset(_:)`, `Type.reset`, `"reset:"`.
  public var displayName: String {
    if let selector { return "\"\(selector)\"" }
    var text = (typeName.map { $0 + "." } ?? "") + (memberName ?? "")
    if let labels = argumentLabels {
      text += "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
    }
    return text
  }
}

/// A target–action pair set up in code: `addTarget(self, action: #selector(…), for:)`, gesture recognisers, bar
/// button items, `perform(_:)`, notifications, timers.
public struct TargetActionUse: Hashable, Codable, Sendable {
  public enum Kind: String, Hashable, Codable, Sendable {
    case controlEvent, targetAction, perform, notification, timer, displayLink
  }

  public var kind: Kind
  /// The target is `self` (written or implied): the selector must fit the enclosing type.
  public var targetIsSelf: Bool
  public var selector: SelectorReference
  /// How many arguments the receiver of the action passes at most (a control passes sender and event).
  public var maximumArguments: Int
  public var location: SourceLocation

  public init(
    kind: Kind, targetIsSelf: Bool, selector: SelectorReference, maximumArguments: Int, location: SourceLocation
  ) {
    self.kind = kind
    self.targetIsSelf = targetIsSelf
    self.selector = selector
    self.maximumArguments = maximumArguments
    self.location = location
  }
}
