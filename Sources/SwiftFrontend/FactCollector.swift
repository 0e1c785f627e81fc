@_spi(RawSyntax) import SwiftSyntax
import TablelintModel

/// Walks one file and records types, members, constants and the table-related calls in it.
final class FactCollector: TypeSkippingVisitor {
  private let path: String
  private let lineTable: LineTable
  private(set) var facts = SwiftFileFacts()

  /// The types (and extensions) around the current node, outermost first.
  private var typeStack: [TypeContext] = []
  /// Generic parameter names of enclosing declarations, innermost last.
  private var genericStack: [Set<String>] = []
  private var importsStatic = false
  /// For each enclosing function, innermost last: the generic reuse helper it may be (`nil` for other functions).
  private var helperStack: [GenericHelperContext?] = []

  /// The generic reuse helper whose body the current node is in, if any.
  var currentHelper: GenericHelperContext? { helperStack.last ?? nil }

  private struct TypeContext {
    var name: String
    var kind: TypeKind
    /// Index into `facts.types`.
    var declarationIndex: Int
    var objcMembers: Bool
    var objcExtension: Bool
  }

  /// The items' facts of the last parse (`previous`, taken when a node is the same) and of this walk (`next`,
  /// recorded for the next parse); `nil` when the walk neither takes nor keeps them (a whole file read once).
  private let itemCaches: (previous: ItemFactsCache?, next: ItemFactsCache)?
  /// The items being walked, outermost first (see `enterItem`).
  private var itemFrames: [ItemFrame] = []
  /// How many bodies (code blocks, closures, accessors) are around the current node: items in them are not kept.
  private var bodyDepth = 0

  init(path: String, lineTable: LineTable, itemCaches: (previous: ItemFactsCache?, next: ItemFactsCache)? = nil) {
    self.path = path
    self.lineTable = lineTable
    self.itemCaches = itemCaches
    super.init(viewMode: .sourceAccurate)
  }

  // MARK: - Items kept between parses (`ItemFacts`)

  /// Where an item is, as far as its facts depend on it.
  struct ItemContext: Hashable {
    struct TypeKey: Hashable {
      var name: String
      var kind: TypeKind
      var objcMembers: Bool
      var objcExtension: Bool
    }
    var types: [TypeKey]
    var generics: [Set<String>]
    /// The innermost type's inherited types (an enum's `String` raw values).
    var inheritance: [String]
    var importsStatic: Bool
    /// What holds the item's list: the file, a type's member block, an `#if` clause.
    var container: SyntaxKind?
  }

  /// An item being walked: how long each list of facts was before it, to take its own facts when it ends.
  private struct ItemFrame {
    var id: RawSyntax.ID
    var anchor: SourcePosition
    var context: ItemContext
    /// The facts' lists when the item began (`nil` when its facts were taken from the last parse).
    var mark: FactsMark?
    var typeIndex: Int?
    var memberCount = 0
    var strings: [String] = []
    /// Its facts read something outside it (see `noteDependsOnSurroundings`): not kept.
    var dependsOnSurroundings = false
  }

  /// The current node's facts depend on more than its item: on other members of its type (whether the type
  /// performs its rows' selectors) or on the statements after it at the top level. Its items are not kept.
  func noteDependsOnSurroundings() {
    readsSurroundings = true
    for index in itemFrames.indices { itemFrames[index].dependsOnSurroundings = true }
  }

  /// Whether some fact read beyond its item (`noteDependsOnSurroundings`): a tree missing the items the declaration
  /// reader read (`DeclarationReader.read`) cannot give such a fact.
  private(set) var readsSurroundings = false

  // MARK: - Items the declaration reader read

  /// The facts of the items `DeclarationReader.read` read, in order, which the walked tree holds only as blanks:
  /// each is taken where the walk passes its place, as a kept item is, so the facts come in a whole walk's order.
  private var interleaved: [ItemFacts] = []
  private var nextInterleaved = 0

