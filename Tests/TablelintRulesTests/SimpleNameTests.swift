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

/// `FrameworkMembers.isAppleFrameworkClass` compares bytes: it must answer as the `Character` definition (a prefix,
/// then an uppercase letter, or `WebView`) for every name, ASCII or not.
@Suite struct AppleFrameworkClassTests {
  static func characterDefinition(_ name: String) -> Bool {
    FrameworkMembers.appleClassPrefixes.contains { prefix in
      name.hasPrefix(prefix) && name.dropFirst(prefix.count).first.map { $0.isUppercase } == true
    } || name == "WebView"
  }

  @Test func theBytesGiveWhatTheCharactersGive() {
    var names = [
      "UIButton", "UIntPicker", "UI", "UIb", "NSObject", "NSx", "SCNView", "SCView", "WebView", "WebViews", "WKWebView",
      "ARSCNView", "ARSKView", "ARView", "PDFView", "PDF", "OSLog", "OSLogX", "UIÉcran", "UIécran", "UI\u{301}A", "É",
      "", "uiButton", "MyCell", "Cell", "U", "AS", "ASCell", "ASC", "ASCTable", "QCView", "AMx", "A", "Z",
      "VZVirtualMachineView", "VZ", "VZa",
    ]
    for prefix in FrameworkMembers.appleClassPrefixes {
      for tail in ["", "A", "a", "Z", "1", "_", "É", "é", "\u{301}", "ÀB"] { names.append(prefix + tail) }
    }
    for name in names {
      #expect(FrameworkMembers.isAppleFrameworkClass(name) == Self.characterDefinition(name), "\(name)")
    }
    // Views of Apple's frameworks that nibs name (santa's test VM shows a `VZVirtualMachineView`).
    for name in ["VZVirtualMachineView", "LPLinkView", "RPPreviewViewController", "AUGenericView", "QTMovieView"] {
      #expect(FrameworkMembers.isAppleFrameworkClass(name), "\(name)")
    }
  }
}
