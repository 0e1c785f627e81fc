import TablelintModel

/// Reads `numberOfSectionsInTableView:` and `tableView:numberOfRowsInSection:` bodies into the same
/// `TableMethodFacts` the Swift `TableModelCollector` produces.
///
/// Conservative on purpose: top-level `return N;`, `return [super …];`, a `switch (section)` whose cases return, and
/// `if (section == N) return M;` are read; a return anywhere else (under another condition, in a loop or a block)
/// makes `hasUnreadReturns` true, and any other mention of the table-view parameter makes `dependsOnTableView`
/// true, so the count rules stay silent.
struct ObjectiveCDataSourceReader {
  let tokens: [ObjectiveCToken]
  let bytes: [UInt8]
  let matches: BracketMatches
  let locator: TokenLocator

  static let kinds: [String: TableMethodKind] = [
    "numberOfSectionsInTableView:": .numberOfSections,
    "tableView:numberOfRowsInSection:": .numberOfRows,
  ]

  func facts(
    for method: ObjectiveCMethodContext, kind: TableMethodKind, className: String
  ) -> TableMethodFacts {
    let tableView = method.parameterList.first
    let section = kind == .numberOfRows && method.parameterList.count > 1 ? method.parameterList[1] : nil
    var result = TableMethodFacts(
      kind: kind, name: method.selector, enclosingType: className, returns: [], hasUnreadReturns: false,
      sectionCases: [], dependsOnTableView: false, location: locator.location(of: tokens[method.nameToken])
    )
    var handled: [Int] = []
    var position = method.bodyOpen + 1
    let end = method.bodyClose
    while position < end {
      let token = tokens[position]
      let statementEnd = self.statementEnd(from: position, limit: end)
      let statement = position..<statementEnd
      if let tableView, statement.contains(where: { tokens[$0].isIdentifier(tableView) }),
        !isSuperReturn(statement)
      {
        result.dependsOnTableView = true
      }
      if token.isIdentifier("return") {
        result.returns.append(
          TableMethodReturn(
            sections: handled.isEmpty ? .all : .allExcept(handled), value: value(of: (position + 1)..<statementEnd),
            isConditional: false, location: location(of: (position + 1)..<statementEnd, fallback: position)
          )
        )
      } else if token.isIdentifier("switch"), let section, let switchRead = readSwitch(at: position, section: section) {
        result.returns += switchRead.returns.map { item in
          var item = item
          if !handled.isEmpty, case .allExcept(let labels) = item.sections { item.sections = .allExcept(labels + handled) }
          return item
        }
        result.sectionCases += switchRead.labels
        result.hasUnreadReturns = result.hasUnreadReturns || switchRead.hasUnread
        handled += switchRead.labels.map(\.section)
      } else if token.isIdentifier("if"), let section, let ifRead = readSectionIf(at: position, end: statementEnd, section: section) {
        result.returns.append(ifRead)
        if case .only(let list) = ifRead.sections { handled += list }
      } else if statement.contains(where: { tokens[$0].isIdentifier("return") }) {
        result.hasUnreadReturns = true
      }
      position = max(statementEnd, position + 1)
    }
    return result
  }

  // MARK: - Statements

  /// The position just past the statement starting at `start`: past its `;`, or past the braced block that ends an
  /// `if`/`switch`/loop (with an `else` part), bounded by `limit`.
  private func statementEnd(from start: Int, limit: Int) -> Int {
    var position = start
    while position < limit {
      let token = tokens[position]
      if token.isPunctuation(";") { return followedByElse(position + 1, limit: limit) }
      if token.isPunctuation("{") {
        guard let close = matches.partner(of: position), close < limit else { return limit }
        return followedByElse(close + 1, limit: limit)
      }
      if let close = matches.partner(of: position), close > position, token.isPunctuation("(") || token.isPunctuation("[") {
        position = min(close + 1, limit)
        continue
      }
      position += 1
    }
    return limit
  }

  /// An `else` after an `if` belongs to the same statement.
  private func followedByElse(_ position: Int, limit: Int) -> Int {
    guard position < limit, tokens[position].isIdentifier("else") else { return position }
    return statementEnd(from: position + 1, limit: limit)
  }

  /// `return [super tableView:tableView numberOfRowsInSection:section];` mentions the table view harmlessly.
  private func isSuperReturn(_ statement: Range<Int>) -> Bool {
    statement.count >= 3 && tokens[statement.lowerBound].isIdentifier("return")
      && tokens[statement.lowerBound + 1].isPunctuation("[") && tokens[statement.lowerBound + 2].isIdentifier("super")
  }

  /// `5`, `(5)`, `[super …]`; anything else is unknown.
  private func value(of range: Range<Int>) -> TableReturnValue {
    var range = range
    if let last = range.last, tokens[last].isPunctuation(";") { range = range.lowerBound..<last }
    while range.count >= 2, tokens[range.lowerBound].isPunctuation("("),
      matches.partner(of: range.lowerBound) == range.upperBound - 1
    {
      range = (range.lowerBound + 1)..<(range.upperBound - 1)
    }
    if range.count == 1, let number = integer(at: range.lowerBound) { return .integer(number) }
    if range.count >= 2, tokens[range.lowerBound].isPunctuation("["), tokens[range.lowerBound + 1].isIdentifier("super"),
      matches.partner(of: range.lowerBound) == range.upperBound - 1
    {
      return .superCall
    }
    return .unknown
  }

