import ObjectiveCFrontend
import Testing

/// Where a rename writes in Objective-C: selector pieces, `@selector`, literals and constants, found on tokens.
@Suite struct ObjectiveCRenameLocatorTests {
  static func texts(_ bytes: [UInt8], _ ranges: [Range<Int>]?) -> [String]? {
    ranges?.map { String(decoding: bytes[$0], as: UTF8.self) }
  }

  static func offset(of needle: String, in source: String) throws -> Int {
    let range = try #require(source.range(of: needle))
    return source.utf8.distance(from: source.startIndex, to: range.lowerBound)
  }

  @Test func selectorPiecesOfMethodDeclarations() throws {
    let source = """
      - (IBAction)refresh:(id)sender;
      - (void)show:(UIView *)view animated:(BOOL)animated { }
      - (void)reload;
      - (void)f:(id)a :(id)b;
      """
    let bytes = Array(source.utf8)
    let locator = ObjectiveCRenameLocator(bytes)
    #expect(Self.texts(bytes, locator.selectorPieces(ofMethodNamedAt: try Self.offset(of: "refresh", in: source))) == ["refresh"])
    #expect(Self.texts(bytes, locator.selectorPieces(ofMethodNamedAt: try Self.offset(of: "show", in: source))) == ["show", "animated"])
    #expect(Self.texts(bytes, locator.selectorPieces(ofMethodNamedAt: try Self.offset(of: "reload", in: source))) == ["reload"])
    // An unnamed piece cannot be renamed.
    #expect(locator.selectorPieces(ofMethodNamedAt: try Self.offset(of: "f:", in: source)) == nil)
  }

  @Test func selectorsInExpressions() throws {
    let source = #"""
      [b addTarget:self action:@selector(show:animated:) forControlEvents:0];
      SEL s = NSSelectorFromString(@"reload:");
      """#
    let bytes = Array(source.utf8)
    let locator = ObjectiveCRenameLocator(bytes)
    let at = try Self.offset(of: "@selector", in: source)
    guard case .pieces(let pieces) = locator.selector("show:animated:", writtenIn: at..<(at + 26)) else {
      Issue.record("no pieces")
      return
    }
    #expect(Self.texts(bytes, pieces) == ["show", "animated"])
    #expect(locator.selector("show:", writtenIn: at..<(at + 26)) == nil)
    let string = try Self.offset(of: "NSSelectorFromString", in: source)
    guard case .string(let contents) = locator.selector("reload:", writtenIn: string..<bytes.count) else {
      Issue.record("no string")
      return
    }
    #expect(Self.texts(bytes, [contents]) == ["reload:"])
  }

  @Test func constantsAndLiterals() throws {
    let source = #"""
      #define kNoteCellID @"NoteCell"
      static NSString * const kPhotoCellID = @"PhotoCell";
      + (NSString *)defaultReuseIdentifier { return @"Profile"; }
      [tv dequeueReusableCellWithIdentifier:@"Story" forIndexPath:ip];
      """#
    let bytes = Array(source.utf8)
    let locator = ObjectiveCRenameLocator(bytes)
    func constant(_ name: String, _ value: String) throws -> [String]? {
      Self.texts(bytes, locator.constantValue(namedAt: try Self.offset(of: name, in: source), equalTo: value).map { [$0] })
    }
    #expect(try constant("kNoteCellID", "NoteCell") == ["NoteCell"])
    #expect(try constant("kPhotoCellID", "PhotoCell") == ["PhotoCell"])
    #expect(try constant("kPhotoCellID", "Other") == nil)
    #expect(try constant("defaultReuseIdentifier", "Profile") == ["Profile"])
    #expect(Self.texts(bytes, locator.stringContents(equalTo: "Story", in: 0..<bytes.count).map { [$0] }) == ["Story"])
  }

  @Test func theLiteralOfALocalAUseReads() throws {
    let source = #"""
      - (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
          static NSString *CellIdentifier = @"HistoryCell";
          if (indexPath.row > 0) {
              return [tableView dequeueReusableCellWithIdentifier:CellIdentifier];
          }
          return nil;
      }
      - (void)other {
          [self.tableView dequeueReusableCellWithIdentifier:CellIdentifier];
      }
      """#
    let bytes = Array(source.utf8)
    let locator = ObjectiveCRenameLocator(bytes)
    let use = try Self.offset(of: "CellIdentifier];", in: source)
    #expect(Self.texts(bytes, locator.localValue("HistoryCell", readAt: use).map { [$0] }) == ["HistoryCell"])
    #expect(locator.localValue("Other", readAt: use) == nil)
    let inOtherMethod = try Self.offset(of: "CellIdentifier];\n}", in: source)
    #expect(locator.localValue("HistoryCell", readAt: inOtherMethod) == nil)
  }
}
