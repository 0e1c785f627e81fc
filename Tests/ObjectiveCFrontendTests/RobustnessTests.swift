import ObjectiveCFrontend
import TablelintModel
import Testing
import _TablelintTestSupport

@Suite struct RobustnessTests {
  @Test func fakeDeclarationsInCommentsStringsAndMacros() {
    let source = """
      // @interface FakeLineComment : NSObject
      /* @interface FakeBlockComment : NSObject
         - (IBAction)fake:(id)sender;
         @end */
      #define DECLARE_CELL(name) @interface name : UITableViewCell \\
          @end
      #if 0
      @interface FakeDisabled : NSObject
      @end
      #endif
      static NSString *const kDoc = @"@interface FakeString : NSObject @end";

      @protocol CellConfiguring <NSObject>
      @property (nonatomic, readonly) NSString *reuseIdentifier;
      - (void)configureWithItem:(id)item;
      @end

      @interface Real : NSObject
      @property (nonatomic) NSString *name; // @end
      - (void)run; /* @end */
      - (NSString *)title { return @"@end"; }
      @end
      """
    let classes = scanClasses(source, path: "Real.m")
    #expect(classes.map(\.name) == ["Real"])
    #expect(classes.first?.propertyNames == ["name"])
    #expect(classes.first?.selectors == ["run", "title"])
  }

  @Test func protocolExpressionsAndForwardDeclarationsAreNotBlocks() {
    let source = """
      @protocol Forward, Other;
      @implementation Checker
      - (BOOL)check:(id)object { return [object conformsToProtocol:@protocol(Forward)]; }
      - (void)after;
      @end
      """
    #expect(scanClasses(source).first?.selectors == ["check:", "after"])
  }

  @Test func missingEndStartsTheNextClass() {
    let source = """
      @interface First : NSObject
      - (void)one;
      @implementation Second
      - (void)two {
      @interface Third : NSObject
      - (void)three;
      """
    let classes = scanClasses(source)
    #expect(classes.map(\.name) == ["First", "Second", "Third"])
    #expect(classes.map(\.selectors) == [["one"], ["two"], ["three"]])
  }

  @Test func minusInExpressionsBetweenMethodsIsNotAMethod() {
    let source = """
      @implementation Layout
      static const CGFloat kInset = 16.0 - 2.0;
      static CGRect frames[kCount - 1];
      static void (^handler)(void) = ^{ int x = 1 - 2; };
      - (CGFloat)height { return kInset - 1; }
      @end
      """
    #expect(scanClasses(source).first?.selectors == ["height"])
  }

  static let samples = [
    ClassDeclarationTests.header, ClassDeclarationTests.implementation,
    "@interface A<T : id<P>> : B<C *> <D> { int (*f)(int); struct { int x; } s; }\n@property (x) int (^b)(void);\n@end",
    "#if 0\n#else\n@implementation X - (void)a:(void (^)(id<P> _Nullable))b { @\"\\\"\"; '\\''; } @end\n#endif",
  ]

  /// Truncated files (an editor mid-typing, a bad merge) must never crash the scanner.
  @Test(arguments: samples) func everyPrefixIsScannedWithoutCrashing(sample: String) {
    let bytes = Array(sample.utf8)
    for length in 0...bytes.count {
      let facts = ObjectiveCFrontend.parse(path: "Prefix.m", bytes: Array(bytes.prefix(length)))
      for declaration in facts.objectiveC?.classes ?? [] {
        #expect(declaration.location.range.start.offset <= length)
      }
    }
  }

