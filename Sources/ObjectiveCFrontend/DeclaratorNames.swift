/// Finds the declared names in one C / Objective-C declaration without a type parser: the part of a `@property`
/// after its attribute list, or one instance-variable declaration, without the final `;`.
///
/// Handles `UILabel *label`, `UILabel * _Nullable label`, `NSArray<NSString *> *items`, `id<Delegate> delegate`,
/// `unsigned long long count`, `struct { int a; } flags`, `unsigned isOn : 1`, `CGFloat values[4]`,
/// `void (^completion)(BOOL finished)`, `int (*compare)(id, id)`, `UILabel *first, *second`, and ignores
/// qualifiers (`IBOutlet`, `__weak`, `_Nullable`, `const` …) and attribute macros with or without arguments
/// (`IBOutletCollection(UILabel)`, `API_AVAILABLE(ios(13.0))`, `UI_APPEARANCE_SELECTOR`).
enum DeclaratorNames {
  /// Words that qualify a type or declaration and are never its name.
  static let qualifiers: Set<String> = [
    "IBOutlet", "IBOutletCollection", "IBInspectable", "const", "volatile", "restrict", "__restrict", "static",
    "extern", "__weak", "__strong", "__unsafe_unretained", "__autoreleasing", "__block", "__kindof", "__unused",
    "_Nullable", "_Nonnull", "_Null_unspecified", "_Nullable_result", "__nullable", "__nonnull",
    "__null_unspecified", "nullable", "nonnull", "null_unspecified", "null_resettable", "NS_NOESCAPE",
    "__attribute__", "__covariant", "__contravariant",
  ]

  /// Builtin type words that combine into one type (`unsigned long long`).
  private static let builtinTypeWords: Set<String> = [
    "unsigned", "signed", "long", "short", "int", "char", "float", "double", "void", "_Bool", "bool", "_Complex",
  ]

  private static let tagKeywords: Set<String> = ["struct", "enum", "union"]

  /// The name token of every declarator in `tokens`, in order.
  static func nameTokens(in tokens: ArraySlice<ObjectiveCToken>) -> [ObjectiveCToken] {
    var names: [ObjectiveCToken] = []
    for (position, declarator) in splitAtCommas(tokens).enumerated() {
      if let name = nameToken(in: declarator, hasTypeSpecifier: position == 0) { names.append(name) }
    }
    return names
  }

  // MARK: - Splitting

  /// Declarators separated by commas outside any bracket.
  private static func splitAtCommas(_ tokens: ArraySlice<ObjectiveCToken>) -> [ArraySlice<ObjectiveCToken>] {
    var parts: [ArraySlice<ObjectiveCToken>] = []
    var start = tokens.startIndex
    var depth = BracketDepth()
    for position in tokens.indices {
      let token = tokens[position]
      if depth.isZero, token.isPunctuation(",") {
        parts.append(tokens[start..<position])
        start = position + 1
      } else {
        depth.update(with: token)
      }
    }
    parts.append(tokens[start..<tokens.endIndex])
    return parts
  }

  // MARK: - One declarator

  /// What one declarator looks like at bracket depth zero.
  private struct Shape {
    /// Identifiers that may be the type or the name, with their positions.
    var candidates: [(token: ObjectiveCToken, position: Int)] = []
    /// Position of the last `*` at depth zero.
    var lastStar: Int?
    /// `(^name)` or `(*name)`: the name inside a block or function-pointer declarator.
    var parenthesizedName: ObjectiveCToken?
  }

  private static func nameToken(in tokens: ArraySlice<ObjectiveCToken>, hasTypeSpecifier: Bool) -> ObjectiveCToken? {
    let shape = shape(of: tokens)
    if let name = shape.parenthesizedName { return name }
    if let star = shape.lastStar {
      return shape.candidates.first { $0.position > star }?.token
    }
    guard hasTypeSpecifier else { return shape.candidates.first?.token }
    let candidates = shape.candidates
    let typeWordCount = typeSpecifierLength(candidates, in: tokens)
    return typeWordCount < candidates.count ? candidates[typeWordCount].token : candidates.last?.token
  }

  /// How many leading candidates spell the type: `struct Tag`, `unsigned long long`, or one typedef name.
  private static func typeSpecifierLength(
    _ candidates: [(token: ObjectiveCToken, position: Int)], in tokens: ArraySlice<ObjectiveCToken>
  ) -> Int {
    guard let first = candidates.first else { return 0 }
    if tagKeywords.contains(first.token.text) {
      let next = first.position + 1
      return next < tokens.endIndex && tokens[next].kind == .identifier ? 2 : 1
    }
    return max(1, candidates.prefix { builtinTypeWords.contains($0.token.text) }.count)
  }

