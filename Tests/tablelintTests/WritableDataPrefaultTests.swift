import Testing

@testable import tablelint

/// Two globals of this test binary: one initialized (in `.data`), one zero (in `.bss`).
nonisolated(unsafe) private var initializedProbe = 0x5EED
nonisolated(unsafe) private var zeroProbe = 0

/// `WritableDataPrefault` finds the sections that hold the process's writable globals, and faulting them in changes
/// none of their values.
struct WritableDataPrefaultTests {
  #if os(Linux)
  @Test func theSectionsFoundHoldThisBinarysGlobals() throws {
    let bias = try #require(WritableDataPrefault.loadBias())
    var ranges: [Range<UInt>] = []
    WritableDataPrefault.forEachWritableDataSection { ranges.append($0..<$1) }
    #expect(ranges.count == 2)
    for address in [
      UInt(bitPattern: withUnsafeMutablePointer(to: &initializedProbe) { $0 }),
      UInt(bitPattern: withUnsafeMutablePointer(to: &zeroProbe) { $0 }),
    ] {
      #expect(ranges.contains { $0.contains(address &- bias) })
    }
  }

  @Test func faultingInChangesNoValue() {
    zeroProbe = 7
    WritableDataPrefault.run()
    #expect(initializedProbe == 0x5EED)
    #expect(zeroProbe == 7)
  }
  #endif
}
