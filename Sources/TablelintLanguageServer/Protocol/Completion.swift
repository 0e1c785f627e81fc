/// The `CompletionItemKind`s tablelint uses.
public enum CompletionItemKind: Int, Codable, Hashable, Sendable {
  case text = 1, method = 2, function = 3, constructor = 4, field = 5, variable = 6, `class` = 7, interface = 8
  case module = 9, property = 10, unit = 11, value = 12, `enum` = 13, keyword = 14, snippet = 15, color = 16
  case file = 17, reference = 18, folder = 19, enumMember = 20, constant = 21, `struct` = 22, event = 23
  case `operator` = 24, typeParameter = 25
}

public struct CompletionItem: Codable, Hashable, Sendable {
  public var label: String
  public var kind: CompletionItemKind?
  /// Where the value is declared, or its class.
  public var detail: String?
  public var documentation: MarkupContent?
  public var sortText: String?
  public var filterText: String?
  public var textEdit: TextEdit?

  public init(
    label: String, kind: CompletionItemKind?, detail: String? = nil, documentation: MarkupContent? = nil,
    sortText: String? = nil, filterText: String? = nil, textEdit: TextEdit? = nil
  ) {
    self.label = label
    self.kind = kind
    self.detail = detail
    self.documentation = documentation
    self.sortText = sortText
    self.filterText = filterText
    self.textEdit = textEdit
  }
}

public struct CompletionList: Codable, Hashable, Sendable {
  public var isIncomplete: Bool
  public var items: [CompletionItem]
  public init(isIncomplete: Bool, items: [CompletionItem]) {
    self.isIncomplete = isIncomplete
    self.items = items
  }
}
