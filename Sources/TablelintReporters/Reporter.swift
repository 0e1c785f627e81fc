import TablelintModel

/// Turns findings into one output format. Reporters are stateless functions: no IO, no globals, the same text for
/// the same findings and context. They print findings in the order given (the caller sorts), and the text has no
/// trailing newline (the caller prints it as one block).
///
/// `SendableMetatype` lets the registry below be a plain `static let` in Swift 6 (it needs a Swift 6.2 compiler).
public protocol Reporter: SendableMetatype {
  /// The name users pass to `--reporter`: `text`, `json`, `sarif`.
  static var identifier: String { get }
  static func report(_ findings: [Finding], context: ReportContext) -> String
}

/// Every reporter, for the command line and its help.
public enum Reporters {
  public static let all: [any Reporter.Type] = [
    TextReporter.self, JSONReporter.self, SARIFReporter.self, GitHubReporter.self, CheckstyleReporter.self,
    JUnitReporter.self, MarkdownReporter.self,
  ]

  /// The reporter with this identifier, if any.
  public static func reporter(named name: String) -> (any Reporter.Type)? {
    all.first { $0.identifier == name }
  }
}
