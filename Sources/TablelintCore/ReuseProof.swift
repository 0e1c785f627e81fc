import Foundation
import TablelintModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What proves the findings a cache stores still current without walking the tree or decoding the cache's tables:
/// every directory the walk that found the inputs entered, with its signature, and every input it `stat`ed, with its
/// size and modification time. An unchanged run `stat`s them straight from the mapped cache file, on every core, and
/// prints the stored findings (element-ios: 1,104 directories and 3,000 files); anything that differs sends it down
/// the usual path, which walks (`FactsCache.provenResult`).
///
/// Why the walk can be skipped: a directory whose device, inode, modification and status-change times are the same
/// lists the same entries (`DirectorySignature`), so a walk under the same configuration would find the same inputs.
/// That holds only where the walk's answer depends on nothing but those listings, so a proof is made only when
/// (`make`):
/// - every directory the walk entered had its listing recorded (none changed within the racy window, all on a local
///   file system: `DirectoryListings.recordedEveryEnteredDirectory`);
/// - no recorded entry is of unknown type, nor a symbolic link named like a source file: whether the walk takes such
///   a link depends on its target, which can change while the link's directory does not (a link named otherwise, a
///   `CLAUDE.md` or a folder of notes, is never taken);
/// - every directory the walk looked into without listing it was signed before (`DirectoryListings.probed`: an
///   `.xcodeproj` folder, whose project file may appear), and is in the proof as a directory;
/// - every input but compiled nibs has a signature (they are `stat`ed by the usual reuse check too; a nib folder counts
///   only by its name);
/// and it is written only when no file in it changed within the racy window before the cache was written (`isSettled`;
/// a directory that recent was not recorded, so it is in no proof).
///
/// Encoded as fixed-width little-endian records, so that checking reads them in place: the directory count and file
/// count (4 bytes each), then per directory its device, inode, modification and status-change times (8 bytes each),
/// its path's length (4 bytes), the path and a NUL; then per file its size and modification time (8 bytes each), its
/// path's length, the path and a NUL.
struct ReuseProof: Equatable, Sendable {
  /// A path with the signature it had.
  struct Record<Signature: Equatable & Sendable>: Equatable, Sendable {
    var path: String
    var signature: Signature
  }

  var directories: [Record<DirectorySignature>]
  var files: [Record<FileSignature>]

  /// The proof of a walk's inputs, `nil` when the walk depended on more than its listings (see the type's comment).
  /// `listings` and `probed`: the directories the walk recorded (`DirectoryListings`); `paths`: the inputs but compiled
  /// nibs and excluded xibs, with `signatures`.
  static func make(
    listings: [String: DirectoryListing], probed: [String: DirectorySignature] = [:],
    recordedEveryEnteredDirectory: Bool, paths: [String], signatures: [String: FileSignature]
  ) -> ReuseProof? {
    guard recordedEveryEnteredDirectory, !listings.isEmpty || !paths.isEmpty else { return nil }
    var directories: [Record<DirectorySignature>] = []
    directories.reserveCapacity(listings.count + probed.count)
    for (path, listing) in listings {
      for entry in listing.entries {
        guard let type = entry.type else { return nil }
        if type == .symbolicLink, SourceFileKind(path: entry.name) != nil { return nil }
      }
      directories.append(Record(path: path, signature: listing.signature))
    }
    for (path, signature) in probed { directories.append(Record(path: path, signature: signature)) }
    directories.sort { $0.path < $1.path }
    var files: [Record<FileSignature>] = []
    files.reserveCapacity(paths.count)
    for path in paths {
      guard let signature = signatures[path] else { return nil }
      files.append(Record(path: path, signature: signature))
    }
    return ReuseProof(directories: directories, files: files)
  }

  /// Whether no file of the proof changed within `racyWindow` before `writtenAt`: a later change in the same clock
  /// tick would leave the same signature.
  func isSettled(writtenAt: Int64, racyWindow: Int64) -> Bool {
    files.allSatisfy { $0.signature.modified < writtenAt - racyWindow }
  }

