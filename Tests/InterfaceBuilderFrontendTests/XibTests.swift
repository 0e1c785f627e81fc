import InterfaceBuilderFrontend
import TablelintModel
import Testing

@Suite struct XibTests {
  static let cellXib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" \
    targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" \
    customClass="ContactsViewController" customModule="Contacts" customModuleProvider="target"/>
            <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
            <tableViewCell contentMode="scaleToFill" selectionStyle="default" reuseIdentifier="ContactCell" \
    id="KGk-i7-Jjw" customClass="ContactCell" customModule="Contacts" customModuleProvider="target">
                <tableViewCellContentView key="contentView" id="H2p-sc-9uM">
                    <subviews>
                        <label text="Jane" id="nam-01"/>
                    </subviews>
                </tableViewCellContentView>
                <connections>
                    <outlet property="nameLabel" destination="nam-01" id="out-20"/>
                </connections>
            </tableViewCell>
        </objects>
    </document>
    """

  /// AppKit writes its placeholders as top-level `customObject`s (NetNewsWire's window xibs); a macOS storyboard
  /// scene's First Responder is a `customObject` too.
  @Test func appKitPlaceholders() throws {
    let document = try parseDocument(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="24506" \
      targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES">
          <objects>
              <customObject id="-2" userLabel="File's Owner" customClass="AddFolderWindowController" \
      customModule="NetNewsWire" customModuleProvider="target"/>
              <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
              <customObject id="-3" userLabel="Application" customClass="NSObject"/>
              <customObject id="obj-1" customClass="FolderPicker" customModule="NetNewsWire" customModuleProvider="target"/>
              <window title="Add Folder" id="win-1">
                  <view key="contentView" id="view-1">
                      <customObject id="-4" customClass="Helper"/>
                  </view>
              </window>
          </objects>
      </document>
      """,
      path: "Mac/AddFolderSheet.xib"
    )
    #expect(document.object(withID: "-2")?.placeholderIdentifier == "IBFilesOwner")
    #expect(document.object(withID: "-2")?.classReference.customClass == "AddFolderWindowController")
    #expect(document.object(withID: "-1")?.placeholderIdentifier == "IBFirstResponder")
    #expect(document.object(withID: "-3")?.placeholderIdentifier == "IBApplication")
    #expect(document.object(withID: "obj-1")?.placeholderIdentifier == nil)
    #expect(document.object(withID: "-4")?.placeholderIdentifier == nil)
    let scene = try parseDocument(
      storyboard(
        """
        <scene sceneID="scn-1">
            <objects>
                <viewController id="vc-1" customClass="InspectorViewController" sceneMemberID="viewController"/>
                <customObject id="THC-Ye-xbS" userLabel="First Responder" customClass="NSResponder" sceneMemberID="firstResponder"/>
            </objects>
        </scene>
        """
      )
    )
    #expect(scene.object(withID: "THC-Ye-xbS")?.placeholderIdentifier == "IBFirstResponder")
  }

  @Test func filesOwnerAndTopLevelCell() throws {
    let document = try parseDocument(Self.cellXib, path: "Views/ContactCell.xib")
    #expect(document.kind == .xib)
    #expect(document.objects.map(\.id) == ["-1", "-2", "KGk-i7-Jjw", "H2p-sc-9uM", "nam-01"])

    let owner = try #require(document.object(withID: "-1"))
    #expect(owner.element == "placeholder")
    #expect(owner.placeholderIdentifier == "IBFilesOwner")
    #expect(owner.classReference.customClass == "ContactsViewController")
    #expect(owner.classReference.customModuleProvider == "target")
    #expect(owner.userLabel == "File's Owner")
    #expect(owner.sceneControllerID == nil)
    #expect(document.object(withID: "-2")?.placeholderIdentifier == "IBFirstResponder")

    let cell = try #require(document.cell("KGk-i7-Jjw"))
    #expect(cell.role == .standalone)
    #expect(cell.containerID == nil)
    #expect(cell.reuseIdentifier == "ContactCell")
    #expect(cell.classReference.customClass == "ContactCell")
    #expect(document.object(withID: "nam-01")?.parentID == "H2p-sc-9uM")

    let outlet = try #require(document.connections.first)
    #expect(document.connections.count == 1)
    #expect(outlet.kind == .outlet)
    #expect(outlet.sourceID == "KGk-i7-Jjw")
    #expect(outlet.property == "nameLabel")
    #expect(outlet.destinationID == "nam-01")
  }

  @Test func macOSActionWithTarget() throws {
    let document = try parseDocument(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" targetRuntime="MacOSX.Cocoa">
          <objects>
              <customObject id="-2" userLabel="File's Owner" customClass="PreferencesWindowController"/>
              <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
              <window title="Preferences" id="F0z-JX-Cv5">
                  <view key="contentView" id="se5-gp-TjO">
                      <subviews>
                          <button id="b-01">
                              <buttonCell key="cell" type="push" title="Reset" id="bc-01">
                                  <font key="font" metaFont="system"/>
                              </buttonCell>
                              <connections>
                                  <action selector="reset:" target="-2" id="act-10"/>
                                  <binding destination="-2" name="enabled" keyPath="canReset" id="bnd-01"/>
                              </connections>
                          </button>
                      </subviews>
                  </view>
              </window>
          </objects>
      </document>
      """,
      path: "Preferences.xib"
    )
    #expect(document.targetRuntime == "MacOSX.Cocoa")
    #expect(document.connections.count == 1)
    let action = try #require(document.connections.first)
    #expect(action.kind == .action)
    #expect(action.sourceID == "b-01")
    #expect(action.selector == "reset:")
    #expect(action.target == "-2")
    #expect(action.destinationID == nil)
    #expect(document.object(withID: "bc-01")?.parentID == "b-01")
    #expect(document.object(withID: "-2")?.classReference.customClass == "PreferencesWindowController")
  }
}
