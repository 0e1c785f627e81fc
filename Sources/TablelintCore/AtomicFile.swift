import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that readers see the old contents or the new ones, never a part: the data goes to a temporary
/// file in the same directory (the same file system), which is then renamed over the destination.
public enum AtomicFile {
  public struct WriteError: Error, CustomStringConvertible, Equatable {
    public let path: String
    public let reason: String
    public var description: String { "cannot write '\(path)': \(reason)" }
  }

  /// Writes `data` like `write(_:to:)`, with the permissions `original` has now (a file that is fixed keeps its mode).
  public static func write(_ data: Data, to path: String, preservingModeOf original: String) throws {
    var status = stat()
    let mode = stat(original, &status) == 0 ? status.st_mode & 0o7777 : nil
    try write(data, to: path, mode: mode)
  }

  public static func write(_ data: Data, to path: String) throws {
    try write(data, to: path, mode: nil)
  }

  public static func write(_ bytes: [UInt8], to path: String) throws {
    try write(bytes, to: path, mode: nil)
  }

  /// Writes the concatenation of `pieces` (which must stay valid during the call) like `write(_:to:)`: a file built
  /// from parts of others is written without first copying them into one buffer.
  public static func write(pieces: [UnsafeRawBufferPointer], to path: String) throws {
    try write(to: path, mode: nil) { writeNew($0, pieces) }
  }

  /// Creates `path` (which must not exist) with these bytes, one piece after the other, permissions 0666 less the
  /// umask.
  private static func writeNew(_ path: String, _ pieces: [UnsafeRawBufferPointer]) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { return false }
    for bytes in pieces {
      var offset = 0
      while offset < bytes.count {
        let count = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else {
          close(descriptor)
          return false
        }
        offset += count
      }
    }
    return close(descriptor) == 0
  }

  private static func write(_ data: some ContiguousBytes, to path: String, mode: mode_t?) throws {
    // Written straight from the caller's bytes (a cache is megabytes: no copy into another buffer on the way).
    try data.withUnsafeBytes { bytes in try write(to: path, mode: mode) { writeNew($0, [bytes]) } }
  }

  /// Creates a temporary file beside `path` with `create`, then renames it over `path`.
  private static func write(to path: String, mode: mode_t?, create: (String) -> Bool) throws {
    let directory = LexicalPath.directory(of: path)
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw WriteError(path: path, reason: "cannot create the directory '\(directory)'")
    }
    let name = path.split(separator: "/").last.map(String.init) ?? "file"
    let temporary = LexicalPath.join(directory, ".\(name).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString).tmp")
    guard create(temporary) else {
      unlink(temporary)
      throw WriteError(path: path, reason: "cannot create a temporary file in '\(directory)'")
    }
    if let mode { chmod(temporary, mode) }
    if rename(temporary, path) != 0 {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw WriteError(path: path, reason: reason)
    }
  }
}

/// `write(2)`, which `AtomicFile.write` hides.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
