import Foundation
import SwiftParser
import SwiftSyntax
import TablelintModel

/// Parses of the documents open in an editor, kept for their next edit: swift-syntax's incremental parser reuses
/// every node the edit did not touch (`IncrementalParseTransition`), so typing in a long controller re-parses a
/// statement, not the file. The facts are the same as `SwiftFrontend.parse` gives for the same bytes.
///
/// Text with syntax errors is parsed whole: the incremental parser may recover from them differently.
///
/// The edit is recovered from the two texts (common prefix and suffix): several edits coalesced into one analysis
/// become one replaced range, which is what the parser needs. A tree built incrementally keeps the arenas of the
/// nodes it reused alive, so after `reparseInterval` incremental parses a document is parsed whole again: memory
/// stays flat however long someone types.
public final class IncrementalSwiftParser: @unchecked Sendable {
  private let lock = NSLock()
  private var previous: [String: (bytes: [UInt8], result: IncrementalParseResult, generation: Int)] = [:]
  static let reparseInterval = 32

  public init() {}

  public func parse(path: String, bytes: [UInt8]) -> FileFacts {
    if let unreadable = SwiftFrontend.unreadable(path: path, bytes: bytes) {
      forget(path)
      return unreadable
    }
    // After text with errors the next text most likely has them too, and would be parsed whole anyway (below).
    let last = lock.withLock { previous[path] }.flatMap {
      $0.generation < Self.reparseInterval && !$0.result.tree.hasError ? $0 : nil
    }
    let transition = last.map { last in
      IncrementalParseTransition(
        previousIncrementalParseResult: last.result, edits: ConcurrentEdits(Self.edit(from: last.bytes, to: bytes))
      )
    }
    var result = bytes.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: transition) }
    var generation = (last?.generation ?? 0) + 1
    if transition != nil, result.tree.hasError {
      // swift-syntax's incremental parse can recover from syntax errors differently from a whole parse (the
      // fuzzer found a top-level `let` lost): text with errors is parsed whole, so that the facts are always
      // those `tablelint lint` reads.
      result = bytes.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: nil) }
      generation = 1
    }
    lock.withLock { previous[path] = (bytes, result, generation) }
    return SwiftFrontend.facts(of: result.tree, path: path, bytes: bytes)
  }

  public func forget(_ path: String) {
    _ = lock.withLock { previous.removeValue(forKey: path) }
  }

  /// The one range of `old` that `new` replaced: everything between their common prefix and common suffix.
  static func edit(from old: [UInt8], to new: [UInt8]) -> SourceEdit {
    var prefix = 0
    let shorter = min(old.count, new.count)
    while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
    return SourceEdit(
      offset: prefix, length: old.count - suffix - prefix, replacement: Array(new[prefix..<(new.count - suffix)])
    )
  }
}
