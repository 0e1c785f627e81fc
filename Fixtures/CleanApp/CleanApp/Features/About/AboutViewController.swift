import Static
import UIKit

/// Built with venmo/Static: the library registers each row's `cellClass` by itself.
final class AboutViewController: UIViewController {
  private let tableView = UITableView(frame: .zero, style: .insetGrouped)
  private var dataSource: DataSource?

  override func loadView() {
    view = tableView
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = NSLocalizedString("About", comment: "")
    dataSource = DataSource(tableView: tableView, sections: makeSections())
  }

  private func makeSections() -> [Section] {
    let version = Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String
    return [
      Section(
        header: "CleanApp",
        rows: [
          Row(text: "Version", detailText: version, cellClass: Value1Cell.self),
          Row(
            text: "What's New", selection: { [weak self] in self?.showReleaseNotes() },
            accessory: .disclosureIndicator
          ),
        ],
        footer: "Made with care in Lisbon."
      ),
      Section(
        header: "Support",
        rows: [
          Row(
            text: "Contact Us", detailText: "help@example.com", selection: { [weak self] in self?.contactSupport() },
            accessory: .disclosureIndicator, cellClass: SubtitleCell.self
          ),
          Row(text: "Send Diagnostics", accessory: .switchToggle(value: true) { isOn in
            UserDefaults.standard.set(isOn, forKey: "sendDiagnostics")
          }),
          Row(text: "Rate CleanApp", selection: { [weak self] in self?.rate() }, cellClass: ButtonCell.self),
        ]
      ),
    ]
  }

  private func showReleaseNotes() {}
  private func contactSupport() {}
  private func rate() {}
}
