import TablelintModel

/// Builds the index's tables from per-file facts in one pass over the files.
struct IndexBuilder {
  var types: [String: TypeInfo] = [:]
  var typesBySimpleName: [String: [String]] = [:]
  var constants: [String: [String: StringConstant]] = [:]
  var enumCasesByName: [String: [StringConstant]] = [:]
  var globalConstants: [String: [StringConstant]] = [:]
  var nibs: [String: [IBDocumentRef]] = [:]
  var opaqueNibNames: Set<String> = []
  var hasDependencyManifests = false
  /// The files each Xcode project of the workspace references (see `ProjectIndex.filesOutsideXcodeProjects`).
  var xcodeProjects: [XcodeProjectFiles] = []
  /// Types declared (or extended) in Swift files with syntax errors.
  var typesInFilesWithSyntaxErrors: Set<String> = []
  var hasUnreadableSources = false
  var workspaceStrings: Set<String> = []
  var objectiveCRegistersReusableViews = false
  var objectiveCProtocolSelectors: Set<String> = []
  var registrationsByType: [String: [Registration]] = [:]
  var dequeues: [Dequeue] = []
  var nibReferences: [NibReference] = []
  var libraryRows: [LibraryRow] = []
  var reuseHelpers: [String: [GenericReuseHelper]] = [:]
  var selectorReferences: [SelectorReference] = []
  var targetActions: [TargetActionUse] = []
  var subclasses: [String: [String]] = [:]
  var canonicalizer = TypeNameCanonicalizer(primaryNames: [], simple: [:], typeAliases: [:])

