import TablelintModel

/// Reads Objective-C code (method bodies, C functions, file-level declarations) for the facts the Swift frontend
/// reads from Swift: reuse registrations and dequeues, nib loads, string constants, selectors and target–action
/// set-ups.
///
/// One pass over the token stream: the enclosing `@implementation` and method are tracked as the pass goes, and each
/// `[` is read as a message send by `ObjectiveCMessageSend`, which steps over nested groups through precomputed
/// bracket partners. Every loop is bounded by the token stream, so unbalanced or binary input costs linear time and
/// yields fewer facts, never a hang or a guess.
struct ObjectiveCBodyReader {
  let tokens: [ObjectiveCToken]
  let bytes: [UInt8]
  let locator: TokenLocator
  let matches: BracketMatches
  let expressions: ObjectiveCExpressionReader
  var facts: ObjectiveCFileFacts
  /// Positions of literals written directly as a dequeue's identifier: not evidence that anything registers them.
  var dequeueLiteralPositions: Set<Int> = []

  /// Adds the body facts of one file to `facts`; returns the positions of literals written directly as a dequeue's
  /// identifier.
  @discardableResult
  static func read(
    tokens: [ObjectiveCToken], defines: [ObjectiveCDefine], bytes: [UInt8], locator: TokenLocator,
    into facts: inout ObjectiveCFileFacts
  ) -> Set<Int> {
    let matches = BracketMatches(tokens)
    var reader = ObjectiveCBodyReader(
      tokens: tokens, bytes: bytes, locator: locator, matches: matches,
      expressions: ObjectiveCExpressionReader(tokens: tokens, bytes: bytes, matches: matches), facts: facts
    )
    for define in defines {
      guard let value = ObjectiveCFrontend.stringLiteralValue(bytes[define.valueStart..<define.valueEnd]) else { continue }
      reader.facts.constants.append(
        StringConstant(
          owner: nil, name: define.name, value: .literal(value), isStatic: true, isEnumCase: false,
          location: locator.location(from: define.nameStart, to: define.nameEnd)
        )
      )
    }
    reader.run()
    facts = reader.facts
    return reader.dequeueLiteralPositions
  }

  // MARK: - The pass

  /// Message pieces whose `@selector` argument names framework or private API on purpose.
  static let introspectionPieces: Set<String> = [
    "respondsToSelector", "instancesRespondToSelector", "methodForSelector", "instanceMethodForSelector",
    "methodSignatureForSelector", "instanceMethodSignatureForSelector", "canPerformAction",
    "cancelPreviousPerformRequestsWithTarget",
  ]
  /// First pieces of the test doubles' messages whose `@selector` names a method of the receiver: Kiwi's
  /// `stub:…` and `receive:…` (not checked when the receiver is a class).
  static let stubPieces: Set<String> = ["stub", "receive"]
  /// The length of the shortest of `introspectionPieces` (a shorter piece is not looked up).
  static let shortestIntrospectionPiece = introspectionPieces.map(\.utf8.count).min() ?? 0
  /// Whether a selector piece names swizzling (`swizzleInstanceMethod`, `ttt_swizzle`, `jr_swizzleMethod`).
  /// Asked of every piece of every message: on the bytes, without making a lower-cased copy.
  static func namesSwizzling(_ piece: String) -> Bool {
    let word = swizzlingWord
    func search(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      guard bytes.count >= word.count else { return false }
      for start in 0...(bytes.count - word.count) where bytes[start] | 0x20 == word[0] {
        if (1..<word.count).allSatisfy({ bytes[start + $0] | 0x20 == word[$0] }) { return true }
      }
      return false
    }
    return piece.utf8.withContiguousStorageIfAvailable(search) ?? Array(piece.utf8).withUnsafeBufferPointer(search)
  }

  /// `swizzl`, lower-case ASCII (a byte `| 0x20` compares a letter in either case).
  private static let swizzlingWord = Array("swizzl".utf8)

  /// C functions whose selector argument names framework or private API on purpose.
  static let introspectionFunctions: Set<String> = [
    "class_getInstanceMethod", "class_getClassMethod", "class_respondsToSelector", "class_addMethod",
    "class_replaceMethod", "class_getMethodImplementation", "method_getName", "sel_isEqual", "NSStringFromSelector",
  ]

