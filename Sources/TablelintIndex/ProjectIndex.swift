import TablelintModel

/// The cross-file model of a project, built from per-file facts. Pure: no IO, no parsing.
///
/// It answers the questions rules ask: which class a name means, its superclass chain, which tables a class owns
/// in Interface Builder, what a class registers, what an identifier expression resolves to, which nibs exist.
public struct ProjectIndex: Sendable {
  public internal(set) var files: [FileFacts]
  /// Every type by qualified name (`Outer.Inner`), Swift and Objective-C, extensions merged.
  public internal(set) var types: [String: TypeInfo]
  /// Simple name → qualified names (`Inner` → [`Outer.Inner`]).
  let typesBySimpleName: [String: [String]]
  /// Constants by owner's qualified name (`""` for globals), then by name.
  var constants: [String: [String: StringConstant]]
  /// Global constants by name; several when file-private ones share a name.
  var globalConstants: [String: [StringConstant]]
  /// Enum-case raw values by case name, for `.photo.rawValue` with an implied enum type.
  var enumCasesByName: [String: [StringConstant]]
  /// Nib name (file name without `.xib`, device modifiers and localisation folders) → documents.
  public let nibs: [String: [IBDocumentRef]]
  /// Names of nibs known by name only: compiled nibs shipped in the workspace, and xibs that do not read (no document
  /// to read either way).
  public let opaqueNibNames: Set<String>
  /// The workspace has a `Podfile`, `Cartfile`, `Package.resolved`, a `.gitmodules` listing submodules, or an Xcode
  /// project linking packages, vendored frameworks or another project's products: classes may come from dependencies
  /// it does not hold.
  public let hasDependencyManifests: Bool
  /// Swift, Objective-C and Interface Builder files that no Xcode project of the workspace references, though one
  /// references another file of the same folder: taken out of the project and left on the disk, they are not built
  /// and do not ship, so their findings are not reported (`IndexBuilder.filesOutsideXcodeProjects`).
  public let filesOutsideXcodeProjects: Set<String>
  /// The workspace's Xcode projects, each with the files it references.
  public let xcodeProjects: [XcodeProjectFiles]
  /// Types declared or extended in Swift files the parser could not read cleanly.
  public private(set) var typesInFilesWithSyntaxErrors: Set<String>
  /// A storyboard, xib, Swift or Objective-C file could not be read: what it declares, registers and holds is unknown.
  public let hasUnreadableSources: Bool
  /// Storyboards the code loads by a literal name (`UIStoryboard(name:bundle:)`, `storyboardWithName:bundle:`) that
  /// the workspace does not hold: a repository published without its storyboards (Strongbox). Their scenes and
  /// prototypes are out of sight, as an unread storyboard's are.
  public private(set) var missingStoryboards: Set<String>
  /// Every string the workspace spells out: literals (but a dequeue's own identifier), type names, IB identifiers
  /// and custom classes. Code tablelint cannot read can only register a string that is spelled out somewhere.
  public private(set) var workspaceStrings: Set<String>
  /// Some Objective-C file registers reusable views (`registerClass:…`, `registerNib:…`).
  public let objectiveCRegistersReusableViews: Bool
  /// The selectors Objective-C `@protocol` blocks declare: a class outside the workspace may implement them (a
  /// library's delegate), so a selector among them is exposed even when no workspace class implements it.
  public let objectiveCProtocolSelectors: Set<String>
  /// Swift 2 files (`IndexBuilder.legacySwiftFiles`): their members answer Swift 2's selectors too, and are exposed
  /// in `NSObject` subclasses without `@objc`.
  public let legacySwiftFiles: Set<String>
  /// Classes an Xcode project builds from a file the workspace does not hold (`IndexBuilder.classesInMissingSources`,
  /// by the file's name): their members, and whether they exist, are out of sight (their superclass chains leave for
  /// `SuperclassChain.unknownSuperclass`).
  public let classesInMissingSources: Set<String>
  /// Every table view in every storyboard and xib, with the classes that own it.
  public let tables: [IBTableRef]
  /// See `interfaceBuilderFiles`. Only Swift and Objective-C files are replaced in a kept index.
  let interfaceBuilderDocuments: [(path: String, document: InterfaceBuilderDocument)]
  public let collectionViews: [IBCollectionRef]
  /// Registrations by the qualified name of the registering type.
  public internal(set) var registrationsByType: [String: [Registration]]
  public private(set) var dequeues: [Dequeue]
  public private(set) var nibReferences: [NibReference]
  public internal(set) var libraryRows: [LibraryRow]
  /// Generic dequeue/registration helpers of the workspace by name (see `genericHelper(for:)`).
  public internal(set) var reuseHelpers: [String: [GenericReuseHelper]]
  public private(set) var selectorReferences: [SelectorReference]
  public private(set) var targetActions: [TargetActionUse]
  /// Values derived from the index on first use (see `DerivedCache`).
  var derived = DerivedCache()
  /// Qualified class name → its direct subclasses in the workspace.
  let subclasses: [String: [String]]
  let canonicalizer: TypeNameCanonicalizer