  /// The Swift, Objective-C and Interface Builder files no project references (or only without building them:
  /// `XcodeProjectFiles.unbuilt`) while one references another file of their folder or of a folder below it (for a localised file, of the folder above its `.lproj`: KnockKnock's
  /// `English.lproj/MainMenu.xib`, left beside the `Base.lproj/MainMenu.xib` its project builds), or of a folder above
  /// theirs that is inside a project's folder (a stale subtree of a listed folder). Files under a folder Xcode keeps in step with the disk (Xcode 16's
  /// synchronized folders list no file) are built; when a project holds such a folder its group tree does not reach,
  /// being unlisted says nothing. Nothing either when no project lists its files. Files of a Swift package (a folder
  /// under one holding `Package.swift`) are never judged: the package builds them.
  static func filesOutsideXcodeProjects(_ files: [FileFacts], projects: [XcodeProjectFiles]) -> Set<String> {
    guard !projects.isEmpty, !projects.contains(where: { $0.synchronizedFolders == nil }) else { return [] }
    func folder(of path: String) -> Substring { path[..<(path.lastIndex(of: "/") ?? path.startIndex)] }
    let synchronized = projects.flatMap { ($0.synchronizedFolders ?? []).map { $0 == "." ? "" : $0 + "/" } }
    var referenced: Set<String> = []
    var folders: Set<Substring> = []
    for project in projects {
      let unbuilt = Set(project.unbuilt)
      for path in project.paths {
        // Referenced but taken by no build phase: not built by this project.
        if unbuilt.isEmpty || !unbuilt.contains(path) { referenced.insert(path) }
        // The folders above a listed file are the project's too, up to the top: a folder whose files it lists only in
        // subfolders keeps unlisted ones of its own (xabber-ios's `controllers/ChatTableViewController.swift`, beside
        // the `controllers/chats/chat/ChatViewController.swift` it builds). A localised file
        // (`Storyboards/Base.lproj/LaunchScreen.storyboard`) sits in a variant group of the folder above: the project
        // lists that folder's files too (corona-warn-app's unlisted `Storyboards/Main.storyboard`).
        var parent = folder(of: path)
        while folders.insert(parent).inserted, !parent.isEmpty {
          parent = folder(of: String(parent))
        }
      }
    }
    let packages = files.compactMap { file -> String? in
      if file.path == "Package.swift" { return "" }
      return file.path.hasSuffix("/Package.swift") ? String(folder(of: file.path)) + "/" : nil
    }
    // Without case too, as the file systems Xcode runs on compare (xabber-ios's group `waveforms` is the folder
    // `Waveforms`): made only when a path is not found as written.
    lazy var referencedWithoutCase = Set(referenced.map { $0.lowercased() })
    lazy var foldersWithoutCase = Set(folders.map { $0.lowercased() })
    func isListed(_ folderPath: Substring) -> Bool {
      folders.contains(folderPath) || foldersWithoutCase.contains(folderPath.lowercased())
    }
    // The folders above a project's listed files inside the project's folder (`App/App.xcodeproj` lists
    // `App/Sources/Home/Home.swift`: `App/Sources/Home` and `App/Sources`, not `App`). A folder below one of them none of
    // whose files the project lists is a stale copy (unstoppable-ios-app's `Modules/NewUI/…`, whose storyboard and
    // Swift files no project holds); a folder beside the project's listed ones may be built by other means. Made once,
    // from each project's paths: looking for the projects above every unlisted file's folders took a repository of
    // 1,900 projects from 14 to 35 s.
    var insideProjects: Set<Substring> = []
    for file in files {
      guard case .dependencyManifest(_, let projectFiles?) = file.content,
        file.path.hasSuffix(".xcodeproj/project.pbxproj")
      else { continue }
      let projectFolder = folder(of: String(folder(of: file.path)))
      for path in projectFiles.paths where projectFolder.isEmpty || path.hasPrefix(projectFolder + "/") {
        var parent = folder(of: path)
        while parent.count > projectFolder.count {
          insideProjects.insert(parent)
          parent = folder(of: String(parent))
        }
      }
    }
    lazy var insideProjectsWithoutCase = Set(insideProjects.map { $0.lowercased() })
    func isUnderListedFolder(_ folderPath: Substring) -> Bool {
      guard !insideProjects.isEmpty else { return false }
      var ancestor = folder(of: String(folderPath))
      while !ancestor.isEmpty {
        if insideProjects.contains(ancestor) || insideProjectsWithoutCase.contains(ancestor.lowercased()) { return true }
        ancestor = folder(of: String(ancestor))
      }
      return false
    }
    var outside: Set<String> = []
    for file in files {
      switch file.content {
      case .swift, .objectiveC, .interfaceBuilder, .unreadable: break
      case .compiledNib, .dependencyManifest: continue
      }
      let parent = folder(of: file.path)
      guard !referenced.contains(file.path), !referencedWithoutCase.contains(file.path.lowercased()),
        isListed(parent) || (parent.hasSuffix(".lproj") && isListed(folder(of: String(parent))))
          || isUnderListedFolder(parent),
        !packages.contains(where: { file.path.hasPrefix($0) }), !synchronized.contains(where: { file.path.hasPrefix($0) })
      else { continue }
      outside.insert(file.path)
    }
    return outside
  }

  /// The classes whose sources an Xcode project builds but the workspace does not hold (a submodule the checkout left
  /// empty, a file outside the repository, a folder the configuration excludes), by the convention that names a file
  /// after its class (`AppDelegate.swift`) or after the class it extends (`AppDelegate+Menu.swift`,
  /// `NSView+Shadow.m`): InjectionIII's app delegate lives in `../HotReloading/Sources/injectiond/AppDelegate.swift`,
  /// and two other targets' `AppDelegate`s answered for it. Files are compared without case, as the file systems
  /// Xcode runs on do.
  static func classesInMissingSources(_ files: [FileFacts], projects: [XcodeProjectFiles]) -> Set<String> {
    guard !projects.isEmpty else { return [] }
    let present = Set(files.map(\.path))
    // Without case only for the few paths not found as written.
    lazy var presentWithoutCase = Set(files.map { $0.path.lowercased() })
    var names: Set<String> = []
    for project in projects {
      for path in project.paths where !present.contains(path) && !presentWithoutCase.contains(path.lowercased()) {
        guard let kind = SourceFileKind(path: path), kind == .swift || kind == .objectiveC else { continue }
        let fileName = path.split(separator: "/").last ?? ""
        let stem = fileName[..<(fileName.lastIndex(of: ".") ?? fileName.endIndex)]
        if let name = stem.split(separator: "+").first, !name.isEmpty { names.insert(String(name)) }
      }
    }
    return names
  }

