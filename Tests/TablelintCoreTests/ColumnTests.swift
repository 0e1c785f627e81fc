import Testing
import TablelintModel

@Suite struct UTF16ColumnTests {
  @Test func asciiColumnsAreUnchanged() {
    let line = Array("let cell = x".utf8)[...]
    #expect(UTF16Columns.column(fromUTF8Column: 5, inLine: line) == 5)
  }

  @Test func multiByteCharactersCountAsTheirUTF16Units() {
    // "é" is 2 UTF-8 bytes and 1 UTF-16 unit; "🎉" is 4 bytes and 2 units.
    let line = Array("é🎉x".utf8)[...]
    #expect(UTF16Columns.column(fromUTF8Column: 7, inLine: line) == 4)
  }

  @Test func positionsInAFileConvertPerLine() {
    let bytes = Array("abc\n// é\nx".utf8)
    let lines = LineTable(bytes)
    let position = SourcePosition(line: 2, column: 6, offset: 9)
    #expect(UTF16Columns.converting(position, in: bytes, lines: lines).column == 5)
  }
}

/// `LineTable` and `lineBreakCount` find line breaks eight bytes at a time (`ByteWords`): the same as a byte loop for
/// every length around a word, runs of line breaks, and bytes that differ from `\n` in one bit (0x8A, 0x0B, 0x02).
@Suite struct LineBreakTests {
  @Test func wordwiseLineBreaksAreThoseOfAByteLoop() {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt8] = [0x0A, 0x0A, 0x8A, 0x0B, 0x02, 0x0D, 0x41, 0x00, 0xFF]
    for count in [0, 1, 7, 8, 9, 16, 17, 100, 1_001] {
      for fill in 0..<3 {
        let bytes: [UInt8] = (0..<count).map { _ in
          fill == 0 ? 0x0A : fill == 1 ? UInt8.random(in: 0...255, using: &generator)
            : alphabet.randomElement(using: &generator)!
        }
        let breaks = bytes.indices.filter { bytes[$0] == 0x0A }
        #expect(LineTable(bytes).lineStarts == [0] + breaks.map { $0 + 1 }, "\(count) bytes, fill \(fill)")
        #expect(LineTable.lineBreakCount(bytes) == breaks.count)
      }
    }
  }

  /// `firstOffset(of:_:_:in:from:)` (the start-tag scanner's search for `<`, quotes and `>`) finds what a byte loop
  /// finds, from every start, with bytes one bit away from those looked for.
  @Test func wordwiseFirstOffsetIsThatOfAByteLoop() {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt8] = [0x3C, 0x3E, 0x22, 0x27, 0xBC, 0x3D, 0x7C, 0xA2, 0x20, 0x41]
    for count in [0, 1, 7, 8, 9, 16, 17, 64, 333] {
      let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
      for start in 0...count {
        for wanted: (UInt8, UInt8, UInt8) in [(0x3C, 0x3C, 0x3C), (0x22, 0x27, 0x3E)] {
          let expected = bytes.indices.first {
            $0 >= start && (bytes[$0] == wanted.0 || bytes[$0] == wanted.1 || bytes[$0] == wanted.2)
          } ?? count
          let found = bytes.withUnsafeBytes { ByteWords.firstOffset(of: wanted.0, wanted.1, wanted.2, in: $0, from: start) }
          #expect(found == expected, "\(count) bytes from \(start)")
        }
      }
    }
  }
}
