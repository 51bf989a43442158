import FontFitFontModel
import FontFitText
import Testing

@testable import FontFitFonts

/// Languages: BCP 47 tags checked, and passed to Fontconfig, HarfBuzz and ICU (issue 7).
@Suite("Languages")
struct LanguageTests {
  @Test(
    "Well-formed BCP 47 tags are accepted",
    arguments: [
      "en", "de-CH", "zh-Hans-CN", "sr-Latn-RS", "es-419", "de-CH-1996", "sl-rozaj-biske",
      "en-u-ca-buddhist", "x-whatever", "zh-yue-HK", "tlh", "en-a-bbb-x-a-ccc",
    ])
  func wellFormed(tag: String) throws {
    #expect(try Language(tag).tag == tag)
  }

  @Test(
    "Malformed tags are errors that say which subtag is wrong",
    arguments: [
      ("", "expected a language"), ("en_US", "\"en_US\" has characters"),
      ("e", "2 to 3"), ("englishlanguage", "longer than 8"), ("en--US", "empty"),
      ("de-1996-1996", "appears twice"), ("en-a", "no subtags"), ("en-x", "after the private"),
      ("en-US-Latn", "out of place"), ("日本語", "characters other than ASCII"),
    ])
  func malformed(tag: String, reason: String) {
    #expect {
      try Language(tag)
    } throws: { error in
      guard let error = error as? LanguageError else { return false }
      return error.tag == tag && error.description.contains(reason)
    }
  }

  @Test("The language reaches HarfBuzz: Turkish keeps f and i apart in DejaVu Serif")
  func shapingLanguage() throws {
    let system = try FontSystem.shared()
    let font = try Font("DejaVu Serif 17")
    let english = try system.shape("fi", font: font.descriptor)
    let turkish = try system.shape(
      "fi", font: font.descriptor, options: ShapingOptions(language: try Language("tr")))
    // In English "fi" is one ligature glyph shared by the two clusters; in Turkish two glyphs.
    #expect(english.glyphs.count == 1)
    #expect(turkish.glyphs.count == 2)
    #expect(english.clusters.map(\.advance) != turkish.clusters.map(\.advance))
  }

  @Test("The language reaches ICU's line breaker: loose Japanese rules break before small kana")
  func breakingLanguage() throws {
    // ICU's root rules treat small kana (class CJ) as non-starters, as UAX #14's strict
    // breaking does; the Unicode locale keyword lb=loose asks for loose Japanese breaking.
    let text = "ちょっと"
    let root = try UnicodeLineBreaker().opportunities(in: text)
    let loose = try UnicodeLineBreaker(language: try Language("ja-u-lb-loose"))
      .opportunities(in: text)
    #expect(root[1] == .prohibited, "no break before ょ with the root rules")
    #expect(loose[1] == .allowed, "a break before ょ with loose Japanese rules")
  }

  @Test("The language reaches Fontconfig: sans-serif for Hindi is a face that covers Devanagari")
  func fontconfigLanguage() throws {
    let system = try FontSystem.shared()
    let descriptor = FontDescriptor(family: "sans-serif")
    let hindi = try Language("hi")
    let resolved = try system.resolve(descriptor, language: hindi)
    let shaped = try system.shape(
      "नमस्ते दुनिया", font: descriptor, options: ShapingOptions(language: hindi))
    #expect(shaped.fonts.count == 1, "no fallback needed: \(shaped.fonts.map(\.name))")
    #expect(shaped.missingCharacters.isEmpty)
    #expect(resolved != (try system.resolve(descriptor)), "the language changed the choice")
  }

  @Test("A forced paragraph direction decides the levels; natural follows the first strong letter")
  func direction() throws {
    let system = try FontSystem.shared()
    let descriptor = try Font("DejaVu Sans 17").descriptor
    #expect(try system.shape("שלום world", font: descriptor).baseDirection == .rightToLeft)
    #expect(try system.shape("world שלום", font: descriptor).baseDirection == .leftToRight)
    let forced = try system.shape(
      "world", font: descriptor, options: ShapingOptions(direction: .rightToLeft))
    #expect(forced.baseDirection == .rightToLeft)
    #expect(forced.clusters.allSatisfy { $0.level == 2 })
    let ltr = try system.shape(
      "שלום", font: descriptor, options: ShapingOptions(direction: .leftToRight))
    #expect(ltr.baseDirection == .leftToRight)
    #expect(ltr.clusters.allSatisfy { $0.level == 1 })
  }
}
