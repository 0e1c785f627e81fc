import TablelintModel

/// What a file's code references, read field by field: registrations, dequeues, nib references, selectors and
/// target–actions. Through `Codable` they were a tenth of a run after a one-file change (element-ios decodes 3,000
/// files' facts then), a good part of it the run-time look-ups of the synthesized enum decoders' generic containers.
/// The bytes are `Codable`'s; an optional left out or null is `nil`, a required key missing throws, as the
/// synthesized decoders do (`CompactCoderTests` compares both readings).
extension CompactFastDecoding {
  // MARK: - Shared shapes

  /// What a required location holds until its key is read (`readFields` throws when it is not there).
  static let unread = SourceLocation(file: "", range: SourceRange(at: SourcePosition(line: 0, column: 0, offset: 0)))

  /// A value `read` reads, or `nil` for a null (`decodeIfPresent`'s reading; a missing key is `nil` at the caller).
  static func optional<Value>(
    _ reader: CompactReader, at offset: Int, _ path: [any CodingKey],
    _ read: (CompactReader, Int, [any CodingKey]) throws -> Value
  ) throws -> Value? {
    try tag(reader, at: offset) == CompactTag.null.rawValue ? nil : try read(reader, offset, path)
  }

  static func optionalLocation(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> SourceLocation? {
    try optional(reader, at: offset, path, sourceLocation)
  }

  static func optionalInteger(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> Int? {
    try optional(reader, at: offset, path) { try integer(Int.self, $0, at: $1, $2) }
  }

  static func optionalRaw<Value: RawRepresentable>(
    _ type: Value.Type, _ reader: CompactReader, at offset: Int, _ path: [any CodingKey]
  ) throws -> Value? where Value.RawValue == String {
    try tag(reader, at: offset) == CompactTag.null.rawValue ? nil : try raw(type, reader, at: offset, path)
  }

  /// An array's elements, each read by `read` (a fast decoder of this extension).
  static func list<Element>(
    _ reader: CompactReader, at offset: Int, _ path: [any CodingKey],
    _ read: (CompactReader, Int, [any CodingKey]) throws -> Element
  ) throws -> [Element] {
    try elements(reader, at: offset, path).map { try read(reader, $0, path) }
  }

  static func strings(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> [String] {
    try list(reader, at: offset, path, string)
  }

  static func integers(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> [Int] {
    try elements(reader, at: offset, path).map { try integer(Int.self, reader, at: $0, path) }
  }

  /// Argument labels, `nil` for `_`.
  static func labels(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> [String?] {
    try list(reader, at: offset, path, optionalString)
  }

  /// An enum case as `Codable` writes it: a container keyed by the case's name holding one keyed container of its
  /// associated values by label (`_0` unlabelled; an optional that is `nil` left out). `nil` when the value has
  /// another shape: the caller hands it to `Codable`, which throws where the synthesized decoder does.
  static func enumCase(
    _ reader: CompactReader, at offset: Int, _ path: [any CodingKey]
  ) throws -> (name: String, values: EnumValues)? {
    let cases = try reader.keyedEntries(at: offset, path)
    guard cases.count == 1, let (key, payload) = cases.first,
      try tag(reader, at: payload) == CompactTag.keyed.rawValue
    else { return nil }
    return (reader.strings[key], EnumValues(reader: reader, entries: try reader.keyedEntries(at: payload, path)))
  }

  /// A case's associated values by label: one or two, found by comparing labels (a dictionary cost an allocation and
  /// a hash per value decoded).
  struct EnumValues {
    let reader: CompactReader
    let entries: [(key: Int, value: Int)]

    subscript(label: String) -> Int? { entries.first { reader.strings[$0.key] == label }?.value }
  }

  // MARK: - Registrations and dequeues

  private enum RegistrationField: String, CompactFields {
    case kind, identifier, identifierLocation, content, enclosingType, receiver, helperName, conditions, location
    static let all = allCases
    static let list = CompactFieldList.registration
  }

  static func registration(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> Registration {
    var kind = ReuseKind.tableCell
    var identifier = IdentifierExpression.unknown
    var identifierLocation = unread
    var content = RegisteredContent.none
    var enclosingType: String?
    var receiver: String?
    var helperName: String?
    var conditions: String?
    var location = unread
    let required: [RegistrationField] = [.kind, .identifier, .identifierLocation, .content, .location]
    try readFields(RegistrationField.self, reader, at: offset, path, required: required) { field, value in
      switch field {
      case .kind: kind = try raw(ReuseKind.self, reader, at: value, path)
      case .identifier: identifier = try identifierExpression(reader, at: value, path)
      case .identifierLocation: identifierLocation = try sourceLocation(reader, at: value, path)
      case .content: content = try registeredContent(reader, at: value, path)
      case .enclosingType: enclosingType = try optionalString(reader, at: value, path)
      case .receiver: receiver = try optionalString(reader, at: value, path)
      case .helperName: helperName = try optionalString(reader, at: value, path)
      case .conditions: conditions = try optionalString(reader, at: value, path)
      case .location: location = try sourceLocation(reader, at: value, path)
      }
    }
    return Registration(
      kind: kind, identifier: identifier, identifierLocation: identifierLocation, content: content,
      enclosingType: enclosingType, receiver: receiver, helperName: helperName, conditions: conditions,
      location: location
    )
  }

  private static func registeredContent(
    _ reader: CompactReader, at offset: Int, _ path: [any CodingKey]
  ) throws -> RegisteredContent {
    switch try enumCase(reader, at: offset, path) {
    case ("cellClass", let values)?:
      return .cellClass(try values["_0"].flatMap { try optionalString(reader, at: $0, path) })
    case ("nib", let values)?:
      if let name = values["_0"] {
        return .nib(
          try identifierExpression(reader, at: name, path),
          location: try values["location"].flatMap { try optionalLocation(reader, at: $0, path) }
        )
      }
    case ("none", _)?: return .none
    default: break
    }
    return try RegisteredContent(from: CompactDecoder(reader: reader, offset: offset, codingPath: path))
  }

  private enum DequeueField: String, CompactFields {
    case kind, identifier, identifierLocation, nilHandling, castType, castKind, castLocation, enclosingType, receiver
    case location
    static let all = allCases
    static let list = CompactFieldList.dequeue
  }

  static func dequeue(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> Dequeue {
    var kind = ReuseKind.tableCell
    var identifier = IdentifierExpression.unknown
    var identifierLocation = unread
    var nilHandling = NilHandling.notOptional
    var castType: String?
    var castKind: CastKind?
    var castLocation: SourceLocation?
    var enclosingType: String?
    var receiver: String?
    var location = unread
    let required: [DequeueField] = [.kind, .identifier, .identifierLocation, .nilHandling, .location]
    try readFields(DequeueField.self, reader, at: offset, path, required: required) { field, value in
      switch field {
      case .kind: kind = try raw(ReuseKind.self, reader, at: value, path)
      case .identifier: identifier = try identifierExpression(reader, at: value, path)
      case .identifierLocation: identifierLocation = try sourceLocation(reader, at: value, path)
      case .nilHandling: nilHandling = try raw(NilHandling.self, reader, at: value, path)
      case .castType: castType = try optionalString(reader, at: value, path)
      case .castKind: castKind = try optionalRaw(CastKind.self, reader, at: value, path)
      case .castLocation: castLocation = try optionalLocation(reader, at: value, path)
      case .enclosingType: enclosingType = try optionalString(reader, at: value, path)
      case .receiver: receiver = try optionalString(reader, at: value, path)
      case .location: location = try sourceLocation(reader, at: value, path)
      }
    }
    return Dequeue(
      kind: kind, identifier: identifier, identifierLocation: identifierLocation, nilHandling: nilHandling,
      castType: castType, castKind: castKind, castLocation: castLocation, enclosingType: enclosingType,
      receiver: receiver, location: location
    )
  }

  private enum NibReferenceField: String, CompactFields {
    case name, nameLocation, bundle, enclosingType, location
    static let all = allCases
    static let list = CompactFieldList.nibReference
  }

  static func nibReference(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> NibReference {
    var name = IdentifierExpression.unknown
    var nameLocation = unread
    var bundle = BundleReference.app
    var enclosingType: String?
    var location = unread
    let required: [NibReferenceField] = [.name, .nameLocation, .bundle, .location]
    try readFields(NibReferenceField.self, reader, at: offset, path, required: required) { field, value in
      switch field {
      case .name: name = try identifierExpression(reader, at: value, path)
      case .nameLocation: nameLocation = try sourceLocation(reader, at: value, path)
      case .bundle: bundle = try raw(BundleReference.self, reader, at: value, path)
      case .enclosingType: enclosingType = try optionalString(reader, at: value, path)
      case .location: location = try sourceLocation(reader, at: value, path)
      }
    }
    return NibReference(
      name: name, nameLocation: nameLocation, bundle: bundle, enclosingType: enclosingType, location: location
    )
  }

  private enum GenericHelperCallField: String, CompactFields {
    case name, argumentLabels, kind, role, boundType, bindingArgument
    static let all = allCases
    static let list = CompactFieldList.genericHelperCall
  }

  /// A call to a workspace's generic reuse helper (`IdentifierExpression.genericHelper`).
  static func genericHelperCall(
    _ reader: CompactReader, at offset: Int, _ path: [any CodingKey]
  ) throws -> GenericHelperCall {
    var name = ""
    var argumentLabels: [String?] = []
    var kind = ReuseKind.tableCell
    var role = GenericReuseHelper.Role.dequeue
    var boundType = ""
    var bindingArgument: Int?
    let required: [GenericHelperCallField] = [.name, .argumentLabels, .kind, .role, .boundType]
    try readFields(GenericHelperCallField.self, reader, at: offset, path, required: required) { field, value in
      switch field {
      case .name: name = try string(reader, at: value, path)
      case .argumentLabels: argumentLabels = try labels(reader, at: value, path)
      case .kind: kind = try raw(ReuseKind.self, reader, at: value, path)
      case .role: role = try raw(GenericReuseHelper.Role.self, reader, at: value, path)
      case .boundType: boundType = try string(reader, at: value, path)
      case .bindingArgument: bindingArgument = try optionalInteger(reader, at: value, path)
      }
    }
    return GenericHelperCall(
      name: name, argumentLabels: argumentLabels, kind: kind, role: role, boundType: boundType,
      bindingArgument: bindingArgument
    )
  }

  // MARK: - Selectors

  private enum SelectorReferenceField: String, CompactFields {
    case form, typeName, memberName, argumentLabels, accessor, selector, enclosingType, isPerformedOnEnclosingType
    case isStored, location
    static let all = allCases
    static let list = CompactFieldList.selectorReference
  }

  static func selectorReference(
    _ reader: CompactReader, at offset: Int, _ path: [any CodingKey]
  ) throws -> SelectorReference {
    var form = SelectorReference.Form.selectorExpression
    var typeName: String?
    var memberName: String?
    var argumentLabels: [String?]?
    var accessor: String?
    var selector: String?
    var enclosingType: String?
    var isPerformedOnEnclosingType = false
    var isStored = false
    var location = unread
    let required: [SelectorReferenceField] = [.form, .isPerformedOnEnclosingType, .location]
    try readFields(SelectorReferenceField.self, reader, at: offset, path, required: required) { field, value in
      switch field {
      case .form: form = try raw(SelectorReference.Form.self, reader, at: value, path)
      case .typeName: typeName = try optionalString(reader, at: value, path)
      case .memberName: memberName = try optionalString(reader, at: value, path)
      case .argumentLabels:
        argumentLabels = try optional(reader, at: value, path, labels)
      case .accessor: accessor = try optionalString(reader, at: value, path)
      case .selector: selector = try optionalString(reader, at: value, path)
      case .enclosingType: enclosingType = try optionalString(reader, at: value, path)
      case .isPerformedOnEnclosingType: isPerformedOnEnclosingType = try bool(reader, at: value, path)
      case .isStored: isStored = try bool(reader, at: value, path)
      case .location: location = try sourceLocation(reader, at: value, path)
      }
    }
    return SelectorReference(
      form: form, typeName: typeName, memberName: memberName, argumentLabels: argumentLabels, accessor: accessor,
      selector: selector, enclosingType: enclosingType, isPerformedOnEnclosingType: isPerformedOnEnclosingType,
      isStored: isStored, location: location
    )
  }

  private enum TargetActionField: String, CompactFields {
    case kind, targetIsSelf, selector, maximumArguments, location
    static let all = allCases
    static let list = CompactFieldList.targetAction
  }

  static func targetActionUse(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> TargetActionUse {
    var kind = TargetActionUse.Kind.targetAction
    var targetIsSelf = false
    var selector: SelectorReference?
    var maximumArguments = 0
    var location = unread
    try readFields(TargetActionField.self, reader, at: offset, path, required: TargetActionField.all) { field, value in
      switch field {
      case .kind: kind = try raw(TargetActionUse.Kind.self, reader, at: value, path)
      case .targetIsSelf: targetIsSelf = try bool(reader, at: value, path)
      case .selector: selector = try selectorReference(reader, at: value, path)
      case .maximumArguments: maximumArguments = try integer(Int.self, reader, at: value, path)
      case .location: location = try sourceLocation(reader, at: value, path)
      }
    }
    guard let selector else { throw reader.corrupted("a target-action use without its selector", path) }
    return TargetActionUse(
      kind: kind, targetIsSelf: targetIsSelf, selector: selector, maximumArguments: maximumArguments, location: location
    )
  }
}

/// The same values written field by field, byte for byte as their synthesized `Encodable` conformances write them
/// (`CompactCoderTests` compares the bytes with `CompactCoder.encode(_:fast: false)`'s).
extension CompactFastEncoding {
  static func integer(_ key: StaticString, _ value: Int, _ state: CompactEncodingState, _ depth: Int) {
    state.beginEntry(staticKey: key, depth: depth)
    state.writeSigned(Int64(value))
  }

  /// `encodeIfPresent`: nothing for `nil`.
  static func location(_ key: StaticString, _ value: SourceLocation?, _ state: CompactEncodingState, _ depth: Int) {
    if let value { location(key, value, state, depth) }
  }

  /// Argument labels: `Optional.encode(to:)` writes a `nil` element as a null.
  static func labels(_ key: StaticString, _ values: [String?], _ state: CompactEncodingState, _ depth: Int) {
    array(key, values, state, depth) { label, _ in
      if let label { state.writeString(label) } else { state.writeTag(.null) }
    }
  }

  /// An enum case as `Codable` writes it: a container keyed by the case's name holding a keyed container of its
  /// associated values, which `values` writes at the depth it is given (nothing for a case without any).
  static func enumCase(
    _ name: StaticString, _ state: CompactEncodingState, _ depth: Int, _ values: (Int) throws -> Void
  ) rethrows {
    let cases = keyed(state, depth)
    state.beginEntry(staticKey: name, depth: cases)
    try values(keyed(state, cases))
  }

  /// A case without associated values: its container is empty.
  static func enumCase(_ name: StaticString, _ state: CompactEncodingState, _ depth: Int) {
    enumCase(name, state, depth) { _ in }
  }

  static func registration(_ value: Registration, _ state: CompactEncodingState, depth: Int) throws {
    let depth = keyed(state, depth)
    string("kind", value.kind.rawValue, state, depth)
    state.beginEntry(staticKey: "identifier", depth: depth)
    try identifierExpression(value.identifier, state, depth: depth)
    location("identifierLocation", value.identifierLocation, state, depth)
    state.beginEntry(staticKey: "content", depth: depth)
    switch value.content {
    case .cellClass(let name): enumCase("cellClass", state, depth) { string("_0", name, state, $0) }
    case .nib(let name, let location):
      try enumCase("nib", state, depth) { values in
        state.beginEntry(staticKey: "_0", depth: values)
        try identifierExpression(name, state, depth: values)
        self.location("location", location, state, values)
      }
    case .none: enumCase("none", state, depth)
    }
    string("enclosingType", value.enclosingType, state, depth)
    string("receiver", value.receiver, state, depth)
    string("helperName", value.helperName, state, depth)
    string("conditions", value.conditions, state, depth)
    location("location", value.location, state, depth)
  }

  static func dequeue(_ value: Dequeue, _ state: CompactEncodingState, depth: Int) throws {
    let depth = keyed(state, depth)
    string("kind", value.kind.rawValue, state, depth)
    state.beginEntry(staticKey: "identifier", depth: depth)
    try identifierExpression(value.identifier, state, depth: depth)
    location("identifierLocation", value.identifierLocation, state, depth)
    string("nilHandling", value.nilHandling.rawValue, state, depth)
    string("castType", value.castType, state, depth)
    string("castKind", value.castKind?.rawValue, state, depth)
    location("castLocation", value.castLocation, state, depth)
    string("enclosingType", value.enclosingType, state, depth)
    string("receiver", value.receiver, state, depth)
    location("location", value.location, state, depth)
  }

  static func nibReference(_ value: NibReference, _ state: CompactEncodingState, depth: Int) throws {
    let depth = keyed(state, depth)
    state.beginEntry(staticKey: "name", depth: depth)
    try identifierExpression(value.name, state, depth: depth)
    location("nameLocation", value.nameLocation, state, depth)
    string("bundle", value.bundle.rawValue, state, depth)
    string("enclosingType", value.enclosingType, state, depth)
    location("location", value.location, state, depth)
  }

  static func identifierExpression(_ value: IdentifierExpression, _ state: CompactEncodingState, depth: Int) throws {
    switch value {
    case .literal(let text): enumCase("literal", state, depth) { string("_0", text, state, $0) }
    case .reference(let path): enumCase("reference", state, depth) { strings("path", path, state, $0) }
    case .typeName(let name): enumCase("typeName", state, depth) { string("_0", name, state, $0) }
    case .rawValue(let enumType, let caseName):
      enumCase("rawValue", state, depth) { values in
        string("enumType", enumType, state, values)
        string("caseName", caseName, state, values)
      }
    case .selfTypeName: enumCase("selfTypeName", state, depth)
    case .genericHelper(let call):
      enumCase("genericHelper", state, depth) { values in
        state.beginEntry(staticKey: "_0", depth: values)
        let depth = keyed(state, values)
        string("name", call.name, state, depth)
        labels("argumentLabels", call.argumentLabels, state, depth)
        string("kind", call.kind.rawValue, state, depth)
        string("role", call.role.rawValue, state, depth)
        string("boundType", call.boundType, state, depth)
        if let argument = call.bindingArgument { integer("bindingArgument", argument, state, depth) }
      }
    case .unknown: enumCase("unknown", state, depth)
    }
  }

  static func selectorReference(_ value: SelectorReference, _ state: CompactEncodingState, depth: Int) {
    let depth = keyed(state, depth)
    string("form", value.form.rawValue, state, depth)
    string("typeName", value.typeName, state, depth)
    string("memberName", value.memberName, state, depth)
    if let labels = value.argumentLabels { self.labels("argumentLabels", labels, state, depth) }
    string("accessor", value.accessor, state, depth)
    string("selector", value.selector, state, depth)
    string("enclosingType", value.enclosingType, state, depth)
    bool("isPerformedOnEnclosingType", value.isPerformedOnEnclosingType, state, depth)
    bool("isStored", value.isStored, state, depth)
    location("location", value.location, state, depth)
  }

  static func targetActionUse(_ value: TargetActionUse, _ state: CompactEncodingState, depth: Int) {
    let depth = keyed(state, depth)
    string("kind", value.kind.rawValue, state, depth)
    bool("targetIsSelf", value.targetIsSelf, state, depth)
    state.beginEntry(staticKey: "selector", depth: depth)
    selectorReference(value.selector, state, depth: depth)
    integer("maximumArguments", value.maximumArguments, state, depth)
    location("location", value.location, state, depth)
  }
}
