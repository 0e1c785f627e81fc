// libFuzzer harness: the language server's incremental Swift parse against a full parse
// (scripts/fuzz.sh swift-incremental).
import SwiftFrontend
import TablelintModel

/// One input: the text after an edit. The text before it is the input with its middle sixth removed; parsing it
/// first and then the input incrementally must give the facts of a full parse of the input (text with syntax
/// errors is parsed whole by `IncrementalSwiftParser`, see
/// `IncrementalParsingTests.anEditInTextWithSyntaxErrorsGivesTheFactsOfAWholeParse`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIncrementalSwiftParser(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
  let before = Array(bytes[..<(bytes.count / 3)] + bytes[(bytes.count / 2)...])
  let parser = IncrementalSwiftParser()
  _ = parser.parse(path: "Fuzz.swift", bytes: before)
  let incremental = parser.parse(path: "Fuzz.swift", bytes: bytes)
  let full = SwiftFrontend.parse(path: "Fuzz.swift", bytes: bytes)
  precondition(incremental == full, "the incremental parse's facts differ from a full parse's")
  return 0
}
