import UIKit

/// A cell that shows one kind of item.
protocol ConfigurableCell: UITableViewCell {
  associatedtype Item
  func configure(with item: Item)
}

// Generic table plumbing of the catalog. Nested in the controller so that `Section` and `DataSource` do not clash
// with the table libraries other screens import.
extension CatalogViewController {
  struct Section<Item> {
    var title: String?
    var items: [Item]
  }

  /// Registers `Cell` under its type name: from `Cell.xib` when the bundle has one, else the class.
  struct Configurator<Item, Cell: ConfigurableCell> where Cell.Item == Item {
    let reuseIdentifier = "\(Cell.self)"

    func register(in tableView: UITableView) {
      if Bundle.main.path(forResource: reuseIdentifier, ofType: "nib") != nil {
        tableView.register(UINib(nibName: reuseIdentifier, bundle: .main), forCellReuseIdentifier: reuseIdentifier)
      } else {
        tableView.register(Cell.self, forCellReuseIdentifier: reuseIdentifier)
      }
    }

    func cell(for item: Item, in tableView: UITableView, at indexPath: IndexPath) -> UITableViewCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: reuseIdentifier, for: indexPath) as! Cell
      cell.configure(with: item)
      return cell
    }
  }

  final class DataSource<Item>: NSObject, UITableViewDataSource {
    private(set) var sections: [Section<Item>]
    private let makeCell: (Item, UITableView, IndexPath) -> UITableViewCell

    init<Cell>(sections: [Section<Item>], configurator: Configurator<Item, Cell>) {
      self.sections = sections
      self.makeCell = configurator.cell(for:in:at:)
    }

    func numberOfSections(in tableView: UITableView) -> Int { sections.count }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
      sections[section].title
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      sections[section].items.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      makeCell(sections[indexPath.section].items[indexPath.row], tableView, indexPath)
    }
  }
}
