import Foundation
import TablelintModel

/// A document open in the editor: its URI as the client spells it, its version and its current text.
struct OpenDocument {
  let uri: DocumentURI
  let path: String
  var version: Int
  var text: TextSnapshot
}

/// Texts of files that are not open, read from disk for position conversion, kept while size and modification
/// time stay the same.
struct DiskTextCache {
  private struct Entry {
    let size: UInt64
    let modified: Date
    let text: TextSnapshot
  }

  private var entries: [String: Entry] = [:]
  /// Files above this size are not read for conversion: their positions are passed through as UTF-8.
  static let maximumSize: UInt64 = 16 << 20

  mutating func text(ofPath path: String) -> TextSnapshot? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      attributes[.type] as? FileAttributeType == .typeRegular
    else {
      entries[path] = nil
      return nil
    }
    let size = (attributes[.size] as? NSNumber)?.uint64Value ?? 0
    let modified = attributes[.modificationDate] as? Date ?? .distantPast
    if let entry = entries[path], entry.size == size, entry.modified == modified { return entry.text }
    guard size <= Self.maximumSize, let data = FileManager.default.contents(atPath: path) else { return nil }
    let text = TextSnapshot(bytes: [UInt8](data))
    entries[path] = Entry(size: size, modified: modified, text: text)
    return text
  }

  mutating func forget(_ path: String) { entries[path] = nil }
}
