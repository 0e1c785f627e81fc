import SwiftSyntax
import TablelintModel

/// Turns an identifier expression into an `IdentifierExpression`, following local `let`s inside the enclosing
/// function. Anything it cannot describe statically is `.unknown`.
struct IdentifierExpressionReader {
  /// Generic parameter names visible at the expression: `String(describing: T.self)` says nothing.
  var genericParameters: Set<String>
  /// How deep local `let` chains are followed.
  var depth = 0

  func read(_ expression: ExprSyntax) -> IdentifierExpression {
    guard depth < 8 else { return .unknown }
    if let literal = expression.as(StringLiteralExprSyntax.self) {
      return readStringLiteral(literal)
    }
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
      only.label == nil
    {
      return read(only.expression)
    }
    if let sequence = expression.as(SequenceExprSyntax.self) {
      // `x as String`: a coercion says nothing new.
      let elements = Array(sequence.elements)
      if elements.count == 3, let cast = elements[1].as(UnresolvedAsExprSyntax.self),
        cast.questionOrExclamationMark == nil
      {
        return read(elements[0])
      }
      return .unknown
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return readReference(path: [reference.baseName.text], at: reference)
    }
    if let member = expression.as(MemberAccessExprSyntax.self) {
      return readMemberAccess(member)
    }
    if let call = expression.as(FunctionCallExprSyntax.self) {
      return readCall(call)
    }
    return .unknown
  }

  // MARK: - Literals

  private func readStringLiteral(_ literal: StringLiteralExprSyntax) -> IdentifierExpression {
    var text = ""
    var interpolation: [ExprSyntax] = []
    for segment in literal.segments {
      switch segment {
      case .stringSegment(let content):
        guard let value = Self.unescaped(content.content.text) else { return .unknown }
        text += value
      case .expressionSegment(let expressionSegment):
        let expressions = expressionSegment.expressions
        guard expressions.count == 1, let only = expressions.first, only.label == nil else { return .unknown }
        interpolation.append(only.expression)
      }
    }
    if interpolation.isEmpty { return .literal(text) }
    // `"\(FooCell.self)"` is the type's name.
    if interpolation.count == 1, text.isEmpty, let type = typeOperand(interpolation[0]) {
      return type
    }
    return .unknown
  }

  /// The value of a string segment; `nil` when it holds escapes other than the plain ones.
  static func unescaped(_ raw: String) -> String? {
    // Bytes, not `contains(_: StringProtocol)`: Foundation's substring search was a tenth of reading a file. And
    // through the contiguous storage: iterating the UTF-8 view was 11 M instructions on element-ios,
    // the whole function is 4 M now.
    let backslash = UInt8(ascii: "\\")
    let hasEscape = raw.utf8.withContiguousStorageIfAvailable { $0.contains(backslash) } ?? raw.utf8.contains(backslash)
    guard hasEscape else { return raw }
    var result = ""
    var escaping = false
    for character in raw {
      if escaping {
        switch character {
        case "\\": result.append("\\")
        case "\"": result.append("\"")
        case "'": result.append("'")
        case "n": result.append("\n")
        case "t": result.append("\t")
        case "0": result.append("\0")
        default: return nil
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return escaping ? nil : result
  }

  // MARK: - Type names

  /// `X.self` → `.typeName("X")`; `self`, `Self.self` and `self.self` → `.selfTypeName`; generic parameters →
  /// `nil`.
  private func typeOperand(_ expression: ExprSyntax) -> IdentifierExpression? {
    if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
      let base = member.base
    {
      // `String(describing: self.self)` (session-ios's `ReusableView`) is `self`, not a type named `self`.
      if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) { return .selfTypeName }
      guard let name = Self.typeName(of: base) else { return nil }
      if name == "Self" { return .selfTypeName }
      if genericParameters.contains(String(name.split(separator: ".").first ?? "")) { return nil }
      return .typeName(name)
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self), reference.baseName.tokenKind == .keyword(.self) {
      // `String(describing: self)` inside a static member names the type; the index only uses it from there.
      return .selfTypeName
    }
    return nil
  }

  /// A dotted type name written as an expression (`Foo`, `Module.Foo`, `Outer.Inner`), generic arguments stripped.
  static func typeName(of expression: ExprSyntax) -> String? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text
    }
    if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
      let baseName = typeName(of: base)
    {
      return baseName + "." + member.declName.baseName.text
    }
    if let specialization = expression.as(GenericSpecializationExprSyntax.self) {
      return typeName(of: specialization.expression)
    }
    if let typeExpression = expression.as(TypeExprSyntax.self) {
      return SyntaxText.typeName(typeExpression.type)
    }
    return nil
  }

