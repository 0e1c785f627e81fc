import Foundation
import InterfaceBuilderFrontend
import ObjectiveCFrontend
import SwiftFrontend
import TablelintIndex
import TablelintModel

/// One replacement a rename makes: a UTF-8 byte range of a file's current text and the text it becomes.
public struct RenameEdit: Hashable, Sendable {
  /// Who else renames what the edit renames.
  public enum Kind: Hashable, Sendable {
    /// A Swift or Objective-C declaration or a `#selector`/`@selector`: the compiler's rename (sourcekit-lsp,
    /// clangd) renames it too.
    case compilerSymbol
    /// A storyboard or xib attribute, or a string literal: only tablelint knows it names the symbol.
    case tablelintOnly
  }

  public var path: String
  public var range: Range<Int>
  public var newText: String
  public var kind: Kind

  public init(path: String, range: Range<Int>, newText: String, kind: Kind) {
    self.path = path
    self.range = range
    self.newText = newText
    self.kind = kind
  }
}

/// Why a rename is refused: shown to the user as it is.
public struct RenameRefusal: Error, Hashable, Sendable {
  public var message: String

  public init(_ message: String) { self.message = message }
}

/// What a rename changes, and what the user should know about what it left alone.
public struct RenamePlan: Sendable {
  public var edits: [RenameEdit]
  public var notes: [String]

  /// The new texts of the changed files, edits applied back to front.
  public func apply(read: (String) -> [UInt8]?) -> [String: [UInt8]] {
    var result: [String: [UInt8]] = [:]
    for (path, edits) in Dictionary(grouping: edits, by: \.path) {
      guard var text = read(path) else { continue }
      for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
        text.replaceSubrange(edit.range, with: Array(edit.newText.utf8))
      }
      result[path] = text
    }
    return result
  }
}

/// Renames what tablelint links across Swift, Objective-C and Interface Builder: action methods and the selectors
/// and connections that name them, outlets and their connections, reuse identifiers that must stay equal, and the
/// `customClass` attributes that name a class.
///
/// Works on an index whose positions are those of the texts `read` returns (the language server's exact index). Every
/// edit is found on the text itself (a syntax tree for Swift, tokens for Objective-C, the start tag for IB), so a
/// fact whose text moved gives a refusal, never a wrong edit.
public struct Renamer {
  public struct Options: Sendable {
    /// Whether declarations and `#selector`/`@selector` references are renamed too when the rename starts in Swift or
    /// Objective-C. Off beside a compiler's language server (sourcekit-lsp) whose own rename edits them (and every use
    /// tablelint does not see) in the same request. A rename started in a storyboard or xib always renames them: no
    /// compiler's server is asked there.
    public var renamesCompilerSymbols: Bool

    public init(renamesCompilerSymbols: Bool = true) { self.renamesCompilerSymbols = renamesCompilerSymbols }
  }

  /// What can be renamed at a position: the range of the name under the cursor and the name to start from.
  public struct Target {
    public var range: Range<Int>
    public var placeholder: String
    let symbol: Symbol
  }

  enum Symbol {
    /// An action method: the class the cursor's occurrence belongs to, its selector, and the Swift base name when
    /// the cursor is on a Swift name (the new name is then a Swift base name; otherwise a selector).
    case action(selector: String, className: String, swiftName: String?)
    case outlet(name: String, className: String)
    case reuseIdentifier(value: String, seed: ReuseOccurrence.Place)
    case customClass(name: String, fromCode: Bool)
  }

  let index: ProjectIndex
  let options: Options
  let source: SourceTexts

  public init(index: ProjectIndex, options: Options = Options(), read: @escaping (String) -> [UInt8]?) {
    self.index = index
    self.options = options
    self.source = SourceTexts(read: read)
  }

  /// What is at `offset` of `path`, or why nothing there can be renamed.
  public func target(at offset: Int, in path: String) -> Result<Target, RenameRefusal> {
    guard let facts = index.files.first(where: { $0.path == path }) else {
      return .failure(RenameRefusal("tablelint does not read this file"))
    }
    let found: Target?
    do {
      switch facts.content {
      case .swift(let swift): found = swiftTarget(swift, path: path, offset: offset)
      case .objectiveC(let objc): found = objectiveCTarget(objc, path: path, offset: offset)
      case .interfaceBuilder(let document): found = try interfaceBuilderTarget(document, path: path, offset: offset)
      case .compiledNib, .dependencyManifest, .unreadable: found = nil
      }
    } catch let refusal as RenameRefusal {
      return .failure(refusal)
    } catch {
      return .failure(RenameRefusal("\(error)"))
    }
    if let found { return .success(found) }
    return .failure(
      RenameRefusal(
        "tablelint renames action methods, outlets, reuse identifiers and custom classes; there is none at this position"
      )
    )
  }

