import SwiftFrontend
import TablelintModel

/// Reads which files an Xcode project references from its `project.pbxproj`, an old-style property list: the objects
/// table, the project's main group, and each group's and file reference's `path` and `sourceTree`, resolved from the
/// folder holding the `.xcodeproj` down to every file reference the group tree reaches.
///
/// Only paths inside the workspace come out: references relative to the SDK, the developer folder or the build
/// products are skipped, and so are absolute ones. A file that does not read as a property list, or has no root object,
/// gives `nil` (nothing is known, nothing is inferred). Never traps: nesting deeper than `maximumDepth` ends the
/// reading, and a group that contains itself is entered once.
public enum XcodeProjectReader {
  /// Whether the project links Swift packages, a framework kept in the repository or the products of another Xcode
  /// project it references (gitx's `External/Sparkle/Sparkle.xcodeproj`, in a submodule a checkout may leave empty),
  /// any of which may define classes the workspace does not hold; and the files it references (`nil` when the file
  /// does not read as a project).
  public static func read(projectFile path: String, bytes: [UInt8]) -> (linksPackages: Bool, files: XcodeProjectFiles?) {
    var scanner = PropertyListScanner(bytes: bytes)
    guard let (objects, rootID) = scanner.project() else {
      // Unreadable: a package reference anywhere in the text counts.
      return (ByteSearch.contains(bytes, "SwiftPackageReference"), nil)
    }
    let linksPackages = objects.values.contains {
      $0.isa == "XCRemoteSwiftPackageReference" || $0.isa == "XCLocalSwiftPackageReference" || isVendoredFramework($0)
        || isNestedProject($0)
    }
    return (
      linksPackages,
      files(
        objects: objects, root: rootID, projectFile: path,
        buildsSwift2: buildsSwift2(bytes)
      )
    )
  }

  /// `XcodeProjectFiles.buildsSwift2`: no `SWIFT_VERSION`, and a `LastSwiftUpdateCheck` or `LastSwiftMigration`
  /// attribute, every one below `0800` (Xcode 8); without either, a `LastUpgradeCheck` below `0800`: Xcode 6 wrote
  /// no Swift attribute, and a project Xcode 8 or later opened and built has a Swift version (the Swift 1.2 and 2
  /// examples of "Beginning iPhone Development with Swift"). A project with no such attribute is not judged
  /// (XcodeGen).
  static func buildsSwift2(_ bytes: [UInt8]) -> Bool {
    guard !ByteSearch.contains(bytes, "SWIFT_VERSION"), ByteSearch.contains(bytes, "Last") else { return false }
    let text = String(decoding: bytes, as: UTF8.self)
    func versions(_ attributes: [String]) -> [Int] {
      attributes.flatMap { attribute in
        text.ranges(of: attribute).map { Int(text[$0.upperBound...].prefix { $0.isASCII && $0.isNumber }) ?? 0 }
      }
    }
    var found = versions(["LastSwiftUpdateCheck = ", "LastSwiftMigration = "])
    if found.isEmpty { found = versions(["LastUpgradeCheck = "]) }
    return !found.isEmpty && found.allSatisfy { $0 < 800 }
  }

