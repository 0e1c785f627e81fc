@testable import TablelintReporters
import Testing

@Suite struct ReportPathsTests {
  static let paths = ReportPaths(currentDirectory: "/work/app")

  @Test(arguments: [
    ("/work/app/Sources/A.swift", "Sources/A.swift"),
    ("./Sources/A.swift", "Sources/A.swift"),
    ("Sources/./B/../A.swift", "Sources/A.swift"),
    ("../app/Sources/A.swift", "Sources/A.swift"),
    ("/work/app2/A.swift", "/work/app2/A.swift"),
    ("/work/other/A.swift", "/work/other/A.swift"),
    ("../other/A.swift", "../other/A.swift"),
    ("//work//app//A.swift", "A.swift"),
    ("/work/app", "/work/app"),
  ])
  func displayPath(path: String, expected: String) {
    #expect(Self.paths.displayPath(path) == expected)
  }

  @Test func absolutePaths() {
    #expect(Self.paths.absolutePath("../other/A.swift") == "/work/other/A.swift")
    #expect(Self.paths.absolutePath("/../../A.swift") == "/A.swift")
    #expect(ReportPaths(currentDirectory: "relative/dir").absolutePath("A.swift") == nil)
    #expect(ReportPaths(currentDirectory: "/").relativePath("/A.swift") == "A.swift")
  }
}
