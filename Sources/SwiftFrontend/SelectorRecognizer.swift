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

  /// `Selector("x:")`, `NSSelectorFromString("x:")`, unless passed to `responds(to:)` or a runtime function. One that
  /// initialises a constant or variable (`static let initWithWindow = NSSelectorFromString("initWithWindow:…")`:
  /// duckduckgo's macOS browser names WebKit's private API) is `isStored`, as in Objective-C: what receives it is
  /// unknown.
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
    let isRowAction = Self.isRowActionPerformedOnSelf(call)
    // `Selector(("replace:"))`: the parentheses silence Swift's "use #selector" warning for a selector no visible
    // method has, on purpose: private or undeclared API (olvid-ios sends UIKit's `replace:`). Not a misspelling.
    if argument.expression.is(TupleExprSyntax.self), !isRowAction { return nil }
    return SelectorReference(
      form: .stringLiteral, typeName: nil, memberName: nil, argumentLabels: nil, accessor: nil, selector: value,
      enclosingType: enclosingType, isPerformedOnEnclosingType: isRowAction,
      isStored: call.parent?.is(InitializerClauseSyntax.self) == true, location: collector.location(of: call)
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

  /// A target–action form: which of a call's arguments hold its target (none for `perform`, which sends to its
  /// receiver) and its selector, and how many arguments the action may take.
  struct TargetActionForm: Equatable {
    var kind: TargetActionUse.Kind
    var target: Int?
    var selector: Int
    var maximumArguments: Int
  }

  /// The target–action form of a call with this callee name and these argument labels, if it is one (whatever its
  /// arguments hold). `DeclarationReader` asks it of the calls it reads from tokens.
  static func targetActionForm(baseName: String, labels: [String?]) -> TargetActionForm? {
    // Most calls are none of the forms below: they are told apart before the labels are searched.
    guard fixedTargetActionNames.contains(baseName) || labels.contains("target") else { return nil }
    func argument(_ label: String) -> Int? { labels.firstIndex(of: label) }
    switch (baseName, labels) {
    case ("addTarget", [nil, "action", "for"]):
      return TargetActionForm(kind: .controlEvent, target: 0, selector: 1, maximumArguments: 2)
    case ("perform", [nil]):
      return TargetActionForm(kind: .perform, target: nil, selector: 0, maximumArguments: 0)
    case ("perform", [nil, "with"]), ("perform", [nil, "with", "afterDelay"]):
      return TargetActionForm(kind: .perform, target: nil, selector: 0, maximumArguments: 1)
    case ("perform", [nil, "with", "with"]):
      return TargetActionForm(kind: .perform, target: nil, selector: 0, maximumArguments: 2)
    case ("addObserver", [nil, "selector", "name", "object"]):
      return TargetActionForm(kind: .notification, target: 0, selector: 1, maximumArguments: 1)
    // `init(target:action:)` of any gesture recogniser (the workspace's subclasses too), and UIKit's and AppKit's
    // `UIBarButtonItem(title:style:target:action:)` or `NSButton(title:target:action:)`; not another type's call
    // with `target:` and `action:`, whose actions may be called with what it likes (iTerm2's built-in methods).
    case (_, _) where labels.contains("target") && labels.contains("action")
      && (labels == ["target", "action"] || FrameworkClassName.isUIKitOrAppKit(baseName)):
      guard let selector = argument("action") else { return nil }
      return TargetActionForm(
        kind: .targetAction, target: argument("target"), selector: selector,
        maximumArguments: FrameworkClassName.targetActionArguments(of: baseName)
      )
    case ("scheduledTimer", ["timeInterval", "target", "selector", "userInfo", "repeats"]),
      ("Timer", ["timeInterval", "target", "selector", "userInfo", "repeats"]),
      ("init", ["timeInterval", "target", "selector", "userInfo", "repeats"]):
      return TargetActionForm(kind: .timer, target: 1, selector: 2, maximumArguments: 1)
    case ("Timer", ["fireAt", "interval", "target", "selector", "userInfo", "repeats"]),
      ("init", ["fireAt", "interval", "target", "selector", "userInfo", "repeats"]):
      return TargetActionForm(kind: .timer, target: 2, selector: 3, maximumArguments: 1)
    case ("CADisplayLink", ["target", "selector"]):
      return TargetActionForm(kind: .displayLink, target: 0, selector: 1, maximumArguments: 1)
    // Any other call with `target:` and `selector:` is some library's (XMPPFramework's `add(_:target:selector:timeout:)`
    // sends two arguments): what its callback may take is unknown.
    default:
      return nil
    }
  }

  /// Target–action forms whose action arity is fixed by the caller.
  func targetAction(
    _ call: FunctionCallExprSyntax, baseName: String, labels: [String?], receiver: @autoclosure () -> String?
  ) -> TargetActionUse? {
    guard let form = Self.targetActionForm(baseName: baseName, labels: labels) else { return nil }
    let arguments = Array(call.arguments)
    guard let selector = selectorArgument(arguments[form.selector].expression) else { return nil }
    let targetIsSelf: Bool
    if form.kind == .perform {
      // `perform` sends to its receiver: implicit or `self`.
      let receiver = receiver()
      targetIsSelf = receiver == nil || receiver == "self"
    } else {
      let target = form.target.map { arguments[$0].expression }
      targetIsSelf = target?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    }
    return TargetActionUse(
      kind: form.kind, targetIsSelf: targetIsSelf, selector: selector, maximumArguments: form.maximumArguments,
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
