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