  private static func files(
    objects: [String: ProjectObject], root rootID: String, projectFile path: String, buildsSwift2: Bool
  ) -> XcodeProjectFiles? {
    guard let root = objects[rootID], let mainGroup = root.mainGroup else { return nil }
    let synchronizedGroups = objects.values.count { $0.isa == "PBXFileSystemSynchronizedRootGroup" }
    // The project's folder: the one holding the `.xcodeproj` (`SOURCE_ROOT`), moved by `projectDirPath` when set.
    let bundle = LexicalPath.directory(of: path)
    var sourceRoot = LexicalPath.directory(of: bundle)
    if let projectDirectory = root.projectDirPath, !projectDirectory.isEmpty {
      guard !projectDirectory.hasPrefix("/") else { return nil }
      sourceRoot = LexicalPath.join(sourceRoot, projectDirectory)
    }
    var paths: Set<String> = []
    var synchronizedFolders: Set<String> = []
    var reachedGroups = 0
    var visited: Set<String> = []
    // What the targets' build phases take (a localised storyboard through its variant group): a source or an
    // Interface Builder file the project references and no phase takes is not built (xabber-ios's
    // `AudioVisualizationView.xib`). Judged only when the project has build files at all.
    let built = Set(objects.values.compactMap { $0.isa == "PBXBuildFile" ? $0.fileRef : nil })
    var unbuilt: Set<String> = []
    var builtFiles: Set<String> = []
    // Depth-first over the group tree; each group is entered once.
    var stack: [(id: String, folder: String, inBuiltGroup: Bool)] = [(mainGroup, sourceRoot, false)]
    while let (id, folder, inBuiltGroup) = stack.popLast() {
      guard visited.insert(id).inserted, let object = objects[id] else { continue }
      let base: String
      switch object.sourceTree ?? "<group>" {
      case "<group>": base = folder
      case "SOURCE_ROOT": base = sourceRoot
      default: continue  // absolute, SDK, developer folder, build products: not the workspace's files
      }
      var location = base
      if let relative = object.path {
        guard !relative.hasPrefix("/") else { continue }
        location = LexicalPath.join(base, relative)
      }
      if let children = object.children {
        let builtGroup = object.isa == "PBXVariantGroup" && built.contains(id)
        for child in children.reversed() { stack.append((child, location, builtGroup)) }
      } else if object.isa == "PBXFileSystemSynchronizedRootGroup" {
        synchronizedFolders.insert(normalized(location))
        reachedGroups += 1
      } else if object.path != nil {
        let file = normalized(location)
        paths.insert(file)
        if inBuiltGroup || built.contains(id) {
          builtFiles.insert(file)
        } else if !built.isEmpty, Self.isBuiltByAPhase(file) {
          unbuilt.insert(file)
        }
      }
    }
    return XcodeProjectFiles(
      paths: paths.sorted(), synchronizedFolders: reachedGroups == synchronizedGroups ? synchronizedFolders.sorted() : nil,
      buildsSwift2: buildsSwift2, unbuilt: unbuilt.subtracting(builtFiles).sorted()
    )
  }

  /// Swift, Objective-C implementation and Interface Builder files, which a target builds only through a build phase
  /// (headers are referenced without one).
  static func isBuiltByAPhase(_ path: String) -> Bool {
    guard let kind = SourceFileKind(path: path) else { return false }
    switch kind {
    case .swift, .storyboard, .xib: return true
    case .objectiveC: return path.hasSuffix(".m") || path.hasSuffix(".mm")
    case .compiledNib, .dependencyManifest: return false
    }
  }

  /// A binary framework the project references from its own folders (transmission's `Sparkle.framework`, whose
  /// `SPUStandardUpdaterController` its menu instantiates), not from the SDK or the build products.
  private static func isVendoredFramework(_ object: ProjectObject) -> Bool {
    guard let path = object.path, path.hasSuffix(".framework") || path.hasSuffix(".xcframework") else { return false }
    return object.sourceTree == nil || object.sourceTree == "<group>" || object.sourceTree == "SOURCE_ROOT"
  }

  /// A reference to another Xcode project, whose products the project may link.
  private static func isNestedProject(_ object: ProjectObject) -> Bool {
    object.isa == "PBXFileReference" && object.path?.hasSuffix(".xcodeproj") == true
  }

  /// `path` spelled as the workspace spells its files: no `.` or empty components, `..` applied where it can be.
  static func normalized(_ path: String) -> String {
    let components = LexicalPath.components(path)
    if path.hasPrefix("/") { return LexicalPath.rooted(components) }
    return components.isEmpty ? "." : components.joined(separator: "/")
  }

  /// Deeper nesting than this ends the reading (a project file nests five levels).
  static let maximumDepth = 64
  /// More objects and children than this end the reading: duckduckgo/iOS's 1 MB project holds some 20,000 objects,
  /// while a crafted 64 MB file of empty objects (`a={};`) would hold millions, each kept.
  static let maximumObjects = 400_000
}

/// What the reader keeps of one object of a project file.
struct ProjectObject {
  var isa: String?
  var path: String?
  /// A build file's file reference.
  var fileRef: String?
  var sourceTree: String?
  var children: [String]?
  var mainGroup: String?
  var projectDirPath: String?
}

