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
