import Foundation
import TablelintRules

/// `codeDescription.href` for a rule: a `file://` URI of `Documentation/Rules/<id>.md` in the package the binary
/// was built from, when that folder exists; otherwise no link.
public struct RuleDocumentationLinks: Sendable {
  /// The `Documentation/Rules` folder, if found.
  public let directory: String?

  private let links: [String: String]

  public init(directory: String?) {
    self.directory = directory
    var links: [String: String] = [:]
    if let directory {
      for rule in RuleRegistry.all {
        let identifier = rule.description.identifier
        let path = directory + "/" + identifier + ".md"
        if FileManager.default.fileExists(atPath: path) {
          links[identifier] = URL(fileURLWithPath: path).absoluteString
        }
      }
    }
    self.links = links
  }

  /// Looks upwards from the executable (`.build/debug/tablelint` → the package root) for `Documentation/Rules`.
  public static func nextToExecutable() -> RuleDocumentationLinks {
    let executable = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
    var directory = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<8 {
      let candidate = directory.appendingPathComponent("Documentation/Rules")
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue {
        return RuleDocumentationLinks(directory: candidate.path)
      }
      let parent = directory.deletingLastPathComponent()
      if parent.path == directory.path { break }
      directory = parent
    }
    return RuleDocumentationLinks(directory: nil)
  }

  public func href(forRule identifier: String) -> String? { links[identifier] }
}
