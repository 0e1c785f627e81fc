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

/// Quick fixes: first the fixes the findings carry (`Finding.fixes`: safe and unsafe ones, which `tablelint lint --fix`
/// applies too, and suggestions), then the insertions still computed here from the source text, until rules can
/// carry them: a method stub for `dangling_selector`, an outlet's declaration or removal for `dangling_outlet`, a
/// registration for `unregistered_reuse_identifier`.
enum CodeActionProvider {
  static func fixes(
    for findings: [Finding], index: ProjectIndex, text: (String) -> TextSnapshot?
  ) -> [QuickFix] {
    findings.flatMap { finding -> [QuickFix] in
      let carried = finding.fixes.map { fix in
        QuickFix(
          title: fix.title,
          edits: fix.edits.map { FileEdit(path: $0.path, range: $0.start..<$0.end, newText: $0.newText) },
          isPreferred: fix.applicability == .safe, finding: finding
        )
      }
      let computed: [QuickFix]
      switch finding.ruleID {
      case "dangling_selector": computed = danglingSelector(finding, index: index, text: text)
      case "dangling_outlet": computed = danglingOutlet(finding, index: index, text: text)
      case "unregistered_reuse_identifier": computed = unregisteredIdentifier(finding, index: index, text: text)
      default: computed = []
      }
      return carried + computed.filter { fix in !carried.contains { $0.title == fix.title } }
    }
  }

  // MARK: - dangling_selector

  private static func danglingSelector(
    _ finding: Finding, index: ProjectIndex, text: (String) -> TextSnapshot?
  ) -> [QuickFix] {
    let path = finding.location.file
    guard let document = index.files.first(where: { $0.path == path })?.interfaceBuilder,
      let connection = InterfaceBuilderConnections.connection(at: finding.location, in: document),
      connection.kind == .action, let selector = connection.selector,
      let type = InterfaceBuilderConnections.workspaceClass(
        of: InterfaceBuilderConnections.receiver(of: connection, in: document), in: index),
      let surface = index.objcSurface(ofClass: type.name)
    else { return [] }
    var fixes: [QuickFix] = []
    // A stub, unless a method with that selector exists but is not exposed (the message says to mark it).
    if surface.unexposedMembers[selector] == nil, let stub = methodStub(for: selector),
      let edit = memberInsertion([stub.declaration], into: type, atStart: false, text: text)
    {
      fixes.append(
        QuickFix(
          title: "Add '\(stub.title)' to '\(type.simpleName)'", edits: [edit], isPreferred: false, finding: finding
        )
      )
    }
    return fixes
  }

