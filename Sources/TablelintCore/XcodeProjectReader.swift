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
  /// Whether the project links Swift packages (which may define classes the workspace does not hold), and the files
  /// it references (`nil` when the file does not read as a project).
  public static func read(projectFile path: String, bytes: [UInt8]) -> (linksPackages: Bool, files: XcodeProjectFiles?) {
    var scanner = PropertyListScanner(bytes: bytes)
    guard let (objects, rootID) = scanner.project() else {
      // Unreadable: a package reference anywhere in the text counts.
      return (contains(bytes, "SwiftPackageReference"), nil)
    }
    let linksPackages = objects.values.contains {
      $0.isa == "XCRemoteSwiftPackageReference" || $0.isa == "XCLocalSwiftPackageReference"
    }
    return (linksPackages, files(objects: objects, root: rootID, projectFile: path))
  }

  public static func files(projectFile path: String, bytes: [UInt8]) -> XcodeProjectFiles? {
    read(projectFile: path, bytes: bytes).files
  }

  private static func contains(_ bytes: [UInt8], _ needle: StaticString) -> Bool {
    needle.withUTF8Buffer { needle in
      guard let first = needle.first, bytes.count >= needle.count else { return false }
      var index = 0
      while index <= bytes.count - needle.count {
        if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return true }
        index += 1
      }
      return false
    }
  }

  private static func files(objects: [String: ProjectObject], root rootID: String, projectFile path: String)
    -> XcodeProjectFiles?
  {
    guard let root = objects[rootID], let mainGroup = root.mainGroup else { return nil }
    let synchronizes = objects.values.contains { $0.isa == "PBXFileSystemSynchronizedRootGroup" }
    // The project's folder: the one holding the `.xcodeproj` (`SOURCE_ROOT`), moved by `projectDirPath` when set.
    let bundle = LexicalPath.directory(of: path)
    var sourceRoot = LexicalPath.directory(of: bundle)
    if let projectDirectory = root.projectDirPath, !projectDirectory.isEmpty {
      guard !projectDirectory.hasPrefix("/") else { return nil }
      sourceRoot = LexicalPath.join(sourceRoot, projectDirectory)
    }
    var paths: Set<String> = []
    var visited: Set<String> = []
    // Depth-first over the group tree; each group is entered once.
    var stack: [(id: String, folder: String)] = [(mainGroup, sourceRoot)]
    while let (id, folder) = stack.popLast() {
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
        for child in children.reversed() { stack.append((child, location)) }
      } else if object.path != nil {
        paths.insert(normalized(location))
      }
    }
    return XcodeProjectFiles(paths: paths.sorted(), synchronizesFolders: synchronizes)
  }

  /// `path` spelled as the workspace spells its files: no `.` or empty components, `..` applied where it can be.
  static func normalized(_ path: String) -> String {
    let components = LexicalPath.components(path)
    if path.hasPrefix("/") { return LexicalPath.rooted(components) }
    return components.isEmpty ? "." : components.joined(separator: "/")
  }

  /// Deeper nesting than this ends the reading (a project file nests five levels).
  static let maximumDepth = 64
}

/// What the reader keeps of one object of a project file.
struct ProjectObject {
  var isa: String?
  var path: String?
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

  init(bytes: [UInt8]) { self.bytes = bytes }

  /// The objects by identifier and the root object's identifier; `nil` unless the text is one well-formed dictionary
  /// holding both.
  mutating func project() -> (objects: [String: ProjectObject], root: String)? {
    guard expect(UInt8(ascii: "{")) else { return nil }
    var objects: [String: ProjectObject]?
    var root: String?
    while true {
      skipTrivia()
      guard position < bytes.count else { return nil }
      if bytes[position] == UInt8(ascii: "}") {
        position += 1
        break
      }
      guard let key = token() else { return nil }
      guard expect(UInt8(ascii: "=")) else { return nil }
      if matches(key, "objects") {
        guard let read = objectTable() else { return nil }
        objects = read
      } else if matches(key, "rootObject") {
        guard let value = token() else { return nil }
        root = string(value)
      } else {
        guard skipValue(depth: 1) else { return nil }
      }
      guard expect(UInt8(ascii: ";")) else { return nil }
    }
    skipTrivia()
    guard position == bytes.count, let objects, let root else { return nil }
    return (objects, root)
  }

