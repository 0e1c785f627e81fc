import Dispatch
import Foundation

/// A value computed on a thread of its own from the moment it is made, waited for when read. A thread of its own,
/// not a task on a global queue: the one who waits may itself be one of the queue's threads (the parallel rules, the
/// language server's analysis), and the task must not wait behind it.
public final class Pending<Value: Sendable>: @unchecked Sendable {
  private let done = DispatchGroup()
  private var computed: Value?

  /// `inline`: compute it now, on this thread (work too small to be worth a thread, which costs tens of µs).
  public init(inline: Bool = false, _ compute: @escaping @Sendable () -> Value) {
    if inline {
      computed = compute()
      return
    }
    done.enter()
    let thread = Thread {
      self.computed = compute()
      self.done.leave()
    }
    thread.start()
  }

  /// The value, once computed (`DispatchGroup` orders the write before this read).
  public var value: Value {
    done.wait()
    return computed!
  }
}
