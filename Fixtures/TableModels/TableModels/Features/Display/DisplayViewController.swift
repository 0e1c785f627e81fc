import UIKit

/// Main.storyboard, scene "Display": three static sections (Theme: 2 cells, Layout: 1, Fonts: 3) addressed through
/// an `Int` enum, as Delta's settings do. Sections written as enum cases map to their raw values.
final class DisplayViewController: UITableViewController {
  enum Section: Int, CaseIterable {
    case theme
    case layout
    case fonts
  }

  var isPro = false
  var showsCompactLayout = true

  override func numberOfSections(in tableView: UITableView) -> Int {
    Section.allCases.count
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    let section = Section(rawValue: section)!
    switch section {
    case .theme where !isPro: return 1
    case .layout where showsCompactLayout: return 2
    case .fonts: return 3
    default: return super.tableView(tableView, numberOfRowsInSection: section.rawValue)
    }
  }

  override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    guard let section = Section(rawValue: section) else { return nil }
    switch section {
    case .theme: return "Theme"
    case .layout: return "Layout"
    case .fonts: return "Fonts"
    }
  }
}

/// The same screen written with `Section.x.rawValue` cases.
final class DisplayLegacyViewController: UITableViewController {
  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    switch section {
    case DisplayViewController.Section.fonts.rawValue: return 3
    default: return 1
    }
  }
}
