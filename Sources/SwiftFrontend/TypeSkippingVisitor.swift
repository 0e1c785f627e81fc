import SwiftSyntax

/// A visitor that does not descend into types (`[String: Int]?`, `(Cell) -> Void`, `some View`) nor into attributes
/// without arguments (`@objc`, `@IBOutlet`): nothing the fact walks look for — a declaration, a call, a literal, a
/// closure, `X.self` — is written inside one, and they are a large share of a skeleton's nodes. The facts a walk
/// reads from a type it reads from the declaration holding it, not by visiting.
class TypeSkippingVisitor: SyntaxVisitor {
  override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: OptionalTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ImplicitlyUnwrappedOptionalTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ArrayTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: DictionaryTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: FunctionTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: TupleTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: AttributedTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: SomeOrAnyTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: MetatypeTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: CompositionTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
    node.arguments == nil ? .skipChildren : .visitChildren
  }
}
