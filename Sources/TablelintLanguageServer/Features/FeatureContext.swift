import SwiftFrontend
import SwiftParser
import SwiftSyntax
import TablelintIndex
import TablelintModel

/// What a feature sees: the model, the document's current text and the cursor (a UTF-8 offset). Features answer in
/// UTF-8 offsets and `SourceLocation`s; the server converts them to the client's encoding.
struct FeatureContext {
  let index: ProjectIndex
  let path: String
  let text: TextSnapshot
  let offset: Int
  /// The workspace's last parses of open Swift documents.
  var swiftTrees: IncrementalSwiftParser?

  /// The syntax tree of `text` (the document, or another file's text): the language server's last parse of it when
  /// it parsed exactly these bytes, else a new parse; `nil` for bytes that are not parsed (see
  /// `SwiftFrontend.isParseable`). A 3,000-line controller takes 9 ms to parse again.
  func syntaxTree(of text: TextSnapshot, path: String) -> SourceFileSyntax? {
    if let tree = swiftTrees?.tree(of: path, ifBytesAre: text.bytes) { return tree }
    guard SwiftFrontend.isParseable(text.bytes) else { return nil }
    return text.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
  }

  var kind: SourceFileKind? { SourceFileKind(path: path) }

  /// The document's facts (a binary search: the index's files are sorted by path).
  var facts: FileFacts? { index.files.indexOfFile(atPath: path).map { index.files[$0] } }

  var interfaceBuilder: InterfaceBuilderDocument? { facts?.interfaceBuilder }

  /// The innermost Swift type declaration (or extension) around the cursor, as a qualified name the index knows.
  var enclosingSwiftType: String? {
    guard let swift = facts?.swift else { return nil }
    let containing = swift.types.filter { declaration in
      declaration.kind != .protocol && declaration.location.range.start.offset <= offset
        && offset <= declaration.location.range.end.offset
    }
    guard let innermost = containing.min(by: { lhs, rhs in
      lhs.location.range.end.offset - lhs.location.range.start.offset
        < rhs.location.range.end.offset - rhs.location.range.start.offset
    }) else { return nil }
    return index.resolveType(innermost.name)?.name ?? innermost.name
  }

  /// A short, clickable-free description of a place: `FeedViewController.swift:12`.
  static func describe(_ location: TablelintModel.SourceLocation) -> String {
    let name = location.file.split(separator: "/").last.map(String.init) ?? location.file
    return "\(name):\(location.line)"
  }
}

/// Class relationships through UIKit, which the workspace does not declare.
enum UIKitClasses {
  static let superclasses: [String: String] = [
    "UITableViewController": "UIViewController", "UICollectionViewController": "UIViewController",
    "UINavigationController": "UIViewController", "UITabBarController": "UIViewController",
    "UISplitViewController": "UIViewController", "UIPageViewController": "UIViewController",
    "UISearchController": "UIViewController", "UIAlertController": "UIViewController",
    "UIInputViewController": "UIViewController", "UIHostingController": "UIViewController",
    "UIViewController": "UIResponder", "UITableViewCell": "UIView", "UICollectionViewCell": "UICollectionReusableView",
    "UICollectionViewListCell": "UICollectionViewCell", "UICollectionReusableView": "UIView",
    "UITableViewHeaderFooterView": "UIView", "UITableView": "UIScrollView", "UICollectionView": "UIScrollView",
    "UIScrollView": "UIView", "UIControl": "UIView", "UIButton": "UIControl", "UISwitch": "UIControl",
    "UILabel": "UIView", "UIImageView": "UIView", "UIStackView": "UIView", "UIView": "UIResponder",
    "UIResponder": "NSObject",
  ]

  /// Whether `name` is `ancestor` or inherits from it, through the workspace and then UIKit.
  static func inherits(_ name: String, from ancestor: String, in index: ProjectIndex) -> Bool {
    let chain = index.superclassChain(of: name)
    if chain.classes.contains(where: { $0.simpleName == ancestor }) { return true }
    var current = chain.externalSuperclass.map(TypeInfo.simpleName(of:))
    var steps = 0
    while let next = current, steps < 12 {
      if next == ancestor { return true }
      current = superclasses[next]
      steps += 1
    }
    return false
  }

  /// Workspace classes that inherit from `ancestor`, by qualified name.
  static func workspaceClasses(inheritingFrom ancestor: String, in index: ProjectIndex) -> [TypeInfo] {
    index.types.values
      .filter { $0.kind == .class && inherits($0.name, from: ancestor, in: index) }
      .sorted { $0.name < $1.name }
  }
}
