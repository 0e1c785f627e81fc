import TablelintModel

/// How many findings of each severity a report holds, and how summaries spell counts.
struct FindingCounts: Sendable, Equatable {
  var errors = 0
  var warnings = 0

  init(_ findings: [Finding]) {
    for finding in findings {
      switch finding.severity {
      case .error: errors += 1
      case .warning: warnings += 1
      }
    }
  }

  /// `1 file`, `0 files`, `2 errors`.
  static func counted(_ count: Int, _ singular: String) -> String {
    "\(count) \(singular)\(count == 1 ? "" : "s")"
  }
}
