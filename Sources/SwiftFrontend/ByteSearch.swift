import Foundation

/// Searches in a file's bytes before any syntax tree exists: whether a file can hold a suppression command or a merge
/// conflict at all.
enum ByteSearch {
  /// Bytes frequent in source code: a search does not look for these first when the needle has another.
  private static let frequentBytes: [UInt8] = Array("etaoinsrlcdu .:()\n".utf8)

  /// Whether `needle` occurs in `bytes`: `memchr` to each place of the needle's first byte that is not frequent in
  /// code (the `b` of `tablelint:`, not its `t`), then `memcmp` of the whole needle around it.
  static func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
    let needle = Array(needle.utf8)
    guard !needle.isEmpty, bytes.count >= needle.count else { return false }
    let anchor = needle.firstIndex { !frequentBytes.contains($0) } ?? 0
    let key = Int32(needle[anchor])
    return bytes.withUnsafeBufferPointer { buffer in
      let base = buffer.baseAddress!
      // The anchor byte's places where the whole needle fits: `anchor` to `count - needle.count + anchor`.
      var index = anchor
      let last = buffer.count - needle.count + anchor
      while index <= last {
        guard let found = memchr(base + index, key, last - index + 1) else { return false }
        index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        if memcmp(base + index - anchor, needle, needle.count) == 0 { return true }
        index += 1
      }
      return false
    }
  }
}
