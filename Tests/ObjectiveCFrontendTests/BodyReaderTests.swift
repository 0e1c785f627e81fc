@testable import ObjectiveCFrontend
import TablelintModel
import Testing

/// The body reader on small inputs: message sends, identifiers, casts, constants, selectors, hostile input.
@Suite struct BodyReaderTests {
  private func facts(_ source: String, path: String = "Example.m") -> ObjectiveCFileFacts {
    ObjectiveCFrontend.parse(path: path, bytes: Array(source.utf8)).objectiveC ?? ObjectiveCFileFacts()
  }

  private func send(_ source: String) -> ObjectiveCMessageSend? {
    let tokens = ObjectiveCTokenizer.tokenize(Array(source.utf8))
    guard let open = tokens.firstIndex(where: { $0.isPunctuation("[") }) else { return nil }
    return ObjectiveCMessageSend.read(at: open, in: tokens, matches: BracketMatches(tokens))
  }

  // MARK: - Message sends

  /// `[UIStoryboard storyboardWithName:@"…" bundle:…]` with a literal name; a computed name is not a storyboard's.
  @Test func storyboardsLoadedByName() {
    let read = facts(
      """
      @implementation SyncManager
      - (void)show {
        UIStoryboard* storyboard = [UIStoryboard storyboardWithName:@"ConflictResolutionWizard" bundle:nil];
        UIStoryboard* other = [UIStoryboard storyboardWithName:self.storyboardName bundle:nil];
        [NSStoryboard storyboardWithName:@"Preferences" bundle:[NSBundle mainBundle]];
      }
      @end
      """
    )
    #expect(read.loadedStoryboards == ["ConflictResolutionWizard", "Preferences"])
  }

