import TablelintModel

/// `#selector` in code the reader checks: the bodies `BodySkipping` keeps only for it (`Skeleton.selectorBodies`: a
/// `viewDidLoad` that adds a target, a button made in a closure), initializers and getters.
///
/// The reader takes what `FactCollector` takes there, from the tokens: each `#selector(…)` a `SelectorReference`
/// (`SelectorRecognizer.selectorExpression`), and a call whose selector argument is one a `TargetActionUse`
/// (`SelectorRecognizer.targetActionForm`). It reads only the plain forms, in which the tokens say what the tree
/// would: a member named by a dotted path of plain names with its labels (`#selector(Type.member(_:with:))`,
/// `#selector(getter: title)`), the macro an argument of a call whose callee is a dotted path (`?` and `!` allowed)
/// or an implicit `.init`. Anything else with a `#selector` in it (a call or a subscript before the callee, generic
/// arguments, a trailing closure, `super`, a nested parenthesis) is refused, and its declaration goes to swift-syntax.
extension DeclarationReader.Reader {
  /// The `#selector(…)` at `macro` in the checked code `range`: records its reference, and the target–action of the
  /// call it is the selector argument of in `targetActions` (with where the call starts, to put them in the walk's
  /// order). The index of its `)`.
  mutating func selectorMacro(
    at macro: Int, in range: Range<Int>, targetActions: inout [(start: Int, use: TargetActionUse)]
  ) throws -> Int {
    guard text(tokens[macro]) == "#selector" else { throw DeclarationReader.Bail(at: tokens[macro].start) }
    let open = macro + 1
    guard open < range.upperBound, isPunctuation(tokens[open], UInt8(ascii: "(")), !tokens[open].spaceBefore else {
      throw DeclarationReader.Bail(at: tokens[macro].start)
    }
    let close = try closing(open)
    // `#selector(x) { … }` may be a trailing closure of the macro.
    guard close < range.upperBound, !isPunctuation(at: close + 1, UInt8(ascii: "{")) else {
      throw DeclarationReader.Bail(at: tokens[macro].start)
    }
    guard let reference = try selectorReference(macro: macro, close: close) else { return close }
    facts.selectorReferences.append(reference)
    if let use = try targetAction(selector: reference, macro: macro, close: close, in: range) {
      targetActions.append(use)
    }
    return close
  }

  /// `SelectorRecognizer.selectorExpression` of the macro from `macro` to `close`: `nil` for `#selector(self.x)`.
  private func selectorReference(macro: Int, close: Int) throws -> SelectorReference? {
    func refuse() -> DeclarationReader.Bail { DeclarationReader.Bail(at: tokens[macro].start) }
    var start = macro + 2
    var accessor: String?
    // `getter:`, `setter:`: the argument's label.
    if start + 1 < close, tokens[start].kind == .word, isPunctuation(tokens[start + 1], UInt8(ascii: ":")) {
      accessor = text(tokens[start])
      start += 2
    }
    var end = close
    // `#selector((Type.member))`: one parenthesis is looked through.
    if start < end, isPunctuation(tokens[start], UInt8(ascii: "(")) {
      guard try closing(start) == end - 1 else { throw refuse() }
      start += 1
      end -= 1
    }
    // A dotted path of names, then the member's labels.
    var names: [String] = []
    var index = start
    while index < end, tokens[index].kind == .word {
      let name = text(tokens[index])
      // A keyword (`super`, `init`; `self` only first), `Self`, `Type` or `$0` is not read here.
      if isReserved(tokens[index]) ? !(name == "self" && names.isEmpty) : Self.unplainNames.contains(name) {
        throw refuse()
      }
      if bytes[tokens[index].start] == UInt8(ascii: "$") { throw refuse() }
      if index > start, tokens[index].spaceBefore { throw refuse() }
      names.append(name)
      index += 1
      guard index < end, isPunctuation(tokens[index], UInt8(ascii: ".")) else { break }
      guard !tokens[index].spaceBefore else { throw refuse() }
      index += 1
    }
    guard !names.isEmpty, names[names.count - 1] != "self" else { throw refuse() }
    var labels: [String?]?
    if index < end {
      // `member(_:with:)`: each label a word and a colon, nothing else (an empty `()` is a call).
      guard isPunctuation(tokens[index], UInt8(ascii: "(")), !tokens[index].spaceBefore, try closing(index) == end - 1,
        index + 1 < end - 1, !tokens[end - 1].spaceBefore
      else { throw refuse() }
      var written: [String?] = []
      var label = index + 1
      while label < end - 1 {
        guard label + 1 < end - 1, tokens[label].kind == .word, !tokens[label].spaceBefore,
          isPunctuation(tokens[label + 1], UInt8(ascii: ":")), !tokens[label + 1].spaceBefore
        else { throw refuse() }
        let name = text(tokens[label])
        written.append(name == "_" ? nil : name)
        label += 2
      }
      labels = written
    }
    let typeName = names.count > 1 ? names.dropLast().joined(separator: ".") : nil
    if typeName == "self" { return nil }
    return SelectorReference(
      form: .selectorExpression, typeName: typeName, memberName: names[names.count - 1], argumentLabels: labels,
      accessor: accessor, selector: nil, enclosingType: typeStack.last?.name,
      location: location(tokens[macro].start, tokens[close].end)
    )
  }

