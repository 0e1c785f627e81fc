import Foundation
import TablelintModel
import TablelintRules

/// The settings of a `.tablelint.yml` file. Relative paths and globs in it are relative to the file's directory.
///
/// ```yaml
/// included: [App, Modules]            # only these paths (globs); all discovered files when omitted
/// excluded: [App/Generated, "**/*.generated.swift"]
/// vendored: [ThirdParty]               # read (their cells and registrations count) but never reported on
/// disabled_rules: [duplicate_reuse_identifier]
/// opt_in_rules: []
/// rules:
///   missing_nib: warning               # a severity, or
///   cell_class_mismatch:
///     severity: warning
///     excluded: [Legacy]               # no findings of this rule in these paths
/// external_cell_classes: [FancyKit.FancyCell]   # cells defined in frameworks tablelint does not read
/// external_modules: [FancyKit]
/// suppressions:                        # for storyboards and xibs, whose comments Xcode drops
///   - path: App/Base.lproj/Main.storyboard
///     element: abc-12-xyz              # optional: an element id (findings at it or inside it)
///     rules: [prototype_without_reuse_identifier]   # optional: all rules when omitted
///     reason: the legacy scene is going away
/// ```
public struct Configuration: Sendable, Equatable {
  /// The file it was read from (`nil` for the defaults).
  public var path: String?
  /// The directory that relative paths in the file are relative to (absolute).
  public var rootDirectory: String

  public var included: [PathPattern] = []
  public var excluded: [PathPattern] = []
  public var vendored: [PathPattern] = []
  public var disabledRules: Set<String> = []
  public var optInRules: Set<String> = []
  public var rules: [String: RuleSettings] = [:]
  public var externalCellClasses: [String] = []
  public var externalModules: [String] = []
  public var suppressions: [ConfiguredSuppression] = []

  /// The file name looked for from the current directory upwards.
  public static let fileName = ".tablelint.yml"

  public init(path: String? = nil, rootDirectory: String) {
    self.path = path
    self.rootDirectory = rootDirectory
  }

  /// Per-rule settings under `rules:`.
  public struct RuleSettings: Sendable, Equatable {
    public var severity: Severity?
    public var excluded: [PathPattern] = []

    public init(severity: Severity? = nil, excluded: [PathPattern] = []) {
      self.severity = severity
      self.excluded = excluded
    }
  }

  /// A suppression in the configuration file: by path (a glob), optionally an Interface Builder element id, and
  /// the rules (all when none are named).
  public struct ConfiguredSuppression: Sendable, Equatable {
    public var path: PathPattern
    public var element: String?
    public var rules: [String]
    /// The entry's place in the configuration file, where `superfluous_suppression` reports an unused entry.
    public var location: SourceLocation

    public init(path: PathPattern, element: String?, rules: [String], location: SourceLocation) {
      self.path = path
      self.element = element
      self.rules = rules
      self.location = location
    }
  }

  // MARK: - What the run uses

  /// Which files are linted.
  public func pathFilter(currentDirectory: String) -> PathFilter {
    PathFilter(
      included: PathMatcher(patterns: included, currentDirectory: currentDirectory),
      excluded: PathMatcher(patterns: excluded, currentDirectory: currentDirectory)
    )
  }

  /// The rule settings for the linter.
  public func lintConfiguration(currentDirectory: String) -> LintConfiguration {
    var configuration = LintConfiguration(
      disabledRules: disabledRules,
      severityOverrides: rules.compactMapValues(\.severity)
    )
    configuration.optInRules = optInRules
    configuration.vendored = PathMatcher(patterns: vendored, currentDirectory: currentDirectory)
    configuration.ruleExclusions = rules.compactMapValues { settings in
      settings.excluded.isEmpty ? nil : PathMatcher(patterns: settings.excluded, currentDirectory: currentDirectory)
    }
    configuration.externalCellClasses = Set(externalCellClasses)
    configuration.externalModules = Set(externalModules)
    configuration.suppressions = suppressions.flatMap { entry in
      (entry.rules.isEmpty ? [Suppression.allRules] : entry.rules).map { rule in
        ConfigurationSuppression(
          suppression: Suppression(
            rule: rule, scope: .configuration(path: entry.path.text, element: entry.element), lines: nil,
            location: entry.location
          ),
          path: PathMatcher(patterns: [entry.path], currentDirectory: currentDirectory)
        )
      }
    }
    return configuration
  }

