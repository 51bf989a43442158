import FontFitDescription
import FontFitFontModel
import FontFitFonts
import FontFitText
import FontFitWidgets
import Foundation
import TestSupport
import Testing

@testable import FontFitRender

// Pictures of laid-out trees, judged from their pixels (issue 9).

@Suite("Pictures of laid-out widgets")
struct RenderTests {
  let fonts: FontSystem
  let screen: Screen

  init() throws {
    fonts = try FontSystem.shared()
    screen = try #require(ScreenCatalog.bundled["iPhone 6"])
  }

  /// A label in a root view filling `screen`, laid out with no adaptation.
  func label(
    _ text: String, font: String = "DejaVu Sans 17", frame: Rect, lines: Int = 0,
    overflow: Overflow = .truncate, minimum: Double = 6
  ) throws -> (root: View, label: Label) {
    let root = View(id: "root", frame: Rect(x: 0, y: 0, width: screen.width, height: screen.height))
    let label = Label(id: "label", frame: frame, font: try Font(font), text: text)
    label.numberOfLines = lines
    label.overflow = overflow
    label.autoFit = AutoFit(minimumPointSize: minimum)
    try root.addChild(label)
    root.environment = WidgetEnvironment(screen: screen, adaptation: .none, shaper: fonts)
    root.layoutIfNeeded()
    return (root, label)
  }

  /// The pixels of `image` whose alpha is at least `threshold`, as a bounding box
  /// (`x0..<x1`, `y0..<y1`); nil when there are none.
  static func inkBox(_ image: RGBAImage, threshold: UInt8 = 128)
    -> (x0: Int, y0: Int, x1: Int, y1: Int)?
  {
    var box: (x0: Int, y0: Int, x1: Int, y1: Int)?
    for y in 0..<image.height {
      for x in 0..<image.width where image.pixels[(y * image.width + x) * 4 + 3] >= threshold {
        let current = box ?? (x, y, x + 1, y + 1)
        box = (
          min(current.x0, x), min(current.y0, y), max(current.x1, x + 1), max(current.y1, y + 1)
        )
      }
    }
    return box
  }