  /// The Swift files of the workspace that only Xcode 7's projects build (`XcodeProjectFiles.buildsSwift2`): Swift 2
  /// (artsy/Emergence, CatchChat/Yep). Paths are compared without case, as the file systems Xcode runs on do:
  /// ledger-wallet-ios's group `pairing/list` is the folder `Pairing/List`.
  static func legacySwiftFiles(_ files: [FileFacts], projects: [XcodeProjectFiles]) -> Set<String> {
    var legacy: Set<String> = []
    var current: Set<String> = []
    for project in projects {
      for path in project.paths where path.hasSuffix(".swift") {
        if project.buildsSwift2 { legacy.insert(path.lowercased()) } else { current.insert(path.lowercased()) }
      }
    }
    legacy.subtract(current)
    guard !legacy.isEmpty else { return [] }
    return Set(files.lazy.map(\.path).filter { $0.hasSuffix(".swift") && legacy.contains($0.lowercased()) })
  }

  init(files: [FileFacts]) {
    var swiftDeclarations: [String: [(path: String, declaration: SwiftTypeDeclaration)]] = [:]
    var objcDeclarations: [String: [(path: String, declaration: ObjCClassDeclaration)]] = [:]
    // Names with a declaration that is not an extension (the canonicalizer's primary names), and protocols': noted
    // in the pass over the files rather than by walking every list of declarations again (each element a copy).
    var primaryNames: Set<String> = []
    var writtenProtocolNames: Set<String> = []
    // What each file references, one list per file: joined (and normalised) on another core below. Appending them
    // element by element here copied each element on this core, and normalising copied it again.
    var references = FileReferences()
    references.reserveCapacity(files.count)
    var typeAliases: [String: [String]] = [:]

    // The union of every file's strings is a tenth of building the index: made on another core meanwhile.
    let spelled = Pending(inline: files.count < ProjectIndex.filesWorthAThread) {
      files.reduce(into: Set<String>()) { $0.formUnion(Self.spelledStrings(of: $1)) }
    }
    // Sized up front: growing these tables one rehash at a time was a tenth of the pass below on element-ios.
    var declarationCounts = (swift: 0, objc: 0)
    for file in files {
      switch file.content {
      case .swift(let facts): declarationCounts.swift += facts.types.count
      case .objectiveC(let facts): declarationCounts.objc += facts.classes.count
      default: break
      }
    }
    swiftDeclarations.reserveCapacity(declarationCounts.swift)
    objcDeclarations.reserveCapacity(declarationCounts.objc)
    for file in files {
      switch file.content {
      case .swift(let facts):
        for declaration in facts.types {
          swiftDeclarations[declaration.name, default: []].append((file.path, declaration))
          if declaration.kind != .extension { primaryNames.insert(declaration.name) }
          if declaration.kind == .protocol { writtenProtocolNames.insert(declaration.name) }
        }
        references.constants.append(facts.constants)
        references.registrations.append(facts.registrations)
        references.dequeues.append(facts.dequeues)
        references.nibReferences.append(facts.nibReferences)
        references.libraryRows.append(facts.libraryRows)
        for helper in facts.reuseHelpers { reuseHelpers[helper.name, default: []].append(helper) }
        references.selectorReferences.append(facts.selectorReferences)
        references.targetActions.append(facts.targetActions)
        for alias in facts.typeAliases { typeAliases[alias.name, default: []].append(alias.target) }
      case .objectiveC(let facts):
        for declaration in facts.classes {
          objcDeclarations[declaration.name, default: []].append((file.path, declaration))
        }
        if facts.registersReusableViews { objectiveCRegistersReusableViews = true }
        objectiveCProtocolSelectors.formUnion(facts.protocolSelectors)
        references.constants.append(facts.constants)
        references.registrations.append(facts.registrations)
        references.dequeues.append(facts.dequeues)
        references.nibReferences.append(facts.nibReferences)
        references.selectorReferences.append(facts.selectorReferences)
        references.targetActions.append(facts.targetActions)
      case .interfaceBuilder(let document):
        if document.kind == .xib {
          nibs[Self.nibName(ofPath: file.path), default: []].append(IBDocumentRef(path: file.path, document: document))
        }
      case .compiledNib:
        opaqueNibNames.insert(Self.nibName(ofPath: file.path))
      case .dependencyManifest(let declaresDependencies, let projectFiles):
        if declaresDependencies { hasDependencyManifests = true }
        if let projectFiles { xcodeProjects.append(projectFiles) }
      case .unreadable:
        // What was not read may hold a registration or a prototype (a storyboard that does not parse, a Swift file
        // with a NUL byte, one git-crypt keeps encrypted).
        if let kind = SourceFileKind(path: file.path), kind != .compiledNib, kind != .dependencyManifest {
          hasUnreadableSources = true
          // A xib that does not read still names a nib: its problem is its own finding, not a missing nib's.
          if kind == .xib { opaqueNibNames.insert(Self.nibName(ofPath: file.path)) }
        }
      }
    }

    // Primary declarations first; an extension of a nested type may be written `Outer.Inner` or `Inner`.
    primaryNames.formUnion(objcDeclarations.keys)
    var simple: [String: [String]] = [:]
    for name in primaryNames { simple[TypeInfo.simpleName(of: name), default: []].append(name) }

    let canonicalizer = TypeNameCanonicalizer(primaryNames: primaryNames, simple: simple, typeAliases: typeAliases)
    self.canonicalizer = canonicalizer
    func canonicalName(_ written: String) -> String { canonicalizer.canonical(written) }
    // What the files reference needs only the canonical names: normalised on another core while this one builds
    // the types (element-ios: 4 ms of a 20 ms build, with the other core idle).
    let normalizing = Pending(inline: files.count < ProjectIndex.filesWorthAThread) { [references] in
      NormalizedReferences(files: files, references: references, canonicalizer: canonicalizer)
    }

    // Most names are already canonical: their lists move over whole, without copying each declaration.
    var merged: [String: [(path: String, declaration: SwiftTypeDeclaration)]] = [:]
    merged.reserveCapacity(swiftDeclarations.count)
    for (name, list) in swiftDeclarations {
      let canonical = canonicalName(name)
      if merged[canonical] == nil {
        merged[canonical] = list
      } else {
        merged[canonical]!.append(contentsOf: list)
      }
    }
    // Each list is now held only by `merged`, so sorting it below does not copy it.
    swiftDeclarations = [:]
    let protocolNames = Set(writtenProtocolNames.map(canonicalName))

    types.reserveCapacity(merged.count + objcDeclarations.count)
    for name in Set(merged.keys).union(objcDeclarations.keys) {
      var list = merged.removeValue(forKey: name) ?? []
      if list.count > 1 { list.sort(by: Self.declaredBefore) }
      let objc = objcDeclarations[name] ?? []
      let primary = list.first { $0.declaration.kind != .extension }?.declaration
      let kind: TypeInfo.Kind
      switch primary?.kind {
      case .class?: kind = .class
      case .struct?: kind = .struct
      case .enum?: kind = .enum
      case .protocol?: kind = .protocol
      case .actor?: kind = .actor
      case .extension?, nil:
        // Objective-C categories alone (`@interface UIView (Shadow)`) extend a class declared elsewhere.
        let declaresClass = objc.contains { $0.declaration.category == nil }
        kind = declaresClass ? .class : .externalExtended
      }
      var inherited = list.flatMap(\.declaration.inheritedTypes)
      var superclass: String?
      if kind == .class, let primary, let first = primary.inheritedTypes.first,
        !protocolNames.contains(canonicalName(first)),
        primaryNames.contains(canonicalName(first)) || !Self.isWellKnownProtocol(first)
      {
        superclass = first
        if let index = inherited.firstIndex(of: first) { inherited.remove(at: index) }
      }
      if superclass == nil, let objcSuper = objc.compactMap(\.declaration.superclass).first {
        superclass = objcSuper
      }
      inherited.append(contentsOf: objc.flatMap(\.declaration.protocols))
      // Classes of one name declared twice (one per platform target) with different superclasses; `NSObject`, which
      // both platforms share, and none at all do not count (AltStore's iOS `AppDelegate: UIResponder` and macOS
      // `AppDelegate: NSObject` share their members' checks as before).
      var conflicting = false
      if kind == .class, list.count > 1 {
        var firsts: Set<String> = []
        for entry in list where entry.declaration.kind == .class {
          if let first = entry.declaration.inheritedTypes.first, first != "NSObject" { firsts.insert(first) }
        }
        conflicting = firsts.count > 1
      }
      types[name] = TypeInfo(
        name: name, kind: kind, declarations: list, objcDeclarations: objc, superclass: superclass,
        inheritedTypes: inherited, hasConflictingSuperclasses: conflicting
      )
    }
    typesBySimpleName.reserveCapacity(types.count)
    for name in types.keys { typesBySimpleName[TypeInfo.simpleName(of: name), default: []].append(name) }
    // `String(describing: X.self)`, `NSStringFromClass`, `+defaultReuseIdentifier`: type names are strings too.
    workspaceStrings = spelled.value
    workspaceStrings.formUnion(typesBySimpleName.keys)
    for (name, list) in typesBySimpleName { typesBySimpleName[name] = list.sorted() }

    for (name, info) in types {
      guard let superclass = info.superclass else { continue }
      let parent = canonicalName(superclass)
      if types[parent] != nil { subclasses[parent, default: []].append(name) }
    }

    let normalized = normalizing.value
    typesInFilesWithSyntaxErrors = normalized.typesInFilesWithSyntaxErrors
    constants = normalized.constants
    globalConstants = normalized.globalConstants
    enumCasesByName = normalized.enumCasesByName
    registrationsByType = normalized.registrationsByType
    selectorReferences = normalized.selectorReferences
    targetActions = normalized.targetActions
    dequeues = normalized.dequeues
    nibReferences = normalized.nibReferences
    libraryRows = normalized.libraryRows
  }

