import InterfaceBuilderFrontend
import ObjectiveCFrontend
import SwiftFrontend
import TablelintModel

/// Chooses the frontend for a file by its extension.
public enum Frontends {
  public static func parse(path: String, bytes: [UInt8]) -> FileFacts? {
    guard let kind = SourceFileKind(path: path) else { return nil }
    switch kind {
    case .swift: return SwiftFrontend.parse(path: path, bytes: bytes)
    case .storyboard, .xib: return InterfaceBuilderFrontend.parse(path: path, bytes: bytes)
    case .objectiveC: return ObjectiveCFrontend.parse(path: path, bytes: bytes)
    case .compiledNib: return FileFacts(path: path, content: .compiledNib)
    case .dependencyManifest:
      let declares = !path.hasSuffix(".pbxproj") || String(decoding: bytes, as: UTF8.self).contains("SwiftPackageReference")
      return FileFacts(path: path, content: .dependencyManifest(declaresDependencies: declares))
    }
  }
}

/// A 64-bit hash of file contents: the key of the per-file facts cache, and of a run's list of inputs. It reads
/// eight bytes a step (FNV-1a read one: about 3 % of a cold lint's CPU on element-ios's 16 MB). Its values are kept
/// only by the build that made them (a cache of another build is ignored), so it may change between versions; names
/// that outlive a build use `StableHash`.
///
/// Each step, `h = mix((h ^ word) * k)`, is a bijection of `h` for a given word and of the word for a given `h`:
/// inputs of one length that differ in one word never collide. The length is the first step.
public struct ContentHash: Hashable, Codable, Sendable, CustomStringConvertible {
  public let value: UInt64

  public init(_ bytes: [UInt8]) {
    value = bytes.withUnsafeBytes(Self.hash)
  }

  static func hash(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
    @inline(__always) func step(_ state: UInt64, _ word: UInt64) -> UInt64 {
      let product = (state ^ word) &* 0xff51_afd7_ed55_8ccd
      return product ^ (product >> 32)
    }
    // The length goes through a step of its own: xored straight into the state, it could cancel a change in the
    // first word (`[10, 48]` and `[11, 48, 0]` collided).
    var state = step(0x9e37_79b9_7f4a_7c15, UInt64(buffer.count))
    var offset = 0
    while offset + 8 <= buffer.count {
      state = step(state, UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
      offset += 8
    }
    if offset < buffer.count {
      var word: UInt64 = 0
      for (shift, byte) in buffer[offset...].enumerated() { word |= UInt64(byte) << (8 * UInt64(shift)) }
      state = step(state, word)
    }
    // MurmurHash3's finaliser: every input bit reaches every output bit.
    state ^= state >> 33
    state &*= 0xff51_afd7_ed55_8ccd
    state ^= state >> 33
    state &*= 0xc4ce_b9fe_1a85_ec53
    state ^= state >> 33
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
