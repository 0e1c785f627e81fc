import Foundation
import SwiftSyntax
import TablelintModel

/// Reads `// tablelint:` commands from the comment trivia of a Swift file (never from string literals or code) and
/// resolves them into suppressions: `disable:next`, `disable:this`, `disable:previous`, and `disable` … `enable`
/// regions, for named rules or `all`.
enum SuppressionScanner {
  static func scan(
    _ tree: SourceFileSyntax, path: String, lineTable: LineTable, bytes: [UInt8]
  ) -> SuppressionFacts {
    // Most files have no command. A file whose bytes never spell the prefix has none (a byte search, not a walk
    // over every token's trivia); otherwise find the comments first, and look at the code's lines only when one
    // is there.
    if !ByteSearch.contains(bytes, SuppressionCommand.prefix) { return SuppressionFacts() }
    var comments: [(text: String, offset: Int)] = []
    for token in tree.tokens(viewMode: .sourceAccurate) {
      collectComments(token.leadingTrivia, startingAt: token.position.utf8Offset, into: &comments)
      collectComments(
        token.trailingTrivia, startingAt: token.endPositionBeforeTrailingTrivia.utf8Offset, into: &comments
      )
    }
    guard !comments.isEmpty else { return SuppressionFacts() }

    // The lines that hold code (a token starts there), in order.
    var codeLines: [Int] = []
    for token in tree.tokens(viewMode: .sourceAccurate) where token.tokenKind != .endOfFile {
      let line = lineTable.position(ofOffset: token.positionAfterSkippingLeadingTrivia.utf8Offset).line
      if codeLines.last != line { codeLines.append(line) }
    }

    func location(_ offset: Int, length: Int) -> TablelintModel.SourceLocation {
      TablelintModel.SourceLocation(
        file: path,
        range: TablelintModel.SourceRange(
          start: lineTable.position(ofOffset: offset), end: lineTable.position(ofOffset: offset + length)
        )
      )
    }

    var commands: [SuppressionFacts.PlacedCommand] = []
    var problems: [SuppressionProblem] = []
    for comment in comments {
      switch SuppressionCommand.read(comment: comment.text) {
      case .notACommand:
        continue
      case .malformed(let message, let offset):
        problems.append(SuppressionProblem(location: location(comment.offset + offset, length: 0), message: message))
      case .command(let command):
        let startLine = lineTable.position(ofOffset: comment.offset).line
        let endLine = lineTable.position(ofOffset: comment.offset + comment.text.utf8.count).line
        let target: Int?
        switch command.modifier {
        case .next?: target = codeLines.first { $0 > endLine }
        case .previous?: target = codeLines.last { $0 < startLine }
        default: target = nil
        }
        commands.append(
          SuppressionFacts.PlacedCommand(
            command: command,
            ruleLocations: command.rules.map { location(comment.offset + $0.offset, length: $0.name.utf8.count) },
            location: location(comment.offset, length: comment.text.utf8.count),
            line: startLine,
            targetLine: target
          )
        )
      }
    }
    return SuppressionFacts(commands: commands, problems: problems, lastLine: lineTable.lineStarts.count)
  }

  private static func collectComments(
    _ trivia: Trivia, startingAt start: Int, into comments: inout [(text: String, offset: Int)]
  ) {
    var offset = start
    for piece in trivia {
      switch piece {
      case .lineComment(let text), .blockComment(let text):
        if text.utf8.count > 12, text.contains(SuppressionCommand.prefix) { comments.append((text, offset)) }
      default:
        break
      }
      offset += piece.sourceLength.utf8Length
    }
  }
}