  /// The references of every file, one list per file in file order, as the first pass gathers them.
  private struct FileReferences: Sendable {
    var constants: [[StringConstant]] = []
    var registrations: [[Registration]] = []
    var dequeues: [[Dequeue]] = []
    var nibReferences: [[NibReference]] = []
    var libraryRows: [[LibraryRow]] = []
    var selectorReferences: [[SelectorReference]] = []
    var targetActions: [[TargetActionUse]] = []

    mutating func reserveCapacity(_ files: Int) {
      constants.reserveCapacity(files)
      registrations.reserveCapacity(files)
      dequeues.reserveCapacity(files)
      nibReferences.reserveCapacity(files)
      libraryRows.reserveCapacity(files)
      selectorReferences.reserveCapacity(files)
      targetActions.reserveCapacity(files)
    }
  }

  /// What the files reference, with every type name canonical (`TypeNameCanonicalizer`), in the index's tables.
  private struct NormalizedReferences: Sendable {
    var typesInFilesWithSyntaxErrors: Set<String>
    var constants: [String: [String: StringConstant]] = [:]
    var globalConstants: [String: [StringConstant]] = [:]
    var enumCasesByName: [String: [StringConstant]] = [:]
    var registrationsByType: [String: [Registration]] = [:]
    var selectorReferences: [SelectorReference]
    var targetActions: [TargetActionUse]
    var dequeues: [Dequeue]
    var nibReferences: [NibReference]
    var libraryRows: [LibraryRow]

