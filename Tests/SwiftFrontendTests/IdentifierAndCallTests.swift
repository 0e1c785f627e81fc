import Testing
import TablelintModel
@testable import SwiftFrontend
import _TablelintTestSupport

@Suite struct IdentifierExpressionTests {
  /// The identifier expression of the only dequeue in `body` (inside a method of `final class C`).
  func identifier(_ body: String, prelude: String = "") throws -> IdentifierExpression {
    let source = "\(prelude)\nfinal class C: UITableViewController {\n  func f(tableView: UITableView, indexPath: IndexPath) {\n\(body)\n  }\n}\n"
    let facts = try #require(SwiftFrontend.parse(path: "C.swift", bytes: Array(source.utf8)).swift)
    return try #require(facts.dequeues.first).identifier
  }

  @Test func literalsConstantsAndTypeNames() throws {
    #expect(try identifier(#"tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)"#) == .literal("Cell"))
    #expect(try identifier(#"tableView.dequeueReusableCell(withIdentifier: PhotoCell.reuseID, for: indexPath)"#) == .reference(path: ["PhotoCell", "reuseID"]))
    #expect(try identifier(#"tableView.dequeueReusableCell(withIdentifier: self.cellID, for: indexPath)"#) == .reference(path: ["cellID"]))
    #expect(try identifier(#"tableView.dequeueReusableCell(withIdentifier: String(describing: PhotoCell.self), for: indexPath)"#) == .typeName("PhotoCell"))
    #expect(try identifier(#"tableView.dequeueReusableCell(withIdentifier: "\(PhotoCell.self)", for: indexPath)"#) == .typeName("PhotoCell"))
    #expect(try identifier(#"tableView.dequeueReusableCell(withIdentifier: CellID.photo.rawValue, for: indexPath)"#) == .rawValue(enumType: "CellID", caseName: "photo"))
    #expect(try identifier(#"tableView.dequeueReusableCell(withIdentifier: Constants.Cells.photo, for: indexPath)"#) == .reference(path: ["Constants", "Cells", "photo"]))
  }

  @Test func localsAreFollowedOnlyWhenConstant() throws {
    #expect(try identifier("    let id = \"Photo\"\n    _ = tableView.dequeueReusableCell(withIdentifier: id, for: indexPath)") == .literal("Photo"))
    #expect(try identifier("    var id = \"Photo\"\n    id = \"Video\"\n    _ = tableView.dequeueReusableCell(withIdentifier: id, for: indexPath)") == .unknown)
    #expect(try identifier("    let id = indexPath.row == 0 ? \"A\" : \"B\"\n    _ = tableView.dequeueReusableCell(withIdentifier: id, for: indexPath)") == .unknown)
    #expect(try identifier("    _ = tableView.dequeueReusableCell(withIdentifier: \"Cell\\(indexPath.row)\", for: indexPath)") == .unknown)
  }

  @Test func genericParametersAreUnknown() throws {
    let source = """
      extension UITableView {
        func cell<T: UITableViewCell>(_ type: T.Type, at indexPath: IndexPath) -> T {
          dequeueReusableCell(withIdentifier: String(describing: T.self), for: indexPath) as! T
        }
      }
      """
    let facts = try #require(SwiftFrontend.parse(path: "E.swift", bytes: Array(source.utf8)).swift)
    // The body of a generic helper is not a dequeue of its own: it is the helper's template.
    #expect(facts.dequeues.isEmpty)
    let helper = try #require(facts.reuseHelpers.first)
    #expect(helper.identifier == .typeName)
    #expect(helper.extendedType == "UITableView")
  }
}

@Suite struct DequeueAndRegistrationTests {
  func facts(_ body: String) throws -> SwiftFileFacts {
    let source = "final class C: UITableViewController {\n  func f(indexPath: IndexPath) {\n\(body)\n  }\n}\n"
    return try #require(SwiftFrontend.parse(path: "C.swift", bytes: Array(source.utf8)).swift)
  }