  func encoded() -> [UInt8] {
    var bytes: [UInt8] = []
    // Each record: its fields, the path's length, the path and its NUL.
    bytes.reserveCapacity(
      8 + directories.reduce(0) { $0 + Self.directoryFields + 5 + $1.path.utf8.count }
        + files.reduce(0) { $0 + Self.fileFields + 5 + $1.path.utf8.count }
    )
    LittleEndian.append(UInt32(directories.count), to: &bytes)
    LittleEndian.append(UInt32(files.count), to: &bytes)
    for directory in directories {
      let signature = directory.signature
      LittleEndian.append(signature.device, to: &bytes)
      LittleEndian.append(signature.inode, to: &bytes)
      LittleEndian.append(UInt64(bitPattern: signature.modified), to: &bytes)
      LittleEndian.append(UInt64(bitPattern: signature.changed), to: &bytes)
      Self.appendPath(directory.path, to: &bytes)
    }
    for file in files {
      LittleEndian.append(file.signature.size, to: &bytes)
      LittleEndian.append(UInt64(bitPattern: file.signature.modified), to: &bytes)
      Self.appendPath(file.path, to: &bytes)
    }
    return bytes
  }

  private static func appendPath(_ path: String, to bytes: inout [UInt8]) {
    LittleEndian.append(UInt32(path.utf8.count), to: &bytes)
    bytes.append(contentsOf: path.utf8)
    bytes.append(0)
  }

  // MARK: - Checking

  /// The bytes of a directory's and of a file's record before its path's length.
  private static let directoryFields = 32
  private static let fileFields = 16

  /// What `check` found.
  struct Outcome: Equatable {
    var directories: Int
    var files: Int
  }

  /// Whether every directory and file of the encoded proof `bytes` has the signature recorded (`nil` when one differs,
  /// is missing or is not a directory or regular file, or when the bytes are not a proof). The records are `stat`ed
  /// where they lie, on every core, and the check stops at the first difference.
  static func check(_ bytes: UnsafeRawBufferPointer) -> Outcome? {
    guard let (directoryCount, starts) = recordStarts(bytes) else { return nil }
    let base = directoryCount > 0 ? Base(bytes, pathAt: starts[0] + directoryFields + 4) : nil
    defer { base?.release() }
    let verdict = Verdict()
    let chunk = 128
    let count = starts.count
    let shared = SharedBytes(bytes: bytes)
    // At most eight threads: each costs the calling thread 20–30 µs to start (a fifth of a chunk's `stat`s), and a
    // many-core machine would otherwise start one per core for a check of a few milliseconds.
    performOnEveryCore(iterations: (count + chunk - 1) / chunk, width: min(EveryCore.width, 8)) { part in
      guard verdict.holds else { return }
      let bytes = shared.bytes
      for index in (part * chunk)..<min(count, (part + 1) * chunk) {
        let start = starts[index]
        let holds = index < directoryCount
          ? directoryHolds(bytes, at: start, base: base) : fileHolds(bytes, at: start, base: base)
        if !holds {
          verdict.fail()
          return
        }
      }
    }
    return verdict.holds ? Outcome(directories: directoryCount, files: count - directoryCount) : nil
  }

  /// The first directory of a proof (the lowest path: the walk's root when it had one), opened, so that the records
  /// below it are `stat`ed relative to it and the kernel resolves only the components below the root (a C loop here:
  /// 1.05 µs for a seven-component path, 0.66 µs for one name relative to its directory). It matters when the root was
  /// given as an absolute path (`tablelint lint "${SRCROOT}"`); with `lint .` the paths are relative already. A record
  /// `stat`ed this way resolves as its absolute path does as long as the root's path leads to the opened directory,
  /// which the root's own record, checked by its path, proves.
  struct Base: @unchecked Sendable {
    let descriptor: CInt
    /// Where the path lies in the proof's bytes, and its length.
    let path: UnsafeRawPointer
    let length: Int

    init?(_ bytes: UnsafeRawBufferPointer, pathAt offset: Int) {
      path = bytes.baseAddress!.advanced(by: offset)
      length = strlen(path.assumingMemoryBound(to: CChar.self))
      descriptor = open(path.assumingMemoryBound(to: CChar.self), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard length > 1, descriptor >= 0 else {
        if descriptor >= 0 { close(descriptor) }
        return nil
      }
    }

    func release() { close(descriptor) }

    /// The path of `candidate` (NUL-terminated, `length` bytes) relative to the base, when it lies below it.
    func relative(_ candidate: UnsafePointer<CChar>, length candidateLength: Int) -> UnsafePointer<CChar>? {
      guard candidateLength > length + 1, memcmp(candidate, path, length) == 0, candidate[length] == 0x2F else {
        return nil
      }
      return candidate.advanced(by: length + 1)
    }
  }

