import Dispatch
import Foundation
import TablelintIndex
import TablelintModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The on-disk cache of a workspace: each file's facts, and the findings of the last run, so that a run on an
/// unchanged tree reads no source file and runs no rule, and a run after a small change parses only what changed.
///
/// One binary file per workspace (its current directory and roots) in the cache directory (`--cache-path`, default
/// `$XDG_CACHE_HOME/tablelint`, `~/.cache/tablelint`, or `~/Library/Caches/tablelint` on macOS):
/// `"TLFACTS5"`, a 4-byte length and the result section (`ResultSection`: the tool's identity, the workspace, the last
/// run's findings and what proves them current, `ReuseProof`), a 4-byte header length, the header (a `CompactCoder`
/// blob of `Header`: when the file was written, one entry per file — path, size, modification time, content hash,
/// where its facts are —, the directory listings of the walk that found them), then each file's facts as a
/// `CompactCoder` blob, read only when needed (the file is memory-mapped).
///
/// A file whose size and modification time (nanoseconds) equal its entry's is not read at all, unless it was
/// modified within `racyWindow` of the cache's writing (a later change in the same clock tick would be invisible):
/// those are read and compared by content hash. A directory whose device, inode, modification and status-change
/// times are those recorded is not read either: its recorded entries are walked (`DirectoryListings`). The last
/// run's findings are reused outright when every input's entry holds this way, the list of inputs is the same and the
/// configuration is the same; a run that finds every directory and file of the proof unchanged reuses them without
/// walking or decoding the header (`provenResult`). Anything else in the file (another format, another build of
/// tablelint, corruption) makes it ignored and rewritten. Writes are atomic (a temporary file renamed over the old
/// one); a cache larger than `maximumBytes` is not written.
public final class FactsCache: @unchecked Sendable {
  public static let formatVersion = 5
  static let magic: [UInt8] = Array("TLFACTS5".utf8)
  /// A bigger cache is not written (a run without a cache is still a correct run).
  public static let maximumBytes = 512 << 20
  /// Files modified this close before the cache was written are compared by content, not by their signature.
  public static let racyWindow: Int64 = 2_000_000_000
  /// `racyWindow`, shorter in tests.
  var fileRacyWindow = FactsCache.racyWindow

  /// What loading the file found (kept after a save, for statistics).
  public enum LoadState: Equatable, Sendable {
    case missing
    case loaded(files: Int)
    /// Corrupt, of another format, or of another build of tablelint: ignored, and rewritten after the run.
    case ignored(reason: String)
  }

  /// The findings of the last run, and what they were computed from.
  public struct StoredResult: Codable, Equatable, Sendable {
    /// The configuration's fingerprint (`LintCommand` hashes the configuration file).
    public var configuration: UInt64
    /// A hash of every input's path (`FactsCache.inputsKey`).
    public var inputs: UInt64
    public var findings: [Finding]
    public var suppressedCount: Int
    public var fileCount: Int

    public init(configuration: UInt64, inputs: UInt64, findings: [Finding], suppressedCount: Int, fileCount: Int) {
      self.configuration = configuration
      self.inputs = inputs
      self.findings = findings
      self.suppressedCount = suppressedCount
      self.fileCount = fileCount
    }
  }

  struct Entry: Equatable {
    var path: String
    var size: UInt64
    var modified: Int64
    var hash: UInt64
    var offset: Int
    var length: Int
  }

  struct Header: Codable {
    var writtenAt: Int64
    /// The entries, as `EntryTable` writes them: read on every run, so not through `Codable`.
    var entries: [UInt8]
    /// The directory listings, as `DirectoryTable` writes them.
    var directories: [UInt8]
    /// What checking each file produced in the run that computed `result` (`StoredSubject`s, `CompactCoder`-encoded,
    /// in path order): decoded only by a run that finds a few files changed, to check just what they can affect
    /// (`LintEngine.resuming`).
    var subjects: [UInt8]?
  }

  /// What a run that changed nothing reads, before the header: four parts, each a 4-byte length and its bytes — the
  /// tool's identity (a cache of another build is ignored), the workspace (`scope`), the last run's `StoredResult`
  /// (`CompactCoder`-encoded; empty when there is none; decoded on another core while a walk runs, and one that does
  /// not decode is no result: the run lints and rewrites it) and the `ReuseProof` of its inputs (empty when there is
  /// none). Found in place in the mapped file, nothing copied.
  struct ResultSection {
    var tool: Range<Int>
    var scope: Range<Int>
    var result: Range<Int>
    var proof: Range<Int>

    static func encode(tool: [UInt8], scope: [UInt8], result: [UInt8], proof: [UInt8]) -> [UInt8] {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(16 + tool.count + scope.count + result.count + proof.count)
      for part in [tool, scope, result, proof] {
        FactsCache.appendLength(part.count, to: &bytes)
        bytes.append(contentsOf: part)
      }
      return bytes
    }

    /// The parts of the section that is `range` of `bytes`; `nil` when they do not fill it exactly.
    static func parts(of bytes: UnsafeRawBufferPointer, in range: Range<Int>) -> ResultSection? {
      var offset = range.lowerBound
      func next() -> Range<Int>? {
        guard let length = FactsCache.length(in: bytes, at: offset, before: range.upperBound) else { return nil }
        defer { offset += 4 + length }
        return (offset + 4)..<(offset + 4 + length)
      }
      guard let tool = next(), let scope = next(), let result = next(), let proof = next(), offset == range.upperBound
      else { return nil }
      return ResultSection(tool: tool, scope: scope, result: result, proof: proof)
    }
  }

