import TablelintModel

/// The method (or top level) a token sits in: what a bare name can mean there.
///
/// A class: the body reader hands the current method to every message send it reads, and copying a struct of a
/// string, a set and an array cost more than reading most sends.
final class ObjectiveCMethodContext: Sendable {
  let selector: String
  let isClassMethod: Bool
  /// Parameter names from the signature.
  let parameters: Set<String>
  /// The same, in order (`tableView`, `section`).
  let parameterList: [String]
  /// Position of the selector's first name token.
  let nameToken: Int
  /// Positions of the body's `{` and `}`.
  let bodyOpen: Int
  let bodyClose: Int

  init(
    selector: String, isClassMethod: Bool, parameters: Set<String>, parameterList: [String], nameToken: Int,
    bodyOpen: Int, bodyClose: Int
  ) {
    self.selector = selector
    self.isClassMethod = isClassMethod
    self.parameters = parameters
    self.parameterList = parameterList
    self.nameToken = nameToken
    self.bodyOpen = bodyOpen
    self.bodyClose = bodyClose
  }
}

/// Describes identifier and nib-name expressions of Objective-C as `IdentifierExpression`s, like the Swift
/// frontend's reader: what is written, resolved later by the index; `.unknown` for anything else.
///
/// - `@"Cell"` → literal; `kCellID` → a reference (a constant or `#define`), or, for a local variable assigned
///   exactly once in the method, what it was assigned; parameters and reassigned locals are unknown;
/// - `NSStringFromClass([FooCell class])` / `NSStringFromClass(FooCell.class)` → the type's name;
///   `NSStringFromClass([self class])` → the name of `self`'s class (resolved only where that is static);
/// - `[FooCell defaultReuseIdentifier]` / `FooCell.defaultReuseIdentifier` → a reference to `FooCell`'s member;
///   `[self cellIdentifier]` / `self.cellIdentifier` → a reference to the enclosing class's member.
struct ObjectiveCExpressionReader {
  let tokens: [ObjectiveCToken]
  let bytes: [UInt8]
  let matches: BracketMatches

  func read(_ range: Range<Int>, in method: ObjectiveCMethodContext?, depth: Int = 0) -> IdentifierExpression {
    guard depth < 4 else { return .unknown }
    let range = stripParentheses(range)
    guard !range.isEmpty else { return .unknown }
    let first = tokens[range.lowerBound]
    if range.count == 1 {
      switch first.kind {
      case .literal:
        guard let value = ObjectiveCFrontend.stringLiteralValue(bytes[first.start..<first.end]),
          bytes[first.start] == ASCII.at
        else { return .unknown }
        return .literal(value)
      case .identifier:
        return readName(first.text, at: range.lowerBound, in: method, depth: depth)
      default:
        return .unknown
      }
    }
    // Receiver.member (dot syntax).
    if range.count == 3, first.kind == .identifier, tokens[range.lowerBound + 1].isPunctuation("."),
      tokens[range.lowerBound + 2].kind == .identifier
    {
      return member(tokens[range.lowerBound + 2].text, of: first.text)
    }
    // NSStringFromClass(…)
    if first.isIdentifier("NSStringFromClass"), tokens[range.lowerBound + 1].isPunctuation("("),
      matches.partner(of: range.lowerBound + 1) == range.upperBound - 1
    {
      return className(in: (range.lowerBound + 2)..<(range.upperBound - 1)).map { name in
        name == "self" ? IdentifierExpression.selfTypeName : .typeName(name)
      } ?? .unknown
    }
    // [Receiver member]
    if first.isPunctuation("["), matches.partner(of: range.lowerBound) == range.upperBound - 1,
      let send = ObjectiveCMessageSend.read(at: range.lowerBound, in: tokens, matches: matches), send.isUnary
    {
      guard let receiver = classReceiver(send.receiver) else { return .unknown }
      return member(send.selector, of: receiver)
    }
    return .unknown
  }

  /// `(expr)` → `expr`, repeatedly.
  func stripParentheses(_ range: Range<Int>) -> Range<Int> {
    var range = range
    while range.count >= 2, tokens[range.lowerBound].isPunctuation("("),
      matches.partner(of: range.lowerBound) == range.upperBound - 1
    {
      range = (range.lowerBound + 1)..<(range.upperBound - 1)
    }
    return range
  }