  private mutating func run() {
    var className: String?
    var headerEnd = -1
    var braceDepth = 0
    var method: ObjectiveCMethodContext?
    var ignoredSelectors: Set<Int> = []
    var readRegistrationPieces: Set<Int> = []
    var position = 0
    while position < tokens.count {
      if let close = method?.bodyClose, position > close { method = nil }
      // The token is copied (its text retained) only where its text is read: not for punctuation and literals.
      switch tokens[position].kind {
      case .atKeyword:
        let token = tokens[position]
        switch token.text {
        case "implementation":
          className = position + 1 < tokens.count && tokens[position + 1].kind == .identifier
            ? tokens[position + 1].text : nil
          headerEnd = position + 2
          if headerEnd < tokens.count, tokens[headerEnd].isPunctuation("("),
            let close = matches.partner(of: headerEnd)
          {
            headerEnd = close + 1
          }
          braceDepth = 0
          method = nil
        case "interface", "protocol", "end":
          // `@protocol(P)` is an expression inside a body, not a `@protocol P … @end` block.
          guard BracketMatches.startsOrEndsADeclarationBlock(tokens, at: position) else { break }
          className = nil
          braceDepth = 0
          method = nil
        case "selector":
          if !ignoredSelectors.contains(position), let found = selectorName(at: position) {
            facts.selectorReferences.append(
              selectorReference(
                found.selector, enclosingType: className, from: token, through: tokens[found.close],
                isStored: !isMessageArgument(at: position)
              )
            )
          }
        default:
          break
        }
      case .punctuation:
        switch tokens[position].byte {
        case UInt8(ascii: "{"):
          braceDepth += 1
        case UInt8(ascii: "}"):
          braceDepth = max(0, braceDepth - 1)
        case UInt8(ascii: "-"), UInt8(ascii: "+"):
          if className != nil, method == nil, braceDepth == 0,
            position == headerEnd || tokens[position - 1].isPunctuation(";") || tokens[position - 1].isPunctuation("}"),
            let context = methodSignature(at: position)
          {
            method = context
            if let className {
              recordConstantMethod(context, in: className)
              if let kind = ObjectiveCDataSourceReader.kinds[context.selector], !context.isClassMethod {
                facts.tableMethods.append(
                  ObjectiveCDataSourceReader(tokens: tokens, bytes: bytes, matches: matches, locator: locator)
                    .facts(for: context, kind: kind, className: className)
                )
              }
            }
          }
        case UInt8(ascii: "["):
          if let send = ObjectiveCMessageSend.read(at: position, in: tokens, matches: matches) {
            for piece in send.pieces
            where piece.name.utf8.count >= Self.shortestIntrospectionPiece && Self.introspectionPieces.contains(piece.name)
            {
              ignoredSelectors.formUnion(piece.argument.filter(isSelectorExpression))
            }
            // `[self ttt_swizzleInstanceMethod:@selector(localizedStringForKey:value:table:) withReplacement:…]`:
            // a swizzling helper's selectors name the framework methods it replaces (threema-ios).
            // `[self rac_signalForSelector:@selector(tabBarController:didSelectViewController:)
            // fromProtocol:@protocol(UITabBarControllerDelegate)]`: the selectors are that protocol's methods,
            // declared where the protocol is (MVVMReactiveCocoa).
            let sentWithItsProtocol = send.pieces.count > 1
              && send.pieces.contains { $0.argument.first.map { tokens[$0].isAtKeyword("protocol") } ?? false }
            if sentWithItsProtocol || send.pieces.contains(where: { Self.namesSwizzling($0.name) }) {
              for piece in send.pieces { ignoredSelectors.formUnion(piece.argument.filter(isSelectorExpression)) }
            }
            // `[SENAPIAccount stub:@selector(updateAccount:completionBlock:) withBlock:…]`: a Kiwi stub on a class names
            // a class method of it, often a dependency's class the workspace does not hold (suripu-ios's specs). On
            // an object (`[[controller should] receive:@selector(reloadPackages)]`) it is checked like any selector.
            if let first = send.pieces.first, Self.stubPieces.contains(first.name), send.receiver.count == 1,
              tokens[send.receiver.lowerBound].kind == .identifier,
              tokens[send.receiver.lowerBound].text.first.map({ $0 >= "A" && $0 <= "Z" }) == true
            {
              ignoredSelectors.formUnion(first.argument.filter(isSelectorExpression))
            }
            if read(send, in: className, method: method) { readRegistrationPieces.insert(send.pieces[0].namePosition) }
          }
        default:
          break
        }
      case .identifier:
        let token = tokens[position]
        // Most identifiers are not called: the next token is looked at before the name is hashed.
        let isCalled = position + 1 < tokens.count && tokens[position + 1].isPunctuation("(")
        if isCalled, Self.introspectionFunctions.contains(token.text), let close = matches.partner(of: position + 1) {
          // `class_getInstanceMethod(self, @selector(image))`: any selector among the arguments.
          ignoredSelectors.formUnion(((position + 2)..<close).filter(isSelectorExpression))
        } else if isCalled, token.text == "NSSelectorFromString", !ignoredSelectors.contains(position),
          let selector = selectorFromString(at: position)
        {
          facts.selectorReferences.append(
            selectorReference(
              selector.name, enclosingType: className, from: token, through: tokens[selector.close],
              isStored: !isMessageArgument(at: position)
            )
          )
        } else if method == nil, braceDepth == 0 {
          recordFileConstant(at: position)
        }
        if position + 1 < tokens.count, tokens[position + 1].isPunctuation(":"),
          token.text == "registerClass" || token.text == "registerNib", !readRegistrationPieces.contains(position)
        {
          facts.registersReusableViews = true
        }
      case .literal:
        break
      }
      position += 1
    }
  }

