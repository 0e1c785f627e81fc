import InterfaceBuilderFrontend
import TablelintModel
import Testing
import _TablelintTestSupport

@Suite struct UnreadableFileTests {
  private func expectUnreadable(
    _ facts: FileFacts, message: String, at position: SourcePosition?,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    #expect(facts.content == .unreadable, sourceLocation: sourceLocation)
    #expect(facts.problems.count == 1, sourceLocation: sourceLocation)
    #expect(facts.problems.first?.message == message, sourceLocation: sourceLocation)
    if let position {
      #expect(facts.problems.first?.location.range.start == position, sourceLocation: sourceLocation)
    }
    #expect(facts.problems.first?.location.file == facts.path, sourceLocation: sourceLocation)
  }

  @Test func truncatedXML() {
    let source = MarkedSource("<?xml version=\"1.0\"?><document><scenes>1️⃣")
    expectUnreadable(
      parseFacts(source.text), message: "not a valid Interface Builder file: premature end of data in tag scenes line 1",
      at: source.markerPositions["1️⃣"]
    )
  }

  @Test func errorColumnCountsBytesAfterMultiByteCharacters() {
    let source = MarkedSource("<document>\n<é>ééé</document>1️⃣\n")
    let facts = parseFacts(source.text)
    #expect(facts.content == .unreadable)
    #expect(facts.onlyProblem?.location.range.start == source.markerPositions["1️⃣"])
    #expect(facts.onlyProblem?.message.hasPrefix("not a valid Interface Builder file: opening and ending tag mismatch") == true)
  }

  @Test func emptyFile() {
    expectUnreadable(
      InterfaceBuilderFrontend.parse(path: "Empty.xib", bytes: []),
      message: "not a valid Interface Builder file: document is empty",
      at: SourcePosition(line: 1, column: 1, offset: 0)
    )
    let blank = parseFacts("  \n")
    #expect(blank.content == .unreadable)
    #expect(blank.problems.count == 1)
  }

  @Test func binaryJunk() {
    let junk: [UInt8] = [0x00, 0x00, 0x00, 0x3C, 0xFF, 0xFE, 0x00, 0x01, 0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    let facts = InterfaceBuilderFrontend.parse(path: "Junk.storyboard", bytes: junk + junk)
    #expect(facts.content == .unreadable)
    #expect(facts.problems.count == 1)
    #expect(facts.onlyProblem?.message.hasPrefix("not a valid Interface Builder file: ") == true)
    #expect(facts.onlyProblem?.message.hasSuffix(".") == false)
    #expect(facts.onlyProblem?.message.hasSuffix("\n") == false)

    let png = InterfaceBuilderFrontend.parse(path: "Icon.xib", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0])
    #expect(png.content == .unreadable)
    #expect(png.problems.count == 1)
  }

  @Test func rootIsNotADocument() {
    let source = MarkedSource("<?xml version=\"1.0\"?>\n1️⃣<plist version=\"1.0\"><dict/></plist>\n")
    expectUnreadable(
      parseFacts(source.text, path: "Info.xib"), message: "not an Interface Builder document: root element is 'plist'",
      at: source.markerPositions["1️⃣"]
    )
  }

  /// Interface Builder 3's `<archive>` format is valid (`ibtool` compiles it), just not read: no problem to report.
  @Test func anInterfaceBuilder3ArchiveIsUnreadWithoutAProblem() {
    let archive = "<?xml version=\"1.0\"?>\n<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"8.00\"><data/></archive>\n"
    let facts = parseFacts(archive, path: "Imprint.xib")
    #expect(facts.content == .unreadable)
    #expect(facts.problems.isEmpty)
    let other = parseFacts("<?xml version=\"1.0\"?>\n<archive type=\"com.example.Other\"/>\n", path: "Other.xib")
    #expect(other.problems.map(\.message) == ["not an Interface Builder document: root element is 'archive'"])
  }

  @Test func fileLargerThan64MiB() {
    let bytes = [UInt8](repeating: UInt8(ascii: " "), count: 64 * 1024 * 1024 + 1)
    expectUnreadable(
      InterfaceBuilderFrontend.parse(path: "Huge.storyboard", bytes: bytes),
      message: "file is larger than 64 MiB; not analysed", at: SourcePosition(line: 1, column: 1, offset: 0)
    )
  }
}
