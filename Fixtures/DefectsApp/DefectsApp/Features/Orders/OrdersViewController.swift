import UIKit

final class OrderCell: UITableViewCell {
  // The storyboard prototype is "OrderCell".
  static let reuseIdentifier = "Order"

  @IBOutlet private(set) var numberLabel: UILabel!
  @IBOutlet private(set) var totalLabel: UILabel!
}

final class OrdersHeaderView: UIView {
  @IBOutlet private(set) var summaryLabel: UILabel!
}

/// Main.storyboard, scene "Orders": prototypes "OrderCell" and "StatusCell" (declared twice).
final class OrdersViewController: UITableViewController {
  var orders: [Order] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    // The xib is OrderHeaderView.xib.
    let header = Bundle.main.loadNibNamed("OrdersHeader", owner: nil, options: nil)?.first as? OrdersHeaderView
    header?.summaryLabel.text = "\(orders.count) orders"
    tableView.tableHeaderView = header
  }

  override func numberOfSections(in tableView: UITableView) -> Int { orders.count }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let order = orders[indexPath.section]
    if indexPath.row == 0 {
      let cell = tableView.dequeueReusableCell(withIdentifier: OrderCell.reuseIdentifier, for: indexPath) as! OrderCell
      cell.numberLabel.text = order.number
      cell.totalLabel.text = order.total.formatted(.currency(code: "USD"))
      return cell
    }
    let cell = tableView.dequeueReusableCell(withIdentifier: "StatusCell", for: indexPath)
    cell.textLabel?.text = order.status.rawValue.capitalized
    return cell
  }
}
