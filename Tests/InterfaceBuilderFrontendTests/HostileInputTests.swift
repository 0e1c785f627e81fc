import InterfaceBuilderFrontend
import TablelintModel
import Testing

@Suite struct HostileInputTests {
  @Test func internalEntityInAttributeIsNotExpanded() throws {
    let document = try parseDocument(
      """
      <?xml version="1.0"?>
      <!DOCTYPE document [
        <!ENTITY company "Evil Corp">
        <!ENTITY cell "<tableViewCell id='injected'/>">
      ]>
      <document>
        <tableViewCell reuseIdentifier="&company;Cell" textLabel="l" id="c">
          <label text="A &amp; &company; &#66;" id="l"/>
          &cell;
        </tableViewCell>
      </document>
      """,
      path: "Entities.xib"
    )
    let cell = try #require(document.cell("c"))
    #expect(cell.reuseIdentifier == "Cell")
    #expect(cell.text == "A &  B")
    #expect(document.cells.map(\.id) == ["c"])
    #expect(String(describing: document).contains("Evil") == false)
    #expect(cell.location.line == 7)
    #expect(cell.location.column == 3)
  }

  /// Elements and text come from the document's own events: an entity's replacement text, which libxml2 parses with
  /// a context of its own, adds neither; character references, predefined entities and CDATA are text.
  @Test func entityContentAddsNoElementAndNoText() throws {
    let document = try parseDocument(
      """
      <?xml version="1.0"?>
      <!DOCTYPE document [
        <!ENTITY cell "<tableViewCell id='injected'/>text">
      ]>
      <document>
        <tableViewCell textLabel="l" reuseIdentifier="a&#38;lt;b" id="c">
          <label id="l"><string key="text">x&cell;&#x41;&amp;<![CDATA[<y>]]></string></label>
          &cell;&cell;
        </tableViewCell>
      </document>
      """,
      path: "Entities.xib"
    )
    let cell = try #require(document.cell("c"))
    #expect(cell.reuseIdentifier == "a&lt;b")
    #expect(cell.text == "xA&<y>")
    #expect(document.cells.map(\.id) == ["c"])
    #expect(document.objects.map(\.id).contains("injected") == false)
  }

  static let laughs = """
    <?xml version="1.0"?>
    <!DOCTYPE document [
      <!ENTITY lol "lol">
      <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
      <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
      <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
      <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
      <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
      <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
      <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
      <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
      <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
    ]>
    """

  @Test func billionLaughsFinishesInstantly() {
    let clock = ContinuousClock()
    for body in [
      "<document><label text=\"&lol9;\" id=\"l\"/></document>",
      "<document><label id=\"l\"><string key=\"text\">&lol9;</string></label></document>",
    ] {
      var facts: FileFacts?
      let elapsed = clock.measure { facts = parseFacts(Self.laughs + body, path: "Laughs.xib") }
      #expect(elapsed < .seconds(2))
      #expect(facts?.problems.count ?? 0 <= 1)
      #expect(String(describing: facts).contains("lollol") == false)
    }
  }

  @Test func externalEntitiesAreNotLoaded() throws {
    let doctype = """
      <?xml version="1.0"?>
      <!DOCTYPE document [
        <!ENTITY xxe SYSTEM "file:///etc/passwd">
        <!ENTITY % remote SYSTEM "file:///etc/passwd">
        %remote;
      ]>

      """
    let document = try parseDocument(
      doctype + "<document><label id=\"l\"><string key=\"text\">&xxe;</string></label></document>", path: "XXE.xib"
    )
    #expect(document.objects.map(\.id) == ["l"])
    #expect(String(describing: document).contains("root:") == false)

    let inAttribute = parseFacts(doctype + "<document><label text=\"&xxe;\" id=\"l\"/></document>", path: "XXE.xib")
    #expect(String(describing: inAttribute).contains("root:") == false)
    #expect(inAttribute.problems.count <= 1)
  }

  @Test func concurrentParsesAgreeWithSerialOnes() async {
    let inputs: [(String, String)] = [
      ("Main.storyboard", storyboard(StoryboardTests.settingsScene)),
      ("Cell.xib", XibTests.cellXib),
      ("Broken.storyboard", "<?xml version=\"1.0\"?><document><scenes>"),
      ("Laughs.xib", Self.laughs + "<document><label text=\"&lol9;\" id=\"l\"/></document>"),
    ]
    let expected = inputs.map { parseFacts($0.1, path: $0.0) }
    let results = await withTaskGroup(of: (Int, FileFacts).self) { group in
      for round in 0..<64 {
        let index = round % inputs.count
        let (path, text) = inputs[index]
        group.addTask { (index, parseFacts(text, path: path)) }
      }
      var collected: [(Int, FileFacts)] = []
      for await result in group { collected.append(result) }
      return collected
    }
    #expect(results.count == 64)
    for (index, facts) in results {
      #expect(facts == expected[index])
    }
  }
}
