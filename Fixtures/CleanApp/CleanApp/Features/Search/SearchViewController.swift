import UIKit

final class SearchResultCell: UITableViewCell {
  static let reuseIdentifier = "SearchResult"

  override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
    super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
  }
}

/// The controller registers the result cell; the data source registers the spinner row it owns.
final class SearchViewController: UITableViewController, UISearchResultsUpdating {
  private lazy var dataSource = SearchDataSource(tableView: tableView)

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(SearchResultCell.self, forCellReuseIdentifier: SearchResultCell.reuseIdentifier)
    tableView.dataSource = dataSource
  }

  func updateSearchResults(for searchController: UISearchController) {
    dataSource.query = searchController.searchBar.text ?? ""
    tableView.reloadData()
  }
}

final class SearchDataSource: NSObject, UITableViewDataSource {
  private static let loadingID = "Loading"

  var query = ""
  var results: [(title: String, subtitle: String)] = []
  var isLoading = false

  init(tableView: UITableView) {
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: Self.loadingID)
    super.init()
  }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    isLoading ? 1 : results.count
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    if isLoading {
      let cell = tableView.dequeueReusableCell(withIdentifier: Self.loadingID, for: indexPath)
      cell.textLabel?.text = NSLocalizedString("Searching…", comment: "")
      return cell
    }
    let cell = tableView.dequeueReusableCell(withIdentifier: SearchResultCell.reuseIdentifier, for: indexPath)
    cell.textLabel?.text = results[indexPath.row].title
    cell.detailTextLabel?.text = results[indexPath.row].subtitle
    return cell
  }
}
