import UIKit

class ShopCell: UITableViewCell {
  func showPrice(_ price: Decimal) {
    detailTextLabel?.text = price.formatted(.currency(code: "USD"))
  }
}

final class ProductCell: ShopCell {}

final class PromoCell: ShopCell {
  let badge = UILabel()
}

/// Registers in code; the identifiers are enum raw values.
final class ProductsViewController: UITableViewController {
  private enum Reuse: String {
    case product = "Product"
    case promo = "Promo"
  }

  var products: [Product] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(ProductCell.self, forCellReuseIdentifier: Reuse.product.rawValue)
    tableView.register(PromoCell.self, forCellReuseIdentifier: Reuse.promo.rawValue)
  }

  override func numberOfSections(in tableView: UITableView) -> Int { 2 }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    section == 0 ? 1 : products.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    if indexPath.section == 0 {
      // Any ShopCell will do for the banner.
      let cell = tableView.dequeueReusableCell(withIdentifier: Reuse.promo.rawValue, for: indexPath) as! ShopCell
      cell.textLabel?.text = "Summer Sale"
      return cell
    }
    let product = products[indexPath.row]
    if product.isOnSale {
      // Copy-paste slip: the sale row dequeues the product identifier, which makes a ProductCell.
      let cell = tableView.dequeueReusableCell(withIdentifier: Reuse.product.rawValue, for: indexPath) as! PromoCell
      cell.badge.text = "SALE"
      cell.showPrice(product.price)
      return cell
    }
    let cell = tableView.dequeueReusableCell(withIdentifier: Reuse.product.rawValue, for: indexPath) as! ProductCell
    cell.textLabel?.text = product.name
    cell.showPrice(product.price)
    return cell
  }
}

final class AddressCell: UITableViewCell {}
final class PaymentCell: UITableViewCell {}

/// The checkout form: both cells were registered under the same identifier, so the address cell never appears.
final class CheckoutViewController: UITableViewController {
  private static let formCellID = "FormCell"

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(AddressCell.self, forCellReuseIdentifier: Self.formCellID)
    tableView.register(PaymentCell.self, forCellReuseIdentifier: Self.formCellID)
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: String(describing: UITableViewCell.self))
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    if indexPath.row == 2 {
      let cell = tableView.dequeueReusableCell(withIdentifier: "UITableViewCell", for: indexPath)
      cell.textLabel?.text = "Place Order"
      return cell
    }
    let cell = tableView.dequeueReusableCell(withIdentifier: Self.formCellID, for: indexPath)
    cell.textLabel?.text = indexPath.row == 0 ? "Shipping Address" : "Payment Method"
    return cell
  }
}
