@_spi(Testing) import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// swift-syntax's own lexer over a file's bytes (`Lexer.tokenize`, SPI), for what only the lexer knows: where regex
/// literals and conflict regions are (`SwiftNestingScanner`), and in which state a token is lexed
/// (`IncrementalSwiftParser`). Linear; it never parses.
enum SwiftTokens {
  /// Calls `body` with each token's kind, the offsets of its text and the offset its leading trivia starts at, until
  /// `body` returns `false` or the end of the file.
  static func forEach(
    in buffer: UnsafeBufferPointer<UInt8>,
    _ body: (_ kind: RawTokenKind, _ text: Range<Int>, _ triviaStart: Int) -> Bool
  ) {
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
    var tracker = LookaheadTracker()
    withUnsafeMutablePointer(to: &tracker) { tracker in
      for lexeme in Lexer.tokenize(buffer, lookaheadTracker: tracker, experimentalFeatures: []) {
        let kind = lexeme.rawTokenKind
        guard kind != .endOfFile, let whole = lexeme.wholeText.baseAddress else { return }
        let triviaStart = base.distance(to: whole)
        let start = triviaStart + lexeme.leadingTriviaText.count
        guard body(kind, start..<(start + lexeme.tokenText.count), triviaStart) else { return }
      }
    }
  }
}
