// libFuzzer harness: the Objective-C frontend on one file (scripts/fuzz.sh objc).
import ObjectiveCFrontend

/// One input: the bytes of a `.m` file. The frontend must return facts, never trap or hang, and stepping over quiet
/// method bodies (`QuietBodies`, the frontend's default) must give exactly the facts of tokenizing every body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzObjectiveCFrontend(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
  let skipping = ObjectiveCFrontend.parse(path: "Fuzz.m", bytes: bytes)
  let whole = ObjectiveCFrontend.parse(path: "Fuzz.m", bytes: bytes, skippingQuietBodies: false)
  precondition(skipping == whole, "stepping over quiet method bodies changed the facts")
  return 0
}
