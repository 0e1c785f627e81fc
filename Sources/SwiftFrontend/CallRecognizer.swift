import SwiftSyntax
import TablelintModel

/// Recognises the calls tablelint cares about: registrations, dequeues, nib loads and library rows.
struct CallRecognizer {
  let collector: FactCollector

  private var reader: IdentifierExpressionReader { collector.identifierReader }

  /// Records `call`, whose callee is named `baseName` (`calleeName`) and whose argument labels are `labels`.
  func record(
    _ call: FunctionCallExprSyntax, baseName: String, labels: [String?], into facts: inout SwiftFileFacts,
    enclosingType: String?, staticImported: Bool
  ) {
    // The receiver's text is needed by few calls: written out only for them.
    lazy var receiver = Self.callee(call.calledExpression).1

    switch baseName {
    case "dequeueReusableCell", "dequeueReusableHeaderFooterView", "dequeueReusableSupplementaryView":
      if let dequeue = dequeue(
        call, baseName: baseName, labels: labels, receiver: receiver, enclosingType: enclosingType, facts: &facts
      ) {
        facts.dequeues.append(dequeue)
      } else if let dequeue = helperDequeue(call, baseName: baseName, labels: labels, receiver: receiver, enclosingType: enclosingType) {
        facts.dequeues.append(dequeue)
      }
    case "UINib" where labels.first == "nibName":
      if let reference = nibReference(call, nameIndex: 0, enclosingType: enclosingType) {
        facts.nibReferences.append(reference)
      }
    case "loadNibNamed" where labels.first == .some(nil):
      if let reference = nibReference(call, nameIndex: 0, enclosingType: enclosingType) {
        facts.nibReferences.append(reference)
      }
    case "Row":
      recordLibraryRow(call, labels: labels, into: &facts, enclosingType: enclosingType, staticImported: staticImported)
    default:
      if labels == ["nibName", "bundle"], baseName == "init" || baseName.first?.isUppercase == true {
        // `super.init(nibName: "X", bundle: nil)`, `SettingsViewController(nibName: "X", bundle: nil)`
        if let reference = nibReference(call, nameIndex: 0, enclosingType: enclosingType) {
          facts.nibReferences.append(reference)
        }
      } else if Self.looksLikeCellRegistration(baseName: baseName, receiver: receiver, call: call) {
        if let registration = registration(
          call, labels: labels, receiver: receiver, enclosingType: enclosingType, facts: &facts
        ) {
          facts.registrations.append(registration)
        }
      } else if baseName.hasPrefix("dequeue"), !baseName.hasPrefix("dequeueConfigured"),
        let dequeue = helperDequeue(call, baseName: baseName, labels: labels, receiver: receiver, enclosingType: enclosingType)
      {
        // `dequeueCell(ofType: FooCell.self, for:)`, `dequeueReusableHeaderFooterView() as FooHeader`
        facts.dequeues.append(dequeue)
      }
    }
  }

  /// What names a cell registration in a `register…` call's name, label or argument (lower-case). `BodySkipping`
  /// keeps a body on the same words, read on the bytes.
  static let registrationHints: [StaticString] = ["cell", "nib", "reusable", "header", "footer", "supplementary"]
  private static let registrationHintTexts = registrationHints.map(\.description)

  /// `register(_:forCellReuseIdentifier:)` and helpers that register cells: `register(cellType:)`,
  /// `registerCells()`, `collectionView.register(nibs)`. Not `register(defaults:)` or `registerForNotifications()`.
  static func looksLikeCellRegistration(
    baseName: String, receiver: @autoclosure () -> String?, call: FunctionCallExprSyntax
  ) -> Bool {
    guard baseName.utf8.count >= 8, baseName.prefix(8).lowercased() == "register" else { return false }
    let name = baseName.lowercased()
    let hints = registrationHintTexts
    if hints.contains(where: name.contains) { return true }
    if let receiver = receiver()?.lowercased(), receiver.contains("table") || receiver.contains("collection") {
      return true
    }
    for argument in call.arguments {
      let label = argument.label?.text.lowercased() ?? ""
      let text = argument.expression.trimmedText.lowercased()
      if hints.contains(where: { label.contains($0) || text.contains($0) }) { return true }
      if text.hasSuffix(".self") { return true }
    }
    return false
  }

