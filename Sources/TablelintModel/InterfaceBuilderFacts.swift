/// Facts the Interface Builder frontend reads from one storyboard or xib.
public struct InterfaceBuilderDocument: Hashable, Codable, Sendable {
  public enum Kind: String, Hashable, Codable, Sendable { case storyboard, xib }

  public var kind: Kind
  /// `iOS.CocoaTouch`, `MacOSX.Cocoa`, … as the document says.
  public var targetRuntime: String?
  /// A macOS document (`MacOSX.Cocoa`): AppKit loads it, whose classes and failures are not UIKit's.
  public var isAppKit: Bool { targetRuntime?.hasPrefix("MacOSX") == true }
  /// Every element with an `id` that stands for a run-time object, in document order.
  public var objects: [IBObject] = []
  public var tableViews: [IBTableView] = []
  public var collectionViews: [IBCollectionView] = []
  /// Every table and collection cell, in document order.
  public var cells: [IBCell] = []
  public var connections: [IBConnection] = []

  public init(kind: Kind, targetRuntime: String?) {
    self.kind = kind
    self.targetRuntime = targetRuntime
  }

  /// The object with an id (ids are unique within one document).
  public func object(withID id: String) -> IBObject? {
    objects.first { $0.id == id }
  }
}

/// How an IB element names its class: `customClass` and where UIKit should look for it.
public struct IBClassReference: Hashable, Codable, Sendable {
  public var customClass: String?
  public var customModule: String?
  /// `target` when Xcode fills in the module of the target being built.
  public var customModuleProvider: String?

  public init(customClass: String?, customModule: String?, customModuleProvider: String?) {
    self.customClass = customClass
    self.customModule = customModule
    self.customModuleProvider = customModuleProvider
  }
}

/// An IB element that stands for an object at run time: a view controller, a placeholder, a view, a cell …
public struct IBObject: Hashable, Codable, Sendable {
  public var id: String
  /// The XML element name: `tableViewController`, `placeholder`, `tableView`, `button` …
  public var element: String
  public var classReference: IBClassReference
  /// `IBFilesOwner`, `IBFirstResponder` … for placeholders (AppKit's `customObject` placeholders get the same
  /// identifiers, and `IBApplication`).
  public var placeholderIdentifier: String?
  public var storyboardIdentifier: String?
  public var userLabel: String?
  /// The id of the nearest enclosing object, if any.
  public var parentID: String?
  /// The id of the scene's root view controller (storyboards) for objects inside a scene.
  public var sceneControllerID: String?
  public var location: SourceLocation

  public init(
    id: String, element: String, classReference: IBClassReference, placeholderIdentifier: String?,
    storyboardIdentifier: String?, userLabel: String?, parentID: String?, sceneControllerID: String?,
    location: SourceLocation
  ) {
    self.id = id
    self.element = element
    self.classReference = classReference
    self.placeholderIdentifier = placeholderIdentifier
    self.storyboardIdentifier = storyboardIdentifier
    self.userLabel = userLabel
    self.parentID = parentID
    self.sceneControllerID = sceneControllerID
    self.location = location
  }

  /// The class UIKit instantiates: the custom class, or the element's UIKit class.
  public var effectiveClassName: String? {
    classReference.customClass ?? IBElementClasses.uikitClass(forElement: element)
  }

  public var isViewController: Bool { IBElementClasses.isViewControllerElement(element) }
}

public enum IBTableDataMode: String, Hashable, Codable, Sendable {
  case prototypes, `static`
}

public struct IBTableView: Hashable, Codable, Sendable {
  public var id: String
  public var dataMode: IBTableDataMode
  /// `plain`, `grouped`, `insetGrouped`.
  public var style: String?
  public var sections: [IBTableSection]
  /// Ids of the prototype cells (`prototypes/tableViewCell`).
  public var prototypeCellIDs: [String]
  /// The view controller element that contains the table, if any.
  public var containingControllerID: String?
  public var location: SourceLocation

