import UIKit

/// Shared chrome for the settings screens: its outlet and action are wired from subclasses' scenes.
class BaseViewController: UIViewController {
  @IBOutlet weak var activityIndicator: UIActivityIndicatorView!

  @IBAction func closeTapped(_ sender: Any) {
    dismiss(animated: true)
  }
}
