import InterfaceBuilderFrontend
import TablelintIndex
import TablelintModel

/// Action methods and outlets: the declarations (Swift and Objective-C, overrides included), the selectors that name
/// them and the Interface Builder connections to them.
extension Renamer {
  /// The classes that share a member: the topmost workspace class in `className`'s chain that declares it, and every
  /// workspace subclass of that class (the instance an IB connection or a selector reaches may be any of them).
  private func memberFamily(of className: String, declares: (TypeInfo) -> Bool) -> (root: TypeInfo, classes: [TypeInfo])? {
    let chain = index.superclassChain(of: className).classes
    guard let root = chain.last(where: declares) ?? chain.first else { return nil }
    var seen: Set<String> = [root.name]
    var classes = [root]
    for descendant in index.descendants(of: root.name) where seen.insert(descendant.name).inserted {
      classes.append(descendant)
    }
    return (root, classes)
  }

  // MARK: - Actions

  /// Whether the class's own declarations (extensions included) answer `selector` with an instance method.
  func declares(_ selector: String, _ info: TypeInfo) -> Bool {
    info.members.contains { $0.kind == .method && !$0.isStatic && $0.selector == selector }
      || info.objcDeclarations.contains { $0.declaration.methods.contains { !$0.isClassMethod && $0.selector == selector } }
  }

  /// The topmost declaring class of every workspace class that declares `selector`: one per unrelated family.
  func declaringRoots(of selector: String) -> [TypeInfo] {
    var roots: [String: TypeInfo] = [:]
    for info in index.types.values where info.isClassLike && declares(selector, info) {
      let root = index.superclassChain(of: info.name).classes.last { declares(selector, $0) } ?? info
      roots[root.name] = root
    }
    return roots.values.sorted { $0.name < $1.name }
  }

  /// Connections whose receiver is found at run time: actions sent to First Responder, unwind segues.
  private func chainReferences(_ selector: String) -> [RenameEdit] {
    var edits: [RenameEdit] = []
    for (path, document) in index.interfaceBuilderFiles {
      for connection in document.connections {
        if connection.kind == .segue, connection.unwindAction == selector,
          let bytes = source.bytes(of: path),
          let value = InterfaceBuilderTag.starting(at: connection.location.range.start.offset, in: bytes)?.attribute("unwindAction"),
          value.value == selector
        {
          edits.append(RenameEdit(path: path, range: value.valueRange, newText: selector, kind: .tablelintOnly))
        } else if connection.kind == .action, connection.selector == selector, let value = connection.valueLocation,
          let receiver = connection.receiverID.flatMap(document.object(withID:)), Self.isSentUpTheChain(receiver)
        {
          edits.append(RenameEdit(path: path, range: Self.offsets(value), newText: selector, kind: .tablelintOnly))
        }
      }
    }
    return edits
  }

