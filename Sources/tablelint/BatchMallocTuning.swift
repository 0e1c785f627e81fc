#if os(Linux)
import Glibc

/// Asks glibc's allocator to grow its heaps 32 MiB at a time, for the commands that read a whole workspace once.
///
/// Each thread's heap otherwise grows by the few pages an allocation needs: element-ios made about 1,600 `mprotect`
/// calls during a cold lint, each one changing the process's memory map (the other thread's page faults wait for it,
/// and its TLB is flushed). `M_TOP_PAD` makes that a handful. Only address space is reserved ahead: pages are still
/// touched as they are used, so peak memory does not change (element-ios: 63 MB either way). The language server,
/// which runs for hours, keeps glibc's defaults: the pad is also kept when the heap shrinks.
///
/// `mallopt` is not in the Swift overlay of Glibc; it is found by name in the C library (and skipped where it is not).
enum BatchMallocTuning {
  /// Whether the allocator took the setting.
  @discardableResult
  static func run() -> Bool {
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(nil, "mallopt") else { return false }
    let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
    return mallopt(topPad, 32 << 20) == 1
  }

  private static let topPad: Int32 = -2  // M_TOP_PAD
}
#else
enum BatchMallocTuning {
  @discardableResult
  static func run() -> Bool { false }
}
#endif
