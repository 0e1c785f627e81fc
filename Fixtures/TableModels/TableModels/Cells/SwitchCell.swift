import UIKit

/// A row with a switch: a static cell in the storyboard's settings screens.
final class SwitchCell: UITableViewCell {
  @IBOutlet var toggle: UISwitch!
}
