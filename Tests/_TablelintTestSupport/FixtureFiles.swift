import Foundation

/// The files of the bundled fixture projects (`Fixtures/`), for tests that read every file of a kind.
public enum FixtureFiles {
  /// `Fixtures/` in this checkout.
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures").path

  /// Every fixture file whose name ends in one of `suffixes`: its path under `root` and its bytes.
  public static func files(endingIn suffixes: [String]) throws -> [(path: String, bytes: [UInt8])] {
    try FileManager.default.subpathsOfDirectory(atPath: root).filter { path in
      suffixes.contains { path.hasSuffix($0) }
    }.map { path in
      guard let data = FileManager.default.contents(atPath: root + "/" + path) else {
        throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path])
      }
      return (path, Array(data))
    }
  }
}
