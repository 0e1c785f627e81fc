import Foundation
import TablelintModel

/// What tablelint assumes UIKit and AppKit classes declare: the curated list behind `dangling_selector` and
/// `dangling_outlet`.
///
/// A class's chain often leaves the workspace for a framework class. tablelint then assumes only the members listed
/// here: the outlets Interface Builder offers on that class (settable, KVC-compliant properties) and the
/// Objective-C selectors commonly wired or overridden. When the chain reaches a framework class that is not listed,
/// tablelint knows nothing about the rest of the chain and stays silent about that class's members.
public enum FrameworkMembers {
  public struct Entry: Sendable {
    public let superclass: String?
    /// Settable properties Interface Builder can connect outlets to.
    public let outlets: Set<String>
    /// Selectors the class exposes.
    public let selectors: Set<String>
  }

  /// UIResponderStandardEditActions and friends: what First Responder actions usually name.
  public static let responderActions: Set<String> = [
    "cut:", "copy:", "paste:", "select:", "selectAll:", "delete:", "makeTextWritingDirectionLeftToRight:",
    "makeTextWritingDirectionRightToLeft:", "toggleBoldface:", "toggleItalics:", "toggleUnderline:", "increaseSize:",
    "decreaseSize:", "pasteAndMatchStyle:", "pasteAndGo:", "pasteAndSearch:", "find:", "findNext:",
    "findPrevious:", "findAndReplace:", "useSelectionForFind:", "print:", "rename:", "duplicate:", "move:",
    "export:", "alignLeft:", "alignCenter:", "alignRight:", "alignJustified:", "undo:", "redo:",
    "performClose:", "performMiniaturize:", "performZoom:", "orderFrontStandardAboutPanel:", "terminate:",
    "hide:", "hideOtherApplications:", "unhideAllApplications:", "newDocument:", "openDocument:", "saveDocument:",
    "saveDocumentAs:", "revertDocumentToSaved:", "runPageLayout:", "showHelp:", "toggleFullScreen:",
    "toggleSidebar:", "toggleToolbarShown:", "runToolbarCustomizationPalette:", "arrangeInFront:",
    "makeKeyAndOrderFront:", "performFindPanelAction:", "performTextFinderAction:", "centerSelectionInVisibleArea:",
    "showGuessPanel:", "checkSpelling:", "toggleContinuousSpellChecking:", "capitalizeWord:", "lowercaseWord:",
    "uppercaseWord:", "orderFrontColorPanel:", "orderFrontFontPanel:", "addFontTrait:", "modifyFont:",
    "startSpeaking:", "stopSpeaking:", "clearRecentDocuments:", "selectNextKeyView:", "selectPreviousKeyView:",
    "cancelOperation:", "newWindowForTab:", "selectNextTab:", "selectPreviousTab:", "mergeAllWindows:",
    "moveTabToNewWindow:", "toggleTabBar:", "toggleTabOverview:", "zoomIn:", "zoomOut:",
    // AppKit's menu template (NSText/NSTextView, NSFontManager, NSDocument, NSApplication, NSWindow), as written
    // in real MainMenu storyboards and xibs.
    "pasteAsPlainText:", "orderFrontSubstitutionsPanel:", "toggleGrammarChecking:",
    "toggleAutomaticSpellingCorrection:", "toggleSmartInsertDelete:", "toggleAutomaticQuoteSubstitution:",
    "toggleAutomaticDashSubstitution:", "toggleAutomaticLinkDetection:", "toggleAutomaticDataDetection:",
    "toggleAutomaticTextReplacement:", "toggleAutomaticTextCompletion:", "underline:", "superscript:",
    "subscript:", "unscript:", "raiseBaseline:", "lowerBaseline:", "copyFont:", "pasteFont:", "useStandardKerning:",
    "turnOffKerning:", "tightenKerning:", "loosenKerning:", "useStandardLigatures:", "turnOffLigatures:",
    "useAllLigatures:", "toggleRuler:", "copyRuler:", "pasteRuler:", "makeBaseWritingDirectionNatural:",
    "makeBaseWritingDirectionLeftToRight:", "makeBaseWritingDirectionRightToLeft:",
    "makeTextWritingDirectionNatural:", "orderFrontCharacterPalette:", "saveDocumentTo:", "duplicateDocument:",
    "renameDocument:", "moveDocument:", "browseDocumentVersions:", "printDocument:", "saveAllDocuments:",
    "miniaturizeAll:", "orderOut:", "orderFront:", "orderBack:", "toggleInspector:", "showContextHelp:",
    // "Show Sidebar" in Xcode 8's macOS storyboard template (IGListKit's macOS example); NSViewController's action
    // that dismisses a presented controller (vienna-rss).
    "toggleSourceList:", "dismissController:",
    // NSTextView's own actions, which text menus send up the chain: completion, the Substitutions panel's "Replace
    // in Selection" commands (CotEditor's menu and its scripting call them), the writing direction and the panels.
    "complete:", "replaceQuotesInSelection:", "replaceDashesInSelection:", "replaceTextInSelection:",
    "addLinksInSelection:", "checkTextInSelection:", "checkTextInDocument:", "toggleBaseWritingDirection:",
    "changeLayoutOrientation:", "orderFrontLinkPanel:", "orderFrontListPanel:", "orderFrontSpacingPanel:",
    "orderFrontTablePanel:", "orderFrontSharingServicePicker:", "toggleQuickLookPreviewPanel:", "outline:",
    // NSTableView's and NSOutlineView's "Deselect All" (adium's Edit menu); NSWindow's `miniaturize:` (ProtonVPN's
    // Window menu); NSApplication's `stop:`, which a modal panel's buttons send to end `runModalForWindow:` (Horos,
    // OsiriX).
    "deselectAll:", "miniaturize:", "stop:",
  ]

