import Testing
import TablelintCore
import TablelintModel

/// `SourceFileKind(path:)` decides on the path's bytes when it can; it must say what the lower-cased `String` says.
@Suite struct SourceFileKindTests {
  /// The definition: the lower-cased path's suffix, or a manifest's name as the last component.
  static func reference(_ path: String) -> SourceFileKind? {
    let lower = path.lowercased()
    if lower.hasSuffix(".swift") { return .swift }
    if lower.hasSuffix(".storyboard") { return .storyboard }
    if lower.hasSuffix(".xib") { return .xib }
    if lower.hasSuffix(".h") || lower.hasSuffix(".m") || lower.hasSuffix(".mm") { return .objectiveC }
    if lower.hasSuffix(".nib") { return .compiledNib }
    if SourceFileKind.dependencyManifestNames.contains(String(path.split(separator: "/").last ?? "")) {
      return .dependencyManifest
    }
    return nil
  }

  @Test func theBytesSayWhatTheStringSays() {
    let paths = [
      "App/List.swift", "App/LIST.SWIFT", "Main.Storyboard", "Cell.XIB", "a.h", "a.M", "a.mm", "a.MM", "Old.nib",
      "Podfile", "App/Podfile", "App/Podfile/", "Cartfile", "Package.resolved", "X.xcodeproj/project.pbxproj",
      "", ".", "/", "swift", ".swift", "a.swiftt", "a.swif", "image.png", "README.md", "a.mmm", "notes.txt",
      "Ca\u{301}fé.swift", "\u{600}.swift", "a\u{600}.xib", "a.swi\u{301}ft", "a.swift\u{301}", ".\u{301}swift",
      "a.SWİFT", "a.\u{212A}", "Podfil\u{600}e", "a/b/Cartfile", "été/Package.resolved", ".gitmodules",
      "App/.gitmodules", ".GITMODULES", "a.gitmodules", "gitmodules", "styles.css",
    ]
    for path in paths {
      #expect(SourceFileKind(path: path) == Self.reference(path), "\(path)")
    }
    // Random paths over an alphabet that mixes the extensions' letters, dots, slashes and non-ASCII characters.
    var generator = SeededGenerator(seed: 7)
    let alphabet: [String] = ["s", "w", "i", "f", "t", "S", "W", "x", "b", "h", "m", "M", "n", ".", "/", "é", "\u{301}",
      "\u{600}", "İ", "\u{212A}", "e", "d", "j", "Podfile", ".swift", ".XIB", ".gitmodules"]
    for _ in 0..<5_000 {
      let path = (0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
        .joined()
      #expect(SourceFileKind(path: path) == Self.reference(path), "\(path.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }
}
