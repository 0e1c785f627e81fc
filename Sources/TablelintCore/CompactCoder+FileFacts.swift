import TablelintModel

/// A file's facts read field by field, with their Swift, Objective-C and Interface Builder payloads. Through `Codable`, each
/// of their dozen arrays (most of them empty) went through `Array`'s generic conformance and an unkeyed container,
/// whose generic types the runtime looks up on every use: a run after a one-file change decodes 3,000 files' facts
/// (element-ios), and those look-ups were a tenth of it. The elements are read as any container reads them (their
/// own fast decoder, or `Codable`); the bytes are `Codable`'s. A missing key throws, as the synthesized decoder does.
extension CompactFastDecoding {
  private enum SwiftFileField: String, CompactFields {
    case imports, types, constants, registrations, dequeues, nibReferences, libraryRows, reuseHelpers, spelledStrings
    case hasSyntaxErrors, selectorReferences, targetActions, tableModel, suppressions, typeAliases, loadedStoryboards
    static let all = allCases
    static let list = CompactFieldList.swiftFile
  }

  private enum ObjectiveCFileField: String, CompactFields {
    case classes, spelledStrings, registersReusableViews, constants, registrations, dequeues, nibReferences
    case selectorReferences, targetActions, tableMethods, loadedStoryboards, protocolSelectors
    static let all = allCases
    static let list = CompactFieldList.objectiveCFile
  }

  private enum InterfaceBuilderDocumentField: String, CompactFields {
    case kind, targetRuntime, objects, tableViews, collectionViews, cells, connections
    static let all = allCases
    static let list = CompactFieldList.interfaceBuilderDocument
  }

  private enum FileFactsField: String, CompactFields {
    case path, content, problems, lineCount
    static let all = allCases
    static let list = CompactFieldList.fileFacts
  }

  private enum SwiftTableField: String, CompactFields {
    case methods, enums, layouts, declaredTables
    static let all = allCases
    static let list = CompactFieldList.swiftTable
  }

  private enum SuppressionsField: String, CompactFields {
    case suppressions, problems
    static let all = allCases
    static let list = CompactFieldList.suppressions
  }

  /// Calls `body` with each field of the container at `offset` and its value's offset, then throws unless every field
  /// of `required` was there.
  static func readFields<Field: CompactFields>(
    _: Field.Type, _ reader: CompactReader, at offset: Int, _ path: [any CodingKey], required: [Field],
    _ body: (Field, Int) throws -> Void
  ) throws {
    let seen = try reader.forEachField(of: Field.self, at: offset, path, body)
    for field in required where seen & (1 << UInt64(Field.all.firstIndex(of: field)!)) == 0 {
      throw reader.corrupted("no value for \(field.rawValue)", path)
    }
  }

