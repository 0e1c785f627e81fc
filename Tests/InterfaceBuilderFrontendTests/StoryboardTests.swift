import InterfaceBuilderFrontend
import TablelintModel
import Testing

@Suite struct StoryboardTests {
  static let settingsScene = """
          <scene sceneID="scn-01">
              <objects>
                  <tableViewController storyboardIdentifier="Settings" id="tvc-01" customClass="SettingsViewController" \
  customModule="Prefs" sceneMemberID="viewController">
                      <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" \
  dataMode="static" style="insetGrouped" separatorStyle="default" rowHeight="-1" estimatedRowHeight="-1" \
  sectionHeaderHeight="18" sectionFooterHeight="18" id="tbl-01">
                          <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                          <sections>
                              <tableViewSection headerTitle="Account" footerTitle="Signed in with iCloud" id="sec-01">
                                  <cells>
                                      <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" \
  accessoryType="disclosureIndicator" textLabel="lbl-01" detailTextLabel="lbl-02" style="IBUITableViewCellStyleValue1" \
  id="cel-01">
                                          <tableViewCellContentView key="contentView" id="ctv-01">
                                              <subviews>
                                                  <label text="Name" textAlignment="natural" id="lbl-01">
                                                      <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                  </label>
                                                  <label text="Ada &amp; Co" textAlignment="natural" id="lbl-02"/>
                                              </subviews>
                                          </tableViewCellContentView>
                                      </tableViewCell>
                                  </cells>
                              </tableViewSection>
                              <tableViewSection id="sec-02">
                                  <string key="headerTitle">Two
  lines</string>
                                  <cells>
                                      <tableViewCell textLabel="lbl-03" style="IBUITableViewCellStyleDefault" id="cel-02">
                                          <tableViewCellContentView key="contentView" id="ctv-02">
                                              <subviews>
                                                  <label id="lbl-03">
                                                      <string key="text">Sign
  out</string>
                                                  </label>
                                              </subviews>
                                          </tableViewCellContentView>
                                      </tableViewCell>
                                  </cells>
                              </tableViewSection>
                          </sections>
                          <connections>
                              <outlet property="dataSource" destination="tvc-01" id="out-01"/>
                              <outlet property="delegate" destination="tvc-01" id="out-02"/>
                          </connections>
                      </tableView>
                      <navigationItem key="navigationItem" title="Settings" id="nav-01"/>
                  </tableViewController>
                  <placeholder placeholderIdentifier="IBFirstResponder" id="frs-01" userLabel="First Responder" \
  customClass="UIResponder" sceneMemberID="firstResponder"/>
              </objects>
              <point key="canvasLocation" x="10" y="20"/>
          </scene>
  """

  @Test func staticTableScene() throws {
    let document = try parseDocument(storyboard(Self.settingsScene))
    #expect(document.kind == .storyboard)
    #expect(document.targetRuntime == "iOS.CocoaTouch")

    let table = try #require(document.tableView("tbl-01"))
    #expect(table.dataMode == .static)
    #expect(table.style == "insetGrouped")
    #expect(table.containingControllerID == "tvc-01")
    #expect(table.prototypeCellIDs.isEmpty)
    #expect(table.sections.map(\.id) == ["sec-01", "sec-02"])
    #expect(table.sections.map(\.headerTitle) == ["Account", "Two\nlines"])
    #expect(table.sections.map(\.footerTitle) == ["Signed in with iCloud", nil])
    #expect(table.sections.map(\.cellIDs) == [["cel-01"], ["cel-02"]])

    let first = try #require(document.cell("cel-01"))
    #expect(first.kind == .table)
    #expect(first.role == .staticCell)
    #expect(first.containerID == "tbl-01")
    #expect(first.style == "IBUITableViewCellStyleValue1")
    #expect(first.accessoryType == "disclosureIndicator")
    #expect(first.text == "Name")
    #expect(first.detailText == "Ada & Co")
    #expect(first.reuseIdentifier == nil)
    #expect(first.reuseIdentifierLocation == nil)
    #expect(document.cell("cel-02")?.text == "Sign\nout")
  }

