/// Builders for storyboards with static tables, for the table-model rules' examples.
extension ExampleIB {
  /// A section of a static table: its header and footer, and one `Basic` cell per row text.
  struct StaticSection {
    var header: String?
    var footer: String?
    var rows: [String]

    init(header: String? = nil, footer: String? = nil, _ rows: [String]) {
      self.header = header
      self.footer = footer
      self.rows = rows
    }
  }

  /// A scene whose controller (`tableViewController`, or `viewController` with the table as a subview) holds a
  /// static table. `tableMarker` stands right before the `<tableView` element.
  static func staticTableScene(
    id: String, controllerClass: String?, element: String = "tableViewController", sections: [StaticSection],
    tableMarker: String = ""
  ) -> String {
    let custom = controllerClass.map { " customClass=\"\($0)\" customModule=\"App\" customModuleProvider=\"target\"" } ?? ""
    var sectionXML: [String] = []
    for (sectionIndex, section) in sections.enumerated() {
      let header = section.header.map { " headerTitle=\"\($0)\"" } ?? ""
      let footer = section.footer.map { " footerTitle=\"\($0)\"" } ?? ""
      let cells = section.rows.enumerated().map { rowIndex, text in
        staticCell(id: "\(id)-s\(sectionIndex)-r\(rowIndex)", text: text)
      }
      sectionXML.append(
        """
                                    <tableViewSection\(header)\(footer) id="\(id)-s\(sectionIndex)">
                                        <cells>
        \(cells.joined(separator: "\n"))
                                        </cells>
                                    </tableViewSection>
        """
      )
    }
    let table = """
                            \(tableMarker)<tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="static" style="insetGrouped" separatorStyle="default" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="18" sectionFooterHeight="18" id="\(id)-table">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <sections>
    \(sectionXML.joined(separator: "\n"))
                                </sections>
                                <connections>
                                    <outlet property="dataSource" destination="\(id)" id="\(id)-ds"/>
                                    <outlet property="delegate" destination="\(id)" id="\(id)-dg"/>
                                </connections>
                            </tableView>
    """
    let content: String
    if element == "tableViewController" {
      content = table
    } else {
      content = """
                            <view key="view" contentMode="scaleToFill" id="\(id)-view">
                                <subviews>
        \(table.replacingFirstKey())
                                </subviews>
                            </view>
        """
    }
    return """
            <scene sceneID="scene-\(id)">
                <objects>
                    <\(element) id="\(id)"\(custom) sceneMemberID="viewController">
    \(content)
                    </\(element)>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="\(id)-fr" userLabel="First Responder" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
    """
  }

  /// A static cell of style Basic whose label shows `text`.
  static func staticCell(id: String, text: String) -> String {
    """
                                            <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" textLabel="\(id)-label" style="IBUITableViewCellStyleDefault" id="\(id)">
                                                <rect key="frame" x="0.0" y="50" width="393" height="44"/>
                                                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="\(id)" id="\(id)-content">
                                                    <rect key="frame" x="0.0" y="0.0" width="393" height="44"/>
                                                    <subviews>
                                                        <label opaque="NO" contentMode="left" text="\(text)" id="\(id)-label"/>
                                                    </subviews>
                                                </tableViewCellContentView>
                                            </tableViewCell>
    """
  }
}

extension String {
  /// A table embedded as a subview has no `key="view"`.
  fileprivate func replacingFirstKey() -> String {
    var copy = self
    if let range = copy.firstRange(of: " key=\"view\"") { copy.replaceSubrange(range, with: "") }
    return copy
  }
}
