import InterfaceBuilderFrontend
import SwiftSyntax
import TablelintIndex
import TablelintModel

/// Hover on a selector — `#selector(…)` in Swift or an IB action's `selector="…"` — shows the target method.
enum SelectorHover {
  /// The `#selector(…)` around the cursor, and the member(s) it names.
  static func swift(_ context: FeatureContext, text: (String) -> TextSnapshot?) -> HoverProvider.Result? {
    let bytes = context.text.bytes
    guard !bytes.isEmpty, context.offset >= 0, context.offset <= bytes.count,
      let tree = context.syntaxTree(of: context.text, path: context.path)
    else {
      return nil
    }
    guard let macro = selectorMacro(in: tree, at: context.offset) ?? (context.offset > 0
      ? selectorMacro(in: tree, at: context.offset - 1) : nil),
      let argument = macro.arguments.first
    else { return nil }
    let accessor = argument.label?.text  // getter / setter
    let expression = argument.expression
    let reference: DeclReferenceExprSyntax
    var typeName: String?
    if let member = expression.as(MemberAccessExprSyntax.self) {
      reference = member.declName
      if let base = member.base?.trimmedDescription, base != "self", context.index.resolveType(base) != nil {
        typeName = base
      }
    } else if let plain = expression.as(DeclReferenceExprSyntax.self) {
      reference = plain
    } else {
      return nil
    }
    let name = reference.baseName.text
    let labels = reference.argumentNames.map { $0.arguments.map { $0.name.text == "_" ? nil : $0.name.text } }
    guard let owner = typeName.flatMap({ context.index.resolveType($0)?.name }) ?? context.enclosingSwiftType else {
      return nil
    }
    var found: [(member: SwiftMember, owner: String)] = []
    for info in context.index.superclassChain(of: owner).classes {
      for member in info.members where !member.isStatic && member.name == name {
        if accessor != nil {
          guard member.kind == .property else { continue }
        } else {
          guard member.kind == .method else { continue }
          if let labels, member.argumentLabels != labels { continue }
        }
        found.append((member, info.name))
      }
      if !found.isEmpty { break }
    }
    let range = TablelintModel.SourceRange(
      start: context.text.lines.position(ofOffset: macro.positionAfterSkippingLeadingTrivia.utf8Offset),
      end: context.text.lines.position(ofOffset: macro.endPositionBeforeTrailingTrivia.utf8Offset)
    )
    guard !found.isEmpty else {
      return HoverProvider.Result(
        markdown: "`\(macro.trimmedDescription)`: no method `\(name)` in `\(TypeInfo.simpleName(of: owner))` or its superclasses",
        range: range
      )
    }
    let markdown = found.map {
      describe(
        location: $0.member.location, owner: $0.owner, fallback: fallbackSignature($0.member), text: text,
        context: context
      )
    }
      .joined(separator: "\n\n")
    return HoverProvider.Result(markdown: markdown, range: range)
  }

  private static func selectorMacro(in tree: SourceFileSyntax, at offset: Int) -> MacroExpansionExprSyntax? {
    guard let token = tree.token(at: AbsolutePosition(utf8Offset: offset)) else { return nil }
    var node: Syntax? = Syntax(token)
    while let current = node {
      if let macro = current.as(MacroExpansionExprSyntax.self) {
        return macro.macroName.text == "selector" ? macro : nil
      }
      if current.is(CodeBlockItemSyntax.self) || current.is(MemberBlockItemSyntax.self) { return nil }
      node = current.parent
    }
    return nil
  }

