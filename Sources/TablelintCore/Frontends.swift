import InterfaceBuilderFrontend
import ObjectiveCFrontend
import SwiftFrontend
import TablelintModel

/// Chooses the frontend for a file by its extension.
public enum Frontends {
  public static func parse(path: String, bytes: [UInt8]) -> FileFacts? {
    guard let kind = SourceFileKind(path: path) else { return nil }
    if isUnreadOnPurpose(bytes, kind: kind) { return FileFacts(path: path, content: .unreadable) }
    switch kind {
    case .swift: return SwiftFrontend.parse(path: path, bytes: bytes)
    case .storyboard, .xib: return InterfaceBuilderFrontend.parse(path: path, bytes: bytes)
    case .objectiveC: return ObjectiveCFrontend.parse(path: path, bytes: bytes)
    case .compiledNib: return FileFacts(path: path, content: .compiledNib)
    case .dependencyManifest:
      guard path.hasSuffix(".pbxproj") else {
        // A `.gitmodules` without a `[submodule …]` section names no code kept elsewhere.
        let declares = !path.hasSuffix(".gitmodules") || ByteSearch.contains(bytes, "[submodule")
        return FileFacts(path: path, content: .dependencyManifest(declaresDependencies: declares, projectFiles: nil))
      }
      let project = XcodeProjectReader.read(projectFile: path, bytes: bytes)
      return FileFacts(
        path: path, content: .dependencyManifest(declaresDependencies: project.linksPackages, projectFiles: project.files)
      )
    }
  }
}

extension Frontends {
  /// The header git-crypt writes in front of a file it keeps encrypted (`\0GITCRYPT\0`, then a nonce).
  private static let gitCryptHeader: [UInt8] = [0] + Array("GITCRYPT".utf8) + [0]

  /// A file git-crypt keeps encrypted in the repository (a checkout without the key: CI, a contributor): its source
  /// is the team's, just not readable here, so it is unread without a problem, and rules stay as careful as with any
  /// unread file (stepik-ios encrypts `IAPPaymentsCache.swift`).
  public static func isEncrypted(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: gitCryptHeader)
  }

  /// A byte order mark of UTF-16 or UTF-32 (either byte order) at the start. Clang stops at it ("encoding is not
  /// supported") and swiftc reads UTF-8 only, so no Apple target builds such a Swift or Objective-C file: it is another
  /// platform's code kept beside the app (TeamTalk's Windows client has a UTF-16 `base64.h`), unread without a
  /// problem, and rules stay as careful as with any unread file.
  /// Text only: the rest must be whole code units of that encoding, none of them NUL and no surrogate unpaired, so
  /// binary junk that happens to start with `FF FE` is still a file that does not read.
  public static func hasWideByteOrderMark(_ bytes: [UInt8]) -> Bool {
    if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return isWideText(bytes, unit: 4, bigEndian: false) }
    if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return isWideText(bytes, unit: 4, bigEndian: true) }
    if bytes.starts(with: [0xFF, 0xFE]) { return isWideText(bytes, unit: 2, bigEndian: false) }
    if bytes.starts(with: [0xFE, 0xFF]) { return isWideText(bytes, unit: 2, bigEndian: true) }
    return false
  }

  /// Whether `bytes`, a byte order mark and then `unit`-byte code units, is text: no NUL, no code point beyond
  /// Unicode's, every UTF-16 surrogate paired.
  private static func isWideText(_ bytes: [UInt8], unit: Int, bigEndian: Bool) -> Bool {
    guard bytes.count > unit, bytes.count % unit == 0 else { return false }
    var expectsLowSurrogate = false
    var offset = unit
    while offset < bytes.count {
      var value: UInt32 = 0
      for index in 0..<unit {
        let byte = UInt32(bytes[offset + (bigEndian ? index : unit - 1 - index)])
        value = value << 8 | byte
      }
      offset += unit
      guard value != 0, value <= 0x10FFFF else { return false }
      let isHigh = unit == 2 && (0xD800...0xDBFF).contains(value)
      let isLow = unit == 2 && (0xDC00...0xDFFF).contains(value)
      if expectsLowSurrogate != isLow { return false }
      expectsLowSurrogate = isHigh
    }
    return !expectsLowSurrogate
  }

  /// Whether the file is left unread on purpose, without a problem (`isEncrypted`, `hasWideByteOrderMark`).
  public static func isUnreadOnPurpose(_ bytes: [UInt8], kind: SourceFileKind?) -> Bool {
    guard let kind, kind != .compiledNib else { return false }
    return isEncrypted(bytes) || ((kind == .swift || kind == .objectiveC) && hasWideByteOrderMark(bytes))
  }
}

