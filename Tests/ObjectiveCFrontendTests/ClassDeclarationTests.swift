import ObjectiveCFrontend
import TablelintModel
import Testing

@Suite struct ClassDeclarationTests {
  static let header = """
    //
    //  SettingsViewController.h
    //  Prefs
    //
    #import <UIKit/UIKit.h>
    #import "SettingsDataSource.h"

    NS_ASSUME_NONNULL_BEGIN

    @class SettingsCell;
    @protocol SettingsDelegate;

    /// Shows the settings table. Replaces the old
    /// @interface LegacySettingsController : UIViewController
    API_AVAILABLE(ios(13.0))
    @interface 1️⃣SettingsViewController : UITableViewController <UITableViewDataSource, UITableViewDelegate>
    {
        IBOutlet UIView *_headerView;
    @private
        NSInteger _rowCount;
        struct {
            unsigned int didLoad : 1;
        } _flags;
    }

    @property (nonatomic, weak) IBOutlet UILabel *2️⃣titleLabel;
    @property (nonatomic, strong, readonly) IBOutletCollection(UISwitch) NSArray<UISwitch *> *toggles;
    @property (nonatomic, copy, nullable) NSString *subtitle API_AVAILABLE(ios(14.0));
    @property (nonatomic, assign, getter=isEditing) BOOL editing;
    @property (nonatomic, copy) void (^onDismiss)(BOOL animated);
    @property (nonatomic, weak, nullable) IBOutlet id<SettingsDelegate> delegate;

    - (IBAction)3️⃣resetTapped:(id)sender;
    - (void)configureCell:(SettingsCell *)cell atIndexPath:(NSIndexPath *)indexPath NS_REQUIRES_SUPER;
    + (instancetype)4️⃣sharedController;
    - (void)loadWithCompletion:(void (^)(BOOL finished, NSError * _Nullable error))completion
        API_AVAILABLE(ios(13.0), macos(10.15));
    - (instancetype)initWithStyle:(UITableViewStyle)style NS_DESIGNATED_INITIALIZER;
    - (instancetype)initWithCoder:(NSCoder *)coder NS_UNAVAILABLE;

    @end

    NS_ASSUME_NONNULL_END
    """

