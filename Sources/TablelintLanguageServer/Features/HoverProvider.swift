import InterfaceBuilderFrontend
import TablelintIndex
import TablelintModel

/// Markdown about the reuse identifier or class under the cursor.
enum HoverProvider {
  struct Result: Equatable {
    let markdown: String
    /// Where the hovered thing is, in this document.
    let range: SourceRange
  }

  static func hover(_ context: FeatureContext, text: (String) -> TextSnapshot? = { _ in nil }) -> Result? {
    switch context.kind {
    case .swift: return swiftHover(context, text: text)
    case .storyboard, .xib: return interfaceBuilderHover(context, text: text)
    default: return nil
    }
  }

  static func contains(_ location: SourceLocation, _ offset: Int) -> Bool {
    location.range.start.offset <= offset && offset <= location.range.end.offset
  }

  // MARK: - Swift

  private static func swiftHover(_ context: FeatureContext, text: (String) -> TextSnapshot?) -> Result? {
    let index = context.index
    if let dequeue = index.dequeues.first(where: {
      $0.identifierLocation.file == context.path && contains($0.identifierLocation, context.offset)
    }) {
      return Result(markdown: describeDequeue(dequeue, index: index), range: dequeue.identifierLocation.range)
    }
    for registrations in index.registrationsByType.values {
      for registration in registrations
      where registration.identifierLocation.file == context.path && contains(registration.identifierLocation, context.offset)
        && registration.helperName == nil
      {
        return Result(
          markdown: describeRegistration(registration, index: index), range: registration.identifierLocation.range
        )
      }
    }
    if let selector = SelectorHover.swift(context, text: text) { return selector }
    if let declaration = context.facts?.swift?.types.first(where: {
      $0.kind != .protocol && $0.nameLocation.file == context.path && contains($0.nameLocation, context.offset)
    }) {
      let name = index.resolveType(declaration.name)?.name ?? declaration.name
      let tables = TableOutline.tables(ownedBy: name, in: index)
      if !tables.isEmpty {
        return Result(markdown: TableOutline.markdown(tables), range: declaration.nameLocation.range)
      }
    }
    return nil
  }

  static func describeDequeue(_ dequeue: Dequeue, index: ProjectIndex) -> String {
    guard let identifier = index.resolve(dequeue.identifier, in: dequeue.enclosingType) else {
      return "reuse identifier: not known statically"
    }
    let owner = dequeue.enclosingType.map { TypeInfo.simpleName(of: $0) }
    var lines = ["**'\(identifier)'** — dequeued\(owner.map { " by `\($0)`" } ?? "")"]
    let scope = index.reuseScope(forCodeIn: dequeue.enclosingType, kind: dequeue.kind)
    let bindings = scope.bindings[identifier] ?? []
    if bindings.isEmpty {
      lines.append("")
      lines.append(
        scope.hasUnknownRegistrations
          ? "no registration or prototype tablelint can see (some registrations cannot be read)"
          : "no registration or prototype\(owner.map { " of `\($0)`'s tables" } ?? "")"
      )
    } else {
      lines.append("")
      for binding in bindings {
        lines.append("- " + CompletionProvider.describe(binding, index: index) + " — " + FeatureContext.describe(binding.location))
      }
    }
    return lines.joined(separator: "\n")
  }

  static func describeRegistration(_ registration: Registration, index: ProjectIndex) -> String {
    guard let identifier = index.resolve(registration.identifier, in: registration.enclosingType) else {
      return "reuse identifier: not known statically"
    }
    let owner = registration.enclosingType.map { TypeInfo.simpleName(of: $0) }
    var content: String
    switch registration.content {
    case .cellClass(let name): content = name.map { "class `\($0)`" } ?? "a class"
    case .nib(let expression, _):
      content = index.resolve(expression, in: registration.enclosingType).map { "nib '\($0)'" } ?? "a nib"
    case .none: content = "nothing (unregisters)"
    }
    var lines = ["**'\(identifier)'** — registered\(owner.map { " by `\($0)`" } ?? "") with \(content)"]
    let family = Set(index.family(of: registration.enclosingType).map(\.name))
    let uses = index.dequeues.filter { dequeue in
      dequeue.kind == registration.kind
        && (dequeue.enclosingType.flatMap { index.resolveType($0)?.name }).map(family.contains) == true
        && index.resolve(dequeue.identifier, in: dequeue.enclosingType) == identifier
    }
    if !uses.isEmpty {
      lines.append("")
      lines.append("dequeued at:")
      for use in uses.prefix(10) { lines.append("- " + FeatureContext.describe(use.identifierLocation)) }
    }
    return lines.joined(separator: "\n")
  }

