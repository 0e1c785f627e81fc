import Foundation
import TablelintModel

/// Today's findings, recorded so that a run reports only new ones (`--write-baseline FILE`, `--baseline FILE`).
///
/// Each finding is recorded by rule, file and a location-independent fingerprint: a hash of the rule, the file's
/// path relative to the baseline's directory, the message and the text of the finding's line, with whitespace
/// collapsed and line numbers in the message replaced by `#`. Lines added or removed above a finding, or a change
/// of indentation, leave its fingerprint alone; editing the finding's own line or message makes it new. Equal
/// fingerprints (the same finding twice in a file) are matched by count.
///
/// The file is JSON with sorted keys, one entry per finding, sorted, so it diffs well in review:
/// `{"findings": [{"file", "fingerprint", "message", "rule"}], "tool": "tablelint 0.1.0", "version": 1}`.
public struct Baseline: Codable, Sendable, Equatable {
  public static let formatVersion = 1

  public var version: Int
  public var tool: String
  public var findings: [Entry]

  public struct Entry: Codable, Sendable, Hashable, Comparable {
    public var rule: String
    /// Relative to the baseline file's directory.
    public var file: String
    public var fingerprint: String
    /// For people reading the file; not compared.
    public var message: String

    public static func < (lhs: Entry, rhs: Entry) -> Bool {
      (lhs.file, lhs.rule, lhs.fingerprint, lhs.message) < (rhs.file, rhs.rule, rhs.fingerprint, rhs.message)
    }
  }

  public struct LoadError: Error, CustomStringConvertible, Equatable {
    public let path: String
    public let reason: String
    public var description: String { "cannot use the baseline '\(path)': \(reason)" }
  }

  /// A baseline of `findings`, for a file in `directory` (absolute).
  public init(findings: [Finding], directory: String, currentDirectory: String, sources: SourceLines = SourceLines()) {
    version = Self.formatVersion
    tool = "tablelint \(TablelintVersion.current)"
    self.findings = findings.map { finding in
      let file = Self.relativePath(finding.location.file, directory: directory, currentDirectory: currentDirectory)
      return Entry(
        rule: finding.ruleID, file: file,
        fingerprint: Self.fingerprint(finding, relativePath: file, sources: sources),
        message: finding.message
      )
    }.sorted()
  }

  // MARK: - Matching

  /// The findings the baseline does not hold, in the given order, and how many it held.
  public func newFindings(
    _ findings: [Finding], directory: String, currentDirectory: String, sources: SourceLines = SourceLines()
  ) -> (new: [Finding], known: Int) {
    var remaining: [String: Int] = [:]
    for entry in self.findings { remaining[entry.fingerprint, default: 0] += 1 }
    var new: [Finding] = []
    var known = 0
    for finding in findings {
      let file = Self.relativePath(finding.location.file, directory: directory, currentDirectory: currentDirectory)
      let fingerprint = Self.fingerprint(finding, relativePath: file, sources: sources)
      if let count = remaining[fingerprint], count > 0 {
        remaining[fingerprint] = count - 1
        known += 1
      } else {
        new.append(finding)
      }
    }
    return (new, known)
  }

  // MARK: - Fingerprints

  /// `rule`, path, normalised message and normalised line text, hashed (FNV-1a, 16 hex digits).
  public static func fingerprint(_ finding: Finding, relativePath: String, sources: SourceLines) -> String {
    let context = sources.line(finding.location.line, of: finding.location.file).map(collapsingWhitespace) ?? ""
    let key = [finding.ruleID, relativePath, normalizedMessage(finding.message), context].joined(separator: "\u{0}")
    let hash = StableHash.fnv1a(key.utf8)
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// Whitespace collapsed; `line 12` → `line #`, so messages that mention lines survive edits above them.
  static func normalizedMessage(_ message: String) -> String {
    let words = collapsingWhitespace(message).split(separator: " ", omittingEmptySubsequences: true)
    var result: [String] = []
    for word in words {
      if let previous = result.last, previous == "line" || previous == "lines", word.first?.isNumber == true {
        result.append("#" + word.drop { $0.isNumber || $0 == "–" || $0 == "-" })
      } else {
        result.append(String(word))
      }
    }
    return result.joined(separator: " ")
  }

  static func collapsingWhitespace(_ text: String) -> String {
    text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  static func relativePath(_ path: String, directory: String, currentDirectory: String) -> String {
    LexicalPath.relative(LexicalPath.absolute(path, currentDirectory: currentDirectory), to: directory)
  }

  // MARK: - Files

  public static func load(path: String) throws -> Baseline {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw LoadError(path: path, reason: "the file does not exist or cannot be read")
    }
    let baseline: Baseline
    do {
      baseline = try JSONDecoder().decode(Baseline.self, from: data)
    } catch {
      throw LoadError(path: path, reason: "it is not a tablelint baseline (write one with --write-baseline)")
    }
    guard baseline.version <= formatVersion else {
      throw LoadError(path: path, reason: "it has format \(baseline.version), newer than this tablelint reads (\(formatVersion))")
    }
    return baseline
  }

  /// Writes the baseline atomically.
  public func write(to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    var data = try encoder.encode(self)
    data.append(UInt8(ascii: "\n"))
    try AtomicFile.write(data, to: path)
  }
}

/// Lines of source files, read once each, for fingerprints. Unreadable files have no lines.
public final class SourceLines: @unchecked Sendable {
  private var files: [String: [Substring]?] = [:]
  private let lock = NSLock()

  public init() {}

  /// The text of a 1-based line, without its line break.
  public func line(_ number: Int, of path: String) -> String? {
    lock.withLock {
      if files[path] == nil {
        files[path] = FileManager.default.contents(atPath: path).map { data in
          String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        }
      }
      guard let lines = files[path] ?? nil, number >= 1, number <= lines.count else { return nil }
      return String(lines[number - 1])
    }
  }
}
