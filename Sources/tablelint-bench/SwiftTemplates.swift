import TablelintCore

/// Swift sources of the generated workspace. Only parsed, never compiled, but written as an iOS app would be:
/// controllers, cells, models and data sources mixed with ordinary code that has nothing to do with tables.
enum SwiftTemplates {
  typealias Feature = CorpusPlan.Feature

  // MARK: - Support

  static func reusable() -> String {
    """
    import UIKit

    /// Reusable-style: a cell's identifier is its type name unless it says otherwise.
    protocol Reusable: AnyObject {
      static var reuseIdentifier: String { get }
    }

    extension Reusable {
      static var reuseIdentifier: String { String(describing: self) }
    }

    /// The result of validating a form field.
    enum ValidationResult: Equatable {
      case valid
      case invalid(String)

      var isValid: Bool {
        if case .valid = self { return true }
        return false
      }
    }

    """
  }

  static func constants(_ features: [Feature]) -> String {
    var text = """
      import Foundation

      /// Identifiers shared by several screens.
      struct Constants {
        struct Cells {

      """
    for feature in features where feature.style == .storyboardTable {
      text += "    static let \(feature.lowerName)Loading = \"\(feature.name)LoadingCell\"\n"
    }
    text += """
        }

        static let pageSize = 20
        static let animationDuration: TimeInterval = 0.25
      }

      """
    return text
  }

  // MARK: - Features

  static func model(_ feature: Feature, random: inout SeededGenerator) -> String {
    let name = feature.name
    let extraProperties = [
      ("notes", "String?"), ("tags", "[String]"), ("amount", "Decimal"), ("ownerID", "UUID?"), ("rating", "Double"),
      ("url", "URL?"), ("isPinned", "Bool"), ("revision", "Int"),
    ].shuffled(using: &random).prefix(random.int(0...6))
    var text = """
      import Foundation

      struct \(name)Item: Hashable, Codable, Identifiable {
        let id: UUID
        var title: String
        var subtitle: String?
        var date: Date
        var isArchived: Bool
        var isFeatured: Bool
        var priority: Int
        var badge: String?

      """
    for (property, type) in extraProperties { text += "  var \(property): \(type)\n" }
    text += """
      }

      protocol \(name)Service {
        func fetch(limit: Int) async throws -> [\(name)Item]
        func save(_ item: \(name)Item) async throws
      }

      extension \(name)Item {
        static let placeholder = \(name)Item(
          id: UUID(), title: "New \(feature.word.lowercased())", subtitle: nil, date: Date(), isArchived: false,
          isFeatured: false, priority: 0, badge: nil\(extraProperties.map { ", \($0.0): \(defaultValue($0.1))" }.joined())
        )

        var displayTitle: String {
          title.isEmpty ? "Untitled \(feature.word.lowercased())" : title
        }

      """
    text += helpers(feature, count: random.int(1...4), first: 0, random: &random)
    text += """
      }

      final class \(name)Store {
        private(set) var items: [\(name)Item] = []
        private let service: \(name)Service

        init(service: \(name)Service) {
          self.service = service
        }

      """
    text += helpers(feature, count: random.int(1...4), first: 10, random: &random)
    text += "}\n"
    return text
  }