  /// Inputs built to defeat brace, bracket and angle matching; each must finish quickly.
  @Test(arguments: [
    String(repeating: "(", count: 200_000),
    "@interface A\n- (" + String(repeating: "(", count: 200_000),
    "@interface A\n@property " + String(repeating: "<", count: 200_000),
    String(repeating: "@interface A <", count: 50_000),
    String(repeating: "@interface A (", count: 50_000),
    "@implementation A\n- (void)f " + String(repeating: "{", count: 200_000),
    String(repeating: "- (void)f:(id)a ", count: 50_000),
    "@interface A {" + String(repeating: "int a, ", count: 50_000),
    String(repeating: "#if X\n", count: 50_000) + "@interface A\n@end",
    "/*" + String(repeating: "*", count: 200_000),
    "@implementation A\n" + String(repeating: "-(-(-(", count: 50_000),
    "@interface A\n@property void " + String(repeating: "(^", count: 100_000) + "x",
    "@interface A {\n void " + String(repeating: "(*(^", count: 50_000) + "x)",
  ])
  func pathologicalInputsFinishQuickly(source: String) {
    let bytes = Array(source.utf8)
    let duration = ContinuousClock().measure { _ = ObjectiveCFrontend.parse(path: "Evil.m", bytes: bytes) }
    // The yardstick is ordinary source of the same size, read in the same build: sanitizers slow both alike
    // (Thread Sanitizer, ten times), while a scan gone quadratic on these sizes would take thousands of times as long.
    // A debug build reads these inputs in 0.4 to 5 times the yardstick's time.
    let unit = Array(MarkedSource(ClassDeclarationTests.header + "\n" + ClassDeclarationTests.implementation + "\n").text.utf8)
    let plain = Array(Array(repeating: unit, count: bytes.count / unit.count + 1).joined())
    let yardstick = ContinuousClock().measure { _ = ObjectiveCFrontend.parse(path: "Plain.m", bytes: plain) }
    #expect(
      duration < max(yardstick * 20, .seconds(1)),
      "took \(duration) for \(bytes.count) bytes; \(plain.count) bytes of ordinary source took \(yardstick)"
    )
  }

  /// Four times the input must take well under sixteen times as long (what a quadratic scan would need).
  @Test func scanningTimeGrowsLinearly() {
    let unit = MarkedSource(ClassDeclarationTests.header + "\n" + ClassDeclarationTests.implementation + "\n").text
    let smallBytes = Array(String(repeating: unit, count: 250).utf8)
    let largeBytes = Array(String(repeating: unit, count: 1_000).utf8)
    func time(_ bytes: [UInt8]) -> Duration {
      ContinuousClock().measure { _ = ObjectiveCFrontend.parse(path: "Big.m", bytes: bytes) }
    }
    // The best of three each, the sizes taken in turn: a burst of other work on the machine (CI beside fuzzing, two
    // cores) slows one round of both rather than every run of one size (a large run once took 8.2 times the small).
    var small = Duration.seconds(1_000)
    var large = Duration.seconds(1_000)
    for _ in 0..<3 {
      small = min(small, time(smallBytes))
      large = min(large, time(largeBytes))
    }
    #expect(large < small * 8, "250 copies: \(small), 1000 copies: \(large)")
    let classCount = ObjectiveCFrontend.parse(path: "Big.m", bytes: Array(String(repeating: unit, count: 1_000).utf8))
      .objectiveC?.classes.count
    #expect(classCount == 3_000)
  }
}

@Suite struct BinaryInputTests {
  /// Found by `scripts/hostile-suite.py`: a NUL byte is valid UTF-8, so binary junk and UTF-16 text were tokenized as
  /// if they were source, silently.
  @Test(arguments: [
    (Array("@implementation Nul\n".utf8) + [0, 0] + Array("- (void)a {}\n@end\n".utf8), 2, 1),
    (Array("@interface A : NSObject\n@end\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, 1, 2),
  ] as [([UInt8], Int, Int)])
  func aNulByteMakesTheFileUnreadable(bytes: [UInt8], line: Int, column: Int) {
    let facts = ObjectiveCFrontend.parse(path: "Binary.m", bytes: bytes)
    #expect(facts.content == .unreadable)
    #expect(facts.problems.map(\.message) == ["not a UTF-8 text file: it contains a NUL byte"])
    #expect(facts.problems.first?.location.range.start.line == line)
    #expect(facts.problems.first?.location.range.start.column == column)
  }

  @Test func aNulByteAfterAnInvalidByteIsStillReported() {
    let facts = ObjectiveCFrontend.parse(path: "Latin1.m", bytes: Array("// caf".utf8) + [0xE9, 0x0A, 0])
    #expect(facts.content == .unreadable)
    #expect(facts.problems.map(\.message) == ["not a UTF-8 text file: it contains a NUL byte"])
    #expect(facts.problems.first?.location.range.start == SourcePosition(line: 2, column: 1, offset: 8))
  }
}