  /// Appends a 4-byte little-endian length.
  static func appendLength(_ length: Int, to bytes: inout [UInt8]) {
    LittleEndian.append(UInt32(truncatingIfNeeded: length), to: &bytes)
  }

  /// The 4-byte little-endian length at `offset`, when it and the bytes it counts end by `end`.
  static func length(in bytes: UnsafeRawBufferPointer, at offset: Int, before end: Int) -> Int? {
    guard offset >= 0, end <= bytes.count, end - offset >= 4 else { return nil }
    let length = Int(LittleEndian.load(UInt32.self, bytes, offset))
    return length <= end - offset - 4 ? length : nil
  }

  /// One file's result of the last run (see `Header.subjects`).
  struct StoredSubject: Codable {
    var path: String
    var result: SubjectResult
  }

  /// The entry table: a varint count, then per entry its path (varint length, UTF-8), size, modification time
  /// (zigzag), hash, offset and length, each a varint.
  enum EntryTable {
    static func encode(_ entries: [Entry]) -> [UInt8] {
      var bytes: [UInt8] = []
      CompactEncodingState.appendVarint(UInt64(entries.count), to: &bytes)
      for entry in entries {
        CompactEncodingState.appendText(entry.path, to: &bytes)
        CompactEncodingState.appendVarint(entry.size, to: &bytes)
        CompactEncodingState.appendZigzag(entry.modified, to: &bytes)
        for value in [entry.hash, UInt64(entry.offset), UInt64(entry.length)] {
          CompactEncodingState.appendVarint(value, to: &bytes)
        }
      }
      return bytes
    }

    static func decode(_ bytes: [UInt8]) throws -> [Entry] {
      try bytes.withUnsafeBufferPointer { buffer in
        let reader = CompactReader(buffer)
        var offset = 0
        let count = try reader.varint(at: &offset)
        guard count <= UInt64(buffer.count) else { throw reader.corrupted("entry count") }
        var entries: [Entry] = []
        entries.reserveCapacity(min(Int(count), buffer.count / 7))
        for _ in 0..<count {
          let path = try reader.text(at: &offset)
          let size = try reader.varint(at: &offset)
          let modified = try reader.zigzag(at: &offset)
          let hash = try reader.varint(at: &offset)
          let start = try reader.varint(at: &offset)
          let blobLength = try reader.varint(at: &offset)
          guard start <= UInt64(Int.max), blobLength <= UInt64(Int.max) else { throw reader.corrupted("blob range") }
          entries.append(Entry(
            path: path, size: size, modified: modified, hash: hash, offset: Int(start), length: Int(blobLength)
          ))
        }
        return entries
      }
    }
  }

  /// The directory listings: a varint count, then per directory its path (varint length, UTF-8), device, inode,
  /// modification and status-change times (zigzag) and entry count, each a varint, then per entry its name (varint
  /// length, UTF-8) and one byte of type (0: unknown, else 1 + `FileDiscovery.EntryType`).
  enum DirectoryTable {
    static func encode(_ listings: [String: DirectoryListing]) -> [UInt8] {
      var bytes: [UInt8] = []
      CompactEncodingState.appendVarint(UInt64(listings.count), to: &bytes)
      for (path, listing) in listings.sorted(by: { $0.key < $1.key }) {
        CompactEncodingState.appendText(path, to: &bytes)
        let signature = listing.signature
        CompactEncodingState.appendVarint(signature.device, to: &bytes)
        CompactEncodingState.appendVarint(signature.inode, to: &bytes)
        CompactEncodingState.appendZigzag(signature.modified, to: &bytes)
        CompactEncodingState.appendZigzag(signature.changed, to: &bytes)
        CompactEncodingState.appendVarint(UInt64(listing.entries.count), to: &bytes)
        for entry in listing.entries {
          CompactEncodingState.appendText(entry.name, to: &bytes)
          bytes.append(entry.type.map { $0.rawValue + 1 } ?? 0)
        }
      }
      return bytes
    }

