public enum DiagnosticSeverity: Int, Codable, Hashable, Sendable {
  case error = 1, warning = 2, information = 3, hint = 4
}

public struct CodeDescription: Codable, Hashable, Sendable {
  public var href: String
  public init(href: String) { self.href = href }
}

public struct DiagnosticRelatedInformation: Codable, Hashable, Sendable {
  public var location: Location
  public var message: String
  public init(location: Location, message: String) {
    self.location = location
    self.message = message
  }
}

public struct Diagnostic: Codable, Hashable, Sendable {
  public var range: LSPRange
  public var severity: DiagnosticSeverity?
  /// The rule id (`unregistered_reuse_identifier`).
  public var code: String?
  public var codeDescription: CodeDescription?
  public var source: String?
  public var message: String
  public var relatedInformation: [DiagnosticRelatedInformation]?

  public init(
    range: LSPRange, severity: DiagnosticSeverity?, code: String?, codeDescription: CodeDescription?, source: String?,
    message: String, relatedInformation: [DiagnosticRelatedInformation]?
  ) {
    self.range = range
    self.severity = severity
    self.code = code
    self.codeDescription = codeDescription
    self.source = source
    self.message = message
    self.relatedInformation = relatedInformation
  }
}