  static func cells(_ feature: Feature, random: inout SeededGenerator) -> String {
    let name = feature.name
    var text = "import UIKit\n\n"
    switch feature.style {
    case .storyboardTable:
      text += """
        /// The "\(name)TitleCell" prototype.
        final class \(name)TitleCell: UITableViewCell {
          @IBOutlet private(set) var titleLabel: UILabel!
          @IBOutlet private(set) var dateLabel: UILabel!

          func configure(with item: \(name)Item, formatter: DateFormatter) {
            titleLabel.text = item.displayTitle
            dateLabel.text = formatter.string(from: item.date)
            accessoryType = item.isFeatured ? .checkmark : .none
          }

          override func prepareForReuse() {
            super.prepareForReuse()
            titleLabel.text = nil
            dateLabel.text = nil
          }
        }

        """
    case .codeRegistered:
      text += """
        final class \(name)RowCell: UITableViewCell {
          static let reuseIdentifier = "\(name)Row"

          override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
            detailTextLabel?.textColor = .secondaryLabel
          }

          required init?(coder: NSCoder) {
            fatalError("init(coder:) has not been implemented")
          }

          func configure(with item: \(name)Item) {
            textLabel?.text = item.displayTitle
            detailTextLabel?.text = item.subtitle
          }
        }

        /// Designed in \(name)CardCell.xib.
        final class \(name)CardCell: UITableViewCell {
          @IBOutlet private var titleLabel: UILabel!
          @IBOutlet private var subtitleLabel: UILabel!
          @IBOutlet private var thumbnailView: UIImageView!

          override func awakeFromNib() {
            super.awakeFromNib()
            thumbnailView.layer.cornerRadius = 8
            thumbnailView.clipsToBounds = true
          }

          func configure(with item: \(name)Item) {
            titleLabel.text = item.displayTitle
            subtitleLabel.text = item.subtitle ?? item.badge
            thumbnailView.image = UIImage(systemName: item.isFeatured ? "star.fill" : "star")
          }
        }

        """
    case .sharedDataSource:
      text += """
        /// The "\(name)SummaryCell" prototype.
        final class \(name)SummaryCell: UITableViewCell {
          @IBOutlet private(set) var titleLabel: UILabel!
          @IBOutlet private(set) var valueLabel: UILabel!
        }

        /// Code only; registered by \(name)ViewController.
        final class \(name)FooterCell: UITableViewCell {
          let countLabel = UILabel()

          override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            countLabel.translatesAutoresizingMaskIntoConstraints = false
            countLabel.font = .preferredFont(forTextStyle: .footnote)
            contentView.addSubview(countLabel)
            NSLayoutConstraint.activate([
              countLabel.centerXAnchor.constraint(equalTo: contentView.centerXAnchor),
              countLabel.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            ])
          }

          required init?(coder: NSCoder) {
            fatalError("init(coder:) has not been implemented")
          }
        }

        """
    case .reusable:
      text += """
        final class \(name)ItemCell: UITableViewCell, Reusable {
          func configure(with item: \(name)Item) {
            var content = defaultContentConfiguration()
            content.text = item.displayTitle
            content.secondaryText = item.subtitle
            contentConfiguration = content
          }
        }

        final class \(name)BadgeCell: UITableViewCell, Reusable {
          private let badgeLabel = UILabel()

          func configure(with item: \(name)Item) {
            textLabel?.text = item.displayTitle
            badgeLabel.text = item.badge
            badgeLabel.sizeToFit()
            accessoryView = badgeLabel
          }
        }

        """
    }
    return text
  }

