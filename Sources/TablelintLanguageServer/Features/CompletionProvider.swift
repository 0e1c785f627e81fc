import InterfaceBuilderFrontend
import TablelintIndex
import TablelintModel

/// One completion, with the UTF-8 range of the document it replaces.
struct CompletionCandidate: Equatable {
  var label: String
  var kind: CompletionItemKind
  var detail: String?
  var documentation: String?
  var insertText: String
  var replacing: Swift.Range<Int>
  /// Groups sort before later groups, then by label.
  var group: Int
}

/// Completion of cell kinds in Swift and in storyboards and xibs.
enum CompletionProvider {
  static func candidates(_ context: FeatureContext) -> [CompletionCandidate] {
    switch context.kind {
    case .swift: return swiftCandidates(context)
    case .storyboard, .xib: return interfaceBuilderCandidates(context)
    default: return []
    }
  }

  // MARK: - Swift

  private static func swiftCandidates(_ context: FeatureContext) -> [CompletionCandidate] {
    let importsStatic = context.facts?.swift?.imports.contains("Static") ?? false
    guard context.offset > 0, context.offset <= context.text.bytes.count,
      let tree = context.syntaxTree(of: context.text, path: context.path),
      let (swiftContext, replacingFrom) = SwiftCompletionContext.at(
        offset: context.offset, in: tree, importsStatic: importsStatic
      )
    else { return [] }
    let replacing = replacingFrom..<context.offset
    switch swiftContext {
    case .reuseIdentifier(let kind):
      return reuseIdentifiers(kind: kind, in: context, replacing: replacing)
    case .cellClass(let asMetatype, let identifier, let kind):
      return cellClasses(
        kind: kind, asMetatype: asMetatype, dequeuedIdentifier: identifier, importsStatic: importsStatic,
        in: context, replacing: replacing
      )
    case .cellStyle:
      return cellStyles.enumerated().map { position, style in
        CompletionCandidate(
          label: style.name, kind: .enumMember, detail: "UITableViewCell.CellStyle", documentation: style.summary,
          insertText: style.name, replacing: replacing, group: position
        )
      }
    case .accessory(let staticLibrary):
      let accessories = staticLibrary ? staticAccessories : uikitAccessories
      return accessories.enumerated().map { position, accessory in
        CompletionCandidate(
          label: accessory.name, kind: .enumMember,
          detail: staticLibrary ? "Row.Accessory (Static)" : "UITableViewCell.AccessoryType",
          documentation: accessory.summary, insertText: accessory.name, replacing: replacing, group: position
        )
      }
    }
  }

  /// What code in the enclosing class can dequeue: prototypes of its tables first, then registrations.
  private static func reuseIdentifiers(
    kind: ReuseKind, in context: FeatureContext, replacing: Swift.Range<Int>
  ) -> [CompletionCandidate] {
    let index = context.index
    let typeName = context.enclosingSwiftType
    let scope = index.reuseScope(forCodeIn: typeName, kind: kind)
    return scope.bindings.map { identifier, bindings in
      let ordered = bindings.sorted { rank($0) < rank($1) }
      return CompletionCandidate(
        label: identifier, kind: .value, detail: ordered.first.map { describe($0, index: index) },
        documentation: ordered.map { "- " + describe($0, index: index) + " (" + FeatureContext.describe($0.location) + ")" }
          .joined(separator: "\n"),
        insertText: identifier, replacing: replacing, group: ordered.first.map(rank) ?? 2
      )
    }
  }

  private static func rank(_ binding: ReuseBinding) -> Int {
    switch binding.source {
    case .prototype: return 0
    case .registration: return 1
    case .libraryRow: return 2
    }
  }

  /// `prototype in Main.storyboard · PhotoCell`, `registered by FeedViewController · PhotoCell`.
  static func describe(_ binding: ReuseBinding, index: ProjectIndex) -> String {
    let cellClass = index.cellClass(of: binding).map { " · \($0)" } ?? ""
    switch binding.source {
    case .prototype(_, let path):
      let name = path.split(separator: "/").last.map(String.init) ?? path
      return "prototype in \(name)\(cellClass)"
    case .registration(let registration):
      let owner = registration.enclosingType.map { "by \(TypeInfo.simpleName(of: $0))" } ?? "at top level"
      return "registered \(owner)\(cellClass)"
    case .libraryRow(let row):
      return "row of \(row.library.rawValue)\(cellClass)"
    }
  }

