import Foundation
import TablelintModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the files tablelint reads under the paths it is given.
public struct FileDiscovery: Sendable {
  /// Directory names never entered: build products, dependencies, version control.
  public static let defaultExcludedDirectories: Set<String> = [
    ".build", ".git", ".svn", ".hg", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm",
  ]
  /// Directory extensions that hold no sources tablelint reads: an Xcode localization catalog (`fr.xcloc`) holds
  /// copies of the storyboards exported for translators (`Source Contents/`), never built (AudioKitSynthOne keeps six).
  static let skippedBundleExtensions: Set<String> = ["xcassets", "xcodeproj", "xcworkspace", "framework", "app", "xcloc"]

  /// Directory names never entered (`defaultExcludedDirectories` unless set).
  public var excludedDirectories: Set<String> {
    get { customExcludedDirectories ?? Self.defaultExcludedDirectories }
    set { customExcludedDirectories = newValue }
  }
  /// `nil` for the default names, whose set is then made only when a walk asks for it: making a `Set<String>` costs
  /// the first one a scan of the binary's protocol conformances (for `String: Hashable`), about 0.15 ms of a run that
  /// only prints its cached findings and never walks.
  private var customExcludedDirectories: Set<String>?

  public init(excludedDirectories: Set<String>? = nil) {
    customExcludedDirectories = excludedDirectories
  }

  public enum Error: Swift.Error, CustomStringConvertible, Equatable {
    case notFound(String)

    public var description: String {
      switch self {
      case .notFound(let path): return "no such file or directory: '\(path)'"
      }
    }
  }

  /// Paths of Swift, storyboard, xib and Objective-C files under `roots`, sorted, without duplicates.
  /// A root that is a file is included when its kind is known. Under a root, a symbolic link is followed only to a
  /// regular file inside the root: not out of the tree, not to a FIFO or a device (a read could block or never end),
  /// never to a directory (links to directories make cycles and duplicates).
  ///
  /// `listings`: directory listings a previous run read (`FactsCache`): a directory whose identity and modification
  /// time are those recorded is not read again. What this walk read or reused is left in `listings.observed`.
  public func discover(roots: [String], listings: DirectoryListings? = nil) throws -> [String] {
    try discoverSigned(roots: roots, listings: listings).paths
  }

  /// What `discoverSigned` found: the paths, and each one's signature where the walk took it.
  public struct Discovered: Sendable {
    public var paths: [String]
    /// By position in `paths`; `nil` where none was taken (an entry the walk did not read from disk, a project
    /// file, a compiled nib), or `nil` as a whole when the walk could not keep them in step with the paths.
    public var signatures: [FileSignature?]?
  }

