import Flow
import UIKit

/// Designed in PlanCell.xib. Flow registers that nib under "PlanCell" (the class name), but the xib's cell
/// declares the identifier "Plan".
final class PlanCell: UITableViewCell, DeclarativeCell {
  typealias T = Plan

  @IBOutlet private var nameLabel: UILabel!
  @IBOutlet private var priceLabel: UILabel!

  func configure(_ plan: Plan, path: IndexPath) {
    nameLabel.text = plan.name
    priceLabel.text = plan.monthlyPrice.formatted(.currency(code: "USD"))
  }
}

/// Code only: Flow registers the class under "FeatureCell".
final class FeatureCell: UITableViewCell, DeclarativeCell {
  typealias T = String

  func configure(_ feature: String, path: IndexPath) {
    textLabel?.text = feature
    imageView?.image = UIImage(systemName: "checkmark")
  }
}

final class PlansViewController: UIViewController {
  private let tableView = UITableView(frame: .zero, style: .insetGrouped)
  private lazy var manager = TableManager(table: tableView)
  var plans: [Plan] = []

  override func loadView() {
    view = tableView
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    for plan in plans {
      let features: [RowProtocol] = plan.features.map { Row<FeatureCell>(model: $0) }
      manager.add(section: Section(id: plan.name, [Row<PlanCell>(model: plan)] + features, header: nil, footer: nil))
    }
    manager.reloadData()
  }
}