  public init(
    id: String, dataMode: IBTableDataMode, style: String?, sections: [IBTableSection], prototypeCellIDs: [String],
    containingControllerID: String?, location: SourceLocation
  ) {
    self.id = id
    self.dataMode = dataMode
    self.style = style
    self.sections = sections
    self.prototypeCellIDs = prototypeCellIDs
    self.containingControllerID = containingControllerID
    self.location = location
  }
}

public struct IBTableSection: Hashable, Codable, Sendable {
  public var id: String?
  public var headerTitle: String?
  public var footerTitle: String?
  /// Ids of the static cells in this section.
  public var cellIDs: [String]
  public var location: SourceLocation

  public init(id: String?, headerTitle: String?, footerTitle: String?, cellIDs: [String], location: SourceLocation) {
    self.id = id
    self.headerTitle = headerTitle
    self.footerTitle = footerTitle
    self.cellIDs = cellIDs
    self.location = location
  }
}

public struct IBCollectionView: Hashable, Codable, Sendable {
  public var id: String
  public var prototypeCellIDs: [String]
  /// Section header and footer views declared in the collection view (`collectionReusableView`).
  public var supplementaryViewIDs: [String]
  public var containingControllerID: String?
  public var location: SourceLocation

  public init(
    id: String, prototypeCellIDs: [String], supplementaryViewIDs: [String] = [], containingControllerID: String?,
    location: SourceLocation
  ) {
    self.id = id
    self.prototypeCellIDs = prototypeCellIDs
    self.supplementaryViewIDs = supplementaryViewIDs
    self.containingControllerID = containingControllerID
    self.location = location
  }
}

/// A table or collection cell.
public struct IBCell: Hashable, Codable, Sendable {
  /// `supplementary`: a collection view's section header or footer (`collectionReusableView`).
  public enum Kind: String, Hashable, Codable, Sendable { case table, collection, supplementary }
  /// Where the cell sits: a prototype of a table, a static cell of a section, or a top-level object of a xib.
  public enum Role: String, Hashable, Codable, Sendable { case prototype, staticCell, standalone }

  public var id: String
  public var kind: Kind
  public var role: Role
  /// The table or collection view the cell belongs to, for prototypes and static cells.
  public var containerID: String?
  public var reuseIdentifier: String?
  /// Where the `reuseIdentifier` attribute's value is written, when present.
  public var reuseIdentifierLocation: SourceLocation?
  public var classReference: IBClassReference
  /// `IBUITableViewCellStyleDefault`, `IBUITableViewCellStyleValue1`, …
  public var style: String?
  /// `disclosureIndicator`, `checkmark`, …
  public var accessoryType: String?
  /// The `text` of the cell's text label and detail label, where the style declares them.
  public var text: String?
  public var detailText: String?
  public var location: SourceLocation

  public init(
    id: String, kind: Kind, role: Role, containerID: String?, reuseIdentifier: String?,
    reuseIdentifierLocation: SourceLocation?, classReference: IBClassReference, style: String?,
    accessoryType: String?, text: String?, detailText: String?, location: SourceLocation
  ) {
    self.id = id
    self.kind = kind
    self.role = role
    self.containerID = containerID
    self.reuseIdentifier = reuseIdentifier
    self.reuseIdentifierLocation = reuseIdentifierLocation
    self.classReference = classReference
    self.style = style
    self.accessoryType = accessoryType
    self.text = text
    self.detailText = detailText
    self.location = location
  }

  /// The class UIKit instantiates for this cell.
  public var effectiveClassName: String {
    switch kind {
    case .table: return classReference.customClass ?? "UITableViewCell"
    case .collection: return classReference.customClass ?? "UICollectionViewCell"
    case .supplementary: return classReference.customClass ?? "UICollectionReusableView"
    }
  }
}

/// An entry of an object's `<connections>`.
public struct IBConnection: Hashable, Codable, Sendable {
  public enum Kind: String, Hashable, Codable, Sendable { case outlet, outletCollection, action, segue }

  public var kind: Kind
  public var id: String?
  /// The object whose `<connections>` holds this entry.
  public var sourceID: String
  public var destinationID: String?
  /// Outlets and outlet collections.
  public var property: String?
  /// Actions.
  public var selector: String?
  public var eventType: String?
  /// Segues.
  public var segueKind: String?
  public var identifier: String?
  public var unwindAction: String?
  /// macOS actions may name their target with `target=` instead of `destination=`.
  public var target: String?
  public var location: SourceLocation
  /// Where the value of `selector=` (actions) or `property=` (outlets) is written, without its quotes: what a fix
  /// that renames it replaces.
  public var valueLocation: SourceLocation?

