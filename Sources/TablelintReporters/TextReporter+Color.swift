extension TextReporter {
  /// The `text` report with ANSI colours for a terminal: severities in bold red, yellow and cyan, locations and the
  /// summary in bold. The command colours only when standard output is a terminal and `--no-color` is not given.
  public static func colorized(_ report: String) -> String {
    let bold = "\u{1B}[1m"
    let reset = "\u{1B}[0m"
    let severities = [("error:", "\u{1B}[1;31m"), ("warning:", "\u{1B}[1;33m"), ("note:", "\u{1B}[1;36m")]
    var lines = report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for index in lines.indices {
      let line = lines[index]
      // `path:line:column: severity: message`: the first severity word after a `:<digits>: `.
      guard
        let match = severities.compactMap({ word, color -> (Range<String.Index>, String)? in
          var searchStart = line.startIndex
          while let range = line.range(of: ": " + word + " ", range: searchStart..<line.endIndex) {
            if range.lowerBound > line.startIndex, line[line.index(before: range.lowerBound)].isNumber {
              return (range, color)
            }
            searchStart = range.upperBound
          }
          return nil
        }).min(by: { $0.0.lowerBound < $1.0.lowerBound })
      else {
        if index == lines.count - 1, !line.isEmpty { lines[index] = bold + line + reset }
        continue
      }
      let (range, color) = match
      let location = String(line[..<range.lowerBound])
      let word = String(line[line.index(range.lowerBound, offsetBy: 2)..<line.index(before: range.upperBound)])
      let message = String(line[range.upperBound...])
      lines[index] = "\(bold)\(location):\(reset) \(color)\(word)\(reset) \(message)"
    }
    return lines.joined(separator: "\n")
  }
}