  /// Walks one declarator at depth zero, jumping over bracketed groups.
  private static func shape(of tokens: ArraySlice<ObjectiveCToken>) -> Shape {
    var shape = Shape()
    var position = tokens.startIndex
    while position < tokens.endIndex {
      let token = tokens[position]
      switch token.kind {
      case .identifier:
        let next = position + 1
        let isCall = next < tokens.endIndex && tokens[next].isPunctuation("(") && !isDeclaratorGroup(tokens, at: next)
        let isScopeQualifier = next + 1 < tokens.endIndex && tokens[next].isPunctuation(":")
          && tokens[next + 1].isPunctuation(":")
        if isCall {
          position = groupEnd(tokens, from: next)
          continue
        }
        if !isScopeQualifier, !qualifiers.contains(token.text) {
          shape.candidates.append((token, position))
        }
      case .punctuation:
        if token.isPunctuation("*") { shape.lastStar = position }
        if token.isPunctuation(":") {
          let next = position + 1
          if next < tokens.endIndex, tokens[next].isPunctuation(":") {
            position += 2  // C++ `std::vector`
            continue
          }
          return shape  // bit-field width
        }
        if token.isPunctuation("=") { return shape }
        if token.isPunctuation("("), isDeclaratorGroup(tokens, at: position), shape.parenthesizedName == nil {
          shape.parenthesizedName = nameInDeclaratorGroup(tokens, at: position)
          position = groupEnd(tokens, from: position)
          continue
        }
        if isOpener(token) {
          position = groupEnd(tokens, from: position)
          continue
        }
      case .atKeyword, .literal:
        break
      }
      position += 1
    }
    return shape
  }

  /// The name in `(^name)`, `(* _Nullable name)` or, for a block returning a block, the innermost group of
  /// `(^(^name)(int))`; parameter lists inside a group are skipped. Follows at most `maximumNesting` groups, so
  /// hostile input cannot make this quadratic.
  private static func nameInDeclaratorGroup(_ tokens: ArraySlice<ObjectiveCToken>, at open: Int) -> ObjectiveCToken? {
    var group = open
    var name: ObjectiveCToken?
    for _ in 0..<maximumNesting {
      let end = groupEnd(tokens, from: group)
      var nested: Int?
      var position = group + 1
      while position < end - 1, nested == nil {
        let token = tokens[position]
        if token.isPunctuation("("), isDeclaratorGroup(tokens, at: position) {
          nested = position
        } else if isOpener(token) {
          position = groupEnd(tokens, from: position)
        } else {
          if token.kind == .identifier, !qualifiers.contains(token.text) { name = token }
          position += 1
        }
      }
      guard let nested else { return name }
      group = nested
      name = nil
    }
    return name
  }

  private static let maximumNesting = 8

  /// `(^…)` or `(*…)`, possibly after a qualifier such as `NS_NOESCAPE`.
  private static func isDeclaratorGroup(_ tokens: ArraySlice<ObjectiveCToken>, at open: Int) -> Bool {
    var position = open + 1
    while position < tokens.endIndex, tokens[position].kind == .identifier,
      qualifiers.contains(tokens[position].text)
    {
      position += 1
    }
    guard position < tokens.endIndex else { return false }
    return tokens[position].isPunctuation("^") || tokens[position].isPunctuation("*")
  }

  private static func isOpener(_ token: ObjectiveCToken) -> Bool {
    token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("{") || token.isPunctuation("<")
  }

  /// The position just past the group opened at `open`. Angle brackets count only outside other brackets, where
  /// they cannot be comparison operators. An unbalanced group ends before an at-keyword (`@end`, `@property` never
  /// sit inside a group), before a `;` or `{` in an angle group, or at the end of `tokens`.
  static func groupEnd(_ tokens: ArraySlice<ObjectiveCToken>, from open: Int) -> Int {
    let isAngleGroup = open < tokens.endIndex && tokens[open].isPunctuation("<")
    var depth = BracketDepth()
    var position = open
    while position < tokens.endIndex {
      let token = tokens[position]
      if position > open, token.kind == .atKeyword { return position }
      if isAngleGroup, token.isPunctuation(";") || token.isPunctuation("{") { return position }
      depth.update(with: token)
      position += 1
      if depth.isZero { return position }
    }
    return position
  }
}

/// Nesting of `(`, `[`, `{` and, outside those, `<`; closers never drive it below zero.
struct BracketDepth: Sendable {
  private var brackets = 0
  private var angles = 0

  var isZero: Bool { brackets == 0 && angles == 0 }

  mutating func update(with token: ObjectiveCToken) {
    guard token.kind == .punctuation else { return }
    switch token.byte {
    case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): brackets += 1
    case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): brackets = max(0, brackets - 1)
    case UInt8(ascii: "<") where brackets == 0: angles += 1
    case UInt8(ascii: ">") where brackets == 0: angles = max(0, angles - 1)
    default: break
    }
  }
}
