import FontFitFontModel
import FontFitText
import FontFitWidgets
import Foundation
import TestSupport
import Testing

@testable import FontFitFonts
@testable import FontFitRender

/// `COLR` version 0 glyphs are drawn in colour: each layer's outline in its `CPAL` colour, a
/// foreground layer in the text's colour.
///
/// No such font is packaged in Debian 12, so the suite builds one with fontTools: DejaVu Sans
/// with a palette (red, blue) and "A" drawn as two layers, the glyph of "O" in red under the
/// glyph of "I" in the foreground colour, named "FontFit COLR Test".
@Suite("COLR colour layers are drawn in their palette colours and the text colour")
final class ColorLayerTests {
  /// The directory holding the COLR font, removed with its Fontconfig caches afterwards.
  let directory: String
  /// A font system of that directory alone.
  let fonts: FontSystem
  /// The installed fonts, for plain DejaVu Sans.
  let system: FontSystem

  /// The installed DejaVu Sans the test font is made from.
  static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  /// The test font's family.
  static let family = "FontFit COLR Test"
  /// The text colour, neither black nor any layer's colour.
  static let textColor = Color(red: 0, green: 160, blue: 0)
  static let red = Color(red: 255, green: 0, blue: 0)

  /// Adds `CPAL` and `COLR` tables to the font at argv[1] and saves it, renamed, at argv[2].
  static let script = """
    import sys
    from fontTools.ttLib import TTFont
    from fontTools.colorLib.builder import buildCOLR, buildCPAL
    font = TTFont(sys.argv[1])
    cmap = font.getBestCmap()
    a, o, i = cmap[ord("A")], cmap[ord("O")], cmap[ord("I")]
    font["CPAL"] = buildCPAL([[(1.0, 0.0, 0.0, 1.0), (0.0, 0.0, 1.0, 1.0)]])
    font["COLR"] = buildCOLR({a: [(o, 0), (i, 0xFFFF)]}, version=0)
    family = "\(family)"
    for record in font["name"].names:
        if record.nameID in (1, 4, 16, 18, 21):
            record.string = family
        elif record.nameID == 6:
            record.string = family.replace(" ", "")
    font.save(sys.argv[2])
    """

