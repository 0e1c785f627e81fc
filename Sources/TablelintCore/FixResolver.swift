import SwiftFrontend
import TablelintModel

/// Turns a fix's anchored edits (`FixEdit.Anchor`) into plain replacements of a file's text: where a member or a
/// statement goes and how it is indented (from the Swift syntax tree), which bytes an Interface Builder element and
/// its line take. Plain edits are returned as they are. `nil`: the anchor is not in this text any more.
public enum FixResolver {
  public static func resolve(_ edit: FixEdit, in text: [UInt8]) -> FixEdit? {
    guard let anchor = edit.anchor else { return edit }
    func replacement(_ range: Range<Int>, _ newText: String) -> FixEdit {
      FixEdit(path: edit.path, start: range.lowerBound, end: range.upperBound, newText: newText)
    }
    switch anchor {
    case .membersAtEnd(let lines), .membersAtStart(let lines):
      let editing = SwiftSourceEditing(text)
      guard let block = editing.memberBlock(ofTypeNamedAt: edit.start) else { return nil }
      let (range, newText) = if case .membersAtEnd = anchor {
        editing.insertion(lines, beforeClosingBrace: block)
      } else {
        editing.insertion(lines, afterOpeningBrace: block)
      }
      return replacement(range, newText)
    case .statementInFunction(let line):
      let editing = SwiftSourceEditing(text)
      guard let body = editing.functionBody(namedAt: edit.start) else { return nil }
      let (range, newText) = body.superCallEnd.map { editing.insertion(line, afterStatementEndingAt: $0) }
        ?? editing.insertion([line], afterOpeningBrace: (body.left, body.right))
      return replacement(range, newText)
    case .removeElement(let element):
      return elementLines(at: edit.start, element: element, in: text).map { replacement($0, "") }
    case .removeSuppressedRule:
      return suppressionRemoval(word: edit.start..<edit.end, in: text).map { replacement($0, "") }
    }
  }

  /// What to delete to drop the rule name at `word` from its `// tablelint:` comment: the name and a space beside it
  /// when the comment names other rules; else the comment, with its line when nothing else is on it.
  static func suppressionRemoval(word: Range<Int>, in bytes: [UInt8]) -> Range<Int>? {
    guard word.lowerBound >= 0, word.lowerBound < word.upperBound, word.upperBound <= bytes.count else { return nil }
    let space = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    var lineStart = word.lowerBound
    while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
    var lineEnd = word.upperBound
    while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
    // The comment: the last `//` before the word on its line, followed by `tablelint:`.
    var commentStart: Int?
    var index = word.lowerBound - 1
    while index > lineStart {
      if bytes[index - 1] == UInt8(ascii: "/"), bytes[index] == UInt8(ascii: "/") {
        commentStart = index - 1
        break
      }
      index -= 1
    }
    guard let commentStart else { return nil }
    let comment = String(decoding: bytes[commentStart..<lineEnd], as: UTF8.self)
    guard let marker = comment.range(of: "tablelint:") else { return nil }
    // The names: the words after the command, up to a ` - reason`.
    var words = comment[marker.upperBound...].split(separator: " ", omittingEmptySubsequences: true).dropFirst()
    if let dash = words.firstIndex(of: "-") { words = words[..<dash] }
    if words.count > 1 {
      var end = word.upperBound
      if end < lineEnd, space(bytes[end]) {
        while end < lineEnd, space(bytes[end]) { end += 1 }
        return word.lowerBound..<end
      }
      var start = word.lowerBound
      while start > commentStart, space(bytes[start - 1]) { start -= 1 }
      return start..<word.upperBound
    }
    var start = commentStart
    while start > lineStart, space(bytes[start - 1]) { start -= 1 }
    if start == lineStart { return lineStart..<min(lineEnd + 1, bytes.count) }
    return start..<lineEnd
  }

  /// The element whose start tag begins at `start` (self-closing or with its end tag), with its whole line when it
  /// is alone on it: removing it leaves well-formed XML.
  static func elementLines(at start: Int, element: String, in bytes: [UInt8]) -> Range<Int>? {
    guard start >= 0, start < bytes.count, bytes[start] == UInt8(ascii: "<") else { return nil }
    // The end of the start tag: the first `>` outside a quoted value.
    var index = start + 1
    var quote: UInt8?
    while index < bytes.count {
      let byte = bytes[index]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        break
      } else if byte == UInt8(ascii: "<") {
        return nil
      }
      index += 1
    }
    guard index < bytes.count else { return nil }
    var end = index + 1
    if bytes[index - 1] != UInt8(ascii: "/") {
      // `<outlet …></outlet>`: find the end tag.
      let closing = Array("</\(element)>".utf8)
      var search = end
      var found: Int?
      while search + closing.count <= bytes.count {
        if bytes[search] == UInt8(ascii: "<"), Array(bytes[search..<search + closing.count]) == closing {
          found = search
          break
        }
        search += 1
      }
      guard let found else { return nil }
      end = found + closing.count
    }
    // Take the whole line when only blanks surround the element.
    var lineStart = start
    while lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: " ") || bytes[lineStart - 1] == UInt8(ascii: "\t") {
      lineStart -= 1
    }
    var lineEnd = end
    while lineEnd < bytes.count, bytes[lineEnd] == UInt8(ascii: " ") || bytes[lineEnd] == UInt8(ascii: "\t")
      || bytes[lineEnd] == UInt8(ascii: "\r") { lineEnd += 1 }
    if lineStart == 0 || bytes[lineStart - 1] == UInt8(ascii: "\n"), lineEnd == bytes.count || bytes[lineEnd] == UInt8(ascii: "\n") {
      return lineStart..<min(lineEnd + 1, bytes.count)
    }
    return start..<end
  }
}