  static func fileFacts(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> FileFacts {
    var filePath = ""
    var content = FileFacts.Content.unreadable
    var problems: [FileProblem] = []
    var lineCount = 0
    try readFields(FileFactsField.self, reader, at: offset, path, required: FileFactsField.all) { field, value in
      switch field {
      case .path: filePath = try string(reader, at: value, path)
      case .content: content = try self.content(reader, at: value, path)
      case .problems: problems = try array(FileProblem.self, reader, at: value, path)
      case .lineCount: lineCount = try integer(Int.self, reader, at: value, path)
      }
    }
    return FileFacts(path: filePath, content: content, problems: problems, lineCount: lineCount)
  }

  /// `Codable` writes an enum case as a container keyed by its name, its unlabelled value under `_0`. The three
  /// payloads are read here; the other cases, and anything unexpected, go through `Codable` (which throws where the
  /// blob is wrong).
  private static func content(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> FileFacts.Content {
    let cases = try reader.keyedEntries(at: offset, path)
    guard cases.count == 1, let (key, payload) = cases.first,
      let value = try reader.keyedEntries(at: payload, path).first(where: { reader.strings[$0.key] == "_0" })?.value
    else { return try self.value(FileFacts.Content.self, reader, at: offset, path) }
    switch reader.strings[key] {
    case "swift": return .swift(try swiftFileFacts(reader, at: value, path))
    case "objectiveC": return .objectiveC(try objectiveCFileFacts(reader, at: value, path))
    case "interfaceBuilder": return .interfaceBuilder(try interfaceBuilderDocument(reader, at: value, path))
    default: return try self.value(FileFacts.Content.self, reader, at: offset, path)
    }
  }

  static func swiftTableFacts(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> SwiftTableFacts {
    var facts = SwiftTableFacts()
    try readFields(SwiftTableField.self, reader, at: offset, path, required: SwiftTableField.all) { field, value in
      switch field {
      case .methods: facts.methods = try list(reader, at: value, path, tableMethodFacts)
      case .enums: facts.enums = try list(reader, at: value, path, enumCaseList)
      case .layouts: facts.layouts = try array(LayoutEnumFacts.self, reader, at: value, path)
      case .declaredTables: facts.declaredTables = try array(DeclaredTable.self, reader, at: value, path)
      }
    }
    return facts
  }

  static func suppressionFacts(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> SuppressionFacts {
    var facts = SuppressionFacts()
    try readFields(SuppressionsField.self, reader, at: offset, path, required: SuppressionsField.all) { field, value in
      switch field {
      case .suppressions: facts.suppressions = try array(Suppression.self, reader, at: value, path)
      case .problems: facts.problems = try array(SuppressionProblem.self, reader, at: value, path)
      }
    }
    return facts
  }

  static func swiftFileFacts(_ reader: CompactReader, at offset: Int, _ path: [any CodingKey]) throws -> SwiftFileFacts {
    var facts = SwiftFileFacts()
    try readFields(SwiftFileField.self, reader, at: offset, path, required: SwiftFileField.all) { field, value in
      switch field {
      case .imports: facts.imports = try list(reader, at: value, path, string)
      case .types: facts.types = try list(reader, at: value, path, swiftTypeDeclaration)
      case .constants: facts.constants = try list(reader, at: value, path, stringConstant)
      case .registrations: facts.registrations = try list(reader, at: value, path, registration)
      case .dequeues: facts.dequeues = try list(reader, at: value, path, dequeue)
      case .nibReferences: facts.nibReferences = try list(reader, at: value, path, nibReference)
      case .libraryRows: facts.libraryRows = try array(LibraryRow.self, reader, at: value, path)
      case .reuseHelpers: facts.reuseHelpers = try array(GenericReuseHelper.self, reader, at: value, path)
      case .spelledStrings: facts.spelledStrings = try set(String.self, reader, at: value, path)
      case .hasSyntaxErrors: facts.hasSyntaxErrors = try bool(reader, at: value, path)
      case .selectorReferences: facts.selectorReferences = try list(reader, at: value, path, selectorReference)
      case .targetActions: facts.targetActions = try list(reader, at: value, path, targetActionUse)
      case .tableModel: facts.tableModel = try swiftTableFacts(reader, at: value, path)
      case .suppressions: facts.suppressions = try suppressionFacts(reader, at: value, path)
      case .typeAliases: facts.typeAliases = try array(SwiftTypeAlias.self, reader, at: value, path)
      case .loadedStoryboards: facts.loadedStoryboards = try list(reader, at: value, path, string)
      }
    }
    return facts
  }

  static func objectiveCFileFacts(
    _ reader: CompactReader, at offset: Int, _ path: [any CodingKey]
  ) throws -> ObjectiveCFileFacts {
    var facts = ObjectiveCFileFacts()
    try readFields(ObjectiveCFileField.self, reader, at: offset, path, required: ObjectiveCFileField.all) { field, value in
      switch field {
      case .classes:
        facts.classes = try list(reader, at: value, path, objcClassDeclaration)
      case .spelledStrings: facts.spelledStrings = try set(String.self, reader, at: value, path)
      case .registersReusableViews: facts.registersReusableViews = try bool(reader, at: value, path)
      case .constants: facts.constants = try list(reader, at: value, path, stringConstant)
      case .registrations: facts.registrations = try list(reader, at: value, path, registration)
      case .dequeues: facts.dequeues = try list(reader, at: value, path, dequeue)
      case .nibReferences: facts.nibReferences = try list(reader, at: value, path, nibReference)
      case .selectorReferences: facts.selectorReferences = try list(reader, at: value, path, selectorReference)
      case .targetActions: facts.targetActions = try list(reader, at: value, path, targetActionUse)
      case .tableMethods: facts.tableMethods = try list(reader, at: value, path, tableMethodFacts)
      case .loadedStoryboards: facts.loadedStoryboards = try list(reader, at: value, path, string)
      case .protocolSelectors: facts.protocolSelectors = try list(reader, at: value, path, string)
      }
    }
    return facts
  }

  static func interfaceBuilderDocument(
    _ reader: CompactReader, at offset: Int, _ path: [any CodingKey]
  ) throws -> InterfaceBuilderDocument {
    var kind: InterfaceBuilderDocument.Kind?
    var targetRuntime: String?
    var objects: [IBObject] = []
    var tableViews: [IBTableView] = []
    var collectionViews: [IBCollectionView] = []
    var cells: [IBCell] = []
    var connections: [IBConnection] = []
    // `targetRuntime` is optional: `Codable` leaves a `nil` out.
    let required = InterfaceBuilderDocumentField.all.filter { $0 != .targetRuntime }
    try readFields(InterfaceBuilderDocumentField.self, reader, at: offset, path, required: required) { field, value in
      switch field {
      case .kind: kind = try raw(InterfaceBuilderDocument.Kind.self, reader, at: value, path)
      case .targetRuntime: targetRuntime = try optionalString(reader, at: value, path)
      case .objects: objects = try list(reader, at: value, path, ibObject)
      case .tableViews: tableViews = try array(IBTableView.self, reader, at: value, path)
      case .collectionViews: collectionViews = try array(IBCollectionView.self, reader, at: value, path)
      case .cells: cells = try list(reader, at: value, path, ibCell)
      case .connections: connections = try list(reader, at: value, path, ibConnection)
      }
    }
    guard let kind else { throw reader.corrupted("a document without its kind", path) }
    var document = InterfaceBuilderDocument(kind: kind, targetRuntime: targetRuntime)
    document.objects = objects
    document.tableViews = tableViews
    document.collectionViews = collectionViews
    document.cells = cells
    document.connections = connections
    return document
  }
}

/// A file's facts written field by field, byte for byte as `Codable` writes them (see `CompactCoder+References`):
/// through `Codable`, each of their arrays went through `Array`'s generic conformance and a container.
extension CompactFastEncoding {
  /// An array of values without a fast encoder, each written as a container writes it.
  static func values<Value: Encodable>(
    _ key: StaticString, _ values: [Value], _ state: CompactEncodingState, _ depth: Int
  ) throws {
    try array(key, values, state, depth) { value, depth in try self.value(value, state, depth) }
  }

  /// A set of strings, sorted (as `CompactScalarWriter.write` writes one: the same facts, the same bytes).
  static func spelled(_ key: StaticString, _ values: Set<String>, _ state: CompactEncodingState, _ depth: Int) {
    strings(key, values.sorted(), state, depth)
  }

  static func fileFacts(_ value: FileFacts, _ state: CompactEncodingState, depth: Int) throws {
    let depth = keyed(state, depth)
    string("path", value.path, state, depth)
    state.beginEntry(staticKey: "content", depth: depth)
    switch value.content {
    case .swift(let facts):
      try enumCase("swift", state, depth) { values in
        state.beginEntry(staticKey: "_0", depth: values)
        try swiftFileFacts(facts, state, depth: values)
      }
    case .objectiveC(let facts):
      try enumCase("objectiveC", state, depth) { values in
        state.beginEntry(staticKey: "_0", depth: values)
        try objectiveCFileFacts(facts, state, depth: values)
      }
    case .interfaceBuilder(let document):
      try enumCase("interfaceBuilder", state, depth) { values in
        state.beginEntry(staticKey: "_0", depth: values)
        try interfaceBuilderDocument(document, state, depth: values)
      }
    case .compiledNib, .dependencyManifest, .unreadable:
      try self.value(value.content, state, depth)
    }
    try values("problems", value.problems, state, depth)
    integer("lineCount", value.lineCount, state, depth)
  }

  /// The constants, registrations, dequeues and nib references Swift and Objective-C facts both hold, in the order
  /// both declare them.
  private static func codeReferences(
    _ constants: [StringConstant], _ registrations: [Registration], _ dequeues: [Dequeue],
    _ nibReferences: [NibReference], _ state: CompactEncodingState, _ depth: Int
  ) throws {
    try array("constants", constants, state, depth) { constant, depth in try stringConstant(constant, state, depth: depth) }
    try array("registrations", registrations, state, depth) { registration, depth in
      try self.registration(registration, state, depth: depth)
    }
    try array("dequeues", dequeues, state, depth) { dequeue, depth in try self.dequeue(dequeue, state, depth: depth) }
    try array("nibReferences", nibReferences, state, depth) { reference, depth in
      try nibReference(reference, state, depth: depth)
    }
  }

  /// The selectors and target–action uses both hold, one after the other.
  private static func selectors(
    _ references: [SelectorReference], _ uses: [TargetActionUse], _ state: CompactEncodingState, _ depth: Int
  ) {
    array("selectorReferences", references, state, depth) { reference, depth in
      selectorReference(reference, state, depth: depth)
    }
    array("targetActions", uses, state, depth) { use, depth in targetActionUse(use, state, depth: depth) }
  }

  private static func swiftFileFacts(_ value: SwiftFileFacts, _ state: CompactEncodingState, depth: Int) throws {
    let depth = keyed(state, depth)
    strings("imports", value.imports, state, depth)
    try array("types", value.types, state, depth) { type, depth in try swiftTypeDeclaration(type, state, depth: depth) }
    try codeReferences(
      value.constants, value.registrations, value.dequeues, value.nibReferences, state, depth
    )
    try values("libraryRows", value.libraryRows, state, depth)
    try values("reuseHelpers", value.reuseHelpers, state, depth)
    spelled("spelledStrings", value.spelledStrings, state, depth)
    bool("hasSyntaxErrors", value.hasSyntaxErrors, state, depth)
    selectors(value.selectorReferences, value.targetActions, state, depth)
    state.beginEntry(staticKey: "tableModel", depth: depth)
    let table = keyed(state, depth)
    try array("methods", value.tableModel.methods, state, table) { method, depth in
      try tableMethodFacts(method, state, depth: depth)
    }
    array("enums", value.tableModel.enums, state, table) { list, depth in enumCaseList(list, state, depth: depth) }
    try values("layouts", value.tableModel.layouts, state, table)
    try values("declaredTables", value.tableModel.declaredTables, state, table)
    state.beginEntry(staticKey: "suppressions", depth: depth)
    let suppressions = keyed(state, depth)
    try values("suppressions", value.suppressions.suppressions, state, suppressions)
    try values("problems", value.suppressions.problems, state, suppressions)
    try values("typeAliases", value.typeAliases, state, depth)
    strings("loadedStoryboards", value.loadedStoryboards, state, depth)
  }

  private static func objectiveCFileFacts(_ value: ObjectiveCFileFacts, _ state: CompactEncodingState, depth: Int) throws {
    let depth = keyed(state, depth)
    array("classes", value.classes, state, depth) { type, depth in objcClassDeclaration(type, state, depth: depth) }
    spelled("spelledStrings", value.spelledStrings, state, depth)
    bool("registersReusableViews", value.registersReusableViews, state, depth)
    try codeReferences(
      value.constants, value.registrations, value.dequeues, value.nibReferences, state, depth
    )
    selectors(value.selectorReferences, value.targetActions, state, depth)
    try array("tableMethods", value.tableMethods, state, depth) { method, depth in
      try tableMethodFacts(method, state, depth: depth)
    }
    strings("loadedStoryboards", value.loadedStoryboards, state, depth)
    strings("protocolSelectors", value.protocolSelectors, state, depth)
  }

  private static func interfaceBuilderDocument(
    _ value: InterfaceBuilderDocument, _ state: CompactEncodingState, depth: Int
  ) throws {
    let depth = keyed(state, depth)
    string("kind", value.kind.rawValue, state, depth)
    string("targetRuntime", value.targetRuntime, state, depth)
    array("objects", value.objects, state, depth) { object, depth in ibObject(object, state, depth: depth) }
    try values("tableViews", value.tableViews, state, depth)
    try values("collectionViews", value.collectionViews, state, depth)
    array("cells", value.cells, state, depth) { cell, depth in ibCell(cell, state, depth: depth) }
    array("connections", value.connections, state, depth) { connection, depth in ibConnection(connection, state, depth: depth) }
  }
}