/// A 64-bit hash of file contents: the key of the per-file facts cache, and of a run's list of inputs: xxHash64 with
/// seed 0 (its published test values are in `WorkspaceTests`). Its values are kept only by the build that made them
/// (a cache of another build is ignored), so it may change between versions; names that outlive a build use
/// `StableHash`.
///
/// xxHash64 reads 32 bytes a step into four independent lanes, so the processor overlaps their multiplications; the
/// single chain of rounds this replaced waited for each multiplication before the next (about 2 % of a cold lint's
/// time on element-ios's 16 MB).
public struct ContentHash: Hashable, Codable, Sendable, CustomStringConvertible {
  public let value: UInt64

  public init(_ bytes: [UInt8]) {
    value = bytes.withUnsafeBytes(Self.hash)
  }

  private static let prime1: UInt64 = 0x9e37_79b1_85eb_ca87
  private static let prime2: UInt64 = 0xc2b2_ae3d_27d4_eb4f
  private static let prime3: UInt64 = 0x1656_67b1_9e37_79f9
  private static let prime4: UInt64 = 0x85eb_ca77_c2b2_ae63
  private static let prime5: UInt64 = 0x27d4_eb2f_1656_67c5

  @inline(__always) private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
    (accumulator &+ input &* prime2).rotated(left: 31) &* prime1
  }

  @inline(__always) private static func merge(_ accumulator: UInt64, _ lane: UInt64) -> UInt64 {
    (accumulator ^ round(0, lane)) &* prime1 &+ prime4
  }

  static func hash(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
    @inline(__always) func word(_ offset: Int) -> UInt64 {
      UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    let count = buffer.count
    var offset = 0
    var state: UInt64
    if count >= 32 {
      var lanes = (prime1 &+ prime2, prime2, UInt64(0), 0 &- prime1)
      while offset + 32 <= count {
        lanes.0 = round(lanes.0, word(offset))
        lanes.1 = round(lanes.1, word(offset + 8))
        lanes.2 = round(lanes.2, word(offset + 16))
        lanes.3 = round(lanes.3, word(offset + 24))
        offset += 32
      }
      state = lanes.0.rotated(left: 1) &+ lanes.1.rotated(left: 7) &+ lanes.2.rotated(left: 12)
        &+ lanes.3.rotated(left: 18)
      state = merge(merge(merge(merge(state, lanes.0), lanes.1), lanes.2), lanes.3)
    } else {
      state = prime5
    }
    state &+= UInt64(count)
    while offset + 8 <= count {
      state = (state ^ round(0, word(offset))).rotated(left: 27) &* prime1 &+ prime4
      offset += 8
    }
    if offset + 4 <= count {
      let half = UInt64(UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
      state = (state ^ half &* prime1).rotated(left: 23) &* prime2 &+ prime3
      offset += 4
    }
    while offset < count {
      state = (state ^ UInt64(buffer[offset]) &* prime5).rotated(left: 11) &* prime1
      offset += 1
    }
    state ^= state >> 33
    state &*= prime2
    state ^= state >> 29
    state &*= prime3
    state ^= state >> 32
    return state
  }

  public init(value: UInt64) { self.value = value }

  public var description: String { String(value, radix: 16) }
}

/// FNV-1a, 64 bits, for names kept beyond one build: baseline fingerprints (in files users commit) and the cache
/// file's name. Its values must never change.
public enum StableHash {
  public static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var count: UInt64 = 0
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
      count &+= 1
    }
    // The length mixed in, as the first versions did.
    return hash ^ count
  }
}

extension UInt64 {
  /// The bits rotated `count` places towards the most significant end.
  @inline(__always) func rotated(left count: UInt64) -> UInt64 { self << count | self >> (64 - count) }
}
