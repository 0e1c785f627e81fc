import UIKit

/// The rounded card look shared by the feed's cells.
class CardCell: UITableViewCell {
  override func awakeFromNib() {
    super.awakeFromNib()
    contentView.layer.cornerRadius = 12
    contentView.layer.masksToBounds = true
  }
}

/// The feed's storyboard prototype "PostCell".
final class PostCell: CardCell {
  @IBOutlet private(set) var titleLabel: UILabel!
  @IBOutlet private(set) var bodyLabel: UILabel!

  func configure(with post: Post) {
    titleLabel.text = post.title
    bodyLabel.text = post.body
  }
}

/// A post with a photo, designed in PhotoCell.xib.
final class PhotoCell: CardCell, NibReusable {
  @IBOutlet private var photoView: UIImageView!
  @IBOutlet private var captionLabel: UILabel!

  override func prepareForReuse() {
    super.prepareForReuse()
    photoView.image = nil
  }

  func configure(with post: Post) {
    captionLabel.text = post.title
  }
}
