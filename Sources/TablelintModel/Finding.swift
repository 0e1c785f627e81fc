/// How serious a finding is.
public enum Severity: String, Codable, Hashable, Sendable, CaseIterable, Comparable {
  case warning
  case error

  public static func < (lhs: Severity, rhs: Severity) -> Bool {
    lhs == .warning && rhs == .error
  }
}

/// Another place that explains a finding: the storyboard cell behind a Swift dequeue, and so on.
public struct RelatedLocation: Hashable, Codable, Sendable {
  public var location: SourceLocation
  public var message: String

  public init(location: SourceLocation, message: String) {
    self.location = location
    self.message = message
  }
}

/// One replacement in a file: the bytes in `start..<end` (UTF-8 offsets of the text the finding was made from)
/// become `newText`. An edit with an `anchor` is resolved against the file's text when it is applied (`FixResolver`):
/// rules see no text, so where a line goes and how it is indented is found then.
public struct FixEdit: Hashable, Codable, Sendable {
  public var path: String
  /// The replaced bytes, as positions of the text the finding was made from (so that they move with the facts when
  /// an edit elsewhere shifts them, as findings' locations do).
  public var range: SourceRange
  public var newText: String
  public var anchor: Anchor?

  /// The UTF-8 offsets of `range`.
  public var start: Int { range.start.offset }
  public var end: Int { range.end.offset }

  /// Edits found from a place in the text (`range`'s start; its end too, except for `removeSuppressedRule`).
  public enum Anchor: Hashable, Codable, Sendable {
    /// New members, last in the type (or extension) whose name is at `start`.
    case membersAtEnd([String])
    /// New members, first in the type whose name is at `start`.
    case membersAtStart([String])
    /// A statement in the function whose name is at `start`: after its `super.<name>()` call, or first.
    case statementInFunction(String)
    /// The Interface Builder element (`outlet`, …) whose start tag begins at `start`, removed with its line when
    /// it is alone on it.
    case removeElement(String)
    /// The rule name at `start..<end` in a one-line `// tablelint:` comment, removed: the whole comment (and its
    /// line when nothing else is on it) when it names no other rule.
    case removeSuppressedRule

    // Coded as one array of strings, the case's name and then its values. The synthesized coding used a keyed
    // container per case, and the runtime made each of their key types from its mangled name the first time, a scan
    // of every protocol conformance in this large binary each: a twelfth of an unchanged run, which decodes the
    // stored findings' fixes.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      let values = try container.decode([String].self)
      let rest = Array(values.dropFirst())
      switch values.first {
      case "membersAtEnd": self = .membersAtEnd(rest)
      case "membersAtStart": self = .membersAtStart(rest)
      case "statementInFunction" where rest.count == 1: self = .statementInFunction(rest[0])
      case "removeElement" where rest.count == 1: self = .removeElement(rest[0])
      case "removeSuppressedRule" where rest.isEmpty: self = .removeSuppressedRule
      default:
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a fix anchor: \(values)")
      }
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .membersAtEnd(let members): try container.encode(["membersAtEnd"] + members)
      case .membersAtStart(let members): try container.encode(["membersAtStart"] + members)
      case .statementInFunction(let name): try container.encode(["statementInFunction", name])
      case .removeElement(let element): try container.encode(["removeElement", element])
      case .removeSuppressedRule: try container.encode(["removeSuppressedRule"])
      }
    }
  }

  public init(path: String, range: SourceRange, newText: String) {
    self.path = path
    self.range = range
    self.newText = newText
  }

  /// A replacement known by offsets only (a resolved edit, a test): its lines and columns are unknown (0).
  public init(path: String, start: Int, end: Int, newText: String) {
    self.init(
      path: path,
      range: SourceRange(
        start: SourcePosition(line: 0, column: 0, offset: start), end: SourcePosition(line: 0, column: 0, offset: end)
      ),
      newText: newText
    )
  }

  public init(path: String, at position: SourcePosition, _ anchor: Anchor) {
    self.init(path: path, range: SourceRange(start: position, end: position), newText: "")
    self.anchor = anchor
  }

  public init(path: String, range: SourceRange, _ anchor: Anchor) {
    self.init(path: path, range: range, newText: "")
    self.anchor = anchor
  }
}

/// A change that makes a finding go away, carried by the finding of the rule that knows it is right.
public struct Fix: Hashable, Codable, Sendable {
  /// `safe`: it cannot change what the app does except to stop the crash the finding names (`tablelint lint --fix`
  /// applies it); `unsafe`: it is probably what was meant, but a person should look (`--unsafe-fixes`);
  /// `suggestion`: one guess among others, offered in editors and never applied by `--fix`.
  public enum Applicability: String, Hashable, Codable, Sendable {
    case safe, unsafe, suggestion
  }

  public var title: String
  public var applicability: Applicability
  public var edits: [FixEdit]

  public init(title: String, applicability: Applicability, edits: [FixEdit]) {
    self.title = title
    self.applicability = applicability
    self.edits = edits
  }
}

/// One reported problem.
public struct Finding: Hashable, Codable, Sendable {
  public var ruleID: String
  public var severity: Severity
  public var message: String
  public var location: SourceLocation
  public var related: [RelatedLocation]
  /// Changes that remove the problem, if the rule knows them for sure.
  public var fixes: [Fix]

  public init(
    ruleID: String,
    severity: Severity,
    message: String,
    location: SourceLocation,
    related: [RelatedLocation] = [],
    fixes: [Fix] = []
  ) {
    self.ruleID = ruleID
    self.severity = severity
    self.message = message
    self.location = location
    self.related = related
    self.fixes = fixes
  }

  private enum CodingKeys: String, CodingKey {
    case ruleID, severity, message, location, related, fixes
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    ruleID = try container.decode(String.self, forKey: .ruleID)
    severity = try container.decode(Severity.self, forKey: .severity)
    message = try container.decode(String.self, forKey: .message)
    location = try container.decode(SourceLocation.self, forKey: .location)
    related = try container.decode([RelatedLocation].self, forKey: .related)
    fixes = try container.decodeIfPresent([Fix].self, forKey: .fixes) ?? []
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(ruleID, forKey: .ruleID)
    try container.encode(severity, forKey: .severity)
    try container.encode(message, forKey: .message)
    try container.encode(location, forKey: .location)
    try container.encode(related, forKey: .related)
    if !fixes.isEmpty { try container.encode(fixes, forKey: .fixes) }
  }
}

extension Finding: Comparable {
  /// Stable output order: file, position, rule, message.
  public static func < (lhs: Finding, rhs: Finding) -> Bool {
    if lhs.location != rhs.location { return lhs.location < rhs.location }
    if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
    return lhs.message < rhs.message
  }
}

/// A file a frontend could not read as what it claims to be (not XML, not UTF-8, too large …).
/// It becomes one `parse_error` finding; the run goes on.
public struct FileProblem: Hashable, Codable, Sendable {
  public var location: SourceLocation
  public var message: String
  /// tablelint declined a file that may well be valid, for one of its own limits (its size, brackets nested deeper
  /// than swift-syntax parses in bounded time), rather than finding it broken: a warning, not an error.
  public var isLimit: Bool

  public init(location: SourceLocation, message: String, isLimit: Bool = false) {
    self.location = location
    self.message = message
    self.isLimit = isLimit
  }
}
