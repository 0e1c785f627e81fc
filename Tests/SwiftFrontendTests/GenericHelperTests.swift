import Testing
import TablelintModel
@testable import SwiftFrontend
import _TablelintTestSupport

@Suite struct GenericHelperTests {
  func facts(_ source: String) throws -> SwiftFileFacts {
    try #require(SwiftFrontend.parse(path: "F.swift", bytes: Array(source.utf8)).swift)
  }

  @Test func reusableStyleHelpersAreRecordedAsTemplates() throws {
    let facts = try facts(
      """
      extension UITableView {
        final func register<T: UITableViewCell>(cellType: T.Type) where T: Reusable {
          register(cellType.self, forCellReuseIdentifier: cellType.reuseIdentifier)
        }
        final func registerNib<T: UITableViewCell>(_ type: T.Type) {
          register(UINib(nibName: String(describing: T.self), bundle: nil), forCellReuseIdentifier: "\\(T.self)")
        }
        final func dequeueReusableCell<T: UITableViewCell>(for indexPath: IndexPath, cellType: T.Type = T.self) -> T
          where T: Reusable {
          guard let cell = dequeueReusableCell(withIdentifier: cellType.reuseIdentifier, for: indexPath) as? T else {
            fatalError()
          }
          return cell
        }
        func dequeueCell<CellType: UITableViewCell>(ofType: CellType.Type, for indexPath: IndexPath) -> CellType {
          let reuseIdentifier = "\\(CellType.self)"
          return dequeueReusableCell(withIdentifier: reuseIdentifier, for: indexPath) as! CellType
        }
      }
      """
    )
    #expect(facts.dequeues.isEmpty)
    #expect(facts.registrations.isEmpty)
    let helpers = Dictionary(uniqueKeysWithValues: facts.reuseHelpers.map { ($0.name, $0) })
    #expect(helpers["register"]?.identifier == .member("reuseIdentifier"))
    #expect(helpers["register"]?.role == .registration)
    #expect(helpers["register"]?.parameters == [HelperParameter(label: "cellType", hasDefault: false, bindsTypeParameter: true)])
    #expect(helpers["registerNib"]?.nibName == .typeName)
    #expect(helpers["dequeueReusableCell"]?.identifier == .member("reuseIdentifier"))
    #expect(helpers["dequeueReusableCell"]?.returnsTypeParameter == true)
    #expect(helpers["dequeueReusableCell"]?.parameterIndices(forArgumentLabels: ["for"]) == [0])
    #expect(helpers["dequeueReusableCell"]?.parameterIndices(forArgumentLabels: ["for", "cellType"]) == [0, 1])
    #expect(helpers["dequeueReusableCell"]?.parameterIndices(forArgumentLabels: ["cellType"]) == nil)
    #expect(helpers["dequeueCell"]?.identifier == .typeName)
  }

  @Test func callSitesBindTheTypeParameter() throws {
    let facts = try facts(
      """
      final class C: UITableViewController {
        override func viewDidLoad() {
          tableView.register(cellType: PhotoCell.self)
          collectionView.register(TagCell.self)
        }
        func f(_ tableView: UITableView, indexPath: IndexPath) {
          let a: PhotoCell = tableView.dequeueReusableCell(for: indexPath)
          let b = tableView.dequeueReusableCell(for: indexPath) as VideoCell
          let c = tableView.dequeueReusableCell(for: indexPath, cellType: TextCell.self)
          let d = tableView.dequeueCell(ofType: PlainCell.self, for: indexPath)
          let e = tableView.dequeueReusableCell(for: indexPath)
        }
      }
      """
    )
    let calls = facts.dequeues.compactMap { dequeue -> GenericHelperCall? in
      if case .genericHelper(let call) = dequeue.identifier { return call }
      return nil
    }
    #expect(calls.map(\.boundType) == ["PhotoCell", "VideoCell", "TextCell", "PlainCell"])
    #expect(calls.map(\.bindingArgument) == [nil, nil, 1, 0])
    #expect(facts.dequeues.map(\.castType) == ["PhotoCell", "VideoCell", "TextCell", "PlainCell"])
    let registrations = facts.registrations.compactMap { registration -> GenericHelperCall? in
      if case .genericHelper(let call) = registration.identifier { return call }
      return nil
    }
    #expect(registrations.map(\.boundType) == ["PhotoCell", "TagCell"])
    #expect(registrations.map(\.kind) == [.tableCell, .collectionCell])
  }

  @Test func otherRegistriesAreNotHelperCalls() throws {
    let facts = try facts(
      """
      final class C: NSViewController {
        func f() {
          manager.register(responseHandler: ReplacingHandler.self, for: identifier)
          collectionView.register(AvatarItem.self, forItemWithIdentifier: .avatar)
        }
      }
      """
    )
    #expect(facts.registrations.allSatisfy { $0.identifier == .unknown })
  }

  @Test(arguments: [
    ("var cell = tableView.dequeueReusableCell(withIdentifier: \"A\")\n    cell!.textLabel?.text = \"x\"\n    return cell!", NilHandling.forced),
    ("let cell = tableView.dequeueReusableCell(withIdentifier: \"A\")\n    cell?.textLabel?.text = \"x\"\n    return cell!", .forced),
    ("var cell = tableView.dequeueReusableCell(withIdentifier: \"A\")\n    if cell == nil { cell = UITableViewCell(style: .default, reuseIdentifier: \"A\") }\n    return cell!", .handled),
    ("let cell = tableView.dequeueReusableCell(withIdentifier: \"A\")\n    return cell ?? UITableViewCell()", .handled),
    ("let cell = tableView.dequeueReusableCell(withIdentifier: \"A\")\n    guard let cell else { return UITableViewCell() }\n    return cell", .handled),
    ("let cell = tableView.dequeueReusableCell(withIdentifier: \"A\") as? PhotoCell\n    return cell!", .forced),
  ])
  func optionalDequeueForcedLater(body: String, expected: NilHandling) throws {
    let facts = try facts(
      "final class C: UITableViewController {\n  func f(_ tableView: UITableView) -> UITableViewCell {\n    \(body)\n  }\n}\n"
    )
    #expect(facts.dequeues.first?.nilHandling == expected)
  }

  @Test func rowActionSelectorsPerformedOnSelf() throws {
    let facts = try facts(
      """
      final class DebugViewController: UITableViewController {
        let rows = [SimpleRow(title: "Settings", action: NSSelectorFromString("openSettings"))]
        override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
          if let action = rows[indexPath.row].action { perform(action) }
        }
      }
      final class Other: NSObject {
        let rows = [SimpleRow(title: "Settings", action: NSSelectorFromString("openSettings"))]
      }
      """
    )
    #expect(facts.selectorReferences.map(\.isPerformedOnEnclosingType) == [true, false])
  }
}
