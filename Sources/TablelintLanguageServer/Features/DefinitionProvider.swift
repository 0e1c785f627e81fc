import TablelintIndex
import TablelintModel

/// Go to definition: a dequeued identifier → its registrations and prototypes; `customClass` → the class.
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
      let attribute = tag.attribute(containing: context.offset), attribute.name == "customClass",
      let type = context.index.resolveType(attribute.value)
    else { return [] }
    return type.declarations.map(\.declaration.nameLocation) + type.objcDeclarations.map(\.declaration.location)
  }
}
