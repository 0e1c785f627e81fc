import Static
import UIKit

/// Built with venmo/Static.
final class AboutViewController: UIViewController {
  private let tableView = UITableView(frame: .zero, style: .insetGrouped)
  private let dataSource = DataSource()

  override func loadView() {
    view = tableView
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    dataSource.tableView = tableView
    let version = Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String
    dataSource.sections = [
      Section(
        header: "TableModels",
        rows: [
          Row(text: "Version", detailText: version, cellClass: Value1Cell.self),
          Row(text: "What's New", selection: { [weak self] in self?.showReleaseNotes() }, accessory: .disclosureIndicator),
        ],
        footer: "Made with care."
      ),
      Section(
        header: .title("Support"),
        rows: [
          Row(text: "Contact Us", detailText: "help@example.com", accessory: .disclosureIndicator, cellClass: SubtitleCell.self),
          Row(text: "Send Diagnostics", accessory: .switchToggle(value: true) { isOn in
            UserDefaults.standard.set(isOn, forKey: "sendDiagnostics")
          }),
        ]
      ),
    ]
  }

  private func showReleaseNotes() {}
}
