import UIKit

/// A row of the debug menu: `action` runs on selection, `populate` fills the cell. Both are performed on the menu.
struct SimpleRow {
  let title: String
  let action: Selector?
  let populate: Selector?
}

final class DebugMenuViewController: UITableViewController {
  private lazy var sections: [(title: String, rows: [SimpleRow])] = [
    (
      title: "Cache",
      rows: [
        SimpleRow(title: "Clear Image Cache", action: #selector(clearImageCache), populate: nil),
        SimpleRow(title: "Cache Size", action: nil, populate: #selector(populateCacheSize(_:))),
      ]
    ),
    (
      title: "Session",
      rows: [
        SimpleRow(title: "Sign Out", action: #selector(signOut), populate: nil),
      ]
    ),
  ]

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "DebugCell")
  }

  override func numberOfSections(in tableView: UITableView) -> Int { sections.count }

  override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    sections[section].title
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    sections[section].rows.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let row = sections[indexPath.section].rows[indexPath.row]
    let cell = tableView.dequeueReusableCell(withIdentifier: "DebugCell", for: indexPath)
    cell.textLabel?.text = row.title
    if let populate = row.populate {
      perform(populate, with: cell)
    }
    return cell
  }

  override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    if let action = sections[indexPath.section].rows[indexPath.row].action {
      perform(action)
    }
  }

  @objc private func clearImageCache() { URLCache.shared.removeAllCachedResponses() }

  @objc private func populateCacheSize(_ cell: UITableViewCell) {
    cell.detailTextLabel?.text = "\(URLCache.shared.currentDiskUsage)"
  }

  @objc private func signOut() {}
}
