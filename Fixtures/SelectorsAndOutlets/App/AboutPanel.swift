import UIKit

/// File's Owner of AboutPanel.xib. Its actions live in an extension written against a typealias.
final class AboutPanelController: NSObject {
  @IBOutlet var versionLabel: UILabel!
}

typealias AboutPanel = AboutPanelController

extension AboutPanel {
  @IBAction func rateTapped(_ sender: Any) {}
  @IBAction func showLicenses(_ sender: Any) {}
}