  /// Where each record starts (directories first) and how many are directories, every path checked to lie inside
  /// `bytes` and end with its NUL; `nil` for bytes that are not a proof.
  static func recordStarts(_ bytes: UnsafeRawBufferPointer) -> (directories: Int, starts: [Int])? {
    guard bytes.count >= 8 else { return nil }
    let directories = Int(LittleEndian.load(UInt32.self, bytes, 0))
    let files = Int(LittleEndian.load(UInt32.self, bytes, 4))
    // A crafted count must not reserve gigabytes: a record takes at least a file's fields, a length and two bytes.
    guard directories + files <= bytes.count / (fileFields + 6) else { return nil }
    var starts: [Int] = []
    starts.reserveCapacity(directories + files)
    var offset = 8
    for index in 0..<(directories + files) {
      let fixed = index < directories ? directoryFields : fileFields
      guard bytes.count - offset >= fixed + 4 else { return nil }
      let length = Int(LittleEndian.load(UInt32.self, bytes, offset + fixed))
      let path = offset + fixed + 4
      guard length > 0, length < bytes.count - path, bytes[path + length] == 0,
        !UnsafeRawBufferPointer(rebasing: bytes[path..<(path + length)]).contains(0)
      else { return nil }
      starts.append(offset)
      offset = path + length + 1
    }
    guard offset == bytes.count else { return nil }
    return (directories, starts)
  }

  /// `stat` of the NUL-terminated path at `offset` (links followed, as the walk and `FileSignature` follow them),
  /// relative to `base` when the path lies below it.
  private static func status(_ bytes: UnsafeRawBufferPointer, pathAt offset: Int, base: Base?) -> stat? {
    var status = stat()
    let path = bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: CChar.self)
    let length = Int(LittleEndian.load(UInt32.self, bytes, offset - 4))
    if let base, let relative = base.relative(path, length: length) {
      return fstatat(base.descriptor, relative, &status, 0) == 0 ? status : nil
    }
    return stat(path, &status) == 0 ? status : nil
  }

  private static func directoryHolds(_ bytes: UnsafeRawBufferPointer, at start: Int, base: Base?) -> Bool {
    guard let status = status(bytes, pathAt: start + directoryFields + 4, base: base),
      let current = DirectorySignature(status: status)
    else { return false }
    return current == DirectorySignature(
      device: LittleEndian.load(UInt64.self, bytes, start), inode: LittleEndian.load(UInt64.self, bytes, start + 8),
      modified: Int64(bitPattern: LittleEndian.load(UInt64.self, bytes, start + 16)),
      changed: Int64(bitPattern: LittleEndian.load(UInt64.self, bytes, start + 24))
    )
  }

  private static func fileHolds(_ bytes: UnsafeRawBufferPointer, at start: Int, base: Base?) -> Bool {
    guard let status = status(bytes, pathAt: start + fileFields + 4, base: base), status.st_mode & S_IFMT == S_IFREG
    else {
      return false
    }
    let recorded = FileSignature(
      size: LittleEndian.load(UInt64.self, bytes, start),
      modified: Int64(bitPattern: LittleEndian.load(UInt64.self, bytes, start + 8))
    )
    return FileSignature(status: status) == recorded
  }
}

extension FactsCache {
  /// Reads `bytes` as a cache file's result section and as a proof, as a run reads them from a cache file, which can
  /// be damaged (the `facts` fuzz target): whether each was accepted. Never traps.
  @_spi(Testing) public static func acceptsResultSection(_ bytes: [UInt8]) -> (section: Bool, proof: Bool) {
    bytes.withUnsafeBytes { raw in
      (ResultSection.parts(of: raw, in: 0..<raw.count) != nil, ReuseProof.recordStarts(raw) != nil)
    }
  }
}

/// Fixed-width integers as the cache file writes them: little-endian, at any offset.
enum LittleEndian {
  static func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// The value at `offset` (the caller checks that its bytes lie inside `bytes`).
  static func load<Value: FixedWidthInteger>(
    _ type: Value.Type, _ bytes: UnsafeRawBufferPointer, _ offset: Int
  ) -> Value {
    Value(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Value.self))
  }
}

/// The mapped proof, read by every thread checking it (nothing writes it while they run).
private struct SharedBytes: @unchecked Sendable {
  let bytes: UnsafeRawBufferPointer
}

/// Whether every record checked so far held, shared by the threads checking them.
private final class Verdict: @unchecked Sendable {
  private let lock = NSLock()
  private var failed = false

  var holds: Bool { lock.withLock { !failed } }
  func fail() { lock.withLock { failed = true } }
}
