import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `DispatchQueue.concurrentPerform` does, with its threads started when it is called: `body` of every
/// iteration, on this thread and one new thread for each other core, each taking the next iteration not yet taken;
/// returns when every iteration has.
///
/// On Linux, libdispatch's pool grows through a monitor thread: the first `concurrentPerform` of a process ran on
/// one thread for 0.1 to 3.3 ms before its second worker started (an `LD_PRELOAD` probe of `pthread_create` on
/// element-ios's unchanged run), a third of such a run in the worst case; the walk of a cold run started the same
/// way. Threads started here cost the caller 20–30 µs each (`pthread_create`) and get 8 MiB of stack (`stackSize`).
func performOnEveryCore(iterations: Int, width: Int = EveryCore.width, _ body: @Sendable (Int) -> Void) {
  let threads = min(width, iterations)
  guard threads > 1 else {
    for iteration in 0..<iterations { body(iteration) }
    return
  }
  withoutActuallyEscaping(body) { body in
    let work = EveryCore.Work(iterations: iterations, body: body)
    var started: [EveryCore.Handle] = []
    for _ in 1..<threads {
      if let handle = EveryCore.start(work) { started.append(handle) }
    }
    work.run()
    for handle in started { EveryCore.join(handle) }
  }
}

enum EveryCore {
  /// The processors online, as libdispatch counts them for `concurrentPerform` (`sysconf`), read once. Not
  /// `ProcessInfo.activeProcessorCount`: on Linux it reads the cgroup's CPU quota files through Foundation, which cost
  /// a run that only prints its cached findings about 0.3 ms (3 % of its CPU, `perf`).
  static let width = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))

  /// The iterations and the next one to take, shared by the threads.
  final class Work: @unchecked Sendable {
    let iterations: Int
    let body: @Sendable (Int) -> Void
    private let lock = NSLock()
    private var next = 0

    init(iterations: Int, body: @escaping @Sendable (Int) -> Void) {
      self.iterations = iterations
      self.body = body
    }

    func run() {
      while true {
        let iteration = lock.withLock { () -> Int in
          defer { next += 1 }
          return next
        }
        guard iteration < iterations else { return }
        body(iteration)
      }
    }
  }

  typealias Handle = pthread_t

  /// What a thread of libdispatch's pool has on Linux (the default, `ulimit -s`: 8 MiB on common systems), which the
  /// frontends' recursion limits were sized against.
  static let stackSize = 8 << 20

  /// A thread running `work`, or `nil` when none could be started (the calling thread then does its share).
  static func start(_ work: Work) -> Handle? {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    let context = Unmanaged.passRetained(work).toOpaque()
    #if canImport(Darwin)
    var handle: pthread_t?
    let status = pthread_create(&handle, &attributes, { context in
      Unmanaged<Work>.fromOpaque(context).takeRetainedValue().run()
      return nil
    }, context)
    guard status == 0, let handle else {
      Unmanaged<Work>.fromOpaque(context).release()
      return nil
    }
    return handle
    #else
    var handle = pthread_t()
    let status = pthread_create(&handle, &attributes, { context in
      Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().run()
      return nil
    }, context)
    guard status == 0 else {
      Unmanaged<Work>.fromOpaque(context).release()
      return nil
    }
    return handle
    #endif
  }

  static func join(_ handle: Handle) {
    pthread_join(handle, nil)
  }
}
