import UIKit

private let messageCellIdentifier = "MessageCell"

final class MessageCell: UITableViewCell {
  override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
    super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  func configure(with message: Message) {
    textLabel?.text = message.sender
    detailTextLabel?.text = message.preview
  }
}

/// Main.storyboard, scene "Inbox": a plain view controller with a table view outlet and no prototypes. The cells
/// are registered here; `InboxDataSource` dequeues them.
final class InboxViewController: UIViewController, UITableViewDelegate {
  @IBOutlet private var tableView: UITableView!
  private let dataSource = InboxDataSource()

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(MessageCell.self, forCellReuseIdentifier: messageCellIdentifier)
    let commentNib = UINib(nibName: String(describing: CommentCell.self), bundle: Bundle(for: CommentCell.self))
    tableView.register(commentNib, forCellReuseIdentifier: Constants.Cells.comment)
    tableView.dataSource = dataSource
  }

  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
  }
}

/// Shared by the inbox and its preview: dequeues what `InboxViewController` registers.
final class InboxDataSource: NSObject, UITableViewDataSource {
  enum Item: Hashable {
    case message(Message)
    case comment(Comment)
  }

  var items: [Item] = []

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    items.count
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    switch items[indexPath.row] {
    case .message(let message):
      let cell = tableView.dequeueReusableCell(withIdentifier: messageCellIdentifier, for: indexPath) as! MessageCell
      cell.configure(with: message)
      return cell
    case .comment(let comment):
      let cell = tableView.dequeueReusableCell(withIdentifier: Constants.Cells.comment, for: indexPath) as! CommentCell
      cell.configure(with: comment)
      return cell
    }
  }
}