  private mutating func objectTable() -> [String: ProjectObject]? {
    guard expect(UInt8(ascii: "{")) else { return nil }
    var objects: [String: ProjectObject] = [:]
    while true {
      skipTrivia()
      guard position < bytes.count else { return nil }
      if bytes[position] == UInt8(ascii: "}") {
        position += 1
        return objects
      }
      guard let id = token(), expect(UInt8(ascii: "=")) else { return nil }
      skipTrivia()
      if position < bytes.count, bytes[position] == UInt8(ascii: "{") {
        guard let object = object() else { return nil }
        objects[string(id)] = object
      } else if !skipValue(depth: 2) {
        return nil
      }
      guard expect(UInt8(ascii: ";")) else { return nil }
    }
  }

  private mutating func object() -> ProjectObject? {
    guard expect(UInt8(ascii: "{")) else { return nil }
    var object = ProjectObject()
    while true {
      skipTrivia()
      guard position < bytes.count else { return nil }
      if bytes[position] == UInt8(ascii: "}") {
        position += 1
        return object
      }
      guard let key = token(), expect(UInt8(ascii: "=")) else { return nil }
      skipTrivia()
      let isArray = position < bytes.count && bytes[position] == UInt8(ascii: "(")
      if matches(key, "children"), isArray {
        guard let list = stringList() else { return nil }
        object.children = list
      } else if !isArray, matches(key, "isa") || matches(key, "path") || matches(key, "sourceTree")
        || matches(key, "mainGroup") || matches(key, "projectDirPath")
      {
        guard let value = token() else { return nil }
        let text = string(value)
        switch key.range.count {
        case 3: object.isa = text
        case 4: object.path = text
        case 9: object.mainGroup = text
        case 10: object.sourceTree = text
        default: object.projectDirPath = text
        }
      } else if !skipValue(depth: 3) {
        return nil
      }
      guard expect(UInt8(ascii: ";")) else { return nil }
    }
  }

  /// `( a, b, )`: the strings of a list of strings; `nil` when it holds anything else.
  private mutating func stringList() -> [String]? {
    guard expect(UInt8(ascii: "(")) else { return nil }
    var list: [String] = []
    while true {
      skipTrivia()
      guard position < bytes.count else { return nil }
      if bytes[position] == UInt8(ascii: ")") {
        position += 1
        return list
      }
      guard let element = token() else { return nil }
      list.append(string(element))
      skipTrivia()
      guard position < bytes.count else { return nil }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
      } else if bytes[position] != UInt8(ascii: ")") {
        return nil
      }
    }
  }

  /// Steps over one value of any kind; `false` when it is not well formed.
  private mutating func skipValue(depth: Int) -> Bool {
    guard depth < XcodeProjectReader.maximumDepth else { return false }
    skipTrivia()
    guard position < bytes.count else { return false }
    switch bytes[position] {
    case UInt8(ascii: "{"):
      position += 1
      while true {
        skipTrivia()
        guard position < bytes.count else { return false }
        if bytes[position] == UInt8(ascii: "}") {
          position += 1
          return true
        }
        guard token() != nil, expect(UInt8(ascii: "=")), skipValue(depth: depth + 1), expect(UInt8(ascii: ";")) else {
          return false
        }
      }
    case UInt8(ascii: "("):
      position += 1
      while true {
        skipTrivia()
        guard position < bytes.count else { return false }
        if bytes[position] == UInt8(ascii: ")") {
          position += 1
          return true
        }
        guard skipValue(depth: depth + 1) else { return false }
        skipTrivia()
        guard position < bytes.count else { return false }
        if bytes[position] == UInt8(ascii: ",") {
          position += 1
        } else if bytes[position] != UInt8(ascii: ")") {
          return false
        }
      }
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