  @Test(arguments: [
    ("let c = tableView.dequeueReusableCell(withIdentifier: \"A\")!", NilHandling.forced, nil as String?),
    ("let c = tableView.dequeueReusableCell(withIdentifier: \"A\") as! PhotoCell", .forced, "PhotoCell"),
    ("let c = tableView.dequeueReusableCell(withIdentifier: \"A\") ?? UITableViewCell()", .handled, nil),
    ("if let c = tableView.dequeueReusableCell(withIdentifier: \"A\") { _ = c }", .handled, nil),
    ("let c = tableView.dequeueReusableCell(withIdentifier: \"A\") as? PhotoCell", .handled, "PhotoCell"),
    ("let c = (tableView.dequeueReusableCell(withIdentifier: \"A\") as? PhotoCell)!", .forced, "PhotoCell"),
    ("let c = tableView.dequeueReusableCell(withIdentifier: \"A\", for: indexPath) as! PhotoCell", .notOptional, "PhotoCell"),
    ("let c = tableView.dequeueReusableHeaderFooterView(withIdentifier: \"A\")!", .forced, nil),
  ])
  func nilHandlingAndCasts(statement: String, handling: NilHandling, cast: String?) throws {
    let dequeue = try #require(try facts("    \(statement)").dequeues.first)
    #expect(dequeue.nilHandling == handling)
    #expect(dequeue.castType == cast)
    #expect(dequeue.receiver == "tableView")
    #expect(dequeue.enclosingType == "C")
  }

  @Test func sameNamedHelpersAreNotUIKitDequeues() throws {
    // A helper named like UIKit's method: a call of a generic helper, resolved by the index through its body.
    let dequeues = try facts("    let c: PhotoCell = tableView.dequeueReusableCell(for: indexPath)").dequeues
    guard case .genericHelper(let call)? = dequeues.first?.identifier else {
      Issue.record("expected a generic helper call, got \(dequeues)")
      return
    }
    #expect(call.boundType == "PhotoCell")
    #expect(try facts("    let c = tableView.dequeueReusableCell(for: indexPath)").dequeues.isEmpty)
  }

  @Test func registrationForms() throws {
    let registrations = try facts("""
          tableView.register(PhotoCell.self, forCellReuseIdentifier: "Photo")
          tableView.register(UINib(nibName: "VideoCell", bundle: nil), forCellReuseIdentifier: "Video")
          tableView.register(HeaderView.self, forHeaderFooterViewReuseIdentifier: "Header")
          collectionView.register(TileCell.self, forCellWithReuseIdentifier: "Tile")
          tableView.register(cellType: BadgeCell.self)
          UserDefaults.standard.register(defaults: [:])
      """).registrations
    #expect(registrations.count == 5)
    #expect(registrations[0].content == .cellClass("PhotoCell"))
    #expect(registrations[0].identifier == .literal("Photo"))
    guard case .nib(.literal("VideoCell"), _) = registrations[1].content else {
      Issue.record("expected a nib registration, got \(registrations[1].content)")
      return
    }
    #expect(registrations[2].kind == .tableHeaderFooter)
    #expect(registrations[3].kind == .collectionCell)
    #expect(registrations[4].identifier == .genericHelper(
      GenericHelperCall(name: "register", argumentLabels: ["cellType"], kind: .tableCell, role: .registration, boundType: "BadgeCell", bindingArgument: 0)
    ))
    #expect(registrations[4].helperName == "register")
  }

  @Test func nibReferencesAndBundles() throws {
    let nibs = try facts("""
          _ = UINib(nibName: "A", bundle: nil)
          _ = UINib(nibName: "B", bundle: Bundle(for: C.self))
          _ = UINib(nibName: "C", bundle: frameworkBundle)
          _ = Bundle.main.loadNibNamed("D", owner: self, options: nil)
          let bundle = Bundle.main
          _ = UINib(nibName: "E", bundle: bundle)
      """).nibReferences
    #expect(nibs.map(\.name) == [.literal("A"), .literal("B"), .literal("C"), .literal("D"), .literal("E")])
    #expect(nibs.map(\.bundle) == [.app, .app, .other, .app, .app])
  }
}