  // MARK: - Declarations

  /// `- (NSString *)name:(Type)param other:(Type)param2 … {`: the selector, parameters and body.
  private func methodSignature(at start: Int) -> ObjectiveCMethodContext? {
    var position = start + 1
    func skipGroup() -> Bool {
      guard position < tokens.count, tokens[position].isPunctuation("(") else { return true }
      guard let close = matches.partner(of: position) else { return false }
      position = close + 1
      return true
    }
    guard skipGroup() else { return nil }
    var selector = ""
    var parameters: [String] = []
    let nameToken = position
    while position < tokens.count {
      let token = tokens[position]
      if token.kind == .identifier, position + 1 < tokens.count, tokens[position + 1].isPunctuation(":") {
        selector += token.text + ":"
        position += 2
        guard skipGroup() else { return nil }
        if position < tokens.count, tokens[position].kind == .identifier {
          parameters.append(tokens[position].text)
          position += 1
        }
      } else if selector.isEmpty, token.kind == .identifier {
        selector = token.text
        position += 1
        break
      } else {
        break
      }
    }
    guard !selector.isEmpty else { return nil }
    // Attributes and macros up to the body (`NS_REQUIRES_SUPER`, `API_AVAILABLE(ios(13))`); a `;` ends a declaration.
    while position < tokens.count {
      let token = tokens[position]
      if token.isPunctuation("{") {
        guard let close = matches.partner(of: position) else { return nil }
        return ObjectiveCMethodContext(
          selector: selector, isClassMethod: tokens[start].isPunctuation("+"), parameters: Set(parameters),
          parameterList: parameters, nameToken: nameToken, bodyOpen: position, bodyClose: close
        )
      }
      if token.isPunctuation(";") || token.kind == .atKeyword || token.isPunctuation("-") || token.isPunctuation("+") {
        return nil
      }
      if token.isPunctuation("(") {
        guard let close = matches.partner(of: position) else { return nil }
        position = close + 1
        continue
      }
      position += 1
    }
    return nil
  }

  /// A unary method whose whole body is `return <string expression>;` is a constant of its class:
  /// `+ (NSString *)defaultReuseIdentifier { return NSStringFromClass([self class]); }`.
  private mutating func recordConstantMethod(_ method: ObjectiveCMethodContext, in className: String) {
    guard !method.selector.hasSuffix(":"), method.bodyOpen + 1 < method.bodyClose,
      tokens[method.bodyOpen + 1].isIdentifier("return"), tokens[method.bodyClose - 1].isPunctuation(";")
    else { return }
    let expression = (method.bodyOpen + 2)..<(method.bodyClose - 1)
    // One statement only.
    var position = expression.lowerBound
    while position < expression.upperBound {
      if tokens[position].isPunctuation(";") { return }
      if let close = matches.partner(of: position), close > position { position = close }
      position += 1
    }
    let value = expressions.read(expression, in: method)
    guard value != .unknown else { return }
    facts.constants.append(
      StringConstant(
        owner: className, name: method.selector, value: value, isStatic: method.isClassMethod, isEnumCase: false,
        location: locator.location(of: tokens[method.nameToken])
      )
    )
  }

  /// At file level: `static NSString * const kCellID = @"Cell";`, `NSString *const kX = @"…";` (also between
  /// methods, where C declarations are file-level too).
  private mutating func recordFileConstant(at position: Int) {
    // `NSString * const name = @"…";` only: without `const` right before the name, the pointer can be reassigned.
    // The punctuation is looked at before the word before the name is compared.
    guard position > 0, position + 3 < tokens.count, tokens[position + 1].isPunctuation("="),
      tokens[position + 2].kind == .literal, tokens[position + 3].isPunctuation(";"), tokens[position - 1].text == "const"
    else { return }
    // The declaration's type must be NSString: look back to the statement start.
    var back = position - 1
    var sawString = false
    while back >= 0, position - back < 12 {
      let token = tokens[back]
      if token.isPunctuation(";") || token.isPunctuation("}") || token.isPunctuation("{") || token.kind == .atKeyword {
        break
      }
      if token.isIdentifier("NSString") { sawString = true }
      if token.isPunctuation("=") || token.isPunctuation(",") || token.isPunctuation("(") { return }
      back -= 1
    }
    let literal = tokens[position + 2]
    guard sawString, bytes[literal.start] == ASCII.at,
      let value = ObjectiveCFrontend.stringLiteralValue(bytes[literal.start..<literal.end])
    else { return }
    facts.constants.append(
      StringConstant(
        owner: nil, name: tokens[position].text, value: .literal(value), isStatic: true, isEnumCase: false,
        location: locator.location(of: tokens[position])
      )
    )
  }