  /// Classes and modules the configuration declares as defined outside the workspace (frameworks).
  public let externals: ExternalDeclarations

  /// The files whose findings a rule run is asked for (`nil`: every file). Rules may skip the items of other
  /// files (`isRuleSubject`); the engine keeps only findings in these files either way, so skipping is an
  /// optimisation, never a condition of being right.
  public var ruleSubjects: Set<String>?

  /// Whether findings in `path` are wanted by the current rule run.
  @inline(__always)
  public func isRuleSubject(_ path: String) -> Bool { ruleSubjects?.contains(path) ?? true }

  /// A value rules derive from the whole index, computed once per index (and kept across local edits, see
  /// `replacingLocalFacts`): it must depend on export facts only (types and members, registrations, constants,
  /// storyboards and xibs), never on dequeues, nib references or selector uses.
  public func memoised<Value: Sendable>(_ key: String, _ compute: () -> Value) -> Value {
    derived.value("rule|" + key, compute: compute)
  }

  /// The same index with an empty memo, for a memoised value that needs the index: the value must not keep the
  /// index that memoises it, or the two keep each other alive (a leak of one index per edit in the server).
  func detachedFromMemo() -> ProjectIndex {
    var copy = self
    copy.derived = DerivedCache()
    return copy
  }

  /// The index with one file's *local* facts replaced: the dequeues, nib references, selector references and
  /// target–actions of a Swift or Objective-C file, and its entry in `files`. Everything else, the memo of derived
  /// values included, is shared with this index.
  ///
  /// Only right when the file's export (everything else it declares, compared without positions) is unchanged:
  /// `LintEngine` checks that, and maps the positions of the file's export facts, which this index keeps from the
  /// facts it was built with, to the new ones. Memoised values must therefore depend on export facts only.
  public func replacingLocalFacts(of file: FileFacts) -> ProjectIndex? {
    guard let local = file.localFacts, let position = files.indexOfFile(atPath: file.path) else { return nil }
    var copy = self
    copy.files[position] = file
    Self.replace(in: &copy.dequeues, of: file.path, with: local.dequeues.map(canonicalizer.normalized)) { $0.location.file }
    Self.replace(in: &copy.nibReferences, of: file.path, with: local.nibReferences) { $0.location.file }
    Self.replace(
      in: &copy.selectorReferences, of: file.path, with: local.selectorReferences.map(canonicalizer.normalized)
    ) { $0.location.file }
    Self.replace(in: &copy.targetActions, of: file.path, with: local.targetActions.map(canonicalizer.normalized)) {
      $0.location.file
    }
    return copy
  }

  /// The index with `typesInFilesWithSyntaxErrors` computed again from `files` (every file's current facts), and
  /// the memoised reuse scopes, which depend on it, forgotten. For an edit that only made a file's syntax errors
  /// appear or go away.
  public func recomputingSyntaxErrors(from files: some Sequence<FileFacts>) -> ProjectIndex {
    var copy = self
    copy.derived = derived.copy(droppingKeysWithPrefixes: ["reuseScope|"])
    copy.typesInFilesWithSyntaxErrors = IndexBuilder.typesInFilesWithSyntaxErrors(files, canonicalizer: canonicalizer)
    return copy
  }

