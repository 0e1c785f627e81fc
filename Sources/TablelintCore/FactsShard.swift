import Foundation
import TablelintModel

/// The facts of one build target's files, so that a build system can read each target once, in its own action, and
/// lint the whole app from the shards without reading a source again: `tablelint facts PATHS --output FILE` writes
/// one, `tablelint lint --facts FILE...` joins them.
///
/// A shard is `"TLSHARD1"` then a `CompactCoder` blob of the tablelint version and the files' facts. Paths are kept
/// as discovered (relative when the paths given were), so shards made in different sandboxes of the same tree join.
/// A shard of another tablelint version is refused: facts change with the frontends.
public enum FactsShard {
  static let magic: [UInt8] = Array("TLSHARD1".utf8)

  struct Contents: Codable {
    var version: String
    var files: [FileFacts]
  }

  public struct ReadError: Error, CustomStringConvertible, Equatable {
    public let path: String
    public let reason: String
    public var description: String { "cannot use the facts shard '\(path)': \(reason)" }
  }

  /// Writes the shard atomically.
  public static func write(_ files: [FileFacts], to path: String) throws {
    let blob = try CompactCoder.encode(Contents(version: TablelintVersion.current, files: files))
    try AtomicFile.write(Data(magic + blob), to: path)
  }

  public static func read(_ path: String) throws -> [FileFacts] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ReadError(path: path, reason: "it cannot be read")
    }
    let bytes = [UInt8](data)
    guard bytes.starts(with: magic) else { throw ReadError(path: path, reason: "it is not a tablelint facts shard") }
    guard let contents = try? CompactCoder.decode(Contents.self, from: Array(bytes[magic.count...])) else {
      throw ReadError(path: path, reason: "it is damaged")
    }
    guard contents.version == TablelintVersion.current else {
      throw ReadError(
        path: path, reason: "it was written by tablelint \(contents.version), this is \(TablelintVersion.current)"
      )
    }
    return contents.files
  }

  /// The files of several shards, sorted by path; a file in more than one shard (a source two targets share) is
  /// taken from the first.
  public static func join(_ shards: [[FileFacts]]) -> [FileFacts] {
    var byPath: [String: FileFacts] = [:]
    for shard in shards {
      for file in shard where byPath[file.path] == nil { byPath[file.path] = file }
    }
    return byPath.keys.sorted().map { byPath[$0]! }
  }
}