  // MARK: - Selectors

  /// `@selector(name:other:)` at `position`: the selector and the position of `)`.
  private func selectorName(at position: Int) -> (selector: String, close: Int)? {
    guard position + 1 < tokens.count, tokens[position + 1].isPunctuation("("),
      let close = matches.partner(of: position + 1)
    else { return nil }
    var selector = ""
    for token in tokens[(position + 2)..<close] {
      if token.kind == .identifier {
        selector += token.text
      } else if token.isPunctuation(":") {
        selector += ":"
      } else {
        return nil
      }
    }
    return selector.isEmpty ? nil : (selector, close)
  }

  /// `NSSelectorFromString(@"name:")`.
  private func selectorFromString(at position: Int) -> (name: String, close: Int)? {
    guard position + 3 < tokens.count, tokens[position + 1].isPunctuation("("),
      tokens[position + 3].isPunctuation(")"), tokens[position + 2].kind == .literal
    else { return nil }
    let literal = tokens[position + 2]
    guard let value = ObjectiveCFrontend.stringLiteralValue(bytes[literal.start..<literal.end]), !value.isEmpty,
      !value.contains(" ")
    else { return nil }
    return (value, position + 3)
  }

  private func selectorReference(
    _ selector: String, enclosingType: String?, from first: ObjectiveCToken, through last: ObjectiveCToken,
    isStored: Bool = false
  ) -> SelectorReference {
    SelectorReference(
      form: .stringLiteral, typeName: nil, memberName: nil, argumentLabels: nil, accessor: nil, selector: selector,
      enclosingType: enclosingType, isStored: isStored, location: locator.location(of: first, through: last)
    )
  }

  /// Whether the expression starting at `position` is passed in a message (`[items makeObjectsPerformSelector:@selector(x)]`,
  /// `action:@selector(x)`): a selector that is not is kept somewhere (`SEL s = @selector(x)`, `{ @selector(a), … }`).
  private func isMessageArgument(at position: Int) -> Bool {
    position > 0 && tokens[position - 1].isPunctuation(":")
  }

  /// The selector an argument names: `@selector(x:)` or `NSSelectorFromString(@"x:")`.
  private func selectorArgument(_ range: Range<Int>, enclosingType: String?) -> SelectorReference? {
    let range = expressions.stripParentheses(range)
    guard let first = range.first else { return nil }
    if tokens[first].isAtKeyword("selector"), let found = selectorName(at: first), found.close == range.upperBound - 1 {
      return selectorReference(
        found.selector, enclosingType: enclosingType, from: tokens[first], through: tokens[found.close]
      )
    }
    if tokens[first].isIdentifier("NSSelectorFromString"), let found = selectorFromString(at: first),
      found.close == range.upperBound - 1
    {
      return selectorReference(found.name, enclosingType: enclosingType, from: tokens[first], through: tokens[found.close])
    }
    return nil
  }
}

// MARK: - Message sends

extension ObjectiveCBodyReader {
  /// Records what one message send means. Returns true when it was a registration the reader understood.
  private mutating func read(_ send: ObjectiveCMessageSend, in className: String?, method: ObjectiveCMethodContext?)
    -> Bool
  {
    // Every dequeue selector starts with `dequeue`, every registration selector with `register`, every nib load
    // with `nib`, `init` or `load`: most messages are none of these, and are told so by their first piece's first
    // byte, before their selector is joined or hashed.
    let first = send.pieces[0].name.utf8
    switch first.first {
    case UInt8(ascii: "d"):
      if first.starts(with: "dequeue".utf8), let form = Self.dequeueSelectors[send.selector] {
        recordDequeue(send, kind: form.0, identifierPiece: form.1, optional: form.2, in: className, method: method)
        return false
      }
    case UInt8(ascii: "r"):
      if first.starts(with: "register".utf8), let form = Self.registrationSelectors[send.selector] {
        recordRegistration(send, kind: form.0, identifierPiece: form.1, in: className, method: method)
        return true
      }
    case UInt8(ascii: "s"):
      // `[UIStoryboard storyboardWithName:@"PinEntry" bundle:nil]`: a storyboard the workspace should hold.
      // Most messages starting with `s` are setters: the first piece's name is compared before any selector is
      // joined.
      if send.pieces.count == 2, send.pieces[0].name == "storyboardWithName", send.pieces[1].name == "bundle",
        let range = send.argument("storyboardWithName"),
        case .literal(let name) = expressions.read(range, in: method)
      {
        facts.loadedStoryboards.append(name)
        return false
      }
    case UInt8(ascii: "n"), UInt8(ascii: "i"), UInt8(ascii: "l"):
      let name = send.pieces[0].name
      guard name == "nibWithNibName" || name == "initWithNibName" || name == "loadNibNamed" else { break }
      switch send.selector {
      case "nibWithNibName:bundle:", "initWithNibName:bundle:", "loadNibNamed:owner:options:", "loadNibNamed:owner:":
        recordNibReference(send, in: className, method: method)
        return false
      default:
        break
      }
    default:
      break
    }
    if looksLikeRegistrationHelper(send) {
      // `[self registerCellsForTableView:tableView]`, `[MyCells registerIn:self.tableView]`: something is
      // registered that the reader cannot name (unless the family's own method, whose body was read).
      facts.registrations.append(
        Registration(
          kind: .tableCell, identifier: .unknown, identifierLocation: locator.location(of: tokens[send.open]),
          content: .cellClass(nil), enclosingType: className, receiver: receiverText(send), helperName: send.selector,
          location: locator.location(of: tokens[send.open], through: tokens[send.close])
        )
      )
      return true
    }
    recordTargetAction(send, in: className)
    return false
  }

