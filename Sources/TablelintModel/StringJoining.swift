// `joined(separator:)` of the standard library runs generic code that looks up the elements' witnesses at run time,
// which costs its first call a scan of the binary's protocol conformances (about 0.15 ms), paid by every run that only
// prints its cached findings. These join the same way, specialised where they are called, through the concrete
// `String.append(contentsOf: Substring)` (a generic body would call the generic `append`, which looks up witnesses).

extension Array where Element == Substring {
  /// `joined(separator:)` without run-time lookups (see above).
  @inlinable
  public func fastJoined(separator: String) -> String {
    var result = ""
    for (index, part) in enumerated() {
      if index > 0 { result.append(separator) }
      result.append(contentsOf: part)
    }
    return result
  }
}

extension Array where Element == String {
  /// `joined(separator:)` without run-time lookups, through a view of each string (no characters copied).
  @inlinable
  public func fastJoined(separator: String) -> String {
    map { $0[...] }.fastJoined(separator: separator)
  }
}