  /// The target–action whose selector argument is the macro from `macro` to `close`, if its call is one
  /// (`SelectorRecognizer.targetAction`), and where the call starts; `nil` when the macro is not a whole argument of a
  /// call. Throws where the reader cannot tell the call's name or extent.
  private func targetAction(
    selector: SelectorReference, macro: Int, close: Int, in range: Range<Int>
  ) throws -> (start: Int, use: TargetActionUse)? {
    func refuse() -> DeclarationReader.Bail { DeclarationReader.Bail(at: tokens[macro].start) }
    // A whole argument: after `(` or `,` (and a label), before `,` or `)`.
    var argumentStart = macro
    if argumentStart - 2 >= range.lowerBound, isPunctuation(tokens[argumentStart - 1], UInt8(ascii: ":")),
      tokens[argumentStart - 2].kind == .word
    {
      argumentStart -= 2
    }
    guard argumentStart - 1 >= range.lowerBound, close + 1 < range.upperBound,
      isPunctuation(tokens[argumentStart - 1], UInt8(ascii: "(")) || isPunctuation(tokens[argumentStart - 1], UInt8(ascii: ",")),
      isPunctuation(tokens[close + 1], UInt8(ascii: ",")) || isPunctuation(tokens[close + 1], UInt8(ascii: ")"))
    else { return nil }
    // The bracket around the argument.
    var open = argumentStart - 1
    var depth = 0
    while open >= range.lowerBound {
      // Walking back, an opener is one level out.
      depth -= nesting(tokens[open])
      if depth < 0 { break }
      open -= 1
    }
    // An array, a closure, or the declaration's own parentheses (outside the checked code): no call.
    guard open > range.lowerBound, isPunctuation(tokens[open], UInt8(ascii: "(")) else { return nil }
    let callee = tokens[open - 1]
    // A call's parenthesis follows its callee; after anything but a name (`)`, `]`, `?`, a literal, an operator) it
    // is no call with a named callee (`CallRecognizer.calleeName` is `nil`) or a tuple.
    guard callee.kind == .word else {
      if isPunctuation(callee, UInt8(ascii: ">")) { throw refuse() }
      return nil
    }
    guard !tokens[open].spaceBefore else { throw refuse() }
    let baseName = text(callee)
    // `await(…)`, `Self(…)`: not told apart from a call here.
    if !isReserved(callee), Self.unplainNames.contains(baseName) || Self.leadingKeywords.contains(baseName) {
      throw refuse()
    }
    if isReserved(callee) {
      // `if (…)`, `return (…)`: a tuple; `init(…)` only after a dot.
      guard baseName == "init" else { return nil }
      guard open - 2 >= range.lowerBound, isPunctuation(tokens[open - 2], UInt8(ascii: ".")) else { throw refuse() }
    }
    let end = try closing(open)
    guard end < range.upperBound, !isPunctuation(at: end + 1, UInt8(ascii: "{")) else { throw refuse() }
    // The arguments' labels, and which one the macro is.
    var labels: [String?] = []
    var position: Int?
    var argument = open + 1
    var target: [Range<Int>] = []
    while argument < end {
      var next = argument
      var depth = 0
      while next < end {
        depth += nesting(tokens[next])
        if depth == 0, isPunctuation(tokens[next], UInt8(ascii: ",")) { break }
        next += 1
      }
      guard next > argument else { throw refuse() }
      let labelled = next - argument >= 2 && tokens[argument].kind == .word
        && isPunctuation(tokens[argument + 1], UInt8(ascii: ":"))
      // `f(label: )`: no expression.
      if labelled, next - argument == 2 { throw refuse() }
      labels.append(labelled ? text(tokens[argument]) : nil)
      if argumentStart == argument { position = labels.count - 1 }
      target.append((labelled ? argument + 2 : argument)..<next)
      argument = next + 1
      // `f(a, )`: a trailing comma.
      if next < end, argument == end { throw refuse() }
    }
    guard let position, let form = SelectorRecognizer.targetActionForm(baseName: baseName, labels: labels),
      form.selector == position
    else { return nil }
    // `perform` sends to its receiver, which the reader does not read (`perform` keeps a body anyway).
    guard form.kind != .perform else { throw refuse() }
    let targetIsSelf = form.target.map { target[$0].count == 1 && isWord(tokens[target[$0].lowerBound], "self") } ?? false
    let start = try callStart(callee: open - 1, in: range, refusing: refuse)
    return (
      start,
      TargetActionUse(
        kind: form.kind, targetIsSelf: targetIsSelf, selector: selector, maximumArguments: form.maximumArguments,
        location: location(tokens[start].start, tokens[end].end)
      )
    )
  }

