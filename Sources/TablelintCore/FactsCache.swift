import Foundation
import TablelintModel

/// The on-disk cache of per-file facts, so that a second run on an unchanged tree parses nothing.
///
/// One JSON file per workspace (its current directory and roots) in the cache directory
/// (`--cache-path`, default `$XDG_CACHE_HOME/tablelint`, `~/.cache/tablelint`, or `~/Library/Caches/tablelint` on
/// macOS): `{"format": 1, "tool": "tablelint", "version": "0.1.0", "files": [{"path", "hash", "facts"}]}`.
/// Facts are reused only for the same path with the same content hash, from the same tool version. A file that
/// cannot be decoded, has another format, or was written by another version is ignored and rewritten. Writes are
/// atomic (a temporary file renamed over the old one), so concurrent runs never read a torn file.
public final class FactsCache: @unchecked Sendable {
  public static let formatVersion = 1

  /// What loading the file found (kept after a save, for statistics).
  public enum LoadState: Equatable, Sendable {
    case missing
    case loaded(files: Int)
    /// Corrupt, of another format, or of another tool version: ignored, and rewritten after the run.
    case ignored(reason: String)
  }

  /// The cache file.
  public let path: String
  public let toolVersion: String
  public private(set) var loadState: LoadState = .missing
  /// The error of the last save, if it failed (the run goes on without a cache).
  public private(set) var lastSaveError: String?
  private var stored: [String: (hash: String, facts: FileFacts)] = [:]
  private var loaded = false
  private var saved = false
  private let lock = NSLock()

  /// The cache for one workspace: `directory/facts-<key>.json`, where the key hashes the current directory and
  /// the roots (facts hold paths as discovered, which depend on both).
  public convenience init(directory: String, currentDirectory: String, roots: [String], toolVersion: String = TablelintVersion.current) {
    let key = ContentHash(Array(([currentDirectory] + roots).joined(separator: "\u{0}").utf8))
    self.init(path: LexicalPath.join(directory, "facts-\(key).json"), toolVersion: toolVersion)
  }

  public init(path: String, toolVersion: String = TablelintVersion.current) {
    self.path = path
    self.toolVersion = toolVersion
  }

  /// The user's cache directory for tablelint, if one can be named.
  public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/tablelint" }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    #if os(macOS)
    return home + "/Library/Caches/tablelint"
    #else
    return home + "/.cache/tablelint"
    #endif
  }

  // MARK: - Reading

  /// The cached facts of `path` when its contents hash to `hash`.
  public func facts(path: String, hash: ContentHash) -> FileFacts? {
    lock.withLock {
      loadIfNeeded()
      guard let entry = stored[path], entry.hash == Self.key(hash), entry.facts.path == path else { return nil }
      return entry.facts
    }
  }

  /// Whether the file on disk must be rewritten even if nothing changed (it was ignored).
  var needsRewrite: Bool {
    lock.withLock {
      loadIfNeeded()
      if case .ignored = loadState { return !saved }
      return false
    }
  }

  /// Whether saving these files would write what is already stored.
  func holds(exactly files: [(path: String, hash: ContentHash)]) -> Bool {
    lock.withLock {
      loadIfNeeded()
      return stored.count == files.count && files.allSatisfy { stored[$0.path]?.hash == Self.key($0.hash) }
    }
  }

  /// How a content hash is written in the file: hexadecimal (JSON numbers lose 64-bit precision in some readers).
  static func key(_ hash: ContentHash) -> String { String(hash.value, radix: 16) }

  private func loadIfNeeded() {
    guard !loaded else { return }
    loaded = true
    guard let data = FileManager.default.contents(atPath: path) else {
      loadState = .missing
      return
    }
    do {
      let file = try JSONDecoder().decode(CacheFile.self, from: data)
      guard file.format == Self.formatVersion, file.tool == "tablelint" else {
        loadState = .ignored(reason: "not a tablelint facts cache of format \(Self.formatVersion)")
        return
      }
      guard file.version == toolVersion else {
        loadState = .ignored(reason: "written by tablelint \(file.version)")
        return
      }
      var entries: [String: (hash: String, facts: FileFacts)] = [:]
      for entry in file.files {
        guard UInt64(entry.hash, radix: 16) != nil else {
          loadState = .ignored(reason: "a file hash is not hexadecimal")
          return
        }
        entries[entry.path] = (entry.hash, entry.facts)
      }
      stored = entries
      loadState = .loaded(files: entries.count)
    } catch {
      loadState = .ignored(reason: "cannot be decoded")
    }
  }

  // MARK: - Writing

  /// Replaces the cache with these files' facts, atomically. Failures are remembered, not thrown: a run without a
  /// cache is still a correct run.
  public func save(_ files: [(path: String, hash: ContentHash, facts: FileFacts)]) {
    let file = CacheFile(
      format: Self.formatVersion, tool: "tablelint", version: toolVersion,
      files: files.sorted { $0.path < $1.path }.map {
        CacheFile.Entry(path: $0.path, hash: Self.key($0.hash), facts: $0.facts)
      }
    )
    do {
      let data = try JSONEncoder().encode(file)
      try AtomicFile.write(data, to: path)
      lock.withLock {
        stored = Dictionary(files.map { ($0.path, (hash: Self.key($0.hash), facts: $0.facts)) }, uniquingKeysWith: { $1 })
        saved = true
        lastSaveError = nil
      }
    } catch {
      lock.withLock { lastSaveError = "\(error)" }
    }
  }

  struct CacheFile: Codable {
    var format: Int
    var tool: String
    var version: String
    var files: [Entry]

    struct Entry: Codable {
      var path: String
      var hash: String
      var facts: FileFacts
    }
  }
}
