import FontFitEngine
import FontFitFontModel
import FontFitText
import FontFitWidgets
import TestSupport
import Testing

/// The text engine on its own: a request in, a fit out, with no widget (issue 20).
@Suite("Text engine")
struct TextEngineTests {
  let engine = TextEngine(shaper: ArithmeticShaper())
  let font = FontDescriptor(family: "Test")

  /// Random texts of words, spaces and line breaks.
  static func texts(count: Int, seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    let words = ["a", "fit", "Window", "text", "iiii", "WWW", "label", "screen", "hyphen-ated"]
    return (0..<count).map { _ in
      (0..<Int.random(in: 1...14, using: &random)).map { _ in
        words[Int.random(in: 0..<words.count, using: &random)]
      }.joined(separator: Bool.random(using: &random) ? " " : "\n")
    }
  }

  /// A request fitting `text` at 6 to 24 points, in steps of 0.5, in a random box.
  static func randomRequest(
    _ text: String, font: FontDescriptor, using random: inout SplitMix64
  ) throws -> TextRequest {
    let box = Size(
      width: Double.random(in: 40...300, using: &random),
      height: Double.random(in: 20...200, using: &random))
    return TextRequest(
      text: text, font: font, fontSize: 24,
      fitSizes: try FontSizeRange(minimum: 6, maximum: 24, step: 0.5), box: box)
  }

  @Test("A fitted text is no taller and no wider than its box, and larger sizes would not fit")
  func fitsItsBox() throws {
    var random = SplitMix64(seed: 20)
    for text in Self.texts(count: 200, seed: 1) {
      let request = try Self.randomRequest(text, font: font, using: &random)
      let box = request.box
      let fit = try engine.fit(request)
      if fit.fits {
        #expect(fit.size.height <= box.height + 1e-9, "\(text) in \(box)")
        #expect(fit.size.width <= box.width + 1e-9, "\(text) in \(box)")
        if fit.pointSize < 24 {
          var larger = request
          larger.fitSizes = nil
          larger.fontSize = fit.pointSize + 0.5
          #expect(try engine.fit(larger).fits == false, "\(text) in \(box)")
        }
      } else {
        #expect(fit.pointSize == 6, "\(text) in \(box)")
      }
      #expect(fit.lines.count == fit.result.lines.count)
    }
  }

  @Test(
    "An unbounded side is placed as a box of the block's size: finite, from the top (issue 21)",
    arguments: [TextAlignment.natural, .center, .right]
  )
  func unboundedBox(alignment: TextAlignment) throws {
    for text in Self.texts(count: 50, seed: 21) {
      var request = TextRequest(
        text: text, font: font, fontSize: 12, box: Size(width: 120, height: .infinity))
      request.alignment = alignment
      let open = try engine.fit(request)
      request.box = Size(width: 120, height: open.size.height)
      let bounded = try engine.fit(request)
      #expect(open.lines == bounded.lines, "\(text)")
      #expect(open.lines.first?.y == 0)
      request.box = Size(width: .infinity, height: .infinity)
      let wide = try engine.fit(request)
      for line in wide.lines {
        #expect(line.x.isFinite && line.y.isFinite && line.baseline.isFinite, "\(text)")
        #expect(line.x >= 0 && line.x + line.width <= wide.size.width + 1e-9, "\(text)")
        #expect(line.runs.allSatisfy { $0.glyphs.allSatisfy { $0.x.isFinite } })
      }
    }
  }

  @Test("A shorter text grows back: the fit depends on the request alone, not on earlier fits")
  func shorterTextGrowsBack() throws {
    let sizes = try FontSizeRange(minimum: 10, maximum: 20, step: 1)
    let box = Size(width: 100, height: 25)
    let long = try engine.fit(
      TextRequest(
        text: "a long text that must shrink a lot", font: font, fontSize: 20, fitSizes: sizes,
        box: box))
    let short = try engine.fit(
      TextRequest(text: "short", font: font, fontSize: 20, fitSizes: sizes, box: box))
    #expect(long.pointSize < 20)
    #expect(short.pointSize == 20)
  }

  @Test("The engine's fit is the fit a label with the same settings reports")
  func agreesWithLabel() throws {
    let screen = Screen(name: "Test", width: 320, height: 568, scale: 2)
    let environment = WidgetEnvironment(
      screen: screen, designScreen: screen, adaptation: .none, shaper: ArithmeticShaper())
    var random = SplitMix64(seed: 7)
    for text in Self.texts(count: 100, seed: 2) {
      let box = Size(
        width: Double.random(in: 40...300, using: &random),
        height: Double.random(in: 20...200, using: &random))
      let label = Label(
        frame: Rect(x: 0, y: 0, width: box.width, height: box.height),
        font: Font(descriptor: font, pointSize: 17), text: text)
      label.environment = environment
      label.layoutIfNeeded()
      var request = TextRequest(
        text: text, font: font, fontSize: 17,
        fitSizes: try FontSizeRange(minimum: 10, maximum: 17, step: 0.5), box: box)
      request.keepsWordsWhole = AutoFit().keepsWordsWhole
      let fit = try engine.fit(request)
      #expect(label.layout?.fit == fit.result, "\(text) in \(box)")
      #expect(label.layout?.lines == fit.lines, "\(text) in \(box)")
    }
  }