  // MARK: - References

  private func readMemberAccess(_ member: MemberAccessExprSyntax) -> IdentifierExpression {
    let name = member.declName.baseName.text
    guard let base = member.base else {
      // `.photo` alone is an enum case of a type we do not know here.
      return .unknown
    }
    if name == "rawValue" {
      // `CellID.photo.rawValue`, `.photo.rawValue`
      if let caseAccess = base.as(MemberAccessExprSyntax.self) {
        let caseName = caseAccess.declName.baseName.text
        if let enumBase = caseAccess.base {
          guard let enumType = Self.typeName(of: enumBase), !isGeneric(enumType) else { return .unknown }
          return .rawValue(enumType: enumType, caseName: caseName)
        }
        return .rawValue(enumType: nil, caseName: caseName)
      }
      return .unknown
    }
    if name == "description" || name == "debugDescription" { return .unknown }
    // `self.cellID`
    if let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.tokenKind == .keyword(.self) {
      return .reference(path: [name])
    }
    guard let path = Self.dottedPath(of: base) else { return .unknown }
    if let first = path.first, isGeneric(first) { return .unknown }
    // `type(of: self).x` and `Self.x` resolve against the enclosing type in the index.
    return .reference(path: path + [name])
  }

  private func isGeneric(_ name: String) -> Bool {
    genericParameters.contains(String(name.split(separator: ".").first ?? ""))
  }

  static func dottedPath(of expression: ExprSyntax) -> [String]? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      if reference.baseName.tokenKind == .keyword(.self) { return nil }
      return [reference.baseName.text]
    }
    if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
      let basePath = dottedPath(of: base)
    {
      return basePath + [member.declName.baseName.text]
    }
    if let specialization = expression.as(GenericSpecializationExprSyntax.self) {
      return dottedPath(of: specialization.expression)
    }
    return nil
  }

  private func readReference(path: [String], at node: DeclReferenceExprSyntax) -> IdentifierExpression {
    let name = path[0]
    switch LocalDeclarations.lookup(name, from: Syntax(node)) {
    case .notLocal:
      if isGeneric(name) { return .unknown }
      return .reference(path: path)
    case .opaque:
      return .unknown
    case .constant(let initializer):
      var inner = self
      inner.depth += 1
      return inner.read(initializer)
    }
  }

  // MARK: - Calls

  private func readCall(_ call: FunctionCallExprSyntax) -> IdentifierExpression {
    let arguments = Array(call.arguments)
    guard let callee = Self.typeName(of: call.calledExpression) else { return .unknown }
    // String(describing: X.self), String(describing: self)
    if callee == "String" || callee == "Swift.String", arguments.count == 1 {
      let argument = arguments[0]
      if argument.label?.text == "describing" {
        return typeOperand(argument.expression) ?? .unknown
      }
      if argument.label == nil {
        // String("literal"), String(someString)
        let inner = read(argument.expression)
        if case .typeName = inner { return .unknown }
        return inner
      }
    }
    return .unknown
  }
}

/// What a name means inside the function that uses it.
enum LocalDeclarations {
  enum Lookup {
    /// Not declared in the enclosing function: a member, a global, or a constant of another type.
    case notLocal
    /// A local `let` with this initializer, declared once.
    case constant(ExprSyntax)
    /// A parameter, a `var`, a binding from a pattern, or declared more than once: unknowable here.
    case opaque
  }

