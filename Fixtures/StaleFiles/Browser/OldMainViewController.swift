import UIKit

/// The storyboard-era main screen: taken out of the project with Main.storyboard, still on the disk.
final class OldMainViewController: UITableViewController {
  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    tableView.dequeueReusableCell(withIdentifier: "BookmarkCell", for: indexPath)
  }
}
