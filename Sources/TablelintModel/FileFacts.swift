/// The kinds of file tablelint reads, by extension.
public enum SourceFileKind: String, Hashable, Codable, Sendable, CaseIterable {
  case swift, storyboard, xib, objectiveC
  /// A compiled nib shipped as is (`X.nib`, a file or a bundle folder): it proves that nib `X` exists.
  case compiledNib
  /// A `Podfile`, `Cartfile` or `Package.resolved`, git's `.gitmodules` (submodules, which a checkout may leave
  /// empty), or an Xcode project (`project.pbxproj`, which names the Swift packages, vendored frameworks and nested
  /// projects the app links): the app may link dependencies whose classes the workspace does not hold.
  case dependencyManifest

  /// File names that declare external dependencies.
  public static let dependencyManifestNames: Set<String> = [
    "Podfile", "Cartfile", "Package.resolved", ".gitmodules", "project.pbxproj",
  ]

  public init?(path: String) {
    // Asked for every file of every walk, and again for every input: decided on the bytes when they decide.
    if let decided = Self.kindFromBytes(path) {
      guard let kind = decided else { return nil }
      self = kind
      return
    }
    let lower = path.lowercased()
    if lower.hasSuffix(".swift") { self = .swift }
    else if lower.hasSuffix(".storyboard") { self = .storyboard }
    else if lower.hasSuffix(".xib") { self = .xib }
    else if lower.hasSuffix(".h") || lower.hasSuffix(".m") || lower.hasSuffix(".mm") { self = .objectiveC }
    else if lower.hasSuffix(".nib") { self = .compiledNib }
    else if Self.dependencyManifestNames.contains(String(path.split(separator: "/").last ?? "")) {
      self = .dependencyManifest
    }
    else { return nil }
  }

  /// The extensions by kind, in the order `init?(path:)` tries them.
  private static let extensions: [(suffix: StaticString, kind: SourceFileKind)] = [
    (".swift", .swift), (".storyboard", .storyboard), (".xib", .xib), (".h", .objectiveC), (".m", .objectiveC),
    (".mm", .objectiveC), (".nib", .compiledNib),
  ]

  /// The kind from the path's last bytes, compared as ASCII without case, or `nil` when the bytes cannot say what
  /// the lower-cased `String` would (a non-ASCII character just before the extension may join its dot into one
  /// `Character`; a name that may be a manifest's is left to the component check).
  private static func kindFromBytes(_ path: String) -> SourceFileKind?? {
    path.utf8.withContiguousStorageIfAvailable { bytes -> SourceFileKind?? in
      let count = bytes.count
      for (suffix, kind) in extensions where count >= suffix.utf8CodeUnitCount {
        let length = suffix.utf8CodeUnitCount
        let matches = (0..<length).allSatisfy { index in
          let byte = bytes[count - length + index]
          return (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte) == suffix.utf8Start[index]
        }
        guard matches else { continue }
        return count > length && bytes[count - length - 1] >= 0x80 ? nil : .some(kind)
      }
      // The manifests' names end in `e`, `d`, `s` or `j`; a path ending in `/` names its last component before it.
      switch bytes.last {
      case UInt8(ascii: "e"), UInt8(ascii: "d"), UInt8(ascii: "s"), UInt8(ascii: "j"), UInt8(ascii: "/"), nil:
        return nil
      default: return .some(nil)
      }
    } ?? nil
  }
}

/// The files an Xcode project (`project.pbxproj`) references: their paths resolved through its groups, spelled as
/// the workspace spells paths (relative when the project's path is), and the folders Xcode keeps in step with the disk
/// (`PBXFileSystemSynchronizedRootGroup`, Xcode 16), whose files it does not list.
public struct XcodeProjectFiles: Hashable, Codable, Sendable {
  public var paths: [String]
  /// The synchronized folders, resolved as `paths` are: everything under them is built. `nil` when the project holds
  /// one its group tree does not reach: which files it builds is then unknown.
  public var synchronizedFolders: [String]?
  /// The project was last checked for Swift by Xcode 7 or earlier (`LastSwiftUpdateCheck`/`LastSwiftMigration`
  /// below `0800`, or without either a `LastUpgradeCheck` below `0800`: Xcode 6) and sets no `SWIFT_VERSION`, as every project since Xcode 8 does (in its build settings or in an
  /// `.xcconfig` file, which is why a missing setting alone proves nothing): it builds Swift 2, whose selectors leave
  /// out the first argument's label and whose `NSObject` subclasses expose every member to Objective-C.
  public var buildsSwift2: Bool
  /// The Swift, Objective-C implementation and Interface Builder files of `paths` that no build phase of the project
  /// takes: referenced, not built (empty when the project has no build file at all).
  public var unbuilt: [String]

