// Strings+Legacy.swift - saved by an old editor as Latin-1.
import Foundation

/// Café names for the reader´s sections.
enum LegacyStrings {
  static let title = "Café"
}
