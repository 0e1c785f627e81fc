extension Array where Element: StringProtocol {
  /// The strings joined by `separator`, as `joined(separator:)` joins them but specialised where it is called: the
  /// standard library's version runs generic code that looks up the elements' witnesses at run time, which costs its
  /// first call a scan of the binary's protocol conformances (about 0.15 ms), paid by every run that only prints its
  /// cached findings.
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
