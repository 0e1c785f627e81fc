// libFuzzer harness: `.tablelint.yml` through Yams and the configuration reader (scripts/fuzz.sh config).
import TablelintCore

/// One input: the text of a configuration file. Reading it must give a configuration or a `ConfigurationError`,
/// never trap or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
  let text = String(decoding: bytes, as: UTF8.self)
  if let configuration = try? Configuration.parse(text: text, path: ".tablelint.yml", rootDirectory: "/fuzz") {
    _ = configuration.lintConfiguration(currentDirectory: "/fuzz")
    _ = configuration.pathFilter(currentDirectory: "/fuzz")
  }
  return 0
}
