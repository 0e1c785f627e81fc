import Foundation
import TablelintModel

extension Array where Element == Finding {
  /// The findings with columns counted in UTF-16 code units (what SARIF viewers expect), reading each file once.
  /// Files that cannot be read keep their UTF-8 columns, which are equal on ASCII lines.
  public func convertingColumnsToUTF16() -> [Finding] {
    var files: [String: (bytes: [UInt8], lines: LineTable)?] = [:]
    func file(_ path: String) -> (bytes: [UInt8], lines: LineTable)? {
      if let cached = files[path] { return cached }
      let loaded = FileManager.default.contents(atPath: path).map { data -> ([UInt8], LineTable) in
        let bytes = [UInt8](data)
        return (bytes, LineTable(bytes))
      }
      files[path] = loaded
      return loaded
    }
    func convert(_ location: SourceLocation) -> SourceLocation {
      guard let (bytes, lines) = file(location.file) else { return location }
      var converted = location
      converted.range.start = UTF16Columns.converting(location.range.start, in: bytes, lines: lines)
      converted.range.end = UTF16Columns.converting(location.range.end, in: bytes, lines: lines)
      return converted
    }
    return map { finding in
      var converted = finding
      converted.location = convert(finding.location)
      converted.related = finding.related.map { RelatedLocation(location: convert($0.location), message: $0.message) }
      return converted
    }
  }
}
