/// A JSON value of objects, arrays, strings and integers, written as `JSONEncoder` writes it with
/// `[.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]` (`JSONReporter.encodeDeterministically`), byte for byte.
/// The `json` reporter builds its document this way: encoding through `Codable` instantiates generic types and looks up
/// conformances at run time, which cost a run that only prints its cached findings about 0.6 ms of its ten.
indirect enum PrettyJSON {
  case object([(key: String, value: PrettyJSON)])
  case array([PrettyJSON])
  case string(String)
  case integer(Int)

  var text: String {
    var output = ""
    write(to: &output, indent: 0)
    return output
  }

  /// Two spaces a level; `"key" : value`; an empty array or object as an opening and a closing line with an empty line
  /// between (what `JSONEncoder` writes).
  private func write(to output: inout String, indent: Int) {
    switch self {
    case .integer(let value):
      output.append(String(value))
    case .string(let value):
      Self.writeString(value, to: &output)
    case .array(let items):
      Self.writeContainer("[", "]", count: items.count, indent: indent, to: &output) { index, output in
        items[index].write(to: &output, indent: indent + 2)
      }
    case .object(let members):
      let sorted = members.sorted { $0.key < $1.key }
      Self.writeContainer("{", "}", count: sorted.count, indent: indent, to: &output) { index, output in
        Self.writeString(sorted[index].key, to: &output)
        output.append(" : ")
        sorted[index].value.write(to: &output, indent: indent + 2)
      }
    }
  }

  private static func writeContainer(
    _ open: String, _ close: String, count: Int, indent: Int, to output: inout String,
    element: (Int, inout String) -> Void
  ) {
    output.append(open)
    output.append("\n")
    if count == 0 { output.append("\n") }
    for index in 0..<count {
      output.append(String(repeating: " ", count: indent + 2))
      element(index, &output)
      output.append(index == count - 1 ? "\n" : ",\n")
    }
    output.append(String(repeating: " ", count: indent))
    output.append(close)
  }

  /// Quotes and backslashes escaped, control characters as `\n`, `\t`… or `\u00XX`; `/` and everything else as is.
  private static func writeString(_ value: String, to output: inout String) {
    output.append("\"")
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output.append("\\\"")
      case "\\": output.append("\\\\")
      case "\n": output.append("\\n")
      case "\r": output.append("\\r")
      case "\t": output.append("\\t")
      case "\u{8}": output.append("\\b")
      case "\u{C}": output.append("\\f")
      case "\u{0}"..."\u{1F}":
        let digits = String(scalar.value, radix: 16)
        output.append("\\u" + String(repeating: "0", count: 4 - digits.count) + digits)
      default: output.unicodeScalars.append(scalar)
      }
    }
    output.append("\"")
  }
}
