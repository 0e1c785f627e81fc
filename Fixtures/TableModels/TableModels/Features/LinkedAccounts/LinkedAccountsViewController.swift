import UIKit

/// Main.storyboard, scene "Linked Accounts": a static table whose middle section is dynamic. The storyboard's
/// "Account" cell is the template the controller reuses for every linked account.
final class LinkedAccountsViewController: UITableViewController {
  private var accounts: [String] = ["Mail", "Calendar", "Photos"]

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    section == 1 ? accounts.count : super.tableView(tableView, numberOfRowsInSection: section)
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    guard indexPath.section == 1 else { return super.tableView(tableView, cellForRowAt: indexPath) }
    let cell = super.tableView(tableView, cellForRowAt: IndexPath(row: 0, section: 1))
    cell.textLabel?.text = accounts[indexPath.row]
    return cell
  }

  override func tableView(_ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath) -> Int {
    guard indexPath.section == 1 else { return super.tableView(tableView, indentationLevelForRowAt: indexPath) }
    return super.tableView(tableView, indentationLevelForRowAt: IndexPath(row: 0, section: 1))
  }

  override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    UITableView.automaticDimension
  }
}