  /// An IB `<action selector="…">`: the method of the destination object's class.
  static func interfaceBuilder(
    _ context: FeatureContext, tag: InterfaceBuilderTag, range: TablelintModel.SourceRange, text: (String) -> TextSnapshot?
  ) -> HoverProvider.Result? {
    guard tag.element == "action", let document = context.interfaceBuilder, let selector = tag.attribute("selector")?.value,
      let connection = document.connections.first(where: {
        $0.kind == .action && InterfaceBuilderConnections.offset(of: $0.location.range.start, in: context.text) == tag.start
      }) ?? document.connections.first(where: { $0.kind == .action && $0.selector == selector })
    else { return nil }
    let index = context.index
    guard let type = index.workspaceClass(of: InterfaceBuilderConnections.receiver(of: connection, in: document)) else {
      return HoverProvider.Result(markdown: "action `\(selector)`: the destination's class is not in the workspace", range: range)
    }
    for info in index.superclassChain(of: type.name).classes {
      let members = info.members.filter { $0.kind == .method && !$0.isStatic && $0.selector == selector }
      if !members.isEmpty {
        let markdown = members.map {
          describe(
            location: $0.location, owner: info.name, fallback: fallbackSignature($0), text: text, context: context
          )
        }.joined(separator: "\n\n")
        return HoverProvider.Result(markdown: markdown, range: range)
      }
    }
    // Objective-C methods and anything else the runtime sees.
    if let surface = index.objcSurface(ofClass: type.name), let entry = surface.selector(selector), let location = entry {
      let line = text(location.file).map { lineText(location.line, in: $0) } ?? selector
      let language = location.file.hasSuffix(".swift") ? "swift" : "objc"
      return HoverProvider.Result(
        markdown: "```\(language)\n\(line)\n```\nin '\(TypeInfo.simpleName(of: type.name))' (\(FeatureContext.describe(location)))",
        range: range
      )
    }
    return HoverProvider.Result(
      markdown: "action `\(selector)`: `\(TypeInfo.simpleName(of: type.name))` does not declare it", range: range
    )
  }

  // MARK: - Signatures

  private static func describe(
    location: TablelintModel.SourceLocation, owner: String, fallback: String, text: (String) -> TextSnapshot?,
    context: FeatureContext
  ) -> String {
    let written = text(location.file).flatMap { Self.signature(at: location, in: $0, context: context) } ?? fallback
    return "```swift\n\(written)\n```\nin '\(TypeInfo.simpleName(of: owner))' (\(FeatureContext.describe(location)))"
  }

  static func fallbackSignature(_ member: SwiftMember) -> String {
    if member.kind == .property { return "var \(member.name)" + (member.typeName.map { ": \($0)" } ?? "") }
    return "func \(member.name)(" + member.argumentLabels.map { ($0 ?? "_") + ":" }.joined() + ")"
  }

  /// The declaration at `location` without its body, on one line: `@IBAction func refresh(sender: Any)`.
  static func signature(
    at location: TablelintModel.SourceLocation, in text: TextSnapshot, context: FeatureContext
  ) -> String? {
    let offset = InterfaceBuilderConnections.offset(of: location.range.start, in: text)
    guard offset >= 0, offset < text.bytes.count, let tree = context.syntaxTree(of: text, path: location.file),
      let token = tree.token(at: AbsolutePosition(utf8Offset: offset))
    else { return nil }
    var node: Syntax? = Syntax(token)
    while let current = node {
      if var function = current.as(FunctionDeclSyntax.self) {
        function.body = nil
        return collapsed(function.trimmedDescription)
      }
      if var initializer = current.as(InitializerDeclSyntax.self) {
        initializer.body = nil
        return collapsed(initializer.trimmedDescription)
      }
      if let variable = current.as(VariableDeclSyntax.self) {
        let written = variable.trimmedDescription
        let cut = written.firstIndex(where: { $0 == "{" || $0 == "=" }).map { String(written[..<$0]) } ?? written
        return collapsed(cut)
      }
      node = current.parent
    }
    return nil
  }

  private static func collapsed(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
  }

  private static func lineText(_ line: Int, in text: TextSnapshot) -> String {
    let lines = text.text.split(separator: "\n", omittingEmptySubsequences: false)
    guard line >= 1, line <= lines.count else { return "" }
    return collapsed(String(lines[line - 1]))
  }
}
