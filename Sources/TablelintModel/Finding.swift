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

/// One reported problem.
public struct Finding: Hashable, Codable, Sendable {
  public var ruleID: String
  public var severity: Severity
  public var message: String
  public var location: SourceLocation
  public var related: [RelatedLocation]

  public init(
    ruleID: String,
    severity: Severity,
    message: String,
    location: SourceLocation,
    related: [RelatedLocation] = []
  ) {
    self.ruleID = ruleID
    self.severity = severity
    self.message = message
    self.location = location
    self.related = related
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

  public init(location: SourceLocation, message: String) {
    self.location = location
    self.message = message
  }
}