  /// The parser drops whitespace between elements (`XML_PARSE_NOBLANKS`), never a text that is only whitespace.
  @Test func whitespaceOnlyTextsAreKept() throws {
    let scene = """
              <scene sceneID="scn-01">
                  <objects>
                      <tableViewController id="tvc-01" sceneMemberID="viewController">
                          <tableView key="view" dataMode="static" id="tbl-01">
                              <sections>
                                  <tableViewSection id="sec-01">
                                      <string key="headerTitle">   </string>
                                      <string key="footerTitle">
      </string>
                                      <cells>
                                          <tableViewCell textLabel="lbl-01" style="IBUITableViewCellStyleDefault" id="cel-01">
                                              <tableViewCellContentView key="contentView" id="ctv-01">
                                                  <subviews>
                                                      <label id="lbl-01">
                                                          <string key="text"> </string>
                                                      </label>
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
      """
    let document = try parseDocument(storyboard(scene))
    let section = try #require(document.tableView("tbl-01")?.sections.first)
    #expect(section.headerTitle == "   ")
    #expect(section.footerTitle == "\n")
    #expect(section.cellIDs == ["cel-01"])
    #expect(document.cell("cel-01")?.text == " ")
  }

  @Test func objectsOfAScene() throws {
    let document = try parseDocument(storyboard(Self.settingsScene))
    #expect(
      document.objects.map(\.id) == [
        "tvc-01", "tbl-01", "cel-01", "ctv-01", "lbl-01", "lbl-02", "cel-02", "ctv-02", "lbl-03", "nav-01", "frs-01",
      ]
    )
    let controller = try #require(document.object(withID: "tvc-01"))
    #expect(controller.element == "tableViewController")
    #expect(controller.isViewController)
    #expect(controller.storyboardIdentifier == "Settings")
    #expect(controller.classReference == IBClassReference(customClass: "SettingsViewController", customModule: "Prefs", customModuleProvider: nil))
    #expect(controller.parentID == nil)
    #expect(controller.sceneControllerID == "tvc-01")

    let label = try #require(document.object(withID: "lbl-02"))
    #expect(label.parentID == "ctv-01")
    #expect(label.sceneControllerID == "tvc-01")
    #expect(label.effectiveClassName == "UILabel")

    let responder = try #require(document.object(withID: "frs-01"))
    #expect(responder.placeholderIdentifier == "IBFirstResponder")
    #expect(responder.userLabel == "First Responder")
    #expect(responder.parentID == nil)
    #expect(responder.sceneControllerID == "tvc-01")

