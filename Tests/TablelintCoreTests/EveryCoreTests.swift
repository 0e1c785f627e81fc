import Foundation
import Testing
@testable import TablelintCore

@Suite struct EveryCoreTests {
  /// Counts the iterations that ran, under a lock.
  final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [Int]
    init(_ count: Int) { counts = Array(repeating: 0, count: count) }
    func add(_ iteration: Int) { lock.withLock { counts[iteration] += 1 } }
    var values: [Int] { lock.withLock { counts } }
  }

  /// Two iterations that each wait for the other to start: run one after the other, they would time out.
  final class Meeting: Sendable {
    private let started = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
    /// Whether the other iteration started within ten seconds of this one.
    func meet(_ iteration: Int) -> Bool {
      started[iteration].signal()
      return started[1 - iteration].wait(timeout: .now() + 10) == .success
    }
  }

  @Test(arguments: [0, 1, 2, 3, 100, 1000], [1, 2, 3, 8])
  func everyIterationRunsOnce(iterations: Int, width: Int) {
    let tally = Tally(iterations)
    performOnEveryCore(iterations: iterations, width: width) { tally.add($0) }
    #expect(tally.values == Array(repeating: 1, count: iterations))
  }

  @Test func theThreadsRunAtOnce() {
    let meeting = Meeting()
    let met = Tally(2)
    performOnEveryCore(iterations: 2, width: 2) { iteration in
      if meeting.meet(iteration) { met.add(iteration) }
    }
    #expect(met.values == [1, 1])
  }

  @Test func aNestedCallRunsEveryIteration() {
    let tally = Tally(12)
    performOnEveryCore(iterations: 3, width: 2) { outer in
      performOnEveryCore(iterations: 4, width: 2) { inner in tally.add(outer * 4 + inner) }
    }
    #expect(tally.values == Array(repeating: 1, count: 12))
  }

  /// The threads get more stack than a secondary thread's default on macOS (512 KiB): a chain of 8,000 frames of
  /// at least 128 bytes each fits.
  @Test func aStartedThreadHasALargeStack() {
    @Sendable func depth(_ level: Int) -> Int {
      var frame = (level, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
      let first = withUnsafeBytes(of: &frame) { $0.load(as: Int.self) }
      return first == 0 ? 0 : 1 + depth(first - 1)
    }
    let reached = Tally(2)
    // The iterations meet, so that the started thread runs one of them.
    let meeting = Meeting()
    performOnEveryCore(iterations: 2, width: 2) { iteration in
      if meeting.meet(iteration), depth(8_000) == 8_000 { reached.add(iteration) }
    }
    #expect(reached.values == [1, 1])
  }
}