  /// Like the Swift frontend's test: a message starting with `register` that names cells, nibs, headers or footers,
  /// is sent to a table or collection view, or passes a class (`[X class]`, `X.class`).
  private func looksLikeRegistrationHelper(_ send: ObjectiveCMessageSend) -> Bool {
    // Most messages are not `register…`: decided on the first piece's name before lower-casing the selector.
    guard let first = send.pieces.first?.name.utf8, first.first.map({ $0 | 0x20 == UInt8(ascii: "r") }) == true,
      first.count >= 8, zip(first, "register".utf8).allSatisfy({ $0 | 0x20 == $1 })
    else { return false }
    let selector = send.selector
    let hints = ["cell", "nib", "reusable", "header", "footer", "supplementary"]
    if hints.contains(where: { Self.contains(selector, $0) }) { return true }
    if let receiver = receiverText(send), Self.contains(receiver, "table") || Self.contains(receiver, "collection") {
      return true
    }
    return send.pieces.contains { piece in
      expressions.className(in: piece.argument) != nil
        || piece.argument.contains { tokens[$0].kind == .identifier && Self.contains(tokens[$0].text, "table") }
    }
  }

  /// Whether `text` contains `word` (lower-case ASCII) in any case, compared byte by byte (the standard library's
  /// generic substring search cost 20,000 instructions a call here).
  static func contains(_ text: String, _ word: String) -> Bool {
    let text = Array(text.utf8)
    let word = Array(word.utf8)
    guard let first = word.first, text.count >= word.count else { return false }
    for start in 0...(text.count - word.count) where text[start] | 0x20 == first {
      if zip(text[start...], word).allSatisfy({ $0 | 0x20 == $1 }) { return true }
    }
    return false
  }

  /// Selector → (queue, the piece holding the identifier, whether the result may be nil).
  static let dequeueSelectors: [String: (ReuseKind, String, Bool)] = [
    "dequeueReusableCellWithIdentifier:forIndexPath:": (.tableCell, "dequeueReusableCellWithIdentifier", false),
    "dequeueReusableCellWithIdentifier:": (.tableCell, "dequeueReusableCellWithIdentifier", true),
    "dequeueReusableHeaderFooterViewWithIdentifier:": (
      .tableHeaderFooter, "dequeueReusableHeaderFooterViewWithIdentifier", true
    ),
    "dequeueReusableCellWithReuseIdentifier:forIndexPath:": (
      .collectionCell, "dequeueReusableCellWithReuseIdentifier", false
    ),
    "dequeueReusableSupplementaryViewOfKind:withReuseIdentifier:forIndexPath:": (
      .collectionSupplementary, "withReuseIdentifier", false
    ),
  ]

  /// Selector → (queue, the piece holding the identifier). The first piece holds the class or nib.
  static let registrationSelectors: [String: (ReuseKind, String)] = [
    "registerClass:forCellReuseIdentifier:": (.tableCell, "forCellReuseIdentifier"),
    "registerNib:forCellReuseIdentifier:": (.tableCell, "forCellReuseIdentifier"),
    "registerClass:forHeaderFooterViewReuseIdentifier:": (.tableHeaderFooter, "forHeaderFooterViewReuseIdentifier"),
    "registerNib:forHeaderFooterViewReuseIdentifier:": (.tableHeaderFooter, "forHeaderFooterViewReuseIdentifier"),
    "registerClass:forCellWithReuseIdentifier:": (.collectionCell, "forCellWithReuseIdentifier"),
    "registerNib:forCellWithReuseIdentifier:": (.collectionCell, "forCellWithReuseIdentifier"),
    "registerClass:forSupplementaryViewOfKind:withReuseIdentifier:": (.collectionSupplementary, "withReuseIdentifier"),
    "registerNib:forSupplementaryViewOfKind:withReuseIdentifier:": (.collectionSupplementary, "withReuseIdentifier"),
  ]