  // MARK: - Finding and loading

  /// The nearest `.tablelint.yml` in `directory` or a directory above it.
  public static func find(from directory: String) -> String? {
    var components = LexicalPath.components(directory)
    while true {
      // Checked with `stat` (links followed, as `FileManager.fileExists` did): `FileManager` made the runtime look up
      // protocol conformances on its first use, which scans every record of this large binary, on every run.
      let candidate = LexicalPath.rooted(components + [fileName])
      var status = stat()
      if stat(candidate, &status) == 0, status.st_mode & S_IFMT != S_IFDIR { return candidate }
      guard !components.isEmpty else { return nil }
      components.removeLast()
    }
  }

  /// Reads and validates a configuration file. Throws `ConfigurationError` listing every problem.
  public static func load(path: String, currentDirectory: String) throws -> Configuration {
    let absolute = LexicalPath.absolute(path, currentDirectory: currentDirectory)
    guard let data = FileManager.default.contents(atPath: absolute) else {
      throw ConfigurationError(path: path, problems: [ConfigurationProblem(line: nil, column: nil, message: "cannot read the configuration file")])
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ConfigurationError(path: path, problems: [ConfigurationProblem(line: nil, column: nil, message: "the configuration file is not UTF-8 text")])
    }
    return try ConfigurationParser.parse(text, path: path, rootDirectory: LexicalPath.directory(of: absolute))
  }

  /// Validates the text of a configuration file (`path` names it in problems; patterns are relative to
  /// `rootDirectory`). Throws `ConfigurationError` listing every problem; never reads the file system.
  public static func parse(text: String, path: String, rootDirectory: String) throws -> Configuration {
    try ConfigurationParser.parse(text, path: path, rootDirectory: rootDirectory)
  }

  /// `--config PATH` when given, else the nearest `.tablelint.yml`, else the defaults.
  public static func resolve(explicitPath: String?, currentDirectory: String) throws -> Configuration {
    if let explicitPath {
      let absolute = LexicalPath.absolute(explicitPath, currentDirectory: currentDirectory)
      guard FileManager.default.fileExists(atPath: absolute) else {
        throw ConfigurationError(
          path: explicitPath, problems: [ConfigurationProblem(line: nil, column: nil, message: "no such configuration file")]
        )
      }
      return try load(path: explicitPath, currentDirectory: currentDirectory)
    }
    if let found = find(from: currentDirectory) {
      let display = LexicalPath.relative(found, to: currentDirectory)
      return try load(path: display.hasPrefix("..") ? found : display, currentDirectory: currentDirectory)
    }
    return Configuration(rootDirectory: currentDirectory)
  }
}

/// One problem in a configuration file: where, and what (naming the key).
public struct ConfigurationProblem: Sendable, Equatable, CustomStringConvertible {
  public var line: Int?
  public var column: Int?
  public var message: String

  public init(line: Int?, column: Int?, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String {
    guard let line else { return message }
    return "\(line):\(column ?? 1): \(message)"
  }
}

/// A configuration file that cannot be used: every problem, in file order.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
  public var path: String
  public var problems: [ConfigurationProblem]

  public init(path: String, problems: [ConfigurationProblem]) {
    self.path = path
    self.problems = problems
  }

  /// Compiler-style lines: `.tablelint.yml:3:5: error: unknown key 'exclude'; did you mean 'excluded'?`
  public var description: String {
    problems.map { problem in
      let place = problem.line.map { "\(path):\($0):\(problem.column ?? 1):" } ?? "\(path):"
      return "\(place) error: \(problem.message)"
    }.joined(separator: "\n")
  }
}
