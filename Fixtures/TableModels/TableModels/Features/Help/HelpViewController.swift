import UIKit

/// A plain data source: three fixed sections of questions.
final class HelpViewController: UITableViewController {
  private let questions: [[String]] = [["How do I sign in?"], ["Where are my downloads?"], ["How do I cancel?"]]

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "QuestionCell")
  }

  override func numberOfSections(in tableView: UITableView) -> Int { 3 }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    questions[section].count
  }

  override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    switch section {
    case 0: return "Account"
    case 1: return "Downloads"
    case 2: return "Subscription"
    // "Contact" became a toolbar button; its section is gone.
    case 3: return "Contact"
    default: return nil
    }
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "QuestionCell", for: indexPath)
    cell.textLabel?.text = questions[indexPath.section][indexPath.row]
    return cell
  }
}
