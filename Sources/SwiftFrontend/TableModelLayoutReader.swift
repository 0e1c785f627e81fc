import SwiftSyntax
import TablelintModel

/// Reads an enum's cases and, for a layout enum, its `layout`, `sectionHeaders`, `sectionFooters` and row titles.
struct TableLayoutReader {
  let locations: TableModelLocations

  func caseList(of node: EnumDeclSyntax, name: String) -> EnumCaseList {
    var cases: [String] = []
    var caseLocations: [TablelintModel.SourceLocation] = []
    var uncertain = false
    let isIntRaw = node.inheritanceClause?.inheritedTypes.first.map { $0.type.trimmedText } == "Int"
    var rawValues: [Int]? = isIntRaw ? [] : nil
    for item in node.memberBlock.members {
      if let caseDeclaration = item.decl.as(EnumCaseDeclSyntax.self) {
        for element in caseDeclaration.elements {
          cases.append(element.name.text)
          caseLocations.append(locations.location(of: element.name))
          if element.parameterClause != nil { uncertain = true }
          if let previous = rawValues {
            if let written = element.rawValue?.value {
              rawValues = Self.integerLiteral(written).map { previous + [$0] }
            } else {
              rawValues = previous + [(previous.last ?? -1) + 1]
            }
          }
        }
      } else if item.decl.is(IfConfigDeclSyntax.self) {
        uncertain = true
      } else if let variable = item.decl.as(VariableDeclSyntax.self),
        variable.bindings.contains(where: { $0.pattern.trimmedText == "allCases" })
      {
        uncertain = true
      }
    }
    return EnumCaseList(
      name: name, cases: cases, caseLocations: caseLocations, casesAreUncertain: uncertain,
      integerRawValues: uncertain ? nil : rawValues, location: locations.location(of: node.name)
    )
  }

  /// `3`, `-1`.
  static func integerLiteral(_ expression: ExprSyntax) -> Int? {
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
      let literal = prefix.expression.as(IntegerLiteralExprSyntax.self)
    {
      return Int(String(literal.literal.text.filter { $0 != "_" })).map { -$0 }
    }
    guard let literal = expression.as(IntegerLiteralExprSyntax.self) else { return nil }
    return Int(String(literal.literal.text.filter { $0 != "_" }))
  }

  /// The layout facts of an enum with a `static var layout` (or `static let`), else `nil`.
  func layout(of node: EnumDeclSyntax, name: String) -> LayoutEnumFacts? {
    var layoutBinding: PatternBindingSyntax?
    var headers: [SectionTitleEntry]?
    var footers: [SectionTitleEntry]?
    var rowTitles: [String: String] = [:]
    for item in node.memberBlock.members {
      guard let variable = item.decl.as(VariableDeclSyntax.self) else { continue }
      let isStatic = variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
      for binding in variable.bindings {
        let memberName = binding.pattern.trimmedText
        switch (memberName, isStatic) {
        case ("layout", true):
          layoutBinding = binding
        case ("sectionHeaders", true):
          headers = Self.value(of: binding).flatMap(titleEntries)
        case ("sectionFooters", true):
          footers = Self.value(of: binding).flatMap(titleEntries)
        case ("title", false), ("text", false):
          if rowTitles.isEmpty, let value = Self.value(of: binding) { rowTitles = titlesBySwitch(value) }
        default:
          break
        }
      }
    }
    guard let layoutBinding else { return nil }
    // `[[Self]]`, `[[Name]]`, or no annotation.
    if let type = layoutBinding.typeAnnotation?.type {
      guard let outer = type.as(ArrayTypeSyntax.self), let inner = outer.element.as(ArrayTypeSyntax.self),
        let element = SyntaxText.typeName(inner.element),
        element == "Self" || element == node.name.text || element == name
      else { return nil }
    }
    let layout = Self.value(of: layoutBinding).flatMap { layoutSections($0, enumName: node.name.text, qualified: name) }
    return LayoutEnumFacts(
      enumName: name, layout: layout, layoutLocation: locations.location(of: layoutBinding.pattern),
      headers: headers, footers: footers, rowTitles: rowTitles
    )
  }

  /// The initializer, or the single expression a getter returns.
  static func value(of binding: PatternBindingSyntax) -> ExprSyntax? {
    binding.initializer?.value ?? FactCollector.singleReturnedExpression(binding.accessorBlock)
  }

  private func layoutSections(_ expression: ExprSyntax, enumName: String, qualified: String) -> [[LayoutEntry]]? {
    guard let outer = expression.as(ArrayExprSyntax.self) else { return nil }
    var sections: [[LayoutEntry]] = []
    for element in outer.elements {
      guard let inner = element.expression.as(ArrayExprSyntax.self) else { return nil }
      var entries: [LayoutEntry] = []
      for rowElement in inner.elements {
        guard let member = rowElement.expression.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = member.base {
          guard let baseName = IdentifierExpressionReader.typeName(of: base),
            baseName == "Self" || baseName == enumName || baseName == qualified
          else { return nil }
        }
        entries.append(LayoutEntry(caseName: member.declName.baseName.text, location: locations.location(of: member)))
      }
      sections.append(entries)
    }
    return sections
  }

  /// `[0: "Playback", 1: "Downloads"]`; `nil` (the literal) is no entry. `nil` when not a literal.
  private func titleEntries(_ expression: ExprSyntax) -> [SectionTitleEntry]? {
    if expression.is(NilLiteralExprSyntax.self) { return [] }
    guard let dictionary = expression.as(DictionaryExprSyntax.self) else { return nil }
    guard case .elements(let elements) = dictionary.content else { return [] }
    var entries: [SectionTitleEntry] = []
    for element in elements {
      guard let key = element.key.as(IntegerLiteralExprSyntax.self), let value = Int(key.literal.text) else {
        return nil
      }
      var title: String?
      if case .literal(let text) = IdentifierExpressionReader(genericParameters: []).read(element.value) { title = text }
      entries.append(SectionTitleEntry(section: value, title: title, location: locations.location(of: key)))
    }
    return entries
  }

  /// `switch self { case .a: return "A" … }` → ["a": "A"].
  private func titlesBySwitch(_ expression: ExprSyntax) -> [String: String] {
    guard let switchExpression = expression.as(SwitchExprSyntax.self),
      switchExpression.subject.trimmedText == "self"
    else { return [:] }
    var titles: [String: String] = [:]
    for element in switchExpression.cases {
      guard case .switchCase(let switchCase) = element, case .case(let label) = switchCase.label,
        switchCase.statements.count == 1, let statement = switchCase.statements.first
      else { continue }
      var returned: ExprSyntax?
      switch statement.item {
      case .expr(let expression): returned = expression
      case .stmt(let statement): returned = statement.as(ReturnStmtSyntax.self)?.expression
      default: break
      }
      guard let returned,
        case .literal(let text) = IdentifierExpressionReader(genericParameters: []).read(returned)
      else { continue }
      for item in label.caseItems {
        if let pattern = item.pattern.as(ExpressionPatternSyntax.self),
          let member = pattern.expression.as(MemberAccessExprSyntax.self)
        {
          titles[member.declName.baseName.text] = text
        }
      }
    }
    return titles
  }
}
