/// Text and attribute values for XML and HTML: the XML reporters (`checkstyle`, `junit`), the values fixes write into
/// storyboards and xibs, and the `preview` pages.
public enum XMLEscaping {
  /// Escapes `&`, `<`, `>`, `"` and `'`; control characters XML 1.0 forbids become U+FFFD, and in attribute values
  /// line breaks and tabs become character references so they survive attribute normalisation.
  public static func escape(_ text: String, attribute: Bool = true) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where attribute: result += "&quot;"
      case "'" where attribute: result += "&apos;"
      case "\n" where attribute: result += "&#10;"
      case "\r": result += "&#13;"
      case "\t" where attribute: result += "&#9;"
      case "\n", "\t": result.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          result += "\u{FFFD}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}
