import UIKit

/// Every list screen looks the same: the cells are registered once, here, and dequeued by the subclasses.
class BaseListViewController: UITableViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: contactCellIdentifier)
    tableView.register(CompanyCell.self, forCellReuseIdentifier: String(describing: CompanyCell.self))
    tableView.register(EmptyStateCell.self, forCellReuseIdentifier: "\(EmptyStateCell.self)")
    // BadgeCell~iphone.xib: UIKit picks the device-specific file for the plain name.
    tableView.register(UINib(nibName: "BadgeCell", bundle: .main), forCellReuseIdentifier: BadgeCell.reuseIdentifier)
    tableView.tableFooterView = UIView()
  }
}

final class CompanyCell: UITableViewCell {
  override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
    super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
  }
}

final class EmptyStateCell: UITableViewCell {
  override func didMoveToSuperview() {
    super.didMoveToSuperview()
    textLabel?.text = NSLocalizedString("No contacts yet", comment: "")
    selectionStyle = .none
  }
}

final class BadgeCell: UITableViewCell, Reusable {
  @IBOutlet private(set) var badgeLabel: UILabel!
}

final class ContactsViewController: BaseListViewController {
  private var favorites: [Contact] = []
  private var contacts: [Contact] = []

  override func numberOfSections(in tableView: UITableView) -> Int { 2 }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    section == 0 ? favorites.count : max(contacts.count, 1)
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    if indexPath.section == 0 {
      let cell = tableView.dequeueReusableCell(withIdentifier: BadgeCell.reuseIdentifier, for: indexPath) as! BadgeCell
      cell.badgeLabel.text = favorites[indexPath.row].initials
      return cell
    }
    guard !contacts.isEmpty else {
      return tableView.dequeueReusableCell(withIdentifier: "EmptyStateCell", for: indexPath)
    }
    let contact = contacts[indexPath.row]
    if let company = contact.company {
      let cell = tableView.dequeueReusableCell(withIdentifier: "CompanyCell", for: indexPath) as! CompanyCell
      cell.textLabel?.text = contact.name
      cell.detailTextLabel?.text = company
      return cell
    }
    let cell = tableView.dequeueReusableCell(withIdentifier: contactCellIdentifier, for: indexPath)
    cell.textLabel?.text = contact.name
    return cell
  }
}

/// Search results: cells are created on demand, nothing is registered.
final class ContactSearchResultsController: UITableViewController {
  var suggestions: [String] = []
  var recent: [String] = []
  var results: [Contact] = []

  override func numberOfSections(in tableView: UITableView) -> Int { 3 }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    [suggestions.count, recent.count, results.count][section]
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    switch indexPath.section {
    case 0:
      if let cell = tableView.dequeueReusableCell(withIdentifier: "Suggestion") {
        cell.textLabel?.text = suggestions[indexPath.row]
        return cell
      }
      let cell = UITableViewCell(style: .default, reuseIdentifier: "Suggestion")
      cell.textLabel?.text = suggestions[indexPath.row]
      return cell
    case 1:
      let cell = tableView.dequeueReusableCell(withIdentifier: "Recent")
        ?? UITableViewCell(style: .value1, reuseIdentifier: "Recent")
      cell.textLabel?.text = recent[indexPath.row]
      return cell
    default:
      guard let cell = tableView.dequeueReusableCell(withIdentifier: "Result") as? CompanyCell else {
        let cell = CompanyCell(style: .subtitle, reuseIdentifier: "Result")
        cell.textLabel?.text = results[indexPath.row].name
        return cell
      }
      cell.textLabel?.text = results[indexPath.row].name
      cell.detailTextLabel?.text = results[indexPath.row].company
      return cell
    }
  }
}
