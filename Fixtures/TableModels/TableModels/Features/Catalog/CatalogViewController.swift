import UIKit

/// Generic plumbing: sections of items and a data source over them.
struct ItemSection<Item> {
  var title: String?
  var items: [Item]
}

final class ItemDataSource<Item>: NSObject, UITableViewDataSource {
  let sections: [ItemSection<Item>]
  let configure: (UITableViewCell, Item) -> Void

  init(sections: [ItemSection<Item>], configure: @escaping (UITableViewCell, Item) -> Void) {
    self.sections = sections
    self.configure = configure
  }

  func numberOfSections(in tableView: UITableView) -> Int { sections.count }

  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { sections[section].title }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].items.count }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "ItemCell", for: indexPath)
    configure(cell, sections[indexPath.section].items[indexPath.row])
    return cell
  }
}

final class CatalogViewController: UITableViewController {
  private var dataSource: ItemDataSource<String>?

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "ItemCell")
    let source = ItemDataSource<String>(
      sections: [
        ItemSection(title: "Featured", items: ["Lamp", "Chair"]),
        ItemSection(title: "All Products", items: ["Lamp", "Chair", "Desk", "Shelf"]),
      ],
      configure: { cell, name in cell.textLabel?.text = name }
    )
    dataSource = source
    tableView.dataSource = source
  }
}
