import Foundation

/// Searches in a file's bytes before any syntax tree exists: whether a file can hold a suppression command or a merge
/// conflict at all.
enum ByteSearch {
  /// Whether `needle` occurs in `bytes` (`memchr` to each candidate first byte, then `memcmp`).
  static func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
    let needle = Array(needle.utf8)
    guard let first = needle.first, bytes.count >= needle.count else { return false }
    return bytes.withUnsafeBufferPointer { buffer in
      var index = 0
      let last = buffer.count - needle.count
      while index <= last {
        guard let found = memchr(buffer.baseAddress! + index, Int32(first), last - index + 1) else { return false }
        index = buffer.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
        if memcmp(buffer.baseAddress! + index, needle, needle.count) == 0 { return true }
        index += 1
      }
      return false
    }
  }
}
