import UIKit

struct SimpleRow {
  let title: String
  let action: Selector?
}

/// Rows whose string selectors the menu performs on itself.
final class DebugMenuViewController: UITableViewController {
  private let rows = [
    SimpleRow(title: "Settings", action: NSSelectorFromString("openSetings")),
    SimpleRow(title: "Logs", action: NSSelectorFromString("showLogs:")),
    SimpleRow(title: "Reset", action: #selector(reset)),
  ]

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "Row")
      ?? UITableViewCell(style: .default, reuseIdentifier: "Row")
    cell.textLabel?.text = rows[indexPath.row].title
    return cell
  }

  override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    if let action = rows[indexPath.row].action { perform(action, with: nil) }
  }

  @objc func openSettings() {}
  @objc func showLogs(_ sender: Any?) {}
  @objc func reset() {}
}