  /// The edits that rename what is at `offset` of `path` to `newName`, or why they would break something.
  public func rename(at offset: Int, in path: String, to newName: String) -> Result<RenamePlan, RenameRefusal> {
    let target: Target
    switch self.target(at: offset, in: path) {
    case .success(let found): target = found
    case .failure(let refusal): return .failure(refusal)
    }
    let newName = newName.trimmingWhitespace
    if newName == target.placeholder { return .success(RenamePlan(edits: [], notes: [])) }
    var plan: RenamePlan
    do {
      switch target.symbol {
      case .action(let selector, let className, let swiftName):
        plan = try renameAction(selector, of: className, swiftName: swiftName, to: newName)
      case .outlet(let name, let className):
        plan = try renameOutlet(name, of: className, to: newName)
      case .reuseIdentifier(let value, let seed):
        plan = try renameReuseIdentifier(value, from: seed, to: newName)
      case .customClass(let name, let fromCode):
        plan = try renameCustomClass(name, to: newName, fromCode: fromCode)
      }
    } catch let refusal as RenameRefusal {
      return .failure(refusal)
    } catch {
      return .failure(RenameRefusal("\(error)"))
    }
    // The compiler's server renames only when the rename starts in code it serves: from a storyboard or xib,
    // tablelint is the only server asked, so it renames the declarations too.
    let kind = SourceFileKind(path: path)
    if !options.renamesCompilerSymbols, kind == .swift || kind == .objectiveC {
      plan.edits.removeAll { $0.kind == .compilerSymbol }
    }
    plan.edits = Array(Set(plan.edits)).sorted { ($0.path, $0.range.lowerBound) < ($1.path, $1.range.lowerBound) }
    if let refusal = checkEdits(plan) { return .failure(refusal) }
    return .success(plan)
  }

  /// Edits must not overlap, and no file may read worse after them (an attribute value that breaks the XML).
  private func checkEdits(_ plan: RenamePlan) -> RenameRefusal? {
    for (path, edits) in Dictionary(grouping: plan.edits, by: \.path) {
      let sorted = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
      for (earlier, later) in zip(sorted, sorted.dropFirst()) where earlier.range.upperBound > later.range.lowerBound {
        return RenameRefusal("two of the rename's edits overlap in \(Self.fileName(path))")
      }
    }
    let newTexts = plan.apply(read: source.bytes(of:))
    for (path, new) in newTexts {
      guard let old = source.bytes(of: path) else { continue }
      if let reason = FixApplier.parsesWorse(path: path, old: old, new: new) {
        return RenameRefusal("the rename would break \(Self.fileName(path)): \(reason.replacingOccurrences(of: "the fix would", with: "it would"))")
      }
    }
    return nil
  }

  static func fileName(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

  static func describe(_ location: SourceLocation) -> String { "\(fileName(location.file)):\(location.line)" }

  static func contains(_ location: SourceLocation, _ offset: Int) -> Bool {
    location.range.start.offset <= offset && offset <= location.range.end.offset
  }

  static func offsets(_ location: SourceLocation) -> Range<Int> {
    location.range.start.offset..<max(location.range.start.offset, location.range.end.offset)
  }
}

/// The texts a rename reads, each parsed once.
final class SourceTexts {
  private let read: (String) -> [UInt8]?
  private var texts: [String: [UInt8]?] = [:]
  private var swiftLocators: [String: SwiftRenameLocator] = [:]
  private var objcLocators: [String: ObjectiveCRenameLocator] = [:]

  init(read: @escaping (String) -> [UInt8]?) { self.read = read }

  func bytes(of path: String) -> [UInt8]? {
    if let known = texts[path] { return known }
    let bytes = read(path)
    texts[path] = bytes
    return bytes
  }

  func swift(_ path: String) -> SwiftRenameLocator? { cached(&swiftLocators, path, SwiftRenameLocator.init) }

  func objectiveC(_ path: String) -> ObjectiveCRenameLocator? { cached(&objcLocators, path, ObjectiveCRenameLocator.init) }

  private func cached<Locator>(_ cache: inout [String: Locator], _ path: String, _ make: ([UInt8]) -> Locator) -> Locator? {
    if let known = cache[path] { return known }
    guard let bytes = bytes(of: path) else { return nil }
    let locator = make(bytes)
    cache[path] = locator
    return locator
  }

  /// The bytes of `range` in `path` as a string, when the range is inside the text.
  func text(_ range: Range<Int>, in path: String) -> String? {
    guard let bytes = bytes(of: path), range.lowerBound >= 0, range.upperBound <= bytes.count else { return nil }
    return String(decoding: bytes[range], as: UTF8.self)
  }
}

extension Range<Int> {
  /// Whether a cursor at `offset` is on this name: inside it, or just after its last byte.
  func holds(_ offset: Int) -> Bool { lowerBound <= offset && offset <= upperBound }
}

extension String {
  var trimmingWhitespace: String {
    var scalars = Substring(self)
    while scalars.first?.isWhitespace == true { scalars = scalars.dropFirst() }
    while scalars.last?.isWhitespace == true { scalars = scalars.dropLast() }
    return String(scalars)
  }
}