  func renameAction(_ selector: String, of className: String, swiftName: String?, to newName: String) throws -> RenamePlan {
    let declaresSelector = { (info: TypeInfo) in self.declares(selector, info) }
    guard let (root, family) = memberFamily(of: className, declares: declaresSelector), declaresSelector(root) else {
      throw RenameRefusal("no class tablelint sees declares '\(selector)'")
    }
    let familyNames = Set(family.map(\.name))
    let swiftDeclarations = family.flatMap { info in
      info.declarations.flatMap { entry in
        entry.declaration.members.filter { $0.kind == .method && !$0.isStatic && $0.selector == selector }
      }
    }
    let objcDeclarations = family.flatMap { info in
      info.objcDeclarations.flatMap { entry in
        entry.declaration.methods.filter { !$0.isClassMethod && $0.selector == selector }.map { (entry.path, $0) }
      }
    }
    if let override = root.members.first(where: {
      $0.kind == .method && !$0.isStatic && $0.selector == selector && $0.exposure.contains(.override)
    }) {
      throw RenameRefusal(
        "'\(override.name)' overrides a method declared outside the workspace (\(Self.describe(override.location))); its name is not the workspace's to change"
      )
    }
    if FrameworkMembers.responderActions.contains(selector) {
      throw RenameRefusal("'\(selector)' is a UIKit or AppKit responder action; renaming it would stop the framework from sending it")
    }
    guard !objcDeclarations.isEmpty || swiftDeclarations.contains(where: \.isExposedToObjC) else {
      throw RenameRefusal(
        "'\(swiftName ?? selector)' is not exposed to Objective-C: no storyboard, xib or selector names it; rename it with sourcekit-lsp"
      )
    }
    let connections = actionConnections(selector, classes: familyNames)
    let stringReferences = index.selectorReferences.filter { $0.form == .stringLiteral && $0.selector == selector }
    let isAction = swiftDeclarations.contains { $0.exposure.contains(.ibAction) } || objcDeclarations.contains { $0.1.isAction }
    // `@objc(name:)` fixes the selector: a Swift rename leaves it (and everything that names it) alone.
    let explicit = swiftDeclarations.filter { $0.explicitObjCName != nil }
    if !explicit.isEmpty {
      guard swiftName != nil, explicit.count == swiftDeclarations.count, objcDeclarations.isEmpty else {
        throw RenameRefusal(
          "the selector '\(selector)' comes from @objc(\(selector)) at \(Self.describe(explicit[0].location)); change it there, and the storyboards with it"
        )
      }
      return try renameSwiftNamesOnly(of: explicit, selector: selector, family: familyNames, to: newName)
    }

    let newSelector = try newActionSelector(selector, swiftName: swiftName, newName: newName)
    for info in family {
      if let surface = index.objcSurface(ofClass: info.name), let taken = surface.selector(newSelector) {
        throw RenameRefusal("'\(info.simpleName)' already answers '\(newSelector)' (\(taken.map(Self.describe) ?? "from its framework superclass"))")
      }
    }
    var plan = RenamePlan(edits: [], notes: [])
    // Swift declarations: the base name changes, the labels stay.
    var newSwiftNames: [String: String] = [:]
    for member in swiftDeclarations {
      let newBase = try swiftBaseName(of: member, for: newSelector)
      newSwiftNames[member.name] = newBase
      guard let locator = source.swift(member.location.file),
        let range = locator.identifier(member.name, at: member.location.range.start.offset)
      else { throw RenameRefusal("the declaration of '\(member.name)' at \(Self.describe(member.location)) has moved") }
      plan.edits.append(RenameEdit(path: member.location.file, range: range, newText: newBase, kind: .compilerSymbol))
    }
    let newPieces = Self.pieces(of: newSelector)
    for (path, method) in objcDeclarations {
      guard let locator = source.objectiveC(path),
        let ranges = locator.selectorPieces(ofMethodNamedAt: method.location.range.start.offset),
        ranges.count == newPieces.count
      else { throw RenameRefusal("the declaration of '\(selector)' at \(Self.describe(method.location)) has moved") }
      for (range, piece) in zip(ranges, newPieces) where source.text(range, in: path) != piece {
        plan.edits.append(RenameEdit(path: path, range: range, newText: piece, kind: .compilerSymbol))
      }
    }
    let swiftSelectorEdits = try swiftSelectorExpressionEdits(selector: selector, family: familyNames, newNames: newSwiftNames)
    var selectorsInFamily = swiftSelectorEdits.count
    plan.edits += swiftSelectorEdits
    var leftAlone: [SourceLocation] = []
    // A selector string outside the family can only mean this method when no other workspace class declares it.
    let roots = declaringRoots(of: selector)
    let onlyDeclarer = roots.map(\.name) == [root.name]
    for reference in stringReferences {
      let inFamily = reference.enclosingType.flatMap { index.resolveType($0) }.map { familyNames.contains($0.name) } ?? false
      guard inFamily || onlyDeclarer else {
        leftAlone.append(reference.location)
        continue
      }
      plan.edits += try stringSelectorEdits(reference, selector: selector, newSelector: newSelector)
      selectorsInFamily += 1
    }
    for connection in connections {
      guard let value = connection.valueLocation else {
        throw RenameRefusal("the connection at \(Self.describe(connection.location)) has no readable selector")
      }
      plan.edits.append(
        RenameEdit(path: value.file, range: Self.offsets(value), newText: newSelector, kind: .tablelintOnly)
      )
    }
    // First Responder actions and unwind segues reach whichever class answers at run time: they follow when this
    // family is the only one that declares the selector.
    let chained = chainReferences(selector)
    if !chained.isEmpty {
      if onlyDeclarer {
        plan.edits += chained.map { RenameEdit(path: $0.path, range: $0.range, newText: newSelector, kind: $0.kind) }
        selectorsInFamily += chained.count
      } else {
        plan.notes.append(
          "\(chained.count) First Responder action\(chained.count == 1 ? "" : "s") or unwind segue\(chained.count == 1 ? "" : "s") '\(selector)' left alone: other classes declare it too (\(roots.filter { $0.name != root.name }.map(\.simpleName).joined(separator: ", ")))."
        )
      }
    }
    // A method no storyboard, xib or selector names may be a protocol's (a data source's, a delegate's): the framework
    // calls it by its selector, which only the compiler's rename can judge.
    guard isAction || !connections.isEmpty || selectorsInFamily > 0 || !leftAlone.isEmpty else {
      throw RenameRefusal(
        "'\(swiftName ?? selector)' is not an action: no storyboard, xib or selector tablelint sees names it (a protocol method keeps its name); rename it with sourcekit-lsp"
      )
    }
    if !leftAlone.isEmpty {
      plan.notes.append(
        "\(leftAlone.count) selector string\(leftAlone.count == 1 ? "" : "s") '\(selector)' outside \(root.simpleName) and its subclasses left alone: "
          + leftAlone.sorted().map(Self.describe).joined(separator: ", ")
      )
    }
    if !swiftDeclarations.isEmpty {
      plan.notes.append(
        "Calls of '\(swiftDeclarations[0].name)' in Swift code are the compiler's to rename (sourcekit-lsp); tablelint renamed the declaration\(swiftDeclarations.count == 1 ? "" : "s"), the selectors and \(connections.count) Interface Builder connection\(connections.count == 1 ? "" : "s")."
      )
    }
    return plan
  }

