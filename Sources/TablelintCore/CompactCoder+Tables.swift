import TablelintModel

/// The table model's facts (data-source methods and their returns, enums) and Interface Builder cells, read field by
/// field as `CompactCoder+References` reads a file's references, and for the same reason.
extension CompactFastDecoding {
  private enum TableMethodField: String, CompactFields {
    case kind, name, enclosingType, returns, hasUnreadReturns, sectionCases, dependsOnTableView, location
    static let all = allCases
    static let list = CompactFieldList.tableMethod
  }

  static func tableMethodFacts(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> TableMethodFacts {
    var kind = TableMethodKind.numberOfSections
    var name = ""
    var enclosingType: String?
    var returns: [TableMethodReturn] = []
    var hasUnreadReturns = false
    var sectionCases: [SectionCaseLabel] = []
    var dependsOnTableView = false
    var location = unread
    let required = TableMethodField.all.filter { $0 != .enclosingType }
    try readFields(TableMethodField.self, reader, at: offset, path, required: required) { field, value in
      switch field {
      case .kind: kind = try raw(TableMethodKind.self, reader, at: value, path)
      case .name: name = try string(reader, at: value, path)
      case .enclosingType: enclosingType = try optionalString(reader, at: value, path)
      case .returns: returns = try list(reader, at: value, path, tableMethodReturn)
      case .hasUnreadReturns: hasUnreadReturns = try bool(reader, at: value, path)
      case .sectionCases:
        sectionCases = try list(reader, at: value, path, sectionCaseLabel)
      case .dependsOnTableView: dependsOnTableView = try bool(reader, at: value, path)
      case .location: location = try sourceLocation(reader, at: value, path)
      }
    }
    return TableMethodFacts(
      kind: kind, name: name, enclosingType: enclosingType, returns: returns, hasUnreadReturns: hasUnreadReturns,
      sectionCases: sectionCases, dependsOnTableView: dependsOnTableView, location: location
    )
  }

  private enum TableMethodReturnField: String, CompactFields {
    case sections, enumSections, value, isConditional, location
    static let all = allCases
    static let list = CompactFieldList.tableMethodReturn
  }

  private static func tableMethodReturn(
    _ reader: CompactReader, at offset: Int, _ path: [any CodingKey]
  ) throws -> TableMethodReturn {
    var sections = SectionSet.all
    var enumSections: EnumSectionSet?
    var value = TableReturnValue.unknown
    var isConditional = false
    var location = unread
    let required = TableMethodReturnField.all.filter { $0 != .enumSections }
    try readFields(TableMethodReturnField.self, reader, at: offset, path, required: required) { field, entry in
      switch field {
      case .sections: sections = try sectionSet(reader, at: entry, path)
      case .enumSections:
        enumSections = try optional(reader, at: entry, path) { try self.value(EnumSectionSet.self, $0, at: $1, $2) }
      case .value: value = try tableReturnValue(reader, at: entry, path)
      case .isConditional: isConditional = try bool(reader, at: entry, path)
      case .location: location = try sourceLocation(reader, at: entry, path)
      }
    }
    return TableMethodReturn(
      sections: sections, enumSections: enumSections, value: value, isConditional: isConditional, location: location
    )
  }

  private static func sectionSet(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> SectionSet {
    switch try enumCase(reader, at: offset, path) {
    case ("all", _)?: return .all
    case ("only", let values)?:
      if let list = values["_0"] { return .only(try integers(reader, at: list, path)) }
    case ("allExcept", let values)?:
      if let list = values["_0"] { return .allExcept(try integers(reader, at: list, path)) }
    default: break
    }
    return try SectionSet(from: CompactDecoder(reader: reader, offset: offset, codingPath: path))
  }

  private static func tableReturnValue(
    _ reader: CompactReader, at offset: Int, _ path: [any CodingKey]
  ) throws -> TableReturnValue {
    switch try enumCase(reader, at: offset, path) {
    case ("integer", let values)?:
      if let value = values["_0"] { return .integer(try integer(Int.self, reader, at: value, path)) }
    case ("string", let values)?:
      if let value = values["_0"] { return .string(try string(reader, at: value, path)) }
    case ("none", _)?: return .none
    case ("superCall", _)?: return .superCall
    case ("allCasesCount", let values)?:
      if let type = values["enumType"] { return .allCasesCount(enumType: try string(reader, at: type, path)) }
    case ("layoutSectionCount", let values)?:
      if let type = values["enumType"] { return .layoutSectionCount(enumType: try string(reader, at: type, path)) }
    case ("layoutRowCount", let values)?:
      if let type = values["enumType"] { return .layoutRowCount(enumType: try string(reader, at: type, path)) }
    case ("unknown", _)?: return .unknown
    default: break
    }
    return try TableReturnValue(from: CompactDecoder(reader: reader, offset: offset, codingPath: path))
  }

  private enum SectionCaseField: String, CompactFields {
    case section, location
    static let all = allCases
    static let list = CompactFieldList.sectionCase
  }

  private static func sectionCaseLabel(
    _ reader: CompactReader, at offset: Int, _ path: [any CodingKey]
  ) throws -> SectionCaseLabel {
    var section = 0
    var location = unread
    try readFields(SectionCaseField.self, reader, at: offset, path, required: SectionCaseField.all) { field, value in
      switch field {
      case .section: section = try integer(Int.self, reader, at: value, path)
      case .location: location = try sourceLocation(reader, at: value, path)
      }
    }
    return SectionCaseLabel(section: section, location: location)
  }

  private enum EnumCaseListField: String, CompactFields {
    case name, cases, caseLocations, casesAreUncertain, integerRawValues, location
    static let all = allCases
    static let list = CompactFieldList.enumCaseList
  }

  /// An enum's cases: every enum of a Swift file has one, so they are among the most numerous values.
  static func enumCaseList(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> EnumCaseList {
    var name = ""
    var cases: [String] = []
    var caseLocations: [SourceLocation] = []
    var casesAreUncertain = false
    var integerRawValues: [Int]?
    var location = unread
    let required = EnumCaseListField.all.filter { $0 != .integerRawValues }
    try readFields(EnumCaseListField.self, reader, at: offset, path, required: required) { field, value in
      switch field {
      case .name: name = try string(reader, at: value, path)
      case .cases: cases = try strings(reader, at: value, path)
      case .caseLocations:
        caseLocations = try list(reader, at: value, path, sourceLocation)
      case .casesAreUncertain: casesAreUncertain = try bool(reader, at: value, path)
      case .integerRawValues:
        integerRawValues = try optional(reader, at: value, path, integers)
      case .location: location = try sourceLocation(reader, at: value, path)
      }
    }
    return EnumCaseList(
      name: name, cases: cases, caseLocations: caseLocations, casesAreUncertain: casesAreUncertain,
      integerRawValues: integerRawValues, location: location
    )
  }

  private enum IBCellField: String, CompactFields {
    case id, kind, role, containerID, reuseIdentifier, reuseIdentifierLocation, classReference, style, accessoryType
    case text, detailText, location
    static let all = allCases
    static let list = CompactFieldList.ibCell
  }

  static func ibCell(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> IBCell {
    var id = ""
    var kind = IBCell.Kind.table
    var role = IBCell.Role.prototype
    var containerID: String?
    var reuseIdentifier: String?
    var reuseIdentifierLocation: SourceLocation?
    var classReference = IBClassReference(customClass: nil, customModule: nil, customModuleProvider: nil)
    var style: String?
    var accessoryType: String?
    var text: String?
    var detailText: String?
    var location = unread
    let required: [IBCellField] = [.id, .kind, .role, .classReference, .location]
    try readFields(IBCellField.self, reader, at: offset, path, required: required) { field, value in
      switch field {
      case .id: id = try string(reader, at: value, path)
      case .kind: kind = try raw(IBCell.Kind.self, reader, at: value, path)
      case .role: role = try raw(IBCell.Role.self, reader, at: value, path)
      case .containerID: containerID = try optionalString(reader, at: value, path)
      case .reuseIdentifier: reuseIdentifier = try optionalString(reader, at: value, path)
      case .reuseIdentifierLocation: reuseIdentifierLocation = try optionalLocation(reader, at: value, path)
      case .classReference: classReference = try ibClassReference(reader, at: value, path)
      case .style: style = try optionalString(reader, at: value, path)
      case .accessoryType: accessoryType = try optionalString(reader, at: value, path)
      case .text: text = try optionalString(reader, at: value, path)
      case .detailText: detailText = try optionalString(reader, at: value, path)
      case .location: location = try sourceLocation(reader, at: value, path)
      }
    }
    return IBCell(
      id: id, kind: kind, role: role, containerID: containerID, reuseIdentifier: reuseIdentifier,
      reuseIdentifierLocation: reuseIdentifierLocation, classReference: classReference, style: style,
      accessoryType: accessoryType, text: text, detailText: detailText, location: location
    )
  }
}

/// The same values written field by field, byte for byte as `Codable` writes them (see `CompactCoder+References`).
extension CompactFastEncoding {
  static func tableMethodFacts(_ value: TableMethodFacts, _ state: CompactEncodingState, depth: Int) throws {
    let depth = keyed(state, depth)
    string("kind", value.kind.rawValue, state, depth)
    string("name", value.name, state, depth)
    string("enclosingType", value.enclosingType, state, depth)
    try array("returns", value.returns, state, depth) { entry, depth in try tableMethodReturn(entry, state, depth: depth) }
    bool("hasUnreadReturns", value.hasUnreadReturns, state, depth)
    array("sectionCases", value.sectionCases, state, depth) { label, depth in
      let depth = keyed(state, depth)
      integer("section", label.section, state, depth)
      location("location", label.location, state, depth)
    }
    bool("dependsOnTableView", value.dependsOnTableView, state, depth)
    location("location", value.location, state, depth)
  }

  private static func tableMethodReturn(_ value: TableMethodReturn, _ state: CompactEncodingState, depth: Int) throws {
    let depth = keyed(state, depth)
    state.beginEntry(staticKey: "sections", depth: depth)
    switch value.sections {
    case .all: enumCase("all", state, depth)
    case .only(let list): enumCase("only", state, depth) { integers("_0", list, state, $0) }
    case .allExcept(let list): enumCase("allExcept", state, depth) { integers("_0", list, state, $0) }
    }
    if let sections = value.enumSections {
      state.beginEntry(staticKey: "enumSections", depth: depth)
      try self.value(sections, state, depth)
    }
    state.beginEntry(staticKey: "value", depth: depth)
    switch value.value {
    case .integer(let number): enumCase("integer", state, depth) { integer("_0", number, state, $0) }
    case .string(let text): enumCase("string", state, depth) { string("_0", text, state, $0) }
    case .none: enumCase("none", state, depth)
    case .superCall: enumCase("superCall", state, depth)
    case .allCasesCount(let type): enumCase("allCasesCount", state, depth) { string("enumType", type, state, $0) }
    case .layoutSectionCount(let type):
      enumCase("layoutSectionCount", state, depth) { string("enumType", type, state, $0) }
    case .layoutRowCount(let type): enumCase("layoutRowCount", state, depth) { string("enumType", type, state, $0) }
    case .unknown: enumCase("unknown", state, depth)
    }
    bool("isConditional", value.isConditional, state, depth)
    location("location", value.location, state, depth)
  }

  static func integers(_ key: StaticString, _ values: [Int], _ state: CompactEncodingState, _ depth: Int) {
    array(key, values, state, depth) { value, _ in state.writeSigned(Int64(value)) }
  }

  static func enumCaseList(_ value: EnumCaseList, _ state: CompactEncodingState, depth: Int) {
    let depth = keyed(state, depth)
    string("name", value.name, state, depth)
    strings("cases", value.cases, state, depth)
    array("caseLocations", value.caseLocations, state, depth) { location, _ in state.writeLocation(location) }
    bool("casesAreUncertain", value.casesAreUncertain, state, depth)
    if let values = value.integerRawValues { integers("integerRawValues", values, state, depth) }
    location("location", value.location, state, depth)
  }

  static func ibCell(_ value: IBCell, _ state: CompactEncodingState, depth: Int) {
    let depth = keyed(state, depth)
    string("id", value.id, state, depth)
    string("kind", value.kind.rawValue, state, depth)
    string("role", value.role.rawValue, state, depth)
    string("containerID", value.containerID, state, depth)
    string("reuseIdentifier", value.reuseIdentifier, state, depth)
    location("reuseIdentifierLocation", value.reuseIdentifierLocation, state, depth)
    classReference(value.classReference, state, depth)
    string("style", value.style, state, depth)
    string("accessoryType", value.accessoryType, state, depth)
    string("text", value.text, state, depth)
    string("detailText", value.detailText, state, depth)
    location("location", value.location, state, depth)
  }
}
