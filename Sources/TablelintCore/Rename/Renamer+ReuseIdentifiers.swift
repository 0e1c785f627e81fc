import InterfaceBuilderFrontend
import TablelintIndex
import TablelintModel

/// A place where a reuse identifier is spelled or read: a registration, a dequeue, a prototype, a cell xib.
struct ReuseOccurrence {
  enum Place: Hashable {
    /// A registration's or dequeue's identifier expression, by where it starts.
    case code(path: String, offset: Int)
    /// A cell's `reuseIdentifier` value, by where it starts.
    case interfaceBuilder(path: String, offset: Int)
    /// A constant's declaration, by where its name starts.
    case constant(path: String, offset: Int)
  }

  var place: Place
  var location: SourceLocation
  /// How code writes it; `nil` for Interface Builder.
  var expression: IdentifierExpression?
  var context: String?
  /// What links it to other occurrences: the simple names of the classes whose tables it serves, the constant it
  /// reads (`const:` and the constant's place), or `*` for code that dequeues from every table in the workspace.
  var keys: Set<String>
  /// A registration, prototype or cell xib: it makes the identifier dequeueable.
  var isBinding: Bool
}

/// Reuse identifiers: every literal, constant, registration, dequeue, prototype and xib identifier that must stay
/// equal to the one at the cursor.
extension Renamer {
  func renameReuseIdentifier(_ value: String, from seed: ReuseOccurrence.Place, to newName: String) throws -> RenamePlan {
    let forbidden: Set<Character> = ["\"", "\\", "<", ">", "&", "'"]
    guard !newName.isEmpty, !newName.contains(where: { forbidden.contains($0) || $0.isNewline }),
      !newName.unicodeScalars.contains(where: { $0.value < 0x20 })
    else {
      throw RenameRefusal("a reuse identifier written in code and in storyboards cannot hold quotes, backslashes, '<', '>', '&' or control characters")
    }
    let occurrences = reuseOccurrences(of: value)
    let group = connected(occurrences, to: seed)
    guard !group.isEmpty else { throw RenameRefusal("tablelint sees no registration, dequeue or prototype of '\(value)' here") }
    let groupKeys = group.reduce(into: Set<String>()) { $0.formUnion($1.keys) }
    for taken in reuseOccurrences(of: newName) where taken.isBinding && !taken.keys.isDisjoint(with: groupKeys) {
      throw RenameRefusal("'\(newName)' is already a reuse identifier of the same tables (\(Self.describe(taken.location)))")
    }
    try checkNoNibReads(group)
    var plan = RenamePlan(edits: [], notes: [])
    for occurrence in group {
      plan.edits += try edits(renaming: occurrence, from: value, to: newName)
    }
    let files = Set(plan.edits.map(\.path)).count
    plan.notes.append(
      "Renamed '\(value)' in \(group.count) place\(group.count == 1 ? "" : "s") (\(files) file\(files == 1 ? "" : "s")) that share its tables; other tables' '\(value)' are left alone."
    )
    return plan
  }