  /// `FooCell.member` / `self.member`.
  private func member(_ name: String, of receiver: String) -> IdentifierExpression {
    if receiver == "self" { return .reference(path: [name]) }
    guard receiver.first?.isUppercase == true else { return .unknown }
    return .reference(path: [receiver, name])
  }

  /// `Foo`, `self`, `[Foo class]`, `Foo.class`, `[self class]`, `self.class`: the class a receiver names.
  func className(in range: Range<Int>) -> String? {
    let range = stripParentheses(range)
    guard !range.isEmpty else { return nil }
    let first = tokens[range.lowerBound]
    if range.count == 3, first.kind == .identifier, tokens[range.lowerBound + 1].isPunctuation("."),
      tokens[range.lowerBound + 2].isIdentifier("class")
    {
      return first.text
    }
    if first.isPunctuation("["), matches.partner(of: range.lowerBound) == range.upperBound - 1,
      let send = ObjectiveCMessageSend.read(at: range.lowerBound, in: tokens, matches: matches), send.isUnary,
      send.selector == "class" || send.selector == "self"
    {
      return classReceiver(send.receiver)
    }
    return nil
  }

  /// A receiver that is a class: `Foo`, `self`, `[self class]`, `self.class`.
  private func classReceiver(_ range: Range<Int>) -> String? {
    if range.count == 1, tokens[range.lowerBound].kind == .identifier {
      let name = tokens[range.lowerBound].text
      return name == "self" || name.first?.isUppercase == true ? name : nil
    }
    return className(in: range) == "self" ? "self" : nil
  }

  /// A bare name: a parameter (unknown), a local assigned once in the method (its value), or a constant.
  private func readName(
    _ name: String, at position: Int, in method: ObjectiveCMethodContext?, depth: Int
  ) -> IdentifierExpression {
    if ["nil", "NULL", "self", "super", "YES", "NO"].contains(name) { return .unknown }
    guard let method else { return .reference(path: [name]) }
    if method.parameters.contains(name) { return .unknown }
    var assignments: [Int] = []
    var declaredLocally = false
    var index = method.bodyOpen + 1
    while index < method.bodyClose {
      let token = tokens[index]
      if token.isIdentifier(name) {
        let previous = tokens[index - 1]
        let isMember = previous.isPunctuation(".") || (previous.isPunctuation(">") && tokens[index - 2].isPunctuation("-"))
        let next = index + 1 < tokens.count ? tokens[index + 1] : nil
        if !isMember, let next {
          if next.isPunctuation("="), !(index + 2 < tokens.count && tokens[index + 2].isPunctuation("=")) {
            assignments.append(index)
          } else if next.isPunctuation("+") || next.isPunctuation("-") || previous.isPunctuation("&") {
            return .unknown  // `name += …`, `&name`
          }
          let endsDeclarator = next.isPunctuation("=") || next.isPunctuation(";") || next.isPunctuation(",")
          if previous.isPunctuation("*") || (previous.kind == .identifier && endsDeclarator
            && !["return", "case", "else", "do", "sizeof"].contains(previous.text))
          {
            declaredLocally = true
          }
        }
      }
      index += 1
    }
    if assignments.isEmpty { return declaredLocally ? .unknown : .reference(path: [name]) }
    guard assignments.count == 1, let assignment = assignments.first, assignment < position else { return .unknown }
    return read(initializer(after: assignment + 1, before: method.bodyClose), in: method, depth: depth + 1)
  }

  /// From after `=` to the `;` that ends the statement (groups stepped over).
  private func initializer(after equals: Int, before limit: Int) -> Range<Int> {
    var index = equals + 1
    while index < limit {
      let token = tokens[index]
      if token.isPunctuation(";") || token.isPunctuation("}") { break }
      if token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("{") {
        guard let end = matches.partner(of: index), end > index, end < limit else { return (equals + 1)..<(equals + 1) }
        index = end + 1
        continue
      }
      index += 1
    }
    return (equals + 1)..<index
  }
}
