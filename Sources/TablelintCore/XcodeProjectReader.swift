import TablelintModel

/// Reads which files an Xcode project references from its `project.pbxproj`, an old-style property list: the objects
/// table, the project's main group, and each group's and file reference's `path` and `sourceTree`, resolved from the
/// folder holding the `.xcodeproj` down to every file reference the group tree reaches.
///
/// Only paths inside the workspace come out: references relative to the SDK, the developer folder or the build
/// products are skipped, and so are absolute ones. A file that does not read as a property list, or has no root object,
/// gives `nil` (nothing is known, nothing is inferred). Never traps: nesting deeper than `maximumDepth` and groups that
/// contain themselves end the reading.
public enum XcodeProjectReader {
  public static func files(projectFile path: String, bytes: [UInt8]) -> XcodeProjectFiles? {
    var parser = PropertyListParser(bytes: bytes)
    guard case .dictionary(let top)? = parser.document(),
      case .dictionary(let objects)? = top["objects"],
      case .string(let rootID)? = top["rootObject"],
      case .dictionary(let root)? = objects[rootID],
      case .string(let mainGroup)? = root["mainGroup"]
    else { return nil }
    let synchronizes = objects.values.contains {
      if case .dictionary(let object) = $0, case .string(let isa)? = object["isa"] {
        return isa == "PBXFileSystemSynchronizedRootGroup"
      }
      return false
    }
    // The project's folder: the one holding the `.xcodeproj` (`SOURCE_ROOT`), moved by `projectDirPath` when set.
    let bundle = LexicalPath.directory(of: path)
    var sourceRoot = LexicalPath.directory(of: bundle)
    if case .string(let projectDirectory)? = root["projectDirPath"], !projectDirectory.isEmpty {
      guard !projectDirectory.hasPrefix("/") else { return nil }
      sourceRoot = LexicalPath.join(sourceRoot, projectDirectory)
    }
    var paths: [String] = []
    var visited: Set<String> = []
    // Depth-first over the group tree; each group is entered once.
    var stack: [(id: String, folder: String)] = [(mainGroup, sourceRoot)]
    while let (id, folder) = stack.popLast() {
      guard visited.insert(id).inserted, case .dictionary(let object)? = objects[id] else { continue }
      let sourceTree: String
      if case .string(let tree)? = object["sourceTree"] { sourceTree = tree } else { sourceTree = "<group>" }
      let base: String
      switch sourceTree {
      case "<group>": base = folder
      case "SOURCE_ROOT": base = sourceRoot
      default: continue  // absolute, SDK, developer folder, build products: not the workspace's files
      }
      var location = base
      if case .string(let relative)? = object["path"] {
        guard !relative.hasPrefix("/") else { continue }
        location = LexicalPath.join(base, relative)
      }
      if case .array(let children)? = object["children"] {
        for child in children.reversed() {
          if case .string(let childID) = child { stack.append((childID, location)) }
        }
      } else if object["path"] != nil {
        paths.append(normalized(location))
      }
    }
    return XcodeProjectFiles(paths: Array(Set(paths)).sorted(), synchronizesFolders: synchronizes)
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

/// The values of an old-style property list (strings, arrays, dictionaries; `<…>` data is read as a string).
enum PropertyListValue: Equatable {
  case string(String)
  case array([PropertyListValue])
  case dictionary([String: PropertyListValue])
}

/// A recursive-descent reader of old-style property lists over bytes, with `//` and `/* */` comments.
struct PropertyListParser {
  private let bytes: [UInt8]
  private var position = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  /// The one value the text holds, or `nil` when it is not exactly one well-formed value.
  mutating func document() -> PropertyListValue? {
    guard let value = value(depth: 0) else { return nil }
    skipTrivia()
    return position == bytes.count ? value : nil
  }

  private mutating func value(depth: Int) -> PropertyListValue? {
    guard depth < XcodeProjectReader.maximumDepth else { return nil }
    skipTrivia()
    guard position < bytes.count else { return nil }
    switch bytes[position] {
    case UInt8(ascii: "{"):
      position += 1
      var entries: [String: PropertyListValue] = [:]
      while true {
        skipTrivia()
        guard position < bytes.count else { return nil }
        if bytes[position] == UInt8(ascii: "}") {
          position += 1
          return .dictionary(entries)
        }
        guard let key = string(), expect(UInt8(ascii: "=")), let value = value(depth: depth + 1),
          expect(UInt8(ascii: ";"))
        else { return nil }
        entries[key] = value
      }
    case UInt8(ascii: "("):
      position += 1
      var elements: [PropertyListValue] = []
      while true {
        skipTrivia()
        guard position < bytes.count else { return nil }
        if bytes[position] == UInt8(ascii: ")") {
          position += 1
          return .array(elements)
        }
        guard let element = value(depth: depth + 1) else { return nil }
        elements.append(element)
        skipTrivia()
        guard position < bytes.count else { return nil }
        if bytes[position] == UInt8(ascii: ",") {
          position += 1
        } else if bytes[position] != UInt8(ascii: ")") {
          return nil
        }
      }
    case UInt8(ascii: "<"):
      guard let end = bytes[position...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
      defer { position = end + 1 }
      return .string(String(decoding: bytes[(position + 1)..<end], as: UTF8.self))
    default:
      return string().map(PropertyListValue.string)
    }
  }

  /// Skips trivia, then reads `byte` if it is next.
  private mutating func expect(_ byte: UInt8) -> Bool {
    skipTrivia()
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  /// A quoted string (with its escapes) or a run of unquoted characters.
  private mutating func string() -> String? {
    skipTrivia()
    guard position < bytes.count else { return nil }
    if bytes[position] == UInt8(ascii: "\"") {
      position += 1
      var text: [UInt8] = []
      while position < bytes.count {
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return String(decoding: text, as: UTF8.self)
        case UInt8(ascii: "\\"):
          guard position < bytes.count else { return nil }
          let escaped = bytes[position]
          position += 1
          switch escaped {
          case UInt8(ascii: "n"): text.append(0x0A)
          case UInt8(ascii: "t"): text.append(0x09)
          case UInt8(ascii: "r"): text.append(0x0D)
          default: text.append(escaped)  // `\"`, `\\`; others (`\U…`) kept as their character: paths do not use them
          }
        default: text.append(byte)
        }
      }
      return nil
    }
    let start = position
    while position < bytes.count, Self.isUnquoted(bytes[position]) { position += 1 }
    return position > start ? String(decoding: bytes[start..<position], as: UTF8.self) : nil
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
