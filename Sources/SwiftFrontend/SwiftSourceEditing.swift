import SwiftParser
import SwiftSyntax
import TablelintModel

/// Where to insert code in a Swift file, found on its syntax tree: the member block of a type and the body of a
/// method. Insertions are whole lines indented like their neighbours (fixes that insert code, see `FixResolver`).
public struct SwiftSourceEditing {
  let text: Bytes
  let tree: SourceFileSyntax

  /// The file's bytes (`text.bytes` reads them).
  struct Bytes {
    let bytes: [UInt8]
  }

  public init(_ bytes: [UInt8]) {
    self.text = Bytes(bytes: bytes)
    self.tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
  }

  /// The braces of the member block of the type (or extension) whose name starts at `nameOffset`.
  public func memberBlock(ofTypeNamedAt nameOffset: Int) -> (left: Int, right: Int)? {
    guard nameOffset >= 0, nameOffset < text.bytes.count, let token = tree.token(at: AbsolutePosition(utf8Offset: nameOffset))
    else { return nil }
    var node = token.parent
    while let current = node {
      if let group = current.asProtocol(DeclGroupSyntax.self) {
        let block = group.memberBlock
        guard block.leftBrace.presence != .missing, block.rightBrace.presence != .missing else { return nil }
        return (block.leftBrace.positionAfterSkippingLeadingTrivia.utf8Offset,
                block.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset)
      }
      node = current.parent
    }
    return nil
  }

  /// The body of the function whose name starts at `nameOffset`, and the end of a `super.<name>()` statement in it.
  public func functionBody(namedAt nameOffset: Int) -> (left: Int, right: Int, superCallEnd: Int?)? {
    guard nameOffset >= 0, nameOffset < text.bytes.count,
      let token = tree.token(at: AbsolutePosition(utf8Offset: nameOffset)),
      let function = token.parent?.as(FunctionDeclSyntax.self), let body = function.body,
      body.leftBrace.presence != .missing, body.rightBrace.presence != .missing
    else { return nil }
    var superCallEnd: Int?
    for statement in body.statements {
      guard let call = statement.item.as(FunctionCallExprSyntax.self),
        let access = call.calledExpression.as(MemberAccessExprSyntax.self),
        access.base?.is(SuperExprSyntax.self) == true, access.declName.baseName.text == function.name.text
      else { continue }
      superCallEnd = statement.endPositionBeforeTrailingTrivia.utf8Offset
      break
    }
    return (body.leftBrace.positionAfterSkippingLeadingTrivia.utf8Offset,
            body.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset, superCallEnd)
  }

  // MARK: - Insertions

  /// An edit that adds `lines` as the last members of a block (before its closing brace).
  public func insertion(_ lines: [String], beforeClosingBrace block: (left: Int, right: Int)) -> (range: Swift.Range<Int>, text: String) {
    let bytes = text.bytes
    let braceLineStart = lineStart(of: block.right)
    let indent = innerIndentation(of: block)
    if isBlank(braceLineStart..<block.right), braceLineStart > block.left {
      // `}` on its own line: insert whole lines above it, after a blank line unless the block is empty so far.
      let previousLine = lineStart(of: max(braceLineStart - 1, 0))
      let previousIsOpening = previousLine <= block.left
      let previousIsBlank = isBlank(previousLine..<max(braceLineStart - 1, previousLine))
      let separator = previousIsOpening || previousIsBlank ? "" : "\n"

      return (braceLineStart..<braceLineStart, separator + lines.map { indent + $0 + "\n" }.joined())
    }
    // `{}` or `{ … }` on one line: open the block.
    let closingIndent = indentation(ofLineAt: block.right)
    var start = block.right
    while start > block.left + 1, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") {
      start -= 1
    }
    return (start..<block.right, "\n" + lines.map { indent + $0 + "\n" }.joined() + closingIndent)
  }

  /// An edit that adds `lines` as the first members of a block (after its opening brace).
  public func insertion(_ lines: [String], afterOpeningBrace block: (left: Int, right: Int)) -> (range: Swift.Range<Int>, text: String) {
    let lineEnd = self.lineEnd(of: block.left)
    guard isBlank((block.left + 1)..<lineEnd), lineEnd < block.right else {
      return insertion(lines, beforeClosingBrace: block)
    }
    let next = min(lineEnd + 1, text.bytes.count)
    return (next..<next, lines.map { innerIndentation(of: block) + $0 + "\n" }.joined())
  }

  /// An edit that adds `line` on its own line after the statement ending at `offset`, indented like it.
  public func insertion(_ line: String, afterStatementEndingAt offset: Int) -> (range: Swift.Range<Int>, text: String) {
    let lineEnd = self.lineEnd(of: offset)
    let indent = indentation(ofLineAt: offset)
    if lineEnd < text.bytes.count {
      return (lineEnd + 1..<lineEnd + 1, indent + line + "\n")
    }
    return (lineEnd..<lineEnd, "\n" + indent + line)
  }

  // MARK: - Lines

  func lineStart(of offset: Int) -> Int {
    var index = min(offset, text.bytes.count)
    while index > 0, text.bytes[index - 1] != UInt8(ascii: "\n") { index -= 1 }
    return index
  }

  /// The offset of the line break ending the line of `offset` (or the end of the file).
  func lineEnd(of offset: Int) -> Int {
    var index = offset
    while index < text.bytes.count, text.bytes[index] != UInt8(ascii: "\n") { index += 1 }
    return index
  }

  func isBlank(_ range: Swift.Range<Int>) -> Bool {
    guard range.lowerBound < range.upperBound else { return true }
    return text.bytes[range].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
  }

  func indentation(ofLineAt offset: Int) -> String {
    let start = lineStart(of: offset)
    var end = start
    while end < text.bytes.count, text.bytes[end] == UInt8(ascii: " ") || text.bytes[end] == UInt8(ascii: "\t") {
      end += 1
    }
    return String(decoding: text.bytes[start..<end], as: UTF8.self)
  }

  /// The indentation of the block's first non-blank inner line, or the brace's line's plus one level.
  private func innerIndentation(of block: (left: Int, right: Int)) -> String {
    let outer = indentation(ofLineAt: block.left)
    var line = lineEnd(of: block.left) + 1
    while line < block.right {
      let end = lineEnd(of: line)
      if !isBlank(line..<min(end, block.right)) {
        let inner = indentation(ofLineAt: line)
        if inner.count > outer.count, lineStart(of: block.right) != line || end < block.right { return inner }
        break
      }
      line = end + 1
    }
    return outer + (outer.contains("\t") ? "\t" : "  ")
  }
}
