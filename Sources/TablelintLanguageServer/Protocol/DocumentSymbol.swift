public enum SymbolKind: Int, Codable, Hashable, Sendable {
  case file = 1, module, namespace, package, `class`, method, property, field, constructor, `enum`, interface
  case function, variable, constant, string, number, boolean, array, object, key, null, enumMember, `struct`
  case event, `operator`, typeParameter
}

public struct DocumentSymbol: Codable, Hashable, Sendable {
  public var name: String
  public var detail: String?
  public var kind: SymbolKind
  public var range: LSPRange
  public var selectionRange: LSPRange
  public var children: [DocumentSymbol]?

  public init(
    name: String, detail: String?, kind: SymbolKind, range: LSPRange, selectionRange: LSPRange, children: [DocumentSymbol]?
  ) {
    self.name = name
    self.detail = detail
    self.kind = kind
    self.range = range
    self.selectionRange = selectionRange
    self.children = children
  }
}