  /// The called name alone: `tableView.register(…)` → "register" (see `callee`).
  static func calleeName(_ expression: ExprSyntax) -> String? {
    if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
    if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
    if let specialization = expression.as(GenericSpecializationExprSyntax.self) {
      return calleeName(specialization.expression)
    }
    return nil
  }

  /// The called name and the receiver as written: `tableView.register(…)` → ("register", "tableView").
  static func callee(_ expression: ExprSyntax) -> (String?, String?) {
    if let member = expression.as(MemberAccessExprSyntax.self) {
      return (member.declName.baseName.text, member.base?.trimmedText)
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return (reference.baseName.text, nil)
    }
    if let specialization = expression.as(GenericSpecializationExprSyntax.self) {
      return callee(specialization.expression)
    }
    return (nil, nil)
  }

  // MARK: - Registrations

  private func registration(
    _ call: FunctionCallExprSyntax, labels: [String?], receiver: String?, enclosingType: String?,
    facts: inout SwiftFileFacts
  ) -> Registration? {
    let arguments = Array(call.arguments)
    let (conditions, outsideDeclaration) = BranchConditions.of(call)
    if outsideDeclaration { collector.noteDependsOnSurroundings() }
    let kind: ReuseKind?
    switch labels {
    case [nil, "forCellReuseIdentifier"]: kind = .tableCell
    case [nil, "forHeaderFooterViewReuseIdentifier"]: kind = .tableHeaderFooter
    case [nil, "forCellWithReuseIdentifier"]: kind = .collectionCell
    case [nil, "forSupplementaryViewOfKind", "withReuseIdentifier"]: kind = .collectionSupplementary
    default: kind = nil
    }
    guard let kind else {
      let baseName = Self.calleeName(call.calledExpression) ?? ""
      // A generic helper with its type bound here: `register(cellType: FooCell.self)`, `registerCell(ofType:)`.
      if let (helperCall, node) = genericCall(
        call, baseName: baseName, labels: labels, receiver: receiver, enclosingType: enclosingType, role: .registration
      ) {
        return Registration(
          kind: helperCall.kind, identifier: .genericHelper(helperCall), identifierLocation: collector.location(of: node),
          content: .cellClass(helperCall.boundType), enclosingType: enclosingType, receiver: receiver,
          helperName: baseName, conditions: conditions, location: collector.location(of: call)
        )
      }
      // A registration helper (`register(cellType:)`, `registerCells()`): something is registered that we cannot
      // name. Rules treat the registering class as knowing more than we do.
      return Registration(
        kind: .tableCell, identifier: .unknown, identifierLocation: collector.location(of: call),
        content: .cellClass(nil), enclosingType: enclosingType, receiver: receiver,
        helperName: Self.calleeName(call.calledExpression), conditions: conditions, location: collector.location(of: call)
      )
    }
    let identifierArgument = arguments[arguments.count - 1]
    // The body of a generic helper: `register(T.self, forCellReuseIdentifier: T.reuseIdentifier)`.
    if let helper = collector.currentHelper, let identifier = helper.name(of: identifierArgument.expression) {
      let content = arguments[0].expression
      if helper.isTypeParameter(content) {
        facts.reuseHelpers.append(helper.helper(role: .registration, kind: kind, identifier: identifier))
        return nil
      }
      if let nib = content.as(FunctionCallExprSyntax.self), Self.calleeName(nib.calledExpression) == "UINib",
        let first = nib.arguments.first, first.label?.text == "nibName", let nibName = helper.name(of: first.expression)
      {
        facts.reuseHelpers.append(helper.helper(role: .registration, kind: kind, identifier: identifier, nibName: nibName))
        return nil
      }
      if content.trimmedText.lowercased().contains("nib") {
        facts.reuseHelpers.append(
          helper.helper(role: .registration, kind: kind, identifier: identifier, registersOpaqueNib: true)
        )
        return nil
      }
    }
    return Registration(
      kind: kind,
      identifier: reader.read(identifierArgument.expression),
      identifierLocation: collector.location(of: identifierArgument.expression),
      content: registeredContent(arguments[0].expression),
      enclosingType: enclosingType,
      receiver: receiver,
      conditions: conditions,
      location: collector.location(of: call)
    )
  }

