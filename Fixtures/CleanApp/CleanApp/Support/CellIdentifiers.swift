import Foundation

/// Identifiers of the feed's storyboard prototypes (Main.storyboard, scene "Feed").
enum CellID: String {
  case post = "PostCell"
  case legacy = "LegacyCell"
  case loadMore
}

/// Identifiers shared by several screens.
struct Constants {
  struct Cells {
    static let photo = "PhotoCell"
    static let comment = "CommentCell"
  }

  static let pageSize = 20
}

/// The plain contact row, registered by `BaseListViewController`.
let contactCellIdentifier = "ContactCell"
