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
/// Each word goes through xxHash64's round (multiply, rotate, multiply) before it meets the state, and the state is
/// rotated and multiplied at each step, xxHash64's way of taking its last words: every step is a bijection of the
/// state for a given word, and of the word for a given state, so inputs of one length that differ in one word never
/// collide, and a change in one word cannot be cancelled by a chosen change in the next. (A first version only
/// multiplied `state ^ word`: a change in a word's high bits could be cancelled in the next word, and ASCII lines
/// differing in two digits collided.) The length is the first step.
public struct ContentHash: Hashable, Codable, Sendable, CustomStringConvertible {
  public let value: UInt64

  public init(_ bytes: [UInt8]) {
    value = bytes.withUnsafeBytes(Self.hash)
  }

  static func hash(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
    let prime1: UInt64 = 0x9e37_79b1_85eb_ca87
    let prime2: UInt64 = 0xc2b2_ae3d_27d4_eb4f
    let prime3: UInt64 = 0x1656_67b1_9e37_79f9
    let prime4: UInt64 = 0x85eb_ca77_c2b2_ae63
    let prime5: UInt64 = 0x27d4_eb2f_1656_67c5
    @inline(__always) func step(_ state: UInt64, _ word: UInt64) -> UInt64 {
      let round = (word &* prime2).rotated(left: 31) &* prime1
      return (state ^ round).rotated(left: 27) &* prime1 &+ prime4
    }
    var state = step(prime5, UInt64(buffer.count))
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
    // xxHash64's finaliser: every input bit reaches every output bit.
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
