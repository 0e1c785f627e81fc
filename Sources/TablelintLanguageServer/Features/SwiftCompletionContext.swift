import SwiftSyntax
import TablelintModel

/// What the cursor in a Swift file asks to complete, read from a syntax tree of the current buffer. SwiftParser
/// recovers from incomplete input (an unterminated literal, a missing `)` or type), so this works while the line is
/// still being typed; comments are trivia and never complete.
enum SwiftCompletionContext: Equatable {
  /// Inside the literal of `dequeueReusableCell(withIdentifier: "` (and the collection and header-footer forms).
  case reuseIdentifier(ReuseKind)
  /// A cell class: after `register(` or `cellClass:` (`X.self`), after `Row<` or an `as!` that follows a dequeue
  /// (`X`). `dequeuedIdentifier` is the literal the dequeue used, if any.
  case cellClass(asMetatype: Bool, dequeuedIdentifier: String?, kind: ReuseKind)
  /// `UITableViewCell(style: .`
  case cellStyle
  /// `accessoryType = .` (UIKit) or `accessory: .` (venmo/Static's `Row.Accessory` when Static is imported).
  case accessory(staticLibrary: Bool)

  /// The context at the UTF-8 `offset` of the document `tree` was parsed from, and the offset where the text a
  /// completion replaces starts (what is typed before the cursor).
  static func at(
    offset: Int, in tree: SourceFileSyntax, importsStatic: Bool
  ) -> (context: SwiftCompletionContext, replacingFrom: Int)? {
    guard let cursor = Cursor(offset: offset, in: tree) else { return nil }
    if let found = reuseIdentifier(cursor) { return found }
    if let found = castOfDequeue(cursor) { return found }
    if let found = argumentExpression(cursor) { return found }
    if let found = rowGenericArgument(cursor) { return found }
    if let found = implicitMember(cursor, importsStatic: importsStatic) { return found }
    return nil
  }

  // MARK: - The cursor

  /// Where the cursor is: inside (or at the end of) a token being typed, or after a token with only whitespace
  /// between.
  struct Cursor {
    let offset: Int
    /// The token whose text holds the byte before the cursor.
    let token: TokenSyntax?
    /// The last token before the cursor (the token itself when the cursor is in or at the end of it).
    let previous: TokenSyntax

    init?(offset: Int, in tree: SourceFileSyntax) {
      self.offset = offset
      let before = offset - 1
      guard let token = tree.token(at: AbsolutePosition(utf8Offset: before)) else { return nil }
      let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
      let end = token.endPositionBeforeTrailingTrivia.utf8Offset
      if before < start {
        guard !Self.isInComment(token.leadingTrivia, from: token.position.utf8Offset, offset: offset),
          let previous = token.previousToken(viewMode: .sourceAccurate)
        else { return nil }
        self.token = nil
        self.previous = previous
      } else if before >= end {
        guard !Self.isInComment(token.trailingTrivia, from: end, offset: offset) else { return nil }
        self.token = nil
        self.previous = token
      } else {
        self.token = token
        self.previous = token
      }
    }

    /// Whether the cursor (after the byte `offset - 1`) is inside a comment of `trivia`, which starts at `from`.
    private static func isInComment(_ trivia: Trivia, from: Int, offset: Int) -> Bool {
      var start = from
      for piece in trivia {
        let end = start + piece.sourceLength.utf8Length
        if start < offset, offset <= end {
          switch piece {
          case .lineComment, .docLineComment: return true
          case .blockComment, .docBlockComment: return offset < end || !piece.isClosedBlockComment
          default: return false
          }
        }
        start = end
      }
      return false
    }

    /// A name being typed at the cursor (`Ba` in `register(Ba`), with the cursor at its end or inside it.
    var name: TokenSyntax? {
      guard let token else { return nil }
      switch token.tokenKind {
      case .identifier, .keyword: return token
      default: return nil
      }
    }

    /// A punctuation token that ends right at the cursor or before whitespace (`(`, `:`, `.`, `!`, `<`).
    var punctuation: TokenSyntax? {
      if name != nil { return nil }
      if let token, token.endPositionBeforeTrailingTrivia.utf8Offset != offset { return nil }
      return previous
    }
  }

  // MARK: - Contexts

