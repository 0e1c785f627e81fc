import Foundation

/// Memoised derived values of an immutable `ProjectIndex`: computed once, on first use, shared by every rule.
///
/// The index is a value built once per lint run; rules ask it the same questions many times (the workspace-wide reuse
/// scope per dequeue, table facts per rule). Values here depend only on the index, so caching them changes no
/// result. **Invariant:** a value never holds the index whose cache stores it (that cycle leaks every index the
/// language server builds); a value that needs an index holds `ProjectIndex.detachedFromMemo()`.
final class DerivedCache: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [String: any Sendable] = [:]
  /// One lock per key being computed: rules run on several threads, and a value two of them want at once is
  /// computed by one while the other waits (derived values do not depend on each other in a cycle).
  private var computing: [String: NSLock] = [:]

  /// A value stored under a key, computed once.
  func value<Value: Sendable>(_ key: String, compute: () -> Value) -> Value {
    // Presence first: a missing entry cast to an optional `Value` would read as a stored `nil`.
    if let cached = lock.withLock({ values[key] }), let value = cached as? Value { return value }
    let keyLock = lock.withLock { () -> NSLock in
      if let existing = computing[key] { return existing }
      let created = NSLock()
      computing[key] = created
      return created
    }
    return keyLock.withLock {
      if let cached = lock.withLock({ values[key] }), let value = cached as? Value { return value }
      let value = compute()
      lock.withLock {
        values[key] = value
        computing[key] = nil
      }
      return value
    }
  }

  /// The value stored under `key`, if one is (not computing it). Callers of `value` on hot paths look here first: a
  /// hit then does not form the closure that computes the value, which copies the index it is a method of (two dozen
  /// tables retained and released, by both cores at once while rules run).
  func stored<Value: Sendable>(_ key: String) -> Value? {
    // Presence first, as in `value`: a missing entry cast to an optional `Value` would read as a stored `nil`.
    guard let cached = lock.withLock({ values[key] }) else { return nil }
    return cached as? Value
  }

  /// A new cache holding this one's values except those whose key starts with one of `prefixes`.
  func copy(droppingKeysWithPrefixes prefixes: [String]) -> DerivedCache {
    let copy = DerivedCache()
    copy.values = lock.withLock { values.filter { entry in !prefixes.contains { entry.key.hasPrefix($0) } } }
    return copy
  }
}
