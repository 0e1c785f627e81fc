#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One entry of a directory, with its type as `readdir` gave it (`nil`: the file system did not say).
public struct DirectoryEntry: Equatable, Sendable {
  public var name: String
  public var type: FileDiscovery.EntryType?
}

/// What proves a directory's listing current: the same directory (device and inode) with the same modification and
/// status-change times. Creating, removing or renaming an entry sets the directory's modification time.
public struct DirectorySignature: Equatable, Sendable {
  public var device: UInt64
  public var inode: UInt64
  /// Nanoseconds since 1970.
  public var modified: Int64
  public var changed: Int64

  public init(device: UInt64, inode: UInt64, modified: Int64, changed: Int64) {
    self.device = device
    self.inode = inode
    self.modified = modified
    self.changed = changed
  }

  /// From `stat` (links followed, as `opendir` follows them).
  init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
    #if canImport(Darwin)
    let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
    #else
    let (modified, changed) = (status.st_mtim, status.st_ctim)
    #endif
    device = UInt64(truncatingIfNeeded: status.st_dev)
    inode = UInt64(truncatingIfNeeded: status.st_ino)
    self.modified = Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec)
    self.changed = Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec)
  }
}

/// A directory's entries (sorted by name) and the signature it had before they were read.
public struct DirectoryListing: Equatable, Sendable {
  public var signature: DirectorySignature
  public var entries: [DirectoryEntry]

  public init(signature: DirectorySignature, entries: [DirectoryEntry]) {
    self.signature = signature
    self.entries = entries
  }
}

/// The listings a previous walk recorded (`known`, from `FactsCache`), offered to `FileDiscovery`: a directory whose
/// signature is the recorded one is not read again, one `stat` instead of `opendir`, two `getdents` and `close`
/// (reading 1,000 directories was a third of an unchanged run on element-ios). What the walk read or reused is left
/// in `observed`, for the next cache. Serves one walk at a time.
public final class DirectoryListings: @unchecked Sendable {
  let known: [String: DirectoryListing]
  /// Directories whose entries changed this close before the walk may change again within the same timestamp: their
  /// listings are read, and not recorded. (The status-change time is compared, not aged: setting a directory's
  /// times sets it.)
  let racyWindow: Int64
  private let started: Int64
  public private(set) var observed: [String: DirectoryListing] = [:]
  /// How many directories were not read because their recorded listing was current.
  public private(set) var reusedCount = 0

  public init(known: [String: DirectoryListing], racyWindow: Int64 = FactsCache.racyWindow) {
    self.known = known
    self.racyWindow = racyWindow
    started = FactsCache.now()
  }

  /// `directory`'s entries, sorted by name: the recorded ones when its signature proves them current.
  func entries(of directory: String) -> [DirectoryEntry]? {
    guard let signature = DirectorySignature(path: directory) else { return nil }
    if let listing = known[directory], listing.signature == signature {
      observed[directory] = listing
      reusedCount += 1
      return listing.entries
    }
    // The signature is taken before the entries are read: a change while they are read gives the directory another
    // modification time, and the next walk reads it again.
    guard let entries = FileDiscovery.entries(of: directory) else { return nil }
    if signature.modified < started - racyWindow {
      observed[directory] = DirectoryListing(signature: signature, entries: entries)
    }
    return entries
  }
}