  private func registeredContent(_ expression: ExprSyntax) -> RegisteredContent {
    if expression.is(NilLiteralExprSyntax.self) { return .none }
    // FooCell.self
    if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
      let base = member.base, let name = IdentifierExpressionReader.typeName(of: base)
    {
      if reader.genericParameters.contains(String(name.split(separator: ".").first ?? "")) { return .cellClass(nil) }
      return .cellClass(name)
    }
    // UINib(nibName: "X", bundle: nil), possibly through a local `let nib = UINib(…)`.
    var current = expression
    for _ in 0..<4 {
      if let call = current.as(FunctionCallExprSyntax.self) {
        let (name, _) = Self.callee(call.calledExpression)
        if name == "UINib", let first = call.arguments.first, first.label?.text == "nibName" {
          return .nib(reader.read(first.expression), location: collector.location(of: first.expression))
        }
        if name == "nib" || name?.hasSuffix("Nib") == true || name?.hasSuffix("nib") == true {
          return .nib(.unknown, location: nil)
        }
        return .cellClass(nil)
      }
      if let reference = expression.as(DeclReferenceExprSyntax.self),
        case .constant(let initializer) = LocalDeclarations.lookup(reference.baseName.text, from: Syntax(reference))
      {
        current = initializer
        continue
      }
      break
    }
    let text = expression.trimmedText.lowercased()
    return text.contains("nib") ? .nib(.unknown, location: nil) : .cellClass(nil)
  }

  // MARK: - Dequeues

  private func dequeue(
    _ call: FunctionCallExprSyntax, baseName: String, labels: [String?], receiver: String?, enclosingType: String?,
    facts: inout SwiftFileFacts
  ) -> Dequeue? {
    let arguments = Array(call.arguments)
    let kind: ReuseKind
    let identifierIndex: Int
    let optional: Bool
    switch (baseName, labels) {
    case ("dequeueReusableCell", ["withIdentifier", "for"]):
      (kind, identifierIndex, optional) = (.tableCell, 0, false)
    case ("dequeueReusableCell", ["withIdentifier"]):
      (kind, identifierIndex, optional) = (.tableCell, 0, true)
    case ("dequeueReusableCell", ["withReuseIdentifier", "for"]):
      (kind, identifierIndex, optional) = (.collectionCell, 0, false)
    case ("dequeueReusableHeaderFooterView", ["withIdentifier"]):
      (kind, identifierIndex, optional) = (.tableHeaderFooter, 0, true)
    case ("dequeueReusableSupplementaryView", ["ofKind", "withReuseIdentifier", "for"]):
      (kind, identifierIndex, optional) = (.collectionSupplementary, 1, false)
    default:
      // Same-named helpers with other labels (`dequeueReusableCell(for:)`) are not UIKit's.
      return nil
    }
    let identifierExpression = arguments[identifierIndex].expression
    let use = ResultUse(of: ExprSyntax(call))
    let nilHandling: NilHandling
    if !optional {
      nilHandling = .notOptional
    } else if use.isForced || LaterUnwrap.isForcedLater(call) {
      nilHandling = .forced
    } else {
      nilHandling = .handled
    }
    // The body of a generic helper: `dequeueReusableCell(withIdentifier: T.reuseIdentifier, for: indexPath)`.
    if let helper = collector.currentHelper, let identifier = helper.name(of: identifierExpression) {
      if nilHandling != .handled {
        facts.reuseHelpers.append(
          helper.helper(role: .dequeue, kind: kind, identifier: identifier, forcesCast: use.castKind == .forced)
        )
      }
      return nil
    }
    return Dequeue(
      kind: kind,
      identifier: reader.read(identifierExpression),
      identifierLocation: collector.location(of: identifierExpression),
      nilHandling: nilHandling,
      castType: use.castType,
      castKind: use.castKind,
      castLocation: use.castNode.map { collector.location(of: $0) },
      enclosingType: enclosingType,
      receiver: receiver,
      location: collector.location(of: call)
    )
  }

  // MARK: - Generic helpers

