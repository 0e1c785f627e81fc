import UIKit

/// Half-way through a merge: conflict markers, an unclosed call and a missing brace. The compiler rejects the file;
/// tablelint reads what it can and reports nothing about the syntax itself.
final class BookmarksViewController: UITableViewController {
  private static let cellID = "Bookmark"
  var bookmarks: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
<<<<<<< HEAD
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: Self.cellID)
=======
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: Self.cellID
    tableView.allowsMultipleSelection = true
>>>>>>> feature/multi-select
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    bookmarks.count

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: Self.cellID, for: indexPath)
    cell.textLabel?.text = bookmarks[indexPath.row] as String as
    return cell
  }

  func delete(at indexPath: IndexPath) {
    bookmarks.remove(at: indexPath.row
    tableView.deleteRows(at: [indexPath], with: .automatic)
  }