  static func controller(_ feature: Feature, storyboardName: String?, random: inout SeededGenerator) -> String {
    let name = feature.name
    let word = feature.word.lowercased()
    var text = "import UIKit\n\n"
    switch feature.style {
    case .storyboardTable:
      let titleIdentifier = feature.defect == .typoInDequeue ? "\(name)TitelCell" : "\(name)TitleCell"
      text += """
        /// \(storyboardName ?? "?").storyboard, scene "\(name)": prototypes "\(name)TitleCell", "\(name)DetailCell" and
        /// "\(name)LoadingCell".
        final class \(name)ViewController: UITableViewController {
          private enum CellID: String {
            case detail = "\(name)DetailCell"
          }

          private var items: [\(name)Item] = []
          private var isLoading = false
          private let formatter: DateFormatter = {
            let formatter = DateFormatter()
            formatter.dateStyle = .medium
            formatter.timeStyle = .short
            return formatter
          }()

          override func viewDidLoad() {
            super.viewDidLoad()
            title = "\(feature.word)s"
            navigationItem.rightBarButtonItem = UIBarButtonItem(
              barButtonSystemItem: .add, target: self, action: #selector(addItem))
            refreshControl = UIRefreshControl()
            refreshControl?.addTarget(self, action: #selector(reload), for: .valueChanged)
            reload()
          }

          @objc private func reload() {
            isLoading = true
            tableView.reloadData()
            DispatchQueue.main.asyncAfter(deadline: .now() + Constants.animationDuration) { [weak self] in
              self?.isLoading = false
              self?.refreshControl?.endRefreshing()
              self?.tableView.reloadData()
            }
          }

          @objc private func addItem() {
            items.insert(.placeholder, at: 0)
            tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
          }

          override func numberOfSections(in tableView: UITableView) -> Int { 2 }

          override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            section == 0 ? items.count : (isLoading ? 1 : 0)
          }

          override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            if indexPath.section == 1 {
              return tableView.dequeueReusableCell(withIdentifier: Constants.Cells.\(feature.lowerName)Loading, for: indexPath)
            }
            let item = items[indexPath.row]
            if item.isArchived {
              let cell = tableView.dequeueReusableCell(withIdentifier: CellID.detail.rawValue, for: indexPath)
              cell.textLabel?.text = item.displayTitle
              cell.detailTextLabel?.text = formatter.string(from: item.date)
              return cell
            }
            let cell = tableView.dequeueReusableCell(withIdentifier: "\(titleIdentifier)", for: indexPath) as! \(name)TitleCell
            cell.configure(with: item, formatter: formatter)
            return cell
          }

          override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            tableView.deselectRow(at: indexPath, animated: true)
            guard indexPath.section == 0 else { return }
            let item = items[indexPath.row]
            let alert = UIAlertController(title: item.displayTitle, message: item.subtitle, preferredStyle: .actionSheet)
            alert.addAction(UIAlertAction(title: "Archive", style: .destructive) { [weak self] _ in
              self?.items[indexPath.row].isArchived = true
              self?.tableView.reloadRows(at: [indexPath], with: .fade)
            })
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            present(alert, animated: true)
          }

        """
    case .codeRegistered:
      let nibName = feature.defect == .missingNib ? "\(name)CardCel" : "\(name)CardCell"
      text += """
        /// Code only: rows are \(name)RowCell (a class) and \(name)CardCell (\(name)CardCell.xib).
        final class \(name)ViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
          private let tableView = UITableView(frame: .zero, style: .insetGrouped)
          private var rows: [\(name)Item] = []

          override func loadView() {
            view = tableView
          }

          override func viewDidLoad() {
            super.viewDidLoad()
            title = "\(feature.word)s"
            tableView.register(\(name)RowCell.self, forCellReuseIdentifier: \(name)RowCell.reuseIdentifier)
            tableView.register(
              UINib(nibName: "\(nibName)", bundle: nil), forCellReuseIdentifier: String(describing: \(name)CardCell.self))
            tableView.register(UITableViewHeaderFooterView.self, forHeaderFooterViewReuseIdentifier: "\(name)Header")
            tableView.dataSource = self
            tableView.delegate = self
          }

          func numberOfSections(in tableView: UITableView) -> Int { 1 }

          func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }

          func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let row = rows[indexPath.row]
            if row.isFeatured {
              let cell = tableView.dequeueReusableCell(
                withIdentifier: String(describing: \(name)CardCell.self), for: indexPath) as! \(name)CardCell
              cell.configure(with: row)
              return cell
            }
            let cell = tableView.dequeueReusableCell(withIdentifier: \(name)RowCell.reuseIdentifier, for: indexPath) as! \(name)RowCell
            cell.configure(with: row)
            return cell
          }

          func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
            let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "\(name)Header")
            header?.textLabel?.text = "\\(rows.count) \(word)s"
            return header
          }

          func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
            rows[indexPath.row].isFeatured ? 88 : UITableView.automaticDimension
          }

        """
    case .sharedDataSource:
      text += """
        /// \(storyboardName ?? "?").storyboard, scene "\(name)": the table is an outlet; \(name)DataSource fills it.
        final class \(name)ViewController: UIViewController, UITableViewDelegate {
          @IBOutlet private var tableView: UITableView!
          private let dataSource = \(name)DataSource()

          override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(\(name)FooterCell.self, forCellReuseIdentifier: \(name)CellID.footer)
            tableView.dataSource = dataSource
            tableView.delegate = self
          }

          override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            if let selection = tableView.indexPathForSelectedRow {
              tableView.deselectRow(at: selection, animated: animated)
            }
          }

          func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            guard let item = dataSource.item(at: indexPath) else { return }
            navigationItem.prompt = item.displayTitle
          }

        """
    case .reusable:
      let badgeIdentifier = feature.defect == .cellClassMismatch ? "\(name)ItemCell" : "\(name)BadgeCell"
      text += """
        final class \(name)ListViewController: UITableViewController {
          private var items: [\(name)Item] = []
          private var filter: String?

          override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(\(name)ItemCell.self, forCellReuseIdentifier: \(name)ItemCell.reuseIdentifier)
            tableView.register(\(name)BadgeCell.self, forCellReuseIdentifier: \(name)BadgeCell.reuseIdentifier)
            let search = UISearchController(searchResultsController: nil)
            search.searchResultsUpdater = self
            navigationItem.searchController = search
          }

          private var visibleItems: [\(name)Item] {
            guard let filter, !filter.isEmpty else { return items }
            return items.filter { $0.title.localizedCaseInsensitiveContains(filter) }
          }

          override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            visibleItems.count
          }

          override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let item = visibleItems[indexPath.row]
            if item.badge != nil {
              let cell = tableView.dequeueReusableCell(withIdentifier: \(badgeIdentifier).reuseIdentifier, for: indexPath) as! \(name)BadgeCell
              cell.configure(with: item)
              return cell
            }
            let cell = tableView.dequeueReusableCell(withIdentifier: \(name)ItemCell.reuseIdentifier, for: indexPath) as! \(name)ItemCell
            cell.configure(with: item)
            return cell
          }

        """
    }
    text += helpers(feature, count: random.int(0...5), first: 20, random: &random)
    text += "}\n"
    if feature.style == .reusable {
      text += """

        extension \(name)ListViewController: UISearchResultsUpdating {
          func updateSearchResults(for searchController: UISearchController) {
            filter = searchController.searchBar.text
            tableView.reloadData()
          }
        }

        """
    }
    return text
  }

