import Foundation
import TablelintModel

/// Memoised derived values of an immutable `ProjectIndex`: computed once, on first use, shared by every rule.
///
/// The index is a value built once per lint run; rules ask it the same questions many times (the workspace-wide reuse
/// scope per dequeue, table facts per rule). Values here depend only on the index, so caching them changes no
/// result.
final class DerivedCache: @unchecked Sendable {
  private let lock = NSLock()
  private var workspaceScopes: [ReuseKind: ReuseScope] = [:]
  private var values: [String: any Sendable] = [:]

  func workspaceScope(_ kind: ReuseKind, compute: () -> ReuseScope) -> ReuseScope {
    if let cached = lock.withLock({ workspaceScopes[kind] }) { return cached }
    let scope = compute()
    lock.withLock { workspaceScopes[kind] = scope }
    return scope
  }

  /// A value stored under a key, computed once.
  func value<Value: Sendable>(_ key: String, compute: () -> Value) -> Value {
    if let cached = lock.withLock({ values[key] }) as? Value { return cached }
    let value = compute()
    lock.withLock { values[key] = value }
    return value
  }
}
