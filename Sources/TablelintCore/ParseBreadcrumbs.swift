import Foundation

/// A trail of the files being read, for a supervisor to learn which file a crashed worker process was reading.
///
/// Before a file is parsed, `+path` is appended to the trail; after, `-path`. Each line is one `write` to a file
/// opened with `O_APPEND`, so lines from the parsing threads never interleave and a line written before a crash is
/// on disk (in the kernel's page cache) when the process dies, even by `SIGKILL`. `suspects(inTrailAt:)` reads the
/// files begun and not finished. The trail is emptied whenever nothing is being read, so it stays small.
public final class ParseBreadcrumbs: @unchecked Sendable {
  private let descriptor: Int32
  private let lock = NSLock()
  private var inFlight = 0

  /// Opens (and empties) the trail at `path`; `nil` when it cannot be written.
  public init?(path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  public func begin(_ path: String) {
    lock.withLock {
      inFlight += 1
      append("+" + path)
    }
  }

  public func end(_ path: String) {
    lock.withLock {
      inFlight -= 1
      if inFlight == 0 {
        _ = ftruncate(descriptor, 0)
      } else {
        append("-" + path)
      }
    }
  }

  private func append(_ line: String) {
    // Paths with a line break cannot be told apart from two lines: they are left out of the trail.
    guard !line.contains("\n") else { return }
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  }

  /// The files the trail at `path` says were being read and never finished, in the order they were begun.
  public static func suspects(inTrailAt path: String) -> [String] {
    guard let data = FileManager.default.contents(atPath: path) else { return [] }
    var open: [String] = []
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      let path = String(line.dropFirst())
      if line.hasPrefix("+") {
        open.append(path)
      } else if line.hasPrefix("-"), let index = open.lastIndex(of: path) {
        open.remove(at: index)
      }
    }
    return open
  }
}
