import SwiftFrontend
import Testing

/// Where a rename writes in Swift: names found on the syntax tree, never by searching the text.
@Suite struct RenameLocatorTests {
  static func text(_ bytes: [UInt8], _ range: Range<Int>?) -> String? {
    range.map { String(decoding: bytes[$0], as: UTF8.self) }
  }

  static func offset(of needle: String, in source: String) throws -> Int {
    let range = try #require(source.range(of: needle))
    return source.utf8.distance(from: source.startIndex, to: range.lowerBound)
  }

  @Test func identifiersAndBacktickedNames() throws {
    let source = "class C {\n  func `default`(_ x: Any) {}\n  @IBAction func refresh(_ s: Any) {}\n}\n"
    let bytes = Array(source.utf8)
    let locator = SwiftRenameLocator(bytes)
    let refresh = try Self.offset(of: "refresh", in: source)
    #expect(Self.text(bytes, locator.identifier("refresh", at: refresh)) == "refresh")
    // Another name, or an offset inside the token, is not the declaration asked for.
    #expect(locator.identifier("reload", at: refresh) == nil)
    #expect(locator.identifier("refresh", at: refresh + 1) == nil)
    let backticked = try Self.offset(of: "`default`", in: source)
    #expect(Self.text(bytes, locator.identifier("default", at: backticked)) == "default")
  }

  @Test func theMemberASelectorExpressionNames() throws {
    let source = """
      let a = #selector(Feed.reload(_:))
      let b = #selector(reload)
      let c = #selector((Feed.reload) as (Feed) -> (Any) -> Void)
      let d = #selector(getter: Feed.reload)
      """
    let bytes = Array(source.utf8)
    let locator = SwiftRenameLocator(bytes)
    for line in source.split(separator: "\n") {
      let start = try Self.offset(of: String(line), in: source) + line.utf8.count - line.drop { $0 != "#" }.utf8.count
      let found = Self.text(bytes, locator.selectorMember("reload", inExpressionAt: start))
      #expect(found == "reload", "\(line)")
      if let range = locator.selectorMember("reload", inExpressionAt: start) {
        #expect(range.lowerBound > start)
      }
    }
    #expect(locator.selectorMember("refresh", inExpressionAt: 8) == nil)
  }

  @Test func plainStringLiteralsOnly() throws {
    let source = #"""
      let a = "Photo"
      let b = "Photo\(n)"
      let c = #"Photo"#
      static let id = "Cell"
      case banner = "Banner"
      static var other: String { "Other" }
      """#
    let bytes = Array(source.utf8)
    let locator = SwiftRenameLocator(bytes)
    let first = try Self.offset(of: "let a", in: source)
    #expect(Self.text(bytes, locator.stringContents(equalTo: "Photo", in: first..<(first + 15))) == "Photo")
    // An interpolated literal is not "Photo"; two literals in a range are ambiguous.
    let second = try Self.offset(of: "let b", in: source)
    #expect(locator.stringContents(equalTo: "Photo", in: second..<(second + 20)) == nil)
    let raw = try Self.offset(of: "let c", in: source)
    #expect(Self.text(bytes, locator.stringContents(equalTo: "Photo", in: raw..<(raw + 17))) == "Photo")
    #expect(locator.stringContents(equalTo: "Photo", in: 0..<bytes.count) == nil)
  }

  @Test func theValueADeclarationSpells() throws {
    let source = """
      enum ID: String {
        case banner = "Banner"
        case plain
      }
      final class Cell {
        static let id = "Cell"
        static var other: String { "Other" }
        class func make() -> String { return "Made" }
      }
      """
    let bytes = Array(source.utf8)
    let locator = SwiftRenameLocator(bytes)
    func value(_ name: String, _ expected: String) throws -> String? {
      Self.text(bytes, locator.declaredValue(expected, ofDeclarationNamedAt: try Self.offset(of: name, in: source)))
    }
    #expect(try value("banner", "Banner") == "Banner")
    #expect(try value("plain", "plain") == nil)
    #expect(try value("id =", "Cell") == "Cell")
    #expect(try value("other", "Other") == "Other")
    #expect(try value("make", "Made") == "Made")
  }

  @Test func theLiteralOfALocalAUseReads() throws {
    let source = """
      func cell() {
        let id = "Cell"
        var other = "Other"
        if ready {
          use(id)
          use(other)
        }
      }
      func elsewhere() { use(id) }
      """
    let bytes = Array(source.utf8)
    let locator = SwiftRenameLocator(bytes)
    let use = try Self.offset(of: "id)", in: source)
    #expect(Self.text(bytes, locator.localValue("Cell", readAt: use)) == "Cell")
    #expect(locator.localValue("Other", readAt: try Self.offset(of: "other)", in: source)) == nil)
    let outside = try Self.offset(of: "id) }", in: source)
    #expect(locator.localValue("Cell", readAt: outside) == nil)
  }
}
