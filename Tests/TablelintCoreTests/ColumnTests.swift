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
