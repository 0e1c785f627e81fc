@testable import TablelintIndex
import Testing

/// The name a nib or a storyboard is loaded by, from its path (`IndexBuilder.nibName(ofPath:)`).
@Suite struct NibNameTests {
  @Test(arguments: [
    ("/app/Cells/PhotoCell.xib", "PhotoCell"),
    ("Cells/PhotoCell~iphone.xib", "PhotoCell"),
    ("/app/Build/PhotoCell~ipad.NIB", "PhotoCell"),
    ("PhotoCell.xib", "PhotoCell"),
    ("/app/Main.storyboard", "Main"),
    ("App/Base.lproj/Main~ipad.storyboard", "Main"),
    ("/app/Folder/", "Folder"),
    ("/app/Ünïcode Çell.xib", "Ünïcode Çell"),
    ("", ""),
  ])
  func nibName(path: String, name: String) {
    #expect(IndexBuilder.nibName(ofPath: path) == name)
  }
}
