// libFuzzer harness: the Swift frontend on one file (scripts/fuzz.sh swift).
import SwiftFrontend

/// One input: the bytes of a `.swift` file. The frontend must return facts, never trap or hang; and the batch path's
/// lighter read, which skips bodies (`BodySkipping`) and reads declarations-only files without a tree
/// (`DeclarationReader`), must give the facts of a whole parse whenever the whole parse found no syntax error (an
/// error confined to a skipped body is the one documented difference). And the nesting scan must see every `[` the
/// parser's lexer sees, or a crafted file reaches swift-syntax's exponential lookahead (it found a regex literal
/// holding a quote only as a timeout).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSwiftFrontend(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
  let skipping = SwiftFrontend.parse(path: "Fuzz.swift", bytes: bytes)
  let whole = SwiftFrontend.parse(path: "Fuzz.swift", bytes: bytes, skippingBodies: false)
  if whole.swift?.hasSyntaxErrors == false {
    precondition(skipping == whole, "skipping bodies changed the facts of a file without syntax errors")
  }
  // The declaration reader (no tree) must not read a skeleton swift-syntax finds an error in.
  precondition(
    SwiftFrontend.declarationReaderReadsOnlyCleanSkeletons(bytes), "the declaration reader read an erroneous skeleton"
  )
  precondition(SwiftFrontend.nestingScanSeesEverySquareBracket(bytes), "the nesting scan missed '[' the lexer sees")
  return 0
}
