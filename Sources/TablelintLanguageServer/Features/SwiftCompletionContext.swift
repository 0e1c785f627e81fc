import TablelintModel

/// What the text before the cursor in a Swift file asks to complete. Read lexically from the current buffer, so it
/// works while the line is still incomplete.
enum SwiftCompletionContext: Equatable {
  /// Inside the literal of `dequeueReusableCell(withIdentifier: "` (and the collection and header-footer forms).
  case reuseIdentifier(ReuseKind)
  /// A cell class: after `register(` or `cellClass:` (`X.self`), after `Row<` or an `as!` that follows a dequeue
  /// (`X`). `dequeuedIdentifier` is the literal the dequeue used, if any.
  case cellClass(asMetatype: Bool, dequeuedIdentifier: String?, kind: ReuseKind)
  /// `UITableViewCell(style: .`
  case cellStyle
  /// `accessoryType = .` (UIKit) or `accessory: .` (venmo/Static's `Row.Accessory` when Static is imported).
  case accessory(staticLibrary: Bool)

  /// The context at the end of `prefix`, and the text already typed that a completion replaces.
  static func at(endOf prefix: String, importsStatic: Bool) -> (context: SwiftCompletionContext, partial: String)? {
    if let match = prefix.firstMatch(of: #/dequeueReusable(Cell|HeaderFooterView)\s*\(\s*with(Reuse)?Identifier\s*:\s*"([^"\\\n]*)\z/#) {
      let kind: ReuseKind = match.1 == "HeaderFooterView" ? .tableHeaderFooter : (match.2 != nil ? .collectionCell : .tableCell)
      return (.reuseIdentifier(kind), String(match.3))
    }
    if let match = prefix.firstMatch(of: #/dequeueReusable(Cell|HeaderFooterView)\s*\(\s*with(Reuse)?Identifier\s*:\s*(?:"([^"\\\n]*)"|[^,)\n]*)[^)\n]*\)\s*!?\s*as[!?]\s*([A-Za-z_][A-Za-z0-9_.]*)?\z/#) {
      let kind: ReuseKind = match.1 == "HeaderFooterView" ? .tableHeaderFooter : (match.2 != nil ? .collectionCell : .tableCell)
      return (.cellClass(asMetatype: false, dequeuedIdentifier: match.3.map(String.init), kind: kind), String(match.4 ?? ""))
    }
    if let match = prefix.firstMatch(of: #/(\w*)\.register\s*\(\s*([A-Za-z_][A-Za-z0-9_.]*)?\z/#) {
      let receiver = match.1.lowercased()
      let kind: ReuseKind = receiver.contains("collection") ? .collectionCell : .tableCell
      return (.cellClass(asMetatype: true, dequeuedIdentifier: nil, kind: kind), String(match.2 ?? ""))
    }
    if let match = prefix.firstMatch(of: #/(?:^|[^A-Za-z0-9_])cellClass\s*:\s*([A-Za-z_][A-Za-z0-9_.]*)?\z/#) {
      return (.cellClass(asMetatype: true, dequeuedIdentifier: nil, kind: .tableCell), String(match.1 ?? ""))
    }
    if let match = prefix.firstMatch(of: #/(?:^|[^A-Za-z0-9_])Row\s*<\s*([A-Za-z_][A-Za-z0-9_.]*)?\z/#) {
      return (.cellClass(asMetatype: false, dequeuedIdentifier: nil, kind: .tableCell), String(match.1 ?? ""))
    }
    if let match = prefix.firstMatch(of: #/UITableViewCell\s*\(\s*style\s*:\s*\.([A-Za-z0-9]*)\z/#) {
      return (.cellStyle, String(match.1))
    }
    if let match = prefix.firstMatch(of: #/(?:^|[^A-Za-z0-9_])accessoryType\s*=\s*\.([A-Za-z]*)\z/#) {
      return (.accessory(staticLibrary: false), String(match.1))
    }
    if let match = prefix.firstMatch(of: #/(?:^|[^A-Za-z0-9_])accessory\s*:\s*\.([A-Za-z]*)\z/#) {
      return (.accessory(staticLibrary: importsStatic), String(match.1))
    }
    return nil
  }
}