  /// The index with `missingStoryboards` computed again from `files` (every file's current facts), and the memoised
  /// reuse scopes, which depend on it, forgotten. For an edit that changed which storyboards a file loads by name
  /// (while someone types, a half-typed statement can hide a `UIStoryboard(name:)` call from the parser).
  public func recomputingMissingStoryboards(from files: some Sequence<FileFacts>) -> ProjectIndex {
    var copy = self
    copy.derived = derived.copy(droppingKeysWithPrefixes: ["reuseScope|"])
    copy.missingStoryboards = IndexBuilder.missingStoryboards(files)
    return copy
  }

  /// The storyboards a file loads by name (`SwiftFileFacts`/`ObjectiveCFileFacts.loadedStoryboards`).
  public static func loadedStoryboards(of file: FileFacts) -> [String] {
    file.swift?.loadedStoryboards ?? file.objectiveC?.loadedStoryboards ?? []
  }

  /// The index with strings some files stopped spelling (`removed`) or started spelling (`added`) accounted for;
  /// `files` are every file's current facts (a removed string stays when another file or a type name still spells
  /// it). The memo is shared: no memoised value reads `workspaceStrings`.
  public func replacingSpelledStrings(
    removed: Set<String>, added: Set<String>, files: [String: FileFacts]
  ) -> ProjectIndex {
    var copy = self
    copy.workspaceStrings.formUnion(added)
    // One pass over the files for all removed strings (a pass per string copied every file's facts each time).
    var gone = removed.subtracting(added).filter { typesBySimpleName[$0] == nil }
    for file in files.values where !gone.isEmpty {
      let spelled = Self.spelledStrings(of: file)
      if !spelled.isEmpty { gone = gone.filter { !spelled.contains($0) } }
    }
    copy.workspaceStrings.subtract(gone)
    return copy
  }

  /// The strings a file adds to `workspaceStrings`.
  public static func spelledStrings(of file: FileFacts) -> Set<String> { IndexBuilder.spelledStrings(of: file) }

  /// Lists are built file by file in path order: a file's entries are one run, placed before later paths'.
  static func replace<Element>(
    in list: inout [Element], of path: String, with entries: [Element], file: (Element) -> String
  ) {
    let start = list.firstIndex { file($0) >= path } ?? list.endIndex
    let end = list[start...].firstIndex { file($0) != path } ?? list.endIndex
    list.replaceSubrange(start..<end, with: entries)
  }

  /// The index with rule runs restricted to `subjects` (sharing everything, memoised values included).
  public func restricted(to subjects: Set<String>?) -> ProjectIndex {
    var copy = self
    copy.ruleSubjects = subjects
    return copy
  }

  /// Below this many files, the index's parts are built on this thread: another core's help would cost more than
  /// it saves (a thread costs tens of µs; a run that reuses the cache's findings builds an empty index).
  static let filesWorthAThread = 64

  public init(files: [FileFacts], externals: ExternalDeclarations = ExternalDeclarations()) {
    // The workspace hands its files over in path order: sorting them again copied every file's facts.
    let inOrder = files.indices.dropFirst().allSatisfy { files[$0 - 1].path < files[$0].path }
    let files = inOrder ? files : files.sorted { $0.path < $1.path }
    self.files = files
    self.externals = externals
    // Interface Builder tables and their owners depend on each document alone: read on another core meanwhile.
    let interfaceBuilder = Pending(inline: files.count < Self.filesWorthAThread) { Self.interfaceBuilderTables(of: files) }
    // Not for an empty index (a run that reuses the cache's findings makes one): nothing will ask.
    if !files.isEmpty { FrameworkMembers.prepareInBackground() }
    let builder = IndexBuilder(files: files)
    self.types = builder.types
    self.typesBySimpleName = builder.typesBySimpleName
    self.constants = builder.constants
    self.enumCasesByName = builder.enumCasesByName
    self.globalConstants = builder.globalConstants
    self.nibs = builder.nibs
    self.opaqueNibNames = builder.opaqueNibNames
    self.hasDependencyManifests = builder.hasDependencyManifests
    self.filesOutsideXcodeProjects = IndexBuilder.filesOutsideXcodeProjects(files, projects: builder.xcodeProjects)
    self.xcodeProjects = builder.xcodeProjects
    self.typesInFilesWithSyntaxErrors = builder.typesInFilesWithSyntaxErrors
    self.hasUnreadableSources = builder.hasUnreadableSources
    self.missingStoryboards = IndexBuilder.missingStoryboards(files)
    self.workspaceStrings = builder.workspaceStrings
    self.objectiveCRegistersReusableViews = builder.objectiveCRegistersReusableViews
    self.objectiveCProtocolSelectors = builder.objectiveCProtocolSelectors
    self.legacySwiftFiles = IndexBuilder.legacySwiftFiles(files, projects: builder.xcodeProjects)
    self.classesInMissingSources = IndexBuilder.classesInMissingSources(files, projects: builder.xcodeProjects)
    self.registrationsByType = builder.registrationsByType
    self.dequeues = builder.dequeues
    self.nibReferences = builder.nibReferences
    self.libraryRows = builder.libraryRows
    self.reuseHelpers = builder.reuseHelpers
    self.selectorReferences = builder.selectorReferences
    self.targetActions = builder.targetActions
    self.subclasses = builder.subclasses
    self.canonicalizer = builder.canonicalizer
    (self.tables, self.collectionViews, self.interfaceBuilderDocuments) = interfaceBuilder.value
  }

