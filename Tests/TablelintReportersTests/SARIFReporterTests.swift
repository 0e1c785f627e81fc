import Foundation
import TablelintModel
import TablelintReporters
import TablelintRules
import Testing

@Suite struct SARIFReporterTests {
  static let expected = #"""
    {
      "$schema" : "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
      "runs" : [
        {
          "columnKind" : "utf16CodeUnits",
          "originalUriBaseIds" : {
            "%SRCROOT%" : {
              "uri" : "file:///Users/ada/Projects/Feed%20App/"
            }
          },
          "results" : [
            {
              "level" : "error",
              "locations" : [
                {
                  "physicalLocation" : {
                    "artifactLocation" : {
                      "uri" : "Sources/Feed%20View%20Controller.swift",
                      "uriBaseId" : "%SRCROOT%"
                    },
                    "region" : {
                      "endColumn" : 19,
                      "endLine" : 42,
                      "startColumn" : 9,
                      "startLine" : 42
                    }
                  }
                }
              ],
              "message" : {
                "text" : "no cell registered under 'FeedCell' on this table; found 'PostCell', 'AdCell'"
              },
              "relatedLocations" : [
                {
                  "id" : 0,
                  "message" : {
                    "text" : "the table's prototype cells"
                  },
                  "physicalLocation" : {
                    "artifactLocation" : {
                      "uri" : "Base.lproj/Main.storyboard",
                      "uriBaseId" : "%SRCROOT%"
                    },
                    "region" : {
                      "startColumn" : 17,
                      "startLine" : 120
                    }
                  }
                }
              ],
              "ruleId" : "unregistered_reuse_identifier",
              "ruleIndex" : 0
            },
            {
              "level" : "warning",
              "locations" : [
                {
                  "physicalLocation" : {
                    "artifactLocation" : {
                      "uri" : "Base.lproj/Main.storyboard",
                      "uriBaseId" : "%SRCROOT%"
                    },
                    "region" : {
                      "endColumn" : 35,
                      "endLine" : 131,
                      "startColumn" : 21,
                      "startLine" : 131
                    }
                  }
                }
              ],
              "message" : {
                "text" : "prototype 'AdCell' is never dequeued"
              },
              "ruleId" : "unused_prototype_cell",
              "ruleIndex" : 1
            },
            {
              "level" : "error",
              "locations" : [
                {
                  "physicalLocation" : {
                    "artifactLocation" : {
                      "uri" : "file:///opt/shared/Legacy/Old%20Cells.m"
                    },
                    "region" : {
                      "startColumn" : 1,
                      "startLine" : 3
                    }
                  }
                }
              ],
              "message" : {
                "text" : "not a UTF-8 text file"
              },
              "ruleId" : "parse_error",
              "ruleIndex" : 2
            },
            {
              "level" : "warning",
              "locations" : [
                {
                  "physicalLocation" : {
                    "artifactLocation" : {
                      "uri" : "file:///Users/ada/Projects/Shared/%C3%9Cn%C3%AFcode.storyboard"
                    },
                    "region" : {
                      "endColumn" : 2,
                      "endLine" : 8,
                      "startColumn" : 5,
                      "startLine" : 7
                    }
                  }
                }
              ],
              "message" : {
                "text" : "prototype 'Spacer' is never dequeued"
              },
              "ruleId" : "unused_prototype_cell",
              "ruleIndex" : 1
            }
          ],
          "tool" : {
            "driver" : {
              "name" : "tablelint",
              "rules" : [
                {
                  "defaultConfiguration" : {
                    "level" : "error"
                  },
                  "id" : "unregistered_reuse_identifier",
                  "name" : "UnregisteredReuseIdentifier",
                  "shortDescription" : {
                    "text" : "a cell dequeued under an identifier that its table never registers"
                  }
                },
                {
                  "defaultConfiguration" : {
                    "level" : "warning"
                  },
                  "id" : "unused_prototype_cell",
                  "name" : "UnusedPrototypeCell",
                  "shortDescription" : {
                    "text" : "a storyboard prototype cell that no code dequeues"
                  }
                },
                {
                  "defaultConfiguration" : {
                    "level" : "error"
                  },
                  "id" : "parse_error",
                  "name" : "ParseError",
                  "shortDescription" : {
                    "text" : "a storyboard, xib or source file that cannot be read"
                  }
                }
              ],
              "version" : "0.1.0"
            }
          }
        }
      ],
      "version" : "2.1.0"
    }
    """#

  @Test func goldenReport() {
    #expect(SARIFReporter.report(Fixtures.findings, context: Fixtures.context()) == Self.expected)
  }

  @Test func zeroFindingsStillListTheRules() {
    let context = ReportContext(
      currentDirectory: "/", toolVersion: "1.2.3", filesAnalysed: 0, rules: [ParseErrorRule.description]
    )
    let expected = #"""
      {
        "$schema" : "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
        "runs" : [
          {
            "columnKind" : "utf16CodeUnits",
            "originalUriBaseIds" : {
              "%SRCROOT%" : {
                "uri" : "file:///"
              }
            },
            "results" : [

            ],
            "tool" : {
              "driver" : {
                "name" : "tablelint",
                "rules" : [
                  {
                    "defaultConfiguration" : {
                      "level" : "error"
                    },
                    "id" : "parse_error",
                    "name" : "ParseError",
                    "shortDescription" : {
                      "text" : "a storyboard, xib or source file that cannot be read"
                    }
                  }
                ],
                "version" : "1.2.3"
              }
            }
          }
        ],
        "version" : "2.1.0"
      }
      """#
    #expect(SARIFReporter.report([], context: context) == expected)
  }

  @Test func unknownRulesHaveNoIndexAndDuplicateRulesAreListedOnce() throws {
    let finding = Finding(
      ruleID: "future_rule", severity: .warning, message: "m",
      location: Fixtures.location("A.swift", 1, 1, to: 1, 2)
    )
    var context = Fixtures.context()
    context.rules += [Fixtures.unregisteredRule]
    let run = try firstRun(SARIFReporter.report([finding], context: context))
    let result = try #require((run["results"] as? [[String: Any]])?.first)
    #expect(result["ruleId"] as? String == "future_rule")
    #expect(result["ruleIndex"] == nil)
    let rules = try #require(driver(of: run)["rules"] as? [[String: Any]])
    #expect(rules.compactMap { $0["id"] as? String } == Fixtures.rules.map(\.identifier))
  }

  @Test(arguments: [
    ("https://github.com/example/tablelint", "https://github.com/example/tablelint"),
    ("github.com/example/tablelint", nil), ("https://exa mple.com", nil), ("mailto:", nil), ("", nil),
  ] as [(String, String?)])
  func informationURIOnlyWhenAbsolute(uri: String, expected: String?) throws {
    var context = Fixtures.context()
    context.informationURI = uri
    let run = try firstRun(SARIFReporter.report([], context: context))
    #expect(try driver(of: run)["informationUri"] as? String == expected)
  }

  @Test func withoutAnAbsoluteWorkingDirectoryThereIsNoBaseURI() throws {
    let context = ReportContext(currentDirectory: "", toolVersion: "0", filesAnalysed: 1, rules: [])
    let text = SARIFReporter.report(Array(Fixtures.findings.prefix(1)), context: context)
    #expect(try firstRun(text)["originalUriBaseIds"] == nil)
    #expect(text.contains(#""uri" : "file:///Users/ada/Projects/Feed%20App/Sources/Feed%20View%20Controller.swift""#))
  }

  @Test func pathCharactersThatAreNotURICharactersAreEncoded() {
    let finding = Finding(
      ruleID: "parse_error", severity: .error, message: "m",
      location: Fixtures.location("Sources/UIView+Cells/a:b #1?%.m", 1, 1, to: 1, 2)
    )
    let text = SARIFReporter.report([finding], context: Fixtures.context())
    #expect(text.contains(#""uri" : "Sources/UIView+Cells/a%3Ab%20%231%3F%25.m""#))
  }

  @Test func ruleNamesAreUpperCamelCase() {
    #expect(SARIFReporter.upperCamelCase("unregistered_reuse_identifier") == "UnregisteredReuseIdentifier")
    #expect(SARIFReporter.upperCamelCase("parse_error") == "ParseError")
    #expect(SARIFReporter.upperCamelCase("x") == "X")
  }

  /// `TABLELINT_SARIF_OUT=/tmp/out.sarif swift test --filter SARIFReporterTests` writes the golden run's log, for
  /// `scripts/validate-sarif.py /tmp/out.sarif`.
  @Test func writesTheLogForSchemaValidationWhenAsked() throws {
    guard let path = ProcessInfo.processInfo.environment["TABLELINT_SARIF_OUT"], !path.isEmpty else { return }
    let text = SARIFReporter.report(Fixtures.findings, context: Fixtures.context())
    try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: path))
  }

  private func firstRun(_ text: String) throws -> [String: Any] {
    let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    return try #require((log["runs"] as? [[String: Any]])?.first)
  }

  private func driver(of run: [String: Any]) throws -> [String: Any] {
    try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
  }
}
