// libFuzzer harness: the Interface Builder frontend (libxml2) on one file (scripts/fuzz.sh ib).
import InterfaceBuilderFrontend

/// One input: the bytes of a storyboard (even length) or a xib (odd length). The frontend must return facts or
/// one problem, never trap or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInterfaceBuilderFrontend(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
  let facts = InterfaceBuilderFrontend.parse(path: count % 2 == 0 ? "Fuzz.storyboard" : "Fuzz.xib", bytes: bytes)
  precondition(facts.problems.count <= 1, "a malformed file yields exactly one problem")
  return 0
}
