import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Called while files are parsed, from the parsing threads: how many of how many are done.
public typealias ParseProgressHandler = @Sendable (_ done: Int, _ total: Int) -> Void

/// A one-line progress indicator on a terminal (`Parsing 120/3000 files`), redrawn in place at most every
/// `interval` and erased by `finish()`. Thread-safe; writes nothing unless `isEnabled`.
public final class TerminalProgress: @unchecked Sendable {
  public let isEnabled: Bool
  private let interval: Duration
  private let clock = ContinuousClock()
  private var lastDraw: ContinuousClock.Instant?
  private var drawn = false
  private let lock = NSLock()
  private let write: @Sendable (String) -> Void

  /// Enabled only when standard error is a terminal (`isatty`), so pipes and CI logs stay clean.
  public convenience init(interval: Duration = .milliseconds(100)) {
    self.init(isEnabled: isatty(STDERR_FILENO) != 0, interval: interval) { text in
      FileHandle.standardError.write(Data(text.utf8))
    }
  }

  public init(isEnabled: Bool, interval: Duration, write: @escaping @Sendable (String) -> Void) {
    self.isEnabled = isEnabled
    self.interval = interval
    self.write = write
  }

  /// The handler to give the workspace.
  public var handler: ParseProgressHandler? {
    guard isEnabled else { return nil }
    return { [self] done, total in update(done: done, total: total) }
  }

  public func update(done: Int, total: Int) {
    guard isEnabled, total > 0 else { return }
    lock.withLock {
      let now = clock.now
      if done < total, let lastDraw, now - lastDraw < interval { return }
      lastDraw = now
      drawn = true
      write("\r\u{1B}[2KParsing \(done)/\(total) files")
    }
  }

  /// Erases the line, if anything was drawn.
  public func finish() {
    lock.withLock {
      guard drawn else { return }
      drawn = false
      write("\r\u{1B}[2K")
    }
  }
}
