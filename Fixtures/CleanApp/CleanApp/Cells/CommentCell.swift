import UIKit

/// Designed in CommentCell.xib (Base and English copies).
final class CommentCell: UITableViewCell {
  @IBOutlet private var authorLabel: UILabel!
  @IBOutlet private var messageLabel: UILabel!

  func configure(with comment: Comment) {
    authorLabel.text = comment.author
    messageLabel.text = comment.text
  }
}
