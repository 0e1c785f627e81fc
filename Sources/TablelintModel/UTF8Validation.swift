/// UTF-8 validation of a file's bytes, in place: ASCII eight bytes at a time, each multi-byte sequence checked against
/// the well-formed sequences of the Unicode Standard (table 3-7).
public enum UTF8Validation {
  /// The offset (from the slice's start) of the first byte that does not belong to a well-formed UTF-8 sequence:
  /// where scalar-by-scalar parsing fails (the lead byte of a truncated or ill-formed sequence, or a byte that cannot
  /// start one). `nil` when the bytes are valid.
  ///
  /// Source files are ASCII but for a few comments and strings: the standard library's validator (`UTF8Span`) took
  /// seven instructions a byte over every file that holds one non-ASCII byte.
  public static func firstInvalidOffset(in bytes: ArraySlice<UInt8>) -> Int? {
    bytes.withUnsafeBufferPointer { buffer -> Int? in
      let count = buffer.count
      var index = 0
      while index < count {
        if let base = buffer.baseAddress {
          while count - index >= 8 {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if word & 0x8080_8080_8080_8080 != 0 { break }
            index += 8
          }
        }
        guard index < count else { return nil }
        let lead = buffer[index]
        if lead < 0x80 {
          index += 1
          continue
        }
        // The length of the sequence `lead` starts, and the range its second byte must be in.
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, low) = (3, 0xA0)  // no overlong form
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, high) = (3, 0x9F)  // no surrogate
        case 0xF0: (length, low) = (4, 0x90)  // no overlong form
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, high) = (4, 0x8F)  // nothing past U+10FFFF
        default: return index  // a continuation byte, C0, C1, F5 through FF
        }
        guard index + 1 < count, buffer[index + 1] >= low, buffer[index + 1] <= high else { return index }
        var next = 2
        while next < length {
          guard index + next < count, buffer[index + next] & 0xC0 == 0x80 else { return index }
          next += 1
        }
        index += length
      }
      return nil
    }
  }
}
