import UIKit

enum PreferenceRow: TableViewDescriptor {
  case autoplay, cellularData, downloadQuality, clearHistory

  static var layout: [[PreferenceRow]] {
    [[.autoplay, .cellularData], [.downloadQuality], [.clearHistory]]
  }

  static var sectionHeaders: [Int: String]? { [0: "Playback", 1: "Downloads"] }
  static var sectionFooters: [Int: String]? { [2: "Clearing your history cannot be undone."] }

  var title: String {
    switch self {
    case .autoplay: return "Autoplay Videos"
    case .cellularData: return "Use Cellular Data"
    case .downloadQuality: return "Download Quality"
    case .clearHistory: return "Clear History"
    }
  }
}

/// Serves `PreferenceRow.layout`; counts come from the layout itself.
final class PreferencesViewController: UITableViewController {
  private let reuseIdentifier = "PreferenceCell"

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: reuseIdentifier)
  }

  override func numberOfSections(in tableView: UITableView) -> Int {
    PreferenceRow.layout.count
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    PreferenceRow.layout[section].count
  }

  override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    PreferenceRow.sectionHeaders?[section]
  }

  override func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
    PreferenceRow.sectionFooters?[section]
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: reuseIdentifier, for: indexPath)
    cell.textLabel?.text = PreferenceRow.layout[indexPath.section][indexPath.row].title
    return cell
  }
}
