import Foundation
import TablelintModel
import Testing
@testable import ObjectiveCFrontend
import _TablelintTestSupport

/// The tokenizer steps over method bodies nothing in them gives a fact from (`QuietBodies`): the facts must be those
/// of tokenizing every body, on every fixture and on each idiom below, and the bodies that hold something must be read.
@Suite struct QuietBodiesTests {
  static func read(_ text: String) -> (skipping: FileFacts, whole: FileFacts) {
    let bytes = Array(text.utf8)
    return (
      ObjectiveCFrontend.parse(path: "Read.m", bytes: bytes),
      ObjectiveCFrontend.parse(path: "Read.m", bytes: bytes, skippingQuietBodies: false)
    )
  }

  /// The tokens the frontend reads, spelled as `tokenSpellings` spells them.
  static func spellings(_ text: String) -> [String] {
    let bytes = Array(text.utf8)
    return ObjectiveCTokenizer.tokenizeSkippingQuietBodies(bytes).tokens.map { token in
      switch token.kind {
      case .identifier: token.text
      case .atKeyword: "@" + token.text
      case .punctuation: String(UnicodeScalar(token.byte))
      case .literal: "«" + String(decoding: bytes[token.start..<token.end], as: UTF8.self) + "»"
      }
    }
  }

  @Test func everyFixtureObjectiveCFileGivesTheFactsOfTokenizingEveryBody() throws {
    let files = try FixtureFiles.files(endingIn: [".m", ".h", ".mm"])
    #expect(files.count > 10)
    var stepped = 0
    for (path, bytes) in files {
      let skipping = ObjectiveCFrontend.parse(path: path, bytes: bytes)
      let whole = ObjectiveCFrontend.parse(path: path, bytes: bytes, skippingQuietBodies: false)
      #expect(skipping == whole, "\(path)")
      stepped += ObjectiveCTokenizer.tokenize(bytes).count - ObjectiveCTokenizer.tokenizeSkippingQuietBodies(bytes).tokens.count
    }
    // Not vacuous: the fixtures have quiet bodies.
    #expect(stepped > 50)
  }

  static let source = """
    #import "ListViewController.h"
    static NSString *const kCellID = @"Cell";
    @implementation ListViewController
    - (void)viewDidLoad {
      [super viewDidLoad];
      self.title = @"Inbox";
    #if DEBUG
      if (self.debug) {
    #else
      if (self.release) {
    #endif
        dispatch_async(dispatch_get_main_queue(), ^{ [self reload]; });
      }
      @try { [self load]; } @catch (NSException *e) { NSLog(@"failed %@", e); }
    }
    - (void)setUp {
      [self.tableView registerClass:[UITableViewCell class] forCellReuseIdentifier:kCellID];
    }
    + (NSString *)reuseIdentifier { return @"Reuse"; }
    - (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section { return 2; }
    - (void)tap { [self.button addTarget:self action:@selector(tapped:) forControlEvents:UIControlEventTouchUpInside]; }
    - (void)show { [[NSBundle mainBundle] loadNibNamed:@"Header" owner:self options:nil]; }
    - (UITableViewCell *)cell { return [self.tableView dequeueReusableCellWithIdentifier:@"Cell"]; }
    - (void)later { self.count = 1; }
    @end
    """

  @Test func quietBodiesBecomeTheirBracesAndTheOthersAreRead() {
    let read = Self.read(Self.source)
    #expect(read.skipping == read.whole)
    let facts = read.skipping.objectiveC
    #expect(facts?.registrations.count == 1)
    #expect(facts?.dequeues.count == 1)
    #expect(facts?.nibReferences.count == 1)
    #expect(facts?.targetActions.count == 1)
    #expect(facts?.constants.map(\.name).sorted() == ["kCellID", "reuseIdentifier"])
    #expect(facts?.tableMethods.count == 1)
    // The literals of the quiet bodies are still spelled; a literal written only as a dequeue's identifier is not.
    #expect(facts?.spelledStrings.isSuperset(of: ["Inbox", "failed %@", "Header", "Reuse"]) == true)
    #expect(facts?.spelledStrings.contains("Cell") == true)  // kCellID's value
    let spelled = Self.spellings(Self.source)
    // `viewDidLoad` and `later` are quiet: their braces stay, nothing between them.
    let viewDidLoad = spelled.firstIndex(of: "viewDidLoad")!
    #expect(Array(spelled[(viewDidLoad + 1)...(viewDidLoad + 3)]) == ["{", "}", "-"])
    let later = spelled.firstIndex(of: "later")!
    #expect(Array(spelled[(later + 1)...]) == ["{", "}", "@end"])
    // The others are tokenized.
    #expect(spelled.contains("registerClass"))
    #expect(spelled.contains("dequeueReusableCellWithIdentifier"))
    #expect(spelled.contains("loadNibNamed"))
    #expect(spelled.contains("@selector"))
  }

  @Test func aBodyThatDoesNotCloseOrHoldsADeclarationKeywordIsTokenized() {
    for source in [
      "@implementation A\n- (void)open {\n  [self go];\n",
      "@implementation A\n- (void)broken {\n  [self go];\n@end\n@implementation B\n- (void)b { x(); }\n@end\n",
      "@implementation A\n- (void)f {\n#define kName @\"Name\"\n  g();\n}\n@end\n",
      // Found by the objc fuzz target: the declaration's `(` does not close, and the declaration scanner reads on
      // into the body for a selector.
      "@implementation c-({]}i",
      // Found by the objc fuzz target: the body is inside an open `[`, a message send whose argument holds its words.
      "@implementation[s register:}-{table}]",
      // Found by the objc fuzz target: a header that is not `Name` or `Name (Category)` (the declaration scanner
      // reads a protocol list on into the body).
      "@implementation L<l-{a}",
      // Brackets in the body that do not nest.
      "@implementation A\n- (void)f { ] }\n- (void)g { ( }\n- (void)h {}\n@end\n",
    ] {
      let bytes = Array(source.utf8)
      let read = Self.read(source)
      #expect(read.skipping == read.whole, "\(source)")
      if !source.contains("#define") {
        #expect(
          ObjectiveCTokenizer.tokenizeSkippingQuietBodies(bytes).tokens.count
            >= ObjectiveCTokenizer.tokenize(bytes).count - 4,
          "\(source)"
        )
      }
    }
    // A `#define` in a quiet body still defines its constant.
    let read = Self.read("@implementation A\n- (void)f {\n#define kName @\"Name\"\n  g();\n}\n@end\n")
    #expect(read.skipping.objectiveC?.constants.map(\.name) == ["kName"])
  }

  @Test func onlyMethodBodiesInAnImplementationAreSteppedOver() {
    let source = """
      @interface A : NSObject { int _count; }
      - (void)declared;
      @end
      void helper(void) { puts("helper"); }
      @implementation A { NSString *_name; }
      - (void)declared { puts("declared"); }
      @end
      """
    let read = Self.read(source)
    #expect(read.skipping == read.whole)
    let spelled = Self.spellings(source)
    // The C function and the instance variables are tokenized; the method's body is not.
    #expect(spelled.contains("«\"helper\"»"))
    #expect(spelled.contains("_name"))
    #expect(!spelled.contains("«\"declared\"»"))
    #expect(read.skipping.objectiveC?.spelledStrings.contains("declared") == true)
  }
}