    static func decode(_ bytes: [UInt8]) throws -> [String: DirectoryListing] {
      try bytes.withUnsafeBufferPointer { buffer in
        let reader = CompactReader(buffer)
        var offset = 0
        let count = try reader.varint(at: &offset)
        guard count <= UInt64(buffer.count) else { throw reader.corrupted("directory count") }
        var listings: [String: DirectoryListing] = [:]
        // A crafted count must not reserve gigabytes: a listing takes at least six bytes.
        listings.reserveCapacity(min(Int(count), buffer.count / 6))
        for _ in 0..<count {
          let path = try reader.text(at: &offset)
          let signature = DirectorySignature(
            device: try reader.varint(at: &offset), inode: try reader.varint(at: &offset),
            modified: try reader.zigzag(at: &offset), changed: try reader.zigzag(at: &offset)
          )
          let entryCount = try reader.varint(at: &offset)
          guard entryCount <= UInt64(buffer.count - offset) else { throw reader.corrupted("entry count") }
          var entries: [DirectoryEntry] = []
          entries.reserveCapacity(min(Int(entryCount), (buffer.count - offset) / 2))
          for _ in 0..<entryCount {
            // A name the walk would join into another path (`..`, `a/b`, the directory itself) is not an entry.
            // The bytes are checked before they become a `String` (repairing never makes a `/` or a NUL).
            let bytes = try reader.textBytes(at: &offset)
            guard !bytes.isEmpty, !bytes.contains(where: { $0 == UInt8(ascii: "/") || $0 == 0 }) else {
              throw reader.corrupted("entry name")
            }
            let name = String(decoding: bytes, as: UTF8.self)
            guard name != ".", name != ".." else { throw reader.corrupted("entry name") }
            guard offset < buffer.count else { throw reader.corrupted("entry type past the end") }
            let code = buffer[offset]
            offset += 1
            let type = code == 0 ? nil : FileDiscovery.EntryType(rawValue: code - 1)
            guard code == 0 || type != nil else { throw reader.corrupted("entry type") }
            entries.append(DirectoryEntry(name: name, type: type))
          }
          listings[path] = DirectoryListing(signature: signature, entries: entries)
        }
        return listings
      }
    }
  }

  /// One file to save: its facts, or the cache's own blob when it did not change.
  public struct SavedFile: Sendable {
    public var path: String
    public var size: UInt64
    public var modified: Int64
    public var hash: ContentHash
    public var facts: FileFacts
  }

  /// The cache file.
  public let path: String
  /// The tool's version and build: a cache written by any other build is ignored.
  public let toolIdentity: String
  /// The workspace the cache is for (its current directory and roots, NUL-separated; empty when not given): the
  /// file's name hashes it, and only the same workspace takes the stored findings on the strength of their proof.
  public let scope: [UInt8]
  public private(set) var loadState: LoadState = .missing
  /// The error of the last save, if it failed or was skipped (the run goes on without a cache).
  public private(set) var lastSaveError: String?
  private var header: Header?
  /// The entries as the table lists them, sorted by path.
  private var table: [Entry] = []
  private var entriesByPath: [String: Entry]?
  /// The entries by path, made when first needed (always under `lock`): a run that reuses the findings compares its
  /// paths with the table in order and hashes none of them.
  private var entries: [String: Entry] {
    if let entriesByPath { return entriesByPath }
    let made = Dictionary(table.map { ($0.path, $0) }, uniquingKeysWith: { $1 })
    entriesByPath = made
    return made
  }
  private var directories: [String: DirectoryListing] = [:]
  /// The mapped file, and where its result section and header are in it (`mapIfNeeded`).
  private var data: Data?
  private var section: ResultSection?
  private var headerRange: Range<Int>?
  private var mapped = false
  /// The stored result, being decoded (`Header.result`).
  private var storedResult: Pending<StoredResult?>?
  private var blobStart = 0
  private var loaded = false
  private let lock = NSLock()

  /// The cache for one workspace: `directory/facts-<key>.tlcache`, where the key hashes the current directory and
  /// the roots (facts hold paths as discovered, which depend on both).
  public convenience init(
    directory: String, currentDirectory: String, roots: [String], toolIdentity: String = FactsCache.currentToolIdentity
  ) {
    // The name outlives the build: a stable hash, so a new build overwrites the old build's file.
    // The bytes of the current directory and roots joined by NUL, without `joined(separator:)`: its generic code
    // looked up protocol conformances at run time, a scan of every conformance in this binary on every run.
    var scope = Array(currentDirectory.utf8)
    for root in roots {
      scope.append(0)
      scope.append(contentsOf: root.utf8)
    }
    let key = String(StableHash.fnv1a(scope), radix: 16)
    self.init(path: LexicalPath.join(directory, "facts-\(key).tlcache"), toolIdentity: toolIdentity, scope: scope)
  }

  public init(path: String, toolIdentity: String = FactsCache.currentToolIdentity, scope: [UInt8] = []) {
    self.path = path
    self.toolIdentity = toolIdentity
    self.scope = scope
  }

  /// The version, and the size and modification time of the running executable: facts and findings of another
  /// build (a rule changed, a frontend fixed) are never reused, whatever the version says.
  public static let currentToolIdentity: String = {
    // Not `Bundle.main` on Linux: Foundation lists the executable's directory (twice) to make it, which cost 10 ms
    // of a 47 ms unchanged run from a folder of 13,000 files. `stat` follows `/proc/self/exe` to the executable.
    #if os(Linux)
    let executable = "/proc/self/exe"
    #else
    let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
    #endif
    // A build that cannot be told apart matches no cache, not even its own: another build's facts are never reused.
    let build =
      FileSignature(path: executable).map { "\($0.size)-\($0.modified)" } ?? "unknown-build-\(UUID().uuidString)"
    return "tablelint \(TablelintVersion.current) \(build)"
  }()

