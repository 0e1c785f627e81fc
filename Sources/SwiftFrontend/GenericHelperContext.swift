import SwiftSyntax
import TablelintModel

/// A generic method of an extension of `UITableView`/`UICollectionView` with one type parameter, whose body may be
/// a reuse helper: `func dequeueReusableCell<T: UITableViewCell>(for indexPath: IndexPath, cellType: T.Type = T.self)
/// -> T`. Reads the identifier (and nib name) the body passes to UIKit in terms of that type parameter.
struct GenericHelperContext {
  let name: String
  let extendedType: String
  let typeParameter: String
  /// Local names of the parameters of type `T.Type` (`cellType`).
  let metatypeParameters: Set<String>
  let parameters: [HelperParameter]
  let returnsTypeParameter: Bool
  let location: TablelintModel.SourceLocation

  static let extendedTypes: Set<String> = ["UITableView", "UICollectionView"]
  static let reusableViewClasses: Set<String> = [
    "UITableViewCell", "UICollectionViewCell", "UITableViewHeaderFooterView", "UICollectionReusableView",
  ]

  init?(_ node: FunctionDeclSyntax, extendedType: String, location: TablelintModel.SourceLocation) {
    guard Self.extendedTypes.contains(String(extendedType.split(separator: ".").last ?? "")) else { return nil }
    // `func register<T: UITableViewCell>(cellType: T.Type)`, or `func register(_ cellType: UITableViewCell.Type)`
    // whose metatype argument names the class just as well.
    let typeParameter: String
    if let generics = node.genericParameterClause {
      guard generics.parameters.count == 1, let only = generics.parameters.first else { return nil }
      typeParameter = only.name.text
    } else {
      typeParameter = ""
    }
    var metatypes: Set<String> = []
    var parameters: [HelperParameter] = []
    for parameter in node.signature.parameterClause.parameters {
      var binds = false
      if let metatype = parameter.type.as(MetatypeTypeSyntax.self), metatype.metatypeSpecifier.text == "Type",
        let base = metatype.baseType.as(IdentifierTypeSyntax.self)?.name.text,
        typeParameter.isEmpty ? Self.reusableViewClasses.contains(base) : base == typeParameter
      {
        binds = true
        metatypes.insert((parameter.secondName ?? parameter.firstName).text)
      }
      parameters.append(
        HelperParameter(
          label: parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text,
          hasDefault: parameter.defaultValue != nil, bindsTypeParameter: binds
        )
      )
    }
    guard !metatypes.isEmpty || !typeParameter.isEmpty else { return nil }
    self.name = node.name.text
    self.extendedType = extendedType
    self.typeParameter = typeParameter
    self.metatypeParameters = metatypes
    self.parameters = parameters
    self.returnsTypeParameter = !typeParameter.isEmpty
      && node.signature.returnClause.map { SyntaxText.typeName($0.type) == typeParameter } ?? false
    self.location = location
  }

  func helper(
    role: GenericReuseHelper.Role, kind: ReuseKind, identifier: TypeParameterName, nibName: TypeParameterName? = nil,
    registersOpaqueNib: Bool = false, forcesCast: Bool = false
  ) -> GenericReuseHelper {
    GenericReuseHelper(
      role: role, kind: kind, extendedType: extendedType, name: name, parameters: parameters,
      returnsTypeParameter: returnsTypeParameter, identifier: identifier, nibName: nibName,
      registersOpaqueNib: registersOpaqueNib, forcesCast: forcesCast, location: location
    )
  }

  /// How an identifier (or nib name) expression spells a name in the type parameter, following local `let`s:
  /// `T.reuseIdentifier`, `cellType.reuseIdentifier`, `String(describing: T.self)`, `"\(T.self)"`.
  func name(of expression: ExprSyntax, depth: Int = 0) -> TypeParameterName? {
    guard depth < 4 else { return nil }
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
      only.label == nil
    {
      return name(of: only.expression, depth: depth + 1)
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self),
      case .constant(let initializer) = LocalDeclarations.lookup(reference.baseName.text, from: Syntax(reference))
    {
      return name(of: initializer, depth: depth + 1)
    }
    if let literal = expression.as(StringLiteralExprSyntax.self) {
      // `"\(T.self)"`: one interpolation, and empty text around it.
      let segments = literal.segments.filter { segment in
        if case .stringSegment(let text) = segment { return !text.content.text.isEmpty }
        return true
      }
      guard segments.count == 1, case .expressionSegment(let segment)? = segments.first,
        segment.expressions.count == 1, let only = segment.expressions.first, only.label == nil,
        isTypeParameter(only.expression)
      else { return nil }
      return .typeName
    }
    if let call = expression.as(FunctionCallExprSyntax.self) {
      guard IdentifierExpressionReader.typeName(of: call.calledExpression) == "String", call.arguments.count == 1,
        let argument = call.arguments.first, argument.label?.text == "describing", isTypeParameter(argument.expression)
      else { return nil }
      return .typeName
    }
    if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
      let memberName = member.declName.baseName.text
      guard memberName != "self", memberName != "description", memberName != "debugDescription",
        isTypeParameter(base) || !typeParameter.isEmpty && base.as(DeclReferenceExprSyntax.self)?.baseName.text == typeParameter
      else { return nil }
      return .member(memberName)
    }
    return nil
  }

  /// `T.self`, a `T.Type` parameter (`cellType`, `cellType.self`).
  func isTypeParameter(_ expression: ExprSyntax) -> Bool {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return metatypeParameters.contains(reference.baseName.text)
    }
    if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
      let base = member.base
    {
      if !typeParameter.isEmpty, base.as(DeclReferenceExprSyntax.self)?.baseName.text == typeParameter { return true }
      return isTypeParameter(base)
    }
    return false
  }
}
