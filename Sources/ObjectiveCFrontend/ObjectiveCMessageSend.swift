/// The partner of every bracket in a token stream: `(`/`)`, `[`/`]`, `{`/`}`. Built in one pass with a stack.
///
/// Unbalanced input never makes it fail: a `)` or `]` that does not close the innermost open bracket is ignored, a
/// `}` closes everything opened since its `{`, and `@end` / `@interface` / `@implementation` (which cannot occur in
/// a body) drop every open bracket. Brackets without a partner have none (`nil`).
struct BracketMatches: Sendable {
  /// The partner of each token position, or -1: a table indexed by position (a dictionary here cost a fifth of
  /// reading an Objective-C file, in hashing alone).
  private var partner: [Int]

  /// `@end`, `@interface`, `@implementation`, or `@protocol Name` — but not the expression `@protocol(Name)`, which
  /// method bodies use (`[object conformsToProtocol:@protocol(P)]`).
  static func startsOrEndsADeclarationBlock(_ tokens: [ObjectiveCToken], at position: Int) -> Bool {
    switch tokens[position].text {
    case "end", "interface", "implementation": return true
    case "protocol":
      return !(position + 1 < tokens.count && tokens[position + 1].kind == .punctuation
        && tokens[position + 1].byte == UInt8(ascii: "("))
    default: return false
    }
  }

  init(_ tokens: [ObjectiveCToken]) {
    var partner = [Int](repeating: -1, count: tokens.count)
    var stack: [Int] = []
    for (position, token) in tokens.enumerated() {
      if token.kind == .atKeyword, Self.startsOrEndsADeclarationBlock(tokens, at: position) {
        stack.removeAll()
        continue
      }
      guard token.kind == .punctuation else { continue }
      switch token.byte {
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
        stack.append(position)
      case UInt8(ascii: ")"), UInt8(ascii: "]"):
        let opening: UInt8 = token.byte == UInt8(ascii: ")") ? UInt8(ascii: "(") : UInt8(ascii: "[")
        if let top = stack.last, tokens[top].byte == opening {
          stack.removeLast()
          partner[top] = position
          partner[position] = top
        }
      case UInt8(ascii: "}"):
        guard let brace = stack.lastIndex(where: { tokens[$0].byte == UInt8(ascii: "{") }) else { continue }
        let top = stack[brace]
        stack.removeSubrange(brace...)
        partner[top] = position
        partner[position] = top
      default:
        break
      }
    }
    self.partner = partner
  }

  /// The position of the bracket matching the one at `position`, if any.
  func partner(of position: Int) -> Int? {
    guard position >= 0, position < partner.count, partner[position] >= 0 else { return nil }
    return partner[position]
  }
}

/// One Objective-C message expression `[receiver piece:argument piece:argument]` or `[receiver selector]`, as token
/// positions. Nested groups (sends, calls, blocks) are inside ranges, never split.
struct ObjectiveCMessageSend: Sendable {
  struct Piece: Sendable {
    var name: String
    /// Position of the piece's name token.
    var namePosition: Int
    /// The argument after the colon (empty for a unary message).
    var argument: Range<Int>
  }

  /// Positions of `[` and `]`.
  var open: Int
  var close: Int
  var receiver: Range<Int>
  var pieces: [Piece]
  var isUnary: Bool

  /// `dequeueReusableCellWithIdentifier:forIndexPath:`, or `class` for a unary message. Made when asked: most sends
  /// are told apart by their first piece's name, and joining every send's pieces cost twice as much as finding them.
  var selector: String {
    if isUnary { return pieces.first?.name ?? "" }
    var selector = ""
    for piece in pieces {
      selector += piece.name
      selector += ":"
    }
    return selector
  }

  /// The argument of the piece named `name`.
  func argument(_ name: String) -> Range<Int>? {
    pieces.first { $0.name == name }?.argument
  }

  /// Reads the message whose `[` is at `open`; `nil` when the bracket is unmatched or holds no message (an array
  /// subscript, a C++ lambda capture, a half-typed expression).
  ///
  /// The selector starts at the first identifier that follows a complete expression (an identifier, a literal, or a
  /// bracket group that is not a leading cast `(Foo *)x`); each later piece is an identifier followed by `:` that also
  /// follows a complete expression, so `cond ? a : b` and `self.x` stay inside arguments. Groups are stepped over
  /// by their matching bracket, so every token at this level is looked at once.
  static func read(at open: Int, in tokens: [ObjectiveCToken], matches: BracketMatches) -> ObjectiveCMessageSend? {
    guard open < tokens.count, tokens[open].isPunctuation("["), let close = matches.partner(of: open), close > open
    else { return nil }
    var position = open + 1
    var previousEndsExpression = false
    var previousWasLeadingCast = false
    var pieces: [Piece] = []
    var selectorStart: Int?
    while position < close {
      let token = tokens[position]
      if token.kind == .identifier, previousEndsExpression, !previousWasLeadingCast {
        let isKeyword = position + 1 < close && tokens[position + 1].isPunctuation(":")
        if selectorStart == nil {
          selectorStart = position
          if !isKeyword {
            // A unary message: nothing may follow the selector.
            guard position + 1 == close else { return nil }
            return ObjectiveCMessageSend(
              open: open, close: close, receiver: (open + 1)..<position,
              pieces: [Piece(name: token.text, namePosition: position, argument: close..<close)], isUnary: true
            )
          }
        }
        if isKeyword {
          if let last = pieces.indices.last { pieces[last].argument = pieces[last].argument.lowerBound..<position }
          pieces.append(Piece(name: token.text, namePosition: position, argument: (position + 2)..<close))
          position += 2
          previousEndsExpression = false
          previousWasLeadingCast = false
          continue
        }
      }
      if token.kind == .punctuation, [UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{")].contains(token.byte) {
        guard let end = matches.partner(of: position), end > position, end < close else { return nil }
        // `(Foo *)x` at the start of the receiver or of an argument is a cast, not a complete expression.
        let argumentStart = pieces.last?.argument.lowerBound ?? (open + 1)
        previousWasLeadingCast = token.isPunctuation("(") && position == argumentStart
          && isCastType(tokens[(position + 1)..<end])
        previousEndsExpression = true
        position = end + 1
        continue
      }
      previousWasLeadingCast = false
      switch token.kind {
      case .identifier, .literal:
        previousEndsExpression = true
      case .atKeyword:
        // `@selector(x)`, `@encode(T)`, `@protocol(P)`: the group that follows completes it.
        previousEndsExpression = false
      case .punctuation:
        previousEndsExpression = false
      }
      position += 1
    }
    guard selectorStart != nil, !pieces.isEmpty else { return nil }
    return ObjectiveCMessageSend(
      open: open, close: close, receiver: (open + 1)..<(selectorStart ?? close), pieces: pieces, isUnary: false
    )
  }

  /// `Foo *`, `id`, `id<P>`, `NSArray<Foo *> *`: the inside of a group that casts; `(cell)` is a parenthesised value.
  static func isCastType(_ inner: ArraySlice<ObjectiveCToken>) -> Bool {
    guard let last = inner.last else { return false }
    if last.isPunctuation("*") || last.isPunctuation(">") { return true }
    return inner.count == 1 && (last.isIdentifier("id") || last.isIdentifier("Class"))
  }
}