  @Test func viewControllerHeader() throws {
    let classes = scanClasses(Self.header, path: "Prefs/SettingsViewController.h")
    try #require(classes.count == 1)
    let controller = classes[0]
    #expect(controller.name == "SettingsViewController")
    #expect(controller.superclass == "UITableViewController")
    #expect(controller.category == nil)
    #expect(controller.protocols == ["UITableViewDataSource", "UITableViewDelegate"])
    #expect(controller.instanceVariables == ["_headerView", "_rowCount", "_flags"])
    #expect(controller.propertyNames == ["titleLabel", "toggles", "subtitle", "editing", "onDismiss", "delegate"])
    #expect(controller.properties.filter(\.isOutlet).map(\.name) == ["titleLabel", "toggles", "delegate"])
    #expect(controller.properties.filter(\.isReadOnly).map(\.name) == ["toggles"])
    #expect(
      controller.selectors == [
        "resetTapped:", "configureCell:atIndexPath:", "sharedController", "loadWithCompletion:", "initWithStyle:",
        "initWithCoder:",
      ]
    )
    #expect(controller.methods.filter(\.isAction).map(\.selector) == ["resetTapped:"])
    #expect(controller.methods.filter(\.isClassMethod).map(\.selector) == ["sharedController"])
  }

  @Test func locationsPointAtNames() throws {
    let markers = markerPositions(Self.header)
    let controller = try #require(scanClasses(Self.header, path: "Prefs/SettingsViewController.h").first)
    #expect(controller.location.file == "Prefs/SettingsViewController.h")
    #expect(controller.location.range.start == markers["1️⃣"])
    let nameLength = "SettingsViewController".utf8.count
    #expect(controller.location.range.end.offset == markers["1️⃣"].map { $0.offset + nameLength })
    #expect(controller.property("titleLabel")?.location.range.start == markers["2️⃣"])
    #expect(controller.method("resetTapped:")?.location.range.start == markers["3️⃣"])
    #expect(controller.method("sharedController")?.location.range.start == markers["4️⃣"])
  }

  @Test func columnsCountUTF8Bytes() throws {
    let source = "@interface /* größe */ 1️⃣Größe : NSObject\n@property int 2️⃣ä;\n@end\n"
    let markers = markerPositions(source)
    let declaration = try #require(scanClasses(source).first)
    #expect(declaration.name == "Größe")
    #expect(declaration.location.range.start == markers["1️⃣"])
    #expect(declaration.location.column == 26)  // 21 ASCII bytes, then "ö" and "ß" in the comment take 2 each
    #expect(declaration.property("ä")?.location.range.start == markers["2️⃣"])
  }

  static let implementation = """
    #import "SettingsViewController.h"

    static NSString *const kCellIdentifier = @"SettingsCell";
    static const CGFloat kRowHeight = 44.0 - 2.0;
    static int offsets[kCount - 1];

    @interface 1️⃣SettingsViewController () <UITextFieldDelegate>
    @property (nonatomic, weak) IBOutlet UITableViewCell *versionCell;
    @property (nonatomic, readwrite) NSArray<NSDictionary<NSString *, id> *> *rows;
    @property (nonatomic) IBOutlet UILabel *firstLabel, *secondLabel;
    @end

    @implementation 2️⃣SettingsViewController {
        BOOL _didAppear;
    }

    @synthesize editing = _editing;

    #pragma mark - View lifecycle

    - (void)viewDidLoad {
        [super viewDidLoad];
        NSString *brace = @"}"; // a brace in a string: }
        /* a comment with { and @end */
        char open = '{';
        [self.tableView registerClass:[UITableViewCell class] forCellReuseIdentifier:kCellIdentifier];
        self.onDismiss = ^(BOOL animated) {
            if (animated) { NSLog(@"-(void)notAMethod:(id)x {"); }
        };
    }

    - (IBAction)resetTapped:(id)sender
    {
        int delta = -1;
        self.rows = @[];
    }

    static void helper(void) { }

    - (void)configureCell:(SettingsCell *)cell atIndexPath:(NSIndexPath *)indexPath {
    }

    + (instancetype)sharedController { static id shared; return shared; }

    - (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath; {
    }

    @end
    """

  @Test func implementationWithClassExtension() throws {
    let classes = scanClasses(Self.implementation, path: "SettingsViewController.m")
    try #require(classes.count == 2)
    let (extensionBlock, implementation) = (classes[0], classes[1])
    let markers = markerPositions(Self.implementation)

    #expect(extensionBlock.name == "SettingsViewController")
    #expect(extensionBlock.category == "")
    #expect(extensionBlock.superclass == nil)
    #expect(extensionBlock.protocols == ["UITextFieldDelegate"])
    #expect(extensionBlock.propertyNames == ["versionCell", "rows", "firstLabel", "secondLabel"])
    #expect(extensionBlock.properties.map(\.isOutlet) == [true, false, true, true])
    #expect(extensionBlock.location.range.start == markers["1️⃣"])

    #expect(implementation.name == "SettingsViewController")
    #expect(implementation.category == nil)
    #expect(implementation.instanceVariables == ["_didAppear"])
    #expect(implementation.properties.isEmpty)
    #expect(
      implementation.selectors == [
        "viewDidLoad", "resetTapped:", "configureCell:atIndexPath:", "sharedController",
        "tableView:didSelectRowAtIndexPath:",
      ]
    )
    #expect(implementation.method("resetTapped:")?.isAction == true)
    #expect(implementation.method("sharedController")?.isClassMethod == true)
    #expect(implementation.location.range.start == markers["2️⃣"])
  }

  @Test func categoryInterfaceAndImplementation() throws {
    let source = """
      @interface UITableView (Reuse) <NSObject>
      - (__kindof UITableViewCell *)dequeueCellOfClass:(Class)cellClass forIndexPath:(NSIndexPath *)indexPath;
      + (NSString *)reuseIdentifierForClass:(Class)cellClass;
      @end

      @implementation UITableView (Reuse)
      - (__kindof UITableViewCell *)dequeueCellOfClass:(Class)cellClass forIndexPath:(NSIndexPath *)indexPath {
          return [self dequeueReusableCellWithIdentifier:NSStringFromClass(cellClass) forIndexPath:indexPath];
      }
      + (NSString *)reuseIdentifierForClass:(Class)cellClass { return NSStringFromClass(cellClass); }
      @end
      """
    let classes = scanClasses(source, path: "UITableView+Reuse.m")
    #expect(classes.map(\.name) == ["UITableView", "UITableView"])
    #expect(classes.map(\.category) == ["Reuse", "Reuse"])
    #expect(classes.map(\.protocols) == [["NSObject"], []])
    let selectors = ["dequeueCellOfClass:forIndexPath:", "reuseIdentifierForClass:"]
    #expect(classes.map(\.selectors) == [selectors, selectors])
    #expect(classes.first?.location.range.start == SourcePosition(line: 1, column: 12, offset: 11))
  }

  @Test func genericsAndRootClasses() {
    let source = """
      @interface Box<__covariant ObjectType : id<NSCopying>> : NSObject <NSCopying, NSSecureCoding>
      @property (nonatomic, readonly) ObjectType value;
      - (instancetype)initWithValue:(ObjectType)value;
      @end
      @interface StringBox : Box<NSString *> <NSFastEnumeration>
      @end
      @interface Root <NSObject>
      @end
      @interface Cache<KeyType, ObjectType> (Pruning)
      - (void)prune;
      @end
      """
    let classes = scanClasses(source, path: "Box.h")
    #expect(classes.map(\.name) == ["Box", "StringBox", "Root", "Cache"])
    #expect(classes.map(\.superclass) == ["NSObject", "Box", nil, nil])
    #expect(classes.map(\.protocols) == [["NSCopying", "NSSecureCoding"], ["NSFastEnumeration"], ["NSObject"], []])
    #expect(classes.map(\.category) == [nil, nil, nil, "Pruning"])
    #expect(classes.first?.propertyNames == ["value"])
    #expect(classes.last?.selectors == ["prune"])
  }

  @Test func selectorShapes() throws {
    let source = """
      @interface Shapes : NSObject
      - (void)doThing:(id)a withObject:(id)b;
      - (void)pair:(id)a :(id)b;
      - (void)untyped:x;
      - noReturnType;
      - (oneway void)release:(in bycopy id)value;
      - (void)log:(NSString *)format, ... NS_FORMAT_FUNCTION(1,2);
      - (void)animate:(NSTimeInterval)duration completion:(void (^ _Nullable)(BOOL finished))completion;
      - (nullable UITableViewCell *)cellForRowAtIndexPath:(NSIndexPath *)indexPath;
      - (void (^)(void))makeHandler;
      - (void)setAction:(SEL)action forEvents:(UIControlEvents)events __attribute__((deprecated("use blocks")));
      - (void)layoutSubviews __attribute__((objc_requires_super));
      @end
      """
    let shapes = try #require(scanClasses(source, path: "Shapes.h").first)
    #expect(
      shapes.selectors == [
        "doThing:withObject:", "pair::", "untyped:", "noReturnType", "release:", "log:", "animate:completion:",
        "cellForRowAtIndexPath:", "makeHandler", "setAction:forEvents:", "layoutSubviews",
      ]
    )
    #expect(shapes.methods.allSatisfy { !$0.isAction && !$0.isClassMethod })
  }

  @Test func propertyShapes() throws {
    let source = """
      @interface Props : NSObject
      @property (nonatomic) unsigned long long byteCount;
      @property (nonatomic, readonly, class) NSString *defaultName;
      @property (nonatomic) NSURL *URL;
      @property (nonatomic) CGFloat rowHeight UI_APPEARANCE_SELECTOR;
      @property (nonatomic, strong) UIColor * _Nullable tint;
      @property (nonatomic, copy) NSDictionary<NSString *, NSArray<NSNumber *> *> *table;
      @property (nonatomic, assign) int (*compare)(id, id);
      @property (nonatomic, copy, nullable) void (NS_NOESCAPE ^ _Nullable visit)(id item);
      @property (nonatomic, weak) IBOutlet __kindof UITableViewCell *cell;
      @property (nonatomic, readwrite, strong) IBInspectable UIColor *borderColor;
      @property (atomic) struct CGPoint origin;
      @property (nonatomic, getter=isOn, setter=setOn:) BOOL on __attribute__((deprecated));
      @property (nonatomic, copy) void (^(^makeHandler)(NSInteger count))(void);
      @end
      """
    let props = try #require(scanClasses(source, path: "Props.h").first)
    #expect(
      props.propertyNames == [
        "byteCount", "defaultName", "URL", "rowHeight", "tint", "table", "compare", "visit", "cell", "borderColor",
        "origin", "on", "makeHandler",
      ]
    )
    #expect(props.properties.filter(\.isReadOnly).map(\.name) == ["defaultName"])
    #expect(props.properties.filter(\.isOutlet).map(\.name) == ["cell"])
  }

  @Test func instanceVariableShapes() throws {
    let source = """
      @implementation Ivars {
      @public
          id _target;
          SEL _action;
          IBOutlet UIButton *_button, *_otherButton;
      @protected
          CGFloat _insets[4];
          void (^_handler)(void);
          unsigned _isVisible : 1;
          __weak id<UITableViewDelegate> _delegate;
          std::vector<int> _indexes;
      }
      @end
      """
    let ivars = try #require(scanClasses(source, path: "Ivars.mm").first)
    #expect(
      ivars.instanceVariables == [
        "_target", "_action", "_button", "_otherButton", "_insets", "_handler", "_isVisible", "_delegate", "_indexes",
      ]
    )
  }

  /// Clang compiles bytes that are not UTF-8 in comments and literals (Latin-1 headers, Provenance's emulator cores):
  /// the file is read, and a literal holding one spells nothing.
  @Test func latin1TextIsReadAsItIs() {
    let bytes = Array("// (c) caf".utf8) + [0xE9] + Array("\n@interface Legacy : NSObject\n@property IBOutlet UILabel *title;\n@end\n".utf8)
      + Array("static NSString *const kCell = @\"Caf".utf8) + [0xE9] + Array("Cell\";\nstatic NSString *const kOther = @\"OtherCell\";\n".utf8)
    let facts = ObjectiveCFrontend.parse(path: "Legacy.m", bytes: bytes)
    #expect(facts.problems.isEmpty)
    #expect(facts.objectiveC?.classes.map(\.name) == ["Legacy"])
    #expect(facts.objectiveC?.classes.first?.location.range.start.line == 2)
    #expect(facts.objectiveC?.constants.map(\.name) == ["kOther"])
    #expect(facts.objectiveC?.spelledStrings == ["OtherCell"])
  }

  /// Where scalar-by-scalar parsing of `bytes` first fails, or `nil`: what `UTF8Validation` must report.
  static func scalarParsingFailure(_ bytes: [UInt8]) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  /// `UTF8Validation` reports the offset where scalar-by-scalar parsing first fails, for each kind of ill-formed
  /// sequence: truncated, a lone continuation byte, overlong, a surrogate, past U+10FFFF, an invalid byte; from the
  /// slice's start, also for a slice that does not start at 0.
  @Test func theFirstInvalidByteIsWhereScalarParsingFails() {
    let prefix = Array("@\"café\" ".utf8)
    let tails: [[UInt8]] = [
      [], [0xC3], [0xC3, 0x41], [0x80], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
      [0xF5, 0x41], [0xFF], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
    ]
    for tail in tails {
      let bytes = prefix + tail + Array(" x".utf8)
      #expect(UTF8Validation.firstInvalidOffset(in: bytes[...]) == Self.scalarParsingFailure(bytes), "\(tail)")
      #expect(UTF8Validation.firstInvalidOffset(in: bytes[2...]) == Self.scalarParsingFailure(Array(bytes[2...])), "\(tail)")
    }
  }

  /// Every sequence of one to three bytes, and every four-byte sequence over the bytes where validity changes, after
  /// ASCII runs of every length up to a word and a half: the same offset as scalar-by-scalar parsing.
  @Test func theValidatorAgreesWithScalarParsingOnEverySequence() {
    var mismatches = 0
    func check(_ bytes: [UInt8]) {
      if UTF8Validation.firstInvalidOffset(in: bytes[...]) != Self.scalarParsingFailure(bytes) { mismatches += 1 }
    }
    let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
      0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
    for first in 0...255 {
      for second in 0...255 {
        check([UInt8(first), UInt8(second)])
        // Three bytes: all of them after a lead of three or four, the edges otherwise.
        let thirds: [UInt8] = (0xE0...0xF4).contains(first) ? Array(0...255) : edges
        for third in thirds { check([UInt8(first), UInt8(second), third]) }
      }
    }
    for first in edges where first >= 0xF0 {
      for second in edges { for third in edges { for fourth in edges { check([first, second, third, fourth]) } } }
    }
    // After ASCII runs of every length to a word and a half, and before more text.
    for run in 0...12 {
      let ascii = [UInt8](repeating: 0x61, count: run)
      for tail in [[0xE2, 0x82, 0xAC], [0xE2, 0x82], [0xF0, 0x9F, 0x98, 0x80], [0x80], [0xC3, 0xA9]] as [[UInt8]] {
        check(ascii + tail)
        check(ascii + tail + ascii)
      }
    }
    #expect(mismatches == 0)
  }

  @Test func emptyAndByteOrderMarkedFiles() {
    #expect(ObjectiveCFrontend.parse(path: "Empty.h", bytes: []).objectiveC == ObjectiveCFileFacts())
    let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    let facts = ObjectiveCFrontend.parse(path: "BOM.h", bytes: byteOrderMark + Array("@interface A : B\n@end".utf8))
    #expect(facts.objectiveC?.classes.first?.location.range.start == SourcePosition(line: 1, column: 15, offset: 14))
  }

  /// A `@protocol` block gives its selectors (methods, getters, setters of properties that are not read-only), and
  /// no class; forward declarations and `@protocol(X)` expressions give nothing, and do not end a class block.
  @Test func protocolBlocksGiveTheirSelectors() throws {
    let source = """
      @protocol Later;
      @protocol ParserDelegate <NSObject>
      @optional
      - (id)parser:(Parser *)parser didProduceSyntaxTree:(SyntaxTree *)tree;
      - (id)parser:(Parser *)parser didFail:(id)input __attribute__((deprecated("use -parser:didFail:expecting:")));
      + (instancetype)delegateNamed:(NSString *)name;
      @property (nonatomic, copy) NSString *title;
      @property (nonatomic, readonly) NSInteger count;
      - (void)reset;
      - (void)reset;
      @end
      @interface Parser : NSObject
      - (BOOL)conforms;
      @end
      @implementation Parser
      - (BOOL)conforms { return [self conformsToProtocol:@protocol(ParserDelegate)]; }
      @end
      """
    let facts = try #require(ObjectiveCFrontend.parse(path: "Parser.h", bytes: Array(source.utf8)).objectiveC)
    #expect(facts.classes.map(\.name) == ["Parser", "Parser"])
    #expect(facts.classes.map { $0.methods.map(\.selector) } == [["conforms"], ["conforms"]])
    #expect(
      facts.protocolSelectors == [
        "parser:didProduceSyntaxTree:", "parser:didFail:", "delegateNamed:", "reset", "title", "setTitle:", "count",
      ]
    )
  }
}