  private func integer(at position: Int) -> Int? {
    let token = tokens[position]
    guard token.kind == .literal else { return nil }
    return Int(String(decoding: bytes[token.start..<token.end], as: UTF8.self))
  }

  private func location(of range: Range<Int>, fallback: Int) -> SourceLocation {
    var range = range
    if let last = range.last, tokens[last].isPunctuation(";") { range = range.lowerBound..<last }
    guard let first = range.first, let last = range.last else { return locator.location(of: tokens[fallback]) }
    return locator.location(of: tokens[first], through: tokens[last])
  }

  // MARK: - switch (section)

  /// `switch (section) { case 0: return 2; case 1: case 2: { return 1; } default: return 0; }`.
  private func readSwitch(
    at position: Int, section: String
  ) -> (returns: [TableMethodReturn], labels: [SectionCaseLabel], hasUnread: Bool)? {
    guard position + 3 < tokens.count, tokens[position + 1].isPunctuation("("),
      let conditionClose = matches.partner(of: position + 1), conditionClose == position + 3,
      tokens[position + 2].isIdentifier(section), conditionClose + 1 < tokens.count,
      tokens[conditionClose + 1].isPunctuation("{"), let bodyClose = matches.partner(of: conditionClose + 1)
    else { return nil }
    var returns: [TableMethodReturn] = []
    var labels: [SectionCaseLabel] = []
    var hasUnread = false
    var current: SectionSet?
    var currentLabels: [Int] = []
    var sawStatement = false
    var sawDefault = false
    var conditional = false
    var cursor = conditionClose + 2
    while cursor < bodyClose {
      let token = tokens[cursor]
      if token.isIdentifier("case") {
        // Labels after `default:` or that are not integer literals: give up on this switch.
        guard !sawDefault, cursor + 2 < bodyClose, let number = integer(at: cursor + 1),
          tokens[cursor + 2].isPunctuation(":")
        else { return (returns, labels, true) }
        if sawStatement {
          // A new group of labels (`case 1: case 2:` share one body).
          currentLabels = []
          sawStatement = false
          conditional = false
        }
        currentLabels.append(number)
        labels.append(SectionCaseLabel(section: number, location: locator.location(of: tokens[cursor + 1])))
        current = .only(currentLabels)
        cursor += 3
        continue
      }
      if token.isIdentifier("default"), cursor + 1 < bodyClose, tokens[cursor + 1].isPunctuation(":") {
        current = .allExcept(labels.map(\.section))
        currentLabels = []
        sawStatement = false
        sawDefault = true
        conditional = false
        cursor += 2
        continue
      }
      sawStatement = true
      if token.isIdentifier("return") {
        let end = statementEnd(from: cursor, limit: bodyClose)
        if let current {
          returns.append(
            TableMethodReturn(
              sections: current, value: value(of: (cursor + 1)..<end), isConditional: conditional,
              location: location(of: (cursor + 1)..<end, fallback: cursor)
            )
          )
        } else {
          hasUnread = true
        }
        cursor = max(end, cursor + 1)
        continue
      }
      if token.isIdentifier("if") || token.isIdentifier("else") || token.isIdentifier("for")
        || token.isIdentifier("while") || token.isPunctuation("?")
      {
        conditional = true
      }
      if token.isPunctuation("^") || token.isIdentifier("switch") || token.isIdentifier("do") {
        hasUnread = true
      }
      cursor += 1
    }
    return (returns, labels, hasUnread)
  }

  // MARK: - if (section == N)

  /// `if (section == N) return M;` / `if (section == N) { return M; }` with no `else`.
  private func readSectionIf(at position: Int, end: Int, section: String) -> TableMethodReturn? {
    guard position + 7 < end, tokens[position + 1].isPunctuation("("), matches.partner(of: position + 1) == position + 6,
      tokens[position + 2].isIdentifier(section), tokens[position + 3].isPunctuation("="),
      tokens[position + 4].isPunctuation("="), let number = integer(at: position + 5),
      !(position..<end).contains(where: { tokens[$0].isIdentifier("else") })
    else { return nil }
    var body = (position + 7)..<end
    if tokens[body.lowerBound].isPunctuation("{") {
      guard matches.partner(of: body.lowerBound) == end - 1 else { return nil }
      body = (body.lowerBound + 1)..<(end - 1)
    }
    // Exactly one statement: `return X;`.
    guard let first = body.first, tokens[first].isIdentifier("return"), let last = body.last,
      tokens[last].isPunctuation(";"), !body.dropLast().contains(where: { tokens[$0].isPunctuation(";") })
    else { return nil }
    return TableMethodReturn(
      sections: .only([number]), value: value(of: (first + 1)..<last), isConditional: false,
      location: location(of: (first + 1)..<last, fallback: first)
    )
  }
}