  private func receiverText(_ send: ObjectiveCMessageSend) -> String? {
    guard let first = send.receiver.first, let last = send.receiver.last else { return nil }
    return String(decoding: bytes[tokens[first].start..<tokens[last].end], as: UTF8.self)
  }

  private func location(of range: Range<Int>, fallback: Int) -> SourceLocation {
    guard let first = range.first, let last = range.last else { return locator.location(of: tokens[fallback]) }
    return locator.location(of: tokens[first], through: tokens[last])
  }

  private mutating func recordDequeue(
    _ send: ObjectiveCMessageSend, kind: ReuseKind, identifierPiece: String, optional: Bool, in className: String?,
    method: ObjectiveCMethodContext?
  ) {
    guard let argument = send.argument(identifierPiece) else { return }
    if argument.count == 1, tokens[argument.lowerBound].kind == .literal { dequeueLiteralPositions.insert(argument.lowerBound) }
    // A cast or a typed variable is the dequeue's only when the send is the whole expression (not
    // `(MyView *)[tv dequeue…].contentView`).
    let ends = send.close + 1 >= tokens.count
      || [";", ",", ")"].contains { tokens[send.close + 1].isPunctuation($0) }
    let cast = ends ? castType(before: send.open) : nil
    facts.dequeues.append(
      Dequeue(
        kind: kind, identifier: expressions.read(argument, in: method),
        identifierLocation: location(of: argument, fallback: send.open),
        nilHandling: optional ? .handled : .notOptional,
        castType: cast.map { tokens[$0].text }, castKind: cast == nil ? nil : .unchecked,
        castLocation: cast.map { locator.location(of: tokens[$0]) }, enclosingType: className,
        receiver: receiverText(send), location: locator.location(of: tokens[send.open], through: tokens[send.close])
      )
    )
  }

  /// `@selector(…)` or `NSSelectorFromString(…)` starts at `position`: in an introspection call (`respondsToSelector:`,
  /// `class_getInstanceMethod`) it asks whether a method exists, it does not claim one.
  private func isSelectorExpression(_ position: Int) -> Bool {
    tokens[position].isAtKeyword("selector") || tokens[position].isIdentifier("NSSelectorFromString")
  }

  /// `(FooCell *)[…]` or `FooCell *cell = […]` (also `UITableViewCell<P> *cell`): the position of the class name.
  private func castType(before open: Int) -> Int? {
    guard open >= 1 else { return nil }
    let previous = tokens[open - 1]
    if previous.isPunctuation(")"), let groupOpen = matches.partner(of: open - 1), groupOpen < open - 1,
      ObjectiveCMessageSend.isCastType(tokens[(groupOpen + 1)..<(open - 1)])
    {
      return ((groupOpen + 1)..<(open - 1)).first {
        tokens[$0].kind == .identifier && !DeclaratorNames.qualifiers.contains(tokens[$0].text)
      }
    }
    // `Type *name = [`
    guard previous.isPunctuation("="), open >= 4, tokens[open - 2].kind == .identifier,
      tokens[open - 3].isPunctuation("*")
    else { return nil }
    var position = open - 4
    if tokens[position].isPunctuation(">") {
      // Skip a protocol list `<P, Q>` backwards, within a few tokens.
      var steps = 0
      while position > 0, !tokens[position].isPunctuation("<"), steps < 16 {
        position -= 1
        steps += 1
      }
      guard tokens[position].isPunctuation("<") else { return nil }
      position -= 1
    }
    while position >= 0, tokens[position].kind == .identifier, DeclaratorNames.qualifiers.contains(tokens[position].text) {
      position -= 1
    }
    guard position >= 0, tokens[position].kind == .identifier, tokens[position].text.first?.isUppercase == true else {
      return nil
    }
    // The type starts a statement (not `a * b = …`, which is no C).
    if position > 0 {
      let before = tokens[position - 1]
      let startsStatement = before.isPunctuation(";") || before.isPunctuation("{") || before.isPunctuation("}")
        || before.isPunctuation(")") || before.isPunctuation(":")
        || (before.kind == .identifier && DeclaratorNames.qualifiers.contains(before.text))
      guard startsStatement else { return nil }
    }
    return position
  }

  private mutating func recordRegistration(
    _ send: ObjectiveCMessageSend, kind: ReuseKind, identifierPiece: String, in className: String?,
    method: ObjectiveCMethodContext?
  ) {
    guard let argument = send.argument(identifierPiece), let first = send.pieces.first else { return }
    let content: RegisteredContent
    if first.name == "registerClass" {
      let range = expressions.stripParentheses(first.argument)
      if range.count == 1, tokens[range.lowerBound].isIdentifier("nil") || tokens[range.lowerBound].isIdentifier("Nil") {
        content = .none
      } else {
        content = .cellClass(expressions.className(in: range).flatMap { $0 == "self" ? nil : $0 })
      }
    } else {
      content = nibContent(first.argument, method: method)
    }
    facts.registrations.append(
      Registration(
        kind: kind, identifier: expressions.read(argument, in: method),
        identifierLocation: location(of: argument, fallback: send.open), content: content,
        enclosingType: className, receiver: receiverText(send),
        location: locator.location(of: tokens[send.open], through: tokens[send.close])
      )
    )
  }

