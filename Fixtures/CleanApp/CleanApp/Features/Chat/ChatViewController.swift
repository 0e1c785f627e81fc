import UIKit

final class IncomingMessageCell: UITableViewCell {}
final class OutgoingMessageCell: UITableViewCell {}
final class TypingIndicatorCell: UITableViewCell {}

/// A table view that registers the message cells itself, so every screen that shows a conversation gets them.
final class ChatTableView: UITableView {
  static let incomingID = "Incoming"
  static let outgoingID = "Outgoing"

  override init(frame: CGRect, style: UITableView.Style) {
    super.init(frame: frame, style: style)
    commonInit()
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
    commonInit()
  }

  private func commonInit() {
    register(IncomingMessageCell.self, forCellReuseIdentifier: Self.incomingID)
    register(OutgoingMessageCell.self, forCellReuseIdentifier: Self.outgoingID)
    separatorStyle = .none
    keyboardDismissMode = .interactive
  }
}

/// Uses a ChatTableView, so the message cells are registered by the table; only the typing row is registered here.
final class ChatViewController: UIViewController, UITableViewDataSource {
  private let tableView = ChatTableView(frame: .zero, style: .plain)
  private var messages: [(text: String, isMine: Bool)] = []
  private var isPeerTyping = false

  override func loadView() {
    view = tableView
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(TypingIndicatorCell.self, forCellReuseIdentifier: "Typing")
    tableView.dataSource = self
  }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    messages.count + (isPeerTyping ? 1 : 0)
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    guard indexPath.row < messages.count else {
      return tableView.dequeueReusableCell(withIdentifier: "Typing", for: indexPath)
    }
    let message = messages[indexPath.row]
    if message.isMine {
      let cell = tableView.dequeueReusableCell(withIdentifier: ChatTableView.outgoingID, for: indexPath) as! OutgoingMessageCell
      cell.textLabel?.text = message.text
      return cell
    }
    let cell = tableView.dequeueReusableCell(withIdentifier: ChatTableView.incomingID, for: indexPath) as! IncomingMessageCell
    cell.textLabel?.text = message.text
    return cell
  }
}
