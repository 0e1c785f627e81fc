import UIKit

/// A screen described by an enum: each case is a row and `layout` places every case in a section.
protocol TableViewDescriptor: CaseIterable {
  static var layout: [[Self]] { get }
  static var sectionHeaders: [Int: String]? { get }
  static var sectionFooters: [Int: String]? { get }
}

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

  var isToggle: Bool { self == .autoplay || self == .cellularData }
}

final class PreferencesViewController: UITableViewController {
  private enum Reuse {
    static let toggle = "PreferenceToggle"
    static let value = "PreferenceValue"
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(SwitchCell.self, forCellReuseIdentifier: Reuse.toggle)
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: Reuse.value)
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
    let row = PreferenceRow.layout[indexPath.section][indexPath.row]
    if row.isToggle {
      let cell = tableView.dequeueReusableCell(withIdentifier: Reuse.toggle, for: indexPath) as! SwitchCell
      cell.textLabel?.text = row.title
      cell.toggle.isOn = UserDefaults.standard.bool(forKey: "\(row)")
      return cell
    }
    let cell = tableView.dequeueReusableCell(withIdentifier: Reuse.value, for: indexPath)
    cell.textLabel?.text = row.title
    cell.textLabel?.textColor = row == .clearHistory ? .systemRed : .label
    return cell
  }
}
