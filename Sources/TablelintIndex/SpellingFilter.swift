/// A quick first test of whether a spelling may be one of a few asked for, so that a pass over every member of a
/// workspace hashes whole only the few names that pass: one bit for each (length, first byte, last byte) of the
/// spellings asked, in 4,096 bits. `Set<String>.contains` hashes every byte of the name with SipHash, which was most
/// of a pass over element-ios's 60,000 members asking for a few dozen selectors.
///
/// It never rejects a spelling that was inserted; it may pass one that was not (the caller looks that one up).
struct SpellingFilter {
  private var words = [UInt64](repeating: 0, count: 64)

  init(_ spellings: some Sequence<String>) {
    for spelling in spellings { insert(spelling.utf8[...]) }
  }

  /// Whether `spelling` may be one of those inserted.
  func mayContain(_ spelling: String) -> Bool { mayContain(spelling.utf8[...]) }

  /// Whether the bytes may spell one of those inserted: a piece of a longer string, taken without making a `String`.
  func mayContain(_ bytes: Substring.UTF8View) -> Bool {
    let bit = Self.bit(of: bytes)
    return words[bit >> 6] & (1 << UInt64(bit & 63)) != 0
  }

  private mutating func insert(_ bytes: Substring.UTF8View) {
    let bit = Self.bit(of: bytes)
    words[bit >> 6] |= 1 << UInt64(bit & 63)
  }

  /// Length, first and last byte: each read without walking the bytes of a native string.
  private static func bit(of bytes: Substring.UTF8View) -> Int {
    guard let first = bytes.first, let last = bytes.last else { return 0 }
    return (bytes.count &* 97 &+ Int(first) &* 31 &+ Int(last)) & 4095
  }
}
