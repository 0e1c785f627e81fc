import UIKit

/// Designed in ProductCell.xib.
final class ProductCell: UITableViewCell, ConfigurableCell {
  @IBOutlet private var nameLabel: UILabel!
  @IBOutlet private var priceLabel: UILabel!

  func configure(with product: Product) {
    nameLabel.text = product.name
    priceLabel.text = product.price.formatted(.currency(code: "EUR"))
  }
}

final class CatalogViewController: UITableViewController {
  private var dataSource: DataSource<Product>?
  var products: [Product] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    let configurator = Configurator<Product, ProductCell>()
    configurator.register(in: tableView)
    let source = DataSource<Product>(
      sections: [
        Section(title: "Featured", items: products.filter(\.isFeatured)),
        Section(title: "All Products", items: products),
      ],
      configurator: configurator
    )
    dataSource = source
    tableView.dataSource = source
  }
}
