import TablelintModel
@testable import TablelintReporters
import Testing

@Suite struct CheckstyleReporterTests {
  @Test func goldenReport() {
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <checkstyle version="4.3">
        <file name="Sources/Feed View Controller.swift">
          <error line="42" column="9" severity="error" message="no cell registered under &apos;FeedCell&apos; on this \
      table; found &apos;PostCell&apos;, &apos;AdCell&apos;" source="tablelint.unregistered_reuse_identifier"/>
        </file>
        <file name="Base.lproj/Main.storyboard">
          <error line="131" column="21" severity="warning" message="prototype &apos;AdCell&apos; is never dequeued" \
      source="tablelint.unused_prototype_cell"/>
        </file>
        <file name="/opt/shared/Legacy/Old Cells.m">
          <error line="3" column="1" severity="error" message="not a UTF-8 text file" source="tablelint.parse_error"/>
        </file>
        <file name="../Shared/Ünïcode.storyboard">
          <error line="7" column="5" severity="warning" message="prototype &apos;Spacer&apos; is never dequeued" \
      source="tablelint.unused_prototype_cell"/>
        </file>
      </checkstyle>
      """
    #expect(CheckstyleReporter.report(Fixtures.findings, context: Fixtures.context()) == expected)
  }

  @Test func noFindingsIsAnEmptyDocument() {
    #expect(
      CheckstyleReporter.report([], context: Fixtures.context())
        == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n</checkstyle>"
    )
  }

  @Test func markupAndControlCharactersAreEscaped() {
    #expect(XMLEscaping.escape("<a href=\"x\">&\n\u{1}") == "&lt;a href=&quot;x&quot;&gt;&amp;&#10;\u{FFFD}")
    #expect(XMLEscaping.escape("a\nb 'c'", attribute: false) == "a\nb 'c'")
  }
}
