import Foundation
import Testing
import TablelintCore
import TablelintModel
import _TablelintTestSupport

@Suite struct ConfigurationTests {
  static func parse(_ yaml: String, in directory: String = "/repo") throws -> Configuration {
    let project = try TemporaryProject([".tablelint.yml": yaml])
    return try Configuration.load(path: project.root + "/.tablelint.yml", currentDirectory: directory)
  }

  static func problems(_ yaml: String) -> [ConfigurationProblem] {
    do {
      _ = try parse(yaml)
      return []
    } catch let error as ConfigurationError {
      return error.problems
    } catch {
      return [ConfigurationProblem(line: nil, column: nil, message: "\(error)")]
    }
  }

  @Test func complexMappingKeysAreRefusedBeforeYAMLSortsThem() {
    // The fuzzer's input: refused at once, not hours in Yams's duplicate-key check.
    let started = ContinuousClock.now
    let found = Self.problems(FuzzFound.configurationNestedComplexKeys)
    #expect(found.map(\.message) == ["complex mapping keys ('? ') are not supported; keys are plain names"])
    #expect(found.first?.line == 2 && found.first?.column == 3)
    #expect(ContinuousClock.now - started < .seconds(5))
    // A quote inside a plain scalar (`a"b`) opens no quoted string that could hide the `?` after it.
    let refused = [
      "? excluded\n: [App]\n", "rules: {? missing_nib : warning}\n", "excluded:\n  - ? a\n", "excluded: [a\"b, ? c]\n",
    ]
    for yaml in refused {
      #expect(Self.problems(yaml).first?.message.hasPrefix("complex mapping keys") == true, "\(yaml)")
    }
    // A `?` in a value, a quoted string or a comment is no key indicator.
    let plain = "excluded: [\"Why?\", \"a, ? b\", 'c: ? d''s']  # what, ? \nvendored: Legacy?\n# a, ? b\n"
    #expect(Self.problems(plain).isEmpty)
  }

  @Test func everyKeyIsRead() throws {
    let configuration = try Self.parse(
      """
      included: [App]
      excluded:
        - App/Generated
        - "**/*.generated.swift"
      vendored: ThirdParty
      disabled_rules: [duplicate_reuse_identifier]
      opt_in_rules: []
      rules:
        missing_nib: warning
        cell_class_mismatch:
          severity: warning
          excluded: [Legacy]
      external_cell_classes: [FancyKit.FancyCell]
      external_modules: [FancyKit]
      suppressions:
        - path: App/Base.lproj/Main.storyboard
          element: abc-12-xyz
          rules: [prototype_without_reuse_identifier]
          reason: going away
      """
    )
    #expect(configuration.included.map(\.text) == ["App"])
    #expect(configuration.excluded.map(\.text) == ["App/Generated", "**/*.generated.swift"])
    #expect(configuration.vendored.map(\.text) == ["ThirdParty"])
    #expect(configuration.disabledRules == ["duplicate_reuse_identifier"])
    #expect(configuration.rules["missing_nib"]?.severity == .warning)
    #expect(configuration.rules["cell_class_mismatch"]?.excluded.map(\.text) == ["Legacy"])
    #expect(configuration.externalCellClasses == ["FancyKit.FancyCell"])
    #expect(configuration.externalModules == ["FancyKit"])
    #expect(configuration.suppressions.count == 1)
    #expect(configuration.suppressions.first?.element == "abc-12-xyz")
    #expect(configuration.suppressions.first?.location.line == 16)

    let lint = configuration.lintConfiguration(currentDirectory: configuration.rootDirectory)
    #expect(lint.severityOverrides == ["missing_nib": .warning, "cell_class_mismatch": .warning])
    #expect(lint.suppressions.map(\.suppression.rule) == ["prototype_without_reuse_identifier"])
  }

