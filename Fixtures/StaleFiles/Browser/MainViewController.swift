import UIKit

/// The browser's main screen, built in code since its storyboard scene was retired (Main.storyboard, left on the disk
/// but no longer in the project).
final class MainViewController: UIViewController, UITableViewDataSource {
  private let suggestions = UITableView()
  private var items: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    suggestions.register(UITableViewCell.self, forCellReuseIdentifier: "SuggestionCell")
    suggestions.dataSource = self
    view.addSubview(suggestions)
  }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count + 1 }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    if indexPath.row == items.count {
      return tableView.dequeueReusableCell(withIdentifier: "HistoryCell", for: indexPath)
    }
    let cell = tableView.dequeueReusableCell(withIdentifier: "SuggestionCell", for: indexPath)
    cell.textLabel?.text = items[indexPath.row]
    return cell
  }
}
