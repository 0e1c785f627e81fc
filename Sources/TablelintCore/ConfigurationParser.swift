import TablelintModel
import TablelintRules
import Yams

/// Reads `.tablelint.yml` with Yams into a `Configuration`, collecting every problem with its line and column
/// instead of stopping at the first.
enum ConfigurationParser {
  static let topLevelKeys = [
    "included", "excluded", "vendored", "disabled_rules", "opt_in_rules", "rules", "external_cell_classes",
    "external_modules", "suppressions",
  ]
  static let ruleOptionKeys = ["severity", "excluded"]
  static let suppressionKeys = ["path", "element", "rules", "reason"]

  static func parse(_ text: String, path: String, rootDirectory: String) throws -> Configuration {
    var reader = Reader(path: path, rootDirectory: rootDirectory)
    if let (line, column) = explicitKeyIndicator(in: text) {
      // Yams sorts a mapping's keys to find duplicates, comparing nested keys whole: a file of nested `? ` keys took
      // it hours (a fuzzer's find). Configuration keys are plain names, so no such key is needed.
      throw ConfigurationError(
        path: path,
        problems: [
          ConfigurationProblem(
            line: line, column: column, message: "complex mapping keys ('? ') are not supported; keys are plain names"
          )
        ]
      )
    }
    let root: Node?
    do {
      root = try Yams.compose(yaml: text)
    } catch let error as YamlError {
      throw ConfigurationError(path: path, problems: [problem(for: error)])
    } catch {
      throw ConfigurationError(path: path, problems: [ConfigurationProblem(line: nil, column: nil, message: "\(error)")])
    }
    if let root { reader.read(root) }
    guard reader.problems.isEmpty else {
      throw ConfigurationError(
        path: path,
        problems: reader.problems.enumerated().sorted {
          ($0.element.line ?? 0, $0.element.column ?? 0, $0.offset) < ($1.element.line ?? 0, $1.element.column ?? 0, $1.offset)
        }.map(\.element)
      )
    }
    return reader.configuration
  }

