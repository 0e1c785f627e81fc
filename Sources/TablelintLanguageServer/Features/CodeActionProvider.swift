import TablelintCore
import TablelintIndex
import TablelintRules
import TablelintModel

/// An edit of one file, in UTF-8 offsets of its current text.
struct FileEdit: Equatable {
  var path: String
  var range: Swift.Range<Int>
  var newText: String
}

/// A quick fix for one finding.
struct QuickFix: Equatable {
  var title: String
  var edits: [FileEdit]
  var isPreferred: Bool
  var finding: Finding
}

/// Quick fixes: the fixes findings carry (`Finding.fixes`), the same `tablelint lint --fix` applies, plus the
/// suggestions meant for editors. Anchored edits are resolved against the documents' current texts
/// (`FixResolver`); a fix whose anchor cannot be found is not offered. Knows no rule.
enum CodeActionProvider {
  static func fixes(
    for findings: [Finding], index: ProjectIndex, text: (String) -> TextSnapshot?
  ) -> [QuickFix] {
    findings.flatMap { finding in
      finding.fixes.compactMap { fix -> QuickFix? in
        var edits: [FileEdit] = []
        for edit in fix.edits {
          guard let snapshot = text(edit.path), let plain = FixResolver.resolve(edit, in: snapshot.bytes),
            plain.start >= 0, plain.start <= plain.end, plain.end <= snapshot.bytes.count
          else { return nil }
          edits.append(FileEdit(path: plain.path, range: plain.start..<plain.end, newText: plain.newText))
        }
        return QuickFix(title: fix.title, edits: edits, isPreferred: fix.applicability == .safe, finding: finding)
      }
    }
  }
}

/// The stub a selector gets (tests).
package enum CodeActionProviderProbe {
  package static func stub(_ selector: String) -> String? { CodeInsertions.methodStub(for: selector)?.declaration }
}
