import FontFitFontModel
@_spi(Engine) import FontFitText
import Foundation
import TestSupport
import Testing

@testable import FontFitFonts

/// A colour bitmap face (Noto Color Emoji: CBDT/CBLC strikes, no outlines) opens and measures
/// like an outline face, in font units, as Pango measures it.
@Suite("Colour bitmap faces open and measure as Pango measures them")
struct ColorBitmapFaceTests {
  let system: FontSystem

  init() throws {
    system = try FontSystem.shared()
  }

  /// The emoji face, or a failure saying the package is missing.
  func emojiFace() throws -> (resolved: ResolvedFont, face: FontFace) {
    let resolved = try system.resolve(FontDescriptor(family: "Noto Color Emoji"))
    try #require(
      resolved.family == "Noto Color Emoji",
      "Noto Color Emoji is not installed (fonts-noto-color-emoji; scripts/test installs it)")
    return (resolved, try system.face(for: resolved))
  }

  @Test("Noto Color Emoji opens: units per em, strikes and line metrics from its tables")
  func opens() throws {
    let (_, face) = try emojiFace()
    #expect(face.isColorBitmap)
    #expect(face.unitsPerEm == 2048)
    #expect(face.strikes == [109])
    // Its hhea table: ascender 1900, descender -500, no line gap.
    #expect(face.lineMetrics == LineMetrics(ascent: 1900 / 2048, descent: 500 / 2048, lineGap: 0))
    #expect(face.missingCharacters(in: "🎉").isEmpty)
    #expect(face.draws("🎉"))
  }

  @Test("An outline face is no colour bitmap face")
  func outlineFace() throws {
    let face = try system.face(for: system.resolve(FontDescriptor(family: "DejaVu Sans")))
    #expect(!face.isColorBitmap)
    #expect(face.strikes.isEmpty)
  }

  /// The Pango harness, compiled once into a temporary folder.
  static func harness() throws -> URL {
    try buildPangoHarness("pango_extents")
  }

  /// `text` in `family` at `size` laid out on one line by FontFit: its width, line height and
  /// baseline in points.
  func ours(_ text: String, family: String, size: Double) throws -> [Double] {
    let shaped = try system.shape(text, font: FontDescriptor(family: family))
    #expect(shaped.missingCharacters.isEmpty, "\(family) \(size): \(text) has missing characters")
    let block = TextLayouter(shaped: shaped, truncationToken: nil).layout(
      pointSize: size,
      options: try LayoutOptions(
        box: Size(width: 10_000, height: 10_000), maximumLines: 1, lineBreakMode: .wordWrap))
    let line = try #require(block.lines.first)
    return [line.width, line.height, line.baseline]
  }

  @Test("🎉 in Noto Color Emoji measures Pango's width, line height and baseline, to 1/500 pt")
  func agreesWithPango() throws {
    _ = try emojiFace()
    let cases: [(family: String, size: Double, text: String)] = [
      ("Noto Color Emoji", 10, "🎉"), ("Noto Color Emoji", 20, "🎉"),
      ("Noto Color Emoji", 37.5, "🎉"), ("Noto Color Emoji", 109, "🎉"),
      ("Noto Color Emoji", 150, "🎉"), ("Noto Color Emoji", 24, "🎉🎈🎉"),
      // DejaVu Sans lacks 🎉: it falls back to the emoji face, which Pango picks too.
      ("DejaVu Sans", 20, "🎉"),
    ]
    let input = cases.map { "\($0.family) \($0.size)\t\($0.text)" }.joined(separator: "\n")
    let (status, output) = try runCommand([try Self.harness().path], input: input + "\n")
    try #require(status == 0, "the harness failed: \(output)")
    let answers = output.split(separator: "\n").map {
      $0.split(separator: "\t").compactMap { Double($0) }
    }
    try #require(answers.count == cases.count, "the harness answered \(output)")
    for (fit, pango) in zip(cases, answers) {
      let ours = try ours(fit.text, family: fit.family, size: fit.size)
      print("\(fit.family) \(fit.size) \(fit.text): ours \(ours), Pango \(pango)")
      try #require(pango.count == 3)
      // Pango keeps positions in 1/1024 points.
      for (mine, theirs) in zip(ours, pango) {
        #expect(
          abs(mine - theirs) <= 0.002, "\(fit.family) \(fit.size): ours \(ours), Pango \(pango)")
      }
    }
  }
}
