import TablelintModel

/// Members of one `@interface` / `@implementation` block: properties, methods, instance variables.
extension ObjectiveCDeclarationScanner {
  /// Members up to and including `@end`; stops before an `@interface` / `@implementation` that follows a missing
  /// `@end`.
  ///
  /// A `-` or `+` starts a method only outside brackets and initializers, so `static CGFloat h = 44 - 2;` or
  /// `int a[N - 1];` between methods are not methods. Braced blocks (C function bodies, stray initializers) are
  /// skipped whole.
  mutating func scanMembers(into declaration: inout ObjCClassDeclaration) {
    var bracketDepth = 0
    var inInitializer = false
    while let token = current {
      switch token.kind {
      case .atKeyword:
        switch token.text {
        case "end":
          index += 1
          return
        case "interface", "implementation":
          return
        case "property":
          index += 1
          declaration.properties += scanProperty()
        case "synthesize", "dynamic":
          skipPastSemicolon()
        default:
          index += 1  // @optional, @public, @class …
        }
      case .punctuation where token.isPunctuation("{"):
        skipBracedBlock()
      case .punctuation where (token.isPunctuation("-") || token.isPunctuation("+")) && bracketDepth == 0
        && !inInitializer && startsMethodSignature(at: index + 1):
        if let method = scanMethod() { declaration.methods.append(method) }
      case .punctuation:
        if token.isPunctuation("(") || token.isPunctuation("[") { bracketDepth += 1 }
        if token.isPunctuation(")") || token.isPunctuation("]") { bracketDepth = max(0, bracketDepth - 1) }
        if token.isPunctuation("="), bracketDepth == 0 { inInitializer = true }
        if token.isPunctuation(";") {
          inInitializer = false
          bracketDepth = 0
        }
        index += 1
      case .identifier, .literal:
        index += 1
      }
    }
  }

  /// A method's return type `(` or its first selector piece.
  private func startsMethodSignature(at position: Int) -> Bool {
    guard let next = tokenAt(position) else { return false }
    return next.isPunctuation("(") || next.kind == .identifier
  }

  /// Past `@synthesize a = _a, b;` / `@dynamic a;`.
  private mutating func skipPastSemicolon() {
    index += 1
    while let token = current, token.kind != .atKeyword {
      index += 1
      if token.isPunctuation(";") { return }
    }
  }

  /// From `{` past the matching `}`. Literals and comments are already single tokens or gone, so counting braces
  /// is exact. Stops early at `@end`, `@interface` or `@implementation`, which cannot occur inside a body.
  mutating func skipBracedBlock() {
    var depth = 0
    while let token = current {
      if token.isAtKeyword("end") || token.isAtKeyword("interface") || token.isAtKeyword("implementation") {
        return
      }
      index += 1
      if token.isPunctuation("{") { depth += 1 }
      if token.isPunctuation("}") {
        depth -= 1
        if depth <= 0 { return }
      }
    }
  }

  // MARK: - Properties

  /// After `@property`: `(attributes) type name, name2;` → one property per declared name.
  private mutating func scanProperty() -> [ObjCProperty] {
    var isReadOnly = false
    if current?.isPunctuation("(") == true {
      let end = DeclaratorNames.groupEnd(tokens[...], from: index)
      isReadOnly = tokens[index..<end].contains { $0.isIdentifier("readonly") }
      index = end
    }
    let start = index
    let end = declarationEnd()
    let declaration = tokens[start..<end]
    index = end < tokens.count && tokens[end].isPunctuation(";") ? end + 1 : end
    let isOutlet = declaration.contains { $0.isIdentifier("IBOutlet") || $0.isIdentifier("IBOutletCollection") }
    return DeclaratorNames.nameTokens(in: declaration).map {
      ObjCProperty(name: $0.text, isOutlet: isOutlet, isReadOnly: isReadOnly, location: locator.location(of: $0))
    }
  }

