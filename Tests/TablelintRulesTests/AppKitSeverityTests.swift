import Testing
import TablelintModel
@testable import TablelintRules
import _TablelintTestSupport

/// AppKit logs an outlet it cannot connect and goes on (UIKit raises): the same defect is a warning in a macOS xib.
@Suite struct AppKitSeverityTests {
  @Test func aDanglingOutletInAMacOSDocumentIsAWarning() {
    let (result, _) = ExampleRunner.lint([
      (
        "AppDelegate.swift",
        """
        import AppKit

        @main final class AppDelegate: NSObject, NSApplicationDelegate {
          private weak var appleIDField: NSTextField?
        }
        """
      ),
      (
        "LoginWindow.xib",
        ExampleIB.appKitWindowXib(
          ownerClass: "AppDelegate", ownerOutlets: ["<outlet property=\"appleIDField\" destination=\"win-1\" id=\"o1\"/>"]
        )
      ),
    ])
    let outlets = result.findings.filter { $0.ruleID == "dangling_outlet" }
    #expect(outlets.map(\.severity) == [.warning, .warning], "\(outlets.map(\.message))")
  }
}

/// A file tablelint declines for one of its own limits may be valid Swift (facebook-ios-sdk's test fixture nests a
/// dictionary literal 13 deep): a warning; a file that is broken stays an error.
@Suite struct ParseErrorSeverityTests {
  @Test func aFileDeclinedForALimitIsAWarningAndABrokenOneAnError() {
    let nested = "let fixture: [String: Any] = " + String(repeating: "[\"child\": ", count: 13) + "1"
      + String(repeating: "]", count: 13) + "\n"
    let (result, _) = ExampleRunner.lint([
      ("FeatureExtractorTests.swift", nested),
      ("Main.storyboard", "<?xml version=\"1.0\"?><document><scenes>"),
    ])
    let problems = result.findings.filter { $0.ruleID == "parse_error" }.sorted { $0.location < $1.location }
    #expect(problems.map(\.location.file) == ["FeatureExtractorTests.swift", "Main.storyboard"])
    #expect(problems.map(\.severity) == [.warning, .error], "\(problems.map(\.message))")
  }
}
