import UIKit

/// Cell providers of diffable data sources dequeue for the class that creates them.
final class ContactsViewController: UIViewController {
  @IBOutlet var tableView: UITableView!
  @IBOutlet var collectionView: UICollectionView!

  private lazy var dataSource = UITableViewDiffableDataSource<Int, String>(tableView: tableView) {
    tableView, indexPath, name in
    if name.isEmpty {
      // Registered as "Contact".
      return tableView.dequeueReusableCell(withIdentifier: "Contacts", for: indexPath)
    }
    let cell = tableView.dequeueReusableCell(withIdentifier: "Contact", for: indexPath)
    cell.textLabel?.text = name
    return cell
  }

  private lazy var tagsDataSource = UICollectionViewDiffableDataSource<Int, String>(
    collectionView: collectionView,
    cellProvider: { collectionView, indexPath, _ in
      let cell: TagCell = collectionView.dequeueReusableCell(for: indexPath)
      return cell
    }
  )

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Contact")
    collectionView.register(cellType: TagCell.self)
    tableView.dataSource = dataSource
    collectionView.dataSource = tagsDataSource
  }
}

/// A data-source subclass: it dequeues on a table its owner configured.
final class GroupsDataSource: UITableViewDiffableDataSource<Int, String> {
  init(tableView: UITableView) {
    super.init(tableView: tableView) { tableView, indexPath, _ in
      tableView.dequeueReusableCell(withIdentifier: "Contact", for: indexPath)
    }
  }
}