  /// The selector a rename asks for: from a Swift name, the old selector with the new base name; otherwise the new
  /// name itself, a colon added when the old selector has one piece and the new name none.
  private func newActionSelector(_ selector: String, swiftName: String?, newName: String) throws -> String {
    var newSelector = newName
    if let swiftName {
      guard Self.isIdentifier(newName) else {
        throw RenameRefusal("'\(newName)' is not a Swift method name (give the base name; the argument labels stay)")
      }
      guard selector.hasPrefix(swiftName) else {
        throw RenameRefusal("the selector '\(selector)' does not start with '\(swiftName)'")
      }
      newSelector = newName + selector.dropFirst(swiftName.count)
    } else if !newName.contains(":"), selector.filter({ $0 == ":" }).count == 1, selector.hasSuffix(":") {
      newSelector = newName + ":"
    }
    let oldPieces = Self.pieces(of: selector)
    let newPieces = Self.pieces(of: newSelector)
    guard newPieces.allSatisfy(Self.isIdentifier), newSelector.hasSuffix(":") == selector.hasSuffix(":") else {
      throw RenameRefusal("'\(newName)' is not an Objective-C selector like '\(selector)'")
    }
    guard newPieces.count == oldPieces.count else {
      throw RenameRefusal("'\(newSelector)' takes \(newPieces.count) argument(s) where '\(selector)' takes \(oldPieces.count); a rename keeps the arguments")
    }
    return newSelector
  }

  /// The Swift base name that gives `member` the selector `newSelector` with its labels: the old selector is the base
  /// name followed by what the labels add (`WithSender:`, `:`), which must stay.
  private func swiftBaseName(of member: SwiftMember, for newSelector: String) throws -> String {
    guard member.selector.hasPrefix(member.name) else {
      throw RenameRefusal("the selector of '\(member.name)' does not start with its name")
    }
    let suffix = member.selector.dropFirst(member.name.count)
    guard newSelector.hasSuffix(suffix), newSelector.count > suffix.count else {
      throw RenameRefusal(
        "'\(newSelector)' cannot be the selector of Swift's '\(member.name)' at \(Self.describe(member.location)): its labels make it end in '\(suffix)'"
      )
    }
    let base = String(newSelector.dropLast(suffix.count))
    guard Self.isIdentifier(base) else { throw RenameRefusal("'\(base)' is not a Swift name") }
    return base
  }

