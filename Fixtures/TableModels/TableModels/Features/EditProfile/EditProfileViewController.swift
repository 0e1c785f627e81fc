import Flow
import UIKit

/// Code only: Flow registers the class under "FieldCell".
final class FieldCell: UITableViewCell, DeclarativeCell {
  typealias T = String

  func configure(_ value: String, path: IndexPath) {
    textLabel?.text = value
  }
}

final class EditProfileViewController: UIViewController {
  private let tableView = UITableView(frame: .zero, style: .grouped)
  private lazy var manager = TableManager(table: tableView)
  var links: [String] = []

  override func loadView() {
    view = tableView
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    manager.add(section: Section(id: "name", [Row<FieldCell>(model: "First Name"), Row<FieldCell>(model: "Last Name")], header: "Name", footer: nil))
    manager.add(section: Section(id: "links", links.map { Row<FieldCell>(model: $0) }, header: "Links", footer: "Shown on your public profile."))
    manager.reloadData()
  }
}
