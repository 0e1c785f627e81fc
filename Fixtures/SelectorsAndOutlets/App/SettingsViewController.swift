import UIKit

final class SettingsViewController: BaseViewController {
  @IBOutlet private weak var versionLabel: UILabel!
  @IBOutlet var sectionHeaders: [UILabel]!
  /// Renamed from `syncSwitch`; the storyboard still connects the old name.
  @IBOutlet weak var backgroundSyncSwitch: UISwitch!
  /// Not an outlet: the storyboard's connection to it is dangling.
  var footerLabel: UILabel?

  // Migrated from Swift 3: the storyboard sends `refresh:`, but this is `refreshWithSender:`.
  @IBAction func refresh(sender: Any) {}
  @IBAction func export(sender: Any) {}
  @IBAction func share(with sender: Any) {}
  @objc(clearHistory:) func clear(_ sender: Any) {}
  @IBAction private func toggleSync(_ sender: UISwitch) {}

  @IBAction func unwindToSettings(_ segue: UIStoryboardSegue) {}

  override func viewDidLoad() {
    super.viewDidLoad()
    let refreshControl = UIRefreshControl()
    refreshControl.addTarget(self, action: #selector(reload(_:)), for: .valueChanged)
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      barButtonSystemItem: .action, target: self, action: #selector(presentOptions(_:event:animated:))
    )
  }

  @objc private func reload(_ sender: UIRefreshControl) {}
  @objc private func presentOptions(_ sender: UIBarButtonItem, event: UIEvent, animated: Bool) {}
}
