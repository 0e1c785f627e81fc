/// One suppression of one rule: an inline `// tablelint:` comment resolved to the lines it covers, or an entry of
/// the configuration file's `suppressions` (for storyboards and xibs, whose comments Xcode drops).
///
/// A comment naming several rules gives one `Suppression` per rule, so that each can be reported on its own when
/// it suppresses nothing.
public struct Suppression: Hashable, Codable, Sendable {
  /// The name that stands for every rule: `// tablelint:disable all`.
  public static let allRules = "all"

  public enum Scope: Hashable, Codable, Sendable {
    /// `disable:next`: the next line that holds code.
    case nextLine
    /// `disable:this`: the comment's own line.
    case thisLine
    /// `disable:previous`: the last line before the comment that holds code.
    case previousLine
    /// `disable` … `enable`, or `disable` to the end of the file.
    case region
    /// An entry of the configuration file: findings in the files matching `path` (a glob, as written), only at the
    /// Interface Builder element `element` (or inside it) when one is given.
    case configuration(path: String, element: String?)
  }

  /// A rule identifier, or `all`.
  public var rule: String
  public var scope: Scope
  /// The lines it covers (inline suppressions), 1-based and inclusive; `nil` for the whole file.
  public var lines: ClosedRange<Int>?
  /// Where the rule is named: the word in the comment, or the configuration entry.
  public var location: SourceLocation

  public init(rule: String, scope: Scope, lines: ClosedRange<Int>?, location: SourceLocation) {
    self.rule = rule
    self.scope = scope
    self.lines = lines
    self.location = location
  }

  /// Whether it applies to findings of `ruleID`.
  public func applies(toRule ruleID: String) -> Bool {
    rule == Self.allRules || rule == ruleID
  }

  /// Whether a finding on `line` of the suppression's file is covered.
  public func covers(line: Int) -> Bool {
    lines.map { $0.contains(line) } ?? true
  }

  /// How people write it, for messages: `disable:next`, `disable`, `configuration`.
  public var commandName: String {
    switch scope {
    case .nextLine: return "disable:next"
    case .thisLine: return "disable:this"
    case .previousLine: return "disable:previous"
    case .region: return "disable"
    case .configuration: return "suppressions"
    }
  }
}

/// A `tablelint:` comment that could not be read, or an `enable` that ends nothing. It suppresses nothing, so
/// `superfluous_suppression` reports it.
public struct SuppressionProblem: Hashable, Codable, Sendable {
  public var location: SourceLocation
  public var message: String

  public init(location: SourceLocation, message: String) {
    self.location = location
    self.message = message
  }
}

/// The inline suppressions of one Swift file (`SuppressionScanner` reads them from comment trivia).
public struct SuppressionFacts: Hashable, Codable, Sendable {
  public var suppressions: [Suppression]
  public var problems: [SuppressionProblem]

  public init(suppressions: [Suppression] = [], problems: [SuppressionProblem] = []) {
    self.suppressions = suppressions
    self.problems = problems
  }

  public var isEmpty: Bool { suppressions.isEmpty && problems.isEmpty }
}

// MARK: - Reading commands

/// One `tablelint:` command as written in a comment, before regions are resolved.
public struct SuppressionCommand: Hashable, Sendable {
  public enum Action: String, Hashable, Sendable { case disable, enable }
  public enum Modifier: String, Hashable, Sendable { case next, this, previous }

