import UIKit

final class StickerCell: UICollectionViewCell {
  @IBOutlet private(set) var imageView: UIImageView!
}

final class AddStickerCell: UICollectionViewCell {}

final class StickerPackHeaderView: UICollectionReusableView {
  @IBOutlet private(set) var titleLabel: UILabel!
}

/// Main.storyboard, scene "Stickers": prototypes "Sticker" (StickerCell), an AddStickerCell whose identifier was
/// left empty, and the section header "StickerPackHeader".
final class StickersViewController: UIViewController, UICollectionViewDataSource {
  @IBOutlet private var collectionView: UICollectionView!
  var stickers: [Sticker] = []

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
    stickers.count + 1
  }

  func collectionView(
    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
  ) -> UICollectionViewCell {
    if indexPath.item == stickers.count {
      return collectionView.dequeueReusableCell(withReuseIdentifier: "AddSticker", for: indexPath)
    }
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "StickerCell", for: indexPath) as! StickerCell
    cell.imageView.image = UIImage(named: stickers[indexPath.item].imageName)
    return cell
  }

  func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> UICollectionReusableView {
    // The storyboard's header is "StickerPackHeader".
    let header = collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "PackHeader", for: indexPath
    ) as! StickerPackHeaderView
    header.titleLabel.text = NSLocalizedString("My Stickers", comment: "")
    return header
  }
}
