import Foundation
import TablelintModel

/// Finds the files tablelint reads under the paths it is given.
public struct FileDiscovery: Sendable {
  /// Directory names never entered: build products, dependencies, version control.
  public static let defaultExcludedDirectories: Set<String> = [
    ".build", ".git", ".svn", ".hg", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm",
  ]
  /// Directory extensions that hold no sources tablelint reads.
  static let skippedBundleExtensions: Set<String> = ["xcassets", "xcodeproj", "xcworkspace", "framework", "app"]

  public var excludedDirectories: Set<String>

  public init(excludedDirectories: Set<String> = FileDiscovery.defaultExcludedDirectories) {
    self.excludedDirectories = excludedDirectories
  }

  public enum Error: Swift.Error, CustomStringConvertible, Equatable {
    case notFound(String)

    public var description: String {
      switch self {
      case .notFound(let path): return "no such file or directory: '\(path)'"
      }
    }
  }

  /// Paths of Swift, storyboard, xib and Objective-C files under `roots`, sorted, without duplicates.
  /// A root that is a file is included when its kind is known.
  public func discover(roots: [String]) throws -> [String] {
    var result = Set<String>()
    let manager = FileManager.default
    for root in roots {
      let normalizedRoot = Self.normalize(root)
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: normalizedRoot, isDirectory: &isDirectory) else {
        throw Error.notFound(root)
      }
      if !isDirectory.boolValue {
        if SourceFileKind(path: normalizedRoot) != nil { result.insert(normalizedRoot) }
        continue
      }
      walk(directory: normalizedRoot, into: &result, manager: manager)
    }
    return result.sorted()
  }

  private func walk(directory: String, into result: inout Set<String>, manager: FileManager) {
    guard let entries = try? manager.contentsOfDirectory(atPath: directory) else { return }
    for entry in entries.sorted() {
      let path = directory == "." ? entry : (directory.hasSuffix("/") ? directory + entry : directory + "/" + entry)
      // Do not follow symbolic links to directories: they make cycles and duplicates.
      guard let attributes = try? manager.attributesOfItem(atPath: path),
        let type = attributes[.type] as? FileAttributeType
      else { continue }
      switch type {
      case .typeDirectory:
        if excludedDirectories.contains(entry) { continue }
        // A compiled nib bundle is a folder; its name is what matters.
        if SourceFileKind(path: entry) == .compiledNib {
          result.insert(path)
          continue
        }
        if let dot = entry.lastIndex(of: "."),
          Self.skippedBundleExtensions.contains(String(entry[entry.index(after: dot)...]))
        {
          // An Xcode project's file names the Swift packages the app links.
          if entry.hasSuffix(".xcodeproj"), manager.fileExists(atPath: path + "/project.pbxproj") {
            result.insert(path + "/project.pbxproj")
          }
          continue
        }
        walk(directory: path, into: &result, manager: manager)
      case .typeRegular:
        if SourceFileKind(path: entry) != nil { result.insert(path) }
      case .typeSymbolicLink:
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
          SourceFileKind(path: entry) != nil
        {
          result.insert(path)
        }
      default:
        continue
      }
    }
  }

  /// `./Fixtures//App/` → `Fixtures/App`.
  public static func normalize(_ path: String) -> String {
    let joined = path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    if path.hasPrefix("/") { return "/" + joined }
    return joined.isEmpty ? "." : joined
  }
}
