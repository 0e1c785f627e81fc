import UIKit

/// Main.storyboard, scene "Tasks": prototype "TaskCell".
final class TaskCell: UITableViewCell, Reusable {
  @IBOutlet private(set) var titleLabel: UILabel!
  @IBOutlet private(set) var checkmarkButton: UIButton!
}

final class TasksViewController: UITableViewController {
  private var open: [TaskItem] = []
  private var done: [TaskItem] = []

  override func numberOfSections(in tableView: UITableView) -> Int { 2 }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    section == 0 ? open.count : done.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    if indexPath.section == 0 {
      let cell = tableView.dequeueReusableCell(withIdentifier: TaskCell.reuseIdentifier, for: indexPath) as! TaskCell
      cell.titleLabel.text = open[indexPath.row].title
      return cell
    }
    // Done tasks look like the history screen's rows, but "HistoryCell" is a prototype of that screen's table.
    let cell = tableView.dequeueReusableCell(withIdentifier: "HistoryCell", for: indexPath)
    cell.textLabel?.text = done[indexPath.row].title
    cell.detailTextLabel?.text = done[indexPath.row].completedAt?.formatted()
    return cell
  }
}

/// Meant to be the class of the History scene's prototype, but the storyboard never set it.
final class HistoryCell: UITableViewCell {}

/// Main.storyboard, scene "History": prototype "HistoryCell", without a custom class.
final class HistoryViewController: UITableViewController {
  var items: [TaskItem] = []

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    items.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    guard let cell = tableView.dequeueReusableCell(withIdentifier: "HistoryCell", for: indexPath) as? HistoryCell else {
      fatalError("HistoryCell prototype is misconfigured")
    }
    cell.textLabel?.text = items[indexPath.row].title
    cell.detailTextLabel?.text = items[indexPath.row].completedAt?.formatted()
    return cell
  }
}
