import Foundation

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
    guard stat(path, &status) == 0 else { return nil }
    self.init(status: status)
  }

  /// From a `stat` result; `nil` when it is not a directory's.
  init?(status: stat) {
    guard status.st_mode & S_IFMT == S_IFDIR else { return nil }
    #if canImport(Darwin)
    let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
    #else
    let (modified, changed) = (status.st_mtim, status.st_ctim)
    #endif
    device = UInt64(truncatingIfNeeded: status.st_dev)
    inode = UInt64(truncatingIfNeeded: status.st_ino)
    self.modified = nanoseconds(modified)
    self.changed = nanoseconds(changed)
  }
}

/// A file time in nanoseconds since 1970, saturated: a time past 2262 (`touch -d 2300-01-01`) does not overflow. A
/// saturated time is never older than a cache, so what carries it is never trusted by its signature.
func nanoseconds(_ time: timespec) -> Int64 {
  let (seconds, overflow) = Int64(time.tv_sec).multipliedReportingOverflow(by: 1_000_000_000)
  if overflow { return time.tv_sec < 0 ? .min : .max }
  let (sum, carried) = seconds.addingReportingOverflow(Int64(time.tv_nsec))
  return carried ? .max : sum
}

/// A directory's entries (in path order, `FileDiscovery.entries(of:)`) and the signature it had before they were read.
public struct DirectoryListing: Equatable, Sendable {
  public var signature: DirectorySignature
  public var entries: [DirectoryEntry]

  public init(signature: DirectorySignature, entries: [DirectoryEntry]) {
    self.signature = signature
    self.entries = entries
  }
}

/// A directory read before the walk reached it, signed just before it was read.
struct PrereadDirectory {
  var signature: DirectorySignature
  /// As `FileDiscovery.entries(of:)` gave them; `nil` when the directory could not be read.
  var entries: [DirectoryEntry]?
  /// The signatures of its source files, in step with `entries`.
  var files: [FileSignature?]?
}

/// The listings a previous walk recorded (`known`, from `FactsCache`), offered to `FileDiscovery`: a directory whose
/// signature is the recorded one is not read again, one `stat` instead of `opendir`, two `getdents` and `close`
/// (reading 1,000 directories was a third of an unchanged run on element-ios). What the walk read or reused is left
/// in `observed`, for the next cache. Serves one walk, on one thread.
///
/// Only local file systems whose directory times follow POSIX are trusted (`isLocalFileSystem`): network file systems
/// cache attributes and take times from another clock, FAT keeps none for its root.
public final class DirectoryListings {
  let known: [String: DirectoryListing]
  /// Directories changed (entries or times) this close before the walk may change again within the same timestamp:
  /// their listings are read, and not recorded. Both times count: a tool that restores a directory's modification
  /// time after adding an entry still sets its status-change time.
  let racyWindow: Int64
  private let started: Int64
  /// Whether each device seen is a file system whose listings may be recorded.
  private var trustedDevices: [UInt64: Bool] = [:]
  public private(set) var observed: [String: DirectoryListing] = [:]
  /// How many directories were not read because their recorded listing was current.
  public private(set) var reusedCount = 0
  /// Whether `observed` is exactly `known` (every directory walked was reused, and no other was recorded), known
  /// without comparing them.
  public var observedIsKnown: Bool { reusedCount == observed.count && observed.count == known.count }
  /// How many directories the walk asked for.
  private var enteredCount = 0
  /// Directories the walk looked into for one file without listing them (an `.xcodeproj` for its project file), with
  /// the signature each had before it looked: only a change of that signature shows the file appearing.
  public private(set) var probed: [String: DirectorySignature] = [:]
  /// Whether a probed directory could not be signed or changed within the racy window.
  private var probedUnsettled = false
  /// Whether the listing of every directory the walk entered is in `observed` (none had changed within the racy
  /// window, none was unreadable, all are on trusted file systems), and every directory it probed is in `probed`:
  /// `ReuseProof` needs them all.
  public var recordedEveryEnteredDirectory: Bool { observed.count == enteredCount && !probedUnsettled }

  /// The recorded directories' signatures, taken when the walk starts on every core rather than one by one as it
  /// reaches them (a thousand `stat`s on element-ios, a tenth of an unchanged run on one core). Each is still taken
  /// before its directory's entries would be read. Kept with each recorded listing, so that a directory costs the
  /// walk one look-up of its path.
  private let recorded: [String: (listing: DirectoryListing, current: DirectorySignature?)]

  public init(known: [String: DirectoryListing], racyWindow: Int64 = FactsCache.racyWindow) {
    self.known = known
    self.racyWindow = racyWindow
    started = FactsCache.now()
    let listings = Array(known)
    let signatures = parallelMap(count: listings.count, chunk: 64) { DirectorySignature(path: listings[$0].key) }
    var recorded: [String: (listing: DirectoryListing, current: DirectorySignature?)] = [:]
    recorded.reserveCapacity(listings.count)
    for ((path, listing), signature) in zip(listings, signatures) { recorded[path] = (listing, signature) }
    self.recorded = recorded
    observed.reserveCapacity(listings.count)
  }

  /// The value stored for exactly this path. `String` keys are equal across Unicode normalisations, and two
  /// directories may be named `Café` in NFC and in NFD side by side: one's signature or listing is not the other's.
  private static func value<Value>(in table: [String: Value], forPath path: String) -> Value? {
    guard let index = table.index(forKey: path) else { return nil }
    let (stored, value) = table[index]
    return sameBytes(stored, path) ? value : nil
  }