  @Test func keywordSendWithNestedSendsAndBlocks() {
    #expect(send("[tableView dequeueReusableCellWithIdentifier:kCell forIndexPath:indexPath]")?.selector
      == "dequeueReusableCellWithIdentifier:forIndexPath:")
    #expect(send("[self.tableView registerNib:[UINib nibWithNibName:@\"A\" bundle:nil] forCellReuseIdentifier:@\"A\"]")?
      .selector == "registerNib:forCellReuseIdentifier:")
    #expect(send("[[NSBundle mainBundle] loadNibNamed:@\"X\" owner:self options:nil]")?.selector
      == "loadNibNamed:owner:options:")
    #expect(send("[UIView animateWithDuration:0.3 animations:^{ [self.view layoutIfNeeded]; } completion:^(BOOL f) {}]")?
      .selector == "animateWithDuration:animations:completion:")
    #expect(send("[(UITableView *)view reloadData]")?.selector == "reloadData")
    #expect(send("[x setEnabled:flag ? a : b animated:YES]")?.selector == "setEnabled:animated:")
    #expect(send("[NSString stringWithFormat:@\"%@ [%d]\", a, b]")?.selector == "stringWithFormat:")
    #expect(send("[FooCell class]")?.isUnary == true)
  }

  @Test func subscriptsAndUnbalancedBracketsAreNoSends() {
    #expect(send("values[0] = 1;") == nil)
    #expect(send("[tableView dequeueReusableCellWithIdentifier:@\"A\"") == nil)
    #expect(send("[a b c]") == nil)
    #expect(send("[]") == nil)
  }

  // MARK: - Dequeues and registrations

  /// A mutable global is no constant, and `@protocol(P)` in a body does not end the `@implementation`.
  @Test func mutableGlobalsAndProtocolExpressions() {
    let result = facts("""
      static NSString *kMutableID = @"Mutable";
      @implementation ListViewController
      - (void)viewDidLoad {
        if ([self.delegate conformsToProtocol:@protocol(ListDelegate)]) { }
        [self.tableView registerClass:[FooCell class] forCellReuseIdentifier:@"Foo"];
      }
      - (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
        return [tableView dequeueReusableCellWithIdentifier:@"Foo" forIndexPath:indexPath];
      }
      @end
      """)
    #expect(result.constants.isEmpty)
    #expect(result.registrations.map(\.enclosingType) == ["ListViewController"])
    #expect(result.dequeues.map(\.enclosingType) == ["ListViewController"])
  }

  @Test func dequeuesWithConstantsDefinesAndClassMethods() {
    let result = facts("""
      #define kDefineID @"Defined"
      static NSString * const kStaticID = @"Static";
      NSString *const kGlobalID = @"Global";
      @implementation ListViewController
      - (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
        // [tableView dequeueReusableCellWithIdentifier:@"Comment" forIndexPath:indexPath];
        NSString *s = @"[not a send]";
        UITableViewCell *a = [tableView dequeueReusableCellWithIdentifier:@"Literal" forIndexPath:indexPath];
        FooCell *b = [tableView dequeueReusableCellWithIdentifier:kStaticID forIndexPath:indexPath];
        id c = (BarCell *)[tableView dequeueReusableCellWithIdentifier:kDefineID];
        [tableView dequeueReusableCellWithIdentifier:[FooCell defaultReuseIdentifier] forIndexPath:indexPath];
        [tableView dequeueReusableCellWithIdentifier:FooCell.defaultReuseIdentifier forIndexPath:indexPath];
        [tableView dequeueReusableCellWithIdentifier:NSStringFromClass([FooCell class]) forIndexPath:indexPath];
        [tableView dequeueReusableCellWithIdentifier:identifier forIndexPath:indexPath];
        NSString *local = kGlobalID;
        return [tableView dequeueReusableCellWithIdentifier:local forIndexPath:indexPath];
      }
      - (void)x:(NSString *)identifier {}
      @end
      """)
    #expect(result.dequeues.map(\.identifier) == [
      .literal("Literal"), .reference(path: ["kStaticID"]), .reference(path: ["kDefineID"]),
      .reference(path: ["FooCell", "defaultReuseIdentifier"]), .reference(path: ["FooCell", "defaultReuseIdentifier"]),
      .typeName("FooCell"), .reference(path: ["identifier"]), .reference(path: ["kGlobalID"]),
    ])
    #expect(result.dequeues.allSatisfy { $0.enclosingType == "ListViewController" })
    #expect(result.dequeues.map(\.castType) == ["UITableViewCell", "FooCell", "BarCell", nil, nil, nil, nil, nil])
    #expect(result.dequeues[1].castKind == .unchecked)
    #expect(result.dequeues[2].nilHandling == .handled)
    #expect(result.dequeues[0].nilHandling == .notOptional)
    #expect(Set(result.constants.map(\.name)) == ["kDefineID", "kStaticID", "kGlobalID"])
    #expect(result.dequeues[0].identifierLocation.range.start.line == 8)
  }

  @Test func typedVariablesWithProtocolsAndQualifiers() {
    let result = facts("""
      @implementation A
      - (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
        UITableViewCell<MXKCellRendering> *cell = [tableView dequeueReusableCellWithIdentifier:@"A" forIndexPath:indexPath];
        __kindof UITableViewCell *other = [tableView dequeueReusableCellWithIdentifier:@"B" forIndexPath:indexPath];
        x = y * [tableView dequeueReusableCellWithIdentifier:@"C" forIndexPath:indexPath];
        cell = [tableView dequeueReusableCellWithIdentifier:@"D"];
        return cell;
      }
      @end
      """)
    #expect(result.dequeues.map(\.castType) == ["UITableViewCell", "UITableViewCell", nil, nil])
    #expect(result.dequeues.map(\.receiver) == ["tableView", "tableView", "tableView", "tableView"])
  }

  @Test func parametersAndReassignedLocalsAreUnknown() {
    let result = facts("""
      @implementation A
      - (UITableViewCell *)cellFor:(NSString *)identifier in:(UITableView *)tableView {
        NSString *cellID = @"One";
        if (x) { cellID = @"Two"; }
        [tableView dequeueReusableCellWithIdentifier:identifier];
        return [tableView dequeueReusableCellWithIdentifier:cellID];
      }
      @end
      """)
    #expect(result.dequeues.map(\.identifier) == [.unknown, .unknown])
  }

  @Test func classMethodsReturningStringsAreConstants() {
    let result = facts("""
      @implementation MXKTableViewCell
      + (NSString *)defaultReuseIdentifier
      {
          return NSStringFromClass([self class]);
      }
      - (NSString *)title { return @"Title"; }
      - (NSString *)other { if (x) return @"a"; return @"b"; }
      @end
      """)
    #expect(result.constants.map(\.name) == ["defaultReuseIdentifier", "title"])
    #expect(result.constants.first?.value == .selfTypeName)
    #expect(result.constants.first?.owner == "MXKTableViewCell")
    #expect(result.constants.first?.isStatic == true)
  }

  @Test func registrationsOfClassesAndNibs() {
    let result = facts("""
      @implementation ListViewController
      - (void)viewDidLoad {
        [super viewDidLoad];
        [self.tableView registerClass:[FooCell class] forCellReuseIdentifier:@"Foo"];
        [self.tableView registerClass:BarCell.class forCellReuseIdentifier:@"Bar"];
        [self.tableView registerNib:[UINib nibWithNibName:@"BazCell" bundle:nil] forCellReuseIdentifier:@"Baz"];
        UINib *nib = [UINib nibWithNibName:@"QuxCell" bundle:[NSBundle bundleForClass:self.class]];
        [self.tableView registerNib:nib forCellReuseIdentifier:@"Qux"];
        [self.tableView registerClass:SectionHeader.class forHeaderFooterViewReuseIdentifier:@"Header"];
        [self.collectionView registerClass:[Item class] forCellWithReuseIdentifier:@"Item"];
        REGISTER_CELL(registerClass:x);
      }
      @end
      """)
    #expect(result.registrations.map(\.kind) == [.tableCell, .tableCell, .tableCell, .tableCell, .tableHeaderFooter, .collectionCell])
    #expect(result.registrations.map(\.content) == [
      .cellClass("FooCell"), .cellClass("BarCell"),
      .nib(.literal("BazCell"), location: result.registrations[2].content.nibLocation),
      .nib(.literal("QuxCell"), location: result.registrations[3].content.nibLocation),
      .cellClass("SectionHeader"), .cellClass("Item"),
    ])
    #expect(result.registrations.allSatisfy { $0.receiver?.hasSuffix("View") == true })
    #expect(result.nibReferences.map(\.name) == [.literal("BazCell"), .literal("QuxCell")])
    #expect(result.nibReferences.allSatisfy { $0.bundle == .app })
    // The macro's `registerClass:` could not be read: the file says so.
    #expect(result.registersReusableViews)
  }

  @Test func registrationHelpersAreOpaqueRegistrations() {
    let result = facts("""
      @implementation RoomViewController
      - (void)viewDidLoad {
        [RoomCells registerOutgoingTextMessageCellsForTableView:self.tableView];
        [self registerForRemoteNotificationsWithCompletion:nil];
        [Helpers RegisterAllIn:self.mainTableView];
        [self.TableView registerEverything];
        [self.Collection registerNothing:nil];
      }
      @end
      """)
    // The first by its selector (`Cells`); then, in any case, an argument's name and the receivers.
    #expect(result.registrations.map(\.helperName) == [
      "registerOutgoingTextMessageCellsForTableView:", "RegisterAllIn:", "registerEverything", "registerNothing:",
    ])
    #expect(result.registrations.first?.identifier == .unknown)
  }

  @Test func readRegistrationsLeaveTheFileSure() {
    let result = facts("""
      @implementation A
      - (void)viewDidLoad { [self.tableView registerClass:[FooCell class] forCellReuseIdentifier:@"Foo"]; }
      @end
      """)
    #expect(!result.registersReusableViews)
  }

  // MARK: - Selectors

  @Test func selectorsAndTargetActions() {
    let result = facts("""
      @implementation A
      - (void)setUp {
        [button addTarget:self action:@selector(tapped:event:extra:) forControlEvents:UIControlEventTouchUpInside];
        [self performSelector:@selector(refresh) withObject:nil afterDelay:1];
        if ([delegate respondsToSelector:@selector(optionalThing:)]) {}
        SEL s = NSSelectorFromString(@"dynamicThing:");
        Method m = class_getInstanceMethod(self, @selector(image));
        UITapGestureRecognizer *tap = [[UITapGestureRecognizer alloc] initWithTarget:other action:@selector(tap:)];
      }
      @end
      """)
    #expect(result.selectorReferences.map(\.selector) == ["tapped:event:extra:", "refresh", "dynamicThing:", "tap:"])
    #expect(result.selectorReferences.allSatisfy { $0.form == .stringLiteral && $0.enclosingType == "A" })
    #expect(result.targetActions.map(\.kind) == [.controlEvent, .perform, .targetAction])
    #expect(result.targetActions.map(\.targetIsSelf) == [true, true, false])
    #expect(result.targetActions.map(\.maximumArguments) == [2, 1, 1])
  }

  @Test func aStringSelectorInAnIntrospectionCallClaimsNoMethod() {
    let result = facts("""
      @implementation A
      - (void)configure:(UITableViewCell *)cell {
        if ([cell respondsToSelector:NSSelectorFromString(@"configureWithItem:")]) {}
        Method m = class_getInstanceMethod([cell class], NSSelectorFromString(@"layoutThing"));
        SEL s = NSSelectorFromString(@"dynamicThing:");
      }
      @end
      """)
    #expect(result.selectorReferences.map(\.selector) == ["dynamicThing:"])
  }

  @Test func aCastOfAMemberOfTheDequeuedViewIsNotTheDequeues() {
    let result = facts("""
      @implementation A
      - (void)f {
        UIView *v = [tableView dequeueReusableHeaderFooterViewWithIdentifier:@"H"].contentView;
        MyHeader *h = (MyHeader *)[tableView dequeueReusableHeaderFooterViewWithIdentifier:@"H"];
      }
      @end
      """)
    #expect(result.dequeues.map(\.castType) == [nil, "MyHeader"])
  }

  @Test func aConstantMethodIsLocatedAtItsName() {
    let result = facts("""
      @implementation A
      + (NSString *)reuseIdentifier NS_SWIFT_NAME(reuseID()) { return @"A"; }
      @end
      """)
    #expect(result.constants.first { $0.name == "reuseIdentifier" }?.location.column == 15)
  }

  // MARK: - Data-source counts

  @Test func dataSourceCountsAreRead() {
    let result = facts("""
      @implementation A
      - (NSInteger)numberOfSectionsInTableView:(UITableView *)tableView { return 2; }
      - (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section {
        if (section == 2) { return 7; }
        switch (section) {
          case 0:
          case 1:
            return 3;
          case 3: {
            if (self.editing) return 4;
            return 1;
          }
        }
        return [super tableView:tableView numberOfRowsInSection:section];
      }
      @end
      @implementation B
      - (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section {
        if (tableView == self.searchTable) return 1;
        [self.items enumerateObjectsUsingBlock:^(id item, NSUInteger index, BOOL *stop) { return; }];
        return self.items.count;
      }
      @end
      """)
    #expect(result.tableMethods.map(\.kind) == [.numberOfSections, .numberOfRows, .numberOfRows])
    #expect(result.tableMethods[0].returns.map(\.value) == [.integer(2)])
    let rows = result.tableMethods[1]
    #expect(rows.returns.map(\.sections) == [.only([2]), .only([0, 1]), .only([3]), .only([3]), .allExcept([2, 0, 1, 3])])
    #expect(rows.returns.map(\.value) == [.integer(7), .integer(3), .integer(4), .integer(1), .superCall])
    #expect(rows.returns.map(\.isConditional) == [false, false, true, true, false])
    #expect(rows.sectionCases.map(\.section) == [0, 1, 3])
    #expect(!rows.dependsOnTableView && !rows.hasUnreadReturns)
    #expect(rows.enclosingType == "A")
    #expect(result.tableMethods[2].dependsOnTableView)
    #expect(result.tableMethods[2].hasUnreadReturns)
  }

  // MARK: - Hostile input

  @Test func unbalancedAndJunkInputEnds() {
    let inputs = [
      "@implementation A\n- (void)f {\n  [[[[[[tableView dequeueReusableCellWithIdentifier:@\"A\"\n@end",
      "@implementation A\n- (void)f { ]]]]) } } [x y:] [:] [x :y] @selector( @selector(a b) NSSelectorFromString(\n",
      "#define X @\"unterminated\n#define Y(a) @\"f\"\n#define\n#define Z @\"z\" junk\n",
      String(repeating: "[", count: 5000) + String(repeating: "]", count: 4000),
      String(repeating: "- (void)f { [a b:^{ ", count: 500),
    ]
    for input in inputs {
      let result = facts(input)
      #expect(result.constants.isEmpty)
    }
  }

  @Test func definesNeedOneStringLiteralBody() {
    let result = facts("""
      #define kA @"A" // a comment
      #define kB @"B" @"C"
      #define kC(x) @"C"
      #define kD NSStringFromClass([Foo class])
      #if 0
      #define kE @"E"
      #endif
      """, path: "Constants.h")
    #expect(result.constants.map(\.name) == ["kA"])
  }
}

extension RegisteredContent {
  fileprivate var nibLocation: TablelintModel.SourceLocation? {
    if case .nib(_, let location) = self { return location }
    return nil
  }
}
