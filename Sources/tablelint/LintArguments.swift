/// The common `tablelint lint` invocations, read without ArgumentParser.
///
/// ArgumentParser reads a command by reflecting over its properties, and each property costs the Swift runtime
/// protocol-conformance look-ups that scan every conformance record of this binary (swift-syntax makes it large): a
/// sixth of an unchanged run of duckduckgo/iOS (7 ms), even for the lint command alone. `fastParse` reads what CI and
/// editors pass (paths, the flags, and the single-value options, as `--name value` or `--name=value`) and gives up on
/// anything else: help, `--version`, `--facts`, `--`, short options, an option given twice, an unknown option, a value
/// that starts with `-`, or a format no reporter has. Then ArgumentParser reads the arguments, with its usual texts
/// and messages. `LintArgumentsTests` checks that both read the same options.
extension LintOptions {
  static func fastParse(_ arguments: [String]) -> LintOptions? {
    var options = LintOptions()
    // An array, not a `Set`: the runtime would make `Set<String>`'s storage type from its mangled name here, before
    // anything else did, a scan of every conformance record of this binary (0.15 ms of every run).
    var seen: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard argument.hasPrefix("-") else {
        options.paths.append(argument)
        continue
      }
      guard argument.hasPrefix("--"), argument.count > 2 else { return nil }
      var name = String(argument.dropFirst(2))
      var value: String?
      if let equals = name.firstIndex(of: "=") {
        value = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      // `--format` and `--reporter` are one option.
      let option = name == "reporter" ? "format" : name
      guard !seen.contains(option) else { return nil }
      seen.append(option)
      if let flag = flag(named: name) {
        guard value == nil else { return nil }
        options[keyPath: flag] = true
        continue
      }
      guard let option = valueOption(named: name) else { return nil }
      if value == nil {
        guard index < arguments.count else { return nil }
        value = arguments[index]
        index += 1
      }
      guard let value, !value.isEmpty, !value.hasPrefix("-") else { return nil }
      switch option {
      case .format:
        guard let format = ReporterName(argument: value) else { return nil }
        options.format = format
      case .path(let keyPath):
        options[keyPath: keyPath] = value
      }
    }
    return options
  }

  private static func flag(named name: String) -> WritableKeyPath<LintOptions, Bool>? {
    switch name {
    case "quiet": return \.quiet
    case "strict": return \.strict
    case "no-color": return \.noColor
    case "no-cache": return \.noCache
    case "fix": return \.fix
    case "unsafe-fixes": return \.unsafeFixes
    case "diff": return \.diff
    case "statistics": return \.statistics
    default: return nil
    }
  }

  private enum ValueOption {
    case format
    case path(WritableKeyPath<LintOptions, String?>)
  }

  private static func valueOption(named name: String) -> ValueOption? {
    switch name {
    case "format", "reporter": return .format
    case "config": return .path(\.config)
    case "baseline": return .path(\.baseline)
    case "write-baseline": return .path(\.writeBaseline)
    case "cache-path": return .path(\.cachePath)
    default: return nil
    }
  }
}