    #expect(document.connections.map(\.sourceID) == ["tbl-01", "tbl-01"])
    #expect(document.connections.map(\.property) == ["dataSource", "delegate"])
  }

  @Test func prototypeTableWithCustomCells() throws {
    let document = try parseDocument(
      storyboard(
        """
                <scene sceneID="scn-02">
                    <objects>
                        <viewController id="vc-01" customClass="InboxViewController" customModule="Mail" \
        customModuleProvider="target" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v-01">
                                <subviews>
                                    <tableView clipsSubviews="YES" dataMode="prototypes" style="plain" id="tbl-02">
                                        <prototypes>
                                            <tableViewCell preservesSuperviewLayoutMargins="YES" reuseIdentifier="MessageCell" \
        id="cel-10" customClass="MessageCell" customModule="Mail" customModuleProvider="target">
                                                <tableViewCellContentView key="contentView" id="ctv-10"/>
                                            </tableViewCell>
                                            <tableViewCell reuseIdentifier="LoadingCell" id="cel-11" customClass="LoadingCell" \
        customModuleProvider="target"/>
                                        </prototypes>
                                    </tableView>
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
        """
      )
    )
    let table = try #require(document.tableView("tbl-02"))
    #expect(table.dataMode == .prototypes)
    #expect(table.style == "plain")
    #expect(table.sections.isEmpty)
    #expect(table.prototypeCellIDs == ["cel-10", "cel-11"])
    #expect(table.containingControllerID == "vc-01")

    let message = try #require(document.cell("cel-10"))
    #expect(message.role == .prototype)
    #expect(message.containerID == "tbl-02")
    #expect(message.reuseIdentifier == "MessageCell")
    #expect(
      message.classReference
        == IBClassReference(customClass: "MessageCell", customModule: "Mail", customModuleProvider: "target")
    )
    #expect(message.effectiveClassName == "MessageCell")
    #expect(message.text == nil)
    #expect(document.cell("cel-11")?.classReference.customModuleProvider == "target")
    #expect(document.cell("cel-11")?.classReference.customModule == nil)
    #expect(document.object(withID: "tbl-02")?.parentID == "v-01")
    #expect(document.object(withID: "cel-11")?.sceneControllerID == "vc-01")
  }

  @Test func collectionViewPrototypes() throws {
    let document = try parseDocument(
      storyboard(
        """
                <scene sceneID="scn-03">
                    <objects>
                        <collectionViewController id="cvc-01" customClass="PhotosViewController" customModule="Gallery" \
        sceneMemberID="viewController">
                            <collectionView key="view" clipsSubviews="YES" dataMode="prototypes" id="col-01">
                                <collectionViewFlowLayout key="collectionViewLayout" minimumLineSpacing="10" id="lay-01">
                                    <size key="itemSize" width="128" height="128"/>
                                </collectionViewFlowLayout>
                                <cells>
                                    <collectionViewCell opaque="NO" reuseIdentifier="PhotoCell" id="ccl-01" \
        customClass="PhotoCell" customModule="Gallery">
                                        <collectionViewCellContentView key="contentView" id="ccv-01"/>
                                    </collectionViewCell>
                                    <collectionViewCell reuseIdentifier="AddCell" id="ccl-02"/>
                                </cells>
                                <collectionReusableView key="sectionHeaderView" reuseIdentifier="Header" id="hdr-01"/>
                            </collectionView>
                        </collectionViewController>
                    </objects>
                </scene>
        """
      )
    )
    #expect(document.tableViews.isEmpty)
    let collection = try #require(document.collectionViews.first)
    #expect(collection.id == "col-01")
    #expect(collection.prototypeCellIDs == ["ccl-01", "ccl-02"])
    #expect(collection.containingControllerID == "cvc-01")
    #expect(document.cells.map(\.id) == ["ccl-01", "ccl-02", "hdr-01"])
    #expect(document.cells.allSatisfy { $0.role == .prototype && $0.containerID == "col-01" })
    #expect(document.cells.map(\.kind) == [.collection, .collection, .supplementary])
    #expect(collection.supplementaryViewIDs == ["hdr-01"])
    #expect(document.cell("hdr-01")?.effectiveClassName == "UICollectionReusableView")
    #expect(document.cell("ccl-01")?.reuseIdentifier == "PhotoCell")
    #expect(document.cell("ccl-02")?.effectiveClassName == "UICollectionViewCell")
    #expect(document.object(withID: "hdr-01")?.parentID == "col-01")
    #expect(document.object(withID: "lay-01") != nil)
  }

  @Test func connectionsOfAllKinds() throws {
    let document = try parseDocument(
      storyboard(
        """
                <scene sceneID="scn-04">
                    <objects>
                        <viewController id="vc-02" customClass="EditorViewController" customModule="Notes" \
        sceneMemberID="viewController">
                            <view key="view" id="v-02">
                                <subviews>
                                    <button opaque="NO" contentMode="scaleToFill" id="btn-01">
                                        <connections>
                                            <action selector="save:" destination="vc-02" eventType="touchUpInside" id="act-01"/>
                                            <segue destination="ext-01" kind="unwind" unwindAction="unwindToList:" \
        identifier="done" id="seg-01"/>
                                        </connections>
                                    </button>
                                </subviews>
                            </view>
                            <connections>
                                <outlet property="saveButton" destination="btn-01" id="out-10"/>
                                <outletCollection property="fields" destination="btn-01" collectionClass="NSMutableArray" \
        id="out-11"/>
                                <segue destination="vc-03" kind="show" identifier="showDetail" id="seg-02"/>
                            </connections>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="frs-02" sceneMemberID="firstResponder"/>
                        <exit id="ext-01" userLabel="Exit" sceneMemberID="exit"/>
                    </objects>
                </scene>
        """
      )
    )
    let connections = document.connections
    #expect(connections.map(\.kind) == [.action, .segue, .outlet, .outletCollection, .segue])
    #expect(connections.map(\.sourceID) == ["btn-01", "btn-01", "vc-02", "vc-02", "vc-02"])
    #expect(connections.map(\.id) == ["act-01", "seg-01", "out-10", "out-11", "seg-02"])

    let action = connections[0]
    #expect(action.selector == "save:")
    #expect(action.destinationID == "vc-02")
    #expect(action.eventType == "touchUpInside")
    #expect(action.target == nil)

    let unwind = connections[1]
    #expect(unwind.segueKind == "unwind")
    #expect(unwind.unwindAction == "unwindToList:")
    #expect(unwind.identifier == "done")
    #expect(unwind.destinationID == "ext-01")

    #expect(connections[2].property == "saveButton")
    #expect(connections[3].property == "fields")
    #expect(connections[4].segueKind == "show")
    #expect(connections[4].identifier == "showDetail")

    let exit = try #require(document.object(withID: "ext-01"))
    #expect(exit.element == "exit")
    #expect(exit.sceneControllerID == "vc-02")
    #expect(document.objects.contains { $0.element == "action" || $0.element == "segue" } == false)
  }

  @Test func unknownElementsAndMissingAttributesAreHarmless() throws {
    let document = try parseDocument(
      """
      <document>
        <futureThing><tableViewCell/><tableView/><connections><outlet/></connections></futureThing>
        <tableView id="t"><prototypes><tableViewCell id="c" textLabel="nowhere"/></prototypes></tableView>
        <connections><outlet property="orphan" id="o"/></connections>
      </document>
      """
    )
    #expect(document.targetRuntime == nil)
    #expect(document.cells.map(\.id) == ["c"])
    #expect(document.cell("c")?.text == nil)
    #expect(document.tableView("t")?.prototypeCellIDs == ["c"])
    #expect(document.tableView("t")?.containingControllerID == nil)
    #expect(document.connections.isEmpty)
  }

  @Test func bookkeepingElementsAreNotObjectsButConstraintsAre() throws {
    let document = try parseDocument(
      """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" targetRuntime="iOS.CocoaTouch">
          <device id="retina6_12" orientation="portrait"><adaptation id="fullscreen"/></device>
          <scenes>
              <scene sceneID="scn-05">
                  <objects>
                      <viewController id="vc-05" sceneMemberID="viewController">
                          <view key="view" id="v-05">
                              <viewLayoutGuide key="safeArea" id="sa-05"/>
                              <constraints>
                                  <constraint firstAttribute="height" constant="44" id="cst-05"/>
                              </constraints>
                          </view>
                          <connections>
                              <outlet property="heightConstraint" destination="cst-05" id="out-05"/>
                          </connections>
                      </viewController>
                  </objects>
              </scene>
          </scenes>
      </document>
      """
    )
    #expect(document.objects.map(\.id) == ["vc-05", "v-05", "sa-05", "cst-05"])
    #expect(document.object(withID: "cst-05")?.parentID == "v-05")
    #expect(document.connections.first?.destinationID == "cst-05")
  }
}
