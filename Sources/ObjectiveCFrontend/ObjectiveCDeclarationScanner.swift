import TablelintModel

/// Reads `@interface` / `@implementation` blocks from a token stream: one pass, no backtracking beyond a bracket
/// group, every token looked at a bounded number of times.
///
/// Outside classes only the at-keywords matter; of a `@protocol` block only the selectors it declares are kept. A
/// class block ends at `@end`, at the next `@interface` / `@implementation` (a missing `@end`), or at the end of the
/// file.
struct ObjectiveCDeclarationScanner {
  let tokens: [ObjectiveCToken]
  var index = 0
  let locator: TokenLocator

  /// The class, class-extension, category and implementation blocks in `tokens`, in source order.
  static func classes(in tokens: [ObjectiveCToken], locator: TokenLocator) -> [ObjCClassDeclaration] {
    declarations(in: tokens, locator: locator).classes
  }

  /// The class blocks, and the selectors the `@protocol` blocks declare (`ObjectiveCFileFacts.protocolSelectors`).
  static func declarations(
    in tokens: [ObjectiveCToken], locator: TokenLocator
  ) -> (classes: [ObjCClassDeclaration], protocolSelectors: [String]) {
    var scanner = ObjectiveCDeclarationScanner(tokens: tokens, locator: locator)
    return scanner.scanFile()
  }

  private init(tokens: [ObjectiveCToken], locator: TokenLocator) {
    self.tokens = tokens
    self.locator = locator
  }

  var current: ObjectiveCToken? { tokenAt(index) }

  func tokenAt(_ position: Int) -> ObjectiveCToken? {
    position < tokens.count ? tokens[position] : nil
  }

  // MARK: - File level

  private mutating func scanFile() -> (classes: [ObjCClassDeclaration], protocolSelectors: [String]) {
    var classes: [ObjCClassDeclaration] = []
    var protocolSelectors: [String] = []
    while let token = current {
      if token.isAtKeyword("interface") || token.isAtKeyword("implementation") {
        index += 1
        if let declaration = scanClass(isImplementation: token.isAtKeyword("implementation")) {
          classes.append(declaration)
        }
      } else if token.isAtKeyword("protocol") {
        index += 1
        protocolSelectors += scanProtocol()
      } else {
        index += 1
      }
    }
    var seen: Set<String> = []
    return (classes, protocolSelectors.filter { seen.insert($0).inserted })
  }

  /// After `@protocol`: the selectors of a declaration block up to `@end`, its methods' and its properties' (getter,
  /// and setter unless read-only); forward declarations and `@protocol(X)` expressions are left alone. The block is
  /// read as a class's members are.
  private mutating func scanProtocol() -> [String] {
    guard current?.kind == .identifier, let next = tokenAt(index + 1),
      !next.isPunctuation(";"), !next.isPunctuation(",")
    else { return [] }
    guard let block = scanClass(isImplementation: false) else { return [] }
    var selectors = block.methods.map(\.selector)
    for property in block.properties {
      selectors.append(property.name)
      if !property.isReadOnly { selectors.append(ObjCProperty.setterSelector(for: property.name)) }
    }
    return selectors
  }

  // MARK: - Class header

  /// After `@interface` / `@implementation`: the header, the instance-variable block and the members.
  private mutating func scanClass(isImplementation: Bool) -> ObjCClassDeclaration? {
    guard let nameToken = current, nameToken.kind == .identifier else { return nil }
    index += 1
    var declaration = ObjCClassDeclaration(
      name: nameToken.text, superclass: nil, category: nil, protocols: [], properties: [], methods: [],
      instanceVariables: [], isImplementation: isImplementation, location: locator.location(of: nameToken)
    )
    skipGenericParameters()
    if current?.isPunctuation("(") == true { declaration.category = scanCategoryName() }
    if current?.isPunctuation(":") == true, let superclass = tokenAt(index + 1), superclass.kind == .identifier {
      declaration.superclass = superclass.text
      index += 2
      skipSuperclassTypeArguments()
    }
    if current?.isPunctuation("<") == true { declaration.protocols = scanProtocolList() }
    if current?.isPunctuation("{") == true { declaration.instanceVariables = scanInstanceVariables() }
    scanMembers(into: &declaration)
    return declaration
  }

  /// `@interface Box<__covariant ObjectType> : NSObject`: type parameters come before `:` or `(`; a `<…>` after
  /// the name that is followed by neither is the protocol list of a root class.
  private mutating func skipGenericParameters() {
    guard current?.isPunctuation("<") == true else { return }
    let end = DeclaratorNames.groupEnd(tokens[...], from: index)
    if let next = tokenAt(end), next.isPunctuation(":") || next.isPunctuation("(") { index = end }
  }

  /// `: Base<NSString *>`: type arguments (with `*`, nested `<>`, `id` or `__kindof`), not a protocol list.
  private mutating func skipSuperclassTypeArguments() {
    guard current?.isPunctuation("<") == true else { return }
    let end = DeclaratorNames.groupEnd(tokens[...], from: index)
    let isTypeArguments = tokens[(index + 1)..<max(index + 1, end - 1)].contains {
      $0.isPunctuation("*") || $0.isPunctuation("<") || $0.isIdentifier("id") || $0.isIdentifier("__kindof")
    }
    if isTypeArguments { index = end }
  }

  /// `(Name)` → "Name", `()` → "" (a class extension).
  private mutating func scanCategoryName() -> String {
    let end = DeclaratorNames.groupEnd(tokens[...], from: index)
    let name = tokens[(index + 1)..<max(index + 1, end - 1)].first { $0.kind == .identifier }?.text ?? ""
    index = end
    return name
  }

  /// `<UITableViewDataSource, UITableViewDelegate>`: the identifiers directly inside the list.
  private mutating func scanProtocolList() -> [String] {
    let end = DeclaratorNames.groupEnd(tokens[...], from: index)
    var protocols: [String] = []
    var nesting = 0
    for token in tokens[index..<end] {
      if token.isPunctuation("<") {
        nesting += 1
      } else if token.isPunctuation(">") {
        nesting -= 1
      } else if nesting == 1, token.kind == .identifier {
        protocols.append(token.text)
      }
    }
    index = end
    return protocols
  }
}

/// Turns token offsets into model locations for one file.
struct TokenLocator: Sendable {
  let path: String
  let lines: LineTable

  func location(of token: ObjectiveCToken) -> SourceLocation {
    location(from: token.start, to: token.end)
  }

  /// From the first token's start to the last token's end.
  func location(of first: ObjectiveCToken, through last: ObjectiveCToken) -> SourceLocation {
    location(from: first.start, to: max(first.start, last.end))
  }

  func location(from start: Int, to end: Int) -> SourceLocation {
    SourceLocation(file: path, range: lines.range(from: start, to: end))
  }
}
