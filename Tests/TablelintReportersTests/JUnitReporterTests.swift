import TablelintModel
@testable import TablelintReporters
import Testing

@Suite struct JUnitReporterTests {
  @Test func goldenReport() {
    let findings = Array(Fixtures.findings.prefix(3))
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="tablelint" tests="3" failures="3" errors="0">
        <testsuite name="Sources/Feed View Controller.swift" tests="1" failures="1" errors="0">
          <testcase classname="tablelint.unregistered_reuse_identifier" name="Sources/Feed View Controller.swift:42:9" \
      file="Sources/Feed View Controller.swift" line="42">
            <failure type="error" message="no cell registered under &apos;FeedCell&apos; on this table; found \
      &apos;PostCell&apos;, &apos;AdCell&apos;">Sources/Feed View Controller.swift:42:9: error: no cell registered under \
      'FeedCell' on this table; found 'PostCell', 'AdCell' [unregistered_reuse_identifier]
      Base.lproj/Main.storyboard:120:17: note: the table's prototype cells</failure>
          </testcase>
        </testsuite>
        <testsuite name="Base.lproj/Main.storyboard" tests="1" failures="1" errors="0">
          <testcase classname="tablelint.unused_prototype_cell" name="Base.lproj/Main.storyboard:131:21" \
      file="Base.lproj/Main.storyboard" line="131">
            <failure type="warning" message="prototype &apos;AdCell&apos; is never dequeued">Base.lproj/Main.storyboard:131:21: \
      warning: prototype 'AdCell' is never dequeued [unused_prototype_cell]</failure>
          </testcase>
        </testsuite>
        <testsuite name="/opt/shared/Legacy/Old Cells.m" tests="1" failures="1" errors="0">
          <testcase classname="tablelint.parse_error" name="/opt/shared/Legacy/Old Cells.m:3:1" \
      file="/opt/shared/Legacy/Old Cells.m" line="3">
            <failure type="error" message="not a UTF-8 text file">/opt/shared/Legacy/Old Cells.m:3:1: error: not a \
      UTF-8 text file [parse_error]</failure>
          </testcase>
        </testsuite>
      </testsuites>
      """
    #expect(JUnitReporter.report(findings, context: Fixtures.context()) == expected)
  }

  @Test func noFindingsIsOnePassingTestCase() {
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="tablelint" tests="1" failures="0" errors="0">
        <testsuite name="tablelint" tests="1" failures="0" errors="0">
          <testcase classname="tablelint" name="14 files linted"/>
        </testsuite>
      </testsuites>
      """
    #expect(JUnitReporter.report([], context: Fixtures.context()) == expected)
  }
}