  private static func cellClasses(
    kind: ReuseKind, asMetatype: Bool, dequeuedIdentifier: String?, importsStatic: Bool, in context: FeatureContext,
    replacing: Swift.Range<Int>
  ) -> [CompletionCandidate] {
    let index = context.index
    let ancestors: [String]
    switch kind {
    case .tableCell: ancestors = ["UITableViewCell", "UITableViewHeaderFooterView"]
    case .tableHeaderFooter: ancestors = ["UITableViewHeaderFooterView"]
    case .collectionCell, .collectionSupplementary: ancestors = ["UICollectionViewCell", "UICollectionReusableView"]
    }
    // The class the dequeued identifier is bound to comes first.
    var preferred: Set<String> = []
    if let dequeuedIdentifier {
      let scope = index.reuseScope(forCodeIn: context.enclosingSwiftType, kind: kind)
      for binding in scope.bindings[dequeuedIdentifier] ?? [] {
        if let name = index.cellClass(of: binding) { preferred.insert(TypeInfo.simpleName(of: name)) }
      }
    }
    var seen: Set<String> = []
    var candidates: [CompletionCandidate] = []
    for (rank, ancestor) in ancestors.enumerated() {
      for type in UIKitClasses.workspaceClasses(inheritingFrom: ancestor, in: index) where !seen.contains(type.name) {
        seen.insert(type.name)
        let superclass = type.superclass.map { ": \($0)" } ?? ""
        candidates.append(
          CompletionCandidate(
            label: type.name, kind: .class, detail: type.location.map { "class\(superclass) · \(FeatureContext.describe($0))" },
            documentation: preferred.contains(type.simpleName) ? "the class '\(dequeuedIdentifier ?? "")' is bound to" : nil,
            insertText: asMetatype ? "\(type.name).self" : type.name, replacing: replacing,
            group: preferred.contains(type.simpleName) ? 0 : rank + 1
          )
        )
      }
    }
    if importsStatic, kind == .tableCell {
      for name in ["Value1Cell", "Value2Cell", "SubtitleCell", "ButtonCell"] where !seen.contains(name) {
        candidates.append(
          CompletionCandidate(
            label: name, kind: .class, detail: "Static", documentation: "a cell class of venmo/Static",
            insertText: asMetatype ? "\(name).self" : name, replacing: replacing, group: ancestors.count + 1
          )
        )
      }
    }
    if kind == .tableCell {
      candidates.append(
        CompletionCandidate(
          label: "UITableViewCell", kind: .class, detail: "UIKit", documentation: nil,
          insertText: asMetatype ? "UITableViewCell.self" : "UITableViewCell", replacing: replacing,
          group: preferred.contains("UITableViewCell") ? 0 : ancestors.count + 2
        )
      )
    }
    return candidates
  }

  static let cellStyles: [(name: String, summary: String)] = [
    ("default", "a text label and an optional image view"),
    ("value1", "a left-aligned label and a right-aligned detail label in gray"),
    ("value2", "a right-aligned blue label and a left-aligned detail label"),
    ("subtitle", "a label with a smaller gray subtitle below it"),
  ]

  static let uikitAccessories: [(name: String, summary: String)] = [
    ("none", "no accessory view"),
    ("disclosureIndicator", "a chevron: tapping the row shows more"),
    ("detailDisclosureButton", "an info button and a chevron"),
    ("checkmark", "a checkmark"),
    ("detailButton", "an info button"),
  ]

  static let staticAccessories: [(name: String, summary: String)] = [
    ("none", "no accessory"),
    ("disclosureIndicator", "a chevron"),
    ("detailDisclosureButton(_:)", "an info button and a chevron, with a selection closure"),
    ("checkmark", "a checkmark"),
    ("checkmarkPlaceholder", "space for a checkmark"),
    ("detailButton(_:)", "an info button, with a selection closure"),
    ("view(_:)", "a custom view"),
  ]

  // MARK: - Interface Builder

  private static func interfaceBuilderCandidates(_ context: FeatureContext) -> [CompletionCandidate] {
    guard let tag = InterfaceBuilderTag.around(offset: context.offset, in: context.text.bytes),
      let attribute = tag.attribute(containing: context.offset)
    else { return [] }
    let replacing = attribute.valueRange.lowerBound..<context.offset
    let values: [(label: String, detail: String?, documentation: String?, kind: CompletionItemKind)]
    switch attribute.name {
    case "reuseIdentifier" where tag.element == "tableViewCell" || tag.element == "collectionViewCell":
      values = identifiersToDeclare(in: tag, context: context)
    case "customClass":
      values = customClasses(for: tag.element, index: context.index)
    case "style" where tag.element == "tableViewCell":
      values = [
        ("IBUITableViewCellStyleDefault", "Basic", nil, .enumMember),
        ("IBUITableViewCellStyleValue1", "Right Detail", nil, .enumMember),
        ("IBUITableViewCellStyleValue2", "Left Detail", nil, .enumMember),
        ("IBUITableViewCellStyleSubtitle", "Subtitle", nil, .enumMember),
      ]
    case "accessoryType" where tag.element == "tableViewCell":
      values = uikitAccessories.filter { $0.name != "none" }.map { ($0.name, $0.summary, nil, .enumMember) }
    default:
      values = []
    }
    return values.enumerated().map { position, value in
      CompletionCandidate(
        label: value.label, kind: value.kind, detail: value.detail, documentation: value.documentation,
        insertText: value.label, replacing: replacing, group: position
      )
    }
  }