  /// AppKit's drawing methods without arguments that code performs later by selector: a view's `display`
  /// (`[runLoop performSelector:@selector(display) target:view …]`, iTerm2's tab bar), a cursor's or a colour's
  /// `set` (`[cursor performSelector:@selector(set) withObject:nil afterDelay:0]`, Quicksilver). Selectors only, as
  /// `collectionSelectors`.
  static let drawingSelectors: Set<String> = ["display", "displayIfNeeded", "set", "setFill", "setStroke"]

  /// Foundation's collections (`NSArray`, `NSDictionary`, `NSSet` and their mutable subclasses), whose methods
  /// Objective-C hands to builders and sorters as selectors (onebusaway-iphone's JSON digester adds each parsed
  /// element with `addSetNext:@selector(addObject:)`). Selectors only: the classes themselves are not listed, so a
  /// workspace subclass of one still leaves what tablelint knows.
  static let collectionSelectors: Set<String> = [
    "count", "objectAtIndex:", "containsObject:", "indexOfObject:", "firstObject", "lastObject",
    "arrayByAddingObject:", "arrayByAddingObjectsFromArray:", "componentsJoinedByString:",
    "sortedArrayUsingSelector:", "isEqualToArray:", "objectEnumerator", "addObject:", "addObjectsFromArray:",
    "insertObject:atIndex:", "removeObject:", "removeObjectAtIndex:", "removeLastObject", "removeAllObjects",
    "removeObjectsInArray:", "replaceObjectAtIndex:withObject:", "sortUsingSelector:", "setArray:", "objectForKey:",
    "allKeys", "allValues", "keyEnumerator", "isEqualToDictionary:", "setObject:forKey:", "removeObjectForKey:",
    "addEntriesFromDictionary:", "setDictionary:", "member:", "anyObject", "allObjects", "isEqualToSet:",
    "unionSet:", "minusSet:", "intersectSet:", "setSet:",
  ]

  /// Foundation's notification center, whose methods Objective-C performs on the main thread by selector
  /// (TeamTalk: `[[NSNotificationCenter defaultCenter] performSelectorOnMainThread:@selector(postNotification:) …]`,
  /// beside its own `postNotification:userInfo:object:`). Selectors only, as `collectionSelectors`.
  static let notificationSelectors: Set<String> = [
    "postNotification:", "postNotificationName:object:", "postNotificationName:object:userInfo:",
    "addObserver:selector:name:object:", "removeObserver:", "removeObserver:name:object:",
  ]

  static let delegateOutlets: Set<String> = ["delegate"]

  /// The first pieces of `allSelectors` (`setObject` of `setObject:forKey:`, `ProjectIndex.firstPiece(of:)`).
  public static let selectorFirstPieces: Set<String> = Set(allSelectors.map(ProjectIndex.firstPiece(of:)))

