import FontFitEngine
import FontFitFontModel
@_spi(Engine) import FontFitText
import TestSupport
import Testing

@testable import FontFitFonts

/// Rich text on real fonts (issue 24): spans shape in their own faces and sizes, lines take
/// the union of their runs' metrics, and one fit scales every span.
@Suite("Rich text on real fonts")
struct RichTextTests {
  let font = FontDescriptor(family: "DejaVu Sans")

  func shaped(_ markup: String, language: Language? = nil) throws -> ShapedText {
    var request = TextRequest(
      text: "", font: font, fontSize: 17, box: Size(width: 1000, height: 1000))
    try request.setMarkup(markup)
    request.language = language
    return try FontSystem.shared().shape(
      request.text, font: font, options: request.shapingOptionsForTesting)
  }

  func width(_ text: ShapedText) -> Double { text.clusters.reduce(0) { $0 + $1.advance } }

  @Test("A bold run is measured with the bold face, and a small run at 1/1.2 of the size")
  func boldAndSmall() throws {
    let system = try FontSystem.shared()
    let rich = try shaped("Total <b>42,00 €</b> <small>incl. VAT</small>")
    let regular = try system.shape("Total ", font: font)
    let bold = try system.shape(
      "42,00 €", font: FontDescriptor(family: "DejaVu Sans", weight: .bold))
    let space = try system.shape(" ", font: font)
    let small = try system.shape("incl. VAT", font: font)
    let expected = width(regular) + width(bold) + width(space) + width(small) / 1.2
    #expect(abs(width(rich) - expected) < 1e-9, "\(width(rich)) vs \(expected)")
    let boldCluster = rich.clusters[6]
    #expect(rich.fonts[boldCluster.font].name == "DejaVu Sans Bold")
    let smallCluster = try #require(rich.clusters.last)
    #expect(abs(rich.fonts[smallCluster.font].scale - 1 / 1.2) < 1e-12)
    // The small run's line box is the regular face's, five sixths as tall.
    let base = rich.fonts[rich.clusters[0].font].metrics
    let smaller = rich.fonts[smallCluster.font].metrics
    #expect(abs(smaller.ascent - base.ascent / 1.2) < 1e-12)
  }

  @Test("A line is as tall as the union of its runs: a big run makes it taller, a small one not")
  func lineHeights() throws {
    let engine = TextEngine(shaper: try FontSystem.shared())
    func height(_ markup: String) throws -> Double {
      var request = TextRequest(
        text: "", font: font, fontSize: 20, box: Size(width: 1000, height: 1000))
      try request.setMarkup(markup)
      return try engine.fit(request).size.height
    }
    let plain = try height("Price")
    #expect(try height("Price <small>each</small>") == plain)
    #expect(abs(try height("Price <big>now</big>") - plain * 1.2) < 1e-9)
    #expect(try height("<small>all small</small>") < plain)
  }

  @Test("Superscripts and subscripts take the font's OS/2 sizes and offsets")
  func scripts() throws {
    let rich = try shaped("E = mc<sup>2</sup>, H<sub>2</sub>O")
    let face = try FontSystem.shared().face(for: try FontSystem.shared().resolve(font))
    let metrics = face.scriptMetrics
    let sup = rich.clusters[6]
    let sub = rich.clusters[10]
    #expect(abs(rich.fonts[sup.font].scale - metrics.scale(.superscript)) < 1e-12)
    #expect(abs(rich.fonts[sub.font].scale - metrics.scale(.subscript)) < 1e-12)
    let supGlyph = rich.glyphs[sup.glyphs.lowerBound]
    let subGlyph = rich.glyphs[sub.glyphs.lowerBound]
    #expect(supGlyph.yOffset > 0.2)
    #expect(subGlyph.yOffset < -0.05)
  }

  @Test("One fit scales every span by one factor: a fitted rich text is no taller than its box")
  func oneFactor() throws {
    let engine = TextEngine(shaper: try FontSystem.shared())
    var random = SplitMix64(seed: 2424)
    let markups = [
      "Total <b>42,00 €</b> <small>incl. VAT</small>",
      "<big>Sale</big> ends <i>tonight</i> at <tt>23:59</tt>",
      "Warning: <span weight=\"bold\" foreground=\"#c00\">do not</span> unplug while updating",
      "<span size=\"larger\">Chapter</span> one <span size=\"80%\">(draft)</span>",
    ]
    for _ in 0..<120 {
      let markup = markups[Int.random(in: 0..<markups.count, using: &random)]
      var request = TextRequest(
        text: "", font: font, fontSize: 24,
        fitSizes: try FontSizeRange(minimum: 6, maximum: 24, step: 0.5),
        box: Size(
          width: Double.random(in: 60...300, using: &random),
          height: Double.random(in: 20...120, using: &random)))
      try request.setMarkup(markup)
      let fit = try engine.fit(request)
      guard fit.fits else { continue }
      #expect(fit.size.height <= request.box.height + 1e-9)
      #expect(fit.size.width <= request.box.width + 1e-9)
      for line in fit.lines {
        for run in line.runs {
          // Every run is drawn at the fitted size times its own fixed share.
          #expect(abs(run.pointSize - fit.pointSize * run.font.scale) < 1e-9)
        }
      }
    }
  }

  @Test("No span is drawn below the fit's minimum: a small run raises the smallest size")
  func spanMinimum() throws {
    let engine = TextEngine(shaper: try FontSystem.shared())
    var request = TextRequest(
      text: "", font: font, fontSize: 24,
      fitSizes: try FontSizeRange(minimum: 10, maximum: 24, step: 0.5),
      box: Size(width: 20, height: 10))
    try request.setMarkup("A long text that cannot fit <small>small print</small>")
    let fit = try engine.fit(request)
    #expect(fit.fits == false)
    #expect(fit.pointSize >= 12 - 1e-9)
  }
  @Test("A change of colour inside a bold run keeps HarfBuzz's kerning across it")
  func kerningAcrossPaint() throws {
    let rich = try shaped("<b>A<span foreground=\"red\">V</span>A</b>")
    let plain = try shaped("<b>AVA</b>")
    #expect(abs(width(rich) - width(plain)) < 1e-12, "\(width(rich)) vs \(width(plain))")
  }

  @Test("The truncation token is drawn in the text's own font, whatever span starts the text")
  func tokenIsPlain() throws {
    let engine = TextEngine(shaper: try FontSystem.shared())
    for markup in [
      "<small>Note:</small> a long text that cannot fit on the one line it has",
      "<sup>1</sup> a long text that cannot fit on the one line it has",
      "<b>Bold</b> a long text that cannot fit on the one line it has",
    ] {
      var request = TextRequest(
        text: "", font: font, fontSize: 17, box: Size(width: 150, height: 40),
        maximumLines: 1)
      try request.setMarkup(markup)
      let fit = try engine.fit(request)
      let token = try #require(fit.lines.first?.runs.last)
      #expect(token.glyphs.last?.cluster == nil, "\(markup)")
      #expect(token.font.scale == 1 && token.font.name == "DejaVu Sans Book", "\(markup)")
      #expect(abs(token.pointSize - 17) < 1e-9, "\(markup)")
    }
  }
}

extension TextRequest {
  /// The options the engine shapes this request's text with.
  var shapingOptionsForTesting: ShapingOptions {
    ShapingOptions(
      language: language, direction: direction,
      spans: ShapingSpan.spans(of: styles, font: font, designSize: designFontSize ?? fontSize))
  }
}
