import UIKit

/// The home feed (Main.storyboard, scene "Feed"). Posts, archived posts and the "load more" row are prototypes of
/// this controller's table; photo posts come from PhotoCell.xib.
final class FeedViewController: UITableViewController {
  private enum Section: Int, CaseIterable {
    case pinned, posts, archive, loadMore
  }

  private var pinned: [Post] = []
  private var posts: [Post] = []
  private var archive: [Post] = []
  private var hasMore = true

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UINib(nibName: "PhotoCell", bundle: nil), forCellReuseIdentifier: Constants.Cells.photo)
    refreshControl?.addTarget(self, action: #selector(reload), for: .valueChanged)
  }

  @objc private func reload() {
    hasMore = true
    tableView.reloadData()
    refreshControl?.endRefreshing()
  }

  override func numberOfSections(in tableView: UITableView) -> Int {
    Section.allCases.count
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    switch Section(rawValue: section)! {
    case .pinned: return pinned.count
    case .posts: return posts.count
    case .archive: return archive.count
    case .loadMore: return hasMore ? 1 : 0
    }
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    switch Section(rawValue: indexPath.section)! {
    case .pinned:
      // Pinned posts only need the card styling of the superclass.
      let cell = tableView.dequeueReusableCell(withIdentifier: CellID.post.rawValue, for: indexPath) as! CardCell
      cell.accessibilityLabel = pinned[indexPath.row].title
      return cell
    case .posts:
      let post = posts[indexPath.row]
      if post.hasPhoto {
        let cell = tableView.dequeueReusableCell(withIdentifier: Constants.Cells.photo, for: indexPath) as! PhotoCell
        cell.configure(with: post)
        return cell
      }
      let cell = tableView.dequeueReusableCell(withIdentifier: CellID.post.rawValue, for: indexPath) as! PostCell
      cell.configure(with: post)
      return cell
    case .archive:
      let post = archive[indexPath.row]
      let cell = tableView.dequeueReusableCell(withIdentifier: CellID.legacy.rawValue, for: indexPath) as! LegacyCell
      cell.configure(withTitle: post.title, date: post.date)
      return cell
    case .loadMore:
      return tableView.dequeueReusableCell(withIdentifier: CellID.loadMore.rawValue, for: indexPath)
    }
  }

  override func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
    if Section(rawValue: indexPath.section) == .loadMore {
      hasMore = posts.count % Constants.pageSize == 0
    }
  }
}
