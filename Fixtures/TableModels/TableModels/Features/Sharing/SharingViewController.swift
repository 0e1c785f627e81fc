import UIKit

enum SharingRow: TableViewDescriptor {
  case copyLink, message, mail, airDrop, saveToFiles

  // `.mail` was meant for the second section; `.saveToFiles` was added to the enum but never placed.
  static var layout: [[SharingRow]] {
    [[.copyLink, .message], [.airDrop, .copyLink]]
  }

  static var sectionHeaders: [Int: String]? { [0: "Share", 1: "Nearby"] }
  // The "Export" section was removed from the layout, its footer stayed.
  static var sectionFooters: [Int: String]? { [2: "Exported files are not encrypted."] }
}

final class SharingViewController: UITableViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "ShareCell")
  }

  override func numberOfSections(in tableView: UITableView) -> Int {
    3
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    SharingRow.layout[section].count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "ShareCell", for: indexPath)
    cell.textLabel?.text = "\(SharingRow.layout[indexPath.section][indexPath.row])"
    return cell
  }
}
