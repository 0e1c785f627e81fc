// swift-tools-version: 6.0
import Foundation
import PackageDescription

let package = Package(
  name: "tablelint",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "tablelint", targets: ["tablelint"]),
    .plugin(name: "TablelintPlugin", targets: ["TablelintPlugin"]),
  ],
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax.git", exact: "603.0.1"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
    .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
  ],
  targets: [
    // libxml2 through pkg-config (Debian: libxml2-dev).
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
    ),
    // Plain values: no SwiftSyntax, no libxml2, no IO.
    .target(name: "TablelintModel"),
    .target(
      name: "SwiftFrontend",
      dependencies: [
        "TablelintModel",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]
    ),
    .target(name: "InterfaceBuilderFrontend", dependencies: ["TablelintModel", "CLibXML2"]),
    .target(name: "ObjectiveCFrontend", dependencies: ["TablelintModel"]),
    .target(name: "TablelintIndex", dependencies: ["TablelintModel"]),
    .target(name: "TablelintRules", dependencies: ["TablelintModel", "TablelintIndex"]),
    .target(
      name: "TablelintCore",
      dependencies: [
        "TablelintModel", "TablelintIndex", "TablelintRules",
        "SwiftFrontend", "InterfaceBuilderFrontend", "ObjectiveCFrontend",
        .product(name: "Yams", package: "Yams"),
      ]
    ),
    // JSON-RPC 2.0 over Content-Length framed streams; knows nothing of LSP.
    .target(name: "JSONRPC"),
    // The language server: LSP types, dispatch, features over the linter core.
    .target(
      name: "TablelintLanguageServer",
      dependencies: [
        "JSONRPC", "TablelintCore", "TablelintIndex", "TablelintRules", "TablelintModel", "SwiftFrontend",
        "InterfaceBuilderFrontend", "TablelintPreview",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]
    ),
    .target(name: "TablelintReporters", dependencies: ["TablelintModel", "TablelintRules"]),
    // `tablelint preview`: the declared tables drawn as HTML pages.
    .target(name: "TablelintPreview", dependencies: ["TablelintModel", "TablelintIndex"]),
    // Rule documentation from the rules' doc comments (swift-format style generator).
    .target(
      name: "RuleDocGenerator",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]
    ),
    .executableTarget(name: "generate-rule-docs", dependencies: ["RuleDocGenerator", "TablelintRules"]),
    // Release benchmark on a generated workspace: lint time against a parse-only baseline.
    .executableTarget(
      name: "tablelint-bench",
      dependencies: [
        "TablelintCore", "TablelintIndex", "TablelintRules", "SwiftFrontend", "InterfaceBuilderFrontend",
        "ObjectiveCFrontend",
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
      ]
    ),
    // Test helpers: position markers and the rule-example runner.
    .target(
      name: "_TablelintTestSupport",
      dependencies: ["TablelintModel", "TablelintCore", "TablelintRules"],
      path: "Tests/_TablelintTestSupport"
    ),
    .testTarget(name: "SwiftFrontendTests", dependencies: ["SwiftFrontend", "_TablelintTestSupport"]),
    .testTarget(
      name: "InterfaceBuilderFrontendTests", dependencies: ["InterfaceBuilderFrontend", "_TablelintTestSupport"]
    ),
    .testTarget(name: "ObjectiveCFrontendTests", dependencies: ["ObjectiveCFrontend", "_TablelintTestSupport"]),
    .testTarget(
      name: "TablelintRulesTests",
      dependencies: ["TablelintRules", "TablelintCore", "RuleDocGenerator", "_TablelintTestSupport"]
    ),
    .testTarget(
      name: "TablelintCoreTests",
      dependencies: ["TablelintCore", "_TablelintTestSupport"]
    ),
    .testTarget(name: "TablelintPreviewTests", dependencies: ["TablelintPreview", "TablelintCore"]),
    .testTarget(
      name: "TablelintReportersTests",
      dependencies: ["TablelintReporters", "_TablelintTestSupport"]
    ),
    .testTarget(name: "EndToEndTests", dependencies: ["_TablelintTestSupport"]),
    .testTarget(name: "tablelintTests", dependencies: ["tablelint"]),
    .testTarget(
      name: "LanguageServerTests",
      dependencies: ["TablelintLanguageServer", "TablelintCore", "TablelintModel", "JSONRPC", "_TablelintTestSupport"]
    ),
    .executableTarget(
      name: "tablelint",
      dependencies: [
        "TablelintCore", "TablelintIndex", "TablelintReporters", "TablelintRules", "TablelintLanguageServer",
        "TablelintPreview", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // Runs `tablelint lint` over a target's directory while it builds (editors/xcode/README.md).
    .plugin(name: "TablelintPlugin", capability: .buildTool(), dependencies: ["tablelint"]),
  ]
)

// libFuzzer harnesses, only when `scripts/fuzz.sh` asks for them (TABLELINT_FUZZ=1, built in `.build-fuzz` with
// `-sanitize=fuzzer,address`): a plain `swift build` neither sees nor builds them.
if ProcessInfo.processInfo.environment["TABLELINT_FUZZ"] == "1" {
  let harnesses: [(name: String, dependencies: [Target.Dependency])] = [
    ("tablelint-fuzz-swift", ["SwiftFrontend"]),
    ("tablelint-fuzz-swift-incremental", ["SwiftFrontend", "TablelintModel"]),
    ("tablelint-fuzz-ib", ["InterfaceBuilderFrontend"]),
    ("tablelint-fuzz-objc", ["ObjectiveCFrontend"]),
    ("tablelint-fuzz-jsonrpc", ["JSONRPC"]),
    ("tablelint-fuzz-config", ["TablelintCore"]),
    ("tablelint-fuzz-pipeline", ["TablelintCore", "TablelintModel"]),
    ("tablelint-fuzz-facts", ["TablelintCore", "TablelintModel"]),
  ]
  // libFuzzer's coverage for tablelint's own modules only: `scripts/fuzz.sh` builds every module with
  // AddressSanitizer and links libFuzzer. With swift-syntax's parser instrumented too, the Swift targets spent half of
  // every execution in its comparison hooks, steering the fuzzer through the parser rather than through tablelint.
  let coverage = SwiftSetting.unsafeFlags(["-sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table"])
  for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) + [coverage]
  }
  for harness in harnesses {
    package.targets.append(
      .executableTarget(
        name: harness.name, dependencies: harness.dependencies, path: "Fuzz/\(harness.name)",
        swiftSettings: [.unsafeFlags(["-parse-as-library"]), coverage]
      )
    )
  }
}