  public init(
    kind: Kind, id: String?, sourceID: String, destinationID: String?, property: String?, selector: String?,
    eventType: String?, segueKind: String?, identifier: String?, unwindAction: String?, target: String?,
    location: SourceLocation, valueLocation: SourceLocation? = nil
  ) {
    self.valueLocation = valueLocation
    self.kind = kind
    self.id = id
    self.sourceID = sourceID
    self.destinationID = destinationID
    self.property = property
    self.selector = selector
    self.eventType = eventType
    self.segueKind = segueKind
    self.identifier = identifier
    self.unwindAction = unwindAction
    self.target = target
    self.location = location
  }

  /// The object whose class must answer the connection: an action's destination (or AppKit `target`), an outlet's
  /// source. `nil` for segues.
  public var receiverID: String? {
    switch kind {
    case .action: return destinationID ?? target
    case .outlet, .outletCollection: return sourceID
    case .segue: return nil
    }
  }
}

/// The UIKit classes behind IB element names.
public enum IBElementClasses {
  static let classes: [String: String] = [
    "viewController": "UIViewController",
    "tableViewController": "UITableViewController",
    "collectionViewController": "UICollectionViewController",
    "navigationController": "UINavigationController",
    "tabBarController": "UITabBarController",
    "splitViewController": "UISplitViewController",
    "pageViewController": "UIPageViewController",
    "hostingController": "UIHostingController",
    "tableView": "UITableView",
    "tableViewCell": "UITableViewCell",
    "tableViewCellContentView": "UITableViewCellContentView",
    "collectionView": "UICollectionView",
    "collectionViewCell": "UICollectionViewCell",
    "collectionReusableView": "UICollectionReusableView",
    "view": "UIView",
    "label": "UILabel",
    "button": "UIButton",
    "imageView": "UIImageView",
    "textField": "UITextField",
    "textView": "UITextView",
    "switch": "UISwitch",
    "slider": "UISlider",
    "stepper": "UIStepper",
    "segmentedControl": "UISegmentedControl",
    "scrollView": "UIScrollView",
    "stackView": "UIStackView",
    "searchBar": "UISearchBar",
    "navigationBar": "UINavigationBar",
    "navigationItem": "UINavigationItem",
    "barButtonItem": "UIBarButtonItem",
    "toolbar": "UIToolbar",
    "tabBar": "UITabBar",
    "tabBarItem": "UITabBarItem",
    "activityIndicatorView": "UIActivityIndicatorView",
    "progressView": "UIProgressView",
    "pickerView": "UIPickerView",
    "datePicker": "UIDatePicker",
    "pageControl": "UIPageControl",
    "mapView": "MKMapView",
    "webView": "UIWebView",
    "wkWebView": "WKWebView",
    "visualEffectView": "UIVisualEffectView",
    "tapGestureRecognizer": "UITapGestureRecognizer",
    "panGestureRecognizer": "UIPanGestureRecognizer",
    "swipeGestureRecognizer": "UISwipeGestureRecognizer",
    "pinchGestureRecognizer": "UIPinchGestureRecognizer",
    "longPressGestureRecognizer": "UILongPressGestureRecognizer",
    "screenEdgePanGestureRecognizer": "UIScreenEdgePanGestureRecognizer",
    "rotationGestureRecognizer": "UIRotationGestureRecognizer",
  ]

  static let viewControllerElements: Set<String> = [
    "viewController", "tableViewController", "collectionViewController", "navigationController",
    "tabBarController", "splitViewController", "pageViewController", "hostingController",
    "glkViewController", "avPlayerViewController", "viewControllerPlaceholder",
  ]

  public static func uikitClass(forElement element: String) -> String? { classes[element] }

  public static func isViewControllerElement(_ element: String) -> Bool {
    viewControllerElements.contains(element)
  }
}