    init(files: [FileFacts], references: FileReferences, canonicalizer: TypeNameCanonicalizer) {
      typesInFilesWithSyntaxErrors = IndexBuilder.typesInFilesWithSyntaxErrors(files, canonicalizer: canonicalizer)
      /// The lists joined in file order, each element through `transform`.
      func joined<Element, Result>(_ lists: [[Element]], _ transform: (Element) -> Result) -> [Result] {
        var all: [Result] = []
        all.reserveCapacity(lists.reduce(0) { $0 + $1.count })
        for list in lists {
          for element in list { all.append(transform(element)) }
        }
        return all
      }
      for constant in references.constants.joined() {
        let normalized = canonicalizer.normalized(constant)
        if let owner = normalized.owner {
          // The first declaration wins; later ones of the same name are redeclarations the compiler rejects.
          if constants[owner]?[constant.name] == nil { constants[owner, default: [:]][constant.name] = normalized }
        } else {
          // Globals: file-private ones of the same name may live in several files (Xcode's templates declare
          // `private let reuseIdentifier` in each); resolution uses them only when they agree.
          globalConstants[constant.name, default: []].append(normalized)
        }
        if constant.isEnumCase { enumCasesByName[constant.name, default: []].append(normalized) }
      }
      for registration in references.registrations.joined() {
        guard let normalized = canonicalizer.normalized(registration), let owner = normalized.enclosingType else {
          continue
        }
        registrationsByType[owner, default: []].append(normalized)
      }
      selectorReferences = joined(references.selectorReferences, canonicalizer.normalized)
      targetActions = joined(references.targetActions, canonicalizer.normalized)
      dequeues = joined(references.dequeues, canonicalizer.normalized)
      nibReferences = Array(references.nibReferences.joined())
      libraryRows = Array(references.libraryRows.joined())
    }
  }

