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
}
