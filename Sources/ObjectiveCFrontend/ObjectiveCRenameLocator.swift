/// Where a name is written in Objective-C source, found on its tokens: the pieces of a method's selector, of an
/// `@selector(…)`, the contents of a string literal. What a rename replaces (`Renamer` in `TablelintCore`).
///
/// Every answer is a UTF-8 byte range of the text given; `nil` when the text does not hold what was asked for
/// where it was asked (the facts were read from another text), never a guess.
public struct ObjectiveCRenameLocator {
  private let bytes: [UInt8]
  private let tokens: [ObjectiveCToken]
  private let defines: [ObjectiveCDefine]

  public init(_ bytes: [UInt8]) {
    self.bytes = bytes
    (tokens, defines) = ObjectiveCTokenizer.tokenizeWithDefines(bytes)
  }

  /// The selector pieces of the method declared with its first piece at `offset` (`ObjCMethod.location`):
  /// `- (IBAction)refresh:(id)sender` gives the range of `refresh`; `- (void)a:(id)x b:(id)y` those of `a` and `b`.
  /// `nil` for a selector with an unnamed piece (`f::`), which no rename writes.
  public func selectorPieces(ofMethodNamedAt offset: Int) -> [Range<Int>]? {
    guard var index = tokens.firstIndex(where: { $0.start == offset }), tokens[index].kind == .identifier else {
      return nil
    }
    guard index + 1 < tokens.count, tokens[index + 1].isPunctuation(":") else {
      return [tokens[index].start..<tokens[index].end]
    }
    var pieces: [Range<Int>] = []
    while index + 1 < tokens.count, tokens[index].kind == .identifier, tokens[index + 1].isPunctuation(":") {
      pieces.append(tokens[index].start..<tokens[index].end)
      index += 2
      // `(type)name`, both optional.
      if index < tokens.count, tokens[index].isPunctuation("(") { index = DeclaratorNames.groupEnd(tokens[...], from: index) }
      // The parameter's name, as the declaration scanner reads it: `f:(id)a :(id)b` has an unnamed second piece.
      if index < tokens.count, tokens[index].kind == .identifier { index += 1 }
      if index < tokens.count, tokens[index].isPunctuation(":") { return nil }
    }
    return pieces
  }

  /// How a selector is written in the expression at `range` (`SelectorReference.location`).
  public enum SelectorSpelling: Equatable, Sendable {
    /// `@selector(a:b:)`: the range of each piece's name.
    case pieces([Range<Int>])
    /// `NSSelectorFromString(@"a:b:")`: the literal's contents, the whole selector.
    case string(Range<Int>)
  }

  /// The selector `selector` as written in the expression spanning `range`.
  public func selector(_ selector: String, writtenIn range: Range<Int>) -> SelectorSpelling? {
    let inside = tokens.filter { $0.start >= range.lowerBound && $0.end <= range.upperBound }
    if let keyword = inside.firstIndex(where: { $0.isAtKeyword("selector") }) {
      var pieces: [Range<Int>] = []
      var written = ""
      for token in inside[(keyword + 1)...] {
        if token.isPunctuation("(") { continue }
        if token.isPunctuation(")") { break }
        if token.kind == .identifier {
          pieces.append(token.start..<token.end)
          written += token.text
        } else if token.isPunctuation(":") {
          written += ":"
        } else {
          return nil
        }
      }
      return written == selector && !pieces.isEmpty ? .pieces(pieces) : nil
    }
    return stringContents(equalTo: selector, in: range).map(SelectorSpelling.string)
  }

  /// The contents (between the quotes) of the one string literal in `range` whose value is `value`.
  public func stringContents(equalTo value: String, in range: Range<Int>) -> Range<Int>? {
    let matches = tokens.filter { token in
      token.kind == .literal && token.start >= range.lowerBound && token.end <= range.upperBound
        && ObjectiveCFrontend.stringLiteralValue(bytes[token.start..<token.end]) == value
    }
    guard matches.count == 1 else { return nil }
    return contents(ofLiteral: matches[0].start..<matches[0].end)
  }

  /// The value of the constant whose name starts at `offset` (`StringConstant.location`): `static NSString *const
  /// kID = @"Photo";`, `#define kID @"Photo"`, or a method whose body returns the literal.
  public func constantValue(namedAt offset: Int, equalTo value: String) -> Range<Int>? {
    if let define = defines.first(where: { $0.nameStart == offset }) {
      guard ObjectiveCFrontend.stringLiteralValue(bytes[define.valueStart..<define.valueEnd]) == value else { return nil }
      return contents(ofLiteral: define.valueStart..<define.valueEnd)
    }
    guard let index = tokens.firstIndex(where: { $0.start == offset }) else { return nil }
    var sawBody = false
    for token in tokens[(index + 1)...] {
      if token.kind == .literal {
        guard ObjectiveCFrontend.stringLiteralValue(bytes[token.start..<token.end]) == value else { return nil }
        return contents(ofLiteral: token.start..<token.end)
      }
      if token.isPunctuation("{") { sawBody = true }
      if (token.isPunctuation(";") && !sawBody) || token.isPunctuation("}") || token.kind == .atKeyword { return nil }
    }
    return nil
  }

  /// The literal of the local (`static NSString *CellIdentifier = @"Cell";`, `NSString *id = @"Cell";`) that the
  /// identifier used at `offset` reads: the nearest assignment before the use, within the same method.
  public func localValue(_ value: String, readAt offset: Int) -> Range<Int>? {
    guard let use = tokens.firstIndex(where: { $0.start == offset }), tokens[use].kind == .identifier else { return nil }
    let name = tokens[use].text
    var index = use - 1
    while index >= 2 {
      let token = tokens[index]
      // The method's start (`- (` / `+ (` after a `}` or `;`), or the class's, ends the search.
      if token.kind == .atKeyword { return nil }
      if token.isPunctuation("-") || token.isPunctuation("+"), tokens[index + 1].isPunctuation("("),
        tokens[index - 1].isPunctuation("}") || tokens[index - 1].isPunctuation(";")
      {
        return nil
      }
      if token.kind == .literal, tokens[index - 1].isPunctuation("="), tokens[index - 2].isIdentifier(name) {
        guard ObjectiveCFrontend.stringLiteralValue(bytes[token.start..<token.end]) == value else { return nil }
        return contents(ofLiteral: token.start..<token.end)
      }
      index -= 1
    }
    return nil
  }

  private func contents(ofLiteral range: Range<Int>) -> Range<Int>? {
    var start = range.lowerBound
    if start < range.upperBound, bytes[start] == UInt8(ascii: "@") { start += 1 }
    guard range.upperBound - start >= 2, bytes[start] == UInt8(ascii: "\"") else { return nil }
    return (start + 1)..<(range.upperBound - 1)
  }
}
