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

  private static func write(_ data: Data, to path: String, mode: mode_t?) throws {
    let directory = LexicalPath.directory(of: path)
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw WriteError(path: path, reason: "cannot create the directory '\(directory)'")
    }
    let name = path.split(separator: "/").last.map(String.init) ?? "file"
    let temporary = LexicalPath.join(directory, ".\(name).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString).tmp")
    guard FileManager.default.createFile(atPath: temporary, contents: data) else {
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
