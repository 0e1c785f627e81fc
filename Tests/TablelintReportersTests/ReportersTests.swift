import TablelintReporters
import Testing

@Suite struct ReportersTests {
  @Test func registryListsEveryReporterOnce() {
    #expect(Reporters.all.map { $0.identifier } == ["text", "json", "sarif", "github", "checkstyle", "junit", "markdown"])
  }

  @Test func lookUpByName() {
    #expect(Reporters.reporter(named: "sarif") == SARIFReporter.self)
    #expect(Reporters.reporter(named: "json") == JSONReporter.self)
    #expect(Reporters.reporter(named: "xcode") == nil)
  }
}
