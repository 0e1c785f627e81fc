import Testing
import TablelintCore
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
/// every length around a word, runs of line breaks, `\r\n` split across two words, and bytes that differ from `\n` or
/// `\r` in one bit (0x8A, 0x0B, 0x02, 0x8D, 0x0C).
@Suite struct LineBreakTests {
  @Test func wordwiseLineBreaksAreThoseOfAByteLoop() {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt8] = [0x0A, 0x0A, 0x8A, 0x0B, 0x02, 0x0D, 0x0D, 0x8D, 0x0C, 0x41, 0x00, 0xFF]
    for count in [0, 1, 7, 8, 9, 16, 17, 100, 1_001] {
      for fill in 0..<4 {
        let bytes: [UInt8] = (0..<count).map { index in
          switch fill {
          case 0: 0x0A
          case 1: UInt8.random(in: 0...255, using: &generator)
          case 2: alphabet.randomElement(using: &generator)!
          default: index % 8 == 7 ? 0x0D : index % 8 == 0 ? 0x0A : 0x41
          }
        }
        // `\n`, and `\r` not followed by `\n`.
        let breaks = bytes.indices.filter {
          bytes[$0] == 0x0A || (bytes[$0] == 0x0D && ($0 + 1 == bytes.count || bytes[$0 + 1] != 0x0A))
        }
        #expect(LineTable(bytes).lineStarts == [0] + breaks.map { $0 + 1 }, "\(count) bytes, fill \(fill)")
        #expect(LineTable.lineBreakCount(bytes) == breaks.count)
      }
    }
  }

  /// `range(from:to:)` (one search, then stepping on to the end) places both ends as `position(ofOffset:)` places
  /// each: ends on the same line, a few lines on, far on (past its stepping limit), before the start, and offsets
  /// outside the file.
  @Test func aRangeIsItsTwoPositions() {
    var generator = SystemRandomNumberGenerator()
    for count in [0, 1, 9, 200, 3_000] {
      let bytes: [UInt8] = (0..<count).map { _ in [0x0A, 0x0D, 0x41, 0x41, 0x41].randomElement(using: &generator)! }
      let table = LineTable(bytes)
      let offsets = [-3, 0, 1, 2, count / 3, count / 2, count - 1, count, count + 5]
        + (0..<60).map { _ in Int.random(in: 0...max(0, count), using: &generator) }
      for start in offsets {
        for end in offsets + [start, start + 1, start + 40, start + 400] {
          let range = table.range(from: start, to: end)
          #expect(range.start == table.position(ofOffset: start) && range.end == table.position(ofOffset: end))
        }
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

  /// `marks(below:in:)` marks exactly the bytes below the bound, whatever their neighbours (no borrow or carry).
  @Test func marksBelowABoundAreExact() {
    for bound: UInt8 in [0x01, 0x09, 0x0E, 0x20, 0x7F, 0x80] {
      for value in UInt8.min...UInt8.max {
        for neighbour: UInt8 in [0x00, 0x1F, 0x20, 0x7F, 0x80, 0xFF] {
          for position in 0..<8 {
            var bytes = [UInt8](repeating: neighbour, count: 8)
            bytes[position] = value
            let marks = bytes.withUnsafeBytes { ByteWords.marks(below: bound, in: ByteWords.word($0, at: 0)) }
            let expected = bytes.indices.reduce(UInt64(0)) { $0 | (bytes[$1] < bound ? UInt64(0x80) << (8 * $1) : 0) }
            if marks != expected { Issue.record("\(value) at \(position) among \(neighbour), below \(bound)") }
          }
        }
      }
    }
  }
}

/// Classic Mac line endings (a lone `\r`), alone or mixed with `\n` and `\r\n`: each ends a line, for positions and
/// for what the frontends read (a `//` comment or a preprocessor line ends there), as swift-syntax, clang and LSP
/// clients have it. Such files were read as one line: Swift findings on line 1, and Objective-C files read as nothing
/// after their first `//` comment.
@Suite struct ClassicMacLineEndingTests {
  @Test func eachKindOfLineBreakEndsALine() {
    let table = LineTable(Array("a\rb\r\nc\nd\r".utf8))
    #expect(table.lineStarts == [0, 2, 5, 7, 9])
    #expect(table.position(ofOffset: 5) == SourcePosition(line: 3, column: 1, offset: 5))
    #expect(LineTable.lineBreakCount(Array("a\rb\r\nc\nd\r".utf8)) == 4)
  }

  @Test(arguments: ["\r", "\r\n", "\n"])
  func findingsAreOnTheirLinesWhateverTheLineEndings(lineBreak: String) throws {
    let swift = [
      "// Header", "import UIKit", "final class ListViewController: UITableViewController {",
      "  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {",
      "    tableView.dequeueReusableCell(withIdentifier: \"Missing\", for: indexPath)", "  }", "}", "",
    ].joined(separator: lineBreak)
    let objectiveC = [
      "// Header", "#import <UIKit/UIKit.h>", "#define OtherID @\"Other\"",
      "@interface ListController : UITableViewController", "@end", "@implementation ListController",
      "- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {",
      "  return [tableView dequeueReusableCellWithIdentifier:OtherID forIndexPath:indexPath];", "}", "@end", "",
    ].joined(separator: lineBreak)
    let files = [
      try #require(Frontends.parse(path: "List.swift", bytes: Array(swift.utf8))),
      try #require(Frontends.parse(path: "List.m", bytes: Array(objectiveC.utf8))),
    ]
    #expect(files[0].lineCount == 7 && files[1].lineCount == 10)
    #expect(files[1].objectiveC?.classes.map(\.name).contains("ListController") == true)
    let found = Linter.lint(files: files).findings.filter { $0.ruleID == "unregistered_reuse_identifier" }
    #expect(found.map { "\($0.location.file):\($0.location.line):\($0.location.column)" } == ["List.m:8:55", "List.swift:5:51"])
  }
}
