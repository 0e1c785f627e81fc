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
        "MainMenu.xib",
        ExampleIB.appKitWindowXib(
          ownerClass: "AppDelegate", ownerOutlets: ["<outlet property=\"appleIDField\" destination=\"win-1\" id=\"o1\"/>"]
        )
      ),
    ])
    let outlets = result.findings.filter { $0.ruleID == "dangling_outlet" }
    #expect(outlets.map(\.severity) == [.warning, .warning], "\(outlets.map(\.message))")
  }
}
