import UIKit

/// Shared by the static settings screens: a third "Danger Zone" section used to exist in all of them.
class StaticSettingsViewController: UITableViewController {
  override func numberOfSections(in tableView: UITableView) -> Int {
    return 3
  }
}

/// Main.storyboard, scene "Notifications": two sections (Alerts, Email).
final class NotificationsViewController: StaticSettingsViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    title = NSLocalizedString("Notifications", comment: "")
  }
}
