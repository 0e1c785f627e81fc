import UIKit

/// The optional dequeue kept in a variable: a crash only when nothing stands in for nil before the force-unwrap.
final class LegacyViewController: UIViewController, UITableViewDataSource {
  @IBOutlet var tableView: UITableView!

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Value")
  }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 4 }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    switch indexPath.row {
    case 0:
      var cell = tableView.dequeueReusableCell(withIdentifier: "Detail")
      cell?.textLabel?.text = "Detail"
      return cell!
    case 1:
      var cell = tableView.dequeueReusableCell(withIdentifier: "Subtitle")
      if cell == nil {
        cell = UITableViewCell(style: .subtitle, reuseIdentifier: "Subtitle")
      }
      cell!.textLabel?.text = "Subtitle"
      return cell!
    case 2:
      let cell = tableView.dequeueReusableCell(withIdentifier: "Plain") ?? UITableViewCell(style: .default, reuseIdentifier: "Plain")
      return cell
    default:
      let cell = tableView.dequeueReusableCell(withIdentifier: "Value")
      cell!.textLabel?.text = "Value"
      return cell!
    }
  }
}
