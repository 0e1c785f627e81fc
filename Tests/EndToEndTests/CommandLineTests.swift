import Foundation
import Testing

/// Runs the built `tablelint` binary as a user or CI would.
struct Tablelint {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The products folder holds both the test bundle and the `tablelint` executable.
  static var executable: URL {
    let testBinary = URL(fileURLWithPath: Swift.CommandLine.arguments[0])
    var directory = testBinary.deletingLastPathComponent()
    // On some platforms the test binary sits inside a bundle.
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("tablelint").path),
      directory.path != "/"
    {
      directory = directory.deletingLastPathComponent()
    }
    return directory.appendingPathComponent("tablelint")
  }

  struct Result {
    let status: Int32
    let stdout: String
    let stderr: String
  }

  static func run(_ arguments: [String], in directory: URL = packageRoot) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Both pipes are drained at once: reading one to its end first would leave the process blocked on the other once
    // it fills (64 KiB), and the test waiting forever (a sanitizer's report at exit is that large).
    let stderrData = ConcurrentData()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { stderrData.set(err.fileHandleForReading.readDataToEndOfFile()) }
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    let stderr = stderrData.value
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self)
    )
  }
}

/// Bytes one thread reads and another takes when it is done.
final class ConcurrentData: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()

  func set(_ value: Data) { lock.withLock { data = value } }
  var value: Data { lock.withLock { data } }
}

@Suite struct CommandLineTests {
  @Test func cleanProjectExitsZeroWithASummary() throws {
    let result = try Tablelint.run(["lint", "Fixtures/CleanApp"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.hasPrefix("No problems found in "))
    #expect(result.stderr.isEmpty)
  }

  @Test func errorsExitOneWithCompilerStyleLines() throws {
    let result = try Tablelint.run(["lint", "Fixtures/DefectsApp"])
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let findingLines = lines.filter { $0.contains(": error: ") || $0.contains(": warning: ") }
    #expect(!findingLines.isEmpty)
    for line in findingLines {
      // path:line:col: severity: message [rule_id]
      #expect(line.hasPrefix("Fixtures/DefectsApp/"), "\(line)")
      #expect(line.hasSuffix("]"), "\(line)")
    }
    #expect(lines.last?.hasPrefix("Found ") == true)
  }

  @Test func quietPrintsOnlyFindings() throws {
    let result = try Tablelint.run(["lint", "--quiet", "Fixtures/CleanApp"])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
  }

  @Test func aMissingPathIsAUsageErrorWithOneLine() throws {
    let result = try Tablelint.run(["lint", "no/such/dir"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.stderr.contains("no/such/dir"))
  }

  @Test func anUnknownOptionIsAUsageError() throws {
    let result = try Tablelint.run(["lint", "--format", "yaml", "Fixtures/CleanApp"])
    #expect(result.status == 2)
  }

  @Test func jsonAndSarifAreValidJSON() throws {
    let json = try Tablelint.run(["lint", "--format", "json", "Fixtures/DefectsApp"])
    #expect(json.status == 1)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["version"] as? Int == 1)
    #expect(((object["findings"] as? [Any]) ?? []).count > 0)

    let sarif = try Tablelint.run(["lint", "--format", "sarif", "Fixtures/DefectsApp"])
    let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    let runs = try #require(log["runs"] as? [[String: Any]])
    let results = try #require(runs.first?["results"] as? [[String: Any]])
    #expect(!results.isEmpty)
  }

  @Test func rulesListsEveryRule() throws {
    let result = try Tablelint.run(["rules"])
    #expect(result.status == 0)
    for id in [
      "unregistered_reuse_identifier", "prototype_without_reuse_identifier", "duplicate_reuse_identifier",
      "cell_class_mismatch", "missing_nib", "nib_reuse_identifier_mismatch", "parse_error",
    ] {
      #expect(result.stdout.contains(id))
    }
    let single = try Tablelint.run(["rules", "missing_nib"])
    #expect(single.stdout.contains("**Why is this bad?**"))
  }

  @Test func versionIsPrinted() throws {
    let result = try Tablelint.run(["--version"])
    #expect(result.status == 0)
    #expect(!result.stdout.isEmpty)
  }
}