  @Test func anEmptyFileIsTheDefaults() throws {
    let configuration = try Self.parse("# nothing yet\n")
    #expect(configuration.included.isEmpty && configuration.disabledRules.isEmpty && configuration.rules.isEmpty)
  }

  @Test func anUnknownKeyIsNamedWithItsLineAndASuggestion() {
    let problems = Self.problems("disabled_rules: []\nexclude: [Pods]\n")
    #expect(problems.count == 1)
    #expect(problems.first?.line == 2)
    #expect(problems.first?.column == 1)
    #expect(problems.first?.message.hasPrefix("unknown key 'exclude'; did you mean 'excluded'?") == true)
  }

  @Test func everyBadValueIsReportedWithKeyAndLine() {
    let problems = Self.problems(
      """
      disabled_rules: [missing_nibs]
      rules:
        missing_nib: fatal
        cell_class_mismatch:
          severity: warning
          colour: red
      excluded: {a: b}
      suppressions:
        - element: abc
      """
    )
    let described = problems.map(\.description)
    #expect(
      described == [
        "1:18: unknown rule 'missing_nibs' in 'disabled_rules'; did you mean 'missing_nib'?",
        "3:16: 'rules.missing_nib' must be 'error' or 'warning', not 'fatal'",
        "6:5: unknown option 'colour' for rule 'cell_class_mismatch'; known options: severity, excluded",
        "7:11: 'excluded' must be a list of strings",
        "9:5: a suppression needs a 'path'",
      ],
      "\(described)"
    )
  }

  @Test func aYAMLSyntaxErrorHasItsLine() {
    let problems = Self.problems("excluded: [Pods\ndisabled_rules: []\n")
    #expect(problems.count == 1)
    #expect(problems.first?.line != nil)
    #expect(problems.first?.message.hasPrefix("invalid YAML") == true)
  }

  @Test func theErrorReadsLikeACompilerDiagnostic() {
    let error = ConfigurationError(
      path: ".tablelint.yml", problems: [ConfigurationProblem(line: 2, column: 1, message: "unknown key 'exclude'")]
    )
    #expect(error.description == ".tablelint.yml:2:1: error: unknown key 'exclude'")
  }

  @Test func theNearestFileAboveIsFound() throws {
    let project = try TemporaryProject([".tablelint.yml": "excluded: [Legacy]\n", "App/Feature/A.swift": ""])
    let found = Configuration.find(from: project.root + "/App/Feature")
    #expect(found.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
      == URL(fileURLWithPath: project.root + "/.tablelint.yml").standardizedFileURL.path)
    let configuration = try Configuration.resolve(explicitPath: nil, currentDirectory: project.root + "/App/Feature")
    #expect(configuration.excluded.map(\.text) == ["Legacy"])
    #expect(configuration.rootDirectory == project.root)
  }

  @Test func aMissingExplicitFileIsAnError() {
    #expect(throws: ConfigurationError.self) {
      try Configuration.resolve(explicitPath: "/no/such/.tablelint.yml", currentDirectory: "/")
    }
  }
}

@Suite struct PathPatternTests {
  @Test(arguments: [
    ("App", "/r/App/A.swift", true),
    ("App/", "/r/App/Sub/A.swift", true),
    ("App", "/r/Apps/A.swift", false),
    ("**/*.generated.swift", "/r/App/Models.generated.swift", true),
    ("**/*.generated.swift", "/r/Models.generated.swift", true),
    ("App/*.swift", "/r/App/A.swift", true),
    ("App/*.swift", "/r/App/Sub/A.swift", false),
    ("App/**/Cells", "/r/App/Feed/Deep/Cells/PhotoCell.swift", true),
    ("?pp", "/r/App/A.swift", true),
    ("./App/../Legacy", "/r/Legacy/Old.m", true),
    ("/abs/Vendor", "/abs/Vendor/X.swift", true),
  ])
  func matching(pattern: String, path: String, matches: Bool) {
    #expect(PathPattern(pattern, relativeTo: "/r").matches(absolutePath: path) == matches)
  }