  /// Every selector some listed class answers: its listed selectors, and its outlets' getters and setters
  /// (`NSSelectorFromString("setDataSource:")`, RxSwift's tests); the collections' `collectionSelectors`, the
  /// notification center's `notificationSelectors`, and AppKit's `drawingSelectors`.
  public static let allSelectors: Set<String> = {
    var all = collectionSelectors.union(drawingSelectors).union(notificationSelectors)
    for entry in classes.values {
      all.formUnion(entry.selectors)
      for outlet in entry.outlets {
        all.insert(outlet)
        all.insert(ObjCSurface.setter(for: outlet))
      }
    }
    return all
  }()

  public static let classes: [String: Entry] = [
    "NSObject": Entry(
      superclass: nil, outlets: [],
      selectors: [
        "init", "description", "debugDescription", "copy", "mutableCopy", "isEqual:", "hash", "class",
        "respondsToSelector:", "performSelector:", "performSelector:withObject:", "awakeFromNib",
        "prepareForInterfaceBuilder", "setValue:forKey:", "valueForKey:", "setValue:forKeyPath:", "valueForKeyPath:",
        "dealloc", "observeValueForKeyPath:ofObject:change:context:",
      ]
    ),
    // Foundation's values, whose comparisons and accessors Objective-C names in `sortUsingSelector:`,
    // `sortedArrayUsingSelector:` and `valueForKey:` (owncloud/ios-legacy sorts NSNumbers by `compare:`).
    "NSString": Entry(
      superclass: "NSObject", outlets: [],
      selectors: [
        "compare:", "caseInsensitiveCompare:", "localizedCompare:", "localizedCaseInsensitiveCompare:",
        "localizedStandardCompare:", "isEqualToString:", "length", "lowercaseString", "uppercaseString",
        "intValue", "integerValue", "longLongValue", "doubleValue", "floatValue", "boolValue",
      ]
    ),
    "NSNumber": Entry(
      superclass: "NSObject", outlets: [],
      selectors: [
        "compare:", "isEqualToNumber:", "intValue", "integerValue", "unsignedIntegerValue", "longLongValue",
        "doubleValue", "floatValue", "boolValue", "stringValue",
      ]
    ),
    "NSDate": Entry(
      superclass: "NSObject", outlets: [],
      selectors: ["compare:", "isEqualToDate:", "earlierDate:", "laterDate:", "timeIntervalSinceNow", "timeIntervalSince1970"]
    ),
    "UIResponder": Entry(
      superclass: "NSObject", outlets: [],
      selectors: responderActions.union([
        "becomeFirstResponder", "resignFirstResponder", "canBecomeFirstResponder", "canResignFirstResponder",
        "touchesBegan:withEvent:", "touchesMoved:withEvent:", "touchesEnded:withEvent:",
        "touchesCancelled:withEvent:", "motionBegan:withEvent:", "motionEnded:withEvent:",
        "canPerformAction:withSender:", "targetForAction:withSender:", "pressesBegan:withEvent:",
        "pressesEnded:withEvent:",
      ])
    ),
    "UIViewController": Entry(
      superclass: "UIResponder",
      // tvOS's outlets, which Interface Builder offers on every view controller: `preferredFocusedView` (focus) and
      // `tabBarObservedScrollView` (the scroll view the tab bar hides with; Provenance's Cheats storyboards).
      outlets: ["view", "searchDisplayController", "title", "preferredFocusedView", "tabBarObservedScrollView"],
      selectors: [
        "viewDidLoad", "loadView", "viewWillAppear:", "viewDidAppear:", "viewWillDisappear:", "viewDidDisappear:",
        "viewWillLayoutSubviews", "viewDidLayoutSubviews", "didReceiveMemoryWarning", "updateViewConstraints",
        "prepareForSegue:sender:", "performSegueWithIdentifier:sender:", "shouldPerformSegueWithIdentifier:sender:",
        "dismissViewControllerAnimated:completion:", "presentViewController:animated:completion:",
        "showViewController:sender:", "showDetailViewController:sender:", "setEditing:animated:",
        "unwindForSegue:towardsViewController:", "canPerformUnwindSegueAction:fromViewController:sender:",
        "traitCollectionDidChange:", "viewWillTransitionToSize:withTransitionCoordinator:",
        "willMoveToParentViewController:", "didMoveToParentViewController:", "view", "title", "setTitle:",
      ]
    ),
    "UITableViewController": Entry(
      superclass: "UIViewController",
      outlets: ["tableView", "refreshControl"],
      selectors: [
        "numberOfSectionsInTableView:", "tableView:numberOfRowsInSection:", "tableView:cellForRowAtIndexPath:",
        "tableView:titleForHeaderInSection:", "tableView:titleForFooterInSection:",
        "tableView:didSelectRowAtIndexPath:", "tableView:didDeselectRowAtIndexPath:",
        "tableView:heightForRowAtIndexPath:", "tableView:viewForHeaderInSection:",
        "tableView:viewForFooterInSection:", "tableView:heightForHeaderInSection:",
        "tableView:heightForFooterInSection:", "tableView:willDisplayCell:forRowAtIndexPath:",
        "tableView:canEditRowAtIndexPath:", "tableView:commitEditingStyle:forRowAtIndexPath:",
        "tableView:accessoryButtonTappedForRowWithIndexPath:", "scrollViewDidScroll:", "tableView", "refreshControl",
      ]
    ),
    "UICollectionViewController": Entry(
      superclass: "UIViewController", outlets: ["collectionView"],
      selectors: [
        "numberOfSectionsInCollectionView:", "collectionView:numberOfItemsInSection:",
        "collectionView:cellForItemAtIndexPath:", "collectionView:didSelectItemAtIndexPath:",
        "collectionView:viewForSupplementaryElementOfKind:atIndexPath:", "scrollViewDidScroll:", "collectionView",
      ]
    ),
    "UINavigationController": Entry(
      superclass: "UIViewController", outlets: ["delegate"],
      selectors: ["popViewControllerAnimated:", "popToRootViewControllerAnimated:", "pushViewController:animated:"]
    ),
    "UITabBarController": Entry(superclass: "UIViewController", outlets: ["delegate"], selectors: []),
    "UISplitViewController": Entry(superclass: "UIViewController", outlets: ["delegate"], selectors: []),
    "UIPageViewController": Entry(superclass: "UIViewController", outlets: ["dataSource", "delegate"], selectors: []),
    "UIView": Entry(
      superclass: "UIResponder",
      outlets: ["gestureRecognizers", "accessibilityElements", "maskView", "mask"],
      selectors: [
        "layoutSubviews", "setNeedsLayout", "layoutIfNeeded", "drawRect:", "didMoveToSuperview",
        "didMoveToWindow", "willMoveToSuperview:", "willMoveToWindow:", "removeFromSuperview", "sizeToFit",
        "sizeThatFits:", "updateConstraints", "intrinsicContentSize", "tintColorDidChange",
      ]
    ),
    "UIControl": Entry(superclass: "UIView", outlets: [], selectors: ["sendActionsForControlEvents:"]),
    "UIButton": Entry(superclass: "UIControl", outlets: [], selectors: []),
    "UISwitch": Entry(superclass: "UIControl", outlets: [], selectors: []),
    "UISlider": Entry(superclass: "UIControl", outlets: [], selectors: []),
    "UIStepper": Entry(superclass: "UIControl", outlets: [], selectors: []),
    "UISegmentedControl": Entry(superclass: "UIControl", outlets: [], selectors: []),
    "UIDatePicker": Entry(superclass: "UIControl", outlets: [], selectors: []),
    "UIPageControl": Entry(superclass: "UIControl", outlets: [], selectors: []),
    "UITextField": Entry(
      superclass: "UIControl", outlets: ["delegate", "inputView", "inputAccessoryView", "leftView", "rightView"],
      selectors: []
    ),
    "UILabel": Entry(superclass: "UIView", outlets: [], selectors: []),
    "UIImageView": Entry(superclass: "UIView", outlets: [], selectors: []),
    "UIStackView": Entry(superclass: "UIView", outlets: [], selectors: []),
    "UIActivityIndicatorView": Entry(superclass: "UIView", outlets: [], selectors: []),
    "UIProgressView": Entry(superclass: "UIView", outlets: [], selectors: []),
    "UIScrollView": Entry(superclass: "UIView", outlets: ["delegate", "refreshControl"], selectors: []),
    "UITextView": Entry(
      superclass: "UIScrollView", outlets: ["delegate", "inputView", "inputAccessoryView"], selectors: []
    ),
    "UITableView": Entry(
      superclass: "UIScrollView",
      outlets: [
        "dataSource", "delegate", "prefetchDataSource", "dragDelegate", "dropDelegate", "tableHeaderView",
        "tableFooterView", "backgroundView",
      ],
      selectors: ["reloadData"]
    ),
    "UICollectionView": Entry(
      superclass: "UIScrollView",
      outlets: ["dataSource", "delegate", "prefetchDataSource", "dragDelegate", "dropDelegate", "backgroundView"],
      selectors: ["reloadData"]
    ),
    "UITableViewCell": Entry(
      superclass: "UIView",
      // The read-only `textLabel`, `detailTextLabel`, `imageView` and `contentView` too: key-value coding may set
      // them through UIKit's private ivars, which tablelint cannot see (owncloud/ios-legacy's `EmptyCell.xib` has
      // connected `textLabel` since 2014, and three controllers load it).
      outlets: [
        "backgroundView", "selectedBackgroundView", "multipleSelectionBackgroundView", "accessoryView",
        "editingAccessoryView", "textLabel", "detailTextLabel", "imageView", "contentView",
      ],
      selectors: ["prepareForReuse", "setSelected:animated:", "setHighlighted:animated:", "setEditing:animated:"]
    ),
    "UICollectionReusableView": Entry(superclass: "UIView", outlets: [], selectors: ["prepareForReuse"]),
    "UICollectionViewCell": Entry(
      superclass: "UICollectionReusableView", outlets: ["backgroundView", "selectedBackgroundView"], selectors: []
    ),
    "UITableViewHeaderFooterView": Entry(superclass: "UIView", outlets: ["backgroundView"], selectors: []),
    "UISearchBar": Entry(superclass: "UIView", outlets: ["delegate", "inputAccessoryView"], selectors: []),
    "UIPickerView": Entry(superclass: "UIView", outlets: ["dataSource", "delegate"], selectors: []),
    "UINavigationBar": Entry(superclass: "UIView", outlets: ["delegate"], selectors: []),
    "UITabBar": Entry(superclass: "UIView", outlets: ["delegate"], selectors: []),
    "UIToolbar": Entry(superclass: "UIView", outlets: ["delegate"], selectors: []),
    "UIWebView": Entry(superclass: "UIView", outlets: ["delegate"], selectors: []),
    "WKWebView": Entry(superclass: "UIView", outlets: ["navigationDelegate", "UIDelegate"], selectors: []),
    "MKMapView": Entry(superclass: "UIView", outlets: ["delegate"], selectors: []),
    "UIGestureRecognizer": Entry(superclass: "NSObject", outlets: ["delegate"], selectors: []),
    "UITapGestureRecognizer": Entry(superclass: "UIGestureRecognizer", outlets: [], selectors: []),
    "UIPanGestureRecognizer": Entry(superclass: "UIGestureRecognizer", outlets: [], selectors: []),
    "UISwipeGestureRecognizer": Entry(superclass: "UIGestureRecognizer", outlets: [], selectors: []),
    "UILongPressGestureRecognizer": Entry(superclass: "UIGestureRecognizer", outlets: [], selectors: []),
    "UIPinchGestureRecognizer": Entry(superclass: "UIGestureRecognizer", outlets: [], selectors: []),
    "UIBarItem": Entry(superclass: "NSObject", outlets: [], selectors: []),
    "UIBarButtonItem": Entry(superclass: "UIBarItem", outlets: ["customView"], selectors: []),
    "UINavigationItem": Entry(
      superclass: "NSObject",
      outlets: [
        "titleView", "leftBarButtonItem", "rightBarButtonItem", "backBarButtonItem", "leftBarButtonItems",
        "rightBarButtonItems", "searchController",
      ],
      selectors: []
    ),
    "UIRefreshControl": Entry(superclass: "UIControl", outlets: [], selectors: []),
  ]

