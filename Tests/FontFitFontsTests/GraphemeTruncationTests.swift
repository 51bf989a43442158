import FontFitFontModel
import FontFitFonts
@_spi(Engine) import FontFitText
import Testing

@Suite("Grapheme-safe truncation on real fonts")
struct GraphemeTruncationTests {
  static let text =
    "Family 👩‍👩‍👧 and flags 🇩🇪🇫🇷🇯🇵, thumbs 👍🏽👍🏿, café with e\u{301}, "
    + "👩‍👩‍👧👩‍👩‍👧 again 🇩🇪🇫🇷 and more 👍🏽 at the end"

  @Test(
    "Every line break mode keeps emoji sequences, flags, skin tones and accents whole",
    arguments: LineBreakMode.allCases, [1, 2, 3])
  func wholeClusters(mode: LineBreakMode, lines: Int) throws {
    let fonts = try FontSystem.shared()
    let font = FontDescriptor(family: "DejaVu Sans")
    let shaped = try fonts.shape(Self.text, font: font)
    let layouter = TextLayouter(shaped: shaped, truncationToken: try fonts.shape("…", font: font))
    let source = Set(Self.text)
    for width in stride(from: 40.0, through: 400, by: 17) {
      let block = layouter.layout(
        pointSize: 17,
        options: try LayoutOptions(
          box: Size(width: width, height: .infinity), maximumLines: lines, lineBreakMode: mode))
      #expect(block.lines.count <= lines)
      #expect(block.hiddenCharacterCount > 0 || block.fits)
      for line in block.lines {
        let shown = line.endsWithInsertedHyphen ? String(line.text.dropLast()) : line.text
        for character in shown where character != "…" {
          #expect(source.contains(character), "\(mode) split a cluster: \(line.text)")
        }
        if mode != .wordWrap, mode != .charWrap, line.text.count > 1 {
          #expect(line.width <= width + 1e-9, "\(mode) line wider than \(width): \(line.text)")
        }
      }
      if !block.fits, [.truncateHead, .truncateMiddle, .truncateTail].contains(mode) {
        #expect(block.lines.last?.text.contains("…") == true, "\(mode) at \(width)")
      }
    }
  }

  @Test("Tail, head and middle truncation keep the start, the end, or both")
  func positions() throws {
    let fonts = try FontSystem.shared()
    let font = FontDescriptor(family: "DejaVu Sans")
    let layouter = TextLayouter(
      shaped: try fonts.shape(Self.text, font: font),
      truncationToken: try fonts.shape("…", font: font))
    func line(_ mode: LineBreakMode) throws -> String {
      layouter.layout(
        pointSize: 17,
        options: try LayoutOptions(
          box: Size(width: 200, height: .infinity), maximumLines: 1, lineBreakMode: mode)
      ).lines.first?.text ?? ""
    }
    #expect(try line(.truncateTail).hasPrefix("Family 👩‍👩‍👧"))
    #expect(try line(.truncateTail).hasSuffix("…"))
    #expect(try line(.truncateHead).hasPrefix("…"))
    #expect(try line(.truncateHead).hasSuffix("at the end"))
    #expect(try line(.truncateMiddle).hasPrefix("Family"))
    #expect(try line(.truncateMiddle).hasSuffix("the end"))
    #expect(try line(.truncateMiddle).contains("…"))
  }
}
