import UIKit

/// The tab switcher, shipped: its scene is in Tabs.storyboard.
final class TabsViewController: UITableViewController {
  @IBOutlet var closeAllButton: UIBarButtonItem!

  var titles: [String] = []

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    titles.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "TabCell", for: indexPath)
    cell.textLabel?.text = titles[indexPath.row]
    return cell
  }

  @IBAction func closeAll(_ sender: Any) {
    titles.removeAll()
    tableView.reloadData()
  }
}
