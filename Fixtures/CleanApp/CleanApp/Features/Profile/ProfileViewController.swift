import Flow
import UIKit

/// Designed in AvatarCell.xib (its cell's identifier is "AvatarCell"); Flow loads the nib of the class's name and
/// registers it under `AvatarCell.reuseIdentifier`, the class name by default.
final class AvatarCell: UITableViewCell, DeclarativeCell {
  typealias T = User

  @IBOutlet private var avatarView: UIImageView!
  @IBOutlet private var nameLabel: UILabel!

  func configure(_ user: User, path: IndexPath) {
    nameLabel.text = user.name
    avatarView.image = UIImage(systemName: "person.crop.circle")
  }
}

/// Code only: Flow registers the class under "LinkCell".
final class LinkCell: UITableViewCell, DeclarativeCell {
  typealias T = URL

  func configure(_ url: URL, path: IndexPath) {
    textLabel?.text = url.host
    accessoryType = .disclosureIndicator
  }
}

final class ProfileViewController: UIViewController {
  private let tableView = UITableView(frame: .zero, style: .grouped)
  private lazy var manager = TableManager(table: tableView)
  var user: User?

  override func loadView() {
    view = tableView
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    reload()
  }

  private func reload() {
    guard let user else { return }
    manager.removeAll()
    manager.add(section: Section(id: "header", [Row<AvatarCell>(model: user)], header: nil, footer: nil))
    let links = user.links.map { Row<LinkCell>(model: $0) }
    manager.add(rows: links, in: nil)
    manager.reloadData()
  }
}