/// Reads the objects of an old-style property list (`//` and `/* */` comments) as a project file lays them out,
/// keeping only the fields `ProjectObject` holds: every other value is stepped over without making a string of it
/// (a project file of 1 MB holds some 20,000 objects, most of them build files and settings nobody asks about).
struct PropertyListScanner {
  private let bytes: [UInt8]
  private var position = 0
  /// Objects and children kept so far (see `XcodeProjectReader.maximumObjects`).
  private var kept = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  /// The objects by identifier and the root object's identifier; `nil` unless the text is one well-formed dictionary
  /// holding both.
  mutating func project() -> (objects: [String: ProjectObject], root: String)? {
    var objects: [String: ProjectObject]?
    var root: String?
    let read = dictionary { scanner, key in
      if scanner.matches(key, "objects") {
        objects = scanner.objectTable()
        return objects != nil
      }
      if scanner.matches(key, "rootObject") {
        root = scanner.token().map(scanner.string)
        return root != nil
      }
      return scanner.skipValue(depth: 1)
    }
    skipTrivia()
    guard read, position == bytes.count, let objects, let root else { return nil }
    return (objects, root)
  }

  private mutating func objectTable() -> [String: ProjectObject]? {
    var objects: [String: ProjectObject] = [:]
    let read = dictionary { scanner, id in
      scanner.skipTrivia()
      guard scanner.position < scanner.bytes.count, scanner.bytes[scanner.position] == UInt8(ascii: "{") else {
        return scanner.skipValue(depth: 2)
      }
      guard let object = scanner.object(), scanner.keep() else { return false }
      objects[scanner.string(id)] = object
      return true
    }
    return read ? objects : nil
  }

  private mutating func object() -> ProjectObject? {
    var object = ProjectObject()
    let read = dictionary { scanner, key in
      scanner.skipTrivia()
      let isArray = scanner.position < scanner.bytes.count && scanner.bytes[scanner.position] == UInt8(ascii: "(")
      if isArray {
        guard scanner.matches(key, "children") else { return scanner.skipValue(depth: 3) }
        var children: [String] = []
        let read = scanner.list { scanner in
          guard let child = scanner.token(), scanner.keep() else { return false }
          children.append(scanner.string(child))
          return true
        }
        object.children = children
        return read
      }
      let field: WritableKeyPath<ProjectObject, String?>
      if scanner.matches(key, "isa") { field = \.isa }
      else if scanner.matches(key, "path") { field = \.path }
      else if scanner.matches(key, "fileRef") { field = \.fileRef }
      else if scanner.matches(key, "sourceTree") { field = \.sourceTree }
      else if scanner.matches(key, "mainGroup") { field = \.mainGroup }
      else if scanner.matches(key, "projectDirPath") { field = \.projectDirPath }
      else { return scanner.skipValue(depth: 3) }
      guard let value = scanner.token() else { return false }
      object[keyPath: field] = scanner.string(value)
      return true
    }
    return read ? object : nil
  }

  /// Counts one more kept value; `false` past the limit.
  private mutating func keep() -> Bool {
    kept += 1
    return kept <= XcodeProjectReader.maximumObjects
  }

  /// `{ key = value; … }`: `value` reads (or steps over) each entry's value; `false` when it is not well formed.
  private mutating func dictionary(_ value: (inout PropertyListScanner, Token) -> Bool) -> Bool {
    entries(open: UInt8(ascii: "{"), close: UInt8(ascii: "}")) { scanner in
      guard let key = scanner.token(), scanner.expect(UInt8(ascii: "=")), value(&scanner, key) else { return false }
      return scanner.expect(UInt8(ascii: ";"))
    }
  }

  /// `( a, b, )`: `element` reads (or steps over) each element; `false` when it is not well formed.
  private mutating func list(_ element: (inout PropertyListScanner) -> Bool) -> Bool {
    let close = UInt8(ascii: ")")
    return entries(open: UInt8(ascii: "("), close: close) { scanner in
      guard element(&scanner) else { return false }
      scanner.skipTrivia()
      guard scanner.position < scanner.bytes.count else { return false }
      // A comma, or the close that ends the list (read by `entries`).
      if scanner.bytes[scanner.position] == UInt8(ascii: ",") {
        scanner.position += 1
        return true
      }
      return scanner.bytes[scanner.position] == close
    }
  }