  func interleave(_ items: [ItemFacts]) {
    interleaved = items
    nextInterleaved = 0
  }

  /// Takes the interleaved items that start before `offset` (every one with `Int.max`, when the walk ends).
  func takeInterleaved(before offset: Int) {
    while nextInterleaved < interleaved.count, interleaved[nextInterleaved].anchor.offset < offset {
      take(interleaved[nextInterleaved])
      nextInterleaved += 1
    }
  }

  override func visitPost(_ node: MemberBlockSyntax) {
    if bodyDepth == 0, nextInterleaved < interleaved.count {
      takeInterleaved(before: node.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset)
    }
  }

  override func visit(_ node: MemberBlockItemSyntax) -> SyntaxVisitorContinueKind { enterItem(Syntax(node)) }
  override func visitPost(_ node: MemberBlockItemSyntax) { leaveItem(Syntax(node)) }
  override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind { enterItem(Syntax(node)) }
  override func visitPost(_ node: CodeBlockItemSyntax) { leaveItem(Syntax(node)) }

  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { bodyDepth += 1; return .visitChildren }
  override func visitPost(_ node: CodeBlockSyntax) { bodyDepth -= 1 }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { bodyDepth += 1; return .visitChildren }
  override func visitPost(_ node: ClosureExprSyntax) { bodyDepth -= 1 }
  override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
    bodyDepth += 1
    return .visitChildren
  }
  override func visitPost(_ node: AccessorBlockSyntax) { bodyDepth -= 1 }

  /// `itemContext` as of the last type or import met: items of one member block share it.
  private var itemContextMemo: ItemContext?

  private var itemContext: ItemContext {
    if let itemContextMemo { return itemContextMemo }
    let context = ItemContext(
      types: typeStack.map {
        ItemContext.TypeKey(name: $0.name, kind: $0.kind, objcMembers: $0.objcMembers, objcExtension: $0.objcExtension)
      },
      generics: genericStack, inheritance: typeStack.last.map { facts.types[$0.declarationIndex].inheritedTypes } ?? [],
      importsStatic: importsStatic, container: nil
    )
    itemContextMemo = context
    return context
  }

  /// A top-level declaration or statement, or a member of a type (not in a body): its facts are taken from the last
  /// parse when the node is the same one in the same context and its first token is in the same column (every
  /// position then moves by the same lines and bytes); otherwise it is walked and its facts are recorded.
  private func enterItem(_ node: Syntax) -> SyntaxVisitorContinueKind {
    if bodyDepth == 0, nextInterleaved < interleaved.count {
      takeInterleaved(before: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }
    guard let itemCaches, bodyDepth == 0 else { return .visitChildren }
    var context = itemContext
    context.container = node.parent?.parent?.kind
    let anchor = lineTable.position(ofOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    let id = node.raw.id
    if var kept = itemCaches.previous?.items[id], kept.anchor.column == anchor.column, kept.context == context {
      kept.shift.lines += anchor.line - kept.anchor.line
      kept.shift.bytes += anchor.offset - kept.anchor.offset
      kept.anchor = anchor
      take(kept)
      itemCaches.next.items[id] = kept
      itemCaches.next.reusedCount += 1
      itemFrames.append(ItemFrame(id: id, anchor: anchor, context: context))
      return .skipChildren
    }
    itemFrames.append(
      ItemFrame(
        id: id, anchor: anchor, context: context, mark: FactsMark(facts),
        typeIndex: typeStack.last?.declarationIndex,
        memberCount: typeStack.last.map { facts.types[$0.declarationIndex].members.count } ?? 0
      )
    )
    return .visitChildren
  }

  private func leaveItem(_ node: Syntax) {
    guard let itemCaches, bodyDepth == 0, let frame = itemFrames.popLast() else { return }
    if !itemFrames.isEmpty { itemFrames[itemFrames.count - 1].strings += frame.strings }
    guard let mark = frame.mark, !frame.dependsOnSurroundings else { return }
    itemCaches.next.items[frame.id] = ItemFacts(
      anchor: frame.anchor, context: frame.context, lists: facts.added(since: mark),
      members: frame.typeIndex.map { Array(facts.types[$0].members[frame.memberCount...]) } ?? [],
      spelledStrings: frame.strings
    )
  }

  /// Adds the facts of an item taken from the last parse, as walking it would have.
  private func take(_ item: ItemFacts) {
    item.append(to: &facts, membersOf: typeStack.last?.declarationIndex)
    if item.lists.imports.contains("Static") {
      importsStatic = true
      itemContextMemo = nil
    }
    for string in item.spelledStrings { facts.spelledStrings.insert(string) }
    if !itemFrames.isEmpty { itemFrames[itemFrames.count - 1].strings += item.spelledStrings }
  }

  /// Records a spelled string in the facts and in the item around.
  private func spell(_ string: String) {
    facts.spelledStrings.insert(string)
    if itemCaches != nil, !itemFrames.isEmpty { itemFrames[itemFrames.count - 1].strings.append(string) }
  }

  // MARK: - Locations

  func location(of node: some SyntaxProtocol) -> TablelintModel.SourceLocation {
    let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
    let end = max(start, node.endPositionBeforeTrailingTrivia.utf8Offset)
    return TablelintModel.SourceLocation(
      file: path,
      range: lineTable.range(from: start, to: end)
    )
  }

  private var enclosingTypeName: String? { typeStack.last?.name }

  private var genericParameters: Set<String> {
    genericStack.reduce(into: Set<String>()) { $0.formUnion($1) }
  }

  var identifierReader: IdentifierExpressionReader {
    IdentifierExpressionReader(genericParameters: genericParameters)
  }

  // MARK: - Imports

  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
    let module = node.path.map(\.name.text).joined(separator: ".")
    facts.imports.append(module)
    if module == "Static" {
      importsStatic = true
      itemContextMemo = nil
    }
    return .skipChildren
  }

  // MARK: - Types

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    pushType(
      kind: .class, name: node.name.text, inheritance: node.inheritanceClause, attributes: node.attributes,
      modifiers: node.modifiers, generics: node.genericParameterClause, node: node, nameToken: node.name
    )
    return .visitChildren
  }
  override func visitPost(_ node: ClassDeclSyntax) { popType() }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    pushType(
      kind: .struct, name: node.name.text, inheritance: node.inheritanceClause, attributes: node.attributes,
      modifiers: node.modifiers, generics: node.genericParameterClause, node: node, nameToken: node.name
    )
    return .visitChildren
  }
  override func visitPost(_ node: StructDeclSyntax) { popType() }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    pushType(
      kind: .enum, name: node.name.text, inheritance: node.inheritanceClause, attributes: node.attributes,
      modifiers: node.modifiers, generics: node.genericParameterClause, node: node, nameToken: node.name
    )
    return .visitChildren
  }
  override func visitPost(_ node: EnumDeclSyntax) { popType() }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    pushType(
      kind: .actor, name: node.name.text, inheritance: node.inheritanceClause, attributes: node.attributes,
      modifiers: node.modifiers, generics: node.genericParameterClause, node: node, nameToken: node.name
    )
    return .visitChildren
  }
  override func visitPost(_ node: ActorDeclSyntax) { popType() }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    pushType(
      kind: .protocol, name: node.name.text, inheritance: node.inheritanceClause, attributes: node.attributes,
      modifiers: node.modifiers, generics: nil, node: node, nameToken: node.name
    )
    return .visitChildren
  }
  override func visitPost(_ node: ProtocolDeclSyntax) { popType() }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    let extended = SyntaxText.typeName(node.extendedType) ?? node.extendedType.trimmedText
    pushType(
      kind: .extension, name: extended, inheritance: node.inheritanceClause, attributes: node.attributes,
      modifiers: node.modifiers, generics: nil, node: node, nameToken: node.extendedType, isExtension: true
    )
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { popType() }

  override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    let value = node.initializer.value
    guard node.genericParameterClause == nil, value.is(IdentifierTypeSyntax.self) || value.is(MemberTypeSyntax.self),
      !value.description.contains("<"), let target = SyntaxText.typeName(value),
      typeStack.last.map({ $0.kind != .protocol && isDirectMember(node) }) ?? isTopLevel(node)
    else { return .skipChildren }
    let name = typeStack.last.map { $0.name + "." + node.name.text } ?? node.name.text
    facts.typeAliases.append(SwiftTypeAlias(name: name, target: target, location: location(of: node.name)))
    return .skipChildren
  }

  private func pushType(
    kind: TypeKind, name: String, inheritance: InheritanceClauseSyntax?, attributes: AttributeListSyntax,
    modifiers: DeclModifierListSyntax, generics: GenericParameterClauseSyntax?, node: some SyntaxProtocol,
    nameToken: some SyntaxProtocol, isExtension: Bool = false
  ) {
    // Nested declarations are qualified by their parents; an extension names its type in full already.
    let qualified: String
    if isExtension || typeStack.isEmpty {
      qualified = name
    } else {
      qualified = typeStack[typeStack.count - 1].name + "." + name
    }
    let attributeNames = Self.attributeNames(attributes)
    let declaration = SwiftTypeDeclaration(
      kind: kind,
      name: qualified,
      inheritedTypes: inheritance?.inheritedTypes.compactMap { SyntaxText.typeName($0.type) } ?? [],
      attributes: attributeNames,
      objcName: Self.explicitObjCName(attributes),
      members: [],
      location: location(of: node),
      nameLocation: location(of: nameToken)
    )
    facts.types.append(declaration)
    itemContextMemo = nil
    typeStack.append(
      TypeContext(
        name: qualified, kind: kind, declarationIndex: facts.types.count - 1,
        objcMembers: attributeNames.contains("objcMembers"),
        objcExtension: isExtension && attributeNames.contains("objc")
      )
    )
    genericStack.append(Set(generics?.parameters.map(\.name.text) ?? []))
  }

  private func popType() {
    itemContextMemo = nil
    typeStack.removeLast()
    genericStack.removeLast()
  }

  // MARK: - Members

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    genericStack.append(Set(node.genericParameterClause?.parameters.map(\.name.text) ?? []))
    helperStack.append(
      typeStack.last.flatMap { context in
        context.kind == .extension && isDirectMember(node)
          ? GenericHelperContext(node, extendedType: context.name, location: location(of: node.name)) : nil
      }
    )
    guard let context = typeStack.last, isDirectMember(node) else { return .visitChildren }
    let labels = node.signature.parameterClause.parameters.map { parameter -> String? in
      parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
    }
    let effects = node.signature.effectSpecifiers
    let exposure = exposure(attributes: node.attributes, modifiers: node.modifiers, context: context)
    let explicitName = Self.explicitObjCName(node.attributes)
    let selector = explicitName ?? ObjCSelectorNaming.selector(
      baseName: node.name.text, labels: labels,
      throwing: effects?.throwsClause != nil, async: effects?.asyncSpecifier != nil
    )
    addMember(
      SwiftMember(
        kind: .method, name: node.name.text, argumentLabels: labels, exposure: exposure,
        explicitObjCName: explicitName, selector: selector, isStatic: Self.isStatic(node.modifiers),
        isSettable: false, accessLevel: Self.accessLevel(node.modifiers),
        typeName: node.signature.returnClause.flatMap { SyntaxText.typeName($0.type) },
        location: location(of: node.name)
      ),
      to: context
    )
    // `@objc class func defaultReuseIdentifier() -> String { reuseIdentifier }`: a type method without parameters
    // that returns one expression is a constant of the type, as a static computed property is (Objective-C code
    // spells it `[Cell defaultReuseIdentifier]`).
    if Self.isStatic(node.modifiers), labels.isEmpty, node.genericParameterClause == nil,
      let body = node.body, let returned = Self.singleReturnedExpression(body.statements)
    {
      facts.constants.append(
        StringConstant(
          owner: context.name, name: node.name.text, value: identifierReader.read(returned), isStatic: true,
          isEnumCase: false, location: location(of: node.name)
        )
      )
    }
    return .visitChildren
  }
  override func visitPost(_ node: FunctionDeclSyntax) {
    genericStack.removeLast()
    helperStack.removeLast()
  }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    genericStack.append(Set(node.genericParameterClause?.parameters.map(\.name.text) ?? []))
    guard let context = typeStack.last, isDirectMember(node) else { return .visitChildren }
    let labels = node.signature.parameterClause.parameters.map { parameter -> String? in
      parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
    }
    let explicitName = Self.explicitObjCName(node.attributes)
    let effects = node.signature.effectSpecifiers
    addMember(
      SwiftMember(
        kind: .initializer, name: "init", argumentLabels: labels,
        exposure: exposure(attributes: node.attributes, modifiers: node.modifiers, context: context),
        explicitObjCName: explicitName,
        selector: explicitName ?? ObjCSelectorNaming.selector(
          baseName: "init", labels: labels, throwing: effects?.throwsClause != nil,
          async: effects?.asyncSpecifier != nil
        ),
        isStatic: false, isSettable: false, accessLevel: Self.accessLevel(node.modifiers), typeName: nil,
        location: location(of: node.initKeyword)
      ),
      to: context
    )
    return .visitChildren
  }
  override func visitPost(_ node: InitializerDeclSyntax) { genericStack.removeLast() }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    let isLet = node.bindingSpecifier.tokenKind == .keyword(.let)
    let isStatic = Self.isStatic(node.modifiers)
    let context = typeStack.last
    let isMember = context != nil && isDirectMember(node)
    let isGlobal = typeStack.isEmpty && isTopLevel(node)
    guard isMember || isGlobal else { return .visitChildren }
    for binding in node.bindings {
      guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else { continue }
      let name = identifier.text
      let accessors = Self.accessorKinds(binding.accessorBlock)
      let isComputed = !accessors.isEmpty && !accessors.isSubset(of: ["willSet", "didSet"])
      let settable: Bool
      if isLet {
        settable = false
      } else if isComputed {
        settable = accessors.contains("set") || accessors.contains("_modify")
      } else {
        settable = true
      }
      if let context, isMember {
        let explicitName = Self.explicitObjCName(node.attributes)
        addMember(
          SwiftMember(
            kind: .property, name: name, argumentLabels: [],
            exposure: exposure(attributes: node.attributes, modifiers: node.modifiers, context: context),
            explicitObjCName: explicitName, selector: explicitName ?? SwiftIdentifier.unescaped(name), isStatic: isStatic,
            isSettable: settable, accessLevel: Self.accessLevel(node.modifiers),
            typeName: binding.typeAnnotation.flatMap { SyntaxText.typeName($0.type) },
            location: location(of: identifier)
          ),
          to: context
        )
      }
      recordConstant(
        name: name, binding: binding, isLet: isLet, isComputed: isComputed, isStatic: isStatic, context: context,
        at: identifier
      )
    }
    return .visitChildren
  }

  override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
    guard let context = typeStack.last, context.kind == .enum,
      facts.types[context.declarationIndex].inheritedTypes.first == "String"
    else { return .skipChildren }
    for element in node.elements {
      let value: IdentifierExpression
      if let raw = element.rawValue?.value {
        value = identifierReader.read(raw)
      } else {
        value = .literal(element.name.text)
      }
      facts.constants.append(
        StringConstant(
          owner: context.name, name: element.name.text, value: value, isStatic: true, isEnumCase: true, location: location(of: element.name)
        )
      )
    }
    return .skipChildren
  }

  private func recordConstant(
    name: String, binding: PatternBindingSyntax, isLet: Bool, isComputed: Bool, isStatic: Bool,
    context: TypeContext?, at identifier: TokenSyntax
  ) {
    var value: IdentifierExpression?
    if let initializer = binding.initializer?.value {
      // A `var` may change: its value is unknown, but it still shadows other declarations of the name.
      value = isLet ? identifierReader.read(initializer) : .unknown
    } else if isComputed, let expression = Self.singleReturnedExpression(binding.accessorBlock) {
      value = identifierReader.read(expression)
    }
    guard var value else { return }
    if case .selfTypeName = value, !isStatic {
      // `String(describing: self)` on an instance describes the instance, not the type.
      value = .unknown
    }
    facts.constants.append(
      StringConstant(
        owner: context?.name, name: name, value: value, isStatic: isStatic || context == nil, isEnumCase: false,
        location: location(of: identifier)
      )
    )
  }

  private func addMember(_ member: SwiftMember, to context: TypeContext) {
    facts.types[context.declarationIndex].members.append(member)
  }

  /// A declaration directly inside the innermost type's member block (not a local inside a function).
  private func isDirectMember(_ node: some SyntaxProtocol) -> Bool {
    node.parent?.is(MemberBlockItemSyntax.self) == true
  }

  private func isTopLevel(_ node: some SyntaxProtocol) -> Bool {
    node.parent?.is(CodeBlockItemSyntax.self) == true && node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
  }

  private func exposure(
    attributes: AttributeListSyntax, modifiers: DeclModifierListSyntax, context: TypeContext
  ) -> [ObjCExposure] {
    Self.exposure(
      attributeNames: Self.attributeNames(attributes), modifierNames: modifiers.map(\.name.text),
      inObjCMembers: context.objcMembers || context.objcExtension
    )
  }

  /// Why a member is visible to the Objective-C runtime, from its attributes' and modifiers' names and whether its
  /// type is `@objcMembers` or the extension `@objc` (shared with `DeclarationReader`).
  static func exposure(attributeNames names: [String], modifierNames: [String], inObjCMembers: Bool) -> [ObjCExposure] {
    if names.contains("nonobjc") { return [] }
    var result: [ObjCExposure] = []
    if names.contains("objc") { result.append(.objc) }
    if names.contains("IBAction") { result.append(.ibAction) }
    if names.contains("IBOutlet") { result.append(.ibOutlet) }
    if names.contains("IBInspectable") || names.contains("GKInspectable") { result.append(.ibInspectable) }
    if names.contains("NSManaged") { result.append(.nsManaged) }
    if names.contains("IBSegueAction") { result.append(.ibSegueAction) }
    if modifierNames.contains("dynamic") { result.append(.dynamic) }
    if modifierNames.contains("override") { result.append(.override) }
    if inObjCMembers { result.append(.objcMembers) }
    return result
  }

  // MARK: - String literals

  override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
    guard node.segments.count == 1, case .stringSegment(let segment)? = node.segments.first,
      let value = IdentifierExpressionReader.unescaped(segment.content.text), !Self.isDequeueIdentifier(node)
    else { return .visitChildren }
    spell(value)
    return .visitChildren
  }

  /// `dequeueReusableCell(withIdentifier: "X", …)`: the literal being checked does not vouch for itself.
  static func isDequeueIdentifier(_ literal: StringLiteralExprSyntax) -> Bool {
    guard let argument = literal.parent?.as(LabeledExprSyntax.self),
      let label = argument.label?.text, label == "withIdentifier" || label == "withReuseIdentifier",
      let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
    else { return false }
    return CallRecognizer.calleeName(call.calledExpression)?.hasPrefix("dequeueReusable") == true
  }

  override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
    // `PhotoCell.self`: registration helpers derive identifiers from type names.
    if node.declName.baseName.text == "self", let base = node.base,
      let name = IdentifierExpressionReader.typeName(of: base)
    {
      spell(name.split(separator: ".").last.map(String.init) ?? name)
    }
    return .visitChildren
  }

  // MARK: - Calls

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    // Every call of a file comes here: the callee's name and the labels are read once, for all the recognisers.
    guard let baseName = CallRecognizer.calleeName(node.calledExpression) else { return .visitChildren }
    let labels = node.arguments.map { $0.label?.text }
    let dequeues = facts.dequeues.count
    CallRecognizer(collector: self).record(
      node, baseName: baseName, labels: labels, into: &facts, enclosingType: enclosingTypeName,
      staticImported: importsStatic
    )
    // A dequeue in top-level code is judged by the statements after it (`LaterUnwrap`): other items.
    if bodyDepth == 0, facts.dequeues.count != dequeues { noteDependsOnSurroundings() }
    if baseName == "UIStoryboard" || baseName == "NSStoryboard", labels.first == "name",
      let argument = node.arguments.first, case .literal(let name) = identifierReader.read(argument.expression)
    {
      facts.loadedStoryboards.append(name)
    }
    let selectors = SelectorRecognizer(collector: self, enclosingType: enclosingTypeName)
    if let literal = selectors.selectorLiteral(node, callee: baseName) {
      facts.selectorReferences.append(literal)
    }
    if let use = selectors.targetAction(
      node, baseName: baseName, labels: labels, receiver: CallRecognizer.callee(node.calledExpression).1
    ) {
      facts.targetActions.append(use)
    }
    return .visitChildren
  }

  override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
    if let reference = SelectorRecognizer(collector: self, enclosingType: enclosingTypeName).selectorExpression(node) {
      facts.selectorReferences.append(reference)
    }
    return .visitChildren
  }

  // MARK: - Syntax helpers

  static func attributeNames(_ attributes: AttributeListSyntax) -> [String] {
    attributes.compactMap { element -> String? in
      guard case .attribute(let attribute) = element else { return nil }
      return attribute.attributeName.trimmedText
    }
  }

  /// `@objc(name:)` → `name:`.
  static func explicitObjCName(_ attributes: AttributeListSyntax) -> String? {
    for element in attributes {
      guard case .attribute(let attribute) = element, attribute.attributeName.trimmedText == "objc",
        let arguments = attribute.arguments, case .objCName(let pieces) = arguments
      else { continue }
      let text = pieces.map { ($0.name?.text ?? "") + ($0.colon == nil ? "" : ":") }.joined()
      return text.isEmpty ? nil : text
    }
    return nil
  }

  static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
    !modifiers.isEmpty
      && modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
  }

  private static let accessLevels: Set<String> = ["private", "fileprivate", "internal", "package", "public", "open"]

  static func accessLevel(_ modifiers: DeclModifierListSyntax) -> String? {
    if modifiers.isEmpty { return nil }
    return modifiers.first { accessLevels.contains($0.name.text) && $0.detail == nil }?.name.text
  }

  static func accessorKinds(_ block: AccessorBlockSyntax?) -> Set<String> {
    guard let block else { return [] }
    switch block.accessors {
    case .getter: return ["get"]
    case .accessors(let list): return Set(list.map(\.accessorSpecifier.text))
    }
  }

  /// The expression a get-only computed property returns, when its body is one expression or one `return`.
  static func singleReturnedExpression(_ block: AccessorBlockSyntax?) -> ExprSyntax? {
    guard let block else { return nil }
    switch block.accessors {
    case .getter(let list):
      return singleReturnedExpression(list)
    case .accessors(let list):
      guard list.count == 1, let getter = list.first, getter.accessorSpecifier.tokenKind == .keyword(.get),
        let body = getter.body
      else { return nil }
      return singleReturnedExpression(body.statements)
    }
  }

  /// The expression a body of one statement returns (`return x` or just `x`).
  static func singleReturnedExpression(_ items: CodeBlockItemListSyntax) -> ExprSyntax? {
    guard items.count == 1, let item = items.first else { return nil }
    switch item.item {
    case .expr(let expression): return expression
    case .stmt(let statement):
      if let returned = statement.as(ReturnStmtSyntax.self) { return returned.expression }
      return statement.as(ExpressionStmtSyntax.self)?.expression
    default: return nil
    }
  }
}
