import FontFitFontModel
import FontFitFonts
@_spi(Engine) import FontFitText
import FontFitWidgets
@_spi(Engine) import TestSupport
import Testing

/// The one suite about widgets on the installed fonts: DejaVu, with a CJK font for fallback
/// (`apt-get install fonts-dejavu-core fonts-wqy-microhei`).
@Suite("Widgets on real fonts")
struct RealFontWidgetTests {
  static let paragraph =
    "When text is set on a label with fixed bounds, the font shrinks step by step until "
    + "the wrapped text fits; a shorter text grows back to the design size."

  /// An environment measuring with Fontconfig, FreeType and ICU.
  static func environment(on screen: Screen = TestScreens.iPhone5) throws -> WidgetEnvironment {
    Fixture.environment(on: screen, shaper: try FontSystem.shared())
  }

  /// A label at the origin on `screen`, laid out.
  static func label(
    width: Double, height: Double, font: String, text: String,
    on screen: Screen = TestScreens.iPhone5, configure: (Label) -> Void = { _ in }
  ) throws -> Label {
    let label = Label(frame: Fixture.frame(width, height), font: try Font(font), text: text)
    configure(label)
    label.environment = try environment(on: screen)
    label.layoutIfNeeded()
    return label
  }

  @Test("Setting a canonically equivalent text lays out its own code points")
  func decomposedText() throws {
    let label = try Self.label(
      width: 200, height: 40, font: "DejaVu Sans 17", text: "caf\u{E9}")
    label.text = "cafe\u{301}"
    #expect(label.needsLayout)
    label.layoutIfNeeded()
    let shown = try #require(label.layout?.shownText)
    #expect(Array(shown.unicodeScalars) == Array("cafe\u{301}".unicodeScalars))
    let line = try #require(label.layout?.fit?.lines.first?.text)
    #expect(Array(line.unicodeScalars) == Array("cafe\u{301}".unicodeScalars))
  }

  @Test("A label shrinks a long paragraph on DejaVu, and a shorter text grows back")
  func growsBack() throws {
    let label = try Self.label(
      width: 200, height: 60, font: "DejaVu Sans 17", text: Self.paragraph)
    let shrunk = try #require(label.layout?.fit)
    #expect(shrunk.fits)
    #expect(shrunk.pointSize < 17)
    #expect(shrunk.pointSize >= 10)
    #expect(shrunk.textSize.width <= 200 + 1e-6)
    #expect(shrunk.textSize.height <= 60 + 1e-6)
    label.text = "Short"
    label.layoutIfNeeded()
    #expect(label.layout?.fit?.pointSize == 17)
    label.text = Self.paragraph
    label.layoutIfNeeded()
    #expect(label.layout?.fit == shrunk)
  }

  @Test("The fit keeps the DejaVu family and weight, and the layout names the face")
  func keepsFace() throws {
    let label = try Self.label(
      width: 120, height: 40, font: "DejaVu Serif Bold 20", text: Self.paragraph)
    let displayed = try #require(label.displayedFont)
    #expect(displayed.families == ["DejaVu Serif"])
    #expect(displayed.weight == .bold)
    #expect(displayed.pointSize == label.layout?.fit?.pointSize)
    let face = try #require(label.layout?.resolvedFont)
    #expect(face.family == "DejaVu Serif")
    #expect(face.style == "Bold")
    #expect(!face.isSubstitution)
    #expect(face.file.hasSuffix("DejaVuSerif-Bold.ttf"))
  }

  @Test("Bisection equals exhaustive descent on 240 random DejaVu cases")
  func bisection() throws {
    let fonts = try FontSystem.shared()
    let names = ["DejaVu Sans 17", "DejaVu Serif 15", "DejaVu Sans Mono Bold 13", "DejaVu Sans 30"]
    var generator = SplitMix64(seed: 2026)
    var shrunk = 0
    for _ in 0..<240 {
      let font = try Font(names.randomElement(using: &generator) ?? "DejaVu Sans 17")
      let text = randomText(using: &generator)
      let fitter = Fitter(
        shaped: try fonts.shape(text, font: font.descriptor),
        truncationToken: try fonts.shape("…", font: font.descriptor))
      let sizes = try FontSizeRange(
        minimum: Double.random(in: 4...10, using: &generator), maximum: font.pointSize,
        step: [0.25, 0.5, 1, 0.3].randomElement(using: &generator) ?? 0.5)
      let options = try randomOptions(
        widths: 40...400, heights: 15...300, anyMode: true, using: &generator)
      let bisected = fitter.fit(sizes: sizes, options: options, search: .bisection)
      let descended = fitter.fit(sizes: sizes, options: options, search: .exhaustiveDescent)
      #expect(bisected.pointSize == descended.pointSize, "\(text.debugDescription) in \(font)")
      #expect(bisected.block == descended.block)
      if bisected.isShrunk { shrunk += 1 }
    }
    // The cases must exercise shrinking, not only texts that fit at once.
    #expect(shrunk > 60)
  }

