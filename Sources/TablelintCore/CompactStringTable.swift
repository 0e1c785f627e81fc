import Foundation

/// The strings a `CompactCoder` blob holds, numbered in the order they are first written, found by their UTF-8 bytes.
///
/// Every string and key a blob writes is looked up here: through a `[String: Int]`, hashing them with `Hasher` (a
/// seeded SipHash, set up anew for each string) was nearly half of encoding a cache (element-ios: 40 of 89 ms on one
/// core). Here a string's bytes are hashed (xxHash64) into an open-addressing table of numbers, and compared
/// with `memcmp` against a copy of the bytes of the strings held. Strings are equal here when their bytes are: two
/// spellings of one text (NFC and NFD) are two strings, each decoded as it was written.
///
/// The hash is not seeded, so a file could be crafted whose strings collide: once the probes pass a bound the table
/// hands over to a `Dictionary` keyed by the bytes (seeded), and encoding stays linear.
struct CompactStringTable {
  /// The strings by number.
  private(set) var strings: [String] = []
  /// Every string's bytes, one after the other, and where each one's are, with its hash.
  private var storage: [UInt8] = []
  private var spans: [(start: Int, count: Int, hash: UInt64)] = []
  /// Number + 1 of the string in each slot, 0 for none; a power of two, at most half full.
  private var slots = [Int32](repeating: 0, count: 64)
  /// Look-ups, and steps taken past a string's first slot: past four a look-up (and a margin), `fallback` takes over.
  private var lookups = 0
  private var probes = 0
  private let margin: Int
  private var fallback: [[UInt8]: Int]?

  /// `margin`: the probes allowed beyond four a look-up before `fallback` takes over (tests make it negative).
  init(margin: Int = 1024) {
    self.margin = margin
  }

  /// Whether look-ups went to the seeded `fallback` (crafted collisions).
  var usesFallback: Bool { fallback != nil }

  /// The string's number, given it if it is new.
  mutating func number(of string: String) -> Int {
    var bytes = string
    return bytes.withUTF8 { number(of: $0, string) }
  }

  private mutating func number(of bytes: UnsafeBufferPointer<UInt8>, _ string: String) -> Int {
    if fallback != nil {
      let key = Array(bytes)
      if let number = fallback?[key] { return number }
      fallback?[key] = strings.count
      return append(bytes, string, hash: 0)
    }
    lookups += 1
    let hash = Self.hash(bytes)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let number = Int(slots[slot]) - 1
      let held = spans[number]
      if held.hash == hash, held.count == bytes.count, storage.withUnsafeBufferPointer({ storage in
        bytes.isEmpty || memcmp(storage.baseAddress! + held.start, bytes.baseAddress!, bytes.count) == 0
      }) {
        return number
      }
      slot = (slot + 1) & mask
      probes += 1
      // Checked at every step, so that neither a new string nor a string already held walks a long chain again and
      // again: the rest of the blob's strings are found through a seeded hash.
      if probes > 4 * lookups + margin {
        var table: [[UInt8]: Int] = [:]
        for (number, span) in spans.enumerated() { table[Array(storage[span.start..<(span.start + span.count)])] = number }
        fallback = table
        return self.number(of: bytes, string)
      }
    }
    let number = append(bytes, string, hash: hash)
    slots[slot] = Int32(truncatingIfNeeded: number + 1)
    if spans.count * 2 > slots.count { grow() }
    return number
  }

  private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, _ string: String, hash: UInt64) -> Int {
    spans.append((storage.count, bytes.count, hash))
    storage.append(contentsOf: bytes)
    strings.append(string)
    return strings.count - 1
  }

  private mutating func grow() {
    slots = [Int32](repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for (number, span) in spans.enumerated() {
      var slot = Int(truncatingIfNeeded: span.hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(truncatingIfNeeded: number + 1)
    }
  }

  /// The bytes' xxHash64 (`ContentHash`'s, which the cache already uses for file contents): the table's slot is the
  /// hash's low bits. Not seeded and not cryptographic: see `fallback`.
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    ContentHash.hash(UnsafeRawBufferPointer(bytes))
  }
}
