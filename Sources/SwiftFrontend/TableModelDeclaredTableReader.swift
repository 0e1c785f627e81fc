import SwiftSyntax
import TablelintModel

/// Reads tables spelled out as values:
/// - venmo/Static: `[Section(header: "…", rows: [Row(text: "…", accessory: .disclosureIndicator)], footer: "…")]`
///   in a file that imports Static;
/// - selector rows: `[(title: "…", rows: [SimpleRow(action: #selector(…), populate: #selector(…))])]`, tuples or
///   structs;
/// - generic plumbing: `[Section(title: "…", items: […])]` (any `…Section` type with `items:`);
/// - Flow: `manager.add(section: Section(id: "…", [Row<Cell>(model: …)], header: "…", footer: "…"))` and
///   `add(sections: […])`.
struct DeclaredTableReader {
  let locations: TableModelLocations
  let importsStatic: Bool

  // MARK: Arrays of sections

  func table(fromArray array: ArrayExprSyntax, enclosingType: String?) -> DeclaredTable? {
    let elements = array.elements.map(\.expression)
    guard !elements.isEmpty else { return nil }
    let sectionArguments = elements.compactMap(Self.labeledArguments)
    guard sectionArguments.count == elements.count else { return nil }

    let source: TableSource
    if sectionArguments.allSatisfy({ $0["rows"] != nil }),
      sectionArguments.contains(where: { arguments in
        arguments["rows"]?.as(ArrayExprSyntax.self)?.elements.contains { Self.hasSelectors($0.expression) } == true
      })
    {
      source = .selectorRows
    } else if importsStatic, elements.allSatisfy({ Self.calleeName($0) == "Section" }),
      sectionArguments.allSatisfy({ $0["rows"] != nil })
    {
      source = .staticLibrary
    } else if elements.allSatisfy({ Self.calleeName($0)?.hasSuffix("Section") == true }),
      sectionArguments.allSatisfy({ $0["items"] != nil })
    {
      source = .genericDataSource
    } else {
      return nil
    }

    var sections: [TableSection] = []
    for (element, arguments) in zip(elements, sectionArguments) {
      let rowsExpression = source == .genericDataSource ? arguments["items"] : arguments["rows"]
      var rows: [TableRow]?
      if let rowArray = rowsExpression?.as(ArrayExprSyntax.self) {
        rows = rowArray.elements.map { self.row($0.expression, source: source) }
      }
      sections.append(
        TableSection(
          header: title(arguments["header"] ?? arguments["title"]), footer: title(arguments["footer"]), rows: rows,
          location: locations.location(of: element)
        )
      )
    }
    return DeclaredTable(
      source: source, enclosingType: enclosingType, variable: Self.variableName(of: array), sections: sections,
      hasUnreadSections: false, location: locations.location(of: array)
    )
  }

  private func row(_ expression: ExprSyntax, source: TableSource) -> TableRow {
    let location = locations.location(of: expression)
    switch source {
    case .staticLibrary:
      guard Self.calleeName(expression) == "Row", let arguments = Self.labeledArguments(expression) else {
        return TableRow(kind: .libraryRow, location: location)
      }
      return TableRow(
        kind: .libraryRow, cellClass: arguments["cellClass"].flatMap(Self.metatypeName) ?? "Value1Cell",
        text: literal(arguments["text"]), detailText: literal(arguments["detailText"]),
        accessory: arguments["accessory"].flatMap(Self.caseName),
        hasSelection: arguments["selection"] == nil ? nil : true, location: location
      )
    case .selectorRows:
      let arguments = Self.labeledArguments(expression) ?? [:]
      return TableRow(
        kind: .selectorRow, cellClass: nil, text: literal(arguments["title"] ?? arguments["text"]),
        action: arguments["action"].flatMap(Self.selectorText),
        populate: arguments["populate"].flatMap(Self.selectorText), location: location
      )
    default:
      return TableRow(kind: .item, text: literal(expression), location: location)
    }
  }

  // MARK: Flow

  /// The sections of `x.add(section: Section(…))` / `x.add(sections: […])`, when the sections are Flow's (their
  /// rows are `Row<Cell>(…)`, or they are built with `id:`).
  func flowSection(fromAddCall call: FunctionCallExprSyntax, enclosingType: String?) -> [TableSection]? {
    guard CallRecognizer.calleeName(call.calledExpression) == "add", call.arguments.count == 1,
      let argument = call.arguments.first, let label = argument.label?.text
    else { return nil }
    let sectionExpressions: [ExprSyntax]
    switch label {
    case "section": sectionExpressions = [argument.expression]
    case "sections":
      guard let array = argument.expression.as(ArrayExprSyntax.self) else { return nil }
      sectionExpressions = array.elements.map(\.expression)
    default: return nil
    }
    var sections: [TableSection] = []
    for expression in sectionExpressions {
      guard Self.calleeName(expression) == "Section", let call = expression.as(FunctionCallExprSyntax.self) else {
        return nil
      }
      let arguments = Array(call.arguments)
      let rowsArgument = arguments.first { $0.label == nil || $0.label?.text == "rows" }
      var rows: [TableRow]?
      if let array = rowsArgument?.expression.as(ArrayExprSyntax.self) {
        rows = array.elements.map { element in
          TableRow(
            kind: .libraryRow, cellClass: Self.genericArgument(element.expression),
            location: locations.location(of: element.expression)
          )
        }
      }
      let isFlow = arguments.contains { $0.label?.text == "id" }
        || rows?.contains { $0.cellClass != nil } == true
      guard isFlow else { return nil }
      let named = Self.labeledArguments(expression) ?? [:]
      sections.append(
        TableSection(
          header: title(named["header"]), footer: title(named["footer"]), rows: rows,
          location: locations.location(of: expression)
        )
      )
    }
    return sections
  }

