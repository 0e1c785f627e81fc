// libFuzzer harness: the Objective-C frontend on one file (scripts/fuzz.sh objc).
import ObjectiveCFrontend

/// One input: the bytes of a `.m` file. The frontend must return facts, never trap or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzObjectiveCFrontend(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
  _ = ObjectiveCFrontend.parse(path: "Fuzz.m", bytes: bytes)
  return 0
}
