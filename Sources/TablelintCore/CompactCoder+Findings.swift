import TablelintModel

/// The stored result of the last run (`FactsCache.StoredResult`) read field by field, as the other fast decoders read
/// facts: an unchanged tree's run decodes nothing else, and through `Codable` the first use of each generic
/// container and array type (a run-time look-up of their conformances in a binary as large as swift-syntax makes it)
/// cost more than the rest of that run. The bytes are `Codable`'s (`CompactEncoder` writes them); a fix's anchor,
/// rare, goes through `Codable`, and so does anything the blob holds unexpectedly, which throws as it would.
extension CompactFastDecoding {
  private enum StoredResultField: String, CompactFields {
    case configuration, inputs, findings, suppressedCount, fileCount
    static let all = allCases
    static let list = CompactFieldList.storedResult
  }

  private enum FindingField: String, CompactFields {
    case ruleID, severity, message, location, related, fixes
    static let all = allCases
    static let list = CompactFieldList.finding
  }

  private enum RelatedLocationField: String, CompactFields {
    case location, message
    static let all = allCases
    static let list = CompactFieldList.relatedLocation
  }

  private enum FixField: String, CompactFields {
    case title, applicability, edits
    static let all = allCases
    static let list = CompactFieldList.fix
  }

  private enum FixEditField: String, CompactFields {
    case path, range, newText, anchor
    static let all = allCases
    static let list = CompactFieldList.fixEdit
  }

  /// An integer as the generic reader reads one: a signed (zigzag) or unsigned varint that fits.
  static func integer<Value: FixedWidthInteger>(
    _: Value.Type, _ reader: CompactReader, at offset: Int, _ path: [any CodingKey]
  ) throws -> Value {
    var cursor = offset
    let tag = try reader.byte(at: &cursor)
    let raw = try reader.varint(at: &cursor)
    if tag == CompactTag.signed.rawValue, let value = Value(exactly: CompactReader.unzigzag(raw)) { return value }
    if tag == CompactTag.unsigned.rawValue, let value = Value(exactly: raw) { return value }
    throw reader.corrupted("expected an integer that fits \(Value.self)", path)
  }

  static func storedResult(
    _ reader: CompactReader, at offset: Int, _ path: [any CodingKey]
  ) throws -> FactsCache.StoredResult {
    var configuration: UInt64?
    var inputs: UInt64?
    var findings: [Finding]?
    var suppressedCount: Int?
    var fileCount: Int?
    try reader.forEachField(of: StoredResultField.self, at: offset, path) { field, value in
      switch field {
      case .configuration: configuration = try integer(UInt64.self, reader, at: value, path)
      case .inputs: inputs = try integer(UInt64.self, reader, at: value, path)
      case .findings: findings = try elements(reader, at: value, path).map { try finding(reader, at: $0, path) }
      case .suppressedCount: suppressedCount = try integer(Int.self, reader, at: value, path)
      case .fileCount: fileCount = try integer(Int.self, reader, at: value, path)
      }
    }
    guard let configuration, let inputs, let findings, let suppressedCount, let fileCount else {
      throw reader.corrupted("a stored result without one of its keys", path)
    }
    return FactsCache.StoredResult(
      configuration: configuration, inputs: inputs, findings: findings, suppressedCount: suppressedCount,
      fileCount: fileCount
    )
  }

  static func finding(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> Finding {
    var ruleID: String?
    var severity: Severity?
    var message: String?
    var location: SourceLocation?
    var related: [RelatedLocation]?
    var fixes: [Fix] = []
    try reader.forEachField(of: FindingField.self, at: offset, path) { field, value in
      switch field {
      case .ruleID: ruleID = try string(reader, at: value, path)
      case .severity: severity = try raw(Severity.self, reader, at: value, path)
      case .message: message = try string(reader, at: value, path)
      case .location: location = try sourceLocation(reader, at: value, path)
      case .related:
        related = try elements(reader, at: value, path).map { try relatedLocation(reader, at: $0, path) }
      case .fixes:
        // `decodeIfPresent`: a null is no fixes.
        if try tag(reader, at: value) != CompactTag.null.rawValue {
          fixes = try elements(reader, at: value, path).map { try fix(reader, at: $0, path) }
        }
      }
    }
    guard let ruleID, let severity, let message, let location, let related else {
      throw reader.corrupted("a finding without one of its keys", path)
    }
    return Finding(
      ruleID: ruleID, severity: severity, message: message, location: location, related: related, fixes: fixes
    )
  }

  private static func relatedLocation(
    _ reader: CompactReader, at offset: Int, _ path: [any CodingKey]
  ) throws -> RelatedLocation {
    var location: SourceLocation?
    var message: String?
    try reader.forEachField(of: RelatedLocationField.self, at: offset, path) { field, value in
      switch field {
      case .location: location = try sourceLocation(reader, at: value, path)
      case .message: message = try string(reader, at: value, path)
      }
    }
    guard let location, let message else { throw reader.corrupted("a related location without one of its keys", path) }
    return RelatedLocation(location: location, message: message)
  }

  private static func fix(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> Fix {
    var title: String?
    var applicability: Fix.Applicability?
    var edits: [FixEdit]?
    try reader.forEachField(of: FixField.self, at: offset, path) { field, value in
      switch field {
      case .title: title = try string(reader, at: value, path)
      case .applicability: applicability = try raw(Fix.Applicability.self, reader, at: value, path)
      case .edits: edits = try elements(reader, at: value, path).map { try fixEdit(reader, at: $0, path) }
      }
    }
    guard let title, let applicability, let edits else { throw reader.corrupted("a fix without one of its keys", path) }
    return Fix(title: title, applicability: applicability, edits: edits)
  }

  private static func fixEdit(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> FixEdit {
    var editPath: String?
    var range: SourceRange?
    var newText: String?
    var anchor: FixEdit.Anchor?
    try reader.forEachField(of: FixEditField.self, at: offset, path) { field, value in
      switch field {
      case .path: editPath = try string(reader, at: value, path)
      case .range:
        var cursor = value
        guard try reader.byte(at: &cursor) == CompactTag.range.rawValue else {
          throw reader.corrupted("expected a range", path)
        }
        range = try reader.range(at: &cursor)
      case .newText: newText = try string(reader, at: value, path)
      case .anchor:
        if try tag(reader, at: value) != CompactTag.null.rawValue {
          anchor = try FixEdit.Anchor(from: CompactDecoder(reader: reader, offset: value, codingPath: path))
        }
      }
    }
    guard let editPath, let range, let newText else { throw reader.corrupted("a fix edit without one of its keys", path) }
    var edit = FixEdit(path: editPath, range: range, newText: newText)
    edit.anchor = anchor
    return edit
  }
}
