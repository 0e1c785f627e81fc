import SwiftParser
import SwiftSyntax

/// Where a name is written in Swift source, found on its syntax tree: a member's name, the member a `#selector`
/// names, the contents of a string literal. What a rename replaces (`Renamer` in `TablelintCore`).
///
/// Every answer is a UTF-8 byte range of the text given; `nil` when the text does not hold what was asked for where
/// it was asked, never a guess.
public struct SwiftRenameLocator {
  private let bytes: [UInt8]
  private let tree: SourceFileSyntax

  public init(_ bytes: [UInt8]) {
    self.bytes = bytes
    self.tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
  }

  /// The identifier token starting at `offset` when its text is `name` (a declaration's name, `SwiftMember.location`).
  public func identifier(_ name: String, at offset: Int) -> Range<Int>? {
    guard let token = token(at: offset), token.positionAfterSkippingLeadingTrivia.utf8Offset == offset,
      token.identifier?.name == name
    else { return nil }
    return range(of: token)
  }

  /// The base name of the member a `#selector(…)` starting at `offset` names, when it is `memberName`:
  /// `#selector(Type.refresh(_:))` and `#selector(refresh)` give the range of `refresh`.
  public func selectorMember(_ memberName: String, inExpressionAt offset: Int) -> Range<Int>? {
    guard let token = token(at: offset) else { return nil }
    var node = Syntax(token)
    while let current = node.parent, !current.is(MacroExpansionExprSyntax.self) { node = current }
    guard let macro = node.parent?.as(MacroExpansionExprSyntax.self), macro.macroName.text == "selector",
      var expression = macro.arguments.first?.expression
    else { return nil }
    while true {
      if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
        expression = inner.expression
      } else if let cast = expression.as(AsExprSyntax.self) {
        expression = cast.expression
      } else if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
        sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true, let first = sequence.elements.first
      {
        // `(Type.member) as (Type) -> () -> Void`, not folded.
        expression = first
      } else {
        break
      }
    }
    let name: TokenSyntax
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      name = reference.baseName
    } else if let access = expression.as(MemberAccessExprSyntax.self) {
      name = access.declName.baseName
    } else {
      return nil
    }
    guard name.identifier?.name == memberName else { return nil }
    return range(of: name)
  }

  /// The contents of the one plain string literal (no interpolation) within `range` whose value is `value`.
  public func stringContents(equalTo value: String, in range: Range<Int>) -> Range<Int>? {
    let finder = StringLiteralFinder(value: value, range: range)
    finder.walk(tree)
    return finder.matches.count == 1 ? finder.matches[0] : nil
  }

  /// The one string literal with value `value` in the declaration whose name starts at `offset`: the initializer of
  /// `static let id = "Photo"`, the raw value of `case photo = "Photo"`, the body of `static var id: String { "Photo" }`.
  public func declaredValue(_ value: String, ofDeclarationNamedAt offset: Int) -> Range<Int>? {
    guard let token = token(at: offset), token.positionAfterSkippingLeadingTrivia.utf8Offset == offset else { return nil }
    var node = token.parent
    while let current = node {
      if current.is(EnumCaseElementSyntax.self) || current.is(PatternBindingSyntax.self)
        || current.is(FunctionDeclSyntax.self)
      {
        let start = current.positionAfterSkippingLeadingTrivia.utf8Offset
        return stringContents(equalTo: value, in: start..<current.endPositionBeforeTrailingTrivia.utf8Offset)
      }
      if current.is(CodeBlockSyntax.self) || current.is(MemberBlockSyntax.self) { return nil }
      node = current.parent
    }
    return nil
  }

  /// The literal of the local `let name = "value"` that the identifier used at `offset` reads (the frontend follows
  /// such locals): the nearest declaration before the use in the enclosing blocks of the same function or closure.
  public func localValue(_ value: String, readAt offset: Int) -> Range<Int>? {
    guard let token = token(at: offset), token.positionAfterSkippingLeadingTrivia.utf8Offset == offset,
      case .identifier(let name) = token.tokenKind
    else { return nil }
    var node = token.parent
    while let current = node {
      if current.is(FunctionDeclSyntax.self) || current.is(ClosureExprSyntax.self) || current.is(AccessorDeclSyntax.self)
        || current.is(MemberBlockSyntax.self)
      {
        return nil
      }
      if let block = current.as(CodeBlockSyntax.self) {
        for item in block.statements.reversed() where item.endPosition.utf8Offset <= offset {
          guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
          for binding in variable.bindings {
            guard binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name else { continue }
            guard variable.bindingSpecifier.tokenKind == .keyword(.let), let initializer = binding.initializer?.value,
              let literal = initializer.as(StringLiteralExprSyntax.self)
            else { return nil }
            let start = literal.positionAfterSkippingLeadingTrivia.utf8Offset
            return stringContents(equalTo: value, in: start..<literal.endPositionBeforeTrailingTrivia.utf8Offset)
          }
        }
      }
      node = current.parent
    }
    return nil
  }

  private func token(at offset: Int) -> TokenSyntax? {
    guard offset >= 0, offset < bytes.count else { return nil }
    return tree.token(at: AbsolutePosition(utf8Offset: offset))
  }

  private func range(of token: TokenSyntax) -> Range<Int> {
    var start = token.positionAfterSkippingLeadingTrivia.utf8Offset
    var end = token.endPositionBeforeTrailingTrivia.utf8Offset
    // `` `default` ``: the name inside the backticks.
    if end - start >= 2, bytes[start] == UInt8(ascii: "`") {
      start += 1
      end -= 1
    }
    return start..<end
  }
}

/// Plain string literals with one value inside a byte range.
private final class StringLiteralFinder: SyntaxVisitor {
  let value: String
  let range: Range<Int>
  var matches: [Range<Int>] = []

  init(value: String, range: Range<Int>) {
    self.value = value
    self.range = range
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
    let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
    let end = node.endPositionBeforeTrailingTrivia.utf8Offset
    guard start >= range.lowerBound, end <= range.upperBound else {
      return end <= range.lowerBound || start >= range.upperBound ? .skipChildren : .visitChildren
    }
    guard node.segments.count == 1, let segment = node.segments.first?.as(StringSegmentSyntax.self),
      node.closingQuote.presence == .present, segment.content.text == value,
      !segment.content.text.contains("\\")
    else { return .skipChildren }
    matches.append(
      segment.content.positionAfterSkippingLeadingTrivia.utf8Offset..<segment.content.endPositionBeforeTrailingTrivia.utf8Offset
    )
    return .skipChildren
  }
}
