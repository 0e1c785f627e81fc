import UIKit

final class MessageCell: UITableViewCell {
  override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
    super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
  }
}

/// Built in code: the table is created here and registers one cell class.
final class InboxViewController: UIViewController, UITableViewDataSource {
  private enum Row {
    case message(sender: String, preview: String)
    case attachment(fileName: String)
    case typing
  }

  private let tableView = UITableView(frame: .zero, style: .plain)
  private var rows: [Row] = []

  override func loadView() {
    view = tableView
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(MessageCell.self, forCellReuseIdentifier: "MessageCell")
    tableView.dataSource = self
  }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    rows.count
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    switch rows[indexPath.row] {
    case .message(let sender, let preview):
      // Identifiers are case-sensitive.
      let cell = tableView.dequeueReusableCell(withIdentifier: "messageCell", for: indexPath)
      cell.textLabel?.text = sender
      cell.detailTextLabel?.text = preview
      return cell
    case .attachment(let fileName):
      // Nothing registers "AttachmentCell": the optional form returns nil and the unwrap crashes.
      let cell = tableView.dequeueReusableCell(withIdentifier: "AttachmentCell")!
      cell.textLabel?.text = fileName
      return cell
    case .typing:
      let cell = tableView.dequeueReusableCell(withIdentifier: "Typing")
        ?? UITableViewCell(style: .default, reuseIdentifier: "Typing")
      cell.textLabel?.text = "…"
      return cell
    }
  }
}