  /// `discover`, and the signature of each file in a directory the walk read itself: the threads that read the
  /// directories `stat` their source files through the open directory (`fstatat`, links followed as `stat` follows
  /// them), where a later pass over the paths would walk every path's components again on one core at a time.
  public func discoverSigned(roots: [String], listings: DirectoryListings? = nil) throws -> Discovered {
    var result: [String] = []
    var signatures: [FileSignature?]? = roots.count == 1 ? [] : nil
    let manager = FileManager.default
    for root in roots {
      let normalizedRoot = Self.normalize(root)
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: normalizedRoot, isDirectory: &isDirectory) else {
        throw Error.notFound(root)
      }
      if !isDirectory.boolValue {
        if SourceFileKind(path: normalizedRoot) != nil {
          result.append(normalizedRoot)
          signatures?.append(nil)
        }
        continue
      }
      let resolvedRoot = Self.resolvedPath(normalizedRoot) ?? normalizedRoot
      // Without recorded listings every directory is read: on every core first, then walked in order from memory.
      // Recording listings for the first time (a cache without any), each directory is signed just before it is read,
      // as `DirectoryListings` signs the ones it reads itself.
      let read = listings.map { $0.known.isEmpty } ?? true
        ? readDirectories(under: normalizedRoot, signing: listings != nil) : nil
      walk(
        directory: normalizedRoot, resolvedRoot: resolvedRoot, listings: listings, read: read, into: &result,
        signatures: &signatures, manager: manager
      )
    }
    // One root's walk comes out sorted: entries are in path order (`entries(of:)`). Checking costs one comparison a
    // path, sorting about twelve (3,000 paths); several roots, a listing recorded in another order, or names equal
    // as strings but not as bytes (NFC and NFD spellings) are sorted and made unique (without their signatures).
    if zip(result, result.dropFirst()).allSatisfy({ $0 < $1 }) { return Discovered(paths: result, signatures: signatures) }
    return Discovered(paths: Set(result).sorted(), signatures: nil)
  }

  /// `signatures`: kept in step with `result` (a `nil` for each path without one) while it is not `nil`.
  private func walk(
    directory: String, resolvedRoot: String, listings: DirectoryListings?, read: ReadDirectories?,
    into result: inout [String], signatures: inout [FileSignature?]?, manager: FileManager
  ) {
    let listed: [DirectoryEntry]?
    // The signatures the reading thread took, when the walk goes through the entries it read.
    var files: [FileSignature?]?
    if let listings {
      let preread = read?.signed(directory)
      listed = listings.entries(of: directory, preread: preread)
      // With no listing recorded, the listings give a directory read before the walk as it was read.
      if listings.known.isEmpty { files = preread?.files }
    } else if let read, let directoryAsRead = read.read(directory) {
      (listed, files) = (directoryAsRead.entries, directoryAsRead.files)
    } else {
      listed = Self.entries(of: directory)
    }
    guard let entries = listed else { return }
    func append(_ path: String, _ position: Int?) {
      result.append(path)
      signatures?.append(position.flatMap { files?[$0] })
    }
    for (position, item) in entries.enumerated() {
      let entry = item.name
      let path = Self.child(named: entry, of: directory)
      guard let type = item.type ?? Self.entryType(path) else { continue }
      switch type {
      case .directory:
        if entersDirectory(named: entry) {
          walk(
            directory: path, resolvedRoot: resolvedRoot, listings: listings, read: read, into: &result,
            signatures: &signatures, manager: manager
          )
        } else if excludedDirectories.contains(entry) {
          continue
        } else if SourceFileKind(path: entry) == .compiledNib {
          // A compiled nib bundle is a folder; its name is what matters.
          append(path, nil)
        } else if entry.hasSuffix(".xcodeproj") {
          // An Xcode project's file names the Swift packages the app links (a project that XcodeGen or Tuist makes
          // may have none yet).
          listings?.probe(path)
          if manager.fileExists(atPath: path + "/project.pbxproj") { append(path + "/project.pbxproj", nil) }
        }
      case .regularFile:
        if SourceFileKind(path: entry) != nil { append(path, position) }
      case .symbolicLink:
        guard SourceFileKind(path: entry) != nil, let target = Self.resolvedPath(path),
          Self.entryType(target) == .regularFile,
          resolvedRoot == "/" || target.hasPrefix(resolvedRoot + "/")
        else { continue }
        append(path, position)
      case .other:
        continue
      }
    }
  }

  /// Whether the walk goes into a subdirectory of this name: not an excluded one, not a compiled nib (a bundle whose
  /// name is the input), not a bundle that holds no sources (`xcassets`, `xcodeproj`, …).
  private func entersDirectory(named name: String) -> Bool {
    if excludedDirectories.contains(name) || SourceFileKind(path: name) == .compiledNib { return false }
    if let bundleExtension = Self.pathExtension(of: name), Self.skippedBundleExtensions.contains(bundleExtension) {
      return false
    }
    return true
  }

  /// The entries of every directory the walk will enter under `root`, read by two threads, each going on with one
  /// subdirectory of the directory it read and sharing the rest through one queue (element-ios: 1,000 directories,
  /// 8.4 ms on one core with the other idle; listing them is two system calls and a sort each, and scales with the
  /// cores). An entry whose type `readdir` did not give gets it here from `lstat` (`nil` when that fails too: the walk
  /// skips it), so the walk does not ask again. `nil` on one core.
  /// `signing`: each directory is signed before it is read, and its entries are kept as read (types `readdir` did not
  /// give stay unknown), for `DirectoryListings` to record (`PrereadDirectory`).
  private func readDirectories(under root: String, signing: Bool) -> ReadDirectories? {
    let width = min(2, EveryCore.width)
    guard width > 1 else { return nil }
    let queue = DirectoryQueue(root: root)
    performOnEveryCore(iterations: width, width: width) { _ in
      var next = queue.next()
      while let directory = next {
        var subdirectories: [String] = []
        let signature = signing ? DirectorySignature(path: directory) : nil
        let (listed, files) = Self.entries(of: directory, signingSources: true) ?? (nil, nil)
        let entries = listed?.map { listed in
          var entry = listed
          let path = Self.child(named: entry.name, of: directory)
          if entry.type == nil { entry.type = Self.entryType(path) }
          if entry.type == .directory, entersDirectory(named: entry.name) { subdirectories.append(path) }
          return entry
        }
        // The thread goes on with a subdirectory of its own and shares the others: taking every directory from the
        // queue, the second thread mostly waited for the first to add some (`perf sched`: runs of 0.02–0.5 ms).
        let own = subdirectories.popLast()
        queue.finish(
          directory, entries: signing ? listed : entries, files: files, signature: signature,
          subdirectories: subdirectories, continuingWith: own
        )
        next = own ?? queue.next()
      }
    }
    return queue.read
  }

  /// `directory/name` (`name` alone under `.`), its bytes copied once: two `String` appends a path were a tenth of an
  /// unchanged run's walk.
  static func child(named name: String, of directory: String) -> String {
    if directory == "." { return name }
    var directory = directory
    var name = name
    return directory.withUTF8 { parent in
      name.withUTF8 { child in
        let separator = parent.last == UInt8(ascii: "/") ? 0 : 1
        return String(unsafeUninitializedCapacity: parent.count + separator + child.count) { buffer in
          _ = buffer.initialize(fromContentsOf: parent)
          if separator == 1 { buffer[parent.count] = UInt8(ascii: "/") }
          _ = UnsafeMutableBufferPointer(rebasing: buffer[(parent.count + separator)...]).initialize(fromContentsOf: child)
          return buffer.count
        }
      }
    }
  }

  /// What follows the last `.` byte of a name (`xcassets`); `nil` without one. Found on the bytes, not by walking
  /// grapheme clusters: it differs from `lastIndex(of: ".")` only for a dot that a combining mark follows, and then
  /// neither answer is one of the (ASCII) extensions compared with it.
  static func pathExtension(of name: String) -> String? {
    let bytes = name.utf8
    guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return nil }
    return String(name[bytes.index(after: dot)...])
  }

  /// What a directory entry is, from `lstat` (links not followed). Foundation's `attributesOfItem` would also look
  /// up the owner's and group's names, reading the user database for every file.
  public enum EntryType: UInt8, Sendable {
    case directory, regularFile, symbolicLink, other
  }

  /// A directory's entries in path order, with their types as `readdir` gives them (`nil` where the file system
  /// does not say; then `entryType` asks `lstat`): one system call per directory rather than one per entry.
  ///
  /// Path order sorts a directory by its name followed by `/`, as its files' paths sort: `App/A/B.swift` comes after
  /// `App/A.swift` (`.` is before `/`) although `A` comes before `A.swift`. A walk in this order finds its paths
  /// sorted, except where the file system does not give an entry's type (it sorts by its bare name) or a compiled nib
  /// (a folder whose own path is the input): `discover` sorts those walks afterwards.
  static func entries(of directory: String) -> [DirectoryEntry]? {
    entries(of: directory, signingSources: false)?.entries
  }

  /// `entries(of:)`, and with `signingSources` the signature of each entry that may be a source file the walk
  /// reads (not a directory or a compiled nib by its type or name), in step with the entries (`nil` for the others
  /// and where `fstatat` fails).
  static func entries(of directory: String, signingSources: Bool) -> (
    entries: [DirectoryEntry], files: [FileSignature?]?
  )? {
    guard let stream = opendir(directory) else { return nil }
    defer { closedir(stream) }
    let descriptor = dirfd(stream)
    var result: [(key: String, entry: DirectoryEntry, file: FileSignature?)] = []
    while let entry = readdir(stream) {
      let (name, file) = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
          name -> (String, FileSignature?) in
          let text = String(cString: name)
          let type = entry.pointee.d_type
          guard signingSources, type == 8 || type == 10 || type == 0,  // DT_REG, DT_LNK, DT_UNKNOWN
            let kind = SourceFileKind(path: text), kind != .compiledNib
          else { return (text, nil) }
          var status = stat()
          return (text, fstatat(descriptor, name, &status, 0) == 0 ? FileSignature(status: status) : nil)
        }
      }
      if name == "." || name == ".." { continue }
      let type: EntryType?
      switch entry.pointee.d_type {
      case 4: type = .directory  // DT_DIR
      case 8: type = .regularFile  // DT_REG
      case 10: type = .symbolicLink  // DT_LNK
      case 0: type = nil  // DT_UNKNOWN
      default: type = .other
      }
      result.append((type == .directory ? name + "/" : name, DirectoryEntry(name: name, type: type), file))
    }
    result.sort { $0.key < $1.key }
    return (result.map(\.entry), signingSources ? result.map(\.file) : nil)
  }

  static func entryType(_ path: String) -> EntryType? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: return .directory
    case S_IFREG: return .regularFile
    case S_IFLNK: return .symbolicLink
    default: return .other
    }
  }

  /// The absolute path with every symbolic link resolved, or `nil` when it does not resolve (a dangling link, a
  /// loop).
  static func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// `./Fixtures//App/` → `Fixtures/App`.
  public static func normalize(_ path: String) -> String {
    let joined = path.split(separator: "/").filter { $0 != "." }.fastJoined(separator: "/")
    if path.hasPrefix("/") { return "/" + joined }
    return joined.isEmpty ? "." : joined
  }
}

