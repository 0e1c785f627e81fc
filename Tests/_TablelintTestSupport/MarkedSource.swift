import TablelintModel

/// Source text with position markers (1️⃣, 2️⃣ …, 🔟) removed, and where each marker stood.
public struct MarkedSource: Sendable {
  public static let markers: [Character] = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"]

  /// The text without markers.
  public let text: String
  /// Marker → UTF-8 offset into `text`.
  public let markerOffsets: [String: Int]

  public init(_ marked: String) {
    var text = ""
    var offsets: [String: Int] = [:]
    for character in marked {
      if Self.markers.contains(character) {
        offsets[String(character)] = text.utf8.count
      } else {
        text.append(character)
      }
    }
    self.text = text
    self.markerOffsets = offsets
  }

  /// Line/column (UTF-8) positions of the markers.
  public var markerPositions: [String: SourcePosition] {
    let table = LineTable(Array(text.utf8))
    return markerOffsets.mapValues { table.position(ofOffset: $0) }
  }
}
