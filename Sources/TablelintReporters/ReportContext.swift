import TablelintRules

/// What a reporter knows besides the findings: where the run happened, what ran, and over how many files.
public struct ReportContext: Sendable {
  /// The absolute directory that relative output paths are relative to (usually the process's working directory).
  public var currentDirectory: String
  /// tablelint's version, for the `json` and `sarif` tool sections.
  public var toolVersion: String
  /// How many files the run read, for summaries.
  public var filesAnalysed: Int
  /// The rules that ran (`sarif` lists their metadata; results point into this list).
  public var rules: [RuleDescription]
  /// A web page about the tool, for SARIF's `informationUri`; ignored unless it is an absolute URI.
  public var informationURI: String?

  public init(
    currentDirectory: String, toolVersion: String, filesAnalysed: Int, rules: [RuleDescription],
    informationURI: String? = nil
  ) {
    self.currentDirectory = currentDirectory
    self.toolVersion = toolVersion
    self.filesAnalysed = filesAnalysed
    self.rules = rules
    self.informationURI = informationURI
  }
}
