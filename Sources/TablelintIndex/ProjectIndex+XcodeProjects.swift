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

  /// Whether one Xcode project may build both files: false only when each is listed by projects (`projectsOfFile`)
  /// and no project lists both.
  public func mayBuildTogether(_ first: String, _ second: String) -> Bool {
    guard first != second else { return true }
    let projects = projectsOfFile
    guard !projects.isEmpty, let a = projects[first], let b = projects[second] else { return true }
    return !a.isDisjoint(with: b)
  }

  /// Whether the workspace's classes (or structs, enums…) named `type` are declared in files no one project builds
  /// together: several classes of one name, whose facts the index holds as one type's. Rules that compare what one
  /// file of the type says with what another says (a count in the code and a storyboard's table, two registrations)
  /// stay silent about such a type.
  public func isDeclaredBySeparateProjects(_ type: String) -> Bool {
    guard !projectsOfFile.isEmpty, let info = resolveType(type) else { return false }
    var files: [String] = []
    for (path, declaration) in info.declarations where declaration.kind != .extension && !files.contains(path) {
      files.append(path)
    }
    for (path, _) in info.objcDeclarations where !files.contains(path) { files.append(path) }
    guard files.count > 1 else { return false }
    for (position, first) in files.enumerated() {
      for second in files[(position + 1)...] where !mayBuildTogether(first, second) { return true }
    }
    return false
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