  /// How many times `name` is declared inside `scope` (patterns, parameters, closure parameters).
  static func declarationCount(_ name: String, in scope: Syntax) -> Int {
    let finder = NameDeclarationFinder(name: name)
    finder.walk(scope)
    return finder.declarations.count
  }

  static func lookup(_ name: String, from node: Syntax) -> Lookup {
    guard let scope = functionScope(around: node) else { return .notLocal }
    let finder = NameDeclarationFinder(name: name)
    finder.walk(scope)
    if finder.declarations.isEmpty { return .notLocal }
    if finder.declarations.count == 1, let initializer = finder.declarations[0] { return .constant(initializer) }
    return .opaque
  }

  private static func functionScope(around node: Syntax) -> Syntax? {
    // Search the outermost function-like declaration around the use: its parameters and its body.
    var scope: Syntax?
    var current: Syntax? = node.parent
    while let candidate = current {
      if candidate.is(FunctionDeclSyntax.self) || candidate.is(InitializerDeclSyntax.self)
        || candidate.is(AccessorDeclSyntax.self) || candidate.is(ClosureExprSyntax.self)
        || candidate.is(DeinitializerDeclSyntax.self) || candidate.is(SubscriptDeclSyntax.self)
      {
        scope = candidate
      }
      if candidate.is(MemberBlockSyntax.self) || candidate.is(CodeBlockItemListSyntax.self)
        && candidate.parent?.is(SourceFileSyntax.self) == true
      {
        break
      }
      // A computed property's getter without `get { }` is a PatternBinding's accessor block.
      if candidate.is(PatternBindingSyntax.self), scope == nil {
        scope = candidate
      }
      current = candidate.parent
    }
    // Top-level code: every `let` there is global, and the index resolves globals.
    return scope
  }
}

/// Finds declarations of one name inside a function: patterns, parameters, closure parameters.
/// Each entry is the initializer of a `let name = …`, or `nil` for any other kind of declaration.
private final class NameDeclarationFinder: SyntaxVisitor {
  let name: String
  var declarations: [ExprSyntax?] = []

  init(name: String) {
    self.name = name
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
    guard node.identifier.text == name else { return .visitChildren }
    if let binding = node.parent?.as(PatternBindingSyntax.self),
      let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self),
      declaration.bindingSpecifier.tokenKind == .keyword(.let),
      binding.accessorBlock == nil,
      let initializer = binding.initializer?.value
    {
      declarations.append(initializer)
    } else {
      declarations.append(nil)
    }
    return .visitChildren
  }

  override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
    let local = node.secondName ?? node.firstName
    if local.text == name { declarations.append(nil) }
    return .visitChildren
  }

  override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
    let local = node.secondName ?? node.firstName
    if local.text == name { declarations.append(nil) }
    return .visitChildren
  }

  override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
    if node.name.text == name { declarations.append(nil) }
    return .visitChildren
  }
}

/// Small helpers over syntax text.
enum SyntaxText {
  /// A type's name as written, without generic arguments, optionality or attributes: `Foo`, `Outer.Inner`.
  static func typeName(_ type: TypeSyntax) -> String? {
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      return identifier.name.text
    }
    if let member = type.as(MemberTypeSyntax.self) {
      guard let base = typeName(member.baseType) else { return nil }
      return base + "." + member.name.text
    }
    if let optional = type.as(OptionalTypeSyntax.self) {
      return typeName(optional.wrappedType)
    }
    if let implicitly = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return typeName(implicitly.wrappedType)
    }
    if let attributed = type.as(AttributedTypeSyntax.self) {
      return typeName(attributed.baseType)
    }
    return nil
  }
}

extension SyntaxProtocol {
  /// The node's source text without its first token's leading and last token's trailing trivia: what
  /// `trimmedDescription` returns, read from the node's bytes instead of building a trimmed copy of the tree
  /// (which cost a quarter of reading a controller with many calls).
  var trimmedText: String {
    let bytes = syntaxTextBytes
    let start = min(leadingTriviaLength.utf8Length, bytes.count)
    let end = max(start, bytes.count - trailingTriviaLength.utf8Length)
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}
