import TablelintModel
@testable import TablelintReporters
import Testing

@Suite struct GitHubReporterTests {
  @Test func goldenReport() {
    let expected = """
      ::error file=Sources/Feed View Controller.swift,line=42,col=9,endColumn=19,title=unregistered_reuse_identifier::no \
      cell registered under 'FeedCell' on this table; found 'PostCell', 'AdCell'%0Anote: Base.lproj/Main.storyboard:120:17: \
      the table's prototype cells
      ::warning file=Base.lproj/Main.storyboard,line=131,col=21,endColumn=35,title=unused_prototype_cell::prototype \
      'AdCell' is never dequeued
      ::error file=/opt/shared/Legacy/Old Cells.m,line=3,col=1,title=parse_error::not a UTF-8 text file
      ::warning file=../Shared/Ünïcode.storyboard,line=7,endLine=8,col=5,title=unused_prototype_cell::prototype 'Spacer' \
      is never dequeued
      """
    #expect(GitHubReporter.report(Fixtures.findings, context: Fixtures.context()) == expected)
  }

  @Test func noFindingsPrintNothing() {
    #expect(GitHubReporter.report([], context: Fixtures.context()) == "")
  }

  @Test func valuesAreEscapedAsTheRunnerExpects() {
    let finding = Finding(
      ruleID: "r", severity: .error, message: "100% wrong\r\nsecond: line, really",
      location: Fixtures.location("a,b:c.swift", 1, 1, to: 1, 1)
    )
    #expect(
      GitHubReporter.report([finding], context: Fixtures.context())
        == "::error file=a%2Cb%3Ac.swift,line=1,col=1,title=r::100%25 wrong%0D%0Asecond: line, really"
    )
  }
}
