import UIKit

final class StickerCell: UICollectionViewCell {
  @IBOutlet private(set) var imageView: UIImageView!
}

final class AddStickerCell: UICollectionViewCell {}

/// Main.storyboard, scene "Stickers": prototypes "Sticker" (StickerCell) and an AddStickerCell whose identifier
/// was left empty.
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
}
