/// SARIF artifact URIs for finding paths: relative references under `%SRCROOT%` for files below the current
/// directory, absolute `file://` URIs otherwise, percent-encoded per RFC 3986.
struct ArtifactURIs: Sendable {
  static let sourceRootBaseID = "%SRCROOT%"

  private let paths: ReportPaths

  init(currentDirectory: String) {
    paths = ReportPaths(currentDirectory: currentDirectory)
  }

  /// `file:///abs/cwd/` for `originalUriBaseIds`, when the current directory is absolute.
  var sourceRootURI: String? {
    paths.absoluteCurrentDirectory.map { directory in
      let encoded = Self.percentEncodedPath(directory)
      return "file://" + (encoded.hasSuffix("/") ? encoded : encoded + "/")
    }
  }

  func artifactLocation(for path: String) -> SARIFLog.ArtifactLocation {
    if let relative = paths.relativePath(path) {
      return SARIFLog.ArtifactLocation(uri: Self.percentEncodedPath(relative), uriBaseId: Self.sourceRootBaseID)
    }
    if let absolute = paths.absolutePath(path) {
      return SARIFLog.ArtifactLocation(uri: "file://" + Self.percentEncodedPath(absolute), uriBaseId: nil)
    }
    // A `../` path while the current directory is unknown: the best relative reference there is.
    return SARIFLog.ArtifactLocation(
      uri: Self.percentEncodedPath(paths.displayPath(path)), uriBaseId: Self.sourceRootBaseID
    )
  }

  /// Keeps `/`, unreserved characters and the sub-delimiters that are safe in a path; encodes everything else
  /// (spaces, `%`, `#`, `?`, `:` — which would read as a scheme in a relative reference — and non-ASCII bytes).
  static func percentEncodedPath(_ path: String) -> String {
    var encoded = ""
    for byte in path.utf8 {
      if isAllowedInPath(byte) {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        encoded += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0x0F)
      }
    }
    return encoded
  }

  private static func isAllowedInPath(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return "/-._~!$&'()*+,;=@".utf8.contains(byte)
    }
  }

  private static func hexDigit(_ value: UInt8) -> String {
    String(UnicodeScalar(value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10))
  }
}