  /// The storyboards' and xibs' table and collection views with the classes that own each, and the documents.
  private static func interfaceBuilderTables(
    of files: [FileFacts]
  ) -> (tables: [IBTableRef], collections: [IBCollectionRef], documents: [(path: String, document: InterfaceBuilderDocument)]) {
    var tables: [IBTableRef] = []
    var collections: [IBCollectionRef] = []
    var documents: [(path: String, document: InterfaceBuilderDocument)] = []
    for file in files {
      guard case .interfaceBuilder(let document) = file.content else { continue }
      documents.append((file.path, document))
      let ownership = IBOwnership(document: document)
      for table in document.tableViews {
        tables.append(
          IBTableRef(
            path: file.path, document: document, table: table,
            ownerClasses: ownership.owners(ofContainer: table.id, controllerID: table.containingControllerID)
          )
        )
      }
      for collection in document.collectionViews {
        collections.append(
          IBCollectionRef(
            path: file.path, document: document, collection: collection,
            ownerClasses: ownership.owners(ofContainer: collection.id, controllerID: collection.containingControllerID)
          )
        )
      }
    }
    return (tables, collections, documents)
  }

  /// Every storyboard and xib that was read, in path order (kept by the index: rules ask for them on every run,
  /// and picking them out of `files` copied every file's facts).
  public var interfaceBuilderFiles: [(path: String, document: InterfaceBuilderDocument)] { interfaceBuilderDocuments }

  /// The storyboards and xibs whose findings the current rule run wants (see `ruleSubjects`).
  public var subjectInterfaceBuilderFiles: [(path: String, document: InterfaceBuilderDocument)] {
    guard let ruleSubjects else { return interfaceBuilderDocuments }
    return interfaceBuilderDocuments.filter { ruleSubjects.contains($0.path) }
  }

  // MARK: - Types

  /// The type a name written in `context` means: exact, nested in the context or its parents, or a unique simple
  /// name. `nil` when the workspace does not declare it (UIKit, a framework) or the name is ambiguous.
  public func resolveType(_ written: String, from context: String? = nil) -> TypeInfo? {
    if written == "Self", let context { return types[context] }
    if let context {
      var scope = Self.components(of: context)
      while !scope.isEmpty {
        if let info = types[(scope + [written]).joined(separator: ".")] { return info }
        scope.removeLast()
      }
    }
    if let info = types[written] { return info }
    let components = Self.components(of: written)
    // `Module.Type` or a nested path from an unknown root: try the last components.
    if components.count > 1 {
      for start in 1..<components.count {
        if let info = types[components[start...].joined(separator: ".")] { return info }
      }
    }
    guard let simple = components.last, let candidates = typesBySimpleName[simple], candidates.count == 1 else {
      return nil
    }
    return types[candidates[0]]
  }