  func isFlowAddRows(_ call: FunctionCallExprSyntax) -> Bool {
    CallRecognizer.calleeName(call.calledExpression) == "add"
      && call.arguments.map { $0.label?.text } == ["rows", "in"]
  }

  // MARK: Syntax helpers

  /// A call's or a tuple's labeled arguments.
  static func labeledArguments(_ expression: ExprSyntax) -> [String: ExprSyntax]? {
    let list: LabeledExprListSyntax
    if let call = expression.as(FunctionCallExprSyntax.self) {
      list = call.arguments
    } else if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count > 1 {
      list = tuple.elements
    } else {
      return nil
    }
    var result: [String: ExprSyntax] = [:]
    for argument in list {
      if let label = argument.label?.text { result[label] = argument.expression }
    }
    return result
  }

  static func calleeName(_ expression: ExprSyntax) -> String? {
    guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
    return CallRecognizer.calleeName(call.calledExpression)
  }

  /// A row with an `action:` or `populate:` argument holding a `#selector`.
  static func hasSelectors(_ expression: ExprSyntax) -> Bool {
    guard let arguments = labeledArguments(expression) else { return false }
    return [arguments["action"], arguments["populate"]].contains { $0.flatMap(selectorText) != nil }
  }

  /// `#selector(populateSize(_:))` → `populateSize(_:)`, as written.
  static func selectorText(_ expression: ExprSyntax) -> String? {
    guard let macro = expression.as(MacroExpansionExprSyntax.self), macro.macroName.text == "selector",
      let argument = macro.arguments.last
    else { return nil }
    return argument.expression.trimmedText
  }

  /// `FooCell.self` → `FooCell`.
  static func metatypeName(_ expression: ExprSyntax) -> String? {
    guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
      let base = member.base
    else { return nil }
    return IdentifierExpressionReader.typeName(of: base)
  }

  /// `Row<FooCell>(model: …)` → `FooCell`.
  static func genericArgument(_ expression: ExprSyntax) -> String? {
    guard let call = expression.as(FunctionCallExprSyntax.self),
      let specialization = call.calledExpression.as(GenericSpecializationExprSyntax.self),
      let argument = specialization.genericArgumentClause.arguments.first,
      case .type(let type) = argument.argument
    else { return nil }
    return SyntaxText.typeName(type)
  }

  /// `.disclosureIndicator`, `.switchToggle(value: true) { … }` → the case name.
  static func caseName(_ expression: ExprSyntax) -> String? {
    if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil {
      return member.declName.baseName.text
    }
    if let call = expression.as(FunctionCallExprSyntax.self) {
      return caseName(call.calledExpression)
    }
    return nil
  }

  /// A string literal, or the key of `NSLocalizedString("…", comment: …)`.
  private func literal(_ expression: ExprSyntax?) -> String? {
    guard let expression else { return nil }
    if let call = expression.as(FunctionCallExprSyntax.self),
      CallRecognizer.calleeName(call.calledExpression) == "NSLocalizedString", let first = call.arguments.first
    {
      return literal(first.expression)
    }
    if case .literal(let text) = IdentifierExpressionReader(genericParameters: []).read(expression) { return text }
    return nil
  }

  /// A header or footer: a literal, `.title("…")`, `.view(…)` (shown as `(view)`), `nil`.
  private func title(_ expression: ExprSyntax?) -> String? {
    guard let expression, !expression.is(NilLiteralExprSyntax.self) else { return nil }
    if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.base == nil
    {
      if member.declName.baseName.text == "title" { return literal(call.arguments.first?.expression) }
      return "(\(member.declName.baseName.text))"
    }
    return literal(expression)
  }

  /// The variable a literal initializes or is assigned to: `let sections = […]`, `dataSource.sections = […]`.
  static func variableName(of array: ArrayExprSyntax) -> String? {
    if let binding = array.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) {
      return binding.pattern.trimmedText
    }
    if let sequence = array.parent?.as(ExprListSyntax.self), sequence.count == 3,
      sequence.dropFirst().first?.is(AssignmentExprSyntax.self) == true, let target = sequence.first
    {
      return target.trimmedText
    }
    if let argument = array.parent?.as(LabeledExprSyntax.self), let label = argument.label?.text {
      return label
    }
    return nil
  }
}
