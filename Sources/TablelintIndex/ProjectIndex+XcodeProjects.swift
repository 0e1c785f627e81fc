import TablelintModel

/// Which Xcode projects build which files: one repository may hold several projects that never build together
/// (a book's or a course's examples side by side, each with its own `RootViewController`), and a class name then
/// names several classes.
extension ProjectIndex {
  /// The Xcode projects (by their position in `xcodeProjects`) that list each file, for the files whose projects are
  /// all known. A file no project lists (a Swift package's, a stray one), or one under a synchronized folder (which
  /// lists no file), is not in it; nor is any file when a project holds a synchronized folder its group tree does
  /// not reach (it may build anything).
  public var projectsOfFile: [String: Set<Int>] {
    if let stored: [String: Set<Int>] = derived.stored("projectsOfFile") { return stored }
    return derived.value("projectsOfFile") { [xcodeProjects] () -> [String: Set<Int>] in
      guard !xcodeProjects.contains(where: { $0.synchronizedFolders == nil }) else { return [:] }
      var projects: [String: Set<Int>] = [:]
      for (number, project) in xcodeProjects.enumerated() {
        for path in project.paths { projects[path, default: []].insert(number) }
      }
      let synchronized = xcodeProjects.flatMap { $0.synchronizedFolders ?? [] }.map { $0 == "." ? "" : $0 + "/" }
      guard !synchronized.isEmpty else { return projects }
      return projects.filter { path, _ in !synchronized.contains { path.hasPrefix($0) } }
    }
  }

  /// Whether one Xcode project may build both files: false when each is listed by projects (`projectsOfFile`) and no
  /// project lists both, or when either is a playground's (`playgroundPlace(of:)`) and they are not in one
  /// playground and one page.
  public func mayBuildTogether(_ first: String, _ second: String) -> Bool {
    guard first != second else { return true }
    let places = (Self.playgroundPlace(of: first), Self.playgroundPlace(of: second))
    if places.0 != nil || places.1 != nil {
      guard let one = places.0, let other = places.1, one.playground == other.playground else { return false }
      if let page = one.page, let otherPage = other.page, page != otherPage { return false }
      return true
    }
    let projects = projectsOfFile
    guard !projects.isEmpty, let a = projects[first], let b = projects[second] else { return true }
    return !a.isDisjoint(with: b)
  }

  /// Whether the workspace's classes (or structs, enums…) named `type` are several types, whose facts the index holds
  /// as one type's: declared by Swift in two files (no module holds both: two targets, two playgrounds, or a
  /// workspace without projects), or in files no one project builds together (`mayBuildTogether`). Rules that
  /// compare what one file of the type says with what another says (a count in the code and a storyboard's table,
  /// two registrations) stay silent about such a type.
  public func isDeclaredSeparately(_ type: String) -> Bool {
    guard let info = resolveType(type) else { return false }
    var files: [String] = []
    for (path, declaration) in info.declarations where declaration.kind != .extension && !files.contains(path) {
      files.append(path)
    }
    if files.count > 1 { return true }
    for (path, _) in info.objcDeclarations where !files.contains(path) { files.append(path) }
    guard files.count > 1 else { return false }
    for (position, first) in files.enumerated() {
      for second in files[(position + 1)...] where !mayBuildTogether(first, second) { return true }
    }
    return false
  }
}

extension ProjectIndex {
  /// The playground (`Charts.playground`) and page (`Pages/Intro.xcplaygroundpage`) a file is in, as path prefixes:
  /// each playground's `Sources` is a module of its own, each page's `Sources` one only that page sees, and no app
  /// target builds them. `nil` outside a playground.
  static func playgroundPlace(of path: String) -> (playground: Substring, page: Substring?)? {
    guard path.contains(".playground") else { return nil }
    var playground: Substring?
    var page: Substring?
    var start = path.startIndex
    while start < path.endIndex {
      let end = path[start...].firstIndex(of: "/") ?? path.endIndex
      let component = path[start..<end]
      if component.hasSuffix(".playground") {
        playground = path[..<end]
        page = nil
      } else if playground != nil, component.hasSuffix(".xcplaygroundpage") {
        page = path[..<end]
      }
      start = end < path.endIndex ? path.index(after: end) : end
    }
    return playground.map { ($0, page) }
  }
}

extension ProjectIndex {
  /// An Xcode project of the workspace builds Python files: a PyObjC app, whose Python classes answer selectors
  /// tablelint does not read (`def toggleShowOriginal_(self, sender)` is `toggleShowOriginal:`; blink-cocoa, ImageAlpha).
  public var buildsPython: Bool {
    if let stored: Bool = derived.stored("buildsPython") { return stored }
    return derived.value("buildsPython") { [xcodeProjects] in
      xcodeProjects.contains { project in project.paths.contains { $0.hasSuffix(".py") } }
    }
  }
}