  static func dataSource(_ feature: Feature, random: inout SeededGenerator) -> String {
    let name = feature.name
    var text = """
      import UIKit

      enum \(name)CellID {
        static let summary = "\(name)SummaryCell"
        static let footer = "\(name)FooterCell"
      }

      /// Shared by \(name)ViewController's table: the summary rows are storyboard prototypes, the footer is registered
      /// in code.
      final class \(name)DataSource: NSObject, UITableViewDataSource {
        var items: [\(name)Item] = []
        private let numberFormatter: NumberFormatter = {
          let formatter = NumberFormatter()
          formatter.numberStyle = .decimal
          return formatter
        }()

        func item(at indexPath: IndexPath) -> \(name)Item? {
          items.indices.contains(indexPath.row) ? items[indexPath.row] : nil
        }

        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
          items.count + 1
        }

        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
          guard let item = item(at: indexPath) else {
            let cell = tableView.dequeueReusableCell(withIdentifier: \(name)CellID.footer, for: indexPath) as! \(name)FooterCell
            cell.countLabel.text = "\\(items.count) \(feature.word.lowercased())s"
            return cell
          }
          let cell = tableView.dequeueReusableCell(withIdentifier: \(name)CellID.summary, for: indexPath) as! \(name)SummaryCell
          cell.titleLabel.text = item.displayTitle
          cell.valueLabel.text = numberFormatter.string(from: NSNumber(value: item.priority))
          return cell
        }

        func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
          items.isEmpty ? nil : "\(feature.word)s"
        }

      """
    text += helpers(feature, count: random.int(0...2), first: 30, random: &random)
    text += "}\n"
    return text
  }

  // MARK: - Code without tables

  static func filler(index: Int, random: inout SeededGenerator) -> String {
    let type = "Helpers\(index)"
    var text = """
      import Foundation

      /// Utilities without any table code (most of a real project).
      enum \(type) {

      """
    for method in 0..<random.int(3...8) {
      let limit = random.int(8...120)
      switch random.int(0...3) {
      case 0:
        text += """
            static func truncate\(method)(_ text: String, limit: Int = \(limit)) -> String {
              guard text.count > limit else { return text }
              let end = text.index(text.startIndex, offsetBy: limit - 1)
              return String(text[..<end]) + "…"
            }


          """
      case 1:
        text += """
            static func checksum\(method)(_ bytes: [UInt8]) -> UInt32 {
              var a: UInt32 = 1
              var b: UInt32 = 0
              for byte in bytes {
                a = (a + UInt32(byte)) % 65_521
                b = (b + a) % 65_521
              }
              return b << 16 | a
            }


          """
      case 2:
        text += """
            static func retry\(method)<T>(times: Int = \(limit % 5 + 1), _ body: () throws -> T) rethrows -> T {
              var attempt = 0
              while true {
                do {
                  return try body()
                } catch where attempt < times {
                  attempt += 1
                }
              }
            }


          """
      default:
        text += """
            static let formatter\(method): DateComponentsFormatter = {
              let formatter = DateComponentsFormatter()
              formatter.allowedUnits = [.hour, .minute, .second]
              formatter.unitsStyle = .\(random.pick(["abbreviated", "short", "full", "positional"]))
              formatter.maximumUnitCount = \(limit % 3 + 1)
              return formatter
            }()


          """
      }
    }
    text += "}\n"
    return text
  }

