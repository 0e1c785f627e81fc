import InterfaceBuilderFrontend
import Testing
import TablelintModel
import _TablelintTestSupport

/// Parses text as a storyboard (or the kind `path` names) and returns the facts.
func parseFacts(_ text: String, path: String = "Main.storyboard") -> FileFacts {
  InterfaceBuilderFrontend.parse(path: path, bytes: Array(text.utf8))
}

/// Parses text that must be a readable IB document.
func parseDocument(
  _ text: String, path: String = "Main.storyboard", sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> InterfaceBuilderDocument {
  let facts = parseFacts(text, path: path)
  #expect(facts.problems.isEmpty, "unexpected problems: \(facts.problems)", sourceLocation: sourceLocation)
  return try #require(facts.interfaceBuilder, sourceLocation: sourceLocation)
}

/// Wraps scenes in a storyboard document.
func storyboard(_ scenes: String) -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" \
  targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="tvc-01">
      <scenes>
  \(scenes)
      </scenes>
  </document>
  """
}

extension InterfaceBuilderDocument {
  func cell(_ id: String) -> IBCell? { cells.first { $0.id == id } }
  func tableView(_ id: String) -> IBTableView? { tableViews.first { $0.id == id } }
}

extension FileFacts {
  /// The only problem, when there is exactly one.
  var onlyProblem: FileProblem? { problems.count == 1 ? problems.first : nil }
}
