import Testing
import TablelintModel
@testable import SwiftFrontend

@Suite struct SelectorReferenceTests {
  func facts(_ body: String) throws -> SwiftFileFacts {
    let source = "final class C: UIViewController {\n  func f() {\n\(body)\n  }\n}\n"
    return try #require(SwiftFrontend.parse(path: "C.swift", bytes: Array(source.utf8)).swift)
  }

  @Test func selectorExpressions() throws {
    let references = try facts("""
          _ = #selector(SettingsViewController.reset(_:with:))
          _ = #selector(refresh)
          _ = #selector(getter: C.title)
          _ = Selector("legacyAction:")
          _ = NSSelectorFromString("other")
      """).selectorReferences
    #expect(references.count == 5)
    #expect(references[0].typeName == "SettingsViewController")
    #expect(references[0].memberName == "reset")
    #expect(references[0].argumentLabels == [nil, "with"])
    #expect(references[1].typeName == nil)
    #expect(references[1].memberName == "refresh")
    #expect(references[1].argumentLabels == nil)
    #expect(references[2].accessor == "getter")
    #expect(references[3].selector == "legacyAction:")
    #expect(references[4].selector == "other")
    #expect(references.allSatisfy { $0.enclosingType == "C" })
  }

  @Test func targetActions() throws {
    let uses = try facts("""
          button.addTarget(self, action: #selector(tapped(_:_:_:)), for: .touchUpInside)
          let tap = UITapGestureRecognizer(target: self, action: #selector(handleTap))
          perform(#selector(reload))
          NotificationCenter.default.addObserver(self, selector: #selector(changed(_:)), name: .x, object: nil)
          other.addTarget(controller, action: #selector(tapped), for: .valueChanged)
      """).targetActions
    #expect(uses.map(\.kind) == [.controlEvent, .targetAction, .perform, .notification, .controlEvent])
    #expect(uses.map(\.maximumArguments) == [2, 1, 0, 1, 2])
    #expect(uses.map(\.targetIsSelf) == [true, true, true, true, false])
  }
}
