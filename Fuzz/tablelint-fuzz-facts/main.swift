// libFuzzer harness: decoding the facts a cache or a shard holds (scripts/fuzz.sh facts).
import Foundation
@_spi(Testing) import TablelintCore
import TablelintModel

/// One input: a `CompactCoder` blob, as a cache entry, the cache's stored result or a shard holds them (a cache file
/// can be damaged, a shard comes from another machine), and a cache's result section and reuse proof. Each reading must give a value or an error, never trap or
/// hang; a value it gives must encode and decode back to itself (the fast decoders read what `Codable` wrote), and
/// `Codable` alone must read the same value from the blob (the fast decoders read what `Codable` reads).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFactsDecoding(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
  if let facts = readBothWays(FileFacts.self, bytes) { roundTrip(facts) }
  if let shard = readBothWays(ShardContents.self, bytes) { roundTrip(shard.files) }
  if let result = readBothWays(FactsCache.StoredResult.self, bytes) { roundTrip(result) }
  _ = FactsCache.acceptsResultSection(bytes)
  return 0
}

/// The blob read by the fast decoders, which must give what `Codable` alone gives when it gives a value. (The fast
/// decoders may accept a little more: a case without associated values whose empty container holds stray keys.)
func readBothWays<Value: Decodable & Equatable>(_ type: Value.Type, _ bytes: [UInt8]) -> Value? {
  let fast = try? CompactCoder.decode(type, from: bytes, fast: true)
  if let codable = try? CompactCoder.decode(type, from: bytes, fast: false) {
    precondition(fast == codable, "the fast decoders read another value than Codable does")
  }
  return fast
}

/// What a shard's blob holds (`FactsShard`), by the same keys.
struct ShardContents: Codable, Equatable {
  var version: String
  var files: [FileFacts]
}

func roundTrip<Value: Codable & Equatable>(_ value: Value) {
  guard let blob = try? CompactCoder.encode(value) else { preconditionFailure("a decoded value does not encode") }
  let again = try? CompactCoder.decode(Value.self, from: blob)
  precondition(again == value, "a decoded value does not decode back to itself")
}

/// With `TABLELINT_FUZZ_MAKE_SEEDS=DIR`, writes one blob per fixture file (its facts), one per fixture project (its
/// files as a shard holds them) and one stored result, to DIR, and exits: the seeds `scripts/fuzz.sh` gives.
@_cdecl("LLVMFuzzerInitialize")
public func makeSeeds(
  _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
  guard let directory = ProcessInfo.processInfo.environment["TABLELINT_FUZZ_MAKE_SEEDS"] else { return 0 }
  let projects = (try? FileManager.default.contentsOfDirectory(atPath: "Fixtures"))?.sorted() ?? []
  var written = 0
  func write(_ blob: [UInt8]?, _ name: String) {
    guard let blob, FileManager.default.createFile(atPath: directory + "/" + name, contents: Data(blob)) else { return }
    written += 1
  }
  for project in projects {
    guard let files = try? Workspace(roots: ["Fixtures/" + project]).refresh(), !files.isEmpty else { continue }
    for (index, file) in files.enumerated() { write(try? CompactCoder.encode(file), "\(project)-\(index).blob") }
    write(try? CompactCoder.encode(ShardContents(version: "0", files: Array(files.prefix(6)))), "\(project).shard")
    let findings = LintEngine.snapshot(files: files).result.findings
    write(
      try? CompactCoder.encode(
        FactsCache.StoredResult(configuration: 1, inputs: 2, findings: Array(findings.prefix(8)), suppressedCount: 0, fileCount: files.count)
      ),
      "\(project).result"
    )
  }
  print("wrote \(written) seeds to \(directory)")
  exit(written > 0 ? 0 : 1)
}
