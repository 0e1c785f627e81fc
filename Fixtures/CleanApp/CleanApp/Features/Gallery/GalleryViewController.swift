import UIKit

// Xcode's collection view controller template: a file-private identifier. AlbumPickerViewController.swift declares
// its own `reuseIdentifier` with another value; each file sees only its own.
private let reuseIdentifier = "GalleryItem"

final class GalleryItemCell: UICollectionViewCell {
  @IBOutlet private(set) var imageView: UIImageView!
}

final class GalleryHeaderView: UICollectionReusableView {
  @IBOutlet private(set) var titleLabel: UILabel!
}

/// Main.storyboard, scene "Gallery": the item and the section header are prototypes of this collection view.
final class GalleryViewController: UIViewController, UICollectionViewDataSource {
  @IBOutlet private var collectionView: UICollectionView!
  var albums: [(title: String, photos: [URL])] = []

  func numberOfSections(in collectionView: UICollectionView) -> Int {
    albums.count
  }

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
    albums[section].photos.count
  }

  func collectionView(
    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
  ) -> UICollectionViewCell {
    let cell = collectionView.dequeueReusableCell(
      withReuseIdentifier: reuseIdentifier, for: indexPath
    ) as! GalleryItemCell
    cell.imageView.image = UIImage(contentsOfFile: albums[indexPath.section].photos[indexPath.item].path)
    return cell
  }

  func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> UICollectionReusableView {
    let header = collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "GalleryHeader", for: indexPath
    ) as! GalleryHeaderView
    header.titleLabel.text = albums[indexPath.section].title
    return header
  }
}
