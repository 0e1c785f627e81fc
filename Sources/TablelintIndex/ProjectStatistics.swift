import TablelintModel

/// What the index holds, in numbers: for `tablelint lint --statistics` and for judging precision on real code.
public struct ProjectStatistics: Sendable, CustomStringConvertible {
  public var swiftFiles = 0
  public var interfaceBuilderFiles = 0
  public var objectiveCFiles = 0
  public var unreadableFiles = 0
  public var lines = 0
  public var types = 0
  public var dequeues = 0
  public var dequeuesResolved = 0
  public var registrations = 0
  public var registrationsResolved = 0
  public var tables = 0
  public var staticTables = 0
  public var prototypes = 0
  public var nibReferences = 0
  public var libraryRows = 0
  /// Dequeues and registrations through generic helpers (`let cell: FooCell = tableView.dequeueReusableCell(for:)`),
  /// counted in `dequeues`/`registrations` too, and how many reach a helper body in the workspace.
  public var helperCalls = 0
  public var helperCallsResolved = 0
  /// Files no Xcode project builds (`ProjectIndex.filesOutsideXcodeProjects`), whose findings are not reported.
  public var filesOutsideXcodeProjects: [String] = []
  /// Storyboards the code loads that the workspace lacks (`ProjectIndex.missingStoryboards`).
  public var missingStoryboards: [String] = []

  public init(_ index: ProjectIndex) {
    for file in index.files {
      lines += file.lineCount
      switch file.content {
      case .swift: swiftFiles += 1
      case .interfaceBuilder: interfaceBuilderFiles += 1
      case .objectiveC: objectiveCFiles += 1
      case .compiledNib, .dependencyManifest: break
      case .unreadable: unreadableFiles += 1
      }
    }
    types = index.types.count
    filesOutsideXcodeProjects = index.filesOutsideXcodeProjects.sorted()
    missingStoryboards = index.missingStoryboards.sorted()
    dequeues = index.dequeues.count
    dequeuesResolved = index.dequeues.filter { index.resolve($0.identifier, in: $0.enclosingType) != nil }.count
    for (owner, list) in index.registrationsByType {
      registrations += list.count
      registrationsResolved += list.filter { index.resolve($0.identifier, in: owner) != nil }.count
    }
    tables = index.tables.count
    staticTables = index.tables.filter { $0.table.dataMode == .static }.count
    prototypes = index.tables.reduce(0) { $0 + $1.table.prototypeCellIDs.count }
      + index.collectionViews.reduce(0) { $0 + $1.collection.prototypeCellIDs.count }
    nibReferences = index.nibReferences.count
    libraryRows = index.libraryRows.count
    let helperIdentifiers = index.dequeues.map(\.identifier) + index.registrationsByType.values.flatMap { $0.map(\.identifier) }
    for case .genericHelper(let call) in helperIdentifiers {
      helperCalls += 1
      if index.genericHelper(for: call) != nil { helperCallsResolved += 1 }
    }
  }

  public var description: String {
    """
    files: \(swiftFiles) Swift, \(interfaceBuilderFiles) storyboard/xib, \(objectiveCFiles) Objective-C, \
    \(unreadableFiles) unreadable; \(lines) lines; \(types) types
    dequeues: \(dequeues) (\(dequeuesResolved) with a resolved identifier); registrations: \(registrations) \
    (\(registrationsResolved) resolved); generic helper calls: \(helperCalls) (\(helperCallsResolved) through a \
    workspace helper); nib references: \(nibReferences); library rows: \(libraryRows)
    IB tables: \(tables) (\(staticTables) static); prototypes: \(prototypes)
    """ + outsideProjects + missing
  }

  private var missing: String {
    guard !missingStoryboards.isEmpty else { return "" }
    let shown = missingStoryboards.prefix(5).joined(separator: ", ")
    let more = missingStoryboards.count > 5 ? " and \(missingStoryboards.count - 5) more" : ""
    return "\nstoryboards the code loads but the workspace lacks (reuse rules careful): \(shown)\(more)"
  }

  private var outsideProjects: String {
    guard !filesOutsideXcodeProjects.isEmpty else { return "" }
    let shown = filesOutsideXcodeProjects.prefix(5).joined(separator: ", ")
    let more = filesOutsideXcodeProjects.count > 5 ? " and \(filesOutsideXcodeProjects.count - 5) more" : ""
    return "\nnot in any Xcode project (findings not reported): \(shown)\(more)"
  }
}
