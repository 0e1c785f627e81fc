import UIKit

final class PhotoCell: UITableViewCell, Reusable {}

/// The reuse identifier has a typo: dequeues through the helper ask for "VideoCel".
final class VideoCell: UITableViewCell, Reusable {
  static let reuseIdentifier = "VideoCel"
}

final class CaptionCell: UITableViewCell, Reusable {}

final class ProfileCell: UITableViewCell, NibReusable {
  @IBOutlet var nameLabel: UILabel!
}

final class TagCell: UICollectionViewCell, Reusable {}
