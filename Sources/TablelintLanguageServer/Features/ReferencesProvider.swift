import TablelintIndex
import TablelintModel

/// Find references: from a Swift member (the cursor on its name) to the Interface Builder connections that use it —
/// the actions that send its selector and the outlets that set it.
enum ReferencesProvider {
  static func references(
    _ context: FeatureContext, includeDeclaration: Bool
  ) -> [SourceLocation] {
    guard context.kind == .swift, let swift = context.facts?.swift else { return [] }
    for declaration in swift.types where declaration.kind != .protocol {
      for member in declaration.members where !member.isStatic && contains(member.location, context.offset, in: context.text) {
        guard let type = context.index.resolveType(declaration.name) else { continue }
        let uses = InterfaceBuilderConnections.connections(using: member, of: type.name, index: context.index)
          .map { connection in connection.valueLocation ?? connection.location }
        return (includeDeclaration ? [member.location] : []) + uses
      }
    }
    return []
  }

  /// The member's name, with the cursor at its end counting.
  private static func contains(_ location: SourceLocation, _ offset: Int, in text: TextSnapshot) -> Bool {
    let start = InterfaceBuilderConnections.offset(of: location.range.start, in: text)
    let end = InterfaceBuilderConnections.offset(of: location.range.end, in: text)
    return start <= offset && offset <= end
  }
}
