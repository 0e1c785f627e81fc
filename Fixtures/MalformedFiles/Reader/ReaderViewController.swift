import UIKit

final class ArticleCell: UITableViewCell {
  @IBOutlet private(set) var headlineLabel: UILabel!
}

/// Base.lproj/Truncated.storyboard holds this controller's scene with the prototype "ArticleCell"; a bad merge cut
/// the file off after that prototype's start tag.
final class ReaderViewController: UITableViewController {
  var headlines: [String] = []

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    headlines.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "ArticleCell", for: indexPath) as! ArticleCell
    cell.headlineLabel.text = headlines[indexPath.row]
    return cell
  }
}