  /// A call of a generic helper whose type parameter is bound here: by a `FooCell.self` argument, by `as FooCell`, or
  /// by the annotation of the constant it initialises. The node is where the bound type is written.
  private func genericCall(
    _ call: FunctionCallExprSyntax, baseName: String, labels: [String?], receiver: String?, enclosingType: String?,
    role: GenericReuseHelper.Role
  ) -> (GenericHelperCall, Syntax)? {
    // A table or collection view's helper (`tableView.register(cellType:)`, `dequeueReusableCell(for:)`), not
    // `manager.register(responseHandler: X.self)`; an explicit identifier argument (`forItemWithIdentifier:`) is no
    // identifier derived from the type.
    let text = ([baseName] + labels.compactMap { $0 }).joined().lowercased()
    let receiverText = receiver?.lowercased() ?? "self"
    guard !labels.contains(where: { $0?.lowercased().contains("identifier") == true }),
      receiverText == "self" || receiverText.hasSuffix("tableview") || receiverText.hasSuffix("collectionview")
        || ["cell", "reusable", "headerfooter", "supplementary"].contains(where: text.contains)
    else { return nil }
    var bound: (type: String, argument: Int?, node: Syntax)?
    for (index, argument) in call.arguments.enumerated() {
      guard let member = argument.expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
        let base = member.base, let name = IdentifierExpressionReader.typeName(of: base)
      else { continue }
      guard bound == nil, !reader.genericParameters.contains(String(name.split(separator: ".").first ?? "")) else {
        return nil
      }
      bound = (name, index, Syntax(argument.expression))
    }
    if bound == nil, role == .dequeue {
      let use = ResultUse(of: ExprSyntax(call))
      if use.castKind == .coercion, let type = use.castType, let node = use.castNode {
        bound = (type, nil, node)
      } else if use.castKind == nil,
        let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
        let annotation = binding.typeAnnotation?.type,
        annotation.is(IdentifierTypeSyntax.self) || annotation.is(MemberTypeSyntax.self),
        let type = SyntaxText.typeName(annotation)
      {
        bound = (type, nil, Syntax(annotation))
      }
    }
    guard let bound, !reader.genericParameters.contains(String(bound.type.split(separator: ".").first ?? "")) else {
      return nil
    }
    let call = GenericHelperCall(
      name: baseName, argumentLabels: labels,
      kind: Self.helperKind(baseName: baseName, labels: labels, receiver: receiver, enclosingType: enclosingType),
      role: role,
      boundType: bound.type, bindingArgument: bound.argument
    )
    return (call, bound.node)
  }

  /// The queue a helper call most likely uses, from its name, labels and receiver (the enclosing type's name when
  /// the receiver is `self`: `extension UICollectionView { … register(cellClass:) }`, stepik-ios); the index checks
  /// that the helper it finds agrees.
  static func helperKind(baseName: String, labels: [String?], receiver: String?, enclosingType: String?) -> ReuseKind {
    let text = ([baseName] + labels.compactMap { $0 }).joined().lowercased()
    if text.contains("supplementary") { return .collectionSupplementary }
    if text.contains("headerfooter") { return .tableHeaderFooter }
    let queue = receiver == nil || receiver == "self" ? enclosingType : receiver
    if queue?.lowercased().contains("collection") == true { return .collectionCell }
    return .tableCell
  }

  private func helperDequeue(
    _ call: FunctionCallExprSyntax, baseName: String, labels: [String?], receiver: String?, enclosingType: String?
  ) -> Dequeue? {
    guard let (helperCall, node) = genericCall(
      call, baseName: baseName, labels: labels, receiver: receiver, enclosingType: enclosingType, role: .dequeue
    )
    else { return nil }
    return Dequeue(
      kind: helperCall.kind, identifier: .genericHelper(helperCall), identifierLocation: collector.location(of: node),
      nilHandling: .notOptional, castType: helperCall.boundType, castKind: .forced,
      castLocation: collector.location(of: node), enclosingType: enclosingType, receiver: receiver,
      location: collector.location(of: call)
    )
  }

  // MARK: - Nibs

  private func nibReference(_ call: FunctionCallExprSyntax, nameIndex: Int, enclosingType: String?) -> NibReference? {
    let arguments = Array(call.arguments)
    guard nameIndex < arguments.count else { return nil }
    let nameExpression = arguments[nameIndex].expression
    if nameExpression.is(NilLiteralExprSyntax.self) { return nil }
    let bundleArgument = arguments.first { $0.label?.text == "bundle" }
    return NibReference(
      name: reader.read(nameExpression),
      nameLocation: collector.location(of: nameExpression),
      bundle: bundleArgument.map { Self.bundleReference($0.expression) } ?? .app,
      enclosingType: enclosingType,
      location: collector.location(of: call)
    )
  }