  /// Identifiers the code of the cell's table owners dequeues that no other prototype of the table declares; for a
  /// cell xib, the identifiers code registers the xib under.
  private static func identifiersToDeclare(
    in tag: InterfaceBuilderTag, context: FeatureContext
  ) -> [(label: String, detail: String?, documentation: String?, kind: CompletionItemKind)] {
    let index = context.index
    guard let document = context.interfaceBuilder else { return [] }
    let cellID = tag.attribute("id")?.value
    let cell = cellID.flatMap { id in document.cells.first { $0.id == id } }
    var result: [String: (detail: String, places: [String])] = [:]
    if let cell, cell.role == .standalone {
      let nibName = nibName(of: context.path)
      for (owner, registrations) in index.registrationsByType {
        for registration in registrations {
          guard case .nib(let expression, _) = registration.content, index.resolve(expression, in: owner) == nibName,
            let identifier = index.resolve(registration.identifier, in: owner)
          else { continue }
          let place = FeatureContext.describe(registration.identifierLocation)
          result[identifier, default: ("registered with this nib by \(TypeInfo.simpleName(of: owner))", [])].places
            .append(place)
        }
      }
    } else {
      let kind: ReuseKind = tag.element == "collectionViewCell" ? .collectionCell : .tableCell
      let containerID = cell?.containerID
      let owners: Set<String>
      var declared: Set<String> = []
      if kind == .tableCell, let table = index.tables.first(where: { $0.path == context.path && $0.table.id == containerID }) {
        owners = table.ownerClasses
        declared = Set(table.prototypes.filter { $0.id != cellID }.compactMap(\.reuseIdentifier))
      } else if kind == .collectionCell,
        let collection = index.collectionViews.first(where: { $0.path == context.path && $0.collection.id == containerID })
      {
        owners = collection.ownerClasses
        declared = Set(collection.prototypes.filter { $0.id != cellID }.compactMap(\.reuseIdentifier))
      } else {
        owners = []
      }
      var family: Set<String> = []
      for owner in owners {
        for member in index.family(of: owner) { family.insert(member.name) }
      }
      for dequeue in index.dequeues where dequeue.kind == kind {
        guard let type = dequeue.enclosingType, let resolved = index.resolveType(type), family.contains(resolved.name),
          let identifier = index.resolve(dequeue.identifier, in: dequeue.enclosingType), !declared.contains(identifier)
        else { continue }
        let place = FeatureContext.describe(dequeue.identifierLocation)
        result[identifier, default: ("dequeued by \(resolved.simpleName)", [])].places.append(place)
      }
    }
    return result.keys.sorted().map { identifier in
      let entry = result[identifier]!
      return (identifier, entry.detail, entry.places.map { "- \($0)" }.joined(separator: "\n"), .value)
    }
  }

  static func nibName(of path: String) -> String {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    let base = file.hasSuffix(".xib") ? String(file.dropLast(4)) : file
    return base.split(separator: "~").first.map(String.init) ?? base
  }

  private static func customClasses(
    for element: String, index: ProjectIndex
  ) -> [(label: String, detail: String?, documentation: String?, kind: CompletionItemKind)] {
    let ancestor: String?
    switch element {
    case "tableViewCell": ancestor = "UITableViewCell"
    case "collectionViewCell": ancestor = "UICollectionViewCell"
    case "collectionReusableView": ancestor = "UICollectionReusableView"
    case "tableView": ancestor = "UITableView"
    case "collectionView": ancestor = "UICollectionView"
    case "placeholder": ancestor = nil
    default: ancestor = IBElementClasses.isViewControllerElement(element) ? "UIViewController" : "UIView"
    }
    let classes = ancestor.map { UIKitClasses.workspaceClasses(inheritingFrom: $0, in: index) }
      ?? index.types.values.filter { $0.kind == .class }.sorted { $0.name < $1.name }
    return classes.map { type in
      (type.simpleName, type.location.map { "class · \(FeatureContext.describe($0))" }, nil, .class)
    }
  }
}
