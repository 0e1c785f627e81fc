import TablelintModel

extension ProjectIndex {
  /// The index with one Swift file's facts replaced, export included, without reading the other files again; `nil`
  /// when the edit changed what the file declares (see `sameDeclarations`) and only a new index is right.
  ///
  /// This is the edit of a member, a constant, a registration, a table declaration or a generic helper: the type
  /// names stay, so the name canonicalizer, the superclasses, subclasses and simple names stay too, and only the
  /// entries the file contributes are replaced: its declarations in the merged types, the constants of the types
  /// it declares (the first declaration of a name wins, in path order, as `IndexBuilder` decides), its globals,
  /// enum cases, registrations, library rows and generic helpers, and its local facts (`replacingLocalFacts`).
  /// The memo is dropped: a memoised value may read any export fact. Strings spelled and syntax errors are the
  /// caller's (`replacingSpelledStrings`, `recomputingSyntaxErrors`), as for a local edit.
  ///
  /// `old` is the file as this index holds it; `held` gives another file's facts whose export this index holds (by
  /// default its entry in `files`; the engine passes the facts of an earlier text for files whose local facts were
  /// swapped in since, see `LintEngine`), so that the constants decided again keep the positions the index holds.
  public func replacingSwiftFile(
    _ old: FileFacts, with new: FileFacts, held: ((String) -> FileFacts?)? = nil
  ) -> ProjectIndex? {
    guard old.path == new.path, let before = old.swift, let after = new.swift,
      Self.sameDeclarations(before, after), var copy = replacingLocalFacts(of: new)
    else { return nil }
    let path = new.path
    copy.derived = DerivedCache()

    // The file's declarations in the merged types; kinds, superclasses and inherited types cannot have changed.
    var declared: [String: [SwiftTypeDeclaration]] = [:]
    for declaration in after.types { declared[canonicalizer.canonical(declaration.name), default: []].append(declaration) }
    for name in Set(before.types.map { canonicalizer.canonical($0.name) }).union(declared.keys) {
      guard let info = types[name] else { return nil }
      var list = info.declarations.filter { $0.path != path }
      list.append(contentsOf: (declared[name] ?? []).map { (path, $0) })
      list.sort(by: IndexBuilder.declaredBefore)
      copy.types[name] = TypeInfo(
        name: name, kind: info.kind, declarations: list, objcDeclarations: info.objcDeclarations,
        superclass: info.superclass, inheritedTypes: info.inheritedTypes
      )
    }

    // Constants of the types the file declares: decided again over every file that declares those types.
    let normalized: (StringConstant) -> StringConstant = canonicalizer.normalized
    let owners = Set((before.constants + after.constants).compactMap { $0.owner.map(canonicalizer.canonical) })
    // Each contributing file's constants, normalised and grouped by owner once: a file of a thousand constants in
    // twenty nested types (generated strings) is not normalised twenty times.
    var constantsByOwner: [String: [String: [StringConstant]]] = [:]
    func constants(of contributor: String) -> [String: [StringConstant]] {
      if let grouped = constantsByOwner[contributor] { return grouped }
      let file = contributor == path ? new : held?(contributor) ?? copy.file(atPath: contributor)
      let written: [StringConstant]
      switch file?.content {
      case .swift(let facts)?: written = facts.constants
      case .objectiveC(let facts)?: written = facts.constants
      default: written = []
      }
      var grouped: [String: [StringConstant]] = [:]
      for constant in written.map(normalized) {
        if let owner = constant.owner { grouped[owner, default: []].append(constant) }
      }
      constantsByOwner[contributor] = grouped
      return grouped
    }
    for owner in owners {
      guard let info = copy.types[owner] else { return nil }
      let contributors = Set(info.declarations.map(\.path) + info.objcDeclarations.map(\.path)).sorted()
      var table: [String: StringConstant] = [:]
      for contributor in contributors {
        for constant in constants(of: contributor)[owner] ?? [] where table[constant.name] == nil {
          table[constant.name] = constant
        }
      }
      copy.constants[owner] = table.isEmpty ? nil : table
    }
    for name in Set((before.constants + after.constants).filter { $0.owner == nil }.map(\.name)) {
      var list = copy.globalConstants[name] ?? []
      Self.replace(in: &list, of: path, with: after.constants.filter { $0.owner == nil && $0.name == name }) {
        $0.location.file
      }
      copy.globalConstants[name] = list.isEmpty ? nil : list
    }
    for name in Set((before.constants + after.constants).filter(\.isEnumCase).map(\.name)) {
      var list = copy.enumCasesByName[name] ?? []
      Self.replace(in: &list, of: path, with: after.constants.filter { $0.isEnumCase && $0.name == name }.map(normalized)) {
        $0.location.file
      }
      copy.enumCasesByName[name] = list.isEmpty ? nil : list
    }

    // Registrations by the type that makes them, library rows, generic helpers: each file's entries are one run.
    let registrations = after.registrations.compactMap(canonicalizer.normalized)
    let registeringTypes = Set(before.registrations.compactMap(canonicalizer.normalized).map { $0.enclosingType ?? "" })
      .union(registrations.map { $0.enclosingType ?? "" })
    for owner in registeringTypes {
      var list = copy.registrationsByType[owner] ?? []
      Self.replace(in: &list, of: path, with: registrations.filter { $0.enclosingType == owner }) { $0.location.file }
      copy.registrationsByType[owner] = list.isEmpty ? nil : list
    }
    Self.replace(in: &copy.libraryRows, of: path, with: after.libraryRows) { $0.location.file }
    for name in Set((before.reuseHelpers + after.reuseHelpers).map(\.name)) {
      var list = copy.reuseHelpers[name] ?? []
      Self.replace(in: &list, of: path, with: after.reuseHelpers.filter { $0.name == name }) { $0.location.file }
      copy.reuseHelpers[name] = list.isEmpty ? nil : list
    }
    return copy
  }

  /// A file's facts as this index holds them.
  public func file(atPath path: String) -> FileFacts? { files.indexOfFile(atPath: path).map { files[$0] } }

  /// Whether two versions of a Swift file declare the same types (names, kinds, inheritance, attributes and
  /// Objective-C names, in order), the same type aliases and the same imports: everything the index derives
  /// type names, superclasses and subclasses from.
  static func sameDeclarations(_ lhs: SwiftFileFacts, _ rhs: SwiftFileFacts) -> Bool {
    guard lhs.imports == rhs.imports, lhs.types.count == rhs.types.count,
      lhs.typeAliases.map({ [$0.name, $0.target] }) == rhs.typeAliases.map({ [$0.name, $0.target] })
    else { return false }
    return zip(lhs.types, rhs.types).allSatisfy { old, new in
      old.name == new.name && old.kind == new.kind && old.inheritedTypes == new.inheritedTypes
        && old.attributes == new.attributes && old.objcName == new.objcName
    }
  }
}

extension [FileFacts] {
  /// The position of the file at `path` in facts sorted by path (as `ProjectIndex.files` are): a binary search.
  public func indexOfFile(atPath path: String) -> Int? {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if self[middle].path < path { low = middle + 1 } else { high = middle }
    }
    return low < count && self[low].path == path ? low : nil
  }
}