  // MARK: - Interface Builder

  private static func interfaceBuilderHover(_ context: FeatureContext, text: (String) -> TextSnapshot?) -> Result? {
    let index = context.index
    guard let tag = InterfaceBuilderTag.around(offset: context.offset, in: context.text.bytes) else { return nil }
    if tag.element == "tableView", tag.attribute(containing: context.offset) == nil {
      let tables = index.tableModel.tables.filter {
        $0.location.file == context.path
          && InterfaceBuilderConnections.offset(of: $0.location.range.start, in: context.text) == tag.start
      }
      guard !tables.isEmpty else { return nil }
      let range = SourceRange(
        start: context.text.lines.position(ofOffset: tag.start),
        end: context.text.lines.position(ofOffset: tag.start + 1 + tag.element.utf8.count)
      )
      return Result(markdown: TableOutline.markdown(tables), range: range)
    }
    guard let attribute = tag.attribute(containing: context.offset), attribute.isClosed else { return nil }
    let range = SourceRange(
      start: context.text.lines.position(ofOffset: attribute.valueRange.lowerBound),
      end: context.text.lines.position(ofOffset: attribute.valueRange.upperBound)
    )
    switch attribute.name {
    case "selector" where tag.element == "action":
      return SelectorHover.interfaceBuilder(context, tag: tag, range: range, text: text)
    case "reuseIdentifier":
      guard let document = context.interfaceBuilder,
        let cell = document.cells.first(where: { $0.id == tag.attribute("id")?.value })
      else { return nil }
      return Result(markdown: describePrototype(cell, identifier: attribute.value, context: context), range: range)
    case "customClass":
      guard let type = index.resolveType(attribute.value) else {
        return Result(markdown: "class `\(attribute.value)`: not declared in the workspace", range: range)
      }
      var text = "class `\(type.name)`"
      if let superclass = type.superclass { text += ": `\(superclass)`" }
      if let location = type.location { text += " — " + FeatureContext.describe(location) }
      return Result(markdown: text, range: range)
    default:
      return nil
    }
  }

  private static func describePrototype(_ cell: IBCell, identifier: String, context: FeatureContext) -> String {
    let index = context.index
    var lines = ["**'\(identifier)'** — \(cell.role == .standalone ? "cell" : "prototype") of class `\(cell.effectiveClassName)`"]
    let owners = index.tables.first { $0.path == context.path && $0.table.id == cell.containerID }?.ownerClasses
      ?? index.collectionViews.first { $0.path == context.path && $0.collection.id == cell.containerID }?.ownerClasses
      ?? []
    if !owners.isEmpty {
      lines.append("")
      lines.append("table owned by " + owners.sorted().map { "`\($0)`" }.joined(separator: ", "))
      var family: Set<String> = []
      for owner in owners { for member in index.family(of: owner) { family.insert(member.name) } }
      let uses = index.dequeues.filter { dequeue in
        (dequeue.enclosingType.flatMap { index.resolveType($0)?.name }).map(family.contains) == true
          && index.resolve(dequeue.identifier, in: dequeue.enclosingType) == identifier
      }
      if !uses.isEmpty {
        lines.append("")
        lines.append("dequeued at:")
        for use in uses.prefix(10) { lines.append("- " + FeatureContext.describe(use.identifierLocation)) }
      }
    }
    return lines.joined(separator: "\n")
  }
}