  /// The `.`-separated components of a type name, empty ones left out, split on its bytes: `String.split` walks
  /// characters, and superclass chains asked for ten thousand splits a run. (A name's component never starts with a
  /// combining mark, so every `.` byte is a `.` character.)
  private static func components(of name: String) -> [String] {
    name.utf8.split(separator: UInt8(ascii: ".")).map { String(Substring($0)) }
  }

  /// The type a declaration or extension names, aliases followed (`extension AboutPanel` with `typealias AboutPanel =
  /// AboutPanelController` is `AboutPanelController`), as the index merged it.
  public func resolveType(declaredAs written: String) -> TypeInfo? {
    types[canonicalizer.canonical(written)] ?? resolveType(written)
  }

  /// The superclass chain of a class, starting with the class itself, as far as the workspace declares it.
  public func superclassChain(of name: String) -> SuperclassChain {
    // Memoised: surfaces, reuse scopes, conformances and member look-ups ask for the same chains thousands of times
    // a run. A chain depends only on the declared types (export facts).
    let key = "superclassChain|" + name
    if let stored: SuperclassChain = derived.stored(key) { return stored }
    return derived.value(key) { computeSuperclassChain(of: name) }
  }

  private func computeSuperclassChain(of name: String) -> SuperclassChain {
    var classes: [TypeInfo] = []
    var seen: Set<String> = []
    var current = resolveType(name)
    var external: String?
    while let info = current, !seen.contains(info.name) {
      seen.insert(info.name)
      classes.append(info)
      // A framework class the workspace only extends (`extension UITableView`): its extensions' members are here,
      // but the class itself and its ancestors live outside.
      if info.kind == .externalExtended {
        external = info.name
        break
      }
      // Which class a document means is unknown: two of this name inherit differently (one per platform), or a
      // project builds it from a file the workspace lacks while another target's class of the name is here.
      if info.hasConflictingSuperclasses
        || (!classesInMissingSources.isEmpty && classesInMissingSources.contains(info.simpleName))
      {
        external = SuperclassChain.unknownSuperclass
        break
      }
      guard let superclass = info.superclass else {
        // Objective-C names its superclass in the `@interface`: a class the workspace only implements or extends
        // (blink's `@implementation SmartKeys`, whose header declares no interface) inherits from an unknown class.
        if info.declarations.isEmpty, !info.objcDeclarations.isEmpty { external = SuperclassChain.unknownSuperclass }
        break
      }
      if let next = resolveType(superclass, from: info.name), next.isClassLike {
        current = next
      } else {
        external = superclass
        current = nil
      }
    }
    if classes.isEmpty { external = name }
    return SuperclassChain(classes: classes, externalSuperclass: external)
  }

  /// Every workspace class that inherits from this one, at any depth.
  public func descendants(of name: String) -> [TypeInfo] {
    guard let root = resolveType(name) else { return [] }
    var result: [TypeInfo] = []
    var queue = subclasses[root.name] ?? []
    var seen: Set<String> = [root.name]
    while let next = queue.popLast() {
      guard !seen.contains(next), let info = types[next] else { continue }
      seen.insert(next)
      result.append(info)
      queue.append(contentsOf: subclasses[next] ?? [])
    }
    return result
  }

  /// Whether `candidate` is `name` or one of its superclasses. `nil` when the workspace cannot tell (the chain of
  /// `name` leaves the workspace before reaching `candidate`, and `candidate` is not a workspace class).
  public func isSameOrSuperclass(_ candidate: String, of name: String) -> Bool? {
    let chain = superclassChain(of: name)
    let candidateSimple = TypeInfo.simpleName(of: candidate)
    if chain.classes.contains(where: { $0.simpleName == candidateSimple }) { return true }
    if let external = chain.externalSuperclass, TypeInfo.simpleName(of: external) == candidateSimple { return true }
    // A workspace class cannot be an ancestor of a framework class.
    if resolveType(candidate) != nil { return false }
    return nil
  }