  /// Whether a bundle expression names the app's bundle (or one built from the workspace's own classes).
  static func bundleReference(_ expression: ExprSyntax, depth: Int = 0) -> BundleReference {
    if expression.is(NilLiteralExprSyntax.self) { return .app }
    // `let bundle = Bundle(for: type(of: self))` in the same function.
    if depth < 4, let reference = expression.as(DeclReferenceExprSyntax.self),
      case .constant(let initializer) = LocalDeclarations.lookup(reference.baseName.text, from: Syntax(reference))
    {
      return bundleReference(initializer, depth: depth + 1)
    }
    let text = String(expression.trimmedText.filter { !$0.isWhitespace })
    if text == ".main" || text == "Bundle.main" || text == ".module" || text == "Bundle.module" { return .app }
    if text.hasPrefix("Bundle(for:") || text.hasPrefix(".init(for:") { return .app }
    return .other
  }

  // MARK: - Table libraries

  private func recordLibraryRow(
    _ call: FunctionCallExprSyntax, labels: [String?], into facts: inout SwiftFileFacts, enclosingType: String?,
    staticImported: Bool
  ) {
    // Flow: Row<FooCell>(model: …)
    if let specialization = call.calledExpression.as(GenericSpecializationExprSyntax.self),
      specialization.genericArgumentClause.arguments.count == 1,
      let argument = specialization.genericArgumentClause.arguments.first,
      case .type(let type) = argument.argument,
      let cellName = SyntaxText.typeName(type)
    {
      facts.libraryRows.append(
        LibraryRow(library: .flow, cellClass: cellName, enclosingType: enclosingType, location: collector.location(of: call))
      )
      return
    }
    // venmo/Static: Row(text: …, cellClass: FooCell.self)
    guard staticImported else { return }
    var cellClass: String?
    if let argument = call.arguments.first(where: { $0.label?.text == "cellClass" }),
      let member = argument.expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
      let base = member.base
    {
      cellClass = IdentifierExpressionReader.typeName(of: base)
    }
    facts.libraryRows.append(
      LibraryRow(
        library: .staticLibrary, cellClass: cellClass, enclosingType: enclosingType,
        location: collector.location(of: call)
      )
    )
  }
}

/// How the value of an expression is used by what surrounds it: force-unwrapped, cast, defaulted …
struct ResultUse {
  var isForced = false
  var castType: String?
  var castKind: CastKind?
  var castNode: Syntax?

  init(of expression: ExprSyntax) {
    var node = Syntax(expression)
    // Look outwards through parentheses, unwraps and casts.
    for _ in 0..<6 {
      guard let parent = node.parent else { return }
      if let unwrap = parent.as(ForceUnwrapExprSyntax.self) {
        isForced = true
        node = Syntax(unwrap)
        continue
      }
      if let tuple = parent.as(LabeledExprSyntax.self), tuple.label == nil,
        let list = tuple.parent?.as(LabeledExprListSyntax.self), list.count == 1,
        let tupleExpression = list.parent?.as(TupleExprSyntax.self)
      {
        node = Syntax(tupleExpression)
        continue
      }
      // `guard let cell = … else { fatalError() }`: a failed binding traps like a force unwrap.
      if let binding = parent.as(InitializerClauseSyntax.self)?.parent?.as(OptionalBindingConditionSyntax.self) {
        if let guardStatement = binding.parent?.parent?.parent?.as(GuardStmtSyntax.self),
          Self.traps(guardStatement.body)
        {
          isForced = true
          if castKind == .conditional { castKind = .forced }
        }
        return
      }
      if let asExpression = parent.as(AsExprSyntax.self) {
        record(cast: asExpression.questionOrExclamationMark, type: asExpression.type, node: Syntax(asExpression))
        node = Syntax(asExpression)
        continue
      }
      if let list = parent.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self) {
        // Unfolded `a as! T`, `a ?? b`: look at what follows the expression in the sequence.
        let elements = Array(list)
        guard let index = elements.firstIndex(where: { Syntax($0) == node }) else { return }
        if index + 2 < elements.count, let cast = elements[index + 1].as(UnresolvedAsExprSyntax.self),
          let typeExpression = elements[index + 2].as(TypeExprSyntax.self)
        {
          record(cast: cast.questionOrExclamationMark, type: typeExpression.type, node: Syntax(sequence))
          if castKind == .forced { return }
          // `x as? T ?? y` is handled; `(x as? T)!` is decided further out.
          if index + 3 < elements.count, let op = elements[index + 3].as(BinaryOperatorExprSyntax.self),
            op.operator.text == "??"
          {
            return
          }
          guard elements.count == 3 else { return }
          node = Syntax(sequence)
          continue
        }
        if index + 1 < elements.count, let op = elements[index + 1].as(BinaryOperatorExprSyntax.self),
          op.operator.text == "??"
        {
          isForced = false
        }
        return
      }
      return
    }
  }

  /// Whether a `guard`'s else block ends the program (`fatalError`, `preconditionFailure`).
  static func traps(_ block: CodeBlockSyntax) -> Bool {
    block.statements.contains { item in
      guard let call = item.item.as(FunctionCallExprSyntax.self)
        ?? item.item.as(ExpressionStmtSyntax.self)?.expression.as(FunctionCallExprSyntax.self),
        let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
      else { return false }
      return name == "fatalError" || name == "preconditionFailure"
    }
  }

  private mutating func record(cast mark: TokenSyntax?, type: TypeSyntax, node: Syntax) {
    castType = SyntaxText.typeName(type)
    castNode = node
    switch mark?.tokenKind {
    case .exclamationMark?:
      castKind = .forced
      isForced = true
    case .postfixQuestionMark?, .infixQuestionMark?:
      castKind = .conditional
    default:
      castKind = .coercion
    }
  }
}

