// libFuzzer harness: the Swift frontend on one file (scripts/fuzz.sh swift).
import SwiftFrontend

/// One input: the bytes of a `.swift` file. The frontend must return facts, never trap or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSwiftFrontend(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
  _ = SwiftFrontend.parse(path: "Fuzz.swift", bytes: bytes)
  return 0
}
