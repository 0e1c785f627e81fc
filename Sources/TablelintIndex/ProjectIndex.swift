import TablelintModel

/// The cross-file model of a project, built from per-file facts. Pure: no IO.
public struct ProjectIndex: Sendable {
  public let files: [FileFacts]

  public init(files: [FileFacts]) {
    self.files = files.sorted { $0.path < $1.path }
  }
}
