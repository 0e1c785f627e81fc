import UIKit

/// Main.storyboard, scene "Profile": Photo (1 row), Public (2 rows), Sign Out (1 row).
final class ProfileViewController: UITableViewController {
  var isSignedIn = true

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    switch section {
    case 0:
      // A cover-photo row was planned but never added to the storyboard.
      return 2
    case 2:
      return isSignedIn ? 1 : 0
    default:
      return super.tableView(tableView, numberOfRowsInSection: section)
    }
  }

  override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    switch section {
    case 1: return "Public"
    case 3: return "Danger Zone"
    default: return nil
    }
  }
}