  public init(
    paths: [String], synchronizedFolders: [String]? = [], buildsSwift2: Bool = false, unbuilt: [String] = []
  ) {
    self.paths = paths
    self.synchronizedFolders = synchronizedFolders
    self.buildsSwift2 = buildsSwift2
    self.unbuilt = unbuilt
  }
}

/// Everything a frontend learned from one file: the facts and the problems. Frontends never throw.
public struct FileFacts: Hashable, Codable, Sendable {
  /// The payloads of the three readable kinds are boxed (`indirect`): a file's facts are copied whole several times
  /// on their way from the parsing threads to the index (the workspace's entries, the ordered list, the engine's
  /// table), and copying an unboxed `SwiftFileFacts` took a reference count on each of its fifteen arrays — counts on
  /// memory last written by the other core, so each a cache miss (element-ios cold: 189 → 182 ms).
  public enum Content: Hashable, Codable, Sendable {
    indirect case swift(SwiftFileFacts)
    indirect case interfaceBuilder(InterfaceBuilderDocument)
    indirect case objectiveC(ObjectiveCFileFacts)
    /// A compiled nib: nothing to read, but its name exists.
    case compiledNib
    /// A dependency manifest (`Podfile`, `Cartfile` …): nothing else to read. An Xcode project declares dependencies
    /// only when it references Swift packages, a framework kept in the repository or another Xcode project, and
    /// `.gitmodules` only when it lists a submodule; `projectFiles`: the files it builds (`nil` for other manifests,
    /// and for a project file that does not read).
    case dependencyManifest(declaresDependencies: Bool, projectFiles: XcodeProjectFiles?)
    /// The file could not be read as its kind; see `problems`.
    case unreadable
  }

  public var path: String
  public var content: Content
  public var problems: [FileProblem]
  /// Lines in the file (for statistics).
  public var lineCount: Int

  public init(path: String, content: Content, problems: [FileProblem] = [], lineCount: Int = 0) {
    self.path = path
    self.content = content
    self.problems = problems
    self.lineCount = lineCount
  }

  public var swift: SwiftFileFacts? {
    if case .swift(let facts) = content { return facts }
    return nil
  }

  public var interfaceBuilder: InterfaceBuilderDocument? {
    if case .interfaceBuilder(let document) = content { return document }
    return nil
  }

  public var objectiveC: ObjectiveCFileFacts? {
    if case .objectiveC(let facts) = content { return facts }
    return nil
  }
}

/// The facts of a Swift or Objective-C file whose findings are reported in that file itself: what it dequeues, the
/// nibs it loads, the selectors it names and its target–actions. Everything else a file holds is its *export*, which
/// other files' findings can depend on. The incremental engine swaps local facts into a kept index and compares
/// exports; this is the one place that says which facts are local.
public struct LocalFacts: Hashable, Codable, Sendable {
  public var dequeues: [Dequeue] = []
  public var nibReferences: [NibReference] = []
  public var selectorReferences: [SelectorReference] = []
  public var targetActions: [TargetActionUse] = []

  public init() {}
}

/// Swift and Objective-C file facts hold their local facts in the same four properties.
public protocol LocalFactHolding {
  var dequeues: [Dequeue] { get set }
  var nibReferences: [NibReference] { get set }
  var selectorReferences: [SelectorReference] { get set }
  var targetActions: [TargetActionUse] { get set }
}

extension LocalFactHolding {
  public var localFacts: LocalFacts {
    get {
      var local = LocalFacts()
      (local.dequeues, local.nibReferences, local.selectorReferences, local.targetActions) =
        (dequeues, nibReferences, selectorReferences, targetActions)
      return local
    }
    set {
      (dequeues, nibReferences, selectorReferences, targetActions) =
        (newValue.dequeues, newValue.nibReferences, newValue.selectorReferences, newValue.targetActions)
    }
  }
}

extension SwiftFileFacts: LocalFactHolding {}
extension ObjectiveCFileFacts: LocalFactHolding {}

extension FileFacts {
  /// The local facts of a Swift or Objective-C file (`nil` for other files: all they hold is export).
  public var localFacts: LocalFacts? {
    switch content {
    case .swift(let facts): return facts.localFacts
    case .objectiveC(let facts): return facts.localFacts
    default: return nil
    }
  }
}
