import UIKit

/// Reusable-style helpers written in the app itself (after AliSoftware/Reusable): tablelint reads their bodies.
protocol Reusable: AnyObject {
  static var reuseIdentifier: String { get }
}

extension Reusable {
  static var reuseIdentifier: String { String(describing: self) }
}

protocol NibReusable: Reusable {}

extension UITableView {
  final func register<T: UITableViewCell>(cellType: T.Type) where T: Reusable {
    register(cellType.self, forCellReuseIdentifier: cellType.reuseIdentifier)
  }

  final func register<T: UITableViewCell>(nibCellType: T.Type) where T: NibReusable {
    register(UINib(nibName: String(describing: T.self), bundle: Bundle(for: T.self)), forCellReuseIdentifier: T.reuseIdentifier)
  }

  final func dequeueReusableCell<T: UITableViewCell>(for indexPath: IndexPath, cellType: T.Type = T.self) -> T
    where T: Reusable {
    guard let cell = dequeueReusableCell(withIdentifier: cellType.reuseIdentifier, for: indexPath) as? T else {
      fatalError("Failed to dequeue a cell with identifier \(cellType.reuseIdentifier)")
    }
    return cell
  }
}

extension UICollectionView {
  final func register<T: UICollectionViewCell>(cellType: T.Type) where T: Reusable {
    register(cellType.self, forCellWithReuseIdentifier: cellType.reuseIdentifier)
  }

  final func dequeueReusableCell<T: UICollectionViewCell>(for indexPath: IndexPath, cellType: T.Type = T.self) -> T
    where T: Reusable {
    guard let cell = dequeueReusableCell(withReuseIdentifier: cellType.reuseIdentifier, for: indexPath) as? T else {
      fatalError("Failed to dequeue a cell with identifier \(cellType.reuseIdentifier)")
    }
    return cell
  }
}