  init() throws {
    try #require(
      FileManager.default.fileExists(atPath: Self.dejaVu),
      "\(Self.dejaVu) is not installed (fonts-dejavu-core; scripts/test installs it)")
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "colr-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    let directory = url.path
    do {
      let copy = directory + "/DejaVuSans.ttf"
      try FileManager.default.copyItem(atPath: Self.dejaVu, toPath: copy)
      let result = try runCommand(
        ["python3", "-c", Self.script, copy, directory + "/FontFitCOLRTest.ttf"])
      try FileManager.default.removeItem(atPath: copy)
      try #require(
        result.status == 0,
        "fontTools could not build the COLR font (pip install fonttools; scripts/test does): \(result.output)"
      )
      fonts = try FontSystem(sources: .only([directory]))
    } catch {
      FontconfigResolver.removeCacheFiles(of: directory)
      try? FileManager.default.removeItem(atPath: directory)
      throw error
    }
    self.directory = directory
    system = try FontSystem.shared()
  }

  deinit {
    FontconfigResolver.removeCacheFiles(of: directory)
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// `text` at 60 points in `family`, in ``textColor`` on a white screen, with the label's
  /// first glyph's origin.
  func draw(_ text: String, family: String, fonts: FontSystem) throws -> (
    image: RGBAImage, origin: (x: Double, y: Double)
  ) {
    let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 200, height: 120))
    let label = Label(
      id: "label", frame: Rect(x: 10, y: 10, width: 180, height: 100),
      font: try Font("\(family) 60"), text: text)
    label.numberOfLines = 1
    label.textColor = Self.textColor
    try root.addChild(label)
    root.environment = WidgetEnvironment(
      screen: Screen(name: "colr", width: 200, height: 120, scale: 1), adaptation: .none,
      shaper: fonts)
    root.layoutIfNeeded()
    let layout = try #require(label.layout)
    let run = try #require(layout.lines.first?.runs.first)
    let glyph = try #require(run.glyphs.first)
    let file = family == Self.family ? "/FontFitCOLRTest.ttf" : "/DejaVuSans.ttf"
    #expect(run.font.file?.hasSuffix(file) == true)
    let image = try WidgetRenderer(fonts: fonts, scale: 1, drawsFrames: false)
      .renderScreen(root)
    return (image, (layout.screenFrame.x + glyph.x, layout.screenFrame.y + glyph.y))
  }

  /// The pixels of `image` that are coloured, not a grey or a shade of the text colour over
  /// white.
  static func colored(_ image: RGBAImage) -> Int {
    var count = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let pixel = image[x, y]
        // Over white, the text colour at any coverage keeps red and blue equal.
        if abs(Int(pixel.red) - Int(pixel.blue)) > 8 { count += 1 }
      }
    }
    return count
  }

  @Test("The face has colour layers and palette 0; DejaVu Sans has neither")
  func face() throws {
    let resolved = try fonts.resolve(FontDescriptor(family: Self.family))
    #expect(resolved.family == Self.family)
    let face = try fonts.face(for: resolved)
    #expect(face.hasColorLayers)
    #expect(
      face.palette == [
        LayerColor(red: 255, green: 0, blue: 0, alpha: 255),
        LayerColor(red: 0, green: 0, blue: 255, alpha: 255),
      ])
    let plain = try system.resolve(FontDescriptor(family: "DejaVu Sans"))
    let dejaVu = try system.face(for: plain)
    #expect(!dejaVu.hasColorLayers && dejaVu.palette.isEmpty)
  }

  @Test("\"A\" is the O layer in red under the I layer in the text colour")
  func layers() throws {
    let (image, origin) = try draw("A", family: Self.family, fonts: fonts)
    let plainA = try draw("A", family: "DejaVu Sans", fonts: system)
    let o = try draw("O", family: "DejaVu Sans", fonts: system)
    let i = try draw("I", family: "DejaVu Sans", fonts: system)
    // Each layer where the plain glyph of its letter lies, both from the same origin.
    for other in [plainA.origin, o.origin, i.origin] {
      try #require(other.x == origin.x && other.y == origin.y)
    }
    #expect(image != plainA.image)
    var red = 0
    var foreground = 0
    var outside = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let full = (o: o.image[x, y] == Self.textColor, i: i.image[x, y] == Self.textColor)
        let none = (o: o.image[x, y] == .white, i: i.image[x, y] == .white)
        if full.i {
          // The I layer, on top, fully covers the pixel: the text colour.
          #expect(image[x, y] == Self.textColor, "(\(x), \(y))")
          foreground += 1
        } else if full.o, none.i {
          #expect(image[x, y] == Self.red, "(\(x), \(y))")
          red += 1
        } else if none.o, none.i {
          #expect(image[x, y] == .white, "(\(x), \(y))")
          outside += 1
        }
      }
    }
    print("COLR \"A\": \(red) red pixels, \(foreground) in the text colour, \(outside) white")
    #expect(red > 200 && foreground > 100)
    // Plain DejaVu Sans "A" has no red at all.
    #expect(Self.colored(plainA.image) == 0)
    #expect(Self.colored(image) >= red)
  }

  @Test("\"B\", which has no layers, is drawn as in DejaVu Sans, in the text colour")
  func glyphWithoutLayers() throws {
    let (image, origin) = try draw("B", family: Self.family, fonts: fonts)
    let plain = try draw("B", family: "DejaVu Sans", fonts: system)
    try #require(plain.origin.x == origin.x && plain.origin.y == origin.y)
    #expect(image == plain.image)
    #expect(Self.colored(image) == 0)
    #expect(image.pixels.contains(where: { $0 < 128 }))
  }

  @Test("A translucent text colour fades the layers, as it fades an emoji")
  func translucentText() throws {
    let opaque = try draw("A", family: Self.family, fonts: fonts).image
    let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 200, height: 120))
    let label = Label(
      id: "label", frame: Rect(x: 10, y: 10, width: 180, height: 100),
      font: try Font("\(Self.family) 60"), text: "A")
    label.textColor = Color(red: 0, green: 160, blue: 0, alpha: 0)
    try root.addChild(label)
    root.environment = WidgetEnvironment(
      screen: Screen(name: "colr", width: 200, height: 120, scale: 1), adaptation: .none,
      shaper: fonts)
    root.layoutIfNeeded()
    let faded = try WidgetRenderer(fonts: fonts, scale: 1, drawsFrames: false).renderScreen(root)
    #expect(Self.colored(opaque) > 0)
    #expect(faded == (try RGBAImage(width: 200, height: 120, color: .white)))
  }
}
