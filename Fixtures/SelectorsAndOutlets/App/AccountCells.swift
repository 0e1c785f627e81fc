import UIKit

final class AccountCell: UITableViewCell {
  @IBOutlet weak var nameLabel: UILabel!
  @IBOutlet weak var emailLabel: UILabel!
}

/// Was `PlanCell`; the storyboard prototype still names the old class.
final class SubscriptionPlanCell: UITableViewCell {}

final class AccountsViewController: UITableViewController {
  @IBAction func signOut(_ sender: Any) {}
}

final class ProfileHeaderOwner: NSObject {
  @IBOutlet var headerView: UIView!
  @IBOutlet weak var avatarButton: UIButton!

  @IBAction func avatarTapped(_ sender: Any) {}
}
