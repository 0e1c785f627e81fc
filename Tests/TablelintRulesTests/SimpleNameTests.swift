import Testing
@testable import TablelintIndex

/// `TypeInfo.simpleName(of:)` cuts ASCII names at their last `.` byte; it must give what the `Character` definition
/// gives, for every name, ASCII or not.
@Suite struct SimpleNameTests {
  @Test func theBytesGiveWhatTheCharactersGive() {
    let names = [
      "Cell", "Outer.Inner", "Module.Outer.Inner", "Outer.", "Outer..", ".Inner", ".", "..", "", "A..B",
      "Café.Cell", "Outer.\u{301}Inner", "Outer\u{301}.Inner", "Outer.Inner\u{301}", "Ünïcode", "x.\u{600}y",
    ]
    for name in names {
      #expect(TypeInfo.simpleName(of: name) == TypeInfo.characterSimpleName(of: name), "\(name)")
    }
    #expect(TypeInfo.simpleName(of: "Module.Outer.Inner") == "Inner")
  }
}

/// `ObjCSurface.key(setBy:)` rules most selectors out by their bytes before reading `Character`s: the keys of the
/// setters it finds are those of the `Character` reading, and what it rules out is no setter.
@Suite struct SetterKeyTests {
  @Test func setterKeysAreReadAsBefore() {
    let expected: [String: String?] = [
      "setTitle:": "title", "_setTitle:": "title", "setURL:": "uRL", "setÉtat:": "état", "setup": nil, "set:": nil,
      "setA:b:": nil, "settings:": nil, "set\u{301}Title:": nil, "setTitle": nil, "resetTitle:": nil, "": nil,
      "_set": nil, "setTitle:\u{301}": nil,
    ]
    for (selector, key) in expected {
      #expect(ObjCSurface.key(setBy: selector) == key, "\(selector)")
    }
  }
}