  /// `@objc(name:)` methods: only their Swift names (and the `#selector`s naming them) change.
  private func renameSwiftNamesOnly(of members: [SwiftMember], selector: String, family: Set<String>, to newName: String) throws -> RenamePlan {
    guard Self.isIdentifier(newName) else { throw RenameRefusal("'\(newName)' is not a Swift method name") }
    var plan = RenamePlan(edits: [], notes: [])
    var newNames: [String: String] = [:]
    for member in members {
      newNames[member.name] = newName
      guard let range = source.swift(member.location.file)?.identifier(member.name, at: member.location.range.start.offset) else {
        throw RenameRefusal("the declaration of '\(member.name)' at \(Self.describe(member.location)) has moved")
      }
      plan.edits.append(RenameEdit(path: member.location.file, range: range, newText: newName, kind: .compilerSymbol))
    }
    plan.edits += try swiftSelectorExpressionEdits(selector: selector, family: family, newNames: newNames)
    plan.notes.append("'\(selector)' stays: it is written in @objc(\(selector)), so storyboards and selector strings still match.")
    return plan
  }

  /// `#selector(Type.name(_:))` and `#selector(name)` of the family's methods.
  private func swiftSelectorExpressionEdits(selector: String, family: Set<String>, newNames: [String: String]) throws -> [RenameEdit] {
    var edits: [RenameEdit] = []
    for reference in index.selectorReferences where reference.form == .selectorExpression && reference.accessor == nil {
      guard let memberName = reference.memberName, let newName = newNames[memberName],
        let typeName = reference.typeName ?? reference.enclosingType,
        let type = index.resolveType(typeName, from: reference.enclosingType), family.contains(type.name)
      else { continue }
      let named = index.superclassChain(of: type.name).classes.lazy.flatMap(\.members).first {
        $0.kind == .method && !$0.isStatic && $0.name == memberName
          && (reference.argumentLabels == nil || reference.argumentLabels == $0.argumentLabels)
      }
      guard named?.selector == selector else { continue }
      guard let range = source.swift(reference.location.file)?
        .selectorMember(memberName, inExpressionAt: reference.location.range.start.offset)
      else { throw RenameRefusal("the #selector at \(Self.describe(reference.location)) has moved") }
      edits.append(RenameEdit(path: reference.location.file, range: range, newText: newName, kind: .compilerSymbol))
    }
    return edits
  }

  /// `Selector("name:")`, `NSSelectorFromString(@"name:")`, `@selector(name:)`.
  private func stringSelectorEdits(_ reference: SelectorReference, selector: String, newSelector: String) throws -> [RenameEdit] {
    let path = reference.location.file
    let range = Self.offsets(reference.location)
    if SourceFileKind(path: path) == .swift {
      guard let contents = source.swift(path)?.stringContents(equalTo: selector, in: range) else {
        throw RenameRefusal("the selector at \(Self.describe(reference.location)) has moved")
      }
      return [RenameEdit(path: path, range: contents, newText: newSelector, kind: .tablelintOnly)]
    }
    switch source.objectiveC(path)?.selector(selector, writtenIn: range) {
    case .string(let contents):
      return [RenameEdit(path: path, range: contents, newText: newSelector, kind: .tablelintOnly)]
    case .pieces(let pieces):
      let newPieces = Self.pieces(of: newSelector)
      guard pieces.count == newPieces.count else { throw RenameRefusal("'\(newSelector)' does not fit \(Self.describe(reference.location))") }
      return zip(pieces, newPieces).map { RenameEdit(path: path, range: $0, newText: $1, kind: .compilerSymbol) }
    case nil:
      throw RenameRefusal("the selector at \(Self.describe(reference.location)) has moved")
    }
  }

  private func actionConnections(_ selector: String, classes: Set<String>) -> [IBConnection] {
    index.interfaceBuilderFiles.flatMap { _, document in
      document.connections.filter { connection in
        connection.kind == .action && connection.selector == selector
          && index.workspaceClass(of: connection.receiverID.flatMap(document.object(withID:))).map { classes.contains($0.name) } == true
      }
    }
  }

  // MARK: - Outlets

