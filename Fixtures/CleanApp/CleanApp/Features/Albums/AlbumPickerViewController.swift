import UIKit

// Xcode's collection view controller template: a file-private identifier, registered and dequeued in this file.
private let reuseIdentifier = "AlbumCell"

final class AlbumCell: UICollectionViewCell {
  let titleLabel = UILabel()

  override init(frame: CGRect) {
    super.init(frame: frame)
    contentView.addSubview(titleLabel)
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
  }
}

final class AlbumPickerViewController: UICollectionViewController {
  var albums: [String] = []
  var onPick: ((String) -> Void)?

  override func viewDidLoad() {
    super.viewDidLoad()
    // Register cell classes
    collectionView.register(AlbumCell.self, forCellWithReuseIdentifier: reuseIdentifier)
  }

  // MARK: UICollectionViewDataSource

  override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
    albums.count
  }

  override func collectionView(
    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
  ) -> UICollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: reuseIdentifier, for: indexPath) as! AlbumCell
    cell.titleLabel.text = albums[indexPath.item]
    return cell
  }

  // MARK: UICollectionViewDelegate

  override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
    onPick?(albums[indexPath.item])
  }
}
