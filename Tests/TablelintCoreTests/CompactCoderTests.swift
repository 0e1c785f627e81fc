import Foundation
import Testing
import TablelintModel
import _TablelintTestSupport

@_spi(Testing) @testable import TablelintCore

/// The cache's and the shards' encoding gives back exactly what it was given, and never traps on bad bytes.
@Suite struct CompactCoderTests {
  @Test(arguments: ["CleanApp", "DefectsApp", "SelectorsAndOutlets", "TableModels", "MixedObjC", "ModernSwift", "StaleFiles"])
  func factsRoundTrip(project: String) throws {
    let files = try Workspace(roots: [FixturePaths.fixtures + "/" + project]).refresh()
    for file in files {
      let blob = try CompactCoder.encode(file)
      #expect(try CompactCoder.decode(FileFacts.self, from: blob) == file, "\(file.path)")
      #expect(try blob == CompactCoder.encode(file, fast: false), "\(file.path)")
      // The fast decoders read what `Codable` alone reads.
      #expect(try CompactCoder.decode(FileFacts.self, from: blob, fast: false) == file, "\(file.path)")
    }
  }

  /// Every case and every optional of the values the fast coders of `CompactCoder+References` and
  /// `CompactCoder+Tables` write and read, as `Codable` writes and reads them; a required key missing, an unknown case and an enum
  /// container of two cases throw in both readings.
  @Test func referencesAndTablesReadAsCodableReadsThem() throws {
    func at(_ line: Int) -> TablelintModel.SourceLocation {
      TablelintModel.SourceLocation(file: "A.swift", range: SourceRange(at: SourcePosition(line: line, column: 1, offset: line * 10)))
    }
    let helper = GenericHelperCall(
      name: "dequeue", argumentLabels: ["for", nil], kind: .collectionCell, role: .dequeue, boundType: "PhotoCell",
      bindingArgument: 1
    )
    var swift = SwiftFileFacts()
    swift.registrations = [
      Registration(
        kind: .tableCell, identifier: .literal("Photo"), identifierLocation: at(1), content: .cellClass("PhotoCell"),
        enclosingType: "Feed", receiver: "tableView", helperName: nil, location: at(1)
      ),
      Registration(
        kind: .collectionSupplementary, identifier: .genericHelper(helper), identifierLocation: at(2),
        content: .cellClass(nil), enclosingType: nil, receiver: nil, helperName: "registerCells", location: at(2)
      ),
      Registration(
        kind: .tableHeaderFooter, identifier: .rawValue(enumType: nil, caseName: "header"), identifierLocation: at(3),
        content: .nib(.typeName("Header"), location: at(3)), enclosingType: nil, receiver: nil, location: at(3)
      ),
      Registration(
        kind: .tableCell, identifier: .reference(path: ["Cell", "id"]), identifierLocation: at(4),
        content: .nib(.unknown, location: nil), enclosingType: nil, receiver: nil, location: at(4)
      ),
      Registration(
        kind: .tableCell, identifier: .selfTypeName, identifierLocation: at(5), content: .none, enclosingType: nil,
        receiver: nil, location: at(5)
      ),
    ]
    swift.dequeues = [
      Dequeue(
        kind: .tableCell, identifier: .literal("Photo"), identifierLocation: at(6), nilHandling: .forced,
        castType: "PhotoCell", castKind: .forced, castLocation: at(6), enclosingType: "Feed", receiver: "tableView",
        location: at(6)
      ),
      Dequeue(
        kind: .collectionCell, identifier: .genericHelper(helper), identifierLocation: at(7), nilHandling: .notOptional,
        castType: nil, castKind: nil, castLocation: nil, enclosingType: nil, receiver: nil, location: at(7)
      ),
    ]
    swift.nibReferences = [
      NibReference(name: .literal("Header"), nameLocation: at(8), bundle: .other, enclosingType: nil, location: at(8))
    ]
    let selector = SelectorReference(
      form: .selectorExpression, typeName: "Feed", memberName: "refresh", argumentLabels: [nil, "animated"],
      accessor: nil, selector: nil, enclosingType: "Feed", location: at(9)
    )
    swift.selectorReferences = [
      selector,
      SelectorReference(
        form: .stringLiteral, typeName: nil, memberName: nil, argumentLabels: nil, accessor: "getter",
        selector: "refresh:", enclosingType: nil, isPerformedOnEnclosingType: true, location: at(10)
      ),
    ]
    swift.targetActions = [
      TargetActionUse(kind: .controlEvent, targetIsSelf: true, selector: selector, maximumArguments: 2, location: at(11))
    ]
    let values: [TableReturnValue] = [
      .integer(-3), .string("Title"), .none, .superCall, .allCasesCount(enumType: "Row"),
      .layoutSectionCount(enumType: "Layout"), .layoutRowCount(enumType: "Layout"), .unknown,
    ]
    let sections: [SectionSet] = [.all, .only([0, 2]), .allExcept([]), .allExcept([1])]
    swift.tableModel.methods = [
      TableMethodFacts(
        kind: .numberOfRows, name: "tableView(_:numberOfRowsInSection:)", enclosingType: "Feed",
        returns: values.indices.map { index in
          TableMethodReturn(
            sections: sections[index % sections.count],
            enumSections: index == 0 ? EnumSectionSet(enumType: "S", mapping: .caseOrder, cases: ["a"], isExcluding: true) : nil,
            value: values[index], isConditional: index % 2 == 0, location: at(12 + index)
          )
        },
        hasUnreadReturns: true, sectionCases: [SectionCaseLabel(section: 1, location: at(20))],
        dependsOnTableView: false, location: at(12)
      ),
      TableMethodFacts(
        kind: .numberOfSections, name: "numberOfSections(in:)", enclosingType: nil, returns: [],
        hasUnreadReturns: false, sectionCases: [], dependsOnTableView: true, location: at(21)
      ),
    ]
    swift.tableModel.enums = [
      EnumCaseList(name: "Row", cases: ["a", "b"], caseLocations: [at(22), at(23)], casesAreUncertain: false, location: at(22)),
      EnumCaseList(
        name: "Section", cases: ["x"], caseLocations: [at(24)], casesAreUncertain: true, integerRawValues: [-1],
        location: at(24)
      ),
    ]
    var document = InterfaceBuilderDocument(kind: .storyboard, targetRuntime: nil)
    document.cells = [
      IBCell(
        id: "c1", kind: .table, role: .prototype, containerID: "t1", reuseIdentifier: "Photo",
        reuseIdentifierLocation: at(25), classReference: IBClassReference(customClass: "PhotoCell", customModule: "App", customModuleProvider: "target"),
        style: "IBUITableViewCellStyleDefault", accessoryType: "disclosureIndicator", text: "Title", detailText: "Detail",
        location: at(25)
      ),
      IBCell(
        id: "c2", kind: .supplementary, role: .standalone, containerID: nil, reuseIdentifier: nil,
        reuseIdentifierLocation: nil, classReference: IBClassReference(customClass: nil, customModule: nil, customModuleProvider: nil),
        style: nil, accessoryType: nil, text: nil, detailText: nil, location: at(26)
      ),
    ]
    var objc = ObjectiveCFileFacts()
    objc.registrations = swift.registrations
    objc.dequeues = swift.dequeues
    objc.selectorReferences = swift.selectorReferences
    objc.targetActions = swift.targetActions
    objc.tableMethods = swift.tableModel.methods
    for file in [
      FileFacts(path: "A.swift", content: .swift(swift)), FileFacts(path: "A.m", content: .objectiveC(objc)),
      FileFacts(path: "A.storyboard", content: .interfaceBuilder(document)),
    ] {
      let blob = try CompactCoder.encode(file)
      #expect(try blob == CompactCoder.encode(file, fast: false))
      #expect(try CompactCoder.decode(FileFacts.self, from: blob) == file)
      #expect(try CompactCoder.decode(FileFacts.self, from: blob, fast: false) == file)
    }

    // A registration without its location, a table return naming a case no decoder knows, two cases at once.
    struct NoLocation: Codable {
      var kind = "tableCell", identifier = ["literal": ["_0": "Photo"]], content = ["none": [String: String]()]
      var identifierLocation = TablelintModel.SourceLocation(
        file: "A.swift", range: SourceRange(at: SourcePosition(line: 1, column: 1, offset: 0))
      )
    }
    struct UnknownCase: Codable { var value = ["percentage": ["_0": 5]] }
    struct TwoCases: Codable { var value: [String: [String: Int]] = ["integer": ["_0": 5], "unknown": [:]] }
    // No encoder writes a key twice; a blob that does is refused by both readings, which would take different values.
    struct Twice: Encodable {
      enum Keys: String, CodingKey { case path, content, problems, lineCount }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode("A.swift", forKey: .path)
        try container.encode(FileFacts.Content.compiledNib, forKey: .content)
        try container.encode([FileProblem](), forKey: .problems)
        try container.encode(1, forKey: .lineCount)
        try container.encode("B.swift", forKey: .path)
      }
    }
    for fast in [true, false] {
      #expect(throws: DecodingError.self) {
        try CompactCoder.decode(Registration.self, from: CompactCoder.encode(NoLocation()), fast: fast)
      }
      #expect(throws: DecodingError.self) { try CompactCoder.decode(FileFacts.self, from: CompactCoder.encode(Twice()), fast: fast) }
      for blob in [try CompactCoder.encode(UnknownCase()), try CompactCoder.encode(TwoCases())] {
        #expect(throws: DecodingError.self) {
          try CompactCoder.decode([String: TableReturnValue].self, from: blob, fast: fast)
        }
      }
    }
  }

  @Test func scalarsAndContainersRoundTrip() throws {
    struct Value: Codable, Equatable {
      var int = -42, big = Int64.min, unsigned = UInt64.max, double = 2.5, flag = true, text = "é🙂"
      var optional: String? = nil
      var present: Int? = 7
      var list: [Int?] = [1, nil, 3]
      var nested: [[String]] = [[], ["a", "b"], ["a"]]
      var map: [String: [Int]] = ["x": [1], "y": []]
      var set: Set<String> = ["p", "q"]
      var bytes: [UInt8] = [0, 200]
      // An empty array of another type is not an empty `[UInt8]` (a dynamic cast would say it is).
      var empty: [String] = []
      var location = SourceLocation(file: "a.swift", range: SourceRange(at: SourcePosition(line: 3, column: 4, offset: 50)))
    }
    let value = Value()
    #expect(try CompactCoder.decode(Value.self, from: CompactCoder.encode(value)) == value)
    #expect(try CompactCoder.decode([Value].self, from: CompactCoder.encode([value, value])) == [value, value])
  }

  /// Sets and dictionaries of strings are written sorted: the same facts give the same bytes whatever order their
  /// hash tables iterate in (which a process's seed, a table's capacity and its history decide), so a shard is a
  /// reproducible build output.
  @Test func setsAndDictionariesAreWrittenInOneOrder() throws {
    let words = (0..<200).map { "word\($0)" }
    var grown = Set<String>(minimumCapacity: 4096)
    for word in words.reversed() { grown.insert(word) }
    let plain = Set(words)
    #expect(Array(grown) != Array(plain))
    var facts = SwiftFileFacts()
    facts.spelledStrings = plain
    var same = facts
    same.spelledStrings = grown
    #expect(try CompactCoder.encode(facts) == CompactCoder.encode(same))
    #expect(try CompactCoder.decode(SwiftFileFacts.self, from: CompactCoder.encode(same)) == facts)
    var titles = [String: String](minimumCapacity: 4096)
    for word in words.reversed() { titles[word] = word.uppercased() }
    let plainTitles = Dictionary(uniqueKeysWithValues: words.map { ($0, $0.uppercased()) })
    #expect(Array(titles.keys) != Array(plainTitles.keys))
    // Inside a value, as `rowTitles` is.
    #expect(try CompactCoder.encode([titles]) == CompactCoder.encode([plainTitles]))
    #expect(try CompactCoder.decode([[String: String]].self, from: CompactCoder.encode([titles])) == [plainTitles])
  }

  /// `SwiftMember`s are decoded without `Codable` (`CompactFastDecoding`): every optional present or left out, every
  /// kind and exposure, and what `Codable`'s own decoder of the same keys gives.
  @Test func membersDecodeAsTheirSynthesizedDecoderDoes() throws {
    let location = SourceLocation(file: "a.swift", range: SourceRange(at: SourcePosition(line: 3, column: 4, offset: 50)))
    var members: [SwiftMember] = []
    for (index, kind) in [MemberKind.method, .property, .initializer, .subscriptMember].enumerated() {
      members.append(SwiftMember(
        kind: kind, name: "m\(index)", argumentLabels: index % 2 == 0 ? [] : [nil, "with", "é"],
        exposure: index == 0 ? [] : [.objc, .ibAction, .ibOutlet, .ibInspectable, .nsManaged, .dynamic, .objcMembers,
          .override, .ibSegueAction],
        explicitObjCName: index == 1 ? "named:" : nil, selector: "m\(index):", isStatic: index == 2,
        isSettable: index != 2, accessLevel: index == 3 ? nil : "private", typeName: index == 0 ? "UILabel!" : nil,
        location: location
      ))
    }
    let blob = try CompactCoder.encode(members)
    #expect(try CompactCoder.decode([SwiftMember].self, from: blob) == members)
    // Their type declarations too, with or without an `@objc` name, inheritance, attributes and members.
    let declarations = [TypeKind.class, .struct, .enum, .protocol, .extension, .actor].enumerated().map { index, kind in
      SwiftTypeDeclaration(
        kind: kind, name: index == 0 ? "Outer.Inner" : "T\(index)", inheritedTypes: index % 2 == 0 ? [] : ["UIView", "é"],
        attributes: index == 0 ? ["objc", "MainActor"] : [], objcName: index == 0 ? "OBInner" : nil,
        members: index % 3 == 0 ? members : [], location: location, nameLocation: location
      )
    }
    #expect(try CompactCoder.decode([SwiftTypeDeclaration].self, from: CompactCoder.encode(declarations)) == declarations)
    // `CompactFastEncoding` writes them byte for byte as their `Encodable` conformances do.
    #expect(try CompactCoder.encode(members, fast: true) == CompactCoder.encode(members, fast: false))
    #expect(try CompactCoder.encode(declarations, fast: true) == CompactCoder.encode(declarations, fast: false))
    // The same keys through `Codable`'s containers: a type the fast path does not know.
    struct MemberMirror: Codable, Equatable {
      var kind: MemberKind, name: String, argumentLabels: [String?], exposure: [ObjCExposure], explicitObjCName: String?
      var selector: String, isStatic: Bool, isSettable: Bool, accessLevel: String?, typeName: String?
      var location: TablelintModel.SourceLocation
    }
    let mirrored = try CompactCoder.decode([MemberMirror].self, from: blob)
    #expect(mirrored.map(\.name) == members.map(\.name) && mirrored.map(\.typeName) == members.map(\.typeName))
    #expect(mirrored.map(\.argumentLabels) == members.map(\.argumentLabels))
    // Keys a value does not have are skipped, as `Codable` skips them, and each value's keys are looked up in its own
    // list: here a member carries a `members` key, which its type declaration in the same blob reads.
    struct MemberWithExtras: Codable {
      var kind: MemberKind, name: String, argumentLabels: [String?], exposure: [ObjCExposure], explicitObjCName: String?
      var selector: String, isStatic: Bool, isSettable: Bool, accessLevel: String?, typeName: String?
      var location: TablelintModel.SourceLocation, members = ["ignored"], comment = 1
    }
    struct Pair<Member: Codable>: Codable { var member: Member, declaration: SwiftTypeDeclaration }
    let m = members[1]
    let extended = Pair(
      member: MemberWithExtras(
        kind: m.kind, name: m.name, argumentLabels: m.argumentLabels, exposure: m.exposure,
        explicitObjCName: m.explicitObjCName, selector: m.selector, isStatic: m.isStatic, isSettable: m.isSettable,
        accessLevel: m.accessLevel, typeName: m.typeName, location: m.location
      ),
      declaration: declarations[0]
    )
    let pair = try CompactCoder.decode(Pair<SwiftMember>.self, from: CompactCoder.encode(extended))
    #expect(pair.member == members[1] && pair.declaration == declarations[0])
    // A member missing a key, or with a kind that does not exist, throws as `Codable` would.
    struct Partial: Codable { var kind = "method", name = "x" }
    #expect(throws: DecodingError.self) { try CompactCoder.decode(SwiftMember.self, from: CompactCoder.encode(Partial())) }
    #expect(throws: DecodingError.self) {
      try CompactCoder.decode([SwiftMember].self, from: CompactCoder.encode([MemberMirror(
        kind: .method, name: "x", argumentLabels: [], exposure: [], explicitObjCName: nil, selector: "x", isStatic: false,
        isSettable: false, accessLevel: nil, typeName: nil, location: location
      )]).map { $0 == UInt8(ascii: "d") ? UInt8(ascii: "D") : $0 })
    }
  }

  /// `IBObject`s, `IBConnection`s, Objective-C classes and constants are decoded without `Codable` too: every optional
  /// present or left out, every case of an expression, and a missing key throws.
  @Test func interfaceBuilderObjectsDecodeAsTheirSynthesizedDecoderDoes() throws {
    let location = SourceLocation(file: "Main.storyboard", range: SourceRange(at: SourcePosition(line: 9, column: 5, offset: 300)))
    let objects = (0..<4).map { index in
      IBObject(
        id: "o-\(index)", element: index == 0 ? "tableViewController" : "tableViewCell",
        classReference: IBClassReference(
          customClass: index == 3 ? nil : "Cell\(index)", customModule: index == 1 ? "App" : nil,
          customModuleProvider: index == 1 ? "target" : nil
        ),
        placeholderIdentifier: index == 2 ? "IBFilesOwner" : nil, storyboardIdentifier: index == 0 ? "List" : nil,
        userLabel: index == 1 ? "Étiquette" : nil, parentID: index == 0 ? nil : "o-0",
        sceneControllerID: index == 0 ? nil : "o-0", location: location
      )
    }
    let blob = try CompactCoder.encode(objects)
    #expect(try CompactCoder.decode([IBObject].self, from: blob) == objects)
    // Connections, every kind, every optional present or left out.
    let connections = [IBConnection.Kind.outlet, .outletCollection, .action, .segue].enumerated().map { index, kind in
      IBConnection(
        kind: kind, id: index == 0 ? nil : "c-\(index)", sourceID: "o-\(index)", destinationID: index == 1 ? nil : "o-0",
        property: index < 2 ? "titleLabel" : nil, selector: index == 2 ? "save:" : nil,
        eventType: index == 2 ? "touchUpInside" : nil, segueKind: index == 3 ? "show" : nil,
        identifier: index == 3 ? "Détail" : nil, unwindAction: index == 3 ? "unwind:" : nil,
        target: index == 2 ? "o-9" : nil, location: location, valueLocation: index % 2 == 0 ? location : nil
      )
    }
    #expect(try CompactCoder.decode([IBConnection].self, from: CompactCoder.encode(connections)) == connections)
    // Objective-C classes, categories and implementations, with and without properties, methods and ivars.
    let classes = (0..<3).map { index in
      ObjCClassDeclaration(
        name: "Cell\(index)", superclass: index == 1 ? nil : "UITableViewCell", category: index == 2 ? "Private" : nil,
        protocols: index == 0 ? ["UITableViewDataSource"] : [],
        properties: index == 1 ? [] : [ObjCProperty(name: "titleLabel", isOutlet: index == 0, isReadOnly: index == 2, location: location)],
        methods: index == 1 ? [] : [ObjCMethod(selector: "reload:", isClassMethod: index == 2, isAction: index == 0, location: location)],
        instanceVariables: index == 0 ? ["_title"] : [], isImplementation: index == 2, location: location
      )
    }
    #expect(try CompactCoder.decode([ObjCClassDeclaration].self, from: CompactCoder.encode(classes)) == classes)
    // Constants, with every case of their expression (a generic helper's through `Codable`).
    let expressions: [IdentifierExpression] = [
      .literal("Photo"), .literal(""), .reference(path: ["Constants", "Cells", "photo"]), .reference(path: []),
      .typeName("PhotoCell"), .rawValue(enumType: "CellID", caseName: "photo"), .rawValue(enumType: nil, caseName: "x"),
      .selfTypeName, .unknown,
      .genericHelper(GenericHelperCall(
        name: "dequeueReusableCell", argumentLabels: ["for", nil], kind: .tableCell, role: .dequeue, boundType: "PhotoCell",
        bindingArgument: nil
      )),
    ]
    let constants = expressions.enumerated().map { index, value in
      StringConstant(
        owner: index % 2 == 0 ? "PhotoCell" : nil, name: "id\(index)", value: value, isStatic: index % 3 == 0,
        isEnumCase: index == 4, location: location
      )
    }
    #expect(try CompactCoder.decode([StringConstant].self, from: CompactCoder.encode(constants)) == constants)
    #expect(try CompactCoder.decode([IdentifierExpression].self, from: CompactCoder.encode(expressions)) == expressions)
    // `CompactFastEncoding` writes these values byte for byte as their `Encodable` conformances do.
    func sameBytes<Value: Encodable>(_ value: Value) throws -> Bool {
      try CompactCoder.encode(value, fast: true) == CompactCoder.encode(value, fast: false)
    }
    #expect(try sameBytes(objects) && sameBytes(connections) && sameBytes(classes) && sameBytes(constants))
    struct Partial: Codable { var id = "x", element = "view" }
    #expect(throws: DecodingError.self) { try CompactCoder.decode(IBObject.self, from: CompactCoder.encode(Partial())) }
  }

  /// The stored result an unchanged run prints is read field by field (`CompactFastDecoding.storedResult`): the same
  /// value as `Codable` reads from the same bytes, for findings with and without related locations, fixes, edits
  /// and each kind of anchor; a damaged blob throws or decodes, never traps.
  @Test func storedResultsDecodeAsTheirSynthesizedDecoderDoes() throws {
    let here = SourceLocation(file: "Feed.swift", range: SourceRange(at: SourcePosition(line: 3, column: 7, offset: 40)))
    let range = SourceRange(start: SourcePosition(line: 2, column: 1, offset: 10), end: SourcePosition(line: 2, column: 9, offset: 18))
    let anchors: [FixEdit.Anchor?] = [
      nil, .membersAtEnd(["FeedViewController"]), .membersAtStart(["A", "B"]), .statementInFunction("viewDidLoad"),
      .removeElement("cell"), .removeSuppressedRule,
    ]
    let findings = anchors.enumerated().map { index, anchor -> Finding in
      var edit = FixEdit(path: "Feed.swift", range: range, newText: index == 0 ? "" : "Fixé \(index)")
      edit.anchor = anchor
      return Finding(
        ruleID: "rule_\(index)", severity: index % 2 == 0 ? .warning : .error, message: "message \(index)", location: here,
        related: index == 1 ? [] : [RelatedLocation(location: here, message: "declared here")],
        fixes: index == 2 ? [] : [Fix(title: "Fix \(index)", applicability: index == 3 ? .unsafe : .safe, edits: [edit])]
      )
    }
    let result = FactsCache.StoredResult(
      configuration: UInt64.max - 3, inputs: 42, findings: findings, suppressedCount: 2, fileCount: 1_234
    )
    let blob = try CompactCoder.encode(result)
    #expect(try CompactCoder.decode(FactsCache.StoredResult.self, from: blob) == result)
    // Inside another value the result goes through `Codable`: the two readings agree.
    struct Wrapped: Codable, Equatable { var result: FactsCache.StoredResult }
    #expect(try CompactCoder.decode(Wrapped.self, from: CompactCoder.encode(Wrapped(result: result))).result == result)
    let empty = FactsCache.StoredResult(configuration: 0, inputs: 0, findings: [], suppressedCount: 0, fileCount: 0)
    #expect(try CompactCoder.decode(FactsCache.StoredResult.self, from: CompactCoder.encode(empty)) == empty)
    for length in stride(from: 0, to: blob.count, by: max(1, blob.count / 100)) {
      #expect(throws: (any Error).self) {
        try CompactCoder.decode(FactsCache.StoredResult.self, from: Array(blob.prefix(length)))
      }
    }
    var random = SeededGenerator(seed: 5)
    for _ in 0..<500 {
      var damaged = blob
      damaged[Int(random.next() % UInt64(blob.count))] = UInt8(truncatingIfNeeded: random.next())
      _ = try? CompactCoder.decode(FactsCache.StoredResult.self, from: damaged)
    }
  }

  /// A file's Swift, Objective-C and Interface Builder payloads are read field by field (`CompactFastDecoding`): the
  /// values `Codable` wrote come back equal inside and outside a `FileFacts`, a document without its optional target
  /// runtime too, extra keys are skipped, and a payload missing a key throws as the synthesized decoder does.
  @Test func filePayloadsDecodeAsTheirSynthesizedDecoderDoes() throws {
    let files = try Workspace(roots: [FixturePaths.fixtures + "/MixedObjC", FixturePaths.fixtures + "/TableModels"]).refresh()
    let swift = try #require(files.compactMap(\.swift).first { !$0.types.isEmpty && !$0.dequeues.isEmpty })
    let objc = try #require(files.compactMap(\.objectiveC).first { !$0.classes.isEmpty })
    var document = try #require(files.compactMap(\.interfaceBuilder).first { !$0.cells.isEmpty })
    #expect(try CompactCoder.decode(SwiftFileFacts.self, from: CompactCoder.encode(swift)) == swift)
    #expect(try CompactCoder.decode(ObjectiveCFileFacts.self, from: CompactCoder.encode(objc)) == objc)
    #expect(try CompactCoder.decode(InterfaceBuilderDocument.self, from: CompactCoder.encode(document)) == document)
    document.targetRuntime = nil
    #expect(try CompactCoder.decode([InterfaceBuilderDocument].self, from: CompactCoder.encode([document])) == [document])
    // A set whose elements repeat keeps each once, as `Set.init(from:)` does.
    struct Repeated: Codable {
      var imports: [String] = [], types: [SwiftTypeDeclaration] = [], constants: [StringConstant] = []
      var registrations: [Registration] = [], dequeues: [Dequeue] = [], nibReferences: [NibReference] = []
      var libraryRows: [LibraryRow] = [], reuseHelpers: [GenericReuseHelper] = [], spelledStrings = ["a", "b", "a"]
      var hasSyntaxErrors = true, selectorReferences: [SelectorReference] = [], targetActions: [TargetActionUse] = []
      var tableModel = SwiftTableFacts(), suppressions = SuppressionFacts(), typeAliases: [SwiftTypeAlias] = []
      var loadedStoryboards: [String] = []
      var comment = "a key SwiftFileFacts does not have"
    }
    let repeated = try CompactCoder.decode(SwiftFileFacts.self, from: CompactCoder.encode(Repeated()))
    #expect(repeated.spelledStrings == ["a", "b"] && repeated.hasSyntaxErrors)
    // Missing keys.
    struct OnlyImports: Codable { var imports = ["UIKit"] }
    struct OnlyKind: Codable { var kind = "xib" }
    #expect(throws: DecodingError.self) { try CompactCoder.decode(SwiftFileFacts.self, from: CompactCoder.encode(OnlyImports())) }
    #expect(throws: DecodingError.self) {
      try CompactCoder.decode(ObjectiveCFileFacts.self, from: CompactCoder.encode(OnlyImports()))
    }
    #expect(throws: DecodingError.self) {
      try CompactCoder.decode(InterfaceBuilderDocument.self, from: CompactCoder.encode(OnlyKind()))
    }
  }

  /// Strings are numbered in the order first written and found by their bytes: NFC and NFD spellings of a text are
  /// two strings, each decoded as written; after the table hands over to its seeded fallback (crafted collisions),
  /// numbering goes on the same.
  @Test func stringsAreNumberedByTheirBytes() throws {
    let composed = "Caf\u{E9}"
    let decomposed = "Cafe\u{301}"
    #expect(composed == decomposed && Array(composed.utf8) != Array(decomposed.utf8))
    let texts = [
      "", "a", composed, "a", decomposed, String(repeating: "long string ", count: 9), composed, "", "🙂", "a",
    ] + (0..<300).map { "name\($0)" } + ["a", "name7", decomposed]
    var order: [[UInt8]] = []
    let numbers = texts.map { text -> Int in
      let bytes = Array(text.utf8)
      if let index = order.firstIndex(of: bytes) { return index }
      order.append(bytes)
      return order.count - 1
    }
    for margin in [1024, -100] {
      var table = CompactStringTable(margin: margin)
      #expect(texts.map { table.number(of: $0) } == numbers)
      #expect(table.strings.map { Array($0.utf8) } == order)
      #expect(table.usesFallback == (margin < 0))
    }
    struct Names: Codable, Equatable {
      var first: String, second: String, third: [String], places: [TablelintModel.SourceLocation]
    }
    let places = [composed, decomposed, decomposed].map {
      TablelintModel.SourceLocation(file: $0 + ".swift", range: SourceRange(at: SourcePosition(line: 1, column: 1, offset: 0)))
    }
    let names = Names(first: composed, second: decomposed, third: [decomposed, composed], places: places)
    let decoded = try CompactCoder.decode(Names.self, from: CompactCoder.encode(names))
    func bytes(_ names: Names) -> [[UInt8]] {
      ([names.first, names.second] + names.third + names.places.map(\.file)).map { Array($0.utf8) }
    }
    #expect(bytes(decoded) == bytes(names))
  }

  /// A fix's anchor is coded as one array of strings, its case and then its values; anything else is refused.
  @Test func anchorsAreOneArrayOfStrings() throws {
    let anchor = FixEdit.Anchor.membersAtStart(["A", "B"])
    #expect(String(decoding: try JSONEncoder().encode(anchor), as: UTF8.self) == #"["membersAtStart","A","B"]"#)
    #expect(try JSONDecoder().decode(FixEdit.Anchor.self, from: JSONEncoder().encode(anchor)) == anchor)
    for bad in [
      #"[]"#, #"["removeElement"]"#, #"["removeSuppressedRule","x"]"#, #"["nothing"]"#, #"{"membersAtEnd":{"_0":[]}}"#,
    ] {
      #expect(throws: DecodingError.self) { try JSONDecoder().decode(FixEdit.Anchor.self, from: Data(bad.utf8)) }
    }
  }

  /// A length past `Int.max` (a varint of ten bytes) is refused, not converted: the conversion would trap.
  @Test func aLengthPastIntMaxThrows() {
    let huge: [UInt8] = Array(repeating: 0xFF, count: 9) + [0x01]
    #expect(throws: DecodingError.self) { try CompactCoder.decode(String.self, from: Array("TLC1".utf8) + [1] + huge) }
    #expect(throws: DecodingError.self) { try FactsCache.EntryTable.decode([1] + huge) }
    #expect(throws: DecodingError.self) { try FactsCache.DirectoryTable.decode([1] + huge) }
  }

  @Test func truncatedOrDamagedBlobsThrow() throws {
    let file = try #require(try Workspace(roots: [FixturePaths.fixtures + "/DefectsApp"]).refresh().first {
      $0.swift?.dequeues.isEmpty == false
    })
    let blob = try CompactCoder.encode(file)
    for length in stride(from: 0, to: blob.count, by: max(1, blob.count / 200)) {
      #expect(throws: (any Error).self) { try CompactCoder.decode(FileFacts.self, from: Array(blob.prefix(length))) }
    }
    var random = SeededGenerator(seed: 3)
    for _ in 0..<300 {
      var damaged = blob
      damaged[Int(random.next() % UInt64(blob.count))] = UInt8(truncatingIfNeeded: random.next())
      // Either it throws or it decodes to some value: it never traps.
      _ = try? CompactCoder.decode(FileFacts.self, from: damaged)
    }
  }
}

