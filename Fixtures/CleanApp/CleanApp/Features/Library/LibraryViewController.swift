import UIKit

final class BookCell: UITableViewCell, Reusable {
  // Overrides the protocol's default ("BookCell").
  static let reuseIdentifier = "Book"

  override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
    super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  func configure(with book: Book) {
    textLabel?.text = book.title
    detailTextLabel?.text = book.author
  }
}

/// Diffable: the counts are decided at run time, the dequeue in the cell provider is checkable.
final class LibraryViewController: UITableViewController {
  private enum Shelf: Hashable {
    case reading, finished
  }

  private lazy var dataSource = makeDataSource()
  var books: [Book] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(BookCell.self, forCellReuseIdentifier: BookCell.reuseIdentifier)
    tableView.dataSource = dataSource
    applySnapshot()
  }

  private func makeDataSource() -> UITableViewDiffableDataSource<Shelf, Book> {
    UITableViewDiffableDataSource(tableView: tableView) { tableView, indexPath, book in
      let cell = tableView.dequeueReusableCell(withIdentifier: BookCell.reuseIdentifier, for: indexPath) as! BookCell
      cell.configure(with: book)
      return cell
    }
  }

  private func applySnapshot() {
    var snapshot = NSDiffableDataSourceSnapshot<Shelf, Book>()
    snapshot.appendSections([.reading, .finished])
    snapshot.appendItems(books.filter { !$0.isFinished }, toSection: .reading)
    snapshot.appendItems(books.filter(\.isFinished), toSection: .finished)
    dataSource.apply(snapshot, animatingDifferences: false)
  }
}

final class DownloadCell: UITableViewCell, Reusable {
  private let progressView = UIProgressView(progressViewStyle: .bar)

  func configure(with download: Download) {
    textLabel?.text = download.fileName
    progressView.progress = download.progress
    accessoryView = progressView
  }
}

/// Registration and dequeue through the generic helpers of Reusable.swift.
final class DownloadsViewController: UITableViewController {
  var downloads: [Download] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(cellType: DownloadCell.self)
    tableView.register(cellType: PhotoCell.self)
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    downloads.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let download = downloads[indexPath.row]
    if let post = download.thumbnail {
      let cell: PhotoCell = tableView.dequeueReusableCell(for: indexPath)
      cell.configure(with: post)
      return cell
    }
    let cell = tableView.dequeueReusableCell(for: indexPath) as DownloadCell
    cell.configure(with: download)
    return cell
  }
}