  /// The outlets and selectors a framework class and its listed superclasses declare; `nil` when the class (or one of
  /// its superclasses) is not listed, so nothing can be assumed.
  public static func members(of className: String) -> (outlets: Set<String>, selectors: Set<String>)? {
    // Every IB object without a custom class asks (thousands of labels and buttons): made once per class.
    memberTables[className]
  }

  /// Makes the tables the rules look up (`members(of:)`, the surfaces' framework selectors: 18 M instructions, once a
  /// process) on a thread of their own, so that the first rule to ask does not make them on the run's last stretch;
  /// the index calls it as it starts, while its build leaves a core free. A rule that asks before they are made
  /// waits for them (`static let` initialises once).
  public static func prepareInBackground() { _ = preparing }

  private static let preparing: Void = {
    let thread = Thread {
      _ = surfaceTables
    }
    thread.start()
  }()

  /// `members(of:)` of every listed class whose whole chain is listed.
  private static let memberTables: [String: (outlets: Set<String>, selectors: Set<String>)] = {
    var tables: [String: (outlets: Set<String>, selectors: Set<String>)] = [:]
    for name in classes.keys {
      if let members = collectMembers(of: name) { tables[name] = members }
    }
    return tables
  }()

  private static func collectMembers(of className: String) -> (outlets: Set<String>, selectors: Set<String>)? {
    var outlets: Set<String> = []
    var selectors: Set<String> = []
    var current: String? = className
    var depth = 0
    while let name = current, depth < 16 {
      guard let entry = classes[name] else { return nil }
      outlets.formUnion(entry.outlets)
      selectors.formUnion(entry.selectors)
      for outlet in entry.outlets {
        selectors.insert(outlet)
        selectors.insert("set" + outlet.prefix(1).uppercased() + outlet.dropFirst() + ":")
      }
      current = entry.superclass
      depth += 1
    }
    return (outlets, selectors)
  }

