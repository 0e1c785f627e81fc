import UIKit

/// A view that knows its reuse identifier. By default it is the type's name: `DownloadCell` → "DownloadCell".
protocol Reusable: AnyObject {
  static var reuseIdentifier: String { get }
}

extension Reusable {
  static var reuseIdentifier: String { String(describing: self) }
}

/// A view designed in a xib named after its type (`PhotoCell` → PhotoCell.xib).
protocol NibLoadable: AnyObject {
  static var nib: UINib { get }
}

extension NibLoadable {
  static var nib: UINib { UINib(nibName: String(describing: self), bundle: Bundle(for: self)) }
}

typealias NibReusable = Reusable & NibLoadable

extension UITableView {
  /// Registers a code-only cell under its `reuseIdentifier`.
  final func register<T: UITableViewCell>(cellType: T.Type) where T: Reusable {
    register(cellType.self, forCellReuseIdentifier: cellType.reuseIdentifier)
  }

  /// Registers a cell designed in a xib under its `reuseIdentifier`.
  final func register<T: UITableViewCell>(cellType: T.Type) where T: NibReusable {
    register(cellType.nib, forCellReuseIdentifier: cellType.reuseIdentifier)
  }

  /// Dequeues a cell registered with `register(cellType:)`; the caller's type annotation picks the cell.
  final func dequeueReusableCell<T: UITableViewCell>(for indexPath: IndexPath) -> T where T: Reusable {
    guard let cell = dequeueReusableCell(withIdentifier: T.reuseIdentifier, for: indexPath) as? T else {
      fatalError("Failed to dequeue a cell with identifier \(T.reuseIdentifier) matching type \(T.self)")
    }
    return cell
  }
}
