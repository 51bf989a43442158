import FontFitDescription
import FontFitFontModel
import FontFitFonts
import FontFitText
import FontFitWidgets
import Foundation
import TestSupport
import Testing

@testable import FontFitRender

// Our pictures against Pango's and HarfBuzz's own renderers, ink for ink (issue 9).

@Suite("Pictures against pango-view and hb-view")
struct ReferenceRenderTests {
  let fonts: FontSystem
  let folder: URL

  init() throws {
    fonts = try FontSystem.shared()
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("reference-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  /// The dark pixels of an image drawn in black on white (or on transparent).
  struct Ink {
    var width: Int
    var height: Int
    var dark: [Bool]
    var box: (x0: Int, y0: Int, x1: Int, y1: Int)

    init(_ image: RGBAImage) throws {
      width = image.width
      height = image.height
      dark = []
      dark.reserveCapacity(width * height)
      var box: (x0: Int, y0: Int, x1: Int, y1: Int)?
      for y in 0..<height {
        for x in 0..<width {
          let pixel = (y * width + x) * 4
          // Darkness of the pixel composited over white.
          let alpha = Int(image.pixels[pixel + 3])
          let red = (Int(image.pixels[pixel]) * alpha + 255 * (255 - alpha)) / 255
          let isDark = red < 128
          dark.append(isDark)
          if isDark {
            let current = box ?? (x, y, x + 1, y + 1)
            box = (
              min(current.x0, x), min(current.y0, y), max(current.x1, x + 1),
              max(current.y1, y + 1)
            )
          }
        }
      }
      self.box = try #require(box, "the image has no ink")
    }

    /// The share of dark pixels the two have in common, their ink boxes' corners aligned:
    /// intersection over union.
    func overlap(with other: Ink) -> Double {
      var both = 0
      var either = 0
      let width = max(box.x1 - box.x0, other.box.x1 - other.box.x0)
      let height = max(box.y1 - box.y0, other.box.y1 - other.box.y0)
      func isDark(_ ink: Ink, _ x: Int, _ y: Int) -> Bool {
        let column = ink.box.x0 + x
        let row = ink.box.y0 + y
        guard column < ink.width, row < ink.height else { return false }
        return ink.dark[row * ink.width + column]
      }
      for y in 0..<height {
        for x in 0..<width {
          let a = isDark(self, x, y)
          let b = isDark(other, x, y)
          if a && b { both += 1 }
          if a || b { either += 1 }
        }
      }
      return either == 0 ? 0 : Double(both) / Double(either)
    }
  }

  /// `text` in `font` drawn by FontFit at `scale`, alone, black on white.
  func ours(_ text: String, font: String, scale: Double) throws -> Ink {
    let screen = Screen(name: "wide", width: 1000, height: 200, scale: scale)
    let label = Label(
      id: "line", frame: Rect(x: 0, y: 0, width: 1000, height: 200), font: try Font(font),
      text: text)
    label.numberOfLines = 1
    label.environment = WidgetEnvironment(screen: screen, adaptation: .none, shaper: fonts)
    label.layoutIfNeeded()
    #expect(label.layout?.fit?.fits == true)
    return try Ink(
      WidgetRenderer(fonts: fonts, scale: scale, drawsFrames: false).renderScreen(label))
  }

  func read(_ name: String) throws -> Ink {
    try Ink(RGBAImage(pngFile: folder.appendingPathComponent(name).path))
  }

  @Test(
    "A line's ink matches pango-view's at 2x: boxes within 2 pixels, ink overlapping",
    arguments: [
      ("Hamburgefonstiv 0123456789", "DejaVu Sans 17"),
      ("The quick brown fox jumps over the lazy dog.", "DejaVu Serif 17"),
      ("Déjà vu, naïve façade: «Ærø»", "DejaVu Sans Bold 15"),
    ])
  func pango(text: String, font: String) throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runCommand([
      "pango-view", "-q", "--font=\(font)", "--dpi=144", "--hinting=none",
      "--hint-metrics=off", "--subpixel-positions", "--antialias=gray", "--margin=10",
      "--output=\(folder.appendingPathComponent("pango.png").path)", "--text=\(text)",
    ])
    try #require(result.status == 0, "pango-view failed: \(result.output)")
    // Measured 0.83–0.86: the two rasterise the same outlines, but their baselines fall at
    // different fractions of a pixel, which moves the antialiased edges.
    try compare(ours(text, font: font, scale: 2), with: read("pango.png"), from: "pango-view")
  }

  /// Expects `mine` and `theirs` (drawn by `renderer`) to have ink boxes of the same size
  /// within 2 pixels and to overlap by at least 0.8, boxes aligned.
  func compare(_ mine: Ink, with theirs: Ink, from renderer: String) {
    let ourSize = (mine.box.x1 - mine.box.x0, mine.box.y1 - mine.box.y0)
    let theirSize = (theirs.box.x1 - theirs.box.x0, theirs.box.y1 - theirs.box.y0)
    #expect(abs(ourSize.0 - theirSize.0) <= 2, "ink \(ourSize), \(renderer)'s \(theirSize)")
    #expect(abs(ourSize.1 - theirSize.1) <= 2, "ink \(ourSize), \(renderer)'s \(theirSize)")
    let overlap = mine.overlap(with: theirs)
    #expect(overlap >= 0.8, "ink overlap with \(renderer): \(overlap)")
  }

  @Test(
    "Right-to-left and ligature text match hb-view: visual order, shaped glyphs",
    arguments: [
      ("مرحبا بالعالم", "DejaVu Sans 17"),
      ("office affluent flow", "DejaVu Serif 17"),
      ("שלום עולם", "DejaVu Sans 17"),
    ])
  func harfBuzz(text: String, font: String) throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try fonts.resolve(Font(font).descriptor).file
    let result = try runCommand([
      "hb-view", "--font-size=34", "--margin=10", "--output-format=png",
      "--output-file=\(folder.appendingPathComponent("hb.png").path)", file, text,
    ])
    try #require(result.status == 0, "hb-view failed: \(result.output)")
    // Measured 0.84–0.86; with the glyphs of each run drawn mirrored, every line falls below.
    try compare(ours(text, font: font, scale: 2), with: read("hb.png"), from: "hb-view")
  }
}
