import SwiftSyntax
import TablelintModel

/// Reads one `UITableViewDataSource` / `UITableViewDelegate` method: what it returns for which sections, and the
/// integer cases of its `switch` over the section.
///
/// Understood: literal returns, `switch section { case 0: return 3 … default: … }`, `if section == k` / `guard`,
/// ternaries on `section == k`, `super.tableView(…)`, `X.allCases.count`, `X.layout.count`,
/// `X.layout[section].count`. Sections written as enum cases are recorded by name (`EnumSectionSet`):
/// `switch Section(rawValue: section)!`, `let s = Section(rawValue: section)!` / `guard let s = …` then `switch s`,
/// `Section.allCases[section]`, `case Section.x.rawValue:`. Everything else is `.unknown`; returns inside loops or
/// closures, and returns under a test of the section that is not understood, are not read.
struct TableMethodReader {
  let locations: TableModelLocations

  func read(_ function: FunctionDeclSyntax, enclosingType: String?) -> TableMethodFacts? {
    let parameters = Array(function.signature.parameterClause.parameters)
    let baseName = function.name.text
    let labels = parameters.map { $0.firstName.tokenKind == .wildcard ? "_" : $0.firstName.text }
    let swiftName = baseName + "(" + labels.map { $0 + ":" }.joined() + ")"
    func localName(_ parameter: FunctionParameterSyntax) -> String {
      (parameter.secondName ?? parameter.firstName).text
    }
    func typeName(_ parameter: FunctionParameterSyntax) -> String? { SyntaxText.typeName(parameter.type) }

    let kind: TableMethodKind
    var tableName: String?
    var subjects: Set<String> = []
    if baseName == "numberOfSections", parameters.count == 1, labels[0] == "in",
      typeName(parameters[0]) == "UITableView"
    {
      kind = .numberOfSections
      tableName = localName(parameters[0])
    } else if baseName == "tableView", parameters.count >= 2, typeName(parameters[0]) == "UITableView" {
      tableName = localName(parameters[0])
      switch labels[1] {
      case "numberOfRowsInSection": kind = .numberOfRows
      case "titleForHeaderInSection": kind = .titleForHeader
      case "titleForFooterInSection": kind = .titleForFooter
      default: kind = .sectionHandler
      }
      for parameter in parameters.dropFirst() {
        switch typeName(parameter) {
        case "Int" where parameter.firstName.text.lowercased().hasSuffix("section"):
          subjects.insert(localName(parameter))
        case "IndexPath":
          subjects.insert(localName(parameter) + ".section")
        default:
          break
        }
      }
      guard !subjects.isEmpty else { return nil }
    } else {
      return nil
    }
    guard let body = function.body else { return nil }
    var walker = ReturnWalker(
      locations: locations, subjects: subjects, tableName: tableName, readsReturns: kind != .sectionHandler
    )
    _ = walker.walk(body.statements, sections: .all, conditional: false)
    return TableMethodFacts(
      kind: kind, name: swiftName, enclosingType: enclosingType, returns: walker.returns,
      hasUnreadReturns: walker.hasUnreadReturns, sectionCases: walker.cases,
      dependsOnTableView: walker.dependsOnTableView, location: locations.location(of: function.name)
    )
  }
}

/// Follows the statements of a method body, keeping track of which sections reach each statement.
private struct ReturnWalker {
  let locations: TableModelLocations
  /// How the section is written: `section`, `indexPath.section`.
  var subjects: Set<String>
  let tableName: String?
  let readsReturns: Bool
  var returns: [TableMethodReturn] = []
  var cases: [SectionCaseLabel] = []
  var hasUnreadReturns = false
  var dependsOnTableView = false
  /// Local names bound to the section as an enum case (`let row = Section(rawValue: section)!`).
  var enumSubjects: [String: EnumSubject] = [:]
  /// The enum cases the current statements are reached for.
  var enumContext: EnumSectionSet?
  /// Above zero, the current statements depend on the section in a way not understood: their returns are not placed.
  var unplaceable = 0

