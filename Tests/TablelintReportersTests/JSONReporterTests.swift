import Foundation
import TablelintModel
@testable import TablelintReporters
import Testing

@Suite struct JSONReporterTests {
  static let expected = #"""
    {
      "findings" : [
        {
          "column" : 9,
          "endColumn" : 19,
          "endLine" : 42,
          "file" : "Sources/Feed View Controller.swift",
          "line" : 42,
          "message" : "no cell registered under 'FeedCell' on this table; found 'PostCell', 'AdCell'",
          "related" : [
            {
              "column" : 17,
              "file" : "Base.lproj/Main.storyboard",
              "line" : 120,
              "message" : "the table's prototype cells"
            }
          ],
          "rule" : "unregistered_reuse_identifier",
          "severity" : "error"
        },
        {
          "column" : 21,
          "endColumn" : 35,
          "endLine" : 131,
          "file" : "Base.lproj/Main.storyboard",
          "line" : 131,
          "message" : "prototype 'AdCell' is never dequeued",
          "related" : [

          ],
          "rule" : "unused_prototype_cell",
          "severity" : "warning"
        },
        {
          "column" : 1,
          "endColumn" : 1,
          "endLine" : 3,
          "file" : "/opt/shared/Legacy/Old Cells.m",
          "line" : 3,
          "message" : "not a UTF-8 text file",
          "related" : [

          ],
          "rule" : "parse_error",
          "severity" : "error"
        },
        {
          "column" : 5,
          "endColumn" : 2,
          "endLine" : 8,
          "file" : "../Shared/Ünïcode.storyboard",
          "line" : 7,
          "message" : "prototype 'Spacer' is never dequeued",
          "related" : [

          ],
          "rule" : "unused_prototype_cell",
          "severity" : "warning"
        }
      ],
      "summary" : {
        "errors" : 2,
        "files" : 14,
        "warnings" : 2
      },
      "tool" : {
        "name" : "tablelint",
        "version" : "0.1.0"
      },
      "version" : 1
    }
    """#

  @Test func goldenReport() {
    #expect(JSONReporter.report(Fixtures.findings, context: Fixtures.context()) == Self.expected)
  }

  @Test func trailingSlashAndDotSegmentsInTheWorkingDirectoryChangeNothing() {
    let context = Fixtures.context(directory: "/Users/ada/./Projects/Feed App/")
    #expect(JSONReporter.report(Fixtures.findings, context: context) == Self.expected)
  }

  @Test func zeroFindings() {
    let expected = #"""
      {
        "findings" : [

        ],
        "summary" : {
          "errors" : 0,
          "files" : 1,
          "warnings" : 0
        },
        "tool" : {
          "name" : "tablelint",
          "version" : "0.1.0"
        },
        "version" : 1
      }
      """#
    #expect(JSONReporter.report([], context: Fixtures.context(files: 1)) == expected)
  }

  @Test func outputIsJSONWithTheDocumentedTopLevelKeys() throws {
    let text = JSONReporter.report(Fixtures.findings, context: Fixtures.context())
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object.keys.sorted() == ["findings", "summary", "tool", "version"])
    let findings = try #require(object["findings"] as? [[String: Any]])
    #expect(
      findings.first?.keys.sorted()
        == ["column", "endColumn", "endLine", "file", "line", "message", "related", "rule", "severity"]
    )
  }

  @Test func slashesAndQuotesAreWrittenPlainly() {
    let finding = Finding(
      ruleID: "parse_error", severity: .error, message: #"unexpected "</table>" at a/b"#,
      location: Fixtures.location("/Users/ada/Projects/Feed App/UI/Main.storyboard", 1, 1, to: 1, 2)
    )
    let text = JSONReporter.report([finding], context: Fixtures.context())
    #expect(text.contains(#""message" : "unexpected \"</table>\" at a/b""#))
    #expect(text.contains(#""file" : "UI/Main.storyboard""#))
  }

  /// The reporter writes its text by hand (`PrettyJSON`); `JSONEncoder`, with the options the SARIF reporter uses, is
  /// the oracle: the same document gives the same bytes, whatever its strings hold.
  @Test(arguments: [
    "plain", "", "quote \" backslash \\ slash / a/b", "lines\nand\r\ntabs\t", "\u{0}\u{1}\u{8}\u{B}\u{C}\u{1F}\u{7F}",
    "caf\u{E9} \u{65}\u{301} \u{1F600} \u{2028}\u{2029} \u{FEFF}",
    String((0..<128).map { Character(Unicode.Scalar($0)!) }),
  ])
  func theHandWrittenTextIsWhatJSONEncoderWrites(text: String) {
    let related = RelatedLocation(
      location: Fixtures.location("/work/Other \(text).swift", 3, 4, to: 3, 9), message: text
    )
    let findings = [
      Finding(
        ruleID: "parse_error", severity: .error, message: text,
        location: Fixtures.location("/work/\(text).xib", 1, 2, to: 2, 1),
        related: [related, related]
      ),
      Finding(
        ruleID: "dangling_outlet", severity: .warning, message: text,
        location: Fixtures.location("A.swift", 9, 1, to: 9, 1)
      ),
    ]
    for findings in [findings, [findings[1]], []] {
      let paths = ReportPaths(currentDirectory: "/work")
      let counts = FindingCounts(findings)
      let document = JSONReporter.Document(
        version: 1, tool: .init(name: "tablelint", version: text),
        summary: .init(files: 12, errors: counts.errors, warnings: counts.warnings),
        findings: findings.map { JSONReporter.Document.Finding($0, paths: paths) }
      )
      #expect(document.json.text == JSONReporter.encodeDeterministically(document))
    }
    #expect(PrettyJSON.object([]).text == JSONReporter.encodeDeterministically([String: Int]()))
  }
}
