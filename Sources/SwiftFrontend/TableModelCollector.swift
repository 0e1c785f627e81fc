import SwiftSyntax
import TablelintModel

/// Reads the tables a Swift file declares: data-source methods (`TableMethodReader`), enums and enum layouts
/// (`TableLayoutReader`), and tables spelled out as values (`DeclaredTableReader`).
enum TableModelCollector {
  static func collect(_ tree: SourceFileSyntax, path: String, lineTable: LineTable) -> SwiftTableFacts {
    let visitor = TableModelVisitor(locations: TableModelLocations(path: path, lineTable: lineTable))
    visitor.walk(tree)
    var facts = visitor.facts
    // Flow tables were keyed by receiver and function while reading; keep the receiver.
    for index in facts.declaredTables.indices where facts.declaredTables[index].source == .flow {
      facts.declaredTables[index].variable = facts.declaredTables[index].variable?
        .split(separator: "@", maxSplits: 1).first.map(String.init)
    }
    return facts
  }
}

/// Source locations for table-model facts.
struct TableModelLocations {
  let path: String
  let lineTable: LineTable

  func location(of node: some SyntaxProtocol) -> TablelintModel.SourceLocation {
    let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
    let end = max(start, node.endPositionBeforeTrailingTrivia.utf8Offset)
    return TablelintModel.SourceLocation(
      file: path,
      range: lineTable.range(from: start, to: end)
    )
  }
}

/// One pass over the file, tracking the enclosing type.
private final class TableModelVisitor: TypeSkippingVisitor {
  let locations: TableModelLocations
  var facts = SwiftTableFacts()
  private var typeStack: [String] = []
  private var importsStatic = false

  init(locations: TableModelLocations) {
    self.locations = locations
    super.init(viewMode: .sourceAccurate)
  }

  private var enclosingType: String? { typeStack.last }

  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
    if node.path.map(\.name.text).joined(separator: ".") == "Static" { importsStatic = true }
    return .skipChildren
  }

  // MARK: Types

  private func push(_ name: String, isExtension: Bool = false) {
    typeStack.append(isExtension || typeStack.isEmpty ? name : typeStack[typeStack.count - 1] + "." + name)
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    push(node.name.text)
    return .visitChildren
  }
  override func visitPost(_ node: ClassDeclSyntax) { typeStack.removeLast() }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    push(node.name.text)
    return .visitChildren
  }
  override func visitPost(_ node: StructDeclSyntax) { typeStack.removeLast() }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    push(node.name.text)
    return .visitChildren
  }
  override func visitPost(_ node: ActorDeclSyntax) { typeStack.removeLast() }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    push(node.name.text)
    return .visitChildren
  }
  override func visitPost(_ node: ProtocolDeclSyntax) { typeStack.removeLast() }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    push(SyntaxText.typeName(node.extendedType) ?? node.extendedType.trimmedText, isExtension: true)
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { typeStack.removeLast() }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    push(node.name.text)
    let reader = TableLayoutReader(locations: locations)
    let name = typeStack[typeStack.count - 1]
    facts.enums.append(reader.caseList(of: node, name: name))
    if let layout = reader.layout(of: node, name: name) { facts.layouts.append(layout) }
    return .visitChildren
  }
  override func visitPost(_ node: EnumDeclSyntax) { typeStack.removeLast() }

  // MARK: Data-source methods

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    if node.parent?.is(MemberBlockItemSyntax.self) == true,
      let method = TableMethodReader(locations: locations).read(node, enclosingType: enclosingType)
    {
      facts.methods.append(method)
    }
    return .visitChildren
  }

  // MARK: Tables spelled out as values

  override func visit(_ node: ArrayExprSyntax) -> SyntaxVisitorContinueKind {
    let reader = DeclaredTableReader(locations: locations, importsStatic: importsStatic)
    if let table = reader.table(fromArray: node, enclosingType: enclosingType) {
      facts.declaredTables.append(table)
      return .skipChildren
    }
    return .visitChildren
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    let reader = DeclaredTableReader(locations: locations, importsStatic: importsStatic)
    if let section = reader.flowSection(fromAddCall: node, enclosingType: enclosingType) {
      mergeFlow(section, call: node)
      return .skipChildren
    }
    if reader.isFlowAddRows(node) {
      // `manager.add(rows: links, in: nil)`: a section the syntax does not spell out.
      mergeFlow(nil, call: node)
    }
    return .visitChildren
  }

  /// Flow sections added to the same manager in the same function form one table.
  private func mergeFlow(_ sections: [TableSection]?, call: FunctionCallExprSyntax) {
    let receiver = CallRecognizer.callee(call.calledExpression).1 ?? "self"
    let function = call.ancestorFunction.map { locations.location(of: $0) }
    let key = "\(receiver)@\(function.map { "\($0.line):\($0.column)" } ?? "")"
    if let index = facts.declaredTables.lastIndex(where: {
      $0.source == .flow && $0.enclosingType == enclosingType && $0.variable == key
    }) {
      if let sections {
        facts.declaredTables[index].sections += sections
      } else {
        facts.declaredTables[index].hasUnreadSections = true
      }
      return
    }
    facts.declaredTables.append(
      DeclaredTable(
        source: .flow, enclosingType: enclosingType, variable: key, sections: sections ?? [],
        hasUnreadSections: sections == nil, location: locations.location(of: call)
      )
    )
  }
}

extension SyntaxProtocol {
  /// The nearest function, initializer or accessor around the node.
  var ancestorFunction: Syntax? {
    var current = parent
    while let node = current {
      if node.is(FunctionDeclSyntax.self) || node.is(InitializerDeclSyntax.self) || node.is(AccessorDeclSyntax.self)
        || node.is(PatternBindingSyntax.self)
      {
        return node
      }
      current = node.parent
    }
    return nil
  }
}
