import UIKit
import SwiftReusable

/// Helpers from a package the workspace does not hold (`dequeue(_:for:)`, `register(_:)`): nothing can be concluded.
final class RoomsViewController: UITableViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(RoomCell.self)
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    if indexPath.section == 0 {
      let cell: RoomCell = tableView.dequeue(for: indexPath)
      return cell
    }
    return tableView.dequeue(DirectoryCell.self, for: indexPath)
  }
}
