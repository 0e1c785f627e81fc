import TablelintModel

/// Swift source for values, as fixes write them.
public enum SwiftLiteral {
  /// A string literal whose value is `value`.
  public static func string(_ value: String) -> String {
    var result = "\""
    for character in value {
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      default: result.append(character)
      }
    }
    return result + "\""
  }
}

/// Interface Builder attribute values, as fixes write them (escaped by `XMLEscaping`).
public enum XMLText {
  /// A fix that renames the selector or property a connection names to `name`, a member the workspace declares:
  /// safe when the two differ by one edit or by case only (a typo the crash names), unsafe otherwise.
  public static func renaming(_ connection: IBConnection, from old: String, to name: String, title: String) -> [Fix] {
    guard let value = connection.valueLocation else { return [] }
    let distance = NameSuggestion.editDistance(Array(old.lowercased()), Array(name.lowercased()))
    return [
      Fix(
        title: title, applicability: distance <= 1 ? .safe : .unsafe,
        edits: [
          FixEdit(path: value.file, range: value.range, newText: XMLEscaping.escape(name))
        ]
      )
    ]
  }
}
