import UIKit

/// Reusable-style: a cell's identifier is its type name unless it says otherwise.
protocol Reusable: AnyObject {
  static var reuseIdentifier: String { get }
}

extension Reusable {
  static var reuseIdentifier: String { String(describing: self) }
}