/// An optional dequeue kept in a local and force-unwrapped later in the same function:
/// `var cell = tableView.dequeueReusableCell(withIdentifier: "X")` … `return cell!`. Any sign of a fallback
/// (`cell = …`, `cell == nil`, `cell ?? …`, `if let`/`guard let`, `&cell`) or a second declaration of the name makes
/// it handled.
enum LaterUnwrap {
  static func isForcedLater(_ call: FunctionCallExprSyntax) -> Bool {
    // `var cell = tableView.dequeueReusableCell(withIdentifier: "X")`, possibly `… as? FooCell`.
    var node = Syntax(call)
    if let list = node.parent?.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self) {
      let elements = Array(list)
      guard elements.count == 3, Syntax(elements[0]) == node,
        let cast = elements[1].as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark?.tokenKind == .postfixQuestionMark
      else { return false }
      node = Syntax(sequence)
    }
    guard let binding = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
      binding.typeAnnotation == nil || binding.typeAnnotation?.type.is(OptionalTypeSyntax.self) == true,
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
      let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self),
      let item = declaration.parent?.as(CodeBlockItemSyntax.self),
      let block = item.parent?.as(CodeBlockItemListSyntax.self),
      LocalDeclarations.declarationCount(name, in: Syntax(block)) == 1
    else { return false }
    let uses = OptionalUseFinder(name: name)
    var after = false
    for statement in block {
      if after { uses.walk(statement) }
      if statement.id == item.id { after = true }
    }
    return uses.forced && !uses.checked
  }
}

/// How the statements after an optional local use it.
private final class OptionalUseFinder: SyntaxVisitor {
  let name: String
  var forced = false
  var checked = false

  init(name: String) {
    self.name = name
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    guard node.baseName.text == name, node.argumentNames == nil else { return .visitChildren }
    let parent = node.parent
    if parent?.is(ForceUnwrapExprSyntax.self) == true {
      forced = true
      return .visitChildren
    }
    if parent?.is(OptionalChainingExprSyntax.self) == true {
      // `cell?.textLabel?.text = …`: neither a check nor a crash.
      return .visitChildren
    }
    if let member = parent?.as(MemberAccessExprSyntax.self), member.base.map(Syntax.init) == Syntax(node) {
      // `cell.map`, `cell.flatMap` on the optional itself: a use we do not follow.
      checked = true
      return .visitChildren
    }
    // `return cell`, `cell = …`, `cell == nil`, `cell ?? …`, `if let c = cell`, `&cell`, passed along: treated as a
    // check, because the value may be replaced or the nil case handled.
    checked = true
    return .visitChildren
  }
}