  /// An `@objc` method whose selector is exactly `selector`: `reset` → `reset()`, `reset:` → `reset(_ sender:)`,
  /// `tapped:forEvent:` → `tapped(_ sender: Any, forEvent event: UIEvent)`.
  static func methodStub(for selector: String) -> (declaration: String, title: String)? {
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

  // MARK: - dangling_outlet

  private static func danglingOutlet(
    _ finding: Finding, index: ProjectIndex, text: (String) -> TextSnapshot?
  ) -> [QuickFix] {
    let path = finding.location.file
    guard let document = index.files.first(where: { $0.path == path })?.interfaceBuilder,
      let connection = InterfaceBuilderConnections.connection(at: finding.location, in: document),
      connection.kind == .outlet || connection.kind == .outletCollection, let property = connection.property,
      let ibText = text(path)
    else { return [] }
    var fixes: [QuickFix] = []
    if let range = elementLines(at: connection.location, element: connection.kind.rawValue, in: ibText) {
      fixes.append(
        QuickFix(
          title: "Remove the outlet '\(property)' from \(fileName(path))",
          edits: [FileEdit(path: path, range: range, newText: "")], isPreferred: false, finding: finding
        )
      )
    }
    if isIdentifier(property),
      let type = InterfaceBuilderConnections.workspaceClass(
        of: InterfaceBuilderConnections.receiver(of: connection, in: document), in: index),
      let surface = index.objcSurface(ofClass: type.name), surface.unsettableProperties[property] == nil,
      !type.members.contains(where: { $0.name == property })
    {
      let declaration = connection.kind == .outletCollection
        ? "@IBOutlet var \(property): [UIView]!" : "@IBOutlet weak var \(property): UIView!"
      if let edit = memberInsertion([declaration], into: type, atStart: true, text: text) {
        fixes.append(
          QuickFix(title: "Add '\(declaration)' to '\(type.simpleName)'", edits: [edit], isPreferred: false, finding: finding)
        )
      }
    }
    return fixes
  }

  /// The element starting at `location` (self-closing or with its end tag), with its whole line when it is alone on
  /// it: removing it leaves well-formed XML.
  static func elementLines(at location: SourceLocation, element: String, in text: TextSnapshot) -> Swift.Range<Int>? {
    let bytes = text.bytes
    let start = InterfaceBuilderConnections.offset(of: location.range.start, in: text)
    guard start < bytes.count, bytes[start] == UInt8(ascii: "<") else { return nil }
    // The end of the start tag: the first `>` outside a quoted value.
    var index = start + 1
    var quote: UInt8?
    while index < bytes.count {
      let byte = bytes[index]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        break
      } else if byte == UInt8(ascii: "<") {
        return nil
      }
      index += 1
    }
    guard index < bytes.count else { return nil }
    var end = index + 1
    if bytes[index - 1] != UInt8(ascii: "/") {
      // `<outlet …></outlet>`: find the end tag.
      let closing = Array("</\(element)>".utf8)
      var search = end
      var found: Int?
      while search + closing.count <= bytes.count {
        if bytes[search] == UInt8(ascii: "<"), Array(bytes[search..<search + closing.count]) == closing {
          found = search
          break
        }
        search += 1
      }
      guard let found else { return nil }
      end = found + closing.count
    }
    // Take the whole line when only blanks surround the element.
    var lineStart = start
    while lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: " ") || bytes[lineStart - 1] == UInt8(ascii: "\t") {
      lineStart -= 1
    }
    var lineEnd = end
    while lineEnd < bytes.count, bytes[lineEnd] == UInt8(ascii: " ") || bytes[lineEnd] == UInt8(ascii: "\t")
      || bytes[lineEnd] == UInt8(ascii: "\r") { lineEnd += 1 }
    if (lineStart == 0 || bytes[lineStart - 1] == UInt8(ascii: "\n")),
      lineEnd == bytes.count || bytes[lineEnd] == UInt8(ascii: "\n")
    {
      return lineStart..<min(lineEnd + 1, bytes.count)
    }
    return start..<end
  }

  // MARK: - unregistered_reuse_identifier

  private static func unregisteredIdentifier(
    _ finding: Finding, index: ProjectIndex, text: (String) -> TextSnapshot?
  ) -> [QuickFix] {
    guard let dequeue = index.dequeues.first(where: { $0.identifierLocation == finding.location }),
      let identifier = index.resolve(dequeue.identifier, in: dequeue.enclosingType),
      let typeName = dequeue.enclosingType, let type = index.resolveType(typeName),
      let swiftText = text(dequeue.identifierLocation.file)
    else { return [] }
    var fixes: [QuickFix] = []
    let identifierRange = InterfaceBuilderConnections.offset(of: dequeue.identifierLocation.range.start, in: swiftText)
      ..< InterfaceBuilderConnections.offset(of: dequeue.identifierLocation.range.end, in: swiftText)
    let written = String(decoding: swiftText.bytes[identifierRange], as: UTF8.self)
    // Register where the class sets up its table: `viewDidLoad`, after `super.viewDidLoad()`.
    if let setUp = type.declarations.lazy.flatMap({ entry in
      entry.declaration.members.filter { $0.name == "viewDidLoad" && $0.kind == .method && $0.argumentLabels.isEmpty && !$0.isStatic }
    }).first, let setUpText = text(setUp.location.file) {
      let editing = SwiftSourceEditing(setUpText)
      let nameOffset = InterfaceBuilderConnections.offset(of: setUp.location.range.start, in: setUpText)
      if let body = editing.functionBody(namedAt: nameOffset) {
        let receiver = dequeue.receiver.flatMap { isIdentifier($0) ? $0 : nil } ?? defaultReceiver(dequeue.kind)
        let registration = registerCall(receiver: receiver, kind: dequeue.kind, identifier: written)
        let edit = body.superCallEnd.map { editing.insertion(registration, afterStatementEndingAt: $0) }
          ?? editing.insertion([registration], afterOpeningBrace: (body.left, body.right))
        fixes.append(
          QuickFix(
            title: "Register '\(identifier)' in '\(type.simpleName).viewDidLoad()'",
            edits: [FileEdit(path: setUp.location.file, range: edit.range, newText: edit.text)], isPreferred: false,
            finding: finding
          )
        )
      }
    }
    return fixes
  }

  private static func defaultReceiver(_ kind: ReuseKind) -> String {
    kind == .collectionCell || kind == .collectionSupplementary ? "collectionView" : "tableView"
  }

  static func registerCall(receiver: String, kind: ReuseKind, identifier: String) -> String {
    switch kind {
    case .tableCell:
      return "\(receiver).register(UITableViewCell.self, forCellReuseIdentifier: \(identifier))"
    case .tableHeaderFooter:
      return "\(receiver).register(UITableViewHeaderFooterView.self, forHeaderFooterViewReuseIdentifier: \(identifier))"
    case .collectionCell:
      return "\(receiver).register(UICollectionViewCell.self, forCellWithReuseIdentifier: \(identifier))"
    case .collectionSupplementary:
      return "\(receiver).register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: \(identifier))"
    }
  }

  // MARK: - Helpers

  /// Inserts member lines into the primary Swift declaration of `type` (the first when it has only extensions).
  private static func memberInsertion(
    _ lines: [String], into type: TypeInfo, atStart: Bool, text: (String) -> TextSnapshot?
  ) -> FileEdit? {
    guard let (_, declaration) = type.declarations.first(where: { $0.declaration.kind != .extension })
      ?? type.declarations.first,
      let swiftText = text(declaration.nameLocation.file)
    else { return nil }
    let editing = SwiftSourceEditing(swiftText)
    let nameOffset = InterfaceBuilderConnections.offset(of: declaration.nameLocation.range.start, in: swiftText)
    guard let block = editing.memberBlock(ofTypeNamedAt: nameOffset) else { return nil }
    let edit = atStart
      ? editing.insertion(lines, afterOpeningBrace: block) : editing.insertion(lines, beforeClosingBrace: block)
    return FileEdit(path: declaration.nameLocation.file, range: edit.range, newText: edit.text)
  }

  static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
    return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
  }


  private static func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}

/// The stub a selector gets (tests).
package enum CodeActionProviderProbe {
  package static func stub(_ selector: String) -> String? { CodeActionProvider.methodStub(for: selector)?.declaration }
}