  /// Where the call whose callee's name is at `callee` starts: at the first name of its dotted path (`?` and `!`
  /// after a name allowed, line breaks before a dot too), or at the dot of an implicit member (`.init(…)`).
  private func callStart(callee: Int, in range: Range<Int>, refusing refuse: () -> DeclarationReader.Bail) throws -> Int {
    var start = callee
    while start - 1 >= range.lowerBound, isPunctuation(tokens[start - 1], UInt8(ascii: ".")) {
      let dot = start - 1
      guard dot - 1 >= range.lowerBound else { return dot }
      var base = dot - 1
      if (isPunctuation(tokens[base], UInt8(ascii: "?")) || isPunctuation(tokens[base], UInt8(ascii: "!")))
        && !tokens[base].spaceBefore
      {
        base -= 1
        guard base >= range.lowerBound, tokens[base].kind == .word else { throw refuse() }
      }
      let token = tokens[base]
      if token.kind == .word {
        // `return .init(…)`: after a keyword the dot starts an implicit member; `self.button`, `super.init` and a
        // keyword named as a member (`NotificationCenter.default`) are bases. After a contextual keyword (`await`)
        // or a name spelled like one (`set`) it could be either: not told apart here.
        let isMember = base - 1 >= range.lowerBound && isPunctuation(tokens[base - 1], UInt8(ascii: "."))
        if !isMember, !isWord(token, "self"), !isWord(token, "super") {
          if isReserved(token) {
            guard base == dot - 1 else { throw refuse() }
            return dot
          }
          if Self.leadingKeywords.contains(text(token)) { throw refuse() }
        }
        start = base
        continue
      }
      // A call, a subscript, a literal or a closure before the dot: a chain the reader does not follow.
      if token.kind != .punctuation || isPunctuation(token, UInt8(ascii: ")")) || isPunctuation(token, UInt8(ascii: "]"))
        || isPunctuation(token, UInt8(ascii: "}")) || isPunctuation(token, UInt8(ascii: ">"))
        || isPunctuation(token, UInt8(ascii: "?")) || isPunctuation(token, UInt8(ascii: "!"))
      {
        throw refuse()
      }
      // An operator, `=`, `(`, `,`, `:`: an implicit member starts at its dot.
      return dot
    }
    return start
  }
}