  /// The user's cache directory for tablelint, if one can be named; `environment` (for tests) stands for the
  /// process's, which is read with `getenv` (`ProcessInfo.environment` copies all of it into a dictionary first).
  public static func defaultDirectory(environment: [String: String]? = nil) -> String? {
    func value(_ name: String) -> String? {
      guard let environment else { return getenv(name).map { String(cString: $0) } }
      return environment[name]
    }
    if let xdg = value("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return xdg + "/tablelint" }
    guard let home = value("HOME"), home.hasPrefix("/") else { return nil }
    #if os(macOS)
    return home + "/Library/Caches/tablelint"
    #else
    return home + "/.cache/tablelint"
    #endif
  }

  /// The fingerprint of a run's list of inputs (every discovered path, in order).
  public static func inputsKey(_ paths: [String]) -> UInt64 {
    // The paths joined by NUL, built as bytes (no `String` in between).
    var bytes: [UInt8] = []
    bytes.reserveCapacity(paths.reduce(0) { $0 + $1.utf8.count + 1 })
    for (index, path) in paths.enumerated() {
      if index > 0 { bytes.append(0) }
      bytes.append(contentsOf: path.utf8)
    }
    return ContentHash(bytes).value
  }

  // MARK: - Reading

  /// Whether `signature` proves the file unchanged since its entry was written.
  private func holds(_ entry: Entry, _ signature: FileSignature) -> Bool {
    guard let header, Self.hasSignature(entry, signature) else { return false }
    return Self.isTrusted(entry, writtenAt: header.writtenAt, racyWindow: fileRacyWindow)
  }

  /// Whether the entry was written for a file of this size and modification time (which proves its contents only
  /// when the entry is trusted).
  private static func hasSignature(_ entry: Entry, _ signature: FileSignature) -> Bool {
    entry.size == signature.size && entry.modified == signature.modified
  }

  /// Whether an entry's file was older than the racy window when the cache was written (at `writtenAt`): only then
  /// does its size and modification time prove its contents.
  private static func isTrusted(_ entry: Entry, writtenAt: Int64, racyWindow: Int64) -> Bool {
    entry.modified < writtenAt - racyWindow
  }

  /// The content hash of `path` when its size and modification time prove it unchanged (see `racyWindow`).
  func hash(path: String, signature: FileSignature) -> ContentHash? {
    lock.withLock {
      loadIfNeeded()
      guard let entry = entries[path], holds(entry, signature) else { return nil }
      return ContentHash(value: entry.hash)
    }
  }

  /// The content hash of the facts the cache holds for `path`, whatever its signature.
  func storedHash(path: String) -> ContentHash? {
    lock.withLock {
      loadIfNeeded()
      return entries[path].map { ContentHash(value: $0.hash) }
    }
  }

  /// What checking each file produced in the last run, when that run used this configuration and these inputs
  /// (`nil` too when it stored none, or they do not decode).
  func storedSubjects(configuration: UInt64, inputs: [String]) -> [String: SubjectResult]? {
    let bytes = lock.withLock { () -> [UInt8]? in
      storedResult(configuration: configuration, inputs: inputs) == nil ? nil : header?.subjects
    }
    guard let bytes, let stored = try? CompactCoder.decode([StoredSubject].self, from: bytes) else { return nil }
    return Dictionary(stored.map { ($0.path, $0.result) }, uniquingKeysWith: { first, _ in first })
  }

  /// Whether the cache holds facts of `path` with contents hashing to `hash`.
  func contains(path: String, hash: ContentHash) -> Bool {
    lock.withLock {
      loadIfNeeded()
      return entries[path]?.hash == hash.value
    }
  }

  /// The cached facts of `path` when its contents hash to `hash` (`nil` too when its blob does not decode).
  public func facts(path: String, hash: ContentHash) -> FileFacts? {
    let found = lock.withLock { () -> (data: Data, range: Range<Int>)? in
      loadIfNeeded()
      guard let entry = entries[path], entry.hash == hash.value, let data, let range = blobRange(entry) else {
        return nil
      }
      return (data, range)
    }
    guard let (data, range) = found, let facts = Self.decode(FileFacts.self, data, range), facts.path == path else {
      return nil
    }
    return facts
  }

  /// A blob decoded where it lies in the mapping, not copied out first; `nil` when it does not decode.
  private static func decode<Value: Decodable>(_ type: Value.Type, _ data: Data, _ range: Range<Int>) -> Value? {
    data.withUnsafeBytes { bytes in
      try? CompactCoder.decode(type, from: UnsafeBufferPointer(rebasing: bytes.assumingMemoryBound(to: UInt8.self)[range]))
    }
  }

  /// Where an entry's facts are in the mapped file, if they are inside it.
  private func blobRange(_ entry: Entry) -> Range<Int>? {
    guard let data, entry.offset >= 0, entry.length >= 0, entry.offset <= data.count - blobStart,
      entry.length <= data.count - blobStart - entry.offset
    else { return nil }
    return (blobStart + entry.offset)..<(blobStart + entry.offset + entry.length)
  }

  /// The last run's result, when it was computed with this configuration from exactly these inputs and each of
  /// `paths` has the size and modification time it had then (`signatures[i]` is the signature of `paths[i]`; the
  /// inputs not among them are not read: a compiled nib or an excluded xib). `unsure`: the positions in `paths` of the
  /// files whose signature proves nothing, because they were modified within the racy window before the cache was
  /// written (a run right after an edit): the result holds only if their contents still hash to `storedHash`'s.
  public func result(
    configuration: UInt64, inputs: [String], paths: [String], signatures: [FileSignature]
  ) -> (result: StoredResult, unsure: [Int])? {
    guard let found = result(configuration: configuration, inputs: inputs, paths: paths, signatures: signatures, changing: 0)
    else { return nil }
    return (found.result, found.unsure)
  }

  /// The same, when at most `limit` of `paths` have another signature than their entry's (`changed`, positions in
  /// `paths`): their facts decide whether the result still holds (`Workspace.lint`, an edit that moved no fact).
  /// Every path must have an entry.
  func result(
    configuration: UInt64, inputs: [String], paths: [String], signatures: [FileSignature], changing limit: Int
  ) -> (result: StoredResult, unsure: [Int], changed: [Int])? {
    lock.withLock {
      guard let result = storedResult(configuration: configuration, inputs: inputs), let header else { return nil }
      var unsure: [Int] = []
      var changed: [Int] = []
      func matches(_ position: Int, _ entry: Entry) -> Bool {
        guard Self.hasSignature(entry, signatures[position]) else {
          changed.append(position)
          return changed.count <= limit
        }
        if !Self.isTrusted(entry, writtenAt: header.writtenAt, racyWindow: fileRacyWindow) { unsure.append(position) }
        return true
      }
      // The inputs are sorted, as the table is: when the paths are the table's, in order, no path is hashed.
      if table.count == paths.count, zip(table, paths).allSatisfy({ $0.path == $1 }) {
        return table.indices.allSatisfy { matches($0, table[$0]) } ? (result, unsure, changed) : nil
      }
      for position in paths.indices {
        guard let entry = entries[paths[position]], matches(position, entry) else { return nil }
      }
      return (result, unsure, changed)
    }
  }

  /// The last run's result when it used this configuration and these inputs (call with the lock held).
  private func storedResult(configuration: UInt64, inputs: [String]) -> StoredResult? {
    loadIfNeeded()
    guard let result = storedResult?.value ?? nil, result.configuration == configuration,
      result.inputs == Self.inputsKey(inputs)
    else { return nil }
    return result
  }

  /// The last run's result, found without a walk: when this build computed it for this workspace with this
  /// configuration, and every directory and file of its `ReuseProof` is unchanged (`stat`ed on every core from the
  /// mapped file). The header is not decoded. `nil` otherwise: the caller walks and asks
  /// `result(configuration:inputs:paths:signatures:)`.
  func provenResult(configuration: UInt64) -> (result: StoredResult, proof: ReuseProof.Outcome)? {
    lock.withLock {
      guard mapIfNeeded(), let data, let section, !section.proof.isEmpty,
        Self.bytes(of: data, section.tool).elementsEqual(toolIdentity.utf8),
        Self.bytes(of: data, section.scope) == scope,
        let result = Self.decode(StoredResult.self, data, section.result), result.configuration == configuration,
        let outcome = data.withUnsafeBytes({ ReuseProof.check(UnsafeRawBufferPointer(rebasing: $0[section.proof])) })
      else { return nil }
      if !loaded { loadState = .loaded(files: outcome.files) }
      return (result, outcome)
    }
  }

  /// Maps the file and finds its result section and header (call with the lock held); `false` when it is missing or
  /// not of this format, as `loadState` then says.
  private func mapIfNeeded() -> Bool {
    if mapped { return section != nil }
    mapped = true
    guard let data = Self.mapFile(at: path) else {
      loadState = .missing
      return false
    }
    let found = data.withUnsafeBytes { bytes -> (magic: Bool, parts: (ResultSection, Range<Int>)?) in
      guard bytes.count >= Self.magic.count, bytes.prefix(Self.magic.count).elementsEqual(Self.magic) else {
        return (false, nil)
      }
      let sectionStart = Self.magic.count + 4
      guard let sectionLength = Self.length(in: bytes, at: Self.magic.count, before: bytes.count),
        let section = ResultSection.parts(of: bytes, in: sectionStart..<(sectionStart + sectionLength)),
        let headerLength = Self.length(in: bytes, at: sectionStart + sectionLength, before: bytes.count)
      else { return (true, nil) }
      let headerStart = sectionStart + sectionLength + 4
      return (true, (section, headerStart..<(headerStart + headerLength)))
    }
    guard let (section, headerRange) = found.parts else {
      loadState = .ignored(
        reason: found.magic ? "cannot be decoded" : "not a tablelint facts cache of format \(Self.formatVersion)"
      )
      return false
    }
    self.data = data
    self.section = section
    self.headerRange = headerRange
    return true
  }

  /// The regular file at `path` mapped read-only, unmapped when the last copy of the `Data` goes (`nil` when it cannot
  /// be opened or mapped). Done with `open` and `mmap` rather than `Data(contentsOf:options: .alwaysMapped)`, whose
  /// path handling costs an unchanged run a scan of the binary's protocol conformances (about 0.07 ms).
  private static func mapFile(at path: String) -> Data? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    let size = Int(status.st_size)
    guard size > 0 else { return Data() }
    guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
      return nil
    }
    return Data(bytesNoCopy: address, count: size, deallocator: .custom { address, size in munmap(address, size) })
  }

  /// A range of the mapped file's bytes, copied.
  private static func bytes(of data: Data, _ range: Range<Int>) -> [UInt8] {
    data.withUnsafeBytes { [UInt8]($0[range]) }
  }

  private func loadIfNeeded() {
    guard !loaded else { return }
    loaded = true
    guard mapIfNeeded(), let data, let section, let headerRange else { return }
    func ignore(_ reason: String) {
      loadState = .ignored(reason: reason)
      (self.data, self.section, self.headerRange) = (nil, nil, nil)
    }
    let tool = Self.bytes(of: data, section.tool)
    guard tool.elementsEqual(toolIdentity.utf8) else {
      return ignore("written by another build (\(String(decoding: tool, as: UTF8.self)))")
    }
    guard let header = Self.decode(Header.self, data, headerRange) else { return ignore("cannot be decoded") }
    // The entries are decoded on another core while this one decodes the directories, which the walk needs first.
    let entryTable = Pending { [entries = header.entries] in try? EntryTable.decode(entries) }
    guard let directories = try? DirectoryTable.decode(header.directories), let table = entryTable.value else {
      return ignore("cannot be decoded")
    }
    self.header = header
    if !section.result.isEmpty {
      storedResult = Pending { [range = section.result] in Self.decode(StoredResult.self, data, range) }
    }
    blobStart = headerRange.upperBound
    self.table = table
    self.directories = directories
    loadState = .loaded(files: table.count)
  }

  // MARK: - Writing

  /// The directory listings the last walk recorded (empty when the cache is missing or ignored).
  public func directoryListings() -> [String: DirectoryListing] {
    lock.withLock {
      loadIfNeeded()
      return directories
    }
  }

  /// Rewrites the cache with these directory listings and the proof of this run's inputs, its files' facts and its
  /// result as they are, when the listings or the proof are not those it holds: after a run that reused the findings
  /// but recorded listings the cache did not have (a directory no longer changing), or could prove what it could not.
  func replaceDirectories(_ directories: [String: DirectoryListing], proof: ReuseProof? = nil) {
    rewrite(directories: directories, proof: proof, writtenAt: Self.now()) { _, unchanged in !unchanged }
  }

  /// Writes the cache again with its body as it is (every blob copied from the mapping) and its result, under a header
  /// `edit` changes, with these listings and this proof (settled as of `writtenAt`); nothing when `edit` returns
  /// false, which it is told whether the listings and the proof are those stored.
  private func rewrite(
    directories: [String: DirectoryListing], proof: ReuseProof?, writtenAt: Int64,
    _ edit: (inout Header, _ unchanged: Bool) -> Bool
  ) {
    let parts = lock.withLock { () -> (Header, [UInt8], Data)? in
      loadIfNeeded()
      guard var header, let data, let section else { return nil }
      let proofBytes = settledBytes(of: proof, at: writtenAt)
      let unchanged = self.directories == directories && Self.bytes(of: data, section.proof) == proofBytes
      guard edit(&header, unchanged) else { return nil }
      header.directories = DirectoryTable.encode(directories)
      let sectionBytes = ResultSection.encode(
        tool: Array(toolIdentity.utf8), scope: scope, result: Self.bytes(of: data, section.result), proof: proofBytes
      )
      return (header, sectionBytes, data)
    }
    guard let (header, section, data) = parts else { return }
    write(header: header, section: section, body: [.mapped(blobStart..<data.count)], fresh: [], mapped: data)
  }

  /// Keeps the cache as it is but for the entries of `changed` files, edited so that their facts did not change or
  /// only moved (`FactShift`): each takes its new signature and content hash, and its new facts when it has them (else
  /// it keeps its blob); the result becomes `result` when one is given, and what each file produced goes through
  /// `moving` (positions moved with the facts); with these listings and this proof. Only the new facts, the result and
  /// what the files produced are encoded; every other blob is copied from the mapping.
  func replacing(
    _ changed: [(path: String, signature: FileSignature, hash: ContentHash, facts: FileFacts?)],
    result: StoredResult? = nil, moving: ((SubjectResult) -> SubjectResult)? = nil,
    directories: [String: DirectoryListing], proof: ReuseProof?
  ) {
    var byPath: [String: (signature: FileSignature, hash: ContentHash, facts: FileFacts?)] = [:]
    for file in changed { byPath[file.path] = (file.signature, file.hash, file.facts) }
    let writtenAt = Self.now()
    typealias Parts = (header: Header, data: Data, section: ResultSection, entries: [Entry], body: [Stretch])
    var fresh: [[UInt8]] = []
    let parts = lock.withLock { () -> Parts? in
      loadIfNeeded()
      guard let header, let data, let section else { return nil }
      var entries: [Entry] = []
      var body: [Stretch] = []
      var length = 0
      entries.reserveCapacity(table.count)
      body.reserveCapacity(table.count)
      for var entry in table {
        if let file = byPath[entry.path] {
          (entry.size, entry.modified, entry.hash) = (file.signature.size, file.signature.modified, file.hash.value)
          if let facts = file.facts {
            guard let blob = try? CompactCoder.encode(facts) else { return nil }
            body.append(.fresh(fresh.count))
            fresh.append(blob)
            (entry.offset, entry.length) = (length, blob.count)
            entries.append(entry)
            length += blob.count
            continue
          }
        }
        guard let range = blobRange(entry) else { return nil }
        body.append(.mapped(range))
        (entry.offset, entry.length) = (length, range.count)
        entries.append(entry)
        length += range.count
      }
      return (header, data, section, entries, body)
    }
    guard let (stored, data, section, entries, body) = parts else { return }
    var written = stored
    written.writtenAt = writtenAt
    written.entries = EntryTable.encode(entries)
    written.directories = DirectoryTable.encode(directories)
    if let moving, let subjects = written.subjects {
      written.subjects = (try? CompactCoder.decode([StoredSubject].self, from: subjects)).flatMap { decoded in
        try? CompactCoder.encode(decoded.map { StoredSubject(path: $0.path, result: moving($0.result)) })
      }
    }
    let resultBytes = result.map { (try? CompactCoder.encode($0)) ?? [] } ?? Self.bytes(of: data, section.result)
    let sectionBytes = ResultSection.encode(
      tool: Array(toolIdentity.utf8), scope: scope, result: resultBytes, proof: settledBytes(of: proof, at: writtenAt)
    )
    write(header: written, section: sectionBytes, body: body, fresh: fresh, mapped: data)
  }

  /// The proof's bytes when no file in it changed within the racy window before `writtenAt`, else none (the next run
  /// walks, and the cache it writes may hold a proof).
  private func settledBytes(of proof: ReuseProof?, at writtenAt: Int64) -> [UInt8] {
    guard let proof, proof.isSettled(writtenAt: writtenAt, racyWindow: fileRacyWindow) else { return [] }
    return proof.encoded()
  }

  /// Whether saving these files, listings and result would write what is already stored, each file's entry trusted by
  /// its signature.
  func holds(
    exactly files: [SavedFile], directories: [String: DirectoryListing], result: StoredResult?, hasSubjects: Bool,
    proof: [UInt8]
  ) -> Bool {
    lock.withLock {
      loadIfNeeded()
      guard let header, let data, let section, (storedResult?.value ?? nil) == result,
        (header.subjects != nil) == hasSubjects, entries.count == files.count, self.directories == directories,
        Self.bytes(of: data, section.proof) == proof
      else {
        return false
      }
      // A file modified just before the cache was written is compared by content on every run (`holds(_:_:)`); this
      // run compared it, so once the file is older than the window, writing the cache again lets the next runs trust
      // its signature. Kept as it was, the cache made every later run read the file and check again instead of
      // reusing the findings. (A file still that recent, or dated in the future, gains nothing from a new write.)
      let now = Self.now()
      return files.allSatisfy { file in
        guard let entry = entries[file.path], entry.hash == file.hash.value, entry.size == file.size,
          entry.modified == file.modified
        else { return false }
        return Self.isTrusted(entry, writtenAt: header.writtenAt, racyWindow: fileRacyWindow)
          || !Self.isTrusted(entry, writtenAt: now, racyWindow: fileRacyWindow)
      }
    }
  }

  /// Replaces the cache with these files' facts, these directory listings and this result, atomically. Facts the
  /// cache holds for the same contents are copied as they are; the others are encoded on every core. Failures are
  /// remembered, not thrown.
  public func save(_ files: [SavedFile], directories: [String: DirectoryListing] = [:], result: StoredResult?) {
    save(files, directories: directories, result: result, subjects: nil, proof: nil)
  }

  /// The same, with what checking each file produced in the run that computed `result` (`Header.subjects`) and the
  /// proof of the inputs it was computed from (both kept only with a result).
  func save(
    _ files: [SavedFile], directories: [String: DirectoryListing], result: StoredResult?,
    subjects: [String: SubjectResult]?, proof: ReuseProof?
  ) {
    save(prepare(files), directories: directories, result: result, subjects: subjects, proof: proof)
  }

  /// The files of a save with their blobs: the facts the mapped cache holds for the same contents (where they are in
  /// it), the others encoded. What a save costs but for the findings, so that a run can encode while it checks.
  struct PreparedFiles: @unchecked Sendable {
    /// The files, by path.
    let files: [SavedFile]
    /// Where the mapped cache holds each file's facts for its contents, if it does.
    let kept: [Range<Int>?]
    /// The mapping `kept` is in (kept alive until the save has copied from it).
    let mapped: Data?
    /// Each file's encoded facts, empty for those `kept`.
    let fresh: [[UInt8]]
  }

  /// Encodes the facts of `files` the cache does not hold for their contents, on every core.
  func prepare(_ files: [SavedFile]) -> PreparedFiles {
    let files = files.sorted { $0.path < $1.path }
    // The facts the cache holds for the same contents stay where they are in the mapped file until they are copied
    // into the new one; the others are encoded on every core.
    let (kept, mapped) = lock.withLock { () -> ([Range<Int>?], Data?) in
      loadIfNeeded()
      let kept = files.map { file -> Range<Int>? in
        guard let entry = entries[file.path], entry.hash == file.hash.value else { return nil }
        return blobRange(entry)
      }
      return (kept, data)
    }
    let fresh = parallelMap(count: files.count) { index in
      kept[index] == nil ? (try? CompactCoder.encode(files[index].facts)) ?? [] : []
    }
    return PreparedFiles(files: files, kept: kept, mapped: mapped, fresh: fresh)
  }

  /// Writes `prepared` with the directories, the result and what checking each file produced (both kept only with a
  /// result), and the proof of the inputs `result` was computed from; nothing when the cache holds exactly that.
  func save(
    _ prepared: PreparedFiles, directories: [String: DirectoryListing], result: StoredResult?,
    subjects: [String: SubjectResult]?, proof: ReuseProof?
  ) {
    let (subjects, proof) = result == nil ? (nil, nil) : (subjects, proof)
    // Encoded once, for the comparison and the file: judged settled now, a moment before `writtenAt`, which can only
    // leave out a file that settles in between (the next run then walks and writes the proof).
    let proofBytes = settledBytes(of: proof, at: Self.now())
    let (files, kept, fresh) = (prepared.files, prepared.kept, prepared.fresh)
    if holds(exactly: files, directories: directories, result: result, hasSubjects: subjects != nil, proof: proofBytes) {
      return
    }
    var written: [Entry] = []
    var length = 0
    for index in files.indices {
      let file = files[index]
      let count = kept[index]?.count ?? fresh[index].count
      written.append(Entry(
        path: file.path, size: file.size, modified: file.modified, hash: file.hash.value, offset: length, length: count
      ))
      length += count
    }
    let writtenAt = Self.now()
    let header = Header(
      writtenAt: writtenAt, entries: EntryTable.encode(written), directories: DirectoryTable.encode(directories),
      subjects: subjects.flatMap { subjects in
        try? CompactCoder.encode(subjects.sorted { $0.key < $1.key }.map { StoredSubject(path: $0.key, result: $0.value) })
      }
    )
    let section = ResultSection.encode(
      tool: Array(toolIdentity.utf8), scope: scope, result: result.flatMap { try? CompactCoder.encode($0) } ?? [],
      proof: proofBytes
    )
    let body = files.indices.map { index in kept[index].map(Stretch.mapped) ?? .fresh(index) }
    write(header: header, section: section, body: body, fresh: fresh, mapped: prepared.mapped)
  }

  /// A stretch of the body being written: bytes of the mapped cache, or a blob encoded now (by its index).
  private enum Stretch {
    case mapped(Range<Int>)
    case fresh(Int)
  }

  /// Writes the magic, the result section, the header and the body, atomically; failures are remembered. The body's
  /// stretches of the mapped cache are written from the mapping, adjacent ones together: a run that changed one file
  /// rewrote a 7 MB cache by first copying it into a new buffer, page faults included (element-ios, one line added to
  /// a file: 113 → 106 ms).
  private func write(header: Header, section: [UInt8], body: [Stretch], fresh: [[UInt8]], mapped: Data?) {
    do {
      let headerBytes = try CompactCoder.encode(header)
      // The magic, the section and the header with their lengths, then the fresh blobs: one buffer of this run's
      // bytes.
      var own = Self.magic
      own.reserveCapacity(Self.magic.count + 8 + section.count + headerBytes.count + fresh.reduce(0) { $0 + $1.count })
      Self.appendLength(section.count, to: &own)
      own.append(contentsOf: section)
      Self.appendLength(headerBytes.count, to: &own)
      own.append(contentsOf: headerBytes)
      let prefix = own.count
      var freshRanges: [Range<Int>] = []
      freshRanges.reserveCapacity(fresh.count)
      for blob in fresh {
        freshRanges.append(own.count..<(own.count + blob.count))
        own.append(contentsOf: blob)
      }
      // The file as ranges of `own` (false) and of the mapping (true), adjacent ranges of one source joined.
      var runs: [(inMapping: Bool, range: Range<Int>)] = [(false, 0..<prefix)]
      for stretch in body {
        let next: (inMapping: Bool, range: Range<Int>)
        switch stretch {
        case .mapped(let range): next = (true, range)
        case .fresh(let index): next = (false, freshRanges[index])
        }
        if next.range.isEmpty { continue }
        if let last = runs.last, last.inMapping == next.inMapping, last.range.upperBound == next.range.lowerBound {
          runs[runs.count - 1].range = last.range.lowerBound..<next.range.upperBound
        } else {
          runs.append(next)
        }
      }
      let total = runs.reduce(0) { $0 + $1.range.count }
      guard total <= Self.maximumBytes else {
        lock.withLock { lastSaveError = "the cache would take \(total >> 20) MiB; not written" }
        return
      }
      Self.removeAbandonedTemporaries(of: path)
      try own.withUnsafeBytes { ownBytes in
        try (mapped ?? Data()).withUnsafeBytes { mappedBytes in
          let pieces = runs.map { run in
            UnsafeRawBufferPointer(rebasing: (run.inMapping ? mappedBytes : ownBytes)[run.range])
          }
          try AtomicFile.write(pieces: pieces, to: path)
        }
      }
      lock.withLock { lastSaveError = nil }
    } catch {
      lock.withLock { lastSaveError = "\(error)" }
    }
  }

  static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }

  /// Temporary files a killed run left beside the cache (older than ten minutes: a running save's are younger).
  static func removeAbandonedTemporaries(of path: String) {
    let directory = LexicalPath.directory(of: path)
    let name = path.split(separator: "/").last.map(String.init) ?? ""
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    let limit = now() - 600 * 1_000_000_000
    for candidate in names where candidate.hasPrefix(".\(name).") && candidate.hasSuffix(".tmp") {
      let full = LexicalPath.join(directory, candidate)
      if let signature = FileSignature(path: full), signature.modified < limit { unlink(full) }
    }
  }
}
