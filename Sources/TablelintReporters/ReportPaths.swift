import TablelintModel

/// How reporters spell a finding's file: relative to the current directory when the file is below it, otherwise
/// as given. Purely lexical (`.` and `..` are resolved by name, symbolic links are not followed): reporters do no IO.
struct ReportPaths: Sendable {
  /// The current directory's components, when it is absolute.
  private let directoryComponents: [Substring]?

  init(currentDirectory: String) {
    directoryComponents = currentDirectory.hasPrefix("/") ? Self.normalizedComponents(currentDirectory) : nil
  }

  /// The path for people: relative when below the current directory (`./` and `..` resolved), else the given path
  /// normalised (`/work/other/A.swift`, `../Shared/B.m`).
  func displayPath(_ path: String) -> String {
    if let relative = relativePath(path) { return relative }
    let components = Self.normalizedComponents(path).fastJoined(separator: "/")
    return path.hasPrefix("/") ? "/" + components : components
  }

  /// The path relative to the current directory, or nil when the file is not below it. Relative paths are taken
  /// as relative to the current directory.
  func relativePath(_ path: String) -> String? {
    guard let components = componentsBelowCurrentDirectory(path), !components.isEmpty else { return nil }
    return components.fastJoined(separator: "/")
  }

  /// The absolute, normalised path, or nil for a relative path when the current directory is not absolute.
  func absolutePath(_ path: String) -> String? {
    if path.hasPrefix("/") { return "/" + Self.normalizedComponents(path).fastJoined(separator: "/") }
    guard let directoryComponents else { return nil }
    let joined = directoryComponents.fastJoined(separator: "/") + "/" + path
    return "/" + Self.normalizedComponents(joined).fastJoined(separator: "/")
  }

  /// The normalised current directory, when it is absolute.
  var absoluteCurrentDirectory: String? {
    directoryComponents.map { "/" + $0.fastJoined(separator: "/") }
  }

  private func componentsBelowCurrentDirectory(_ path: String) -> [Substring]? {
    let components = Self.normalizedComponents(path)
    if !path.hasPrefix("/"), components.first != ".." { return components }
    guard let directoryComponents, let absolute = absolutePath(path) else { return nil }
    let absoluteComponents = Self.normalizedComponents(absolute)
    guard absoluteComponents.starts(with: directoryComponents) else { return nil }
    return Array(absoluteComponents.dropFirst(directoryComponents.count))
  }

  /// Components without empty and `.` parts, with `..` applied where possible (kept at the start of a relative
  /// path, dropped at the root of an absolute one).
  static func normalizedComponents(_ path: String) -> [Substring] {
    let isAbsolute = path.hasPrefix("/")
    var result: [Substring] = []
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch component {
      case ".":
        continue
      case "..":
        if let last = result.last, last != ".." {
          result.removeLast()
        } else if !isAbsolute {
          result.append(component)
        }
      default:
        result.append(component)
      }
    }
    return result
  }
}
