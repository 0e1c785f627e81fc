/// What the Objective-C frontend reads from a `.h`/`.m`/`.mm` file: classes, categories and their members, and from
/// method bodies the same kinds of facts the Swift frontend produces (the index merges both into one list each).
public struct ObjectiveCFileFacts: Hashable, Codable, Sendable {
  public var classes: [ObjCClassDeclaration] = []
  /// The values of the file's string literals (`@"PhotoCell"`): identifiers registered from Objective-C.
  public var spelledStrings: Set<String> = []
  /// The file sends `registerClass:…` or `registerNib:…` in a form the body reader could not read (a macro, an
  /// unbalanced bracket): it registers reusable views tablelint cannot name.
  public var registersReusableViews = false
  /// `static NSString * const kX = @"…"` and `#define kX @"…"` (owner `nil`), and methods whose whole body returns a
  /// string (`+ (NSString *)defaultReuseIdentifier { return NSStringFromClass([self class]); }`, owner the class).
  public var constants: [StringConstant] = []
  /// `registerClass:forCellReuseIdentifier:`, `registerNib:…` and the header, footer and collection-view forms.
  public var registrations: [Registration] = []
  /// `dequeueReusableCellWithIdentifier:…` and the other dequeue messages. The optional forms are `.handled`:
  /// messaging nil is no crash, and the reader does not follow the variable.
  public var dequeues: [Dequeue] = []
  /// `[UINib nibWithNibName:bundle:]`, `loadNibNamed:owner:options:`, `initWithNibName:bundle:`.
  public var nibReferences: [NibReference] = []
  /// `@selector(…)` and `NSSelectorFromString(@"…")`, as `.stringLiteral` references.
  public var selectorReferences: [SelectorReference] = []
  /// `addTarget:action:forControlEvents:`, gesture recognisers, bar button items, `performSelector:…`,
  /// notifications, timers and display links.
  public var targetActions: [TargetActionUse] = []
  /// `numberOfSectionsInTableView:` and `tableView:numberOfRowsInSection:` with what they return (`name` is the
  /// selector), as the Swift `TableModelCollector` records them.
  public var tableMethods: [TableMethodFacts] = []
  /// `[UIStoryboard storyboardWithName:@"PinEntry" bundle:nil]` (and `NSStoryboard`): as
  /// `SwiftFileFacts.loadedStoryboards`.
  public var loadedStoryboards: [String] = []
  /// The selectors the file's `@protocol` blocks declare (methods, and properties' getters and setters), in source
  /// order without repeats: a class outside the workspace may implement them, as a library's delegate does.
  public var protocolSelectors: [String] = []

  public init() {}
}

/// An `@interface` (or its class extension / category) or `@implementation`.
public struct ObjCClassDeclaration: Hashable, Codable, Sendable {
  public var name: String
  /// From `@interface Name : Super`.
  public var superclass: String?
  /// The category name for `@interface Name (Category)`; empty for a class extension.
  public var category: String?
  public var protocols: [String]
  /// `@property` names, with whether they are `IBOutlet` and `readonly`.
  public var properties: [ObjCProperty]
  /// Method selectors (`viewDidLoad`, `tapped:`), instance and class methods.
  public var methods: [ObjCMethod]
  /// Instance variables declared in braces (`_name`, `name`).
  public var instanceVariables: [String]
  /// An `@implementation` block (whose method bodies the frontend read), not an `@interface`.
  public var isImplementation: Bool
  public var location: SourceLocation

  public init(
    name: String, superclass: String?, category: String?, protocols: [String], properties: [ObjCProperty],
    methods: [ObjCMethod], instanceVariables: [String], isImplementation: Bool = false, location: SourceLocation
  ) {
    self.isImplementation = isImplementation
    self.name = name
    self.superclass = superclass
    self.category = category
    self.protocols = protocols
    self.properties = properties
    self.methods = methods
    self.instanceVariables = instanceVariables
    self.location = location
  }
}

public struct ObjCProperty: Hashable, Codable, Sendable {
  public var name: String
  public var isOutlet: Bool
  public var isReadOnly: Bool
  public var location: SourceLocation

  public init(name: String, isOutlet: Bool, isReadOnly: Bool, location: SourceLocation) {
    self.name = name
    self.isOutlet = isOutlet
    self.isReadOnly = isReadOnly
    self.location = location
  }

  /// `title` → `setTitle:`: the setter the runtime names after a property (and key-value coding calls for a key).
  public static func setterSelector(for property: String) -> String {
    "set" + property.prefix(1).uppercased() + property.dropFirst() + ":"
  }
}

public struct ObjCMethod: Hashable, Codable, Sendable {
  public var selector: String
  public var isClassMethod: Bool
  public var isAction: Bool
  public var location: SourceLocation

  public init(selector: String, isClassMethod: Bool, isAction: Bool, location: SourceLocation) {
    self.selector = selector
    self.isClassMethod = isClassMethod
    self.isAction = isAction
    self.location = location
  }
}

/// Names of UIKit's and AppKit's classes, which the frontends tell from the workspace's by their spelling.
public enum FrameworkClassName {
  /// `UIBarButtonItem`, `NSButton`: `UI` or `NS`, then an upper-case letter (not `UInt`, `NSomething` is rare).
  public static func isUIKitOrAppKit(_ name: String) -> Bool {
    let bytes = name.utf8
    guard bytes.count > 2, bytes.starts(with: "UI".utf8) || bytes.starts(with: "NS".utf8) else { return false }
    let third = bytes[bytes.index(bytes.startIndex, offsetBy: 2)]
    return third >= UInt8(ascii: "A") && third <= UInt8(ascii: "Z")
  }

  /// How many arguments the target–action of a UIKit or AppKit class passes: a `UIBarButtonItem` sends its action
  /// through a control, with the sender and the event (`buttonTapped(_:for:)`, iOS-Open-GPX-Tracker's day buttons);
  /// a gesture recogniser or an AppKit control, only the sender.
  public static func targetActionArguments(of className: String) -> Int {
    className == "UIBarButtonItem" ? 2 : 1
  }
}
