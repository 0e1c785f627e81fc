import UIKit

final class FeedViewController: UITableViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(cellType: PhotoCell.self)
    tableView.register(nibCellType: ProfileCell.self)
    tableView.register(VideoCell.self, forCellReuseIdentifier: "VideoCell")
    tableView.register(PhotoCell.self, forCellReuseIdentifier: "CaptionCell")
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 5 }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    switch indexPath.row {
    case 0:
      let cell: PhotoCell = tableView.dequeueReusableCell(for: indexPath)
      return cell
    case 1:
      return tableView.dequeueReusableCell(for: indexPath, cellType: ProfileCell.self)
    case 2:
      // VideoCell.reuseIdentifier is "VideoCel": registered nowhere.
      return tableView.dequeueReusableCell(for: indexPath) as VideoCell
    case 3:
      // "CaptionCell" is bound to PhotoCell: the helper's cast fails.
      let cell: CaptionCell = tableView.dequeueReusableCell(for: indexPath)
      return cell
    default:
      let cell = tableView.dequeueReusableCell(for: indexPath, cellType: PhotoCell.self)
      return cell
    }
  }
}
