import Foundation
import Testing
import TablelintCore
import TablelintIndex
import TablelintModel
import _TablelintTestSupport

/// The project-wide table model: storyboard static tables joined with their controller's data source, layouts and
/// declared tables, and its JSON shape.
@Suite struct TableModelTests {
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
                                                <subviews><label text="Name" id="l1"/></subviews>
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

  static let swift = """
    class BaseViewController: UITableViewController {
      override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        section == 0 ? super.tableView(tableView, numberOfRowsInSection: section) : 0
      }
    }
    final class SettingsViewController: BaseViewController {}
    """

  func model() -> TableModel {
    let (result, _) = ExampleRunner.lint([("Main.storyboard", Self.storyboard), ("Settings.swift", Self.swift)])
    return result.index.tableModel
  }

  @Test func staticTableIsTiedToItsControllerAndInheritedDataSource() throws {
    let model = model()
    let table = try #require(model.tables.first { $0.source == .storyboardStatic })
    #expect(table.owner == "SettingsViewController")
    #expect(table.style == "grouped")
    #expect(table.sectionCount == 1 && table.complete)
    let section = try #require(table.sections.first)
    #expect(section.header == "Account" && section.footer == "Signed in" && section.rowCount == 1)
    let row = try #require(section.rows?.first)
    #expect(row.text == "Name" && row.style == "value1" && row.accessory == "disclosureIndicator")
    // The subclass inherits its superclass's data source.
    #expect(table.dataSource?.type == "BaseViewController")
    #expect(table.dataSource?.numberOfRows?.map(\.value) == ["super", "0"])
    #expect(table.dataSource?.numberOfRows?.map(\.sections) == ["0", "all but 0"])
    // The superclass that serves the static table is not listed again as a data source of its own.
    #expect(model.tables.filter { $0.source == .dataSource }.isEmpty)
  }

  @Test func jsonIsStable() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let first = try encoder.encode(model())
    let second = try encoder.encode(model())
    #expect(first == second)
    let text = String(decoding: first, as: UTF8.self)
    #expect(text.contains(#""source":"storyboard-static""#))
    #expect(text.contains(#""version":1"#))
    let decoded = try JSONDecoder().decode(TableModel.self, from: first)
    #expect(decoded == model())
  }
}
