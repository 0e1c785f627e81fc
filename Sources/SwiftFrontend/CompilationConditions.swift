import SwiftSyntax

/// The `#if` clauses a node is compiled under, read from its ancestors: swift-syntax keeps every branch of an `#if`,
/// so two calls in the `#if` and the `#else` of one block are both in the facts, though no build compiles both.
enum CompilationConditions {
  /// The conditions of the clauses around `node`, outermost first, joined with ` && `: a clause's own condition
  /// after the negated conditions of the clauses before it in its block (the `#else` of `#if os(tvOS)` is
  /// `!(os(tvOS))`, an `#elseif DEBUG` after it `!(os(tvOS)) && DEBUG`). `nil` outside any clause.
  ///
  /// `outsideDeclaration`: a clause is not within a body (a function's, an accessor's, a closure's): it holds
  /// declarations, the node's item among them, so the conditions depend on more than the item
  /// (`FactCollector.noteDependsOnSurroundings`).
  static func of(_ node: some SyntaxProtocol) -> (conditions: String?, outsideDeclaration: Bool) {
    var clauses: [String] = []
    var outsideDeclaration = false
    // Whether the node walked so far is inside a body: a clause above every body holds declarations.
    var clausesSinceBody = 0
    var current = Syntax(node).parent
    while let ancestor = current {
      if let clause = ancestor.as(IfConfigClauseSyntax.self) {
        clauses.append(describe(clause))
        clausesSinceBody += 1
      } else if ancestor.is(CodeBlockSyntax.self) || ancestor.is(ClosureExprSyntax.self)
        || ancestor.is(AccessorBlockSyntax.self)
      {
        clausesSinceBody = 0
      }
      current = ancestor.parent
    }
    if clausesSinceBody > 0 { outsideDeclaration = true }
    guard !clauses.isEmpty else { return (nil, false) }
    return (clauses.reversed().joined(separator: " && "), outsideDeclaration)
  }

  /// One clause: the negated conditions of the clauses before it in its block, then its own (none for `#else`).
  private static func describe(_ clause: IfConfigClauseSyntax) -> String {
    var parts: [String] = []
    if let block = clause.parent?.as(IfConfigClauseListSyntax.self) {
      for earlier in block {
        if earlier.id == clause.id { break }
        if let condition = earlier.condition { parts.append("!(\(condition.trimmedText))") }
      }
    }
    if let condition = clause.condition { parts.append(condition.trimmedText) }
    return parts.isEmpty ? "true" : parts.joined(separator: " && ")
  }
}