  /// How a type's Swift declarations are ordered in `TypeInfo.declarations`: the primary declaration first, then by
  /// path and position.
  static func declaredBefore(
    _ lhs: (path: String, declaration: SwiftTypeDeclaration), _ rhs: (path: String, declaration: SwiftTypeDeclaration)
  ) -> Bool {
    let lhsPrimary = lhs.declaration.kind != .extension
    let rhsPrimary = rhs.declaration.kind != .extension
    if lhsPrimary != rhsPrimary { return lhsPrimary }
    // Of one name, a class first: a struct of another target (a SwiftUI view named as the UIKit controller it ports,
    // AgoraIO's API-Examples; canvas-ios's private `Drawer` view) leaves the name a class's, whatever the paths' order.
    let lhsClass = lhs.declaration.kind == .class
    let rhsClass = rhs.declaration.kind == .class
    if lhsClass != rhsClass { return lhsClass }
    return (lhs.path, lhs.declaration.location.range.start) < (rhs.path, rhs.declaration.location.range.start)
  }

  /// The strings a file spells out (`ProjectIndex.workspaceStrings` is their union, with the type names): Swift and
  /// Objective-C literals, storyboard and xib reuse identifiers and custom classes.
  static func spelledStrings(of file: FileFacts) -> Set<String> {
    switch file.content {
    case .swift(let facts): return facts.spelledStrings
    case .objectiveC(let facts): return facts.spelledStrings
    case .interfaceBuilder(let document):
      var strings = Set(document.cells.compactMap(\.reuseIdentifier))
      strings.formUnion(document.objects.compactMap(\.classReference.customClass))
      return strings
    default: return []
    }
  }

  /// The types (qualified names) declared or extended in Swift files with syntax errors.
  static func typesInFilesWithSyntaxErrors(
    _ files: some Sequence<FileFacts>, canonicalizer: TypeNameCanonicalizer
  ) -> Set<String> {
    var names: Set<String> = []
    for file in files {
      guard let facts = file.swift, facts.hasSyntaxErrors else { continue }
      for declaration in facts.types { names.insert(canonicalizer.canonical(declaration.name)) }
    }
    return names
  }

  /// Protocols from Apple's frameworks that commonly come first in an inheritance clause.
  static func isWellKnownProtocol(_ name: String) -> Bool {
    let simple = TypeInfo.simpleName(of: name)
    if simple.hasSuffix("Delegate") || simple.hasSuffix("Protocol") { return true }
    if simple.hasSuffix("DataSource") { return !simple.contains("Diffable") }
    return ["Codable", "Equatable", "Hashable", "Identifiable", "Sendable", "CaseIterable", "CustomStringConvertible",
        "Error", "Comparable", "View", "ObservableObject"].contains(simple)
  }

  /// Storyboards the code loads by name that the workspace does not hold, read or not (`ProjectIndex.missingStoryboards`).
  static func missingStoryboards(_ files: some Sequence<FileFacts>) -> Set<String> {
    var loaded: Set<String> = []
    var held: Set<String> = []
    for file in files {
      switch file.content {
      case .swift(let facts): loaded.formUnion(facts.loadedStoryboards)
      case .objectiveC(let facts): loaded.formUnion(facts.loadedStoryboards)
      case .interfaceBuilder(let document) where document.kind == .storyboard:
        held.insert(nibName(ofPath: file.path))
      case .unreadable where SourceFileKind(path: file.path) == .storyboard:
        held.insert(nibName(ofPath: file.path))
      default: break
      }
    }
    return loaded.subtracting(held)
  }

