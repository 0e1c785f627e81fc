import Foundation
import JSONRPC
import TablelintLanguageServer
import Testing

/// Hover on selectors and table declarations, and the tables of a Swift file as document symbols.
@Suite struct HoverAndSymbolsTests {
  static let storyboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
        <scenes>
            <scene sceneID="s1">
                <objects>
                    <tableViewController id="vc" customClass="SettingsViewController" customModule="App" customModuleProvider="target" sceneMemberID="viewController">
                        <tableView key="view" dataMode="static" style="grouped" id="tv">
                            <sections>
                                <tableViewSection headerTitle="Account" footerTitle="Signed in" id="sec0">
                                    <cells>
                                        <tableViewCell accessoryType="disclosureIndicator" textLabel="l1" style="IBUITableViewCellStyleValue1" id="c1">
                                            <tableViewCellContentView key="contentView" id="cv1">
                                                <subviews>
                                                    <label text="Name" id="l1"/>
                                                    <button id="b1">
                                                        <connections>
                                                            <action selector="refreshWithSender:" destination="vc" eventType="touchUpInside" id="a1"/>
                                                        </connections>
                                                    </button>
                                                </subviews>
                                            </tableViewCellContentView>
                                        </tableViewCell>
                                    </cells>
                                </tableViewSection>
                            </sections>
                        </tableView>
                    </tableViewController>
                </objects>
            </scene>
        </scenes>
    </document>
    """

  static let controller = """
    import UIKit

    final class Settings2️⃣ViewController: UITableViewController {
      /// Reloads.
      @IBAction
      func refresh(sender: Any) {}

      override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.rightBarButtonItem = UIBarButtonItem(
          title: "R", style: .plain, target: self, action: #selector(refr1️⃣esh(sender:)))
        let other = #selector(Settings3️⃣ViewController.missing)
      }
    }
    """

  static let layout = """
    enum SettingsRow: TableViewDescriptor {
      case name, email, logout
      static var layout: [[SettingsRow]] { [[.name, .email], [.logout]] }
      static var sectionHeaders: [Int: String]? { [0: "Account"] }
      var title: String {
        switch self {
        case .name: return "Name"
        case .email: return "Email"
        case .logout: return "Log Out"
        }
      }
    }
    """

  static func client() throws -> TestClient {
    let client = try TestClient(files: [
      "Main.storyboard": storyboard,
      "Settings.swift": controller.replacingOccurrences(of: "1️⃣", with: "").replacingOccurrences(of: "2️⃣", with: "")
        .replacingOccurrences(of: "3️⃣", with: ""),
      "SettingsRow.swift": layout,
    ])
    try client.initialize()
    return client
  }

  @Test func hoverOnASwiftSelectorShowsTheMethodSignature() throws {
    let client = try Self.client()
    let marks = try client.openDocument("Settings.swift", Self.controller)
    let uri = TextDocumentIdentifier(uri: client.uri("Settings.swift"))
    let hover = try #require(try client.send(HoverRequest(textDocument: uri, position: marks["1️⃣"]!)))
    #expect(hover.contents.kind == "markdown")
    #expect(hover.contents.value.hasPrefix("```swift\n@IBAction func refresh(sender: Any)\n```"))
    #expect(hover.contents.value.contains("in 'SettingsViewController' (Settings.swift:6)"))
    #expect(hover.range?.start.line == marks["1️⃣"]!.line)
    let missing = try #require(try client.send(HoverRequest(textDocument: uri, position: marks["3️⃣"]!)))
    #expect(missing.contents.value.contains("no method `missing` in `SettingsViewController`"))
  }

  @Test func hoverOnAnInterfaceBuilderActionSelector() throws {
    let client = try Self.client()
    let marked = Self.storyboard.replacingOccurrences(of: "selector=\"refresh", with: "selector=\"ref1️⃣resh")
    let marks = try client.openDocument("Main.storyboard", marked)
    let hover = try #require(try client.send(HoverRequest(
      textDocument: .init(uri: client.uri("Main.storyboard")), position: marks["1️⃣"]!
    )))
    #expect(hover.contents.value.hasPrefix("```swift\n@IBAction func refresh(sender: Any)\n```"))
    #expect(hover.contents.value.contains("in 'SettingsViewController' (Settings.swift:6)"))
  }

  @Test func hoverOnATableOwnerShowsItsOutline() throws {
    let client = try Self.client()
    let marks = try client.openDocument("Settings.swift", Self.controller)
    let hover = try #require(try client.send(HoverRequest(
      textDocument: .init(uri: client.uri("Settings.swift")), position: marks["2️⃣"]!
    )))
    let text = hover.contents.value
    #expect(text.contains("**SettingsViewController** — storyboard-static table owned by `SettingsViewController` · grouped"))
    #expect(text.contains("- Section 0 — header 'Account', footer 'Signed in'"))
    #expect(text.contains("  - value1 · 'Name' · disclosureIndicator"))

    let marked = Self.storyboard.replacingOccurrences(of: "<tableView key", with: "<table1️⃣View key")
    let storyboardMarks = try client.openDocument("Main.storyboard", marked)
    let onTag = try #require(try client.send(HoverRequest(
      textDocument: .init(uri: client.uri("Main.storyboard")), position: storyboardMarks["1️⃣"]!
    )))
    #expect(onTag.contents.value == text)
  }

  @Test func swiftDocumentSymbolsListTheFilesTables() throws {
    let client = try Self.client()
    try client.openDocument("SettingsRow.swift", Self.layout)
    let symbols = try client.send(DocumentSymbolRequest(textDocument: .init(uri: client.uri("SettingsRow.swift"))))
    let table = try #require(symbols.first { $0.name == "SettingsRow" })
    #expect(table.kind == .struct)
    #expect(table.detail == "enum-layout")
    let sections = table.children ?? []
    #expect(sections.map(\.name) == ["Section 0 'Account'", "Section 1"])
    #expect(sections.allSatisfy { $0.kind == .namespace })
    #expect(sections.first?.children?.map(\.name) == ["Name", "Email"])
    #expect(sections.first?.children?.first?.kind == .field)
    #expect(sections.last?.children?.map(\.name) == ["Log Out"])
    for section in sections {
      #expect(table.range.start <= section.range.start && section.range.end <= table.range.end)
    }
    // A file without tables has no symbols.
    try client.openDocument("Settings.swift", Self.controller)
    #expect(try client.send(DocumentSymbolRequest(textDocument: .init(uri: client.uri("Settings.swift")))).isEmpty)
  }
}
