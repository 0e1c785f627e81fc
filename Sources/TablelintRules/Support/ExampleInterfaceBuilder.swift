/// Builders for the storyboards and xibs in rule examples, so examples stay short and realistic.
/// Markers (1️⃣ …) may be passed in to stand before an element or inside an attribute value.
enum ExampleIB {
  /// An Xcode project file whose main group references `files`, in the project's folder.
  static func xcodeProject(referencing files: String...) -> String {
    let references = files.enumerated().map { number, file in
      "\t\tF\(number) = {isa = PBXFileReference; path = \(file); sourceTree = \"<group>\"; };"
    }
    let children = files.indices.map { "F\($0)" }.joined(separator: ", ")
    return """
      // !$*UTF8*$!
      {
      \tobjects = {
      \(references.joined(separator: "\n"))
      \t\tG0 = {isa = PBXGroup; children = (\(children)); sourceTree = "<group>"; };
      \t\tP0 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; };
      \t};
      \trootObject = P0;
      }
      """
  }

  static func storyboard(_ scenes: String...) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES">
        <scenes>
    \(scenes.joined(separator: "\n"))
        </scenes>
    </document>
    """
  }

  /// A table view controller scene with a prototypes table.
  static func tableScene(id: String, controllerClass: String?, prototypes: [String]) -> String {
    let custom = controllerClass.map { " customClass=\"\($0)\" customModule=\"App\" customModuleProvider=\"target\"" } ?? ""
    return """
            <scene sceneID="scene-\(id)">
                <objects>
                    <tableViewController id="\(id)"\(custom) sceneMemberID="viewController">
                        <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" dataMode="prototypes" style="plain" rowHeight="-1" estimatedRowHeight="-1" id="\(id)-table">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            <prototypes>
    \(prototypes.joined(separator: "\n"))
                            </prototypes>
                            <connections>
                                <outlet property="dataSource" destination="\(id)" id="\(id)-ds"/>
                                <outlet property="delegate" destination="\(id)" id="\(id)-dg"/>
                            </connections>
                        </tableView>
                    </tableViewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="\(id)-fr" userLabel="First Responder" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
    """
  }

  /// A prototype cell; `marker` stands right before the element.
  /// `module: nil` writes the class without `customModule` and `customModuleProvider`.
  static func prototype(
    id: String, reuseIdentifier: String?, cellClass: String? = nil, module: String? = "App", marker: String = ""
  ) -> String {
    let reuse = reuseIdentifier.map { " reuseIdentifier=\"\($0)\"" } ?? ""
    let custom = cellClass.map { customClass($0, module: module) } ?? ""
    return """
                                \(marker)<tableViewCell clipsSubviews="YES" contentMode="scaleToFill" selectionStyle="default" indentationWidth="10"\(reuse) id="\(id)"\(custom)>
                                    <rect key="frame" x="0.0" y="50" width="393" height="44"/>
                                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="\(id)" id="\(id)-content">
                                        <rect key="frame" x="0.0" y="0.0" width="393" height="44"/>
                                    </tableViewCellContentView>
                                </tableViewCell>
    """
  }

  /// ` customClass="X" customModule="App" customModuleProvider="target"` (the last two when `module` is "App";
  /// `customModule` alone for another module; neither for `nil`).
  static func customClass(_ name: String, module: String?) -> String {
    switch module {
    case nil: return " customClass=\"\(name)\""
    case "App"?: return " customClass=\"\(name)\" customModule=\"App\" customModuleProvider=\"target\""
    case let other?: return " customClass=\"\(name)\" customModule=\"\(other)\""
    }
  }

  /// A view controller scene with a label and an image view, and the given `<connections>` entries on the controller.
  /// `actions` are `<action …>` entries on the scene's button.
  static func viewControllerScene(
    id: String, controllerClass: String, module: String? = "App", connections: [String] = [], actions: [String] = []
  ) -> String {
    """
            <scene sceneID="scene-\(id)">
                <objects>
                    <viewController id="\(id)"\(customClass(controllerClass, module: module)) sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="\(id)-root">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            <subviews>
                                <label opaque="NO" text="Title" id="label-1">
                                    <rect key="frame" x="16" y="100" width="361" height="21"/>
                                </label>
                                <imageView contentMode="scaleAspectFit" id="image-1">
                                    <rect key="frame" x="16" y="140" width="64" height="64"/>
                                </imageView>
                                <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="button-1">
                                    <rect key="frame" x="16" y="220" width="120" height="44"/>
                                    <connections>
    \(actions.map { "                                        " + $0 }.joined(separator: "\n"))
                                    </connections>
                                </button>
                            </subviews>
                        </view>
                        <connections>
    \(connections.map { "                        " + $0 }.joined(separator: "\n"))
                        </connections>
                    </viewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="\(id)-fr" userLabel="First Responder" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
    """
  }

  /// A view controller scene with nothing but its root view (`\(id)-root`): ids that no other scene helper uses.
  static func bareScene(id: String, controllerClass: String) -> String {
    """
            <scene sceneID="scene-\(id)">
                <objects>
                    <viewController id="\(id)"\(customClass(controllerClass, module: "App")) sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="\(id)-root"/>
                    </viewController>
                </objects>
            </scene>
    """
  }

  /// An AppKit window xib as Xcode writes it: File's Owner (`-2`), First Responder (`-1`, class `FirstResponder`) and
  /// Application (`-3`) are top-level `customObject`s; `ownerOutlets` go in the owner's connections, `buttonActions`
  /// (with `target=`) in a button's.
  static func appKitWindowXib(
    ownerClass: String, ownerMarker: String = "", ownerOutlets: [String] = [], buttonActions: [String] = []
  ) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="24506" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES" customObjectInstantitationMethod="direct">
        <objects>
            \(ownerMarker)<customObject id="-2" userLabel="File's Owner" customClass="\(ownerClass)" customModule="App" customModuleProvider="target">
                <connections>
    \(ownerOutlets.map { "                " + $0 }.joined(separator: "\n"))
                    <outlet property="window" destination="win-1" id="own-w"/>
                </connections>
            </customObject>
            <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
            <customObject id="-3" userLabel="Application" customClass="NSObject"/>
            <window title="Window" releasedWhenClosed="NO" visibleAtLaunch="NO" animationBehavior="default" id="win-1">
                <view key="contentView" id="win-1-view">
                    <subviews>
                        <button verticalHuggingPriority="750" id="btn-1">
                            <buttonCell key="cell" type="push" title="OK" bezelStyle="rounded" id="btn-1-cell"/>
                            <connections>
    \(buttonActions.map { "                        " + $0 }.joined(separator: "\n"))
                            </connections>
                        </button>
                    </subviews>
                </view>
            </window>
        </objects>
    </document>
    """
  }

  /// A view xib whose File's Owner, of `ownerClass`, has `outlets` (its `view` too) into a root view of `subviews`.
  static func ownedViewXib(ownerClass: String, outlets: [String], subviews: [String]) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES">
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"\(customClass(ownerClass, module: "App"))>
                <connections>
    \(outlets.map { "                " + $0 }.joined(separator: "\n"))
                    <outlet property="view" destination="root" id="own-view"/>
                </connections>
            </placeholder>
            <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
            <view contentMode="scaleToFill" id="root">
                <subviews>
    \(subviews.map { "                " + $0 }.joined(separator: "\n"))
                </subviews>
            </view>
        </objects>
    </document>
    """
  }

  /// A cell xib: File's Owner plus one top-level table cell.
  static func cellXib(
    reuseIdentifier: String?, cellClass: String?, marker: String = "", connections: [String] = []
  ) -> String {
    let reuse = reuseIdentifier.map { " reuseIdentifier=\"\($0)\"" } ?? ""
    let custom = cellClass.map { customClass($0, module: "App") } ?? ""
    return """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES">
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
            \(marker)<tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10"\(reuse) id="cell-1"\(custom)>
                <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="cell-1" id="cell-1-content">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                </tableViewCellContentView>
                <connections>
    \(connections.map { "                " + $0 }.joined(separator: "\n"))
                </connections>
            </tableViewCell>
        </objects>
    </document>
    """
  }
}