  /// The position of the `;` ending the declaration that starts at `index`, or of the token where a declaration
  /// without `;` must have ended (an at-keyword, a `{` or `}` outside brackets, or the end of the file).
  private func declarationEnd() -> Int {
    var depth = BracketDepth()
    var position = index
    while let token = tokenAt(position), token.kind != .atKeyword {
      if depth.isZero, token.isPunctuation(";") || token.isPunctuation("{") || token.isPunctuation("}") {
        return position
      }
      depth.update(with: token)
      position += 1
    }
    return position
  }

  // MARK: - Instance variables

  /// From `{` past `}`: the names declared in an instance-variable block.
  mutating func scanInstanceVariables() -> [String] {
    var names: [String] = []
    index += 1
    var start = index
    var depth = 0
    while let token = current {
      if token.kind == .atKeyword {
        if token.isAtKeyword("end") || token.isAtKeyword("interface") || token.isAtKeyword("implementation") {
          return names
        }
        index += 1
        start = index  // @public, @private, @protected, @package
        continue
      }
      if token.isPunctuation("{") { depth += 1 }
      if token.isPunctuation("}") {
        if depth == 0 {
          names += DeclaratorNames.nameTokens(in: tokens[start..<index]).map(\.text)
          index += 1
          return names
        }
        depth -= 1
      }
      if token.isPunctuation(";"), depth == 0 {
        names += DeclaratorNames.nameTokens(in: tokens[start..<index]).map(\.text)
        start = index + 1
      }
      index += 1
    }
    return names
  }

  // MARK: - Methods

  /// From `-` / `+`: the selector, then past the `;` or the body.
  /// `- (void)doThing:(id)a withObject:(id)b` → `doThing:withObject:`; `- (void)f:(id)a :(id)b` → `f::`.
  private mutating func scanMethod() -> ObjCMethod? {
    let isClassMethod = current?.isPunctuation("+") == true
    index += 1
    var isAction = false
    if current?.isPunctuation("(") == true {
      let end = DeclaratorNames.groupEnd(tokens[...], from: index)
      isAction = tokens[index..<end].contains { $0.isIdentifier("IBAction") }
      index = end
    }
    var selector = ""
    var nameToken: ObjectiveCToken?
    while let token = current {
      if token.kind == .identifier, tokenAt(index + 1)?.isPunctuation(":") == true {
        selector += token.text + ":"
        index += 2
      } else if token.isPunctuation(":") {
        selector += ":"
        index += 1
      } else if selector.isEmpty, token.kind == .identifier {
        selector = token.text
        nameToken = token
        index += 1
        break
      } else {
        break
      }
      nameToken = nameToken ?? token
      skipParameter()
    }
    skipToMethodEnd()
    guard let nameToken, !selector.isEmpty else { return nil }
    return ObjCMethod(
      selector: selector, isClassMethod: isClassMethod, isAction: isAction, location: locator.location(of: nameToken)
    )
  }

  /// `(type)name` after a selector piece's colon; both parts are optional in the language.
  private mutating func skipParameter() {
    if current?.isPunctuation("(") == true { index = DeclaratorNames.groupEnd(tokens[...], from: index) }
    if current?.kind == .identifier { index += 1 }
  }

  /// Past trailing attributes and macros (`NS_REQUIRES_SUPER`, `API_AVAILABLE(ios(13.0))`, `, ...`) and the `;`
  /// or the body. Stops before an at-keyword, a `}` or the next method's `-` / `+` when the `;` is missing.
  private mutating func skipToMethodEnd() {
    var depth = 0
    while let token = current, token.kind != .atKeyword {
      if depth == 0 {
        if token.isPunctuation(";") {
          index += 1
          return
        }
        if token.isPunctuation("{") {
          skipBracedBlock()
          return
        }
        if token.isPunctuation("}") || token.isPunctuation("-") || token.isPunctuation("+") { return }
      }
      if token.isPunctuation("(") || token.isPunctuation("[") { depth += 1 }
      if token.isPunctuation(")") || token.isPunctuation("]") { depth = max(0, depth - 1) }
      index += 1
    }
  }
}
