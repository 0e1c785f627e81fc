import InterfaceBuilderFrontend
import TablelintIndex
import TablelintModel

/// Go to definition: a dequeued identifier → its registrations and prototypes; `customClass` → the class; an IB
/// action's selector or an outlet's property → the Swift or Objective-C member.
enum DefinitionProvider {
  static func definitions(_ context: FeatureContext) -> [SourceLocation] {
    switch context.kind {
    case .swift: return swiftDefinitions(context)
    case .storyboard, .xib: return interfaceBuilderDefinitions(context)
    default: return []
    }
  }

  private static func swiftDefinitions(_ context: FeatureContext) -> [SourceLocation] {
    let index = context.index
    guard let dequeue = index.dequeues.first(where: {
      $0.identifierLocation.file == context.path && HoverProvider.contains($0.identifierLocation, context.offset)
    }), let identifier = index.resolve(dequeue.identifier, in: dequeue.enclosingType)
    else { return [] }
    let scope = index.reuseScope(forCodeIn: dequeue.enclosingType, kind: dequeue.kind)
    return (scope.bindings[identifier] ?? []).map(\.location)
  }

  private static func interfaceBuilderDefinitions(_ context: FeatureContext) -> [SourceLocation] {
    guard let tag = InterfaceBuilderTag.around(offset: context.offset, in: context.text.bytes),
      let attribute = tag.attribute(containing: context.offset)
    else { return [] }
    switch (tag.element, attribute.name) {
    case (_, "customClass"):
      guard let type = context.index.resolveType(attribute.value) else { return [] }
      return type.declarations.map(\.declaration.nameLocation) + type.objcDeclarations.map(\.declaration.location)
    case ("action", "selector"), ("outlet", "property"), ("outletCollection", "property"):
      // The connection whose start tag is this one (the facts may be a little older than the buffer: match by line).
      guard let document = context.interfaceBuilder else { return [] }
      let line = context.text.lines.position(ofOffset: tag.start).line
      let kinds: [IBConnection.Kind] = tag.element == "action" ? [.action] : [.outlet, .outletCollection]
      guard let connection = document.connections.first(where: {
        kinds.contains($0.kind) && $0.location.line == line
          && ($0.kind == .action ? $0.selector : $0.property) == attribute.value
      }) else { return [] }
      return InterfaceBuilderConnections.declarations(named: connection, in: document, index: context.index)
    default:
      return []
    }
  }
}
