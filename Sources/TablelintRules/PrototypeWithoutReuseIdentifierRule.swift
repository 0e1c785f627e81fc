import TablelintIndex
import TablelintModel

/// A storyboard prototype cell with no reuse identifier.
///
/// **What it does:** reports every prototype cell of a table or collection view in a storyboard whose
/// `reuseIdentifier` is missing or empty.
///
/// **Why is this bad?** Code can only dequeue a prototype by its identifier: without one the prototype is dead
/// weight at best, and at worst the cell the developer designed is never shown while a plain cell (or a crash)
/// appears instead.
///
/// **Example:** a prototype added in Interface Builder whose *Identifier* field was left blank.
///
/// **Instead:** give the prototype the identifier the data source dequeues, or delete it.
public struct PrototypeWithoutReuseIdentifierRule: Rule {
  public static let description = RuleDescription(
    identifier: "prototype_without_reuse_identifier",
    name: "Prototype without reuse identifier",
    severity: .warning,
    summary: "a storyboard prototype cell that cannot be dequeued because it has no reuse identifier",
    triggeringExamples: [
      RuleExample(
        [
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.tableScene(
                id: "list", controllerClass: nil,
                prototypes: [
                  ExampleIB.prototype(id: "c1", reuseIdentifier: "Cell"),
                  ExampleIB.prototype(id: "c2", reuseIdentifier: nil, marker: "1️⃣"),
                  ExampleIB.prototype(id: "c3", reuseIdentifier: "", marker: "2️⃣"),
                ]
              )
            )
          )
        ]
      )
    ],
    nonTriggeringExamples: [
      RuleExample(
        [
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.tableScene(
                id: "list", controllerClass: nil, prototypes: [ExampleIB.prototype(id: "c1", reuseIdentifier: "Cell")]
              )
            )
          )
        ]
      ),
      RuleExample(
        [("SubtitleCell.xib", ExampleIB.cellXib(reuseIdentifier: nil, cellClass: "SubtitleCell"))],
        note: "a cell xib's identifier comes from its registration, not from the xib"
      ),
    ],
    corrections: corrections
  )

  public static func check(_ project: ProjectIndex) -> [Finding] {
    var findings: [Finding] = []
    for table in project.tables
    where table.document.kind == .storyboard && table.table.dataMode == .prototypes && project.isRuleSubject(table.path) {
      for cell in table.prototypes where (cell.reuseIdentifier ?? "").isEmpty {
        findings.append(
          finding("prototype cell '\(cell.id)' has no reuse identifier, so it can never be dequeued", at: cell.location, fixes: fixes(for: cell, among: table.prototypes))
        )
      }
    }
    for collection in project.collectionViews
    where collection.document.kind == .storyboard && project.isRuleSubject(collection.path) {
      for cell in collection.prototypes where (cell.reuseIdentifier ?? "").isEmpty {
        findings.append(
          finding("prototype cell '\(cell.id)' has no reuse identifier, so it can never be dequeued", at: cell.location, fixes: fixes(for: cell, among: collection.prototypes))
        )
      }
    }
    return findings
  }

  /// A prototype with a custom class gets that class's name as its identifier (the usual convention; nothing can
  /// dequeue it now, so naming it changes nothing else): the empty value replaced, or the attribute added after the
  /// element's name.
  /// Not when another prototype of the same table already has that identifier, or the same class (both would get
  /// it): the fix would make a `duplicate_reuse_identifier`.
  static func fixes(for cell: IBCell, among prototypes: [IBCell]) -> [Fix] {
    guard let name = cell.classReference.customClass, !name.isEmpty,
      !prototypes.contains(where: { $0.id != cell.id && ($0.reuseIdentifier == name || $0.classReference.customClass == name) })
    else { return [] }
    let title = "Give the prototype the reuse identifier '\(name)'"
    if let value = cell.reuseIdentifierLocation {
      return [
        Fix(title: title, applicability: .safe, edits: [
          FixEdit(path: value.file, range: value.range, newText: XMLEscaping.escape(name))
        ])
      ]
    }
    let element = cell.kind == .table ? "tableViewCell" : "collectionViewCell"
    let start = cell.location.range.start
    let afterName = start.offset + 1 + element.utf8.count
    // The location is the start tag (`<tableViewCell …>`); anything shorter is a fallback position: no fix.
    guard cell.location.range.end.offset > afterName else { return [] }
    return [
      Fix(title: title, applicability: .safe, edits: [
        FixEdit(
          path: cell.location.file, range: SourceRange(at: SourcePosition(line: start.line, column: start.column + 1 + element.utf8.count, offset: afterName)),
          newText: " reuseIdentifier=\"\(XMLEscaping.escape(name))\""
        )
      ])
    ]
  }
}

extension PrototypeWithoutReuseIdentifierRule {
  static let corrections: [RuleCorrection] = [
    RuleCorrection(
      RuleExample([("Main.storyboard", storyboard(ExampleIB.prototype(id: "c1", reuseIdentifier: nil, cellClass: "PhotoCell")))]),
      after: [
        (
          "Main.storyboard",
          storyboard(ExampleIB.prototype(id: "c1", reuseIdentifier: nil, cellClass: "PhotoCell"))
            .replacingOccurrences(of: "<tableViewCell ", with: "<tableViewCell reuseIdentifier=\"PhotoCell\" ")
        )
      ]
    ),
    RuleCorrection(
      RuleExample([("Main.storyboard", storyboard(ExampleIB.prototype(id: "c1", reuseIdentifier: "", cellClass: "PhotoCell")))]),
      after: [("Main.storyboard", storyboard(ExampleIB.prototype(id: "c1", reuseIdentifier: "PhotoCell", cellClass: "PhotoCell")))]
    ),
    RuleCorrection(
      RuleExample(
        [("Main.storyboard", storyboard(ExampleIB.prototype(id: "c1", reuseIdentifier: nil)))],
        note: "no custom class: no name to give, nothing is changed"
      ),
      after: []
    ),
    RuleCorrection(
      RuleExample(
        [
          (
            "Main.storyboard",
            storyboard(
              ExampleIB.prototype(id: "c1", reuseIdentifier: nil, cellClass: "PhotoCell"),
              ExampleIB.prototype(id: "c2", reuseIdentifier: "PhotoCell", cellClass: "LargePhotoCell")
            )
          )
        ],
        note: "another prototype already has the name: giving it again would make a duplicate, nothing is changed"
      ),
      after: []
    ),
  ]

  private static func storyboard(_ prototypes: String...) -> String {
    ExampleIB.storyboard(ExampleIB.tableScene(id: "list", controllerClass: nil, prototypes: prototypes))
  }
}