  /// `members(of:)` of every listed class, made once, with its selectors as an Objective-C surface holds them
  /// (declared nowhere: `nil`): a class's surface refers to its framework superclass's table, shared and never
  /// copied, instead of inserting every framework selector again (4 % of element-ios's cold lint).
  static let surfaceTables: [String: (selectors: [String: SourceLocation?], outlets: Set<String>)] =
    memberTables.mapValues { members in
      (Dictionary(uniqueKeysWithValues: members.selectors.map { ($0, SourceLocation?.none) }), members.outlets)
    }

  /// Prefixes of Apple framework classes: a `customClass` with one of these is not expected in the workspace
  /// (Virtualization's `VZVirtualMachineView` in santa's test VM, LinkPresentation's `LPLinkView`, ReplayKit's,
  /// CoreAudioKit's `AUGenericView`, QTKit's `QTMovieView` in older AppKit nibs).
  public static let appleClassPrefixes = [
    "UI", "NS", "MK", "WK", "AV", "SK", "SCN", "GLK", "CA", "PK", "CN", "EK", "GK", "MTK", "PH", "QL", "SF", "AS",
    "CL", "HK", "IN", "MF", "MP", "ARSCN", "ARSK", "PDF", "VN", "ASC", "CP", "IK", "QC", "AM", "WebView", "OSLog",
    "VZ", "LP", "RP", "AU", "QT",
  ]

