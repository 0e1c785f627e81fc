import Testing

@testable import tablelint

struct BatchMallocTuningTests {
  #if os(Linux)
  /// `mallopt` is found in the C library by name, and glibc takes the pad (it returns 1 for a setting it took).
  /// AddressSanitizer's allocator replaces glibc's, and its `mallopt` takes nothing.
  @Test func glibcTakesTheTopPad() {
    #expect(BatchMallocTuning.run() || ProcessLifetime.isAddressSanitized)
  }
  #endif
}