  /// One long generated form controller: real projects have a few of these (settings, sign-up forms).
  static func bigFile(lines target: Int) -> String {
    let fieldCount = max(4, target / 25)
    var text = """
      import UIKit

      /// A long form, one row per field: the kind of file that is mostly a switch.
      final class BigFormViewController: UITableViewController {
        enum Field: Int, CaseIterable {

      """
    for field in 0..<fieldCount { text += "    case field\(field)\n" }
    text += """
        }

        private var values: [Field: String] = [:]
        private var toggles: Set<Field> = []

        override func viewDidLoad() {
          super.viewDidLoad()
          tableView.register(UITableViewCell.self, forCellReuseIdentifier: "BigFormTextCell")
          tableView.register(UITableViewCell.self, forCellReuseIdentifier: "BigFormSwitchCell")
          tableView.register(UITableViewCell.self, forCellReuseIdentifier: "BigFormPickerCell")
        }

        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
          Field.allCases.count
        }

        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
          let field = Field(rawValue: indexPath.row)!
          switch field {

      """
    let identifiers = ["BigFormTextCell", "BigFormSwitchCell", "BigFormPickerCell"]
    for field in 0..<fieldCount {
      text += """
              case .field\(field):
                let cell = tableView.dequeueReusableCell(withIdentifier: "\(identifiers[field % 3])", for: indexPath)
                cell.textLabel?.text = values[field] ?? "Field \(field)"
                return cell

        """
    }
    text += """
          }
        }

      """
    func newlines(_ text: String) -> Int { text.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } }
    var lineCount = newlines(text)
    var method = 0
    while true {
      let block = """

            func validateField\(method)(_ value: String) -> ValidationResult {
              let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
              guard !trimmed.isEmpty else { return .invalid("Field \(method) is required") }
              if trimmed.count > \(20 + method % 200) {
                return .invalid("Field \(method) is too long")
              }
              values[Field(rawValue: \(method % fieldCount))!] = trimmed
              return .valid
            }

        """
      let blockLines = newlines(block)
      guard lineCount + blockLines + 1 <= target else { break }
      text += block
      lineCount += blockLines
      method += 1
    }
    // Up to the exact line count (the closing brace is the last line).
    while lineCount + 1 < target {
      text += "  // MARK: -\n"
      lineCount += 1
    }
    text += "}\n"
    return text
  }

  // MARK: - Helpers

  private static func defaultValue(_ type: String) -> String {
    switch type {
    case "String?", "UUID?", "URL?": "nil"
    case "[String]": "[]"
    case "Decimal": "0"
    case "Double": "0"
    case "Bool": "false"
    default: "0"
    }
  }

  /// Ordinary code: closures, generics, async, error handling.
  private static func helpers(_ feature: Feature, count: Int, first: Int, random: inout SeededGenerator) -> String {
    let item = "\(feature.name)Item"
    let word = feature.word.lowercased()
    var text = ""
    for offset in 0..<count {
      let n = first + offset
      let limit = random.int(3...120)
      switch random.int(0...5) {
      case 0:
        text += """

            func summary\(n)(for items: [\(item)]) -> String {
              let visible = items.filter { !$0.isArchived }
              guard !visible.isEmpty else { return "No \(word)s" }
              let titles = visible.prefix(\(limit % 5 + 1)).map(\\.title).joined(separator: ", ")
              return "\\(visible.count) \(word)s: \\(titles)"
            }

          """
      case 1:
        text += """

            func sortedByDate\(n)(_ items: [\(item)], ascending: Bool = false) -> [\(item)] {
              items.sorted { lhs, rhs in
                if lhs.priority != rhs.priority { return lhs.priority > rhs.priority }
                return ascending ? lhs.date < rhs.date : lhs.date > rhs.date
              }
            }

          """
      case 2:
        text += """

            func decode\(n)(from data: Data) throws -> [\(item)] {
              let decoder = JSONDecoder()
              decoder.dateDecodingStrategy = .iso8601
              do {
                return try decoder.decode([\(item)].self, from: data)
              } catch let error as DecodingError {
                print("decoding \(word)s failed: \\(error)")
                throw error
              }
            }

          """
      case 3:
        text += """

            func groupedByDay\(n)(_ items: [\(item)]) -> [(day: Date, items: [\(item)])] {
              let calendar = Calendar.current
              let groups = Dictionary(grouping: items) { calendar.startOfDay(for: $0.date) }
              return groups.keys.sorted(by: >).map { day in (day: day, items: groups[day] ?? []) }
            }

          """
      case 4:
        text += """

            func refresh\(n)(using service: \(feature.name)Service) async -> [\(item)] {
              do {
                let fresh = try await service.fetch(limit: \(limit))
                return fresh.filter { $0.priority >= \(limit % 4) && !$0.isArchived }
              } catch {
                print("refreshing \(word)s failed: \\(error.localizedDescription)")
                return []
              }
            }

          """
      default:
        text += """

            static func validateTitle\(n)(_ title: String) -> ValidationResult {
              let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
              if trimmed.isEmpty { return .invalid("A \(word) needs a title") }
              if trimmed.count > \(limit + 20) { return .invalid("The title is too long") }
              return .valid
            }

          """
      }
    }
    return text
  }
}
