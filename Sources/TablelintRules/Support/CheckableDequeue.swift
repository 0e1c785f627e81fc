import TablelintIndex
import TablelintModel

/// A dequeue the reuse rules can reason about: its identifier resolves to a string, and the code runs in a workspace
/// class, struct or enum (not a protocol extension or an extension of a framework type, where `self` could be
/// anything), with the reuse scope of that type.
struct CheckableDequeue {
  let dequeue: Dequeue
  let identifier: String
  let type: TypeInfo
  let scope: ReuseScope

  init?(_ dequeue: Dequeue, in project: ProjectIndex) {
    guard let identifier = project.resolve(dequeue.identifier, in: dequeue.enclosingType),
      let typeName = dequeue.enclosingType, let type = project.resolveType(typeName),
      type.kind != .protocol, type.kind != .externalExtended
    else { return nil }
    self.dequeue = dequeue
    self.identifier = identifier
    self.type = type
    self.scope = project.reuseScope(forCodeIn: type.name, kind: dequeue.kind)
  }
}
