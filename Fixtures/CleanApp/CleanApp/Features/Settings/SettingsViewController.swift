import UIKit

/// Main.storyboard, scene "Settings": a static table with three sections (Account: 1 row, Notifications: 2 rows,
/// About: 1 row). The data source only hides rows, never adds any.
final class SettingsViewController: UITableViewController {
  @IBOutlet private var nameCell: UITableViewCell!
  @IBOutlet private var pushCell: SwitchCell!
  @IBOutlet private var versionCell: UITableViewCell!

  override func viewDidLoad() {
    super.viewDidLoad()
    let version = Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String
    versionCell.detailTextLabel?.text = version
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    // "Sounds" only makes sense while notifications are on.
    if section == 1, !pushCell.toggle.isOn {
      return 1
    }
    return super.tableView(tableView, numberOfRowsInSection: section)
  }

  @IBAction private func pushToggled(_ sender: UISwitch) {
    tableView.reloadSections(IndexSet(integer: 1), with: .automatic)
  }
}

/// A row with a switch: a static cell in Settings, a registered class in Preferences.
final class SwitchCell: UITableViewCell {
  @IBOutlet var toggle: UISwitch!

  override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    let toggle = UISwitch()
    accessoryView = toggle
    self.toggle = toggle
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
  }
}