  func renameOutlet(_ name: String, of className: String, to newName: String) throws -> RenamePlan {
    func declaresProperty(_ info: TypeInfo) -> Bool {
      info.members.contains { $0.kind == .property && !$0.isStatic && $0.name == name }
        || info.objcDeclarations.contains { $0.declaration.properties.contains { $0.name == name } }
    }
    guard let (root, family) = memberFamily(of: className, declares: declaresProperty), declaresProperty(root) else {
      let external = index.superclassChain(of: className).externalSuperclass
      if let external, FrameworkMembers.members(of: external)?.outlets.contains(name) == true {
        throw RenameRefusal("'\(name)' is an outlet \(external) declares; only the workspace's own outlets can be renamed")
      }
      throw RenameRefusal(
        "no class tablelint sees declares the property '\(name)' (an outlet set through an instance variable is renamed in Objective-C)"
      )
    }
    guard Self.isIdentifier(newName) else { throw RenameRefusal("'\(newName)' is not a property name") }
    let familyNames = Set(family.map(\.name))
    let swiftDeclarations = family.flatMap { info in
      info.declarations.flatMap { entry in
        entry.declaration.members.filter { $0.kind == .property && !$0.isStatic && $0.name == name }
      }
    }
    let objcDeclarations = family.flatMap { info in
      info.objcDeclarations.flatMap { entry in entry.declaration.properties.filter { $0.name == name }.map { (entry.path, $0) } }
    }
    // Overrides below the root are renamed with it; a root that overrides names a property from outside.
    if let override = root.members.first(where: {
      $0.kind == .property && !$0.isStatic && $0.name == name && $0.exposure.contains(.override)
    }) {
      throw RenameRefusal(
        "'\(name)' overrides a property declared outside the workspace (\(Self.describe(override.location))); its name is not the workspace's to change"
      )
    }
    let connections = index.interfaceBuilderFiles.flatMap { _, document in
      document.connections.filter { connection in
        (connection.kind == .outlet || connection.kind == .outletCollection) && connection.property == name
          && index.workspaceClass(of: connection.receiverID.flatMap(document.object(withID:))).map { familyNames.contains($0.name) } == true
      }
    }
    let isOutlet = swiftDeclarations.contains { $0.exposure.contains(.ibOutlet) } || objcDeclarations.contains { $0.1.isOutlet }
    guard isOutlet || !connections.isEmpty else {
      throw RenameRefusal("'\(name)' is not an outlet and no storyboard or xib connects to it; rename it with sourcekit-lsp")
    }
    for info in family {
      if info.members.contains(where: { $0.name == newName && !$0.isStatic }) {
        throw RenameRefusal("'\(info.simpleName)' already has a member '\(newName)'")
      }
      if let surface = index.objcSurface(ofClass: info.name), let taken = surface.settableKey(newName) ?? surface.selector(newName) {
        throw RenameRefusal("'\(info.simpleName)' already has '\(newName)' (\(taken.map(Self.describe) ?? "from its framework superclass"))")
      }
    }
    var plan = RenamePlan(edits: [], notes: [])
    for member in swiftDeclarations {
      guard let range = source.swift(member.location.file)?.identifier(name, at: member.location.range.start.offset) else {
        throw RenameRefusal("the declaration of '\(name)' at \(Self.describe(member.location)) has moved")
      }
      plan.edits.append(RenameEdit(path: member.location.file, range: range, newText: newName, kind: .compilerSymbol))
    }
    for (path, property) in objcDeclarations {
      let range = Self.offsets(property.location)
      guard source.text(range, in: path) == name else {
        throw RenameRefusal("the declaration of '\(name)' at \(Self.describe(property.location)) has moved")
      }
      plan.edits.append(RenameEdit(path: path, range: range, newText: newName, kind: .compilerSymbol))
    }
    for connection in connections {
      guard let value = connection.valueLocation else {
        throw RenameRefusal("the connection at \(Self.describe(connection.location)) has no readable property")
      }
      plan.edits.append(RenameEdit(path: value.file, range: Self.offsets(value), newText: newName, kind: .tablelintOnly))
    }
    plan.notes.append(
      "Uses of '\(name)' in code are the compiler's to rename (sourcekit-lsp\(objcDeclarations.isEmpty ? "" : ", clangd")); tablelint renamed \(swiftDeclarations.count + objcDeclarations.count) declaration\(swiftDeclarations.count + objcDeclarations.count == 1 ? "" : "s") and \(connections.count) Interface Builder connection\(connections.count == 1 ? "" : "s") in \(root.simpleName)'s classes."
    )
    return plan
  }

  // MARK: - Names

  static func pieces(of selector: String) -> [String] {
    selector.split(separator: ":", omittingEmptySubsequences: false).dropLast(selector.hasSuffix(":") ? 1 : 0).map(String.init)
  }

  static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
    return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
  }
}