  /// Every occurrence of `value` the index can resolve.
  func reuseOccurrences(of value: String) -> [ReuseOccurrence] {
    var result: [ReuseOccurrence] = []
    func familyKeys(_ typeName: String?) -> Set<String> {
      guard let typeName else { return ["*"] }
      let family = index.family(of: typeName)
      return family.isEmpty ? [TypeInfo.simpleName(of: typeName)] : Set(family.map(\.simpleName))
    }
    func constantKeys(_ expression: IdentifierExpression, _ context: String?) -> Set<String> {
      guard let constant = index.declaringConstant(of: expression, in: context) else { return [] }
      return ["const:\(constant.location.file):\(constant.location.range.start.offset)"]
    }
    var nibOwners: [String: Set<String>] = [:]
    for (owner, registrations) in index.registrationsByType {
      for registration in registrations {
        if case .nib(let name, _) = registration.content, let nib = index.resolve(name, in: owner) {
          nibOwners[nib, default: []].formUnion(familyKeys(owner))
        }
        guard index.resolve(registration.identifier, in: owner) == value else { continue }
        let location = registration.identifierLocation
        result.append(
          ReuseOccurrence(
            place: .code(path: location.file, offset: location.range.start.offset), location: location,
            expression: registration.identifier, context: owner,
            keys: familyKeys(owner).union(constantKeys(registration.identifier, owner)), isBinding: true
          )
        )
      }
    }
    for dequeue in index.dequeues where index.resolve(dequeue.identifier, in: dequeue.enclosingType) == value {
      let location = dequeue.identifierLocation
      let scoped = index.reuseScope(forCodeIn: dequeue.enclosingType, kind: dequeue.kind).isClassScoped
      result.append(
        ReuseOccurrence(
          place: .code(path: location.file, offset: location.range.start.offset), location: location,
          expression: dequeue.identifier, context: dequeue.enclosingType,
          keys: (scoped ? familyKeys(dequeue.enclosingType) : ["*"]).union(constantKeys(dequeue.identifier, dequeue.enclosingType)),
          isBinding: false
        )
      )
    }
    func addCell(_ cell: IBCell, path: String, owners: Set<String>) {
      guard cell.reuseIdentifier == value, let location = cell.reuseIdentifierLocation else { return }
      let keys = owners.isEmpty
        ? ["cell:\(path):\(location.range.start.offset)"]
        : owners.reduce(into: Set<String>()) { $0.formUnion(familyKeys($1)) }
      result.append(
        ReuseOccurrence(
          place: .interfaceBuilder(path: path, offset: location.range.start.offset), location: location,
          expression: nil, context: nil, keys: keys, isBinding: true
        )
      )
    }
    for table in index.tables {
      for cell in table.prototypes { addCell(cell, path: table.path, owners: table.ownerClasses) }
    }
    for collection in index.collectionViews {
      for cell in collection.prototypes + collection.supplementaryViews {
        addCell(cell, path: collection.path, owners: collection.ownerClasses)
      }
    }
    for (nib, documents) in index.nibs {
      for document in documents where document.document.kind == .xib {
        for cell in document.standaloneCells { addCell(cell, path: document.path, owners: nibOwners[nib] ?? []) }
      }
    }
    return result
  }

  /// A constant that is a reuse identifier and a nib's name (`UINib(nibName: Cell.identifier, …)`) cannot change its
  /// value: the nib keeps its file name.
  private func checkNoNibReads(_ group: [ReuseOccurrence]) throws {
    let constants = Set(group.compactMap { occurrence in
      occurrence.expression.flatMap { index.declaringConstant(of: $0, in: occurrence.context)?.location }
    })
    guard !constants.isEmpty else { return }
    var nibReads = index.nibReferences.map { ($0.name, $0.enclosingType, $0.nameLocation) }
    for (owner, registrations) in index.registrationsByType {
      for registration in registrations {
        if case .nib(let name, let location) = registration.content {
          nibReads.append((name, owner, location ?? registration.location))
        }
      }
    }
    for (name, context, location) in nibReads {
      guard let constant = index.declaringConstant(of: name, in: context), constants.contains(constant.location) else {
        continue
      }
      throw RenameRefusal(
        "'\(constant.name)' (\(Self.describe(constant.location))) is also the name of the nib loaded at \(Self.describe(location)); renaming its value would not rename the nib file"
      )
    }
  }

  /// The occurrences linked to the seed through shared classes and constants; `*` links to everything.
  private func connected(_ occurrences: [ReuseOccurrence], to seed: ReuseOccurrence.Place) -> [ReuseOccurrence] {
    var keys: Set<String> = []
    switch seed {
    case .constant(let path, let offset):
      keys.insert("const:\(path):\(offset)")
    case .code, .interfaceBuilder:
      guard let start = occurrences.first(where: { $0.place == seed }) else { return [] }
      keys = start.keys
    }
    var members = Set<Int>()
    var changed = true
    while changed {
      changed = false
      for (position, occurrence) in occurrences.enumerated() where !members.contains(position) {
        guard keys.contains("*") || occurrence.keys.contains("*") || !occurrence.keys.isDisjoint(with: keys) else { continue }
        members.insert(position)
        keys.formUnion(occurrence.keys)
        changed = true
      }
    }
    return members.sorted().map { occurrences[$0] }
  }

