import TablelintIndex
import TablelintModel

/// What fixes insert into Swift code: method stubs, outlet declarations, registrations. Where they go is anchored at
/// a declaration's name and found in the text when the fix is applied (`FixEdit.Anchor`).
public enum CodeInsertions {
  /// An `@objc` method whose selector is exactly `selector`: `reset` → `reset()`, `reset:` → `reset(_ sender:)`,
  /// `tapped:forEvent:` → `tapped(_ sender: Any, forEvent event: UIEvent)`.
  public static func methodStub(for selector: String) -> (declaration: String, title: String)? {
    var pieces = selector.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard let name = pieces.first, isIdentifier(name) else { return nil }
    let arity = pieces.count - 1
    if arity > 0 { pieces.removeLast() }  // the empty piece after the last colon
    guard pieces.count == max(arity, 1) else { return nil }
    var parameters: [String] = []
    for (position, piece) in pieces.enumerated() where arity > 0 {
      if position == 0 {
        parameters.append("_ sender: Any")
      } else {
        guard piece.isEmpty || isIdentifier(piece) else { return nil }
        let label = piece.isEmpty ? "_" : piece
        parameters.append(position == 1 ? "\(label) event: UIEvent" : "\(label) argument\(position): Any")
      }
    }
    let signature = "func \(name)(\(parameters.joined(separator: ", ")))"
    return ("@objc \(signature) {}", "@objc \(signature)")
  }

  /// An edit adding `lines` to the Swift type (its declaration, else its first extension), last or first.
  static func members(_ lines: [String], into type: TypeInfo, atStart: Bool) -> FixEdit? {
    guard let (_, declaration) = type.declarations.first(where: { $0.declaration.kind != .extension })
      ?? type.declarations.first,
      SourceFileKind(path: declaration.nameLocation.file) == .swift
    else { return nil }
    return FixEdit(
      path: declaration.nameLocation.file, at: declaration.nameLocation.range.start,
      atStart ? .membersAtStart(lines) : .membersAtEnd(lines)
    )
  }

  /// A registration of `identifier` (as the code spells it) in the type's `viewDidLoad()`, after
  /// `super.viewDidLoad()`.
  static func registration(of identifier: IdentifierExpression, dequeue: Dequeue, in type: TypeInfo) -> FixEdit? {
    let spelled: String
    switch identifier {
    case .literal(let value): spelled = SwiftLiteral.string(value)
    case .reference(let path) where path.allSatisfy(isIdentifier): spelled = path.joined(separator: ".")
    default: return nil
    }
    guard let setUp = type.declarations.lazy.flatMap({ entry in
      entry.declaration.members.filter { $0.name == "viewDidLoad" && $0.kind == .method && $0.argumentLabels.isEmpty && !$0.isStatic }
    }).first, SourceFileKind(path: setUp.location.file) == .swift
    else { return nil }
    let kind = dequeue.kind
    let receiver = dequeue.receiver.flatMap { isIdentifier($0) ? $0 : nil }
      ?? (kind == .collectionCell || kind == .collectionSupplementary ? "collectionView" : "tableView")
    let call: String
    switch kind {
    case .tableCell:
      call = "\(receiver).register(UITableViewCell.self, forCellReuseIdentifier: \(spelled))"
    case .tableHeaderFooter:
      call = "\(receiver).register(UITableViewHeaderFooterView.self, forHeaderFooterViewReuseIdentifier: \(spelled))"
    case .collectionCell:
      call = "\(receiver).register(UICollectionViewCell.self, forCellWithReuseIdentifier: \(spelled))"
    case .collectionSupplementary:
      call = "\(receiver).register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: \(spelled))"
    }
    return FixEdit(path: setUp.location.file, at: setUp.location.range.start, .statementInFunction(call))
  }

  public static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
    return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
  }
}