  /// The protocols a type conforms to, directly, through its superclasses, and through protocol inheritance.
  /// Whether a name outside the workspace is among the conformances `names` reach (as `conformances(of:)` follows
  /// them: through the workspace's protocols, not its classes). The conformances of a chain are the union of what each
  /// class's list reaches, so a subclass asks only about its own list.
  func reachesUnresolvedProtocol(from names: [String]) -> Bool {
    var seen: Set<String> = []
    var queue = names
    var head = 0
    while head < queue.count {
      let next = queue[head]
      head += 1
      guard seen.insert(next).inserted else { continue }
      guard let info = resolveType(next) else { return true }
      if info.kind == .protocol { queue.append(contentsOf: info.inheritedTypes) }
    }
    return false
  }

  public func conformances(of name: String) -> [String] {
    var result: [String] = []
    var seen: Set<String> = []
    var queue: [String] = []
    for info in superclassChain(of: name).classes {
      queue.append(contentsOf: info.inheritedTypes)
    }
    if let info = resolveType(name), !info.isClassLike { queue.append(contentsOf: info.inheritedTypes) }
    // Breadth first, the queue read from its front without removing (each `removeFirst` moved the rest); each name
    // resolved once.
    var head = 0
    while head < queue.count {
      let next = queue[head]
      head += 1
      guard seen.insert(next).inserted else { continue }
      if let info = resolveType(next) {
        if info.kind == .protocol {
          result.append(info.name)
          queue.append(contentsOf: info.inheritedTypes)
        }
      } else {
        result.append(next)
      }
    }
    return result
  }
}

/// What the project's configuration says lives outside the workspace.
public struct ExternalDeclarations: Sendable {
  /// Class names (cells, views, controllers) a framework defines.
  public var classes: Set<String>
  /// Modules that are frameworks, not the app's own targets.
  public var modules: Set<String>

  public init(classes: Set<String> = [], modules: Set<String> = []) {
    self.classes = classes
    self.modules = modules
  }
}

/// A superclass chain as far as the workspace knows it.
public struct SuperclassChain: Sendable {
  /// The class itself first, then its superclasses declared in the workspace.
  public let classes: [TypeInfo]
  /// The first superclass the workspace does not declare (`UITableViewController`), if the chain leaves it;
  /// `unknownSuperclass` when it leaves it for a class no file names.
  public let externalSuperclass: String?

  /// The external superclass of an Objective-C class whose `@interface` the workspace lacks: no framework class,
  /// so nothing about it is assumed.
  public static let unknownSuperclass = "?"

  /// Whether the chain ends in a UIKit or Foundation class whose behaviour tablelint knows, or in no superclass.
  public var endsInWellKnownClass: Bool {
    guard let external = externalSuperclass else { return true }
    return WellKnownClasses.isWellKnown(external)
  }
}

/// UIKit and Foundation classes whose relevant behaviour is known: they register no cells by themselves.
public enum WellKnownClasses {
  public static let names: Set<String> = [
    "NSObject", "UIResponder", "UIViewController", "UITableViewController", "UICollectionViewController",
    "UINavigationController", "UITabBarController", "UISplitViewController", "UIPageViewController",
    "UIView", "UIControl", "UIScrollView", "UITableView", "UICollectionView", "UITableViewCell",
    "UICollectionViewCell", "UICollectionReusableView", "UITableViewHeaderFooterView", "UIStackView",
    "UITableViewDiffableDataSource", "UICollectionViewDiffableDataSource", "UIInputViewController",
    "NSViewController", "NSView", "NSWindowController", "NSTableView", "NSTableCellView", "NSCollectionView",
    "NSCollectionViewItem", "UIButton", "UILabel", "UIImageView", "UITextField", "UITextView", "UISwitch",
    "UISearchController", "UIAlertController", "UIActivityViewController", "UIGestureRecognizer",
    "UITapGestureRecognizer", "UIBarButtonItem", "UIWindow", "UIApplication", "UIDocument",
  ]

  public static func isWellKnown(_ name: String) -> Bool {
    names.contains(TypeInfo.simpleName(of: name))
  }
}

extension ProjectIndex {
  /// The workspace class of an Interface Builder object with a custom class; `nil` for UIKit's own classes and
  /// classes from other modules.
  public func workspaceClass(of object: IBObject?) -> TypeInfo? {
    guard let object, object.classReference.customClass != nil, let name = object.effectiveClassName else { return nil }
    return resolveType(name)
  }
}