  /// Apple framework classes whose prefix other vendors use too, named one by one: Messages' sticker views and
  /// extension controller (`MS`, also Microsoft's App Center and MSAL classes).
  public static let appleClassNames: Set<String> = [
    "MSStickerView", "MSStickerBrowserView", "MSStickerBrowserViewController", "MSMessagesAppViewController",
  ]

  private static func isUppercase(after prefix: String, in name: String) -> Bool {
    name.hasPrefix(prefix) && name.dropFirst(prefix.count).first.map { $0.isUppercase } == true
  }

  /// The prefixes' bytes, for comparing without making substrings (every object of every storyboard is asked about).
  private static let appleClassPrefixBytes = appleClassPrefixes.map { Array($0.utf8) }

  /// Whether `name` is an Apple framework's class: one of the prefixes, then an uppercase letter (`UIButton`, not
  /// `UIntPicker`), `WebView`, or one of `appleClassNames`.
  public static func isAppleFrameworkClass(_ name: String) -> Bool {
    var name = name
    return name.withUTF8 { bytes in
      guard let first = bytes.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") else { return false }
      for prefix in appleClassPrefixBytes where prefix.count < bytes.count && prefix[0] == first {
        guard bytes.starts(with: prefix) else { continue }
        let next = bytes[prefix.count]
        if next < 0x80 {
          if next >= UInt8(ascii: "A"), next <= UInt8(ascii: "Z") { return true }
        } else if isUppercase(after: String(decoding: prefix, as: UTF8.self), in: String(decoding: bytes, as: UTF8.self)) {
          // A non-ASCII byte may combine with the prefix's last letter: the `Character`s decide.
          return true
        }
      }
      return bytes.elementsEqual("WebView".utf8)
    } || appleClassNames.contains(name)
  }
}