  @Test("A mixed Chinese and English label names both fonts it was measured with")
  func mixedLabel() throws {
    let label = try Self.label(
      width: 280, height: 60, font: "DejaVu Sans 17", text: "FontFit 让文字适应每一块屏幕",
      on: TestScreens.iPhone6)
    let fit = try #require(label.layout?.fit)
    try #require(
      fit.missingCharacters.isEmpty, "install a CJK font: apt-get install fonts-wqy-microhei")
    #expect(fit.fonts.count == 2)
    #expect(fit.fonts.first == "DejaVu Sans Book")
    #expect(fit.fits)
    #expect(label.layout?.resolvedFont?.family == "DejaVu Sans")
  }

  @Test("A character no font covers is reported by the label, never dropped")
  func missingCharacter() throws {
    let label = try Self.label(
      width: 280, height: 60, font: "DejaVu Sans 17", text: "Private \u{10FFFD} use")
    let fit = try #require(label.layout?.fit)
    #expect(fit.missingCharacters == ["\u{10FFFD}"])
    #expect(fit.lines.map(\.text).joined(separator: " ") == "Private \u{10FFFD} use")
  }

  static let emoji = "👩‍👩‍👧 family, 🇩🇪🇫🇷🇯🇵 flags, 👍🏽👍🏿 thumbs, café e\u{301}, 👩‍👩‍👧🇯🇵👍🏽 end"

  @Test(
    "An emoji-heavy label truncates in each mode without splitting a grapheme (issue 3)",
    arguments: LineBreakMode.allCases)
  func emojiLabel(mode: LineBreakMode) throws {
    let label = try Self.label(width: 120, height: 20, font: "DejaVu Sans 15", text: Self.emoji) {
      $0.numberOfLines = 1
      $0.lineBreakMode = mode
    }
    let fit = try #require(label.layout?.fit)
    #expect(!fit.fits)
    #expect(fit.pointSize == 10)
    let source = Set(Self.emoji)
    let line = try #require(fit.lines.first)
    for character in line.text where character != "…" {
      #expect(source.contains(character), "\(mode) split a cluster in \(line.text)")
    }
    if [.truncateHead, .truncateMiddle, .truncateTail].contains(mode) {
      #expect(line.text.contains("…"))
    }
    if mode != .wordWrap, mode != .charWrap {
      #expect(line.width <= label.screenFrame.width + 1e-9)
    }
    #expect(fit.block.hiddenCharacterCount > 0)
  }

  @Test(
    "Right-to-left paragraphs sit on the right: Hebrew by itself, Latin when forced (issue 7)",
    arguments: [
      ("שלום עולם", WritingDirection.natural), ("Hello, world", .rightToLeft),
    ])
  func rightToLeft(text: String, direction: WritingDirection) throws {
    let label = Label(
      frame: Rect(x: 0, y: 0, width: 300, height: 40), font: try Font("DejaVu Sans 17"),
      text: text)
    label.writingDirection = direction
    label.environment = try Self.environment()
    label.layoutIfNeeded()
    let line = try #require(label.layout?.lines.first)
    #expect(line.direction == .rightToLeft)
    #expect(abs(line.x + line.width - 300) <= 0.01)
  }

  @Test("A widget's language overrides the environment's and changes the shaping (issue 7)")
  func language() throws {
    var environment = try Self.environment()
    environment.language = try Language("en")
    let label = Label(
      frame: Rect(x: 0, y: 0, width: 300, height: 40), font: try Font("DejaVu Serif 17"),
      text: "fi office")
    label.environment = environment
    label.layoutIfNeeded()
    let english = try #require(label.layout?.fit?.textSize.width)
    label.language = try Language("tr")
    #expect(label.needsLayout)
    label.layoutIfNeeded()
    let turkish = try #require(label.layout?.fit?.textSize.width)
    #expect(turkish > english, "Turkish keeps f and i apart: \(turkish) vs \(english)")
  }

  @Test(
    "docs/typography.md's label fits by hyphenating where libhyphen allows, above the smallest size"
  )
  func typographyExample() throws {
    let label = try Self.label(
      width: 120, height: 84, font: "DejaVu Sans 17",
      text: "Donaudampfschifffahrtsgesellschaftskapitän"
    ) { label in
      label.numberOfLines = 4
      label.language = try? Language("de")
      label.typography = Typography(
        letterSpacing: .points(0.5), hyphenation: .auto,
        fitLadder: FitLadder([.size, .tracking, .hyphenation], maximumTightening: 0.05),
        lineBreakStrategy: .balanced)
    }
    let fit = try #require(label.layout?.fit)
    #expect(fit.fits)
    #expect(fit.lines.count <= 4)
    #expect(fit.lever == .hyphenation(["Donaudampf-schifffahrts-gesellschafts-kapitän"]))
    #expect(fit.pointSize > 12, "hyphenation wins at a larger size than tracking's smallest")
  }
}
