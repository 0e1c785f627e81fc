import SwiftSyntax

/// The branches a node runs in, read from its ancestors: the `#if` clauses it is compiled under (swift-syntax keeps
/// every branch of an `#if`, so calls in the `#if` and the `#else` of one block are both in the facts, though no
/// build compiles both), and the `if` and `switch` branches it runs in (a view registering one cell class per case
/// of a `switch` registers one of them).
enum BranchConditions {
  /// The branches around `node`, outermost first, joined with ` && `, as written: an `#if` clause as its condition
  /// after the negated conditions of the clauses before it in its block (the `#else` of `#if os(tvOS)` is
  /// `!(os(tvOS))`, an `#elseif DEBUG` after it `!(os(tvOS)) && DEBUG`); an `if` body as `if <conditions>`, its
  /// `else` as `!(if <conditions>)`; a `switch` case as `switch <subject> <label>`. `nil` outside any branch. Equal
  /// strings run together; different ones may never.
  ///
  /// `outsideDeclaration`: an `#if` clause is not within a body (a function's, an accessor's, a closure's): it holds
  /// declarations, the node's item among them, so the conditions depend on more than the item
  /// (`FactCollector.noteDependsOnSurroundings`).
  static func of(_ node: some SyntaxProtocol) -> (conditions: String?, outsideDeclaration: Bool) {
    var branches: [String] = []
    // `#if` clauses met since the last body: a clause above every body holds declarations.
    var clausesSinceBody = 0
    var previous = Syntax(node)
    var current = previous.parent
    while let ancestor = current {
      if let clause = ancestor.as(IfConfigClauseSyntax.self) {
        branches.append(describe(clause))
        clausesSinceBody += 1
      } else if ancestor.is(CodeBlockSyntax.self) || ancestor.is(ClosureExprSyntax.self)
        || ancestor.is(AccessorBlockSyntax.self)
      {
        clausesSinceBody = 0
      } else if let ifExpression = ancestor.as(IfExprSyntax.self) {
        let condition = "if " + ifExpression.conditions.trimmedText
        if previous.id == ifExpression.body.id {
          branches.append(condition)
        } else if let elseBody = ifExpression.elseBody, previous.id == elseBody.id {
          branches.append("!(\(condition))")
        }
      } else if let switchCase = ancestor.as(SwitchCaseSyntax.self),
        let switchExpression = switchCase.parent?.parent?.as(SwitchExprSyntax.self)
      {
        branches.append("switch \(switchExpression.subject.trimmedText) \(switchCase.label.trimmedText)")
      }
      previous = ancestor
      current = ancestor.parent
    }
    guard !branches.isEmpty else { return (nil, false) }
    return (branches.reversed().joined(separator: " && "), clausesSinceBody > 0)
  }

  /// One `#if` clause: the negated conditions of the clauses before it in its block, then its own (none for `#else`).
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
