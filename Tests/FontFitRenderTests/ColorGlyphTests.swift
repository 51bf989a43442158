import FontFitFontModel
import FontFitFonts
import FontFitText
import FontFitWidgets
import Foundation
import TestSupport
import Testing

@testable import FontFitRender

/// Colour bitmap glyphs (Noto Color Emoji's CBDT strikes) are drawn in their own colours,
/// scaled from the strike to the size asked for, where cairo (pango-view) draws them.
@Suite("Colour emoji are drawn in colour, scaled from their strike")
struct ColorGlyphTests {
  let fonts: FontSystem

  init() throws {
    fonts = try FontSystem.shared()
    let family = try fonts.resolve(FontDescriptor(family: "Noto Color Emoji")).family
    try #require(
      family == "Noto Color Emoji",
      "Noto Color Emoji is not installed (fonts-noto-color-emoji; scripts/test installs it)")
  }

  /// The pixels of an image drawn on white that are not white: their box (`x0..<x1`,
  /// `y0..<y1`), how many there are, and how many of them are coloured (not grey).
  struct Ink {
    var box: (x0: Int, y0: Int, x1: Int, y1: Int)
    var count = 0
    var colored = 0

    /// The ink of `image`, whose pixels are `channels` bytes each (RGB or RGBA, over white).
    init(_ pixels: [UInt8], width: Int, height: Int, channels: Int) throws {
      var box: (x0: Int, y0: Int, x1: Int, y1: Int)?
      for y in 0..<height {
        for x in 0..<width {
          let index = (y * width + x) * channels
          // Composited over white when there is an alpha channel.
          let alpha = channels == 4 ? Int(pixels[index + 3]) : 255
          let rgb = (0..<3).map { (Int(pixels[index + $0]) * alpha + 255 * (255 - alpha)) / 255 }
          guard rgb.contains(where: { $0 < 240 }) else { continue }
          count += 1
          if abs(rgb[0] - rgb[1]) > 40 || abs(rgb[1] - rgb[2]) > 40 { colored += 1 }
          let current = box ?? (x, y, x + 1, y + 1)
          box = (
            min(current.x0, x), min(current.y0, y), max(current.x1, x + 1),
            max(current.y1, y + 1)
          )
        }
      }
      self.box = try #require(box, "the image has no ink")
    }

    var width: Int { box.x1 - box.x0 }
    var height: Int { box.y1 - box.y0 }
  }

  /// `text` in `font` drawn by FontFit in a label at (10, 10) on a white screen at `scale`, the
  /// label's layout with it.
  func ours(_ text: String, font: String, scale: Double = 1) throws -> (
    image: RGBAImage, layout: WidgetLayout
  ) {
    let screen = Screen(name: "emoji", width: 400, height: 300, scale: scale)
    let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 400, height: 300))
    let label = Label(
      id: "emoji", frame: Rect(x: 10, y: 10, width: 380, height: 280), font: try Font(font),
      text: text)
    label.numberOfLines = 1
    try root.addChild(label)
    root.environment = WidgetEnvironment(screen: screen, adaptation: .none, shaper: fonts)
    root.layoutIfNeeded()
    let layout = try #require(label.layout)
    #expect(layout.fit?.fits == true)
    let image = try WidgetRenderer(fonts: fonts, scale: scale, drawsFrames: false)
      .renderScreen(root)
    return (image, layout)
  }

  @Test(
    "🎉 is coloured, inside the box of its strike's bitmap scaled to the size",
    arguments: [(20.0, 1.0), (40, 1), (20, 3), (150, 1)])
  func colouredInsideItsBox(size: Double, scale: Double) throws {
    let (image, layout) = try ours("🎉", font: "Noto Color Emoji \(size)", scale: scale)
    let ink = try Ink(image.pixels, width: image.width, height: image.height, channels: 4)
    // Most of the party popper is coloured, not grey.
    #expect(Double(ink.colored) > 0.5 * Double(ink.count), "\(ink.colored) of \(ink.count)")
    // The 109 ppem strike's bitmap is 136×128 pixels, 101 of them above the baseline, its
    // left edge at the origin: scaled by the pixel size over 109.
    let glyph = try #require(layout.lines.first?.runs.first?.glyphs.first)
    let factor = size * scale / 109
    let left = (layout.screenFrame.x + glyph.x) * scale
    let baseline = (layout.screenFrame.y + glyph.y) * scale
    let expected = (
      x0: left, y0: baseline - 101 * factor, x1: left + 136 * factor,
      y1: baseline + 27 * factor
    )
    print(
      "🎉 \(size)pt ×\(scale): ink \(ink.box), expected \(expected), "
        + "\(ink.colored)/\(ink.count) coloured")
    #expect(Double(ink.box.x0) >= expected.x0 - 1 && Double(ink.box.x1) <= expected.x1 + 1)
    #expect(Double(ink.box.y0) >= expected.y0 - 1 && Double(ink.box.y1) <= expected.y1 + 1)
    // The bitmap's ink nearly fills its box (the popper touches three of its edges).
    #expect(Double(ink.width) >= 0.8 * (expected.x1 - expected.x0))
    #expect(Double(ink.height) >= 0.8 * (expected.y1 - expected.y0))
  }

  @Test("A premultiplied colour composites over opaque, translucent and transparent pixels")
  func premultipliedOver() throws {
    func over(_ below: Color, _ source: (UInt8, UInt8, UInt8, UInt8), opacity: Int = 255)
      throws -> Color
    {
      var image = try RGBAImage(width: 1, height: 1, color: below)
      try image.withPixelBuffer { buffer in
        buffer.blend(
          premultiplied: source.0, source.1, source.2, alpha: source.3, opacity: opacity, x: 0,
          y: 0)
      }
      return image[0, 0]
    }
    let white = Color(red: 255, green: 255, blue: 255)
    let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    // Opaque: the source itself.
    #expect(try over(white, (10, 200, 30, 255)) == Color(red: 10, green: 200, blue: 30))
    // Half-transparent red over white: pink, opaque.
    #expect(try over(white, (128, 0, 0, 128)) == Color(red: 255, green: 127, blue: 127))
    // Over nothing: the source made straight.
    #expect(try over(clear, (128, 0, 0, 128)) == Color(red: 255, green: 0, blue: 0, alpha: 128))
    // Faded to nothing by a transparent text colour.
    #expect(try over(white, (10, 200, 30, 255), opacity: 0) == white)
    // Over a translucent pixel: both weighed by their alpha.
    let blue = Color(red: 0, green: 0, blue: 255, alpha: 128)
    #expect(try over(blue, (128, 0, 0, 128)) == Color(red: 170, green: 0, blue: 85, alpha: 192))
  }

  @Test("🎉's ink box scales with the size")
  func scalesWithSize() throws {
    let small = try ours("🎉", font: "Noto Color Emoji 20").image
    let large = try ours("🎉", font: "Noto Color Emoji 60").image
    let a = try Ink(small.pixels, width: small.width, height: small.height, channels: 4)
    let b = try Ink(large.pixels, width: large.width, height: large.height, channels: 4)
    print(
      "🎉 at 20pt: ink \(a.width)×\(a.height), \(a.count) pixels; at 60pt \(b.width)×\(b.height), \(b.count)"
    )
    // Three times as large, give or take the antialiased fringe (a pixel at each edge).
    #expect(abs(b.width - 3 * a.width) <= 6, "\(a.box) at 20pt, \(b.box) at 60pt")
    #expect(abs(b.height - 3 * a.height) <= 6, "\(a.box) at 20pt, \(b.box) at 60pt")
    #expect(b.count > 6 * a.count, "\(a.count) pixels of ink at 20pt, \(b.count) at 60pt")
  }

  @Test(
    "🎉's ink box is pango-view's within 2 pixels, and both are coloured",
    arguments: [20.0, 40, 75])
  func matchesPangoView(size: Double) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("emoji-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("pango.png").path
    let result = try runCommand([
      "pango-view", "-q", "--font=Noto Color Emoji \(size)", "--dpi=72", "--hinting=none",
      "--hint-metrics=off", "--subpixel-positions", "--margin=10", "--output=\(path)",
      "--text=🎉",
    ])
    try #require(result.status == 0, "pango-view failed: \(result.output)")
    let theirs = try RGBAImage(pngFile: path)
    let pango = try Ink(theirs.pixels, width: theirs.width, height: theirs.height, channels: 4)
    let (image, layout) = try ours("🎉", font: "Noto Color Emoji \(size)")
    var mine = try Ink(image.pixels, width: image.width, height: image.height, channels: 4)
    // Ours from the top left of the line box, as pango-view's from its margin.
    let line = try #require(layout.lines.first)
    let x = Int((layout.screenFrame.x + line.x).rounded()) - 10
    let y = Int((layout.screenFrame.y + line.y).rounded()) - 10
    mine.box = (mine.box.x0 - x, mine.box.y0 - y, mine.box.x1 - x, mine.box.y1 - y)
    print(
      "🎉 \(size)pt: ours \(mine.width)×\(mine.height) at \(mine.box), pango-view "
        + "\(pango.width)×\(pango.height) at \(pango.box) (both from the line's top left + 10 px); coloured "
        + "\(mine.colored)/\(mine.count), pango-view \(pango.colored)/\(pango.count)")
    #expect(abs(mine.width - pango.width) <= 2)
    #expect(abs(mine.height - pango.height) <= 2)
    // Both from the line's top left: the boxes' corners agree too.
    #expect(abs(mine.box.x0 - pango.box.x0) <= 2 && abs(mine.box.y0 - pango.box.y0) <= 2)
    #expect(Double(pango.colored) > 0.5 * Double(pango.count))
    #expect(abs(Double(mine.colored - pango.colored)) <= 0.15 * Double(pango.colored))
  }
}