  /// `open`, entries read by `entry` up to `close`, `close`: `false` when it is not well formed.
  private mutating func entries(open: UInt8, close: UInt8, _ entry: (inout PropertyListScanner) -> Bool) -> Bool {
    guard expect(open) else { return false }
    while true {
      skipTrivia()
      guard position < bytes.count else { return false }
      if bytes[position] == close {
        position += 1
        return true
      }
      guard entry(&self) else { return false }
    }
  }

  /// Steps over one value of any kind; `false` when it is not well formed.
  private mutating func skipValue(depth: Int) -> Bool {
    guard depth < XcodeProjectReader.maximumDepth else { return false }
    skipTrivia()
    guard position < bytes.count else { return false }
    switch bytes[position] {
    case UInt8(ascii: "{"): return dictionary { scanner, _ in scanner.skipValue(depth: depth + 1) }
    case UInt8(ascii: "("): return list { scanner in scanner.skipValue(depth: depth + 1) }
    case UInt8(ascii: "<"):
      guard let end = bytes[position...].firstIndex(of: UInt8(ascii: ">")) else { return false }
      position = end + 1
      return true
    default:
      return token() != nil
    }
  }

  /// A string token: where its text lies, and whether it was quoted (its escapes are then decoded by `string`).
  private struct Token {
    let range: Range<Int>
    let quoted: Bool
  }

  /// The next quoted string or run of unquoted characters.
  private mutating func token() -> Token? {
    skipTrivia()
    guard position < bytes.count else { return nil }
    if bytes[position] == UInt8(ascii: "\"") {
      let start = position + 1
      var index = start
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          position = index + 1
          return Token(range: start..<index, quoted: true)
        case UInt8(ascii: "\\"): index += 2
        default: index += 1
        }
      }
      return nil
    }
    let start = position
    while position < bytes.count, Self.isUnquoted(bytes[position]) { position += 1 }
    return position > start ? Token(range: start..<position, quoted: false) : nil
  }

  /// Whether a token's text is `name` (keys are never escaped).
  private func matches(_ token: Token, _ name: StaticString) -> Bool {
    guard token.range.count == name.utf8CodeUnitCount else { return false }
    return name.withUTF8Buffer { name in
      var index = token.range.lowerBound
      for byte in name {
        guard bytes[index] == byte else { return false }
        index += 1
      }
      return true
    }
  }

  /// A token's text, escapes decoded.
  private func string(_ token: Token) -> String {
    let text = bytes[token.range]
    guard token.quoted, text.contains(UInt8(ascii: "\\")) else { return String(decoding: text, as: UTF8.self) }
    var decoded: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
      var byte = text[index]
      if byte == UInt8(ascii: "\\"), index + 1 < text.endIndex {
        index += 1
        switch text[index] {
        case UInt8(ascii: "n"): byte = 0x0A
        case UInt8(ascii: "t"): byte = 0x09
        case UInt8(ascii: "r"): byte = 0x0D
        default: byte = text[index]  // `\"`, `\\`; others (`\U…`) kept as their character: paths do not use them
        }
      }
      decoded.append(byte)
      index += 1
    }
    return String(decoding: decoded, as: UTF8.self)
  }

  /// Skips trivia, then reads `byte` if it is next.
  private mutating func expect(_ byte: UInt8) -> Bool {
    skipTrivia()
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  private static func isUnquoted(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"),
      UInt8(ascii: "."), UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }

  private mutating func skipTrivia() {
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: " "), 0x09, 0x0A, 0x0D:
        position += 1
      case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "/"):
        while position < bytes.count, bytes[position] != 0x0A { position += 1 }
      case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "*"):
        position += 2
        while position + 1 < bytes.count, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) {
          position += 1
        }
        position = min(bytes.count, position + 2)
      default:
        return
      }
    }
  }
}
