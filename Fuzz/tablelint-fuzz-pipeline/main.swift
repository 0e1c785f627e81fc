// libFuzzer harness: a whole workspace through the frontends, the index and every rule (scripts/fuzz.sh pipeline).
import TablelintCore
import TablelintModel

/// One input: several files separated by the byte 0x01; each file's first byte names its kind (`s` Swift, `b`
/// storyboard, `x` xib, `m` Objective-C, `h` header, `p` an Xcode project's `project.pbxproj`; anything else is Swift
/// and is kept). The files are linted
/// together, then the first file is edited (its second half removed) and the engine's incremental update must give
/// exactly what a full run over the edited files gives.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
  var files: [(path: String, bytes: [UInt8])] = []
  for (number, piece) in bytes.split(separator: 0x01, omittingEmptySubsequences: false).prefix(8).enumerated() {
    let extensions: [UInt8: String] = [
      UInt8(ascii: "s"): "swift", UInt8(ascii: "b"): "storyboard", UInt8(ascii: "x"): "xib",
      UInt8(ascii: "m"): "m", UInt8(ascii: "h"): "h",
    ]
    if piece.first == UInt8(ascii: "p") {
      files.append(("/fuzz/Project\(number).xcodeproj/project.pbxproj", Array(piece.dropFirst())))
    } else if let first = piece.first, let pathExtension = extensions[first] {
      files.append(("/fuzz/File\(number).\(pathExtension)", Array(piece.dropFirst())))
    } else {
      files.append(("/fuzz/File\(number).swift", Array(piece)))
    }
  }
  let facts = files.compactMap { Frontends.parse(path: $0.path, bytes: $0.bytes) }
  let snapshot = LintEngine.snapshot(files: facts)
  guard let first = files.first else { return 0 }
  let edited = Frontends.parse(path: first.path, bytes: Array(first.bytes.prefix(first.bytes.count / 2)))!
  let incremental = LintEngine.update(snapshot, changed: [edited])
  let full = LintEngine.snapshot(files: [edited] + facts.dropFirst())
  precondition(
    incremental.result.findings == full.result.findings, "the incremental update's findings differ from a full run's"
  )
  return 0
}