  /// Inside the string literal of a dequeue's identifier argument.
  private static func reuseIdentifier(_ cursor: Cursor) -> (SwiftCompletionContext, Int)? {
    guard let token = cursor.token, let literal = token.parent?.as(StringSegmentSyntax.self)?.parent?.parent?
      .as(StringLiteralExprSyntax.self) ?? token.parent?.as(StringLiteralExprSyntax.self)
    else { return nil }
    let replacingFrom: Int
    if token.id == literal.openingQuote.id, literal.openingQuote.tokenKind == .stringQuote {
      guard token.endPositionBeforeTrailingTrivia.utf8Offset == cursor.offset else { return nil }
      replacingFrom = cursor.offset
    } else if case .stringSegment = token.tokenKind, literal.openingQuote.tokenKind == .stringQuote,
      literal.segments.count == 1
    {
      replacingFrom = token.positionAfterSkippingLeadingTrivia.utf8Offset
    } else {
      return nil
    }
    guard let argument = literal.parent?.as(LabeledExprSyntax.self), let call = call(of: argument),
      let kind = dequeueKind(call, label: argument.label?.text)
    else { return nil }
    return (.reuseIdentifier(kind), replacingFrom)
  }

  /// The type after `as!`/`as?` that follows a dequeue.
  private static func castOfDequeue(_ cursor: Cursor) -> (SwiftCompletionContext, Int)? {
    var dequeued: ExprSyntax?
    var replacingFrom = cursor.offset
    if let name = cursor.name {
      guard let type = outermostType(containing: name) else { return nil }
      replacingFrom = type.positionAfterSkippingLeadingTrivia.utf8Offset
      if let cast = type.parent?.as(AsExprSyntax.self), cast.questionOrExclamationMark != nil {
        dequeued = cast.expression
      } else if let typeExpression = type.parent?.as(TypeExprSyntax.self) {
        dequeued = expressionBefore(Syntax(typeExpression), castRequired: true)
      }
    } else if let mark = cursor.punctuation, mark.tokenKind == .exclamationMark || mark.tokenKind == .postfixQuestionMark
      || mark.tokenKind == .infixQuestionMark
    {
      if let cast = mark.parent?.as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark?.id == mark.id {
        dequeued = previousElement(Syntax(cast))
      } else if let cast = mark.parent?.as(AsExprSyntax.self), cast.questionOrExclamationMark?.id == mark.id {
        dequeued = cast.expression
      }
    }
    guard var expression = dequeued else { return nil }
    while true {
      if let unwrap = expression.as(ForceUnwrapExprSyntax.self) {
        expression = unwrap.expression
      } else if let chain = expression.as(OptionalChainingExprSyntax.self) {
        expression = chain.expression
      } else if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
        expression = only.expression
      } else {
        break
      }
    }
    guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
    for argument in call.arguments {
      guard let label = argument.label?.text, label == "withIdentifier" || label == "withReuseIdentifier",
        let kind = dequeueKind(call, label: label)
      else { continue }
      let literal = argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
      return (.cellClass(asMetatype: false, dequeuedIdentifier: literal, kind: kind), replacingFrom)
    }
    return nil
  }

  /// The first argument of `register(` and the argument labelled `cellClass:`: a class as `X.self`.
  private static func argumentExpression(_ cursor: Cursor) -> (SwiftCompletionContext, Int)? {
    var argument: LabeledExprSyntax?
    var call: FunctionCallExprSyntax?
    var replacingFrom = cursor.offset
    if let name = cursor.name {
      guard let expression = outermostNameExpression(containing: name),
        let labeled = expression.parent?.as(LabeledExprSyntax.self), labeled.expression.id == expression.id
      else { return nil }
      replacingFrom = expression.positionAfterSkippingLeadingTrivia.utf8Offset
      argument = labeled
    } else if let token = cursor.punctuation {
      if token.tokenKind == .colon, let labeled = token.parent?.as(LabeledExprSyntax.self) {
        argument = labeled
      } else if token.tokenKind == .leftParen, let found = token.parent?.as(FunctionCallExprSyntax.self),
        found.leftParen?.id == token.id
      {
        guard found.arguments.isEmpty || found.arguments.first?.expression.is(MissingExprSyntax.self) == true
          || found.arguments.first.map({ $0.positionAfterSkippingLeadingTrivia.utf8Offset >= cursor.offset }) == true
        else { return nil }
        call = found
      }
    }
    if let argument {
      if argument.label?.text == "cellClass" {
        return (.cellClass(asMetatype: true, dequeuedIdentifier: nil, kind: .tableCell), replacingFrom)
      }
      guard argument.label == nil, let list = argument.parent?.as(LabeledExprListSyntax.self),
        list.first?.id == argument.id
      else { return nil }
      call = Self.call(of: argument)
    }
    guard let call, calledName(call) == "register" else { return nil }
    let receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base.flatMap(lastName) ?? ""
    let kind: ReuseKind = receiver.lowercased().contains("collection") ? .collectionCell : .tableCell
    return (.cellClass(asMetatype: true, dequeuedIdentifier: nil, kind: kind), replacingFrom)
  }

  /// `Row<X`: a generic argument of `Row`, or (while `>` is not typed yet) the operand of `Row <`.
  private static func rowGenericArgument(_ cursor: Cursor) -> (SwiftCompletionContext, Int)? {
    let result = SwiftCompletionContext.cellClass(asMetatype: false, dequeuedIdentifier: nil, kind: .tableCell)
    if let name = cursor.name {
      if let type = outermostType(containing: name), type.parent?.is(GenericArgumentSyntax.self) == true,
        let clause = type.parent?.parent?.parent?.as(GenericArgumentClauseSyntax.self), isRow(clause.parent)
      {
        return (result, type.positionAfterSkippingLeadingTrivia.utf8Offset)
      }
      if let expression = outermostNameExpression(containing: name),
        let operatorExpression = previousElement(Syntax(expression))?.as(BinaryOperatorExprSyntax.self),
        operatorExpression.operator.text == "<", isRow(previousElement(Syntax(operatorExpression)).map(Syntax.init))
      {
        return (result, expression.positionAfterSkippingLeadingTrivia.utf8Offset)
      }
      return nil
    }
    guard let angle = cursor.punctuation, angle.text == "<" else { return nil }
    if let clause = angle.parent?.as(GenericArgumentClauseSyntax.self), isRow(clause.parent) {
      return (result, cursor.offset)
    }
    if let postfix = angle.parent?.as(PostfixOperatorExprSyntax.self), isRow(Syntax(postfix.expression)) {
      return (result, cursor.offset)
    }
    if let binary = angle.parent?.as(BinaryOperatorExprSyntax.self),
      isRow(previousElement(Syntax(binary)).map(Syntax.init))
    {
      return (result, cursor.offset)
    }
    return nil
  }

  /// `.x` as the `style:` of a cell's initializer, an `accessory:` argument, or assigned to `accessoryType`.
  private static func implicitMember(_ cursor: Cursor, importsStatic: Bool) -> (SwiftCompletionContext, Int)? {
    let member: MemberAccessExprSyntax
    var replacingFrom = cursor.offset
    if let name = cursor.name {
      guard let reference = name.parent?.as(DeclReferenceExprSyntax.self),
        let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id
      else { return nil }
      member = access
      replacingFrom = name.positionAfterSkippingLeadingTrivia.utf8Offset
    } else if let period = cursor.punctuation, period.tokenKind == .period,
      let access = period.parent?.as(MemberAccessExprSyntax.self)
    {
      member = access
    } else {
      return nil
    }
    guard member.base == nil else { return nil }
    if let argument = member.parent?.as(LabeledExprSyntax.self), argument.expression.id == member.id {
      switch argument.label?.text {
      case "style":
        guard let call = call(of: argument), let name = calledName(call), name == "UITableViewCell" || name.hasSuffix("Cell")
        else { return nil }
        return (.cellStyle, replacingFrom)
      case "accessory": return (.accessory(staticLibrary: importsStatic), replacingFrom)
      case "accessoryType": return (.accessory(staticLibrary: false), replacingFrom)
      default: return nil
      }
    }
    guard previousElement(Syntax(member))?.is(AssignmentExprSyntax.self) == true,
      let assignment = previousElement(Syntax(member)),
      let target = previousElement(Syntax(assignment)).flatMap(lastName)
    else { return nil }
    switch target {
    case "accessoryType": return (.accessory(staticLibrary: false), replacingFrom)
    case "accessory": return (.accessory(staticLibrary: importsStatic), replacingFrom)
    default: return nil
    }
  }

  // MARK: - Syntax helpers

  /// The call an argument belongs to.
  private static func call(of argument: LabeledExprSyntax) -> FunctionCallExprSyntax? {
    guard let list = argument.parent?.as(LabeledExprListSyntax.self),
      let call = list.parent?.as(FunctionCallExprSyntax.self), call.arguments.id == list.id
    else { return nil }
    return call
  }

  /// `dequeueReusableCell` for `x.dequeueReusableCell(…)` and `dequeueReusableCell(…)`.
  private static func calledName(_ call: FunctionCallExprSyntax) -> String? {
    lastName(call.calledExpression)
  }

  private static func lastName(_ expression: ExprSyntax) -> String? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
    if let access = expression.as(MemberAccessExprSyntax.self) { return access.declName.baseName.text }
    return nil
  }

  /// What a dequeue call with an identifier argument labelled `label` dequeues; nil when it is not a dequeue.
  private static func dequeueKind(_ call: FunctionCallExprSyntax, label: String?) -> ReuseKind? {
    switch (calledName(call), label) {
    case ("dequeueReusableCell", "withIdentifier"): return .tableCell
    case ("dequeueReusableCell", "withReuseIdentifier"): return .collectionCell
    case ("dequeueReusableHeaderFooterView", "withIdentifier"): return .tableHeaderFooter
    case ("dequeueReusableSupplementaryView", "withReuseIdentifier"): return .collectionSupplementary
    default: return nil
    }
  }

  /// The whole type a name is part of: `Module.Cell` for `Cell` or `Module`.
  private static func outermostType(containing name: TokenSyntax) -> TypeSyntax? {
    guard var type = name.parent?.as(TypeSyntax.self) else { return nil }
    while let member = type.parent?.as(MemberTypeSyntax.self) { type = TypeSyntax(member) }
    return type
  }

  /// The whole name expression a name is part of: `Module.Cell` for `Cell`.
  private static func outermostNameExpression(containing name: TokenSyntax) -> ExprSyntax? {
    guard let reference = name.parent?.as(DeclReferenceExprSyntax.self) else { return nil }
    var expression = ExprSyntax(reference)
    while let access = expression.parent?.as(MemberAccessExprSyntax.self) { expression = ExprSyntax(access) }
    return expression
  }

  /// The element before `node` in the unfolded operator sequence that holds it.
  private static func previousElement(_ node: Syntax) -> ExprSyntax? {
    guard let list = node.parent?.as(ExprListSyntax.self) else { return nil }
    var previous: ExprSyntax?
    for element in list {
      if element.id == node.id { return previous }
      previous = element
    }
    return nil
  }

  /// The expression cast by `as!`/`as?` when `typeExpression` is the type operand of a sequence `x as! T`.
  private static func expressionBefore(_ typeExpression: Syntax, castRequired: Bool) -> ExprSyntax? {
    guard let cast = previousElement(typeExpression)?.as(UnresolvedAsExprSyntax.self),
      !castRequired || cast.questionOrExclamationMark != nil
    else { return nil }
    return previousElement(Syntax(cast))
  }

  /// Whether `node` names `Row` (an expression or a type, possibly qualified).
  private static func isRow(_ node: Syntax?) -> Bool {
    guard let node else { return false }
    if let specialization = node.as(GenericSpecializationExprSyntax.self) {
      return isRow(Syntax(specialization.expression))
    }
    if let expression = node.as(ExprSyntax.self) { return lastName(expression) == "Row" }
    if let type = node.as(IdentifierTypeSyntax.self) { return type.name.text == "Row" }
    if let type = node.as(MemberTypeSyntax.self) { return type.name.text == "Row" }
    return false
  }
}

extension TriviaPiece {
  /// Whether a block comment has its `*/` (an unterminated one runs to the end of the file).
  fileprivate var isClosedBlockComment: Bool {
    switch self {
    case .blockComment(let text), .docBlockComment(let text): return text.count >= 4 && text.hasSuffix("*/")
    default: return true
    }
  }
}
