import Dispatch
import Foundation

/// One measured quantity: wall-clock samples of `iterations` runs.
struct Measurement: Codable {
  /// Stable key for JSON consumers, e.g. "cold_lint".
  let key: String
  /// What the row means, for the table.
  let label: String
  let samples: [Double]
  /// CPU seconds (user + system, all threads of the process) of each run: less sensitive than wall clock to other
  /// processes competing for the cores; `cpu / wall` shows how parallel a run was.
  let cpuSamples: [Double]
  /// Files parsed per run, when the measurement checks it (Workspace.lastParseCount).
  var parsedFiles: Int?

  var median: Double { Self.median(samples) }
  var cpuMedian: Double { Self.median(cpuSamples) }

  static func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  var minimum: Double { samples.min() ?? 0 }
  var maximum: Double { samples.max() ?? 0 }
}

enum Clock {
  /// Runs `body` `iterations` times and returns each run's wall-clock and CPU seconds.
  static func samples(_ iterations: Int, _ body: (Int) throws -> Void) rethrows -> (wall: [Double], cpu: [Double]) {
    let clock = ContinuousClock()
    var wall: [Double] = []
    var cpu: [Double] = []
    for iteration in 0..<iterations {
      let cpuStart = processCPUSeconds()
      let elapsed = try clock.measure { try body(iteration) }
      cpu.append(processCPUSeconds() - cpuStart)
      wall.append(elapsed.seconds)
    }
    return (wall, cpu)
  }

  /// User + system CPU time of the whole process so far.
  static func processCPUSeconds() -> Double {
    var usage = rusage()
    guard getrusage(RUSAGE_SELF_WHO, &usage) == 0 else { return 0 }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}

/// Results of work done on several threads, one slot per index: no lock, each index writes only its own slot.
final class Slots<Value>: @unchecked Sendable {
  private let buffer: UnsafeMutableBufferPointer<Value>

  init(count: Int, initial: Value) {
    buffer = .allocate(capacity: count)
    buffer.initialize(repeating: initial)
  }

  deinit {
    buffer.deinitialize()
    buffer.deallocate()
  }

  subscript(index: Int) -> Value {
    get { buffer[index] }
    set { buffer[index] = newValue }
  }

  var values: [Value] { Array(buffer) }
}

/// Runs `body` for every index, on all cores or on this thread.
func forEachIndex(_ count: Int, parallel: Bool, _ body: @Sendable (Int) -> Void) {
  if parallel {
    DispatchQueue.concurrentPerform(iterations: count, execute: body)
  } else {
    for index in 0..<count { body(index) }
  }
}

/// The process's memory as the kernel reports it (Linux: /proc/self/status), in bytes.
enum ProcessMemory {
  /// VmHWM: the peak resident set size since the process started.
  static var peakResident: Int? { field("VmHWM:") }
  /// VmRSS: the resident set size now.
  static var resident: Int? { field("VmRSS:") }

  private static func field(_ name: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix(name) {
      let parts = line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard let value = parts.first.flatMap({ Int($0) }) else { return nil }
      let unit = parts.count > 1 ? parts[1].lowercased() : "kb"
      return unit == "kb" ? value * 1024 : value
    }
    return nil
  }
}

#if os(Linux)
// Glibc imports RUSAGE_SELF as an enum case; getrusage takes its raw value.
private let RUSAGE_SELF_WHO = __rusage_who_t(RUSAGE_SELF.rawValue)
#else
private let RUSAGE_SELF_WHO = RUSAGE_SELF
#endif
