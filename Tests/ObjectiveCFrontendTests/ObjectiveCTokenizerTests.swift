@testable import ObjectiveCFrontend
import Testing

@Suite struct ObjectiveCTokenizerTests {
  @Test func identifiersPunctuationAndAtKeywords() {
    #expect(
      tokenSpellings("@interface A : B <P>\n@end")
        == ["@interface", "A", ":", "B", "<", "P", ">", "@end"]
    )
    #expect(tokenSpellings("x = @[@1, @{}];") == ["x", "=", "@", "[", "@", "«1»", ",", "@", "{", "}", "]", ";"])
  }

  @Test func commentsVanish() {
    #expect(tokenSpellings("a // @interface X\nb /* @end { */ c") == ["a", "b", "c"])
    #expect(tokenSpellings("a // continued \\\n still comment\nb") == ["a", "b"])
    #expect(tokenSpellings("a /* unterminated @interface X") == ["a"])
  }

  @Test func literalsAreSingleTokens() {
    #expect(tokenSpellings(#"s = @"}{ // \" @end";"#) == ["s", "=", #"«@"}{ // \" @end"»"#, ";"])
    #expect(
      tokenSpellings(#"c = '{'; d = '\''; e = L"wide";"#)
        == ["c", "=", "«'{'»", ";", "d", "=", #"«'\''»"#, ";", "e", "=", #"«L"wide"»"#, ";"]
    )
    #expect(tokenSpellings("f = 1.5e-3 - 0x1p+4;") == ["f", "=", "«1.5e-3»", "-", "«0x1p+4»", ";"])
    #expect(tokenSpellings(#"r = R"x(a ")" { )x"; g"#) == ["r", "=", #"«R"x(a ")" { )x"»"#, ";", "g"])
  }

  @Test func unterminatedLiteralsEndAtTheLine() {
    #expect(tokenSpellings("s = \"open\n@end") == ["s", "=", "«\"open»", "@end"])
    #expect(tokenSpellings("don't\n@end") == ["don", "«'t»", "@end"])
  }

  @Test func preprocessorLinesVanish() {
    let source = """
      #import <UIKit/UIKit.h>
      #include "a//b.h"
      #define DECLARE(name) @interface name : NSObject \\
          @end
        #  pragma mark - @interface Fake
      /* comment */ #define X 1
      a
      """
    #expect(tokenSpellings(source) == ["a"])
  }

  @Test func hashInsideALineIsPunctuation() {
    #expect(tokenSpellings("a # b") == ["a", "#", "b"])
  }

  @Test func conditionalCompilationFollowsOneBranch() {
    let source = """
      #if TARGET_OS_IOS
      - (void)a {
      #else
      - (void)b {
      #endif
      }
      #if 0
      zero
      #elif 0
      alsoZero
      #else
      taken
      #endif
      #ifdef X
        #if 0
        inner
        #endif
        outer
      #elif Y
        skipped
      #endif
      """
    #expect(tokenSpellings(source) == ["-", "(", "void", ")", "a", "{", "}", "taken", "outer"])
  }

  @Test func strayDirectivesAreIgnored() {
    #expect(tokenSpellings("#endif\n#else\na") == ["a"])
  }

  @Test func tokenOffsets() {
    let tokens = ObjectiveCTokenizer.tokenize(Array("  @end /*é*/ x".utf8))
    #expect(tokens.map(\.start) == [2, 14])
    #expect(tokens.map(\.end) == [6, 15])
  }

  @Test func identifierBytesAreLettersDigitsUnderscoreDollarAndNonASCII() {
    for value in 0...255 {
      let byte = UInt8(value)
      let scalar = Unicode.Scalar(byte)
      let isLetter = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
      let starts = isLetter || scalar == "_" || scalar == "$" || byte >= 0x80
      #expect(ASCII.isIdentifierStart(byte) == starts, "byte \(value)")
      #expect(ASCII.isIdentifierContinue(byte) == (starts || (scalar >= "0" && scalar <= "9")), "byte \(value)")
    }
  }
}