  /// Whether two strings have the same UTF-8 bytes (`memcmp`: comparing the views element by element was most of
  /// walking an unchanged tree's directories).
  static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
    guard lhs.utf8.count == rhs.utf8.count else { return false }
    var (lhs, rhs) = (lhs, rhs)
    return lhs.withUTF8 { left in
      rhs.withUTF8 { right in
        left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
      }
    }
  }

  /// `directory`'s entries, in path order: the recorded ones when its signature proves them current. `preread`: the
  /// directory as read before the walk, signed just before (a first run reads every directory on every core first);
  /// it stands for reading the directory here when none is recorded.
  func entries(of directory: String, preread: PrereadDirectory? = nil) -> [DirectoryEntry]? {
    enteredCount += 1
    let found = Self.value(in: recorded, forPath: directory)
    let preread = found == nil ? preread : nil
    func read() -> [DirectoryEntry]? { preread.map(\.entries) ?? FileDiscovery.entries(of: directory) }
    guard let signature = found?.current ?? preread?.signature ?? DirectorySignature(path: directory) else {
      return FileDiscovery.entries(of: directory)
    }
    let trusted = trustedDevices[signature.device] ?? {
      #if canImport(Darwin)
      let local = Self.isLocalFileSystem(directory)
      #else
      let local = Self.isLocal(device: signature.device)
      #endif
      trustedDevices[signature.device] = local
      return local
    }()
    guard trusted else { return read() }
    if let listing = found?.listing, listing.signature == signature {
      observed[directory] = listing
      reusedCount += 1
      return listing.entries
    }
    // The signature is taken before the entries are read: a change while they are read gives the directory another
    // modification time, and the next walk reads it again.
    guard let entries = read() else { return nil }
    if max(signature.modified, signature.changed) < started - racyWindow {
      observed[directory] = DirectoryListing(signature: signature, entries: entries)
    }
    return entries
  }

  /// Signs `directory` before the walk looks into it for one file (see `probed`).
  func probe(_ directory: String) {
    guard let signature = DirectorySignature(path: directory),
      max(signature.modified, signature.changed) < started - racyWindow
    else {
      probedUnsettled = true
      return
    }
    probed[directory] = signature
  }

  /// Local file systems that set a directory's modification time whenever an entry is added, removed or renamed,
  /// from the local clock.
  static func isLocalFileSystem(_ path: String) -> Bool {
    #if canImport(Darwin)
    var info = statfs()
    guard statfs(path, &info) == 0 else { return false }
    let name = withUnsafeBytes(of: info.f_fstypename) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    return ["apfs", "hfs"].contains(name)
    #else
    var status = stat()
    guard stat(path, &status) == 0 else { return false }
    return isLocal(device: UInt64(truncatingIfNeeded: status.st_dev))
    #endif
  }

  #if !canImport(Darwin)
  /// Linux: the devices `/proc/self/mountinfo` names with a local file system type (ext2/3/4, XFS, Btrfs, tmpfs,
  /// overlayfs, ZFS, F2FS). A device it does not name (a Btrfs subvolume's own device number) is not trusted.
  /// An array (a few dozen mounts at most), not a `Set`: the runtime would make `Set<UInt64>`'s storage type from
  /// its mangled name on the first run through here, a scan of every conformance record of this binary.
  private static let localDevices: [UInt64] = {
    // Read as bytes: Foundation's `String(contentsOfFile:)` looks up protocol conformances on its first use, a scan
    // of every conformance in this large binary.
    guard let bytes = Workspace.read("/proc/self/mountinfo") else { return [] }
    // Parsed on the bytes: splitting `Substring`s into a `Set<Substring>` cost 2.8 M instructions for 20 lines, most
    // of it the runtime's first look at those generic types, on every unchanged run.
    let local: [[UInt8]] = ["ext2", "ext3", "ext4", "xfs", "btrfs", "tmpfs", "overlay", "zfs", "f2fs"].map {
      Array($0.utf8)
    }
    var devices: [UInt64] = []
    for line in bytes.split(separator: UInt8(ascii: "\n")) {
      // `36 35 98:0 /root /mnt rw - ext4 /dev/root rw`: the third field is the device, the type follows ` - `.
      let fields = line.split(separator: UInt8(ascii: " "))
      guard fields.count > 2,
        let separator = fields.firstIndex(where: { $0.count == 1 && $0.first == UInt8(ascii: "-") }),
        separator + 1 < fields.count, local.contains(where: { $0.elementsEqual(fields[separator + 1]) })
      else { continue }
      let numbers = fields[2].split(separator: UInt8(ascii: ":"))
      guard numbers.count == 2, let major = decimal(numbers[0]), let minor = decimal(numbers[1]) else { continue }
      // glibc's `makedev`.
      devices.append(
        (major & 0xFFF) << 8 | (major & ~0xFFF) << 32 | (minor & 0xFF) | (minor & ~0xFF) << 12
      )
    }
    return devices
  }()

  /// An unsigned decimal number written in ASCII digits (at most 19 of them).
  private static func decimal(_ digits: ArraySlice<UInt8>) -> UInt64? {
    guard !digits.isEmpty, digits.count <= 19 else { return nil }
    var value: UInt64 = 0
    for digit in digits {
      guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + UInt64(digit - UInt8(ascii: "0"))
    }
    return value
  }

  static func isLocal(device: UInt64) -> Bool { localDevices.contains(device) }
  #endif
}
