import Foundation
import TablelintModel

/// Searches in a file's bytes before any syntax tree exists: whether a file can hold a suppression command or a merge
/// conflict at all, or an unreadable Xcode project a package reference.
public enum ByteSearch {
  /// Bytes frequent in source code: a search does not look for these first when the needle has another.
  private static let frequentBytes: [UInt8] = Array("etaoinsrlcdu .:()\n".utf8)

  /// Whether `needle` occurs in `bytes`: `memchr` to each place of the needle's first byte that is not frequent in
  /// code (the `b` of `tablelint:`, not its `t`), then `memcmp` of the whole needle around it.
  public static func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
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

  /// Where a line comment from `start` ends: at the first `\n` or `\r` (swift-syntax's lexer ends one at either), or
  /// at the end. Eight bytes at a time (`ByteWords`).
  static func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    ByteWords.firstOffset(
      of: UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\r"), in: UnsafeRawBufferPointer(bytes), from: start
    )
  }

  /// Where the block comment opening at `start` ends, past its `*/`, the comments nested in it included; `nil` when it
  /// does not. Only a `/` or a `*` opens or closes one: the bytes between (a blanked body is mostly spaces) are passed
  /// eight at a time.
  static func blockCommentEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    func at(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }
    let raw = UnsafeRawBufferPointer(bytes)
    var offset = start
    var depth = 0
    while offset < bytes.count {
      offset = ByteWords.firstOffset(of: UInt8(ascii: "/"), UInt8(ascii: "*"), UInt8(ascii: "*"), in: raw, from: offset)
      guard offset < bytes.count else { break }
      if bytes[offset] == UInt8(ascii: "/"), at(offset + 1) == UInt8(ascii: "*") {
        depth += 1
        offset += 2
      } else if bytes[offset] == UInt8(ascii: "*"), at(offset + 1) == UInt8(ascii: "/") {
        depth -= 1
        offset += 2
        if depth == 0 { return offset }
      } else {
        offset += 1
      }
    }
    return nil
  }
}