@Suite struct RobustnessTests {
  @Test func malformedSwiftStillYieldsFacts() throws {
    let source = "class C: UITableViewController {\n  func f( {\n    tableView.register(A.self, forCellReuseIdentifier: \"A\")\n"
    let result = SwiftFrontend.parse(path: "Broken.swift", bytes: Array(source.utf8))
    #expect(result.problems.isEmpty)
    #expect(result.swift != nil)
  }

  @Test func binaryAndNonUTF8FilesAreUnreadable() {
    let binary = SwiftFrontend.parse(path: "Junk.swift", bytes: [0x63, 0x6C, 0x00, 0xFF])
    #expect(binary.content == .unreadable)
    #expect(binary.problems.count == 1)
    #expect(binary.problems.first?.location.column == 3)
    let latin1 = SwiftFrontend.parse(path: "Latin1.swift", bytes: Array("let s = \"caf".utf8) + [0xE9, 0x22])
    #expect(latin1.content == .unreadable)
    #expect(latin1.problems.first?.message.contains("UTF-8") == true)
  }

  @Test func deeplyNestedInputDoesNotCrash() {
    let source = String(repeating: "(", count: 5_000) + String(repeating: ")", count: 5_000)
    let result = SwiftFrontend.parse(path: "Deep.swift", bytes: Array(source.utf8))
    #expect(result.swift != nil || !result.problems.isEmpty)
  }
}

@Suite struct LibraryRowTests {
  @Test func flowAndStaticRows() throws {
    let source = """
      import Static
      final class SettingsViewController: UITableViewController {
        func rows() {
          _ = Row(text: "Account", cellClass: Value1Cell.self)
          _ = Row<AvatarCell>(model: "me")
        }
      }
      """
    let facts = try #require(SwiftFrontend.parse(path: "S.swift", bytes: Array(source.utf8)).swift)
    #expect(facts.libraryRows.map(\.library) == [.staticLibrary, .flow])
    #expect(facts.libraryRows.map(\.cellClass) == ["Value1Cell", "AvatarCell"])
  }
}

@Suite struct TrappingGuardTests {
  @Test func guardLetWithFatalErrorIsForced() throws {
    let source = """
      final class C: UITableViewController {
        func f(indexPath: IndexPath) -> UITableViewCell {
          guard let cell = tableView.dequeueReusableCell(withIdentifier: "A", for: indexPath) as? PhotoCell else {
            fatalError("unexpected cell")
          }
          guard let plain = tableView.dequeueReusableCell(withIdentifier: "B") else { fatalError() }
          guard let soft = tableView.dequeueReusableCell(withIdentifier: "C") else { return UITableViewCell() }
          _ = (plain, soft)
          return cell
        }
      }
      """
    let dequeues = try #require(SwiftFrontend.parse(path: "C.swift", bytes: Array(source.utf8)).swift).dequeues
    #expect(dequeues.map(\.castKind) == [.forced, nil, nil])
    #expect(dequeues.map(\.nilHandling) == [.notOptional, .forced, .handled])
  }
}

@Suite struct TypeAliasTests {
  @Test func aliasesOfNamedTypesAreRecorded() throws {
    let source = """
      typealias Settings = SettingsViewController
      typealias Folder = NewsBlurFeedsResponse.Folder
      typealias Pairs = [String: Int]
      typealias Handler<T> = (T) -> Void
      typealias Boxed = Box<Int>
      final class Outer {
        typealias Inner = InnerViewController
        func f() { typealias Local = LocalType }
      }
      protocol P { typealias Element = Int }
      #if os(macOS)
      typealias RSImage = NSImage
      #endif
      """
    let facts = try #require(SwiftFrontend.parse(path: "A.swift", bytes: Array(source.utf8)).swift)
    #expect(facts.typeAliases.map { "\($0.name)=\($0.target)" } == [
      "Settings=SettingsViewController", "Folder=NewsBlurFeedsResponse.Folder", "Outer.Inner=InnerViewController",
    ])
  }
}
