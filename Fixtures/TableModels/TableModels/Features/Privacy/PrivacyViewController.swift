import UIKit

/// Main.storyboard, scene "Privacy": three sections, one per group. The advertising section is hidden (0 rows) in
/// regions without personalised ads.
final class PrivacyViewController: UITableViewController {
  private enum Group: Int, CaseIterable {
    case analytics, advertising, legal
  }

  var adsAvailable = false

  override func numberOfSections(in tableView: UITableView) -> Int {
    Group.allCases.count
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    if section == Group.advertising.rawValue, !adsAvailable {
      return 0
    }
    return super.tableView(tableView, numberOfRowsInSection: section)
  }
}
