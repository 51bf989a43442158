import FontFitFontModel
import FontFitFonts
import FontFitText
import FontFitWidgets
import Testing

@testable import FontFitRender

/// Rich text in pictures (issue 24): spans in their colours, backgrounds behind them, and
/// underlines and strikethroughs where the font puts them, judged from the pixels.
@Suite("Pictures of rich text")
struct RichTextRenderTests {
  /// A label of `markup` in a white root view, laid out and drawn at 2 pixels per point.
  func picture(_ markup: String, frame: Rect = Rect(x: 10, y: 10, width: 300, height: 40))
    throws -> (image: RGBAImage, label: Label)
  {
    let fonts = try FontSystem.shared()
    let screen = Screen(name: "Test", width: 320, height: 80, scale: 2, dpi: 72)
    let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 320, height: 80))
    root.backgroundColor = .white
    let label = Label(id: "label", frame: frame, font: Font(family: "DejaVu Sans", pointSize: 20))
    label.numberOfLines = 1
    try label.setMarkup(markup)
    try root.addChild(label)
    root.environment = WidgetEnvironment(screen: screen, adaptation: .none, shaper: fonts)
    root.layoutIfNeeded()
    let image = try WidgetRenderer(fonts: fonts, scale: 2, drawsFrames: false).renderScreen(root)
    return (image, label)
  }

  /// The pixels of `image` within `tolerance` of `color` in every channel.
  func count(_ color: Color, in image: RGBAImage, tolerance: Int = 12) -> Int {
    var count = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let pixel = image[x, y]
        if abs(Int(pixel.red) - Int(color.red)) <= tolerance,
          abs(Int(pixel.green) - Int(color.green)) <= tolerance,
          abs(Int(pixel.blue) - Int(color.blue)) <= tolerance
        {
          count += 1
        }
      }
    }
    return count
  }

  @Test("A span's colour paints its glyphs only, and the rest keeps the widget's colour")
  func spanColour() throws {
    let red = Color(red: 200, green: 0, blue: 0)
    let plain = try picture("Total 42,00 €")
    let coloured = try picture("Total <span foreground=\"#C80000\">42,00 €</span>")
    #expect(count(red, in: plain.image) == 0)
    #expect(count(red, in: coloured.image) > 100)
    #expect(count(.black, in: coloured.image, tolerance: 40) > 100)
  }

  @Test("A background fills behind its span's line box, and nowhere else")
  func background() throws {
    let yellow = Color(red: 255, green: 243, blue: 176)
    let (image, label) = try picture("old <span background=\"#FFF3B0\">new</span> policy")
    let filled = count(yellow, in: image, tolerance: 2)
    let line = try #require(label.layout?.lines.first)
    // About the span's width (at 2 pixels per point) by the line's height, glyphs aside.
    #expect(filled > Int(line.height * 2 * 20))
    #expect(filled < Int(line.height * 2 * line.width))
  }

  @Test("Underline and strikethrough draw at the font's positions, as wide as their span")
  func decorations() throws {
    func darkRows(_ image: RGBAImage) -> Set<Int> {
      var rows: Set<Int> = []
      for y in 0..<image.height {
        var dark = 0
        for x in 0..<image.width where image[x, y].red < 80 { dark += 1 }
        // A row that a line crosses is dark for most of the span's width.
        if dark > 60 { rows.insert(y) }
      }
      return rows
    }
    let plain = try picture("aaaaaaaa")
    let underlined = try picture("<u>aaaaaaaa</u>")
    let struck = try picture("<s>aaaaaaaa</s>")
    let line = try #require(underlined.label.layout?.lines.first)
    let baseline = (underlined.label.screenFrame.y + line.baseline) * 2
    let under = darkRows(underlined.image).subtracting(darkRows(plain.image))
    let through = darkRows(struck.image).subtracting(darkRows(plain.image))
    #expect(!under.isEmpty && !through.isEmpty)
    // DejaVu Sans puts its underline below the baseline and its strikeout above it.
    #expect(under.allSatisfy { Double($0) > baseline - 1 }, "\(under) baseline \(baseline)")
    #expect(through.allSatisfy { Double($0) < baseline }, "\(through) baseline \(baseline)")
  }
}
