/// Storyboards and cell xibs in the shape Xcode 15 writes them.
enum InterfaceBuilderTemplates {
  typealias Feature = CorpusPlan.Feature

  /// Unique object IDs in Xcode's `abc-de-fgh` form: the first three characters name the document.
  struct IDs {
    private static let digits = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    private let document: String
    private var counter = 0

    init(document: Int) { self.document = Self.encode(document, width: 3) }

    mutating func next() -> String {
      counter += 1
      let tail = Self.encode(counter, width: 5)
      return "\(document)-\(tail.prefix(2))-\(tail.dropFirst(2))"
    }

    private static func encode(_ value: Int, width: Int) -> String {
      var value = value
      var characters: [Character] = []
      for _ in 0..<width {
        characters.append(digits[value % digits.count])
        value /= digits.count
      }
      return String(characters.reversed())
    }
  }

  static let module = "BenchApp"

  static func header(type: String, initialViewController: String?) -> String {
    let initial = initialViewController.map { " initialViewController=\"\($0)\"" } ?? ""
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="\(type)" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES"\(initial)>
          <device id="retina6_12" orientation="portrait" appearance="light"/>
          <dependencies>
              <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>
              <capability name="Safe area layout guides" minToolsVersion="9.0"/>
              <capability name="System colors in document resources" minToolsVersion="11.0"/>
              <capability name="documents saved in the Xcode 8 format" minToolsVersion="8.0"/>
          </dependencies>

      """
  }

  static func label(_ id: String, text: String, x: Int, y: Int, width: Int, height: Int, style: String, indent: String)
    -> String
  {
    """
    \(indent)<label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="\(text)" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
    \(indent)    <rect key="frame" x="\(x)" y="\(y)" width="\(width)" height="\(height)"/>
    \(indent)    <fontDescription key="fontDescription" style="\(style)"/>
    \(indent)    <nil key="textColor"/>
    \(indent)    <nil key="highlightedColor"/>
    \(indent)</label>

    """
  }

  /// A table cell; `reuseIdentifier` nil leaves the attribute out (Xcode's default for a new prototype).
  static func tableCell(
    ids: inout IDs, reuseIdentifier: String?, customClass: String?, style: String?, y: Double, height: Int = 44,
    labels: [(outlet: String?, text: String, font: String)], indent: String
  ) -> String {
    let cellID = ids.next()
    let contentID = ids.next()
    let labelIDs = labels.map { _ in ids.next() }
    var attributes = "clipsSubviews=\"YES\" contentMode=\"scaleToFill\" preservesSuperviewLayoutMargins=\"YES\" selectionStyle=\"default\" indentationWidth=\"10\""
    if let reuseIdentifier { attributes += " reuseIdentifier=\"\(reuseIdentifier)\"" }
    if let style {
      attributes += " textLabel=\"\(labelIDs.first ?? cellID)\""
      if labelIDs.count > 1 { attributes += " detailTextLabel=\"\(labelIDs[1])\"" }
      attributes += " style=\"\(style)\""
    }
    if height != 44 { attributes += " rowHeight=\"\(height)\"" }
    attributes += " id=\"\(cellID)\""
    if let customClass {
      attributes += " customClass=\"\(customClass)\" customModule=\"\(module)\" customModuleProvider=\"target\""
    }
    var text = """
      \(indent)<tableViewCell \(attributes)>
      \(indent)    <rect key="frame" x="0.0" y="\(y)" width="393" height="\(height)"/>
      \(indent)    <autoresizingMask key="autoresizingMask"/>
      \(indent)    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="\(cellID)" id="\(contentID)">
      \(indent)        <rect key="frame" x="0.0" y="0.0" width="393" height="\(height)"/>
      \(indent)        <autoresizingMask key="autoresizingMask"/>
      \(indent)        <subviews>

      """
    for (offset, label) in labels.enumerated() {
      text += Self.label(
        labelIDs[offset], text: label.text, x: 20, y: 6 + offset * 22, width: 353, height: 20, style: label.font,
        indent: indent + "            ")
    }
    text += """
      \(indent)        </subviews>
      \(indent)    </tableViewCellContentView>

      """
    let outlets = labels.enumerated().compactMap { offset, label in label.outlet.map { (offset, $0) } }
    if !outlets.isEmpty {
      text += "\(indent)    <connections>\n"
      for (offset, outlet) in outlets {
        text += "\(indent)        <outlet property=\"\(outlet)\" destination=\"\(labelIDs[offset])\" id=\"\(ids.next())\"/>\n"
      }
      text += "\(indent)    </connections>\n"
    }
    text += "\(indent)</tableViewCell>\n"
    return text
  }

  // MARK: - Storyboards

  static func storyboard(_ storyboard: CorpusPlan.Storyboard, features: [Feature]) -> String {
    var ids = IDs(document: storyboard.index)
    let navigationID = ids.next()
    var scenes: [(rootID: String, xml: String)] = []
    var x = 400
    for feature in features {
      let scene =
        feature.style == .storyboardTable
        ? tableScene(feature, ids: &ids, x: x) : outletTableScene(feature, ids: &ids, x: x)
      scenes.append(scene)
      x += 450
    }
    scenes.append(staticTableScene(name: storyboard.name, ids: &ids, x: x))

    var text = header(type: "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB", initialViewController: navigationID)
    text += "    <scenes>\n"
    text += navigationScene(id: navigationID, rootID: scenes[0].rootID, ids: &ids)
    for scene in scenes { text += scene.xml }
    text += """
          </scenes>
          <resources>
              <systemColor name="systemBackgroundColor">
                  <color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
              </systemColor>
              <systemColor name="systemGroupedBackgroundColor">
                  <color red="0.94901960784313721" green="0.94901960784313721" blue="0.96862745098039216" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
              </systemColor>
          </resources>
      </document>

      """
    return text
  }

  static func navigationScene(id: String, rootID: String, ids: inout IDs) -> String {
    """
            <!--Navigation Controller-->
            <scene sceneID="\(ids.next())">
                <objects>
                    <navigationController automaticallyAdjustsScrollViewInsets="NO" id="\(id)" sceneMemberID="viewController">
                        <toolbarItems/>
                        <navigationBar key="navigationBar" contentMode="scaleToFill" insetsLayoutMarginsFromSafeArea="NO" largeTitles="YES" id="\(ids.next())">
                            <rect key="frame" x="0.0" y="59" width="393" height="96"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </navigationBar>
                        <nil name="viewControllers"/>
                        <connections>
                            <segue destination="\(rootID)" kind="relationship" relationship="rootViewController" id="\(ids.next())"/>
                        </connections>
                    </navigationController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="\(ids.next())" userLabel="First Responder" sceneMemberID="firstResponder"/>
                </objects>
                <point key="canvasLocation" x="-400" y="0.0"/>
            </scene>

    """
  }

  /// A `UITableViewController` scene with three prototypes (four with the duplicate defect).
  static func tableScene(_ feature: Feature, ids: inout IDs, x: Int) -> (rootID: String, xml: String) {
    let name = feature.name
    let controllerID = ids.next()
    let tableID = ids.next()
    let indent = String(repeating: " ", count: 28)
    var prototypes = tableCell(
      ids: &ids, reuseIdentifier: "\(name)TitleCell", customClass: "\(name)TitleCell", style: nil, y: 50, height: 64,
      labels: [
        (outlet: "titleLabel", text: feature.word, font: "UICTFontTextStyleHeadline"),
        (outlet: "dateLabel", text: "Date", font: "UICTFontTextStyleFootnote"),
      ],
      indent: indent)
    prototypes += tableCell(
      ids: &ids, reuseIdentifier: "\(name)DetailCell", customClass: nil, style: "IBUITableViewCellStyleSubtitle",
      y: 114,
      labels: [(outlet: nil, text: "Title", font: "UICTFontTextStyleBody"), (outlet: nil, text: "Subtitle", font: "UICTFontTextStyleCaption1")],
      indent: indent)
    if feature.defect == .duplicatePrototype {
      prototypes += tableCell(
        ids: &ids, reuseIdentifier: "\(name)DetailCell", customClass: nil, style: "IBUITableViewCellStyleValue1",
        y: 158,
        labels: [(outlet: nil, text: "Title", font: "UICTFontTextStyleBody"), (outlet: nil, text: "Detail", font: "UICTFontTextStyleBody")],
        indent: indent)
    }
    prototypes += tableCell(
      ids: &ids, reuseIdentifier: "\(name)LoadingCell", customClass: nil, style: "IBUITableViewCellStyleDefault",
      y: 202, labels: [(outlet: nil, text: "Loading…", font: "UICTFontTextStyleBody")], indent: indent)
    let xml = """
              <!--\(name)-->
              <scene sceneID="\(ids.next())">
                  <objects>
                      <tableViewController storyboardIdentifier="\(name)" title="\(feature.word)s" id="\(controllerID)" customClass="\(name)ViewController" customModule="\(module)" customModuleProvider="target" sceneMemberID="viewController">
                          <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="plain" separatorStyle="default" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="-1" estimatedSectionHeaderHeight="-1" sectionFooterHeight="-1" estimatedSectionFooterHeight="-1" id="\(tableID)">
                              <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                              <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                              <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                              <prototypes>
      \(prototypes)                        </prototypes>
                              <connections>
                                  <outlet property="dataSource" destination="\(controllerID)" id="\(ids.next())"/>
                                  <outlet property="delegate" destination="\(controllerID)" id="\(ids.next())"/>
                              </connections>
                          </tableView>
                          <navigationItem key="navigationItem" title="\(feature.word)s" id="\(ids.next())"/>
                      </tableViewController>
                      <placeholder placeholderIdentifier="IBFirstResponder" id="\(ids.next())" userLabel="First Responder" sceneMemberID="firstResponder"/>
                  </objects>
                  <point key="canvasLocation" x="\(x)" y="0.0"/>
              </scene>

      """
    return (controllerID, xml)
  }

  /// A plain view controller whose table is a subview and an outlet (`sharedDataSource` features).
  static func outletTableScene(_ feature: Feature, ids: inout IDs, x: Int) -> (rootID: String, xml: String) {
    let name = feature.name
    let controllerID = ids.next()
    let viewID = ids.next()
    let tableID = ids.next()
    let indent = String(repeating: " ", count: 36)
    var prototypes = tableCell(
      ids: &ids, reuseIdentifier: "\(name)SummaryCell", customClass: "\(name)SummaryCell", style: nil, y: 50,
      labels: [
        (outlet: "titleLabel", text: "Title", font: "UICTFontTextStyleBody"),
        (outlet: "valueLabel", text: "0", font: "UICTFontTextStyleCaption1"),
      ],
      indent: indent)
    if feature.defect == .prototypeWithoutIdentifier {
      prototypes += tableCell(
        ids: &ids, reuseIdentifier: nil, customClass: nil, style: "IBUITableViewCellStyleDefault", y: 94,
        labels: [(outlet: nil, text: "Title", font: "UICTFontTextStyleBody")], indent: indent)
    }
    let xml = """
              <!--\(name)-->
              <scene sceneID="\(ids.next())">
                  <objects>
                      <viewController storyboardIdentifier="\(name)" title="\(feature.word)s" id="\(controllerID)" customClass="\(name)ViewController" customModule="\(module)" customModuleProvider="target" sceneMemberID="viewController">
                          <view key="view" contentMode="scaleToFill" id="\(viewID)">
                              <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                              <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                              <subviews>
                                  <tableView clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="insetGrouped" separatorStyle="default" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="18" sectionFooterHeight="18" translatesAutoresizingMaskIntoConstraints="NO" id="\(tableID)">
                                      <rect key="frame" x="0.0" y="59" width="393" height="759"/>
                                      <color key="backgroundColor" systemColor="systemGroupedBackgroundColor"/>
                                      <prototypes>
      \(prototypes)                                </prototypes>
                                      <connections>
                                          <outlet property="delegate" destination="\(controllerID)" id="\(ids.next())"/>
                                      </connections>
                                  </tableView>
                              </subviews>
                              <viewLayoutGuide key="safeArea" id="\(ids.next())"/>
                              <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                              <constraints>
                                  <constraint firstItem="\(tableID)" firstAttribute="top" secondItem="\(viewID)" secondAttribute="top" id="\(ids.next())"/>
                                  <constraint firstItem="\(tableID)" firstAttribute="bottom" secondItem="\(viewID)" secondAttribute="bottom" id="\(ids.next())"/>
                                  <constraint firstItem="\(tableID)" firstAttribute="leading" secondItem="\(viewID)" secondAttribute="leading" id="\(ids.next())"/>
                                  <constraint firstItem="\(tableID)" firstAttribute="trailing" secondItem="\(viewID)" secondAttribute="trailing" id="\(ids.next())"/>
                              </constraints>
                          </view>
                          <connections>
                              <outlet property="tableView" destination="\(tableID)" id="\(ids.next())"/>
                          </connections>
                      </viewController>
                      <placeholder placeholderIdentifier="IBFirstResponder" id="\(ids.next())" userLabel="First Responder" sceneMemberID="firstResponder"/>
                  </objects>
                  <point key="canvasLocation" x="\(x)" y="0.0"/>
              </scene>

      """
    return (controllerID, xml)
  }

  /// A settings screen with static cells: no identifiers needed, none reported.
  static func staticTableScene(name: String, ids: inout IDs, x: Int) -> (rootID: String, xml: String) {
    let controllerID = ids.next()
    let tableID = ids.next()
    let indent = String(repeating: " ", count: 40)
    var sections = ""
    for (section, rows) in [("General", ["Notifications", "Appearance", "Language"]), ("About", ["Version", "Licenses"])]
    {
      var cells = ""
      for (offset, row) in rows.enumerated() {
        cells += tableCell(
          ids: &ids, reuseIdentifier: nil, customClass: nil, style: "IBUITableViewCellStyleValue1",
          y: Double(18 + offset * 44),
          labels: [(outlet: nil, text: row, font: "UICTFontTextStyleBody"), (outlet: nil, text: "Detail", font: "UICTFontTextStyleBody")],
          indent: indent)
      }
      sections += """
                                    <tableViewSection headerTitle="\(section)" id="\(ids.next())">
                                        <cells>
        \(cells)                                </cells>
                                    </tableViewSection>

        """
    }
    let xml = """
              <!--\(name) Settings-->
              <scene sceneID="\(ids.next())">
                  <objects>
                      <tableViewController storyboardIdentifier="\(name)Settings" title="Settings" id="\(controllerID)" sceneMemberID="viewController">
                          <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="static" style="insetGrouped" separatorStyle="default" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="18" sectionFooterHeight="18" id="\(tableID)">
                              <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                              <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                              <color key="backgroundColor" systemColor="systemGroupedBackgroundColor"/>
                              <sections>
      \(sections)                        </sections>
                              <connections>
                                  <outlet property="dataSource" destination="\(controllerID)" id="\(ids.next())"/>
                                  <outlet property="delegate" destination="\(controllerID)" id="\(ids.next())"/>
                              </connections>
                          </tableView>
                      </tableViewController>
                      <placeholder placeholderIdentifier="IBFirstResponder" id="\(ids.next())" userLabel="First Responder" sceneMemberID="firstResponder"/>
                  </objects>
                  <point key="canvasLocation" x="\(x)" y="0.0"/>
              </scene>

      """
    return (controllerID, xml)
  }

  // MARK: - Xibs

  /// `<Name>CardCell.xib` of a `codeRegistered` feature.
  static func cardCellXib(_ feature: Feature, documentIndex: Int) -> String {
    var ids = IDs(document: documentIndex)
    let name = feature.name
    let identifier = feature.defect == .nibIdentifierMismatch ? "\(name)Card" : "\(name)CardCell"
    let cellID = ids.next()
    let contentID = ids.next()
    let titleID = ids.next()
    let subtitleID = ids.next()
    let imageID = ids.next()
    var text = header(type: "com.apple.InterfaceBuilder3.CocoaTouch.XIB", initialViewController: nil)
    text += """
          <objects>
              <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
              <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
              <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" reuseIdentifier="\(identifier)" rowHeight="88" id="\(cellID)" customClass="\(name)CardCell" customModule="\(module)" customModuleProvider="target">
                  <rect key="frame" x="0.0" y="0.0" width="393" height="88"/>
                  <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                  <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="\(cellID)" id="\(contentID)">
                      <rect key="frame" x="0.0" y="0.0" width="393" height="88"/>
                      <autoresizingMask key="autoresizingMask"/>
                      <subviews>
                          <imageView clipsSubviews="YES" userInteractionEnabled="NO" contentMode="scaleAspectFill" translatesAutoresizingMaskIntoConstraints="NO" id="\(imageID)">
                              <rect key="frame" x="16" y="12" width="64" height="64"/>
                          </imageView>

      """
    text += label(
      titleID, text: feature.word, x: 96, y: 16, width: 281, height: 24, style: "UICTFontTextStyleHeadline",
      indent: String(repeating: " ", count: 20))
    text += label(
      subtitleID, text: "Subtitle", x: 96, y: 48, width: 281, height: 20, style: "UICTFontTextStyleSubhead",
      indent: String(repeating: " ", count: 20))
    text += """
                      </subviews>
                      <constraints>
                          <constraint firstItem="\(titleID)" firstAttribute="leading" secondItem="\(imageID)" secondAttribute="trailing" constant="16" id="\(ids.next())"/>
                          <constraint firstItem="\(subtitleID)" firstAttribute="top" secondItem="\(titleID)" secondAttribute="bottom" constant="8" id="\(ids.next())"/>
                      </constraints>
                  </tableViewCellContentView>
                  <viewLayoutGuide key="safeArea" id="\(ids.next())"/>
                  <connections>
                      <outlet property="subtitleLabel" destination="\(subtitleID)" id="\(ids.next())"/>
                      <outlet property="thumbnailView" destination="\(imageID)" id="\(ids.next())"/>
                      <outlet property="titleLabel" destination="\(titleID)" id="\(ids.next())"/>
                  </connections>
                  <point key="canvasLocation" x="139" y="220"/>
              </tableViewCell>
          </objects>
      </document>

      """
    return text
  }
}