  /// `[UINib nibWithNibName:@"X" bundle:…]` (possibly through a local assigned once) → `.nib("X")`.
  private func nibContent(_ range: Range<Int>, method: ObjectiveCMethodContext?) -> RegisteredContent {
    var range = expressions.stripParentheses(range)
    for _ in 0..<3 {
      guard let first = range.first else { break }
      if range.count == 1, tokens[first].isIdentifier("nil") { return .none }
      if tokens[first].isPunctuation("["), matches.partner(of: first) == range.upperBound - 1,
        let send = ObjectiveCMessageSend.read(at: first, in: tokens, matches: matches),
        send.selector == "nibWithNibName:bundle:", let name = send.argument("nibWithNibName")
      {
        return .nib(expressions.read(name, in: method), location: location(of: name, fallback: first))
      }
      // A local `UINib *nib = [UINib nibWithNibName:…];` assigned once.
      guard range.count == 1, tokens[first].kind == .identifier, let method,
        let initializer = singleInitializer(of: tokens[first].text, in: method)
      else { break }
      range = expressions.stripParentheses(initializer)
    }
    return .nib(.unknown, location: nil)
  }

  /// The initializer of a local declared and assigned exactly once in the method.
  private func singleInitializer(of name: String, in method: ObjectiveCMethodContext) -> Range<Int>? {
    var found: Range<Int>?
    var position = method.bodyOpen + 1
    while position < method.bodyClose {
      if tokens[position].isIdentifier(name), position + 1 < method.bodyClose, tokens[position + 1].isPunctuation("="),
        !tokens[position - 1].isPunctuation(".")
      {
        guard found == nil else { return nil }
        var end = position + 2
        while end < method.bodyClose, !tokens[end].isPunctuation(";") {
          if let close = matches.partner(of: end), close > end { end = close }
          end += 1
        }
        found = (position + 2)..<min(end, method.bodyClose)
      }
      position += 1
    }
    return found
  }

  private mutating func recordNibReference(
    _ send: ObjectiveCMessageSend, in className: String?, method: ObjectiveCMethodContext?
  ) {
    guard let nameRange = send.argument(send.pieces[0].name) else { return }
    let name = expressions.read(nameRange, in: method)
    // `initWithNibName:nil` loads no nib.
    if nameRange.count == 1, tokens[nameRange.lowerBound].isIdentifier("nil") { return }
    let bundle: BundleReference
    if let bundleRange = send.argument("bundle") {
      bundle = bundleReference(bundleRange)
    } else {
      // `[[NSBundle mainBundle] loadNibNamed:…]`: the receiver is the bundle.
      bundle = bundleReference(send.receiver)
    }
    facts.nibReferences.append(
      NibReference(
        name: name, nameLocation: location(of: nameRange, fallback: send.open), bundle: bundle,
        enclosingType: className, location: locator.location(of: tokens[send.open], through: tokens[send.close])
      )
    )
  }

  /// `nil`, `[NSBundle mainBundle]`, `NSBundle.mainBundle`, `[NSBundle bundleForClass:…]` are the app's bundle.
  private func bundleReference(_ range: Range<Int>) -> BundleReference {
    let range = expressions.stripParentheses(range)
    guard let first = range.first else { return .other }
    if range.count == 1, tokens[first].isIdentifier("nil") { return .app }
    if range.count == 3, tokens[first].isIdentifier("NSBundle"), tokens[first + 2].isIdentifier("mainBundle") {
      return .app
    }
    if tokens[first].isPunctuation("["), matches.partner(of: first) == range.upperBound - 1,
      let send = ObjectiveCMessageSend.read(at: first, in: tokens, matches: matches),
      send.receiver.count == 1, tokens[send.receiver.lowerBound].isIdentifier("NSBundle"),
      send.selector == "mainBundle" || send.selector == "bundleForClass:"
    {
      return .app
    }
    return .other
  }