  @Test func relativeFilePathsAreTakenFromTheCurrentDirectory() {
    let matcher = PathMatcher(patterns: [PathPattern("App/Legacy", relativeTo: "/repo")], currentDirectory: "/repo/App")
    #expect(matcher.matches("Legacy/Old.swift"))
    #expect(!matcher.matches("New/Old.swift"))
    #expect(matcher.matches("/repo/App/Legacy/Old.swift"))
  }

  @Test func lexicalRelativePaths() {
    #expect(LexicalPath.relative("/a/b/c.swift", to: "/a") == "b/c.swift")
    #expect(LexicalPath.relative("/a/b/c.swift", to: "/a/d") == "../b/c.swift")
    #expect(LexicalPath.absolute("./x/../y.swift", currentDirectory: "/w") == "/w/y.swift")
  }
}

@Suite struct ConfiguredLintTests {
  @Test func includedExcludedAndVendoredPaths() throws {
    let unregistered = WorkspaceTests.controller.replacingOccurrences(
      of: "withIdentifier: \"Cell\"", with: "withIdentifier: \"Row\""
    )
    let project = try TemporaryProject([
      ".tablelint.yml": "excluded: [App/Generated]\nvendored: [Vendor]\nrules:\n  unregistered_reuse_identifier:\n    excluded: [App/Legacy]\n",
      "App/ListViewController.swift": unregistered,
      "App/Generated/Generated.swift": unregistered.replacingOccurrences(of: "ListViewController", with: "Generated"),
      "App/Legacy/Old.swift": unregistered.replacingOccurrences(of: "ListViewController", with: "Old"),
      "Vendor/Vendored.swift": unregistered.replacingOccurrences(of: "ListViewController", with: "Vendored"),
    ])
    let configuration = try Configuration.resolve(explicitPath: nil, currentDirectory: project.root)
    let workspace = Workspace(roots: [project.root], filter: configuration.pathFilter(currentDirectory: project.root))
    let result = try workspace.lint(configuration: configuration.lintConfiguration(currentDirectory: project.root))
    #expect(result.fileCount == 3, "the generated file is not read")
    #expect(result.findings.map { URL(fileURLWithPath: $0.location.file).lastPathComponent } == ["ListViewController.swift"])
  }

  @Test func aDisabledRuleAndASeverityOverride() throws {
    let files = [("Example.swift", WorkspaceTests.controller.replacingOccurrences(of: "withIdentifier: \"Cell\"", with: "withIdentifier: \"Row\""))]
    let warning = ExampleRunner.lint(files, configuration: LintConfiguration(severityOverrides: ["unregistered_reuse_identifier": .warning]))
    #expect(warning.result.findings.map(\.severity) == [.warning])
    let disabled = ExampleRunner.lint(files, configuration: LintConfiguration(disabledRules: ["unregistered_reuse_identifier"]))
    #expect(disabled.result.findings.isEmpty)
  }
}

@Suite struct ExternalDeclarationTests {
  static let storyboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
        <scenes>
            <scene sceneID="s1">
                <objects>
                    <viewController id="vc" customClass="KitViewController" customModule="App" customModuleProvider="target" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="root"/>
                    </viewController>
                </objects>
            </scene>
        </scenes>
    </document>
    """

  @Test func externalCellClassesSilenceUnknownCustomClass() throws {
    let facts = [Frontends.parse(path: "Main.storyboard", bytes: Array(Self.storyboard.utf8))].compactMap { $0 }
    let plain = Linter.lint(files: facts)
    #expect(plain.findings.map(\.ruleID) == ["unknown_custom_class"])
    var configuration = LintConfiguration()
    configuration.externalCellClasses = ["KitViewController"]
    #expect(Linter.lint(files: facts, configuration: configuration).findings.isEmpty)
  }
}