  struct EnumSubject {
    var enumType: String
    var mapping: EnumSectionSet.Mapping
  }

  init(locations: TableModelLocations, subjects: Set<String>, tableName: String?, readsReturns: Bool) {
    self.locations = locations
    self.subjects = subjects
    self.tableName = tableName
    self.readsReturns = readsReturns
  }

  /// Walks a statement list; returns whether every path through it returns.
  mutating func walk(_ items: CodeBlockItemListSyntax, sections: SectionSet, conditional: Bool) -> Bool {
    // Bindings and "the rest depends on the section" end with the block.
    let saved = (subjects, enumSubjects, unplaceable)
    defer { (subjects, enumSubjects, unplaceable) = saved }
    var sections = sections
    for item in items {
      switch item.item {
      case .stmt(let statement):
        if walk(statement: statement, sections: &sections, conditional: conditional) { return true }
      case .expr(let expression):
        if let ifExpression = expression.as(IfExprSyntax.self) {
          if walk(if: ifExpression, sections: &sections, conditional: conditional) { return true }
        } else if let switchExpression = expression.as(SwitchExprSyntax.self) {
          if walk(switch: switchExpression, sections: &sections, conditional: conditional) { return true }
        } else if items.count == 1, readsReturns {
          // A single-expression body returns its expression.
          record(expression, sections: sections, conditional: conditional)
          return true
        }
      case .decl(let declaration):
        if let variable = declaration.as(VariableDeclSyntax.self) {
          for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            bind(name, to: binding.initializer?.value)
          }
        }
        if let ifConfig = declaration.as(IfConfigDeclSyntax.self) {
          for clause in ifConfig.clauses {
            if case .statements(let list)? = clause.elements {
              _ = walk(list, sections: sections, conditional: true)
            }
          }
        }
      }
    }
    return false
  }

  private mutating func walk(statement: StmtSyntax, sections: inout SectionSet, conditional: Bool) -> Bool {
    if let returnStatement = statement.as(ReturnStmtSyntax.self) {
      if let expression = returnStatement.expression, readsReturns {
        record(expression, sections: sections, conditional: conditional)
      }
      return true
    }
    if let expressionStatement = statement.as(ExpressionStmtSyntax.self) {
      let expression = expressionStatement.expression
      if let ifExpression = expression.as(IfExprSyntax.self) {
        return walk(if: ifExpression, sections: &sections, conditional: conditional)
      }
      if let switchExpression = expression.as(SwitchExprSyntax.self) {
        return walk(switch: switchExpression, sections: &sections, conditional: conditional)
      }
      return false
    }
    if let guardStatement = statement.as(GuardStmtSyntax.self) {
      let test = condition(guardStatement.conditions)
      // The else branch runs when the condition fails.
      let elseSections = test.isPure ? sections.subtracting(test.sections) : sections
      if test.testsSectionOpaquely { unplaceable += 1 }
      _ = walk(guardStatement.body.statements, sections: elseSections, conditional: conditional || !test.isPure)
      if test.isPure { sections = sections.intersection(test.sections) }
      // `guard let row = Section(rawValue: section) else { … }`
      for element in guardStatement.conditions {
        if case .optionalBinding(let binding) = element.condition,
          let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        {
          bind(name, to: binding.initializer?.value)
        }
      }
      return false
    }
    if let doStatement = statement.as(DoStmtSyntax.self) {
      let returns = walk(doStatement.body.statements, sections: sections, conditional: conditional)
      for clause in doStatement.catchClauses {
        _ = walk(clause.body.statements, sections: sections, conditional: true)
      }
      return returns && doStatement.catchClauses.isEmpty
    }
    if statement.is(ThrowStmtSyntax.self) { return true }
    // Loops and anything else: a return inside is not placed.
    if containsReturn(Syntax(statement)) { hasUnreadReturns = true }
    return false
  }

  private mutating func walk(if ifExpression: IfExprSyntax, sections: inout SectionSet, conditional: Bool) -> Bool {
    let test = condition(ifExpression.conditions)
    let thenSections = sections.intersection(test.sections)
    let elseSections = test.isPure ? sections.subtracting(test.sections) : sections
    // `if section == Section.about.rawValue`, `if sections[section].isEmpty`: which sections take which branch, and
    // which reach the code after it, is not known.
    if test.testsSectionOpaquely { unplaceable += 1 }
    // `if let row = Section(rawValue: section) { switch row { … } }`
    let outerBindings = (subjects, enumSubjects)
    for element in ifExpression.conditions {
      if case .optionalBinding(let binding) = element.condition,
        let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
      {
        bind(name, to: binding.initializer?.value)
      }
    }
    let thenReturns = walk(ifExpression.body.statements, sections: thenSections, conditional: conditional || !test.isPure)
    (subjects, enumSubjects) = outerBindings
    var elseReturns = false
    var elseSectionsAfter = elseSections
    switch ifExpression.elseBody {
    case .ifExpr(let nested)?:
      elseReturns = walk(if: nested, sections: &elseSectionsAfter, conditional: conditional)
    case .codeBlock(let block)?:
      elseReturns = walk(block.statements, sections: elseSections, conditional: conditional)
    case nil:
      break
    }
    if thenReturns && elseReturns { return true }
    if thenReturns { sections = elseSectionsAfter }
    else if elseReturns, test.isPure { sections = thenSections }
    return false
  }

  private mutating func walk(switch switchExpression: SwitchExprSyntax, sections: inout SectionSet, conditional: Bool) -> Bool {
    let subject = Self.compact(switchExpression.subject)
    if mentionsTable(Syntax(switchExpression.subject)) { dependsOnTableView = true }
    let overSection = subjects.contains(subject)
    // `switch Section(rawValue: section)!`, `switch row` after `let row = Section(rawValue: section)!`.
    let overEnum = overSection ? nil : enumSubject(switchExpression.subject)
    let overSomeSection = overSection || overEnum != nil
    var taken: [Int] = []
    var takenCases: [String] = []
    var enumType = overEnum?.enumType
    var allReturn = true
    var hasDefault = false
    var hasOpaqueCase = false
    for element in switchExpression.cases {
      guard case .switchCase(let switchCase) = element else {
        allReturn = false
        continue
      }
      var caseSections = sections
      var caseConditional = conditional || !overSomeSection
      var caseEnumContext = enumContext
      var caseUnplaceable = false
      switch switchCase.label {
      case .default:
        hasDefault = true
        if hasOpaqueCase {
          caseConditional = true
          // Which enum or computed cases fall through to `default` is not known.
          caseUnplaceable = overSomeSection
        } else if overSomeSection {
          if !taken.isEmpty { caseSections = sections.subtracting(.only(taken)) }
          if let enumType, !takenCases.isEmpty {
            caseEnumContext = EnumSectionSet(
              enumType: enumType, mapping: overEnum?.mapping ?? .rawValue, cases: takenCases, isExcluding: true
            )
          }
        }
      case .case(let label):
        var values: [Int] = []
        var names: [String] = []
        var opaque = !overSomeSection
        var guarded = false
        for item in label.caseItems where overSomeSection {
          if item.whereClause != nil { guarded = true }
          if overSection, let literal = Self.integerPattern(item.pattern) {
            values.append(literal.value)
            if item.whereClause == nil {
              cases.append(SectionCaseLabel(section: literal.value, location: locations.location(of: literal.node)))
            }
          } else if let name = enumCase(item.pattern, overEnum: overEnum, enumType: &enumType) {
            names.append(name)
          } else {
            opaque = true
          }
        }
        if opaque {
          hasOpaqueCase = true
          caseConditional = true
          caseUnplaceable = overSomeSection
        } else {
          caseSections = sections.intersection(values.isEmpty && !names.isEmpty ? .all : .only(values))
          if !names.isEmpty, let enumType {
            if enumContext != nil {
              caseUnplaceable = true
            } else {
              caseEnumContext = EnumSectionSet(
                enumType: enumType, mapping: overEnum?.mapping ?? .rawValue, cases: names, isExcluding: false
              )
            }
          }
          if !values.isEmpty, !names.isEmpty { caseUnplaceable = true }
          if guarded {
            // `case .about where isPro:` also reaches `default` when the condition fails.
            caseConditional = true
          } else {
            taken += values
            takenCases += names
          }
        }
      }
      let savedContext = enumContext
      enumContext = caseEnumContext
      if caseUnplaceable { unplaceable += 1 }
      if !walk(switchCase.statements, sections: caseSections, conditional: caseConditional) { allReturn = false }
      if caseUnplaceable { unplaceable -= 1 }
      enumContext = savedContext
    }
    return allReturn && (hasDefault || !overSection)
  }

  // MARK: Enum sections

  /// `name` now stands for the section as an enum case (`let row = Section(rawValue: section)!`), or no longer for
  /// the section at all (shadowed).
  private mutating func bind(_ name: String, to value: ExprSyntax?) {
    let subject = value.flatMap(enumSubject)
    subjects.remove(name)
    enumSubjects[name] = subject
  }

  /// `Section(rawValue: section)`, `Section(rawValue: indexPath.section)!`, `Section.allCases[section]`, or a name
  /// bound to one of them.
  private func enumSubject(_ expression: ExprSyntax) -> EnumSubject? {
    var expression = expression
    if let unwrap = expression.as(ForceUnwrapExprSyntax.self) { expression = unwrap.expression }
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
      return enumSubject(only.expression)
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return enumSubjects[reference.baseName.text]
    }
    if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
      let argument = call.arguments.first, argument.label?.text == "rawValue",
      subjects.contains(Self.compact(argument.expression)),
      let type = IdentifierExpressionReader.typeName(of: call.calledExpression), Self.isTypeName(type)
    {
      return EnumSubject(enumType: type, mapping: .rawValue)
    }
    if let subscriptCall = expression.as(SubscriptCallExprSyntax.self), subscriptCall.arguments.count == 1,
      let argument = subscriptCall.arguments.first, subjects.contains(Self.compact(argument.expression)),
      let member = subscriptCall.calledExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "allCases", let base = member.base,
      let type = IdentifierExpressionReader.typeName(of: base), Self.isTypeName(type)
    {
      return EnumSubject(enumType: type, mapping: .caseOrder)
    }
    return nil
  }

  /// The case a pattern names: `.about` or `Section.about` in a switch over an enum, `Section.about.rawValue` in a
  /// switch over the section number. Every item of a switch must name the same enum.
  private func enumCase(_ pattern: PatternSyntax, overEnum: EnumSubject?, enumType: inout String?) -> String? {
    guard var expression = pattern.as(ExpressionPatternSyntax.self)?.expression else { return nil }
    if overEnum == nil {
      guard let rawValue = expression.as(MemberAccessExprSyntax.self), rawValue.declName.baseName.text == "rawValue",
        let base = rawValue.base
      else { return nil }
      expression = base
    }
    guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil else {
      return nil
    }
    let name = member.declName.baseName.text
    guard let base = member.base else { return overEnum != nil ? name : nil }
    guard let type = IdentifierExpressionReader.typeName(of: base), Self.isTypeName(type) else { return nil }
    if let known = enumType {
      // `.about` and `Section.about` in one switch over `Section`.
      guard Self.lastComponent(known) == Self.lastComponent(type) || type == "Self" else { return nil }
      return name
    }
    enumType = type
    return name
  }

  private static func lastComponent(_ name: String) -> Substring { name.split(separator: ".").last ?? Substring(name) }

  private static func isTypeName(_ name: String) -> Bool {
    (name.split(separator: ".").last?.first?.isUppercase ?? false)
  }

  // MARK: Conditions

  private struct Test {
    /// The sections the condition lets through.
    var sections: SectionSet
    /// The condition is only a test of the section (its negation is known too).
    var isPure: Bool
    /// Part of the condition reads the section in a way not understood (`section == Section.about.rawValue`).
    var testsSectionOpaquely = false
  }

  private mutating func condition(_ conditions: ConditionElementListSyntax) -> Test {
    var result = Test(sections: .all, isPure: true)
    for element in conditions {
      if mentionsTable(Syntax(element)) { dependsOnTableView = true }
      guard case .expression(let expression) = element.condition, let sections = sectionTest(expression) else {
        result.isPure = false
        if case .optionalBinding(let binding) = element.condition, let value = binding.initializer?.value,
          enumSubject(value) != nil
        {
          continue
        }
        if mentionsSection(Syntax(element)) { result.testsSectionOpaquely = true }
        continue
      }
      result.sections = result.sections.intersection(sections)
    }
    if case .all = result.sections { result.isPure = false }
    return result
  }

  /// `section == 0`, `0 == section`, `section != 1`, `section == 0 || section == 2`, parentheses.
  private func sectionTest(_ expression: ExprSyntax) -> SectionSet? {
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
      return sectionTest(only.expression)
    }
    if let infix = expression.as(InfixOperatorExprSyntax.self),
      let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text
    {
      return sectionTest(lhs: infix.leftOperand, op: op, rhs: infix.rightOperand)
    }
    guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
    let elements = Array(sequence.elements)
    // `a == 1 || b == 2`: split on `||` (lower precedence than `==`); `&&` is not understood.
    if elements.contains(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "||" }) {
      var union: [Int] = []
      var current: [ExprSyntax] = []
      for element in elements + [ExprSyntax(BinaryOperatorExprSyntax(operator: .binaryOperator("||")))] {
        if element.as(BinaryOperatorExprSyntax.self)?.operator.text == "||" {
          guard current.count == 3, let op = current[1].as(BinaryOperatorExprSyntax.self)?.operator.text, op == "==",
            case .only(let values)? = sectionTest(lhs: current[0], op: op, rhs: current[2])
          else { return nil }
          union += values
          current = []
        } else {
          current.append(element)
        }
      }
      return .only(union)
    }
    guard elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text else { return nil }
    return sectionTest(lhs: elements[0], op: op, rhs: elements[2])
  }

  private func sectionTest(lhs: ExprSyntax, op: String, rhs: ExprSyntax) -> SectionSet? {
    let value: Int
    if subjects.contains(Self.compact(lhs)), let literal = Self.integer(rhs) {
      value = literal
    } else if subjects.contains(Self.compact(rhs)), let literal = Self.integer(lhs) {
      value = literal
    } else {
      return nil
    }
    switch op {
    case "==": return .only([value])
    case "!=": return .allExcept([value])
    default: return nil
    }
  }

  /// The node reads the section (`section`, `indexPath.section`, a name bound to its enum case).
  private func mentionsSection(_ node: Syntax) -> Bool {
    let text = Self.compact(node)
    for subject in subjects {
      if subject.contains(".") {
        if text.contains(subject) { return true }
      } else if node.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == subject }) {
        return true
      }
    }
    return node.tokens(viewMode: .sourceAccurate).contains { enumSubjects[$0.text] != nil }
  }

  private func mentionsTable(_ node: Syntax) -> Bool {
    guard let tableName else { return false }
    return node.tokens(viewMode: .sourceAccurate).contains { $0.text == tableName }
  }

  // MARK: Values

  private mutating func record(_ expression: ExprSyntax, sections: SectionSet, conditional: Bool) {
    guard unplaceable == 0 else {
      hasUnreadReturns = true
      return
    }
    if let ternary = Self.ternary(expression) {
      let test = sectionTest(ternary.condition)
      if mentionsTable(Syntax(ternary.condition)) { dependsOnTableView = true }
      if test == nil, mentionsSection(Syntax(ternary.condition)) {
        hasUnreadReturns = true
        return
      }
      if let test {
        record(ternary.then, sections: sections.intersection(test), conditional: conditional)
        record(ternary.otherwise, sections: sections.subtracting(test), conditional: conditional)
      } else {
        record(ternary.then, sections: sections, conditional: true)
        record(ternary.otherwise, sections: sections, conditional: true)
      }
      return
    }
    returns.append(
      TableMethodReturn(
        sections: sections, enumSections: enumContext, value: value(of: expression), isConditional: conditional,
        location: locations.location(of: expression)
      )
    )
  }

  private func value(of expression: ExprSyntax) -> TableReturnValue {
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
      return value(of: only.expression)
    }
    if let literal = Self.integer(expression) { return .integer(literal) }
    if expression.is(NilLiteralExprSyntax.self) { return .none }
    if let string = expression.as(StringLiteralExprSyntax.self) {
      if case .literal(let text) = IdentifierExpressionReader(genericParameters: []).read(ExprSyntax(string)) {
        return .string(text)
      }
      return .unknown
    }
    if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.base?.as(SuperExprSyntax.self) != nil
    {
      return .superCall
    }
    // `X.allCases.count`, `X.layout.count`, `X.layout[section].count`
    if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "count",
      let base = member.base
    {
      if let inner = base.as(MemberAccessExprSyntax.self), let owner = inner.base,
        let typeName = IdentifierExpressionReader.typeName(of: owner), typeName.first?.isUppercase == true
      {
        switch inner.declName.baseName.text {
        case "allCases": return .allCasesCount(enumType: typeName)
        case "layout": return .layoutSectionCount(enumType: typeName)
        default: break
        }
      }
      if let subscriptCall = base.as(SubscriptCallExprSyntax.self), subscriptCall.arguments.count == 1,
        let argument = subscriptCall.arguments.first, subjects.contains(Self.compact(argument.expression)),
        let inner = subscriptCall.calledExpression.as(MemberAccessExprSyntax.self),
        inner.declName.baseName.text == "layout", let owner = inner.base,
        let typeName = IdentifierExpressionReader.typeName(of: owner), typeName.first?.isUppercase == true
      {
        return .layoutRowCount(enumType: typeName)
      }
    }
    return .unknown
  }

  // MARK: Syntax helpers

  static func compact(_ expression: some SyntaxProtocol) -> String {
    String(expression.trimmedText.filter { !$0.isWhitespace })
  }

  static func integer(_ expression: ExprSyntax) -> Int? {
    guard let literal = expression.as(IntegerLiteralExprSyntax.self) else { return nil }
    return Int(String(literal.literal.text.filter { $0 != "_" }))
  }

  static func integerPattern(_ pattern: PatternSyntax) -> (value: Int, node: Syntax)? {
    guard let expressionPattern = pattern.as(ExpressionPatternSyntax.self),
      let value = integer(expressionPattern.expression)
    else { return nil }
    return (value, Syntax(expressionPattern.expression))
  }

  static func ternary(_ expression: ExprSyntax) -> (condition: ExprSyntax, then: ExprSyntax, otherwise: ExprSyntax)? {
    if let ternary = expression.as(TernaryExprSyntax.self) {
      return (ternary.condition, ternary.thenExpression, ternary.elseExpression)
    }
    // Unfolded: `a == b ? x : y` is a sequence [a, ==, b, ?:, y].
    guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
    let elements = Array(sequence.elements)
    guard let index = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
      let marker = elements[index].as(UnresolvedTernaryExprSyntax.self), index > 0, index + 1 < elements.count
    else { return nil }
    let conditionElements = elements[..<index]
    let elseElements = elements[(index + 1)...]
    return (Self.expression(from: Array(conditionElements)), marker.thenExpression, Self.expression(from: Array(elseElements)))
  }

  static func expression(from elements: [ExprSyntax]) -> ExprSyntax {
    if elements.count == 1 { return elements[0] }
    return ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(elements)))
  }

  /// A `return` of this function (not of a nested closure or function) somewhere inside.
  private func containsReturn(_ node: Syntax) -> Bool {
    final class Finder: SyntaxVisitor {
      var found = false
      override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        found = true
        return .skipChildren
      }
      override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
      override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
    let finder = Finder(viewMode: .sourceAccurate)
    finder.walk(node)
    return finder.found
  }
}
