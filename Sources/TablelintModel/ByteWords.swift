#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte scans eight bytes at a time, in one 64-bit word ("SWAR"): for the passes over every byte of every file
/// (line breaks, the Swift frontend's byte census), several times faster than a byte loop or a `memchr` per line.
public enum ByteWords {
  /// The word of `bytes` that starts at `offset` (at least eight bytes must remain), byte `offset` in its low bits.
  @inlinable @inline(__always)
  public static func word(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  /// The high bit of each byte of `word` equal to `byte`, and no other bit. Of the word xor `byte` repeated,
  /// `(b & 0x7F) + 0x7F` reaches a byte's high bit unless its low seven bits are clear, and cannot carry into the next
  /// byte; or-ing the byte itself covers its high bit.
  @inlinable @inline(__always)
  public static func marks(of byte: UInt8, in word: UInt64) -> UInt64 {
    let low = 0x7F7F_7F7F_7F7F_7F7F as UInt64
    let difference = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
    return ~(((difference & low) &+ low) | difference | low)
  }

  /// The high bit of each byte of `word` below `bound` (at most 0x80), and no other bit. `(b & 0x7F) + 0x80 - bound`
  /// reaches a byte's high bit when its low seven bits are at least `bound`, and cannot carry into the next byte;
  /// or-ing the byte itself covers the bytes at or above 0x80.
  @inlinable @inline(__always)
  public static func marks(below bound: UInt8, in word: UInt64) -> UInt64 {
    let low = 0x7F7F_7F7F_7F7F_7F7F as UInt64
    let high = 0x8080_8080_8080_8080 as UInt64
    return ~(((word & low) &+ 0x0101_0101_0101_0101 &* UInt64(0x80 - min(bound, 0x80))) | word) & high
  }

  /// The offset of the first byte at or after `start` that is `first`, `second` or `third` (pass one byte several
  /// times to look for fewer), or `bytes.count` when there is none.
  @inlinable
  public static func firstOffset(
    of first: UInt8, _ second: UInt8, _ third: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int
  ) -> Int {
    var offset = max(0, start)
    while bytes.count - offset >= 8 {
      let word = word(bytes, at: offset)
      let found = marks(of: first, in: word) | marks(of: second, in: word) | marks(of: third, in: word)
      if found != 0 { return offset + found.trailingZeroBitCount >> 3 }
      offset += 8
    }
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == first || byte == second || byte == third { return offset }
      offset += 1
    }
    return bytes.count
  }

  /// The marks of the line breaks of the word at `offset` (at least eight bytes must remain): each `\n`, and each
  /// `\r` not followed by `\n` (a classic Mac line break; in `\r\n` the `\n` is the break). The byte after the word,
  /// when there is one, tells about a `\r` in its last byte.
  @inlinable @inline(__always)
  public static func lineBreakMarks(_ bytes: UnsafeRawBufferPointer, at offset: Int, word: UInt64) -> UInt64 {
    let newlines = marks(of: UInt8(ascii: "\n"), in: word)
    let returns = marks(of: UInt8(ascii: "\r"), in: word)
    guard returns != 0 else { return newlines }
    // Each byte's mark moved to the byte before it: which bytes a `\n` follows.
    var beforeNewline = newlines >> 8
    if offset + 8 < bytes.count, bytes[offset + 8] == UInt8(ascii: "\n") { beforeNewline |= 1 << 63 }
    return newlines | (returns & ~beforeNewline)
  }

  /// Whether `bytes` holds `byte` (`memchr`, which reads many bytes an instruction): a file without `\r` has its line
  /// breaks found by its `\n`s alone, in the fastest loop.
  public static func contains(_ byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Bool {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
    return memchr(base, Int32(byte), bytes.count) != nil
  }

  /// Whether the byte at `offset` ends a line: `\n`, or `\r` not followed by `\n` (see `lineBreakMarks`).
  @inlinable @inline(__always)
  public static func isLineBreak(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
    let byte = bytes[offset]
    return byte == UInt8(ascii: "\n")
      || (byte == UInt8(ascii: "\r") && (offset + 1 == bytes.count || bytes[offset + 1] != UInt8(ascii: "\n")))
  }

  /// The offsets of the bytes a `marks` result marks, in `word` starting at `offset`, in order.
  @inlinable @inline(__always)
  public static func forEachMark(_ marks: UInt64, at offset: Int, _ body: (Int) -> Void) {
    var remaining = marks
    while remaining != 0 {
      body(offset + remaining.trailingZeroBitCount >> 3)
      remaining &= remaining &- 1
    }
  }
}
