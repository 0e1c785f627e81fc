import UIKit

extension SettingsViewController {
  @IBAction func showHelp(_ sender: UIButton, forEvent event: UIEvent) {}
}
