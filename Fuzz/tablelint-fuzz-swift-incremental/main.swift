// libFuzzer harness: the language server's incremental Swift parse against a full parse
// (scripts/fuzz.sh swift-incremental).
import SwiftFrontend
import TablelintModel

/// One input: the text after an edit. The text before it is the input with its middle sixth removed; parsing it
/// first and then the input incrementally (which takes the facts of the declarations the parser reused) must give
/// the facts of a full parse of the input. On text with syntax errors swift-syntax's incremental parse may recover
/// differently: such a parse is unsettled, and its settled facts (`settle`, what the language server publishes
/// once typing pauses) are what must equal the full parse's (see
/// `IncrementalParsingTests.anEditInTextWithSyntaxErrorsIsSettledByAWholeParse`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIncrementalSwiftParser(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
  let before = Array(bytes[..<(bytes.count / 3)] + bytes[(bytes.count / 2)...])
  let parser = IncrementalSwiftParser()
  _ = parser.parse(path: "Fuzz.swift", bytes: before)
  let incremental = parser.parse(path: "Fuzz.swift", bytes: bytes)
  // A whole parse, as the language server's parser makes: the batch path's lighter read does not see an error
  // confined to a body it skips (found by this target: such a text gave `hasSyntaxErrors` false there, true here).
  let full = SwiftFrontend.parse(path: "Fuzz.swift", bytes: bytes, skippingBodies: false)
  if full.swift?.hasSyntaxErrors == false {
    precondition(incremental == full, "the incremental parse's facts of error-free text differ from a full parse's")
  }
  precondition((parser.settle("Fuzz.swift") ?? incremental) == full, "the settled facts differ from a full parse's")
  return 0
}
