import UIKit

/// Main.storyboard, scene "Settings": a grouped static table with headers and footers (Account: 2 rows,
/// Notifications: 2 rows, About: 2 rows). The controller only hides rows, never adds any.
final class SettingsViewController: UITableViewController {
  private var pushEnabled = UserDefaults.standard.bool(forKey: "push")

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    // "Sounds" only makes sense while notifications are on.
    if section == 1, !pushEnabled {
      return 1
    }
    return super.tableView(tableView, numberOfRowsInSection: section)
  }

  override func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
    switch section {
    case 1: return pushEnabled ? super.tableView(tableView, titleForFooterInSection: section) : nil
    case 2: return "Version \(Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") ?? "")"
    default: return super.tableView(tableView, titleForFooterInSection: section)
    }
  }
}
