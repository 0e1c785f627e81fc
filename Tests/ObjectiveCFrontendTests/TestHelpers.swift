@testable import ObjectiveCFrontend
import TablelintModel
import Testing
import _TablelintTestSupport

/// Scans marked Objective-C source (markers removed) that must be readable, and returns its classes.
func scanClasses(
  _ marked: String, path: String = "Example.m", sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> [ObjCClassDeclaration] {
  let source = MarkedSource(marked)
  let facts = ObjectiveCFrontend.parse(path: path, bytes: Array(source.text.utf8))
  #expect(facts.problems.isEmpty, "unexpected problems: \(facts.problems)", sourceLocation: sourceLocation)
  return facts.objectiveC?.classes ?? []
}

/// Where each marker of `marked` stands, as `SourcePosition`s of the unmarked text.
func markerPositions(_ marked: String) -> [String: SourcePosition] {
  MarkedSource(marked).markerPositions
}

/// The kinds and spellings of the tokens of `source`, for compact expectations: identifiers and at-keywords as
/// their text (`@end`), punctuation as its character, literals as their source text in `«»`.
func tokenSpellings(_ source: String) -> [String] {
  let bytes = Array(source.utf8)
  return ObjectiveCTokenizer.tokenize(bytes).map { token in
    switch token.kind {
    case .identifier: token.text
    case .atKeyword: "@" + token.text
    case .punctuation: String(UnicodeScalar(token.byte))
    case .literal: "«" + String(decoding: bytes[token.start..<token.end], as: UTF8.self) + "»"
    }
  }
}

extension ObjCClassDeclaration {
  var selectors: [String] { methods.map(\.selector) }
  var propertyNames: [String] { properties.map(\.name) }

  func property(_ name: String) -> ObjCProperty? { properties.first { $0.name == name } }
  func method(_ selector: String) -> ObjCMethod? { methods.first { $0.selector == selector } }
}