  /// The name a nib or a storyboard is loaded by (`UINib(nibName:)`, `UIStoryboard(name:)`): its file name without
  /// the extension and the device modifier (`en.lproj/Settings~iphone.xib` → `Settings`).
  static func nibName(ofPath path: String) -> String {
    var name = fileStem(of: path)
    for modifier in ["~iphone", "~ipad"] where name.hasSuffix(modifier) {
      name.removeLast(modifier.count)
    }
    return name
  }

  /// A storyboard's, xib's or nib's file name without its extension, device modifier kept (`BalanceView~iphone`).
  static func fileStem(of path: String) -> String {
    // The last path component, found on the bytes: `split(separator:)` walked the path's characters, 37,000
    // instructions a path.
    var component = Substring(path).utf8[...]
    while component.last == UInt8(ascii: "/") { component = component.dropLast() }
    if let slash = component.lastIndex(of: UInt8(ascii: "/")) { component = component[component.index(after: slash)...] }
    var name = component.isEmpty ? path : String(Substring(component))
    let lowercased = name.lowercased()
    if lowercased.hasSuffix(".xib") || lowercased.hasSuffix(".nib") {
      name.removeLast(4)
    } else if lowercased.hasSuffix(".storyboard") {
      // `Base.lproj/Main.storyboard` → `Main`: the name `UIStoryboard(name:bundle:)` loads it by.
      name.removeLast(".storyboard".count)
    }
    return name
  }
}

/// Type names as the index keys them: a name as written (`Inner`, `Module.Outer.Inner`, an alias) → the qualified name
/// of its primary declaration. Depends only on which types the workspace declares, so an edit that keeps every
/// file's declarations (an export, see `LintEngine`) keeps it.
struct TypeNameCanonicalizer: Sendable {
  let primaryNames: Set<String>
  let simple: [String: [String]]
  let typeAliases: [String: [String]]

  func canonical(_ written: String) -> String { canonical(written, aliasDepth: 0) }

  private func canonical(_ written: String, aliasDepth: Int) -> String {
    if primaryNames.contains(written) { return written }
    // `typealias Name = Target` (one declaration of that name in the workspace): `Name` is `Target`.
    if aliasDepth < 8, !typeAliases.isEmpty,
      let targets = typeAliases[written] ?? typeAliases[TypeInfo.simpleName(of: written)],
      Set(targets).count == 1, simple[TypeInfo.simpleName(of: written)] == nil
    {
      return canonical(targets[0], aliasDepth: aliasDepth + 1)
    }
    // Most names are simple: no components to try.
    guard written.utf8.contains(UInt8(ascii: ".")) else {
      if let candidates = simple[written], candidates.count == 1 { return candidates[0] }
      return written
    }
    let components = written.split(separator: ".").map(String.init)
    if components.count > 1 {
      for start in 1..<components.count {
        let suffix = components[start...].joined(separator: ".")
        if primaryNames.contains(suffix) { return suffix }
      }
    }
    if let candidates = simple[components.last ?? written], candidates.count == 1 { return candidates[0] }
    return written
  }

  func normalized(_ reference: SelectorReference) -> SelectorReference {
    var normalized = reference
    normalized.enclosingType = reference.enclosingType.map(canonical)
    return normalized
  }

  func normalized(_ use: TargetActionUse) -> TargetActionUse {
    var normalized = use
    normalized.selector.enclosingType = use.selector.enclosingType.map(canonical)
    return normalized
  }

  /// A constant with its owner's canonical name (globals keep none).
  func normalized(_ constant: StringConstant) -> StringConstant {
    var normalized = constant
    normalized.owner = constant.owner.map(canonical)
    return normalized
  }

  /// A registration keyed by the canonical name of the type that makes it; `nil` outside a type.
  func normalized(_ registration: Registration) -> Registration? {
    guard let owner = registration.enclosingType.map(canonical) else { return nil }
    var normalized = registration
    normalized.enclosingType = owner
    return normalized
  }

  func normalized(_ dequeue: Dequeue) -> Dequeue {
    var normalized = dequeue
    normalized.enclosingType = dequeue.enclosingType.map(canonical)
    return normalized
  }
}