  @Test("Content widths: min-content is the widest word, max-content the widest paragraph")
  func contentWidths() throws {
    // Letters are 0.5em, "i" and spaces 0.25em, "W" 1em; at 10 units per em: "fit" is 12.5
    // wide, "Window" 32.5.
    let request = TextRequest(
      text: "fit Window\nab", font: font, fontSize: 10, box: Size(width: 100, height: 100))
    let widths = try engine.contentWidths(request)
    #expect(widths.minimum == 32.5)
    #expect(widths.maximum == 12.5 + 2.5 + 32.5)
    var anywhere = request
    anywhere.wrapping = .anywhere
    #expect(try engine.contentWidths(anywhere).minimum == 10)
  }

  @Test(
    "Measuring at the max-content width keeps each paragraph on one line; at min-content no word breaks"
  )
  func measureAtContentWidths() throws {
    for text in Self.texts(count: 100, seed: 3) {
      let request = TextRequest(
        text: text, font: font, fontSize: 12, box: Size(width: 1, height: 1))
      let widths = try engine.contentWidths(request)
      let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).count
      let unbounded = try engine.measure(request, proposal: .unbounded)
      #expect(abs(unbounded.width - widths.maximum) < 1e-9, "\(text)")
      let widest = try engine.measure(request, proposal: ProposedSize(width: widths.maximum))
      #expect(widest == unbounded, "\(text)")
      #expect(abs(unbounded.height - Double(paragraphs) * 1.25 * 12) < 1e-9, "\(text)")
      let narrow = try engine.measure(request, proposal: ProposedSize(width: widths.minimum))
      #expect(narrow.width <= widths.minimum + 1e-9, "\(text)")
      let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "-" }).count
      #expect(narrow.height <= Double(words + 1) * 1.25 * 12 + 1e-9, "\(text)")
    }
  }

  @Test("Bad values are errors that say what was wrong, not traps")
  func badValues() throws {
    let box = Size(width: 100, height: 20)
    for size in [0, -3, Double.nan, .infinity] {
      let request = TextRequest(text: "Hi", font: font, fontSize: size, box: box)
      let error = try #require(throws: TextLayoutError.self) { try engine.fit(request) }
      #expect(error.description.hasPrefix("font size must be a positive finite number"))
      #expect(throws: TextLayoutError.self) {
        try engine.measure(request, proposal: .unbounded)
      }
    }
    let negative = TextRequest(
      text: "Hi", font: font, fontSize: 12, box: Size(width: -1, height: 20))
    #expect(throws: TextLayoutError.layoutOptions(.invalidBox(Size(width: -1, height: 20)))) {
      try engine.fit(negative)
    }
  }

  @Test("Wrapping and truncation are independent: lines may wrap anywhere and end in a token")
  func wrappingAndTruncationAreIndependent() throws {
    // 20 letters of 0.5em at 10 per em are 100 wide; the box takes 8 letters a line.
    let text = String(repeating: "a", count: 9) + " " + String(repeating: "b", count: 10)
    var request = TextRequest(
      text: text, font: font, fontSize: 10, box: Size(width: 40, height: 100), maximumLines: 2,
      wrapping: .anywhere, truncation: .tail)
    let fit = try engine.fit(request)
    #expect(fit.result.lines.map(\.text) == ["aaaaaaaa", "a bbbbb…"])
    #expect(fit.result.lines.last?.isTruncated == true)
    request.wrapping = .words
    #expect(try engine.fit(request).result.lines.map(\.text) == ["aaaaaaaa", "a bbbbb…"])
    request.truncation = .none
    // Words: the second line ends before the word that no longer fits, with no mark.
    let unmarked = try engine.fit(request).result.lines
    #expect(unmarked.count == 2 && unmarked[1].text.hasPrefix("a"))
    #expect(
      !unmarked[1].text.contains("b") && !unmarked[1].text.contains("…"), "\(unmarked.map(\.text))")
    request.wrapping = .anywhere
    #expect(try engine.fit(request).result.lines.map(\.text) == ["aaaaaaaa", "a bbbbbb"])
  }

  @Test("UIKit's line break modes are each one wrapping with one truncation, and back")
  func lineBreakModesSplit() {
    for mode in LineBreakMode.allCases {
      #expect(LineBreakMode(wrapping: mode.wrapping, truncation: mode.truncation) == mode)
    }
    let label = Label(font: Font(descriptor: font, pointSize: 12))
    label.lineBreakMode = .charWrap
    #expect(label.wrapping == .anywhere && label.truncation == Truncation.none)
    label.truncation = .middle
    #expect(label.wrapping == .anywhere && label.lineBreakMode == .truncateMiddle)
  }
}
