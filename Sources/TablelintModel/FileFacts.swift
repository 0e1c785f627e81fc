/// The kinds of file tablelint reads, by extension.
public enum SourceFileKind: String, Hashable, Codable, Sendable, CaseIterable {
  case swift, storyboard, xib, objectiveC

  public init?(path: String) {
    let lower = path.lowercased()
    if lower.hasSuffix(".swift") { self = .swift }
    else if lower.hasSuffix(".storyboard") { self = .storyboard }
    else if lower.hasSuffix(".xib") { self = .xib }
    else if lower.hasSuffix(".h") || lower.hasSuffix(".m") || lower.hasSuffix(".mm") { self = .objectiveC }
    else { return nil }
  }
}

/// Everything a frontend learned from one file: the facts and the problems. Frontends never throw.
public struct FileFacts: Hashable, Codable, Sendable {
  public enum Content: Hashable, Codable, Sendable {
    case swift(SwiftFileFacts)
    case interfaceBuilder(InterfaceBuilderDocument)
    case objectiveC(ObjectiveCFileFacts)
    /// The file could not be read as its kind; see `problems`.
    case unreadable
  }

  public var path: String
  public var content: Content
  public var problems: [FileProblem]

  public init(path: String, content: Content, problems: [FileProblem] = []) {
    self.path = path
    self.content = content
    self.problems = problems
  }

  public var swift: SwiftFileFacts? {
    if case .swift(let facts) = content { return facts }
    return nil
  }

  public var interfaceBuilder: InterfaceBuilderDocument? {
    if case .interfaceBuilder(let document) = content { return document }
    return nil
  }

  public var objectiveC: ObjectiveCFileFacts? {
    if case .objectiveC(let facts) = content { return facts }
    return nil
  }
}
