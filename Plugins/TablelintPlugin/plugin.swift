import Foundation
import PackagePlugin

/// Runs `tablelint lint` over a target's directory (its Swift sources, storyboards, xibs and Objective-C files)
/// while the target builds, so findings appear as build warnings and errors (`path:line:col: error: …`; an
/// error-severity finding fails the build).
///
/// Why a build command and not a prebuild command: SwiftPM runs prebuild commands only with binary tools
/// (`.binaryTarget` artifact bundles), and `tablelint` is built from source. A build command runs when one of its
/// outputs is needed and out of date; its declared output is a generated, empty Swift file that is written only
/// after a successful lint. So the lint runs on the first build and whenever one of the target's
/// `.swift`/`.storyboard`/`.xib`/`.h`/`.m`/`.mm` files changes, and again on every build while errors remain.
@main
struct TablelintPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    // `Target.directoryURL` needs tools version 6.1; the concrete targets have it in 6.0.
    let directory: URL
    let files: FileList
    switch target {
    case let target as SwiftSourceModuleTarget: (directory, files) = (target.directoryURL, target.sourceFiles)
    case let target as ClangSourceModuleTarget: (directory, files) = (target.directoryURL, target.sourceFiles)
    default: return []
    }
    return try Self.commands(
      tool: context.tool(named: "tablelint").url,
      workDirectory: context.pluginWorkDirectoryURL,
      lintedDirectory: directory,
      inputFiles: files.map(\.url),
      configurationSearchStop: context.package.directoryURL,
      name: target.name
    )
  }

  static let lintedExtensions: Set<String> = ["swift", "storyboard", "xib", "h", "m", "mm"]

  static func commands(
    tool: URL, workDirectory: URL, lintedDirectory: URL, inputFiles: [URL], configurationSearchStop: URL?,
    name: String
  ) throws -> [Command] {
    let stamp = workDirectory.appendingPathComponent("TablelintLinted_\(sanitized(name)).swift")
    let cache = workDirectory.appendingPathComponent("cache")
    var lint = ["lint", "--quiet", "--no-color", "--cache-path", cache.path]
    if let configuration = findConfiguration(from: lintedDirectory, stoppingAt: configurationSearchStop) {
      lint += ["--config", configuration.path]
    }
    lint.append(lintedDirectory.path)
    // /bin/sh: run the lint from a directory outside the sources so every path it prints is absolute (Xcode
    // and SwiftPM resolve them), then write the stamp only when the lint passed.
    return [
      .buildCommand(
        displayName: "tablelint lint \(name)",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: [
          "-c", #"dir="$1"; stamp="$2"; shift 2; cd "$dir" && "$@" && printf '// Linted by tablelint.\n' > "$stamp""#,
          "tablelint-plugin", workDirectory.path, stamp.path, tool.path,
        ] + lint,
        environment: [:],
        inputFiles: [tool] + inputFiles.filter { lintedExtensions.contains($0.pathExtension) },
        outputFiles: [stamp]
      )
    ]
  }

  /// The nearest `.tablelint.yml` from the linted directory up to the package (or project) directory.
  static func findConfiguration(from directory: URL, stoppingAt stop: URL?) -> URL? {
    var current = directory.standardizedFileURL
    let stopPath = stop?.standardizedFileURL.path
    while true {
      let candidate = current.appendingPathComponent(".tablelint.yml")
      if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
      if current.path == stopPath || current.path == "/" { return nil }
      let parent = current.deletingLastPathComponent()
      if parent.path == current.path { return nil }
      current = parent
    }
  }

  static func sanitized(_ name: String) -> String {
    String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
  }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension TablelintPlugin: XcodeBuildToolPlugin {
  /// For targets of Xcode projects: lints the directory holding the target's files (the common ancestor of its
  /// input files), and the project's `.tablelint.yml`.
  func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
    let files = target.inputFiles.map(\.url)
    let directory = Self.commonDirectory(of: files.filter { Self.lintedExtensions.contains($0.pathExtension) })
      ?? context.xcodeProject.directoryURL
    return try Self.commands(
      tool: context.tool(named: "tablelint").url,
      workDirectory: context.pluginWorkDirectoryURL,
      lintedDirectory: directory,
      inputFiles: files,
      configurationSearchStop: context.xcodeProject.directoryURL,
      name: target.displayName
    )
  }

  static func commonDirectory(of files: [URL]) -> URL? {
    guard var common = files.first?.deletingLastPathComponent().standardizedFileURL.pathComponents else {
      return nil
    }
    for file in files.dropFirst() {
      let components = file.deletingLastPathComponent().standardizedFileURL.pathComponents
      common = Array(zip(common, components).prefix { $0 == $1 }.map(\.0))
    }
    return common.isEmpty ? nil : URL(fileURLWithPath: NSString.path(withComponents: common))
  }
}
#endif
