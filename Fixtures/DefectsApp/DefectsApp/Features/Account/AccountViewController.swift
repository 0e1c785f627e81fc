import UIKit

final class ProfileHeaderCell: UITableViewCell {
  @IBOutlet private(set) var avatarView: UIImageView!
  @IBOutlet private(set) var nameLabel: UILabel!
}

final class ToggleCell: UITableViewCell {
  @IBOutlet private(set) var toggle: UISwitch!
}

private enum AccountRow: Int, CaseIterable {
  case header, notifications, newsletter
}

/// Main.storyboard, scene "Account": prototypes "ProfileHeader" (class ProfileHeaderCell, outlets connected) and
/// "Toggle" (no custom class).
final class AccountViewController: UITableViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    // Replaces the storyboard prototype: the cell comes from the class, its outlets stay nil.
    tableView.register(ProfileHeaderCell.self, forCellReuseIdentifier: "ProfileHeader")
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    AccountRow.allCases.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    switch AccountRow(rawValue: indexPath.row)! {
    case .header:
      let cell = tableView.dequeueReusableCell(withIdentifier: "ProfileHeader", for: indexPath) as! ProfileHeaderCell
      cell.nameLabel?.text = "Jane Appleseed"
      return cell
    case .notifications, .newsletter:
      // The "Toggle" prototype has no custom class: it is a plain UITableViewCell.
      let cell = tableView.dequeueReusableCell(withIdentifier: "Toggle", for: indexPath) as! ToggleCell
      cell.toggle.isOn = indexPath.row == AccountRow.notifications.rawValue
      return cell
    }
  }
}
