import SwiftSyntax
import TablelintModel

/// Reads selector references and target–action set-ups.
struct SelectorRecognizer {
  let collector: FactCollector
  let enclosingType: String?

  /// `#selector(Type.member(a:b:))`, `#selector(member)`, `#selector(getter: Type.property)`.
  func selectorExpression(_ node: MacroExpansionExprSyntax) -> SelectorReference? {
    guard node.macroName.text == "selector", let argument = node.arguments.first else { return nil }
    var reference = SelectorReference(
      form: .selectorExpression, typeName: nil, memberName: nil, argumentLabels: nil,
      accessor: argument.label?.text, selector: nil, enclosingType: enclosingType,
      location: collector.location(of: node)
    )
    var expression = argument.expression
    // `#selector((Type.member) as (Type) -> () -> Void)` and parenthesised forms.
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
      expression = only.expression
    }
    if let member = expression.as(MemberAccessExprSyntax.self) {
      guard let base = member.base, let typeName = IdentifierExpressionReader.typeName(of: base) else { return nil }
      if typeName == "self" { return nil }
      reference.typeName = typeName
      reference.memberName = member.declName.baseName.text
      reference.argumentLabels = labels(member.declName.argumentNames)
    } else if let name = expression.as(DeclReferenceExprSyntax.self) {
      reference.memberName = name.baseName.text
      reference.argumentLabels = labels(name.argumentNames)
    } else {
      return nil
    }
    return reference
  }

  private func labels(_ arguments: DeclNameArgumentsSyntax?) -> [String?]? {
    guard let arguments else { return nil }
    return arguments.arguments.map { $0.name.tokenKind == .wildcard ? nil : $0.name.text }
  }

  /// Calls whose selector argument names framework or private API on purpose: not checked against the workspace.
  static let introspectionCalls: Set<String> = [
    "responds", "instancesRespond", "class_getInstanceMethod", "class_getClassMethod", "class_respondsToSelector",
    "class_addMethod", "class_replaceMethod", "method", "instanceMethod", "forwardingTarget", "method_getName",
    "class_getMethodImplementation", "methodSignature", "instanceMethodSignature",
  ]

  /// `Selector("x:")`, `NSSelectorFromString("x:")`, unless passed to `responds(to:)` or a runtime function.
  func selectorLiteral(_ call: FunctionCallExprSyntax, callee: String) -> SelectorReference? {
    guard callee == "Selector" || callee == "NSSelectorFromString" else { return nil }
    if let outer = call.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
      let outerName = CallRecognizer.calleeName(outer.calledExpression), Self.introspectionCalls.contains(outerName)
    {
      return nil
    }
    guard callee == "Selector" || callee == "NSSelectorFromString", call.arguments.count == 1,
      let argument = call.arguments.first, argument.label == nil,
      case .literal(let value) = collector.identifierReader.read(argument.expression), !value.isEmpty
    else { return nil }
    // Whether the type performs its rows' selectors is read from its other members.
    collector.noteDependsOnSurroundings()
    return SelectorReference(
      form: .stringLiteral, typeName: nil, memberName: nil, argumentLabels: nil, accessor: nil, selector: value,
      enclosingType: enclosingType, isPerformedOnEnclosingType: Self.isRowActionPerformedOnSelf(call),
      location: collector.location(of: call)
    )
  }

  /// `SimpleRow(title: "…", action: NSSelectorFromString("openSettings"))` in a type that performs its rows'
  /// selectors on itself (`perform(row.action)`, `perform(populate, with: cell)`).
  static func isRowActionPerformedOnSelf(_ call: FunctionCallExprSyntax) -> Bool {
    guard let argument = call.parent?.as(LabeledExprSyntax.self), let label = argument.label?.text.lowercased(),
      label.contains("action") || label.contains("selector") || label == "populate",
      let row = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
      IdentifierExpressionReader.typeName(of: row.calledExpression)?.first?.isUppercase == true
    else { return false }
    var current = row.parent
    while let node = current {
      if let declaration = node.as(ClassDeclSyntax.self) {
        return PerformFinder.performsVariableSelector(in: Syntax(declaration.memberBlock))
      }
      if let declaration = node.as(ExtensionDeclSyntax.self) {
        return PerformFinder.performsVariableSelector(in: Syntax(declaration.memberBlock))
      }
      if node.is(StructDeclSyntax.self) || node.is(EnumDeclSyntax.self) || node.is(ProtocolDeclSyntax.self) {
        return false
      }
      current = node.parent
    }
    return false
  }

  /// A selector argument: `#selector(…)` or `Selector("…")`.
  func selectorArgument(_ expression: ExprSyntax) -> SelectorReference? {
    if let macro = expression.as(MacroExpansionExprSyntax.self) { return selectorExpression(macro) }
    if let call = expression.as(FunctionCallExprSyntax.self),
      let callee = CallRecognizer.calleeName(call.calledExpression)
    {
      return selectorLiteral(call, callee: callee)
    }
    return nil
  }

  /// The callees of the target–action forms that need no `target:` argument.
  private static let fixedTargetActionNames: Set<String> = ["addTarget", "perform", "addObserver"]

  /// Target–action forms whose action arity is fixed by the caller.
  func targetAction(
    _ call: FunctionCallExprSyntax, baseName: String, labels: [String?], receiver: @autoclosure () -> String?
  ) -> TargetActionUse? {
    // Most calls are none of the forms below: they are told apart before the arguments are copied.
    guard Self.fixedTargetActionNames.contains(baseName) || labels.contains("target") else { return nil }
    let arguments = Array(call.arguments)
    func argument(_ label: String?) -> LabeledExprSyntax? { arguments.first { $0.label?.text == label } }
    func isSelf(_ expression: ExprSyntax?) -> Bool {
      guard let expression else { return false }
      return expression.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    }

    let kind: TargetActionUse.Kind
    let target: ExprSyntax?
    let selectorExpression: ExprSyntax?
    let maximum: Int
    switch (baseName, labels) {
    case ("addTarget", [nil, "action", "for"]):
      (kind, target, selectorExpression, maximum) = (.controlEvent, arguments[0].expression, arguments[1].expression, 2)
    case ("perform", [nil]):
      (kind, target, selectorExpression, maximum) = (.perform, nil, arguments[0].expression, 0)
    case ("perform", [nil, "with"]), ("perform", [nil, "with", "afterDelay"]):
      (kind, target, selectorExpression, maximum) = (.perform, nil, arguments[0].expression, 1)
    case ("perform", [nil, "with", "with"]):
      (kind, target, selectorExpression, maximum) = (.perform, nil, arguments[0].expression, 2)
    case ("addObserver", [nil, "selector", "name", "object"]):
      (kind, target, selectorExpression, maximum) = (.notification, arguments[0].expression, arguments[1].expression, 1)
    case (_, _) where labels.contains("target") && labels.contains("action"):
      (kind, target, selectorExpression, maximum) = (
        .targetAction, argument("target")?.expression, argument("action")?.expression, 1
      )
    case (_, _) where labels.contains("target") && labels.contains("selector"):
      let isTimer = labels.contains("timeInterval") || labels.contains("fireAt") || labels.contains("fire")
      (kind, target, selectorExpression, maximum) = (
        isTimer ? .timer : .displayLink, argument("target")?.expression, argument("selector")?.expression, 1
      )
    default:
      return nil
    }
    guard let selectorExpression, let selector = selectorArgument(selectorExpression) else { return nil }
    let targetIsSelf: Bool
    if kind == .perform {
      // `perform` sends to its receiver: implicit or `self`.
      let receiver = receiver()
      targetIsSelf = receiver == nil || receiver == "self"
    } else {
      targetIsSelf = isSelf(target)
    }
    return TargetActionUse(
      kind: kind, targetIsSelf: targetIsSelf, selector: selector, maximumArguments: maximum,
      location: collector.location(of: call)
    )
  }
}

/// Finds `perform(x)` / `perform(x, with: y)` on `self` (implicit or written) with a selector held in a variable.
private final class PerformFinder: SyntaxVisitor {
  var found = false

  static func performsVariableSelector(in node: Syntax) -> Bool {
    let finder = PerformFinder(viewMode: .sourceAccurate)
    finder.walk(node)
    return finder.found
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    let (name, receiver) = CallRecognizer.callee(node.calledExpression)
    guard name == "perform", receiver == nil || receiver == "self", let first = node.arguments.first,
      first.label == nil
    else { return .visitChildren }
    let expression = first.expression
    if expression.is(DeclReferenceExprSyntax.self) || expression.is(MemberAccessExprSyntax.self) { found = true }
    return found ? .skipChildren : .visitChildren
  }
}
