import Foundation

/// Inputs the fuzzers found (`scripts/fuzz.sh`), shared by the tests of more than one module.
public enum FuzzFound {
  /// Found by `scripts/fuzz.sh swift-incremental` (minimised): on this text with syntax errors, swift-syntax's
  /// incremental reparse (after the middle sixth is typed in) recovers differently from a full parse and loses the
  /// constant `cell`. The text before the edit, and after it.
  public static let incrementalRecovery: (before: [UInt8], after: [UInt8]) = {
    let text = Array("""
      imffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffCell(withIdentifier: "ArticleCell", for: indexPath) as! ArticleCell
          cell.headated.storyboard homutathIdentifier: "ArticleCell", for: indexPath) as! ArticleCell
          cell.headlineLabel.text =r headlineLabel: UILabel!
      }

      /// Base.lproj/Truncated.storyboard homutat-> UITableViewCell {
          let cell = t> UITableViewCell {
          let cell = tableVi return cell
        }
      }

      """.utf8)
    return (Array(text[..<(text.count / 3)] + text[(text.count / 2)...]), text)
  }()

  /// Found by `scripts/fuzz.sh swift-incremental` at 8bfbc02 (the harness then compared unsettled facts): after the
  /// middle sixth is typed in, the incremental reparse of this text with syntax errors ends the class `ShopCell`
  /// two lines later than a full parse does. The text before the edit, and after it.
  public static let incrementalClassExtent: (before: [UInt8], after: [UInt8]) = {
    let text = Array("""
      import UIKit

      class ShopCell: UITableViewCell {
        func showPzice(_ price: Decimal) {
          detailTextLabel?.text = price.formatted(.currency(code: "import UIKit

      extension Settinsection: USD")Intll
          }
          let review = reviews[inde)
        }
      }

      finax
      """.utf8)
    return (Array(text[..<(text.count / 3)] + text[(text.count / 2)...]), text)
  }()

  /// Found by `scripts/fuzz.sh config` (a timeout): nested explicit mapping keys (`? - ? …`). Yams sorts each
  /// mapping's keys to find duplicates, comparing nested keys whole, and took hours over this text (its invalid
  /// UTF-8 read as U+FFFD, as the configuration loader reads it).
  public static let configurationNestedComplexKeys: String = {
    let base64 = [
      "dGFibGR1Y3RpbEHy8joKICA/ICAtID8gICA/ICAgPyAgLSAuYnVyICA/ICAtID8gICA/ICAgPyAgLSAuYnVyZWxlYXPy8vLy8joK",
      "ICA/ICAtICA/ICAtID8gIC0gID8gICA/ICAtID8gIC0gID8gID8gICA/IC0gID8gICA/IC0gID8gIC0gPyAgLSAgPyAgID8gIC0g",
      "PyAgLSAgICAtICA/ICAtID8gIC0gID8gICA/ICAtIT8gICA/ICAtYmVmb3JlX3NjcmlwdPLyOgogID8gIC0gID8gIC0tICA/////",
      "////dG9ydGFibGR1Y3Q4aWwlOkHy8jx0YWJsZHVjdGlsQfLyOgogID8gIC0gPyAgID8gICA/ICAtIC5idXIgID8gIC0gPyAgID8g",
      "ICA/ICAtIC5idT8gIC0gLmJ1ciAgPyAgLSA/ICAgPyAgID8gIC0gLmJ1cmVsZWFz8vLy8vI6CiAgPyAgLSAgPyAgLSA/ICAtICA/",
      "ICAgPyAgLSA/ICAtICA/ICA/ICAgPyAtICA/ICAgPyAtICA/ICAtID8gIC0gID8gICA/ICAtID8gIC0gICAgLSAgPyAgLSA/ICAt",
      "ICA/ICAgPyAgLSE/ICAgPyAgLWJlZm9yZV9zY3JpcHTy8joKICA/ICAtICA/ICAtLSAgP////////3RvcnRhYmxkdWN0OGlsJTpB",
      "8vI8dGFibGR1Y3RpbEHy8joKICA/ICAtID8gICA/ICAgPyAgLSAuYnVyICA/ICAtID8gICA/ICAgPyAgLSAuYnVyZWxlYXPy8vLy",
      "8joKICA/ICAtICA/ICAtID8gIC0gID8gICA/ICAtID8gIC0gID8gID8gICA/IC0gID8gICA/IC0gID8gIC0gPyAgLSAgPyAgID8g",
      "IC0gPyAgLSAgICAtICA/ICAtID8gIC0gID8gICA/ICAtID8gICA/ICAtYmVmb3JlX3NjcmlwdPLyOgogID8gIC0gID8gIC0tICA/",
      "////////dG9ydGFibGR1Y3Q4aWwlOkHy8jz//yA/ICAtID8gICA/ICAgPyAgLSAuYnVyZWxlYXPy8vLy8joKICA/ICAtICA/ICAt",
      "ID8gIC0gIP//ID8gIC0gPyAgID8gICA/ICAtIC5idXJlbGVhc/Ly8vLyOgogID8gIC0gID8gcmVsZWFz8vLy8vI6CiAgPyAgLSAg",
      "PyAgLSA/ICAtICA/ICAgPyAgLSA/ICAtICA/ICA/ICAgPyAtICA/ICAgPyAtICA/ICAtID8gIC0gID8gICA/ICAtID8gIC0gICAg",
      "LSAgPyAgLSA/ICAtICA/ICAgPyAgLSA/ICAgPyAgLWJlZm9yZV9zY3JpcHTy8joKICA/ICAtICA/ICAtLSAgP////////3RvcnRh",
      "YmxkdWN0OGlsJTpB8vI8//8gPyAgLSA/ICAgPyAgID8gIC0gLmJ1cmVsZWFz8vLy8vI6CiAgPyAgLSAgPyAgLSA/ICAtICD//yA/",
      "ICAtID8gICA/ICAgPyAgLSAuYnVyZWxlYXPy8vLy8joKICA/ICAtICA/ICAtID8gIC0gID/y8vLyOgogID8gID/y8vLyOgogID8g",
      "ICAgLSAgPyAgIC0gID8gID9lbGVhc/IgP2VsZWFz8vLy8vLy8joKICA/8vI6CiAgPyAg",
    ].joined()
    return String(decoding: Data(base64Encoded: base64) ?? Data(), as: UTF8.self)
  }()
}