  @Test("Every fitted text has all its dark ink inside its frame")
  func inkInsideFrame() throws {
    var generator = SplitMix64(seed: 909)
    let words = [
      "fits", "every", "screen", "Quixotic", "jump", "Åland", "naïve", "字体", "自适应", "42",
      "(parenthesis)", "g-y-p-q", "WAVE", "Tj", "office", "«quote»",
    ]
    let faces = ["DejaVu Sans 17", "DejaVu Serif 20", "DejaVu Sans Bold 15", "DejaVu Sans Mono 13"]
    var fitted = 0
    for _ in 0..<60 {
      let count = 1 + Int(generator.next() % 12)
      let text = (0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }
        .joined(separator: " ")
      let frame = Rect(
        x: Double(generator.next() % 60), y: Double(generator.next() % 400),
        width: Double(60 + generator.next() % 250), height: Double(20 + generator.next() % 120))
      let face = faces[Int(generator.next() % UInt64(faces.count))]
      let (_, label) = try label(text, font: face, frame: frame)
      guard try #require(label.layout?.fit).fits else { continue }
      fitted += 1
      let scale = 2.0
      var image = try RGBAImage(
        width: Int(screen.width * scale), height: Int(screen.height * scale))
      let renderer = try WidgetRenderer(fonts: fonts, scale: scale, drawsFrames: false)
      try image.withPixelBuffer { (buffer) throws(RenderError) in
        try renderer.render(label, into: buffer)
      }
      let ink = try #require(Self.inkBox(image), "\(text) drew nothing")
      // One pixel for the rounding of the frame's edges.
      #expect(ink.x0 >= Int((frame.x * scale).rounded()) - 1, "\(text) in \(frame)")
      #expect(ink.y0 >= Int((frame.y * scale).rounded()) - 1, "\(text) in \(frame)")
      #expect(ink.x1 <= Int(((frame.x + frame.width) * scale).rounded()) + 1, "\(text) in \(frame)")
      #expect(
        ink.y1 <= Int(((frame.y + frame.height) * scale).rounded()) + 1, "\(text) in \(frame)")
    }
    #expect(fitted >= 30)
  }

  @Test("A text that does not fit is outlined in red; one that fits has a grey hairline")
  func outlines() throws {
    let frame = Rect(x: 20, y: 20, width: 120, height: 20)
    let (root, cramped) = try label(
      "Far too much text for this small box even at the smallest size", frame: frame, lines: 1,
      minimum: 14)
    #expect(cramped.layout?.fit?.fits == false)
    let image = try WidgetRenderer(fonts: fonts, scale: 1).renderScreen(root)
    // Every pixel along the frame's edges, bar the corner mark of a refusal, is red.
    for x in 20..<140 {
      #expect(image[x, 20] == WidgetRenderer.problemColor)
      #expect(image[x, 39] == WidgetRenderer.problemColor)
    }
    let (fitting, _) = try label("Fits", frame: frame)
    let calm = try WidgetRenderer(fonts: fonts, scale: 1).renderScreen(fitting)
    for x in 20..<140 {
      #expect(calm[x, 20] == WidgetRenderer.frameColor)
    }
  }

  @Test("A refused text is marked in the frame's top right corner")
  func refusal() throws {
    let (root, label) = try label(
      "A text that cannot fit on one line at any size the label allows",
      frame: Rect(x: 10, y: 10, width: 100, height: 20),
      lines: 1, overflow: .reject, minimum: 15)
    #expect(label.layout?.rejection != nil)
    let image = try WidgetRenderer(fonts: fonts, scale: 2).renderScreen(root)
    // Inside the corner triangle, away from the outline.
    #expect(image[216, 24] == WidgetRenderer.problemColor)
    #expect(image[30, 30] == Color.white)
  }

  @Test("Colours: the background fills the frame and the text is drawn in its colour")
  func colours() throws {
    let (root, label) = try label(
      "Ink", font: "DejaVu Sans Bold 48", frame: Rect(x: 0, y: 0, width: 200, height: 80))
    label.backgroundColor = Color(hex: "#204080")
    label.textColor = try #require(Color(hex: "#FFD000"))
    var renderer = try WidgetRenderer(fonts: fonts, scale: 1)
    renderer.drawsFrames = false
    let image = try renderer.renderScreen(root)
    #expect(image[2, 2] == Color(hex: "#204080"))
    // The most opaque ink is the text colour.
    var yellow = 0
    for y in 0..<80 {
      for x in 0..<200 where image[x, y] == Color(hex: "#FFD000") { yellow += 1 }
    }
    #expect(yellow > 300)
  }

  @Test("The same tree gives the same PNG bytes")
  func deterministic() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("render-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var files: [Data] = []
    for run in 0..<2 {
      let (root, _) = try label(
        "Déjà vu 字体 — the same bytes every time",
        frame: Rect(x: 12.3, y: 40.7, width: 180, height: 90))
      let path = folder.appendingPathComponent("\(run).png").path
      try WidgetRenderer(fonts: fonts, scale: 3).renderScreen(root).writePNG(to: path)
      files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
      // Read back, the pixels are the ones drawn.
      #expect(
        try RGBAImage(pngFile: path) == WidgetRenderer(fonts: fonts, scale: 3).renderScreen(root))
    }
    #expect(files[0] == files[1])
    #expect(files[0].starts(with: [0x89, 0x50, 0x4E, 0x47]))
    // No file is left under a temporary name.
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names == ["0.png", "1.png"])
  }

  @Test("Writing into a missing directory is an output error and leaves nothing")
  func unwritable() throws {
    let image = try RGBAImage(width: 2, height: 2, color: .white)
    #expect(throws: RenderError.self) { try image.writePNG(to: "/nonexistent-dir/x.png") }
    #expect(throws: RenderError.self) { try RGBAImage(width: 100_000, height: 100_000) }
    #expect(throws: RenderError.self) { try WidgetRenderer(fonts: fonts, scale: .nan) }
  }
}
