/// A glob from the configuration file, relative to the directory of that file.
///
/// `*` matches within one path component, `?` one character, `**` any number of components (also none). A pattern
/// matches a file when it matches the file's path or one of the directories above it, so `Legacy` and `Legacy/`
/// cover everything under `Legacy`, and `**/*.generated.swift` any generated file. Purely lexical: `.` and `..` are
/// resolved by name, symbolic links are not followed.
public struct PathPattern: Hashable, Sendable, CustomStringConvertible {
  /// As written in the configuration.
  public let text: String
  /// Absolute, normalised components.
  let components: [String]

  public init(_ text: String, relativeTo baseDirectory: String) {
    self.text = text
    let trimmed = text.hasPrefix("/") ? text : LexicalPath.join(baseDirectory, text)
    components = LexicalPath.components(trimmed)
  }

  public var description: String { text }

  /// Whether the absolute, normalised `path` (or a directory above it) matches.
  public func matches(absolutePath path: String) -> Bool {
    let pathComponents = LexicalPath.components(path)
    return Self.match(components[...], pathComponents[...], allowingPrefix: true)
  }

  /// Whether `pattern` matches all of `path`, or, when `allowingPrefix`, a leading part of it (a directory).
  private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>, allowingPrefix: Bool) -> Bool {
    guard let head = pattern.first else { return path.isEmpty || allowingPrefix }
    if head == "**" {
      let rest = pattern.dropFirst()
      var candidate = path
      while true {
        if match(rest, candidate, allowingPrefix: allowingPrefix) { return true }
        guard !candidate.isEmpty else { return false }
        candidate = candidate.dropFirst()
      }
    }
    guard let first = path.first, matchComponent(Array(head.utf8)[...], Array(first.utf8)[...]) else { return false }
    return match(pattern.dropFirst(), path.dropFirst(), allowingPrefix: allowingPrefix)
  }

  /// `*` and `?` within one component.
  static func matchComponent(_ pattern: ArraySlice<UInt8>, _ name: ArraySlice<UInt8>) -> Bool {
    guard let head = pattern.first else { return name.isEmpty }
    switch head {
    case UInt8(ascii: "*"):
      var candidate = name
      while true {
        if matchComponent(pattern.dropFirst(), candidate) { return true }
        guard !candidate.isEmpty else { return false }
        candidate = candidate.dropFirst()
      }
    case UInt8(ascii: "?"):
      return !name.isEmpty && matchComponent(pattern.dropFirst(), name.dropFirst())
    default:
      return name.first == head && matchComponent(pattern.dropFirst(), name.dropFirst())
    }
  }
}

/// Matches file paths (as discovered: relative to the current directory, or absolute) against patterns.
public struct PathMatcher: Hashable, Sendable {
  public var patterns: [PathPattern]
  /// What relative file paths are relative to.
  public var currentDirectory: String

  public init(patterns: [PathPattern], currentDirectory: String) {
    self.patterns = patterns
    self.currentDirectory = currentDirectory
  }

  public var isEmpty: Bool { patterns.isEmpty }

  /// The first pattern matching `path`, if any.
  public func firstMatch(_ path: String) -> PathPattern? {
    guard !patterns.isEmpty else { return nil }
    let absolute = LexicalPath.absolute(path, currentDirectory: currentDirectory)
    return patterns.first { $0.matches(absolutePath: absolute) }
  }

  public func matches(_ path: String) -> Bool { firstMatch(path) != nil }
}

/// Which discovered files are linted: those under `included` (all when empty) and not under `excluded`.
public struct PathFilter: Hashable, Sendable {
  public var included: PathMatcher
  public var excluded: PathMatcher

  public init(included: PathMatcher, excluded: PathMatcher) {
    self.included = included
    self.excluded = excluded
  }

  public func admits(_ path: String) -> Bool {
    (included.isEmpty || included.matches(path)) && !excluded.matches(path)
  }
}

/// Lexical path arithmetic: no file-system access.
public enum LexicalPath {
  /// Components without empty and `.` parts, `..` applied (dropped at the root of an absolute path).
  public static func components(_ path: String) -> [String] {
    var result: [String] = []
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch component {
      case ".": continue
      case "..":
        if let last = result.last, last != ".." {
          result.removeLast()
        } else if !path.hasPrefix("/") {
          result.append("..")
        }
      default: result.append(String(component))
      }
    }
    return result
  }

  public static func join(_ directory: String, _ path: String) -> String {
    if path.hasPrefix("/") { return path }
    return directory.hasSuffix("/") ? directory + path : directory + "/" + path
  }

  /// The absolute, normalised form of `path`, taking a relative path as relative to `currentDirectory`.
  public static func absolute(_ path: String, currentDirectory: String) -> String {
    rooted(components(join(currentDirectory, path)))
  }

  /// The absolute path of these components (`/` for none). Appended, not `joined(separator:)`: its generic type is
  /// made from its mangled name on first use, a scan of every conformance record of this large binary, on every run.
  static func rooted(_ components: some Sequence<String>) -> String {
    var path = ""
    for component in components {
      path += "/"
      path += component
    }
    return path.isEmpty ? "/" : path
  }

  /// `path` relative to `directory` (both absolute), with `..` where it lies outside.
  public static func relative(_ path: String, to directory: String) -> String {
    let target = components(path)
    let base = components(directory)
    var common = 0
    while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
    let parts = Array(repeating: "..", count: base.count - common) + target[common...]
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }

  /// The directory part of an absolute or relative path (`.` for a bare name).
  public static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
