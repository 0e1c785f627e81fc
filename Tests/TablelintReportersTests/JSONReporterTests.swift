import Foundation
import TablelintModel
import TablelintReporters
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
}