  /// Where the text uses YAML's explicit key indicator: a `?` followed by a space, a tab or a line break, first on
  /// its line or after `-`, `?`, `:`, `[`, `{` or `,` (1-based line and column); `nil` when it does not. Comments and
  /// quoted scalars are not looked into.
  static func explicitKeyIndicator(in text: String) -> (line: Int, column: Int)? {
    let bytes = Array(text.utf8)
    let indicators = Array("\n-?:[{,".utf8)
    func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    var line = 1
    var lineStart = 0
    // The last byte that is not a space or a tab.
    var previous = UInt8(ascii: "\n")
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let startsToken = index == lineStart || isBlank(bytes[index - 1]) || indicators.contains(bytes[index - 1])
      switch byte {
      case UInt8(ascii: "\n"):
        line += 1
        lineStart = index + 1
      case UInt8(ascii: "#") where startsToken:
        while index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "\n") { index += 1 }
      case UInt8(ascii: "\"") where startsToken, UInt8(ascii: "'") where startsToken:
        // A quote inside a plain scalar (`a"b`) starts nothing.
        // To the closing quote: `\"` escapes in double quotes, `''` in single ones.
        index += 1
        while index < bytes.count {
          let inside = bytes[index]
          if inside == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
          } else if byte == UInt8(ascii: "\""), inside == UInt8(ascii: "\\") {
            index += 1
          } else if inside == byte {
            guard byte == UInt8(ascii: "'"), index + 1 < bytes.count, bytes[index + 1] == byte else { break }
            index += 1
          }
          index += 1
        }
      case UInt8(ascii: "?"):
        let next = index + 1 < bytes.count ? bytes[index + 1] : UInt8(ascii: "\n")
        if isBlank(next) || next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r"), indicators.contains(previous) {
          return (line, index - lineStart + 1)
        }
      default:
        break
      }
      if index < bytes.count, !isBlank(bytes[index]) { previous = bytes[index] }
      index += 1
    }
    return nil
  }

  /// A YAML syntax error with its place.
  static func problem(for error: YamlError) -> ConfigurationProblem {
    switch error {
    case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      let detail = context.map { " (\($0.text) at line \($0.mark.line))" } ?? ""
      return ConfigurationProblem(line: mark.line, column: mark.column, message: "invalid YAML: \(problem)\(detail)")
    case .duplicatedKeysInMapping(let duplicates, let context):
      return ConfigurationProblem(
        line: context.mark.line, column: context.mark.column,
        message: "duplicate key \(duplicates.sorted().map { "'\($0)'" }.joined(separator: ", "))"
      )
    default:
      return ConfigurationProblem(line: nil, column: nil, message: "invalid YAML: \(error)")
    }
  }

  // MARK: - Reading the tree

  struct Reader {
    let path: String
    let rootDirectory: String
    var configuration: Configuration
    var problems: [ConfigurationProblem] = []
    let ruleIdentifiers = RuleRegistry.all.map { $0.description.identifier }

    init(path: String, rootDirectory: String) {
      self.path = path
      self.rootDirectory = rootDirectory
      configuration = Configuration(path: path, rootDirectory: rootDirectory)
    }

    mutating func report(_ node: Node?, _ message: String) {
      problems.append(ConfigurationProblem(line: node?.mark?.line, column: node?.mark?.column, message: message))
    }

    mutating func read(_ root: Node) {
      if isNull(root) { return }
      guard let mapping = root.mapping else {
        report(root, "the configuration must be a mapping of keys such as 'excluded' and 'disabled_rules'")
        return
      }
      for (keyNode, value) in mapping {
        guard let key = keyNode.string else {
          report(keyNode, "keys must be plain names")
          continue
        }
        switch key {
        case "included": configuration.included = patterns(value, key: key)
        case "excluded": configuration.excluded = patterns(value, key: key)
        case "vendored": configuration.vendored = patterns(value, key: key)
        case "disabled_rules": configuration.disabledRules = Set(ruleList(value, key: key))
        case "opt_in_rules": configuration.optInRules = Set(ruleList(value, key: key))
        case "rules": readRules(value)
        case "external_cell_classes": configuration.externalCellClasses = strings(value, key: key)
        case "external_modules": configuration.externalModules = strings(value, key: key)
        case "suppressions": readSuppressions(value)
        default:
          report(keyNode, "unknown key '\(key)'\(suggestion(key, among: topLevelKeys)); known keys: \(topLevelKeys.joined(separator: ", "))")
        }
      }
      for rule in configuration.disabledRules.intersection(configuration.optInRules).sorted() {
        report(mapping["opt_in_rules"], "rule '\(rule)' is both in 'disabled_rules' and in 'opt_in_rules'")
      }
    }

    // MARK: Keys

    mutating func readRules(_ node: Node) {
      if isNull(node) { return }
      guard let mapping = node.mapping else {
        report(node, "'rules' must map rule identifiers to a severity or to options such as 'severity'")
        return
      }
      for (keyNode, value) in mapping {
        guard let rule = keyNode.string, knownRule(rule, at: keyNode, key: "rules") else { continue }
        var settings = Configuration.RuleSettings()
        if let scalar = value.scalar {
          settings.severity = severity(scalar.string, at: value, key: "rules.\(rule)")
        } else if let options = value.mapping {
          for (optionNode, optionValue) in options {
            let option = optionNode.string ?? ""
            switch option {
            case "severity":
              if let text = optionValue.scalar?.string {
                settings.severity = severity(text, at: optionValue, key: "rules.\(rule).severity")
              } else {
                report(optionValue, "'rules.\(rule).severity' must be 'error' or 'warning'")
              }
            case "excluded":
              settings.excluded = patterns(optionValue, key: "rules.\(rule).excluded")
            default:
              report(
                optionNode,
                "unknown option '\(option)' for rule '\(rule)'\(suggestion(option, among: ruleOptionKeys)); known options: \(ruleOptionKeys.joined(separator: ", "))"
              )
            }
          }
        } else {
          report(value, "'rules.\(rule)' must be a severity ('error' or 'warning') or a mapping of options")
        }
        configuration.rules[rule] = settings
      }
    }

    mutating func readSuppressions(_ node: Node) {
      if isNull(node) { return }
      guard let entries = node.sequence else {
        report(node, "'suppressions' must be a list of entries with 'path' and optionally 'element' and 'rules'")
        return
      }
      for entry in entries {
        guard let mapping = entry.mapping else {
          report(entry, "each entry of 'suppressions' must be a mapping with 'path' and optionally 'element' and 'rules'")
          continue
        }
        var pathPattern: PathPattern?
        var element: String?
        var rules: [String] = []
        for (keyNode, value) in mapping {
          let key = keyNode.string ?? ""
          switch key {
          case "path":
            if let text = value.scalar?.string, !text.isEmpty {
              pathPattern = PathPattern(text, relativeTo: rootDirectory)
            } else {
              report(value, "'suppressions.path' must be a path or a glob")
            }
          case "element":
            if let text = value.scalar?.string, !text.isEmpty {
              element = text
            } else {
              report(value, "'suppressions.element' must be an element id such as 'abc-12-xyz'")
            }
          case "rules":
            rules = ruleList(value, key: "suppressions.rules", allowingAll: true)
          case "reason":
            if value.scalar == nil { report(value, "'suppressions.reason' must be text") }
          default:
            report(
              keyNode,
              "unknown key '\(key)' in a suppression\(suggestion(key, among: suppressionKeys)); known keys: \(suppressionKeys.joined(separator: ", "))"
            )
          }
        }
        guard let pathPattern else {
          if !mapping.keys.contains(where: { $0.string == "path" }) {
            report(entry, "a suppression needs a 'path'")
          }
          continue
        }
        let mark = entry.mark
        configuration.suppressions.append(
          Configuration.ConfiguredSuppression(
            path: pathPattern, element: element, rules: rules.contains(Suppression.allRules) ? [] : rules,
            location: SourceLocation(
              file: path,
              range: SourceRange(
                at: SourcePosition(line: mark?.line ?? 1, column: mark?.column ?? 1, offset: 0)
              )
            )
          )
        )
      }
    }

    // MARK: Values

    func isNull(_ node: Node) -> Bool {
      guard let scalar = node.scalar else { return false }
      return scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// A list of strings; a single string counts as a list of one.
    mutating func strings(_ node: Node, key: String) -> [String] {
      if isNull(node) { return [] }
      if let scalar = node.scalar { return [scalar.string] }
      guard let sequence = node.sequence else {
        report(node, "'\(key)' must be a list of strings")
        return []
      }
      var result: [String] = []
      for item in sequence {
        if let scalar = item.scalar, !scalar.string.isEmpty {
          result.append(scalar.string)
        } else {
          report(item, "'\(key)' must be a list of strings; this item is not a string")
        }
      }
      return result
    }

    mutating func patterns(_ node: Node, key: String) -> [PathPattern] {
      strings(node, key: key).map { PathPattern($0, relativeTo: rootDirectory) }
    }

    /// Rule identifiers, each checked against the registry.
    mutating func ruleList(_ node: Node, key: String, allowingAll: Bool = false) -> [String] {
      if isNull(node) { return [] }
      let items: [Node]
      if node.scalar != nil {
        items = [node]
      } else if let sequence = node.sequence {
        items = Array(sequence)
      } else {
        report(node, "'\(key)' must be a list of rule identifiers")
        return []
      }
      var result: [String] = []
      for item in items {
        guard let name = item.scalar?.string else {
          report(item, "'\(key)' must be a list of rule identifiers; this item is not one")
          continue
        }
        if allowingAll, name == Suppression.allRules {
          result.append(name)
        } else if knownRule(name, at: item, key: key) {
          result.append(name)
        }
      }
      return result
    }

    mutating func knownRule(_ name: String, at node: Node, key: String) -> Bool {
      if ruleIdentifiers.contains(name) { return true }
      let hint = suggestion(name, among: ruleIdentifiers)
      report(node, "unknown rule '\(name)' in '\(key)'" + (hint.isEmpty ? "; `tablelint rules` lists them" : hint))
      return false
    }

    mutating func severity(_ text: String, at node: Node, key: String) -> Severity? {
      if let severity = Severity(rawValue: text) { return severity }
      report(node, "'\(key)' must be 'error' or 'warning', not '\(text)'")
      return nil
    }

    func suggestion(_ word: String, among candidates: [String]) -> String {
      NameDistance.closest(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }
  }
}

/// The closest name by edit distance, for "did you mean" hints.
enum NameDistance {
  static func closest(to word: String, among candidates: [String]) -> String? {
    let scored = candidates.map { ($0, distance(word, $0)) }.filter { $0.1 <= max(2, word.count / 3) }
    return scored.min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
  }

  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased())
    let b = Array(b.lowercased())
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in stride(from: 1, through: b.count, by: 1) {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