  /// Where an occurrence spells the value: its literal, the constant it reads, the enum case's raw value, the IB
  /// attribute. A computed identifier cannot be renamed: the rename is refused.
  private func edits(renaming occurrence: ReuseOccurrence, from value: String, to newName: String) throws -> [RenameEdit] {
    let location = occurrence.location
    guard let expression = occurrence.expression else {
      return [RenameEdit(path: location.file, range: Self.offsets(location), newText: newName, kind: .tablelintOnly)]
    }
    switch expression {
    case .literal:
      // The frontends follow a local assigned once (`static NSString *CellIdentifier = @"…"`, `let id = "…"`): its
      // literal is then earlier in the method.
      guard let range = literalContents(value, in: location.file, Self.offsets(location))
        ?? localValue(value, in: location.file, readAt: location.range.start.offset)
      else {
        throw RenameRefusal(
          "the identifier at \(Self.describe(location)) is read from a variable tablelint cannot rename; rename it where it is assigned"
        )
      }
      return [RenameEdit(path: location.file, range: range, newText: newName, kind: .tablelintOnly)]
    case .reference, .rawValue:
      guard let constant = index.declaringConstant(of: expression, in: occurrence.context) else {
        throw RenameRefusal("the identifier at \(Self.describe(location)) names more than one constant")
      }
      guard case .literal(let written) = constant.value, written == value else {
        throw RenameRefusal(
          "the identifier at \(Self.describe(location)) comes from '\(constant.name)' (\(Self.describe(constant.location))), which is not a string literal"
            + (constant.isEnumCase ? "; the case's name is its raw value, so rename the case, or give it a raw value" : "")
        )
      }
      guard let range = declaredValue(value, of: constant) else {
        throw RenameRefusal(
          "'\(constant.name)' (\(Self.describe(constant.location))) does not spell '\(value)' as one literal"
            + (constant.isEnumCase ? ": the case's name is its raw value, so rename the case, or give it a raw value" : "")
        )
      }
      return [RenameEdit(path: constant.location.file, range: range, newText: newName, kind: .tablelintOnly)]
    case .typeName, .selfTypeName, .genericHelper:
      throw RenameRefusal(
        "the identifier at \(Self.describe(location)) is a class's name; rename the class instead, or write the identifier out"
      )
    case .unknown:
      throw RenameRefusal("the identifier at \(Self.describe(location)) is computed; tablelint cannot rename it")
    }
  }

  /// The literal `value` as the constant's declaration writes it (Swift initializer, raw value or body; Objective-C
  /// `static`/`#define`/method).
  func declaredValue(_ value: String, of constant: StringConstant) -> Range<Int>? {
    let path = constant.location.file
    let start = constant.location.range.start.offset
    return SourceFileKind(path: path) == .swift
      ? source.swift(path)?.declaredValue(value, ofDeclarationNamedAt: start)
      : source.objectiveC(path)?.constantValue(namedAt: start, equalTo: value)
  }

  private func localValue(_ value: String, in path: String, readAt offset: Int) -> Range<Int>? {
    SourceFileKind(path: path) == .swift
      ? source.swift(path)?.localValue(value, readAt: offset)
      : source.objectiveC(path)?.localValue(value, readAt: offset)
  }

  func literalContents(_ value: String, in path: String, _ range: Range<Int>) -> Range<Int>? {
    SourceFileKind(path: path) == .swift
      ? source.swift(path)?.stringContents(equalTo: value, in: range)
      : source.objectiveC(path)?.stringContents(equalTo: value, in: range)
  }

  // MARK: - Custom classes

  func renameCustomClass(_ name: String, to newName: String, fromCode: Bool) throws -> RenamePlan {
    guard Self.isIdentifier(newName) else { throw RenameRefusal("'\(newName)' is not a class name") }
    var plan = RenamePlan(edits: [], notes: [])
    for (path, document) in index.interfaceBuilderFiles {
      guard let bytes = source.bytes(of: path) else { continue }
      var starts = document.objects.filter { $0.classReference.customClass == name }.map(\.location)
      starts += document.cells.filter { $0.classReference.customClass == name }.map(\.location)
      for start in Set(starts.map { $0.range.start.offset }).sorted() {
        guard start < bytes.count, let tag = InterfaceBuilderTag.starting(at: start, in: bytes),
          let attribute = tag.attribute("customClass"), attribute.value == name
        else {
          throw RenameRefusal("the element with customClass '\(name)' in \(Self.fileName(path)) has moved")
        }
        plan.edits.append(RenameEdit(path: path, range: attribute.valueRange, newText: newName, kind: .tablelintOnly))
      }
    }
    if fromCode {
      plan.notes.append(
        "Renamed customClass '\(name)' in \(plan.edits.count) storyboard and xib element\(plan.edits.count == 1 ? "" : "s"); the class's declaration and its uses in code are the compiler's to rename (sourcekit-lsp, clangd)."
      )
    } else if index.resolveType(newName) == nil {
      plan.notes.append("No class '\(newName)' is declared in the workspace yet: rename the class in code too.")
    }
    return plan
  }
}
