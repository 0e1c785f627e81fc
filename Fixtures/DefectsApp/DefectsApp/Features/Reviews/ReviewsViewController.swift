import UIKit

/// Designed in ReviewCell.xib, whose cell declares the identifier "ReviewCell".
final class ReviewCell: UITableViewCell {
  static let reuseIdentifier = "Review"

  @IBOutlet private(set) var authorLabel: UILabel!
  @IBOutlet private(set) var bodyLabel: UILabel!
}

/// Designed in RatingSummaryCell.xib.
final class RatingSummaryCell: UITableViewCell {
  @IBOutlet private(set) var starsLabel: UILabel!
}

final class ReviewsViewController: UITableViewController {
  var reviews: [Review] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UINib(nibName: "ReviewCell", bundle: nil), forCellReuseIdentifier: ReviewCell.reuseIdentifier)
    tableView.register(UINib(nibName: "RatingSummaryCel", bundle: nil), forCellReuseIdentifier: "RatingSummary")
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    reviews.count + 1
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    guard indexPath.row > 0 else {
      let cell = tableView.dequeueReusableCell(withIdentifier: "RatingSummary", for: indexPath) as! RatingSummaryCell
      let average = reviews.isEmpty ? 0 : reviews.map(\.rating).reduce(0, +) / reviews.count
      cell.starsLabel.text = String(repeating: "★", count: average)
      return cell
    }
    let review = reviews[indexPath.row - 1]
    let cell = tableView.dequeueReusableCell(withIdentifier: ReviewCell.reuseIdentifier, for: indexPath) as! ReviewCell
    cell.authorLabel.text = review.author
    cell.bodyLabel.text = review.text
    return cell
  }
}