  public var action: Action
  public var modifier: Modifier?
  /// The rule names in order, each with its UTF-8 offset from the start of the comment text.
  public var rules: [(name: String, offset: Int)]

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.action == rhs.action && lhs.modifier == rhs.modifier
      && lhs.rules.map(\.name) == rhs.rules.map(\.name) && lhs.rules.map(\.offset) == rhs.rules.map(\.offset)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(action)
    hasher.combine(modifier)
    for rule in rules {
      hasher.combine(rule.name)
      hasher.combine(rule.offset)
    }
  }

  /// The outcome of reading a comment: not a command at all, a command, or a malformed command.
  public enum Reading: Hashable, Sendable {
    case notACommand
    case command(SuppressionCommand)
    /// What is wrong, and the UTF-8 offset in the comment where it is.
    case malformed(message: String, offset: Int)
  }

  /// The command prefix, right after the comment's opening (`//` or `/*`) and optional spaces.
  public static let prefix = "tablelint:"

  /// Reads the text of one comment, `//` or `/* */` included: `// tablelint:disable:next rule_a, rule_b - why`.
  /// Anything after ` - ` is a free-text reason. Doc comments (`///`, `/**`) are never commands.
  public static func read(comment: String) -> Reading {
    let bytes = Array(comment.utf8)
    var index: Int
    var end = bytes.count
    if bytes.starts(with: Array("//".utf8)) {
      if bytes.count > 2, bytes[2] == UInt8(ascii: "/") { return .notACommand }
      index = 2
    } else if bytes.starts(with: Array("/*".utf8)) {
      if bytes.count > 2, bytes[2] == UInt8(ascii: "*") { return .notACommand }
      index = 2
      if bytes.count >= 4, bytes[(bytes.count - 2)...].elementsEqual("*/".utf8) { end = bytes.count - 2 }
    } else {
      return .notACommand
    }
    while index < end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
    let prefix = Array(Self.prefix.utf8)
    guard end - index >= prefix.count, bytes[index..<(index + prefix.count)].elementsEqual(prefix) else {
      return .notACommand
    }
    index += prefix.count

    // The command word: up to the first blank.
    let commandStart = index
    while index < end, !isBlank(bytes[index]) { index += 1 }
    let commandWord = String(decoding: bytes[commandStart..<index], as: UTF8.self)
    let parts = commandWord.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard let action = Action(rawValue: parts[0]) else {
      return .malformed(
        message: "unknown command '\(commandWord)'; expected 'disable' or 'enable', optionally with ':next', ':this' or ':previous'",
        offset: commandStart
      )
    }
    var modifier: Modifier?
    if parts.count == 2, let known = Modifier(rawValue: parts[1]) {
      modifier = known
    } else if parts.count > 1 {
      return .malformed(
        message: "unknown command '\(commandWord)'; expected ':next', ':this' or ':previous' after '\(parts[0])'",
        offset: commandStart
      )
    }
    if action == .enable, modifier != nil {
      return .malformed(message: "'\(commandWord)' has no meaning; only 'disable' takes ':\(modifier!.rawValue)'", offset: commandStart)
    }

    // Rule names, separated by blanks or commas, up to ` - reason` or the end.
    var rules: [(String, Int)] = []
    while index < end {
      while index < end, isBlank(bytes[index]) || bytes[index] == UInt8(ascii: ",") { index += 1 }
      guard index < end else { break }
      if bytes[index] == UInt8(ascii: "-"), index + 1 >= end || isBlank(bytes[index + 1]) || bytes[index + 1] == UInt8(ascii: "-") {
        break  // the reason
      }
      let wordStart = index
      while index < end, !isBlank(bytes[index]), bytes[index] != UInt8(ascii: ",") { index += 1 }
      let word = String(decoding: bytes[wordStart..<index], as: UTF8.self)
      guard word.utf8.allSatisfy(isRuleNameByte) else {
        return .malformed(
          message: "'\(word)' is not a rule identifier; write snake_case rule identifiers or 'all', and a reason after ' - '",
          offset: wordStart
        )
      }
      rules.append((word, wordStart))
    }
    guard !rules.isEmpty else {
      return .malformed(message: "'tablelint:\(commandWord)' names no rule; write a rule identifier or 'all'", offset: commandStart)
    }
    return .command(SuppressionCommand(action: action, modifier: modifier, rules: rules))
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }

  private static func isRuleNameByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || byte == UInt8(ascii: "_")
  }
}

// MARK: - Resolving regions

extension SuppressionFacts {
  /// A command in a file, with the lines it refers to.
  public struct PlacedCommand: Sendable {
    public var command: SuppressionCommand
    /// Where each rule name stands, in the order of `command.rules`.
    public var ruleLocations: [SourceLocation]
    /// Where the whole comment stands.
    public var location: SourceLocation
    /// The comment's line.
    public var line: Int
    /// For `:next`, the next line holding code; for `:previous`, the last one before. `nil` when there is none.
    public var targetLine: Int?

    public init(
      command: SuppressionCommand, ruleLocations: [SourceLocation], location: SourceLocation, line: Int,
      targetLine: Int?
    ) {
      self.command = command
      self.ruleLocations = ruleLocations
      self.location = location
      self.line = line
      self.targetLine = targetLine
    }
  }

  /// Resolves commands (in file order) into suppressions. A `disable` region runs from its comment's line to the
  /// line of the `enable` that names the same rule (or `all`), or to `lastLine`. An `enable` that ends no region is
  /// a problem.
  public init(commands: [PlacedCommand], problems: [SuppressionProblem], lastLine: Int) {
    var suppressions: [Suppression] = []
    var problems = problems
    // Open regions in order: rule, start line, location of the rule word.
    var open: [(rule: String, line: Int, location: SourceLocation)] = []

    for placed in commands {
      let command = placed.command
      for (position, rule) in command.rules.enumerated() {
        let location = placed.ruleLocations[position]
        switch (command.action, command.modifier) {
        case (.disable, .next?), (.disable, .previous?):
          let scope: Suppression.Scope = command.modifier == .next ? .nextLine : .previousLine
          // With no code to refer to, it covers nothing and is reported as superfluous.
          let lines = placed.targetLine.map { $0...$0 } ?? (0...0)
          suppressions.append(Suppression(rule: rule.name, scope: scope, lines: lines, location: location))
        case (.disable, .this?):
          suppressions.append(
            Suppression(rule: rule.name, scope: .thisLine, lines: placed.line...placed.line, location: location)
          )
        case (.disable, nil):
          open.append((rule.name, placed.line, location))
        case (.enable, _):
          let closing = open.indices.filter { rule.name == Suppression.allRules || open[$0].rule == rule.name }
          if closing.isEmpty {
            problems.append(
              SuppressionProblem(
                location: location,
                message: "'tablelint:enable \(rule.name)' ends no 'tablelint:disable \(rule.name)' region"
              )
            )
          }
          for index in closing {
            let region = open[index]
            suppressions.append(
              Suppression(
                rule: region.rule, scope: .region, lines: region.line...max(region.line, placed.line),
                location: region.location
              )
            )
          }
          for index in closing.reversed() { open.remove(at: index) }
        }
      }
    }
    for region in open {
      suppressions.append(
        Suppression(
          rule: region.rule, scope: .region, lines: region.line...max(region.line, lastLine), location: region.location
        )
      )
    }
    suppressions.sort { $0.location < $1.location || ($0.location == $1.location && $0.rule < $1.rule) }
    self.init(suppressions: suppressions, problems: problems)
  }
}