  /// Target–action forms whose action arity the sender fixes, mirroring the Swift frontend's list.
  private mutating func recordTargetAction(_ send: ObjectiveCMessageSend, in className: String?) {
    // Each form below has a piece naming its target (or `performSelector`): without one, nothing is recorded.
    guard send.pieces.contains(where: { Self.mayNameTargetOrPerform($0.name) }) else { return }
    let names = send.pieces.map(\.name)
    let kind: TargetActionUse.Kind
    let target: Range<Int>?
    let selectorRange: Range<Int>?
    let maximum: Int
    switch send.selector {
    case "addTarget:action:forControlEvents:":
      (kind, target, selectorRange, maximum) = (.controlEvent, send.argument("addTarget"), send.argument("action"), 2)
    case "addTarget:action:":
      (kind, target, selectorRange, maximum) = (.targetAction, send.argument("addTarget"), send.argument("action"), 1)
    case "performSelector:":
      (kind, target, selectorRange, maximum) = (.perform, nil, send.argument("performSelector"), 0)
    case "performSelector:withObject:", "performSelector:withObject:afterDelay:":
      (kind, target, selectorRange, maximum) = (.perform, nil, send.argument("performSelector"), 1)
    case "performSelector:withObject:withObject:":
      (kind, target, selectorRange, maximum) = (.perform, nil, send.argument("performSelector"), 2)
    case "addObserver:selector:name:object:":
      (kind, target, selectorRange, maximum) = (.notification, send.argument("addObserver"), send.argument("selector"), 1)
    case "scheduledTimerWithTimeInterval:target:selector:userInfo:repeats:",
      "timerWithTimeInterval:target:selector:userInfo:repeats:",
      "initWithFireDate:interval:target:selector:userInfo:repeats:":
      (kind, target, selectorRange, maximum) = (.timer, send.argument("target"), send.argument("selector"), 1)
    case "displayLinkWithTarget:selector:":
      (kind, target, selectorRange, maximum) = (
        .displayLink, send.argument("displayLinkWithTarget"), send.argument("selector"), 1
      )
    default:
      // `initWithTarget:action:` (a gesture recogniser, the workspace's subclasses too), and UIKit's and AppKit's
      // `initWithTitle:style:target:action:` or `buttonWithTitle:target:action:`. Not any `target:` with `selector:`:
      // that is some library's (XMPPFramework's `addElement:target:selector:timeout:` sends two arguments), whose
      // callback may take what it likes; nor `target:` with `action:` sent to another class (iTerm2's
      // `initWithName:…target:action:` calls its actions with a completion block and the arguments).
      let targetPiece = send.pieces.first { $0.name == "target" || $0.name.hasSuffix("Target") }
      let framework = frameworkReceiverClass(send)
      guard let targetPiece, names.contains("action"), send.selector == "initWithTarget:action:" || framework != nil
      else { return }
      let arguments = framework.map(FrameworkClassName.targetActionArguments(of:)) ?? 1
      (kind, target, selectorRange, maximum) = (.targetAction, targetPiece.argument, send.argument("action"), arguments)
    }
    guard let selectorRange, let selector = selectorArgument(selectorRange, enclosingType: className) else { return }
    let targetIsSelf: Bool
    if kind == .perform {
      targetIsSelf = send.receiver.count == 1 && tokens[send.receiver.lowerBound].isIdentifier("self")
    } else if let target {
      let stripped = expressions.stripParentheses(target)
      targetIsSelf = stripped.count == 1 && tokens[stripped.lowerBound].isIdentifier("self")
    } else {
      targetIsSelf = false
    }
    facts.targetActions.append(
      TargetActionUse(
        kind: kind, targetIsSelf: targetIsSelf, selector: selector, maximumArguments: maximum,
        location: locator.location(of: tokens[send.open], through: tokens[send.close])
      )
    )
  }

  /// The UIKit or AppKit class the message goes to, `[UIBarButtonItem alloc]` (or `new`) or the class itself
  /// (`[NSButton buttonWithTitle:…]`): the only senders of target–action whose action arity tablelint knows.
  private func frameworkReceiverClass(_ send: ObjectiveCMessageSend) -> String? {
    let receiver = expressions.stripParentheses(send.receiver)
    guard let first = receiver.first else { return nil }
    var name = first
    if tokens[first].isPunctuation("["), matches.partner(of: first) == receiver.upperBound - 1, receiver.count == 4,
      tokens[first + 2].isIdentifier("alloc") || tokens[first + 2].isIdentifier("new")
    {
      name = first + 1
    } else if receiver.count != 1 {
      return nil
    }
    guard tokens[name].kind == .identifier, FrameworkClassName.isUIKitOrAppKit(tokens[name].text) else { return nil }
    return tokens[name].text
  }

  /// Whether a piece named `name` can be the one `recordTargetAction` needs: `addTarget`, `performSelector`,
  /// `addObserver`, `displayLinkWithTarget`, `target` or a name ending in `Target`.
  private static func mayNameTargetOrPerform(_ name: String) -> Bool {
    let bytes = name.utf8
    // Each ends in `t` or `r`: most names are told apart by their last byte.
    switch bytes.last {
    case UInt8(ascii: "t"):
      return bytes.count >= 6 && bytes.suffix(6).elementsEqual("Target".utf8) || name == "target"
    case UInt8(ascii: "r"):
      return name == "performSelector" || name == "addObserver"
    default:
      return false
    }
  }
}