/// What `FileDiscovery.readDirectories` read: each directory's entries (`nil` inside when it could not be opened) by
/// path. `String` keys are equal across Unicode normalisations: of two directories named `Café` in NFC and in NFD side
/// by side, only the first read is kept, and the walk reads the other itself.
private struct ReadDirectories {
  /// A directory as read: its path as spelled, its entries, its signature when it was signed.
  fileprivate typealias Read = (
    path: String, entries: [DirectoryEntry]?, files: [FileSignature?]?, signature: DirectorySignature?
  )
  fileprivate var listings: [String: Read] = [:]

  /// A directory as read (its entries `nil` when it could not be opened); `nil` when it was not read (or another
  /// spelling of its path was).
  func read(_ directory: String) -> Read? {
    guard let kept = listings[directory], DirectoryListings.sameBytes(kept.path, directory) else { return nil }
    return kept
  }

  /// A directory read with its signature taken just before; `nil` when it was not read or not signed.
  func signed(_ directory: String) -> PrereadDirectory? {
    guard let kept = read(directory), let signature = kept.signature else { return nil }
    return PrereadDirectory(signature: signature, entries: kept.entries, files: kept.files)
  }
}

/// The directories still to read, shared by `FileDiscovery.readDirectories`'s threads, and those read.
private final class DirectoryQueue: @unchecked Sendable {
  private let condition = NSCondition()
  private var queue: [String]
  private var nextInQueue = 0
  /// Directories taken and not finished: while any is, the queue may still grow.
  private var reading = 0
  /// Complete once `next()` has returned `nil` to every thread.
  private(set) var read = ReadDirectories()

  init(root: String) {
    queue = [root]
  }

  /// The next directory to read; `nil` when every directory is read.
  func next() -> String? {
    condition.lock()
    defer { condition.unlock() }
    while nextInQueue == queue.count, reading > 0 { condition.wait() }
    guard nextInQueue < queue.count else { return nil }
    nextInQueue += 1
    reading += 1
    return queue[nextInQueue - 1]
  }

  /// `continuingWith`: the directory the thread reads next, taken without the queue (it stays counted as being read).
  func finish(
    _ directory: String, entries: [DirectoryEntry]?, files: [FileSignature?]?, signature: DirectorySignature?,
    subdirectories: [String], continuingWith: String?
  ) {
    condition.lock()
    if read.listings[directory] == nil { read.listings[directory] = (directory, entries, files, signature) }
    queue.append(contentsOf: subdirectories)
    if continuingWith == nil { reading -= 1 }
    if !subdirectories.isEmpty || reading == 0 { condition.broadcast() }
    condition.unlock()
  }
}
