/// UTF-8 validation of a file's bytes, in place where the standard library can (`UTF8Span`, macOS 26 and Linux), else
/// through a `String` (which copies them).
public enum UTF8Validation {
  /// The offset (from the slice's start) of the first byte that does not belong to a well-formed UTF-8 sequence:
  /// where scalar-by-scalar parsing fails. `nil` when the bytes are valid.
  public static func firstInvalidOffset(in bytes: ArraySlice<UInt8>) -> Int? {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      do {
        _ = try UTF8Span(validating: bytes.span)
        return nil
      } catch {
        return error.byteOffsets.lowerBound
      }
    }
    if String(validating: bytes, as: UTF8.self) != nil { return nil }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }
}
