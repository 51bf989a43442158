import FontFitFontModel
import FontFitFonts
@_spi(Engine) import FontFitText
import FontFitWidgets
import TestSupport
import Testing

@Suite("Text widgets")
struct TextWidgetTests {
  @Test("A label shrinks a long text to the largest size that fits, and a shorter text grows back")
  func shrinksAndGrowsBack() throws {
    // At 11pt four words take 96.25pt, so eight make two 13.75pt lines; at 11.5pt four words
    // take 100.625pt, and three lines of three are 43.125pt tall: 11pt is the largest fit.
    let label = Fixture.label(width: 100, height: 40, text: Fixture.words(8))
    label.layoutIfNeeded()
    let shrunk = try #require(label.layout?.fit)
    #expect(shrunk.pointSize == 11)
    #expect(shrunk.fits)
    #expect(shrunk.isShrunk)
    #expect(shrunk.lines.map(\.text) == [Fixture.words(4), Fixture.words(4)])
    #expect(shrunk.textSize == Size(width: 96.25, height: 27.5))

    label.text = "aa"
    label.layoutIfNeeded()
    #expect(label.layout?.fit?.pointSize == 16)
    #expect(label.layout?.fit?.isShrunk == false)
    label.text = Fixture.words(8)
    label.layoutIfNeeded()
    #expect(label.layout?.fit == shrunk)
  }

  @Test(
    "Fitted text is no wider and no taller than its box, at the largest size that fits",
    arguments: [
      TestScreens.iPhone4s, TestScreens.iPhone5, TestScreens.iPhone6, TestScreens.iPhone6Plus,
    ])
  func fitsInsideBox(screen: Screen) throws {
    var generator = SplitMix64(seed: 6)
    let shaper = ArithmeticShaper()
    var shrunk = 0
    var overflowing = 0
    for _ in 0..<60 {
      let text = randomText(using: &generator)
      let label = Label(
        frame: Fixture.frame(
          Double.random(in: 40...300, using: &generator),
          Double.random(in: 15...200, using: &generator)),
        font: Font(family: "Test Sans", pointSize: Double.random(in: 12...30, using: &generator)),
        text: text)
      label.numberOfLines = Int.random(in: 0...3, using: &generator)
      label.lineBreakMode = LineBreakMode.allCases.randomElement(using: &generator) ?? .wordWrap
      label.environment = Fixture.environment(on: screen)
      label.layoutIfNeeded()
      let fit = try #require(label.layout?.fit)
      let box = label.screenFrame.size
      let adapted = label.adaptedFont.pointSize
      #expect(fit.pointSize <= adapted)
      #expect(fit.pointSize >= 10)
      guard fit.fits else {
        overflowing += 1
        if case .tooManyLineBreaks = fit.failure {
          // No size can help: reported at once, at the largest size.
          #expect(fit.pointSize == adapted, "\(text.debugDescription) in \(box)")
        } else {
          #expect(fit.pointSize == 10, "\(text.debugDescription) in \(box)")
        }
        continue
      }
      #expect(fit.textSize.width <= box.width + 1e-6, "\(text.debugDescription) in \(box)")
      #expect(fit.textSize.height <= box.height + 1e-6, "\(text.debugDescription) in \(box)")
      if label.numberOfLines > 0 { #expect(fit.lines.count <= label.numberOfLines) }
      guard fit.pointSize < adapted else { continue }
      // The next size up on the grid does not fit.
      shrunk += 1
      let options = try LayoutOptions(
        box: box, maximumLines: label.numberOfLines, lineBreakMode: label.lineBreakMode)
      let layouter = TextLayouter(shaped: shaper.shape(text), truncationToken: shaper.shape("…"))
      let larger = min(fit.pointSize + 0.5, adapted)
      #expect(!layouter.fits(pointSize: larger, options: options), "\(text.debugDescription)")
    }
    // The cases must shrink and overflow, not only fit at once.
    #expect(shrunk > 5)
    #expect(overflowing > 5)
  }

  @Test("The fit keeps the font's family, weight and slant; only the size changes")
  func keepsFamily() throws {
    let font = Font(family: "Test Serif", weight: .bold, slant: .italic, pointSize: 16)
    let label = Fixture.label(width: 100, height: 40, text: Fixture.words(8), font: font)
    #expect(label.displayedFont == nil)
    label.layoutIfNeeded()
    #expect(label.displayedFont == font.withPointSize(11))
    let resolved = try #require(label.layout?.resolvedFont)
    #expect(resolved.family == "Test Serif")
    #expect(resolved.weight == .bold)
    #expect(resolved.slant == .italic)
  }

  @Test("Text that fits at no size is truncated at the minimum size, and the loss is reported")
  func truncatesAtMinimum() throws {
    // At 10pt a line holds four words and the box three lines; twenty words need five.
    let label = Fixture.label(width: 100, height: 40, text: Fixture.words(20))
    label.layoutIfNeeded()
    let fit = try #require(label.layout?.fit)
    #expect(fit.pointSize == 10)
    #expect(!fit.fits)
    #expect(fit.failure == .tooTall(needed: 62.5, available: 40))
    #expect(fit.lines.count == 3)
    // The last line keeps what fits in 95pt beside the 5pt token: four words, a space and "a".
    #expect(fit.lines.last?.text == Fixture.words(4) + " a…")
    #expect(fit.block.hiddenCharacterCount == 8 * 4 - 1)
    #expect(label.layout?.shownText == Fixture.words(20))
    #expect(label.layout?.rejection == nil)
  }

  @Test("sizeThatFits respects the line limit", arguments: [0, 1, 2, 3])
  func sizeThatFitsLineLimit(lines: Int) throws {
    // At 16pt two words (68pt) share a line of 100pt; twenty words make ten 20pt lines.
    let label = Fixture.label(width: 100, height: 20, text: Fixture.words(20)) {
      $0.numberOfLines = lines
      $0.lineBreakMode = .wordWrap
    }
    let size = try label.sizeThatFits(width: 100)
    #expect(size == Size(width: 68, height: 20 * Double(lines > 0 ? lines : 10)))
    // Measuring is not laying out.
    #expect(label.layout == nil)
    #expect(label.needsLayout)
  }

  @Test("sizeThatFits measures at the adapted size, without shrinking or the frame's height")
  func sizeThatFitsAdapted() throws {
    // On the iPhone 6 the 16pt design becomes 18pt: words are 36pt, two to a 100pt line.
    let label = Fixture.label(
      width: 100, height: 10, text: Fixture.words(4),
      environment: Fixture.environment(on: TestScreens.iPhone6))
    #expect(try label.sizeThatFits(width: 100) == Size(width: 76.5, height: 45))
    #expect(try label.sizeThatFits(width: 1000) == Size(width: 157.5, height: 22.5))
  }

  @Test("A single-line widget's sizeThatFits is its one line, however narrow the width")
  func sizeThatFitsSingleLine() throws {
    let button = Button(frame: Fixture.frame(50, 44), font: Fixture.font, title: Fixture.words(4))
    button.environment = Fixture.environment(on: TestScreens.iPhone6)
    // The line, and the button's default insets (12 at the sides, 6 above and below).
    #expect(try button.sizeThatFits(width: 50) == Size(width: 157.5 + 24, height: 22.5 + 12))
  }

  @Test("sizeThatFits throws noEnvironment without an environment")
  func sizeThatFitsWithoutEnvironment() {
    let label = Fixture.label(width: 100, height: 40, text: "hello", environment: nil)
    #expect(throws: WidgetLayoutError.noEnvironment) { try label.sizeThatFits(width: 100) }
  }

  @Test("Buttons and text fields shrink their single line to the width")
  func singleLineShrinks() throws {
    // Four words are 8.75em: 96.25pt at 11pt, 100.625pt at 11.5pt. Each frame is 100pt wide
    // inside its default insets.
    let button = Button(frame: Fixture.frame(124, 44), font: Fixture.font, title: Fixture.words(4))
    let field = TextField(frame: Fixture.frame(116, 44), font: Fixture.font, text: Fixture.words(4))
    for widget in [button, field] as [TextWidget] {
      widget.environment = Fixture.environment()
      widget.layoutIfNeeded()
      let fit = try #require(widget.layout?.fit)
      #expect(fit.lines.map(\.text) == [Fixture.words(4)], "\(widget.kind)")
      #expect(fit.pointSize == 11, "\(widget.kind)")
      #expect(fit.fits, "\(widget.kind)")
      widget.text = "x"
      widget.layoutIfNeeded()
      #expect(widget.layout?.fit?.pointSize == 16, "\(widget.kind)")
    }
  }

  @Test("A button allowed more lines wraps its title instead of shrinking it")
  func multiLineButton() throws {
    // 100×44 inside the default insets.
    let button = Button(frame: Fixture.frame(124, 56), font: Fixture.font, title: Fixture.words(4))
    button.numberOfLines = 2
    button.environment = Fixture.environment()
    button.layoutIfNeeded()
    let fit = try #require(button.layout?.fit)
    #expect(fit.pointSize == 16)
    #expect(fit.lines.map(\.text) == [Fixture.words(2), Fixture.words(2)])
  }

  @Test("A text field shows its placeholder while its text is empty")
  func placeholder() throws {
    let field = TextField(frame: Fixture.frame(200, 30), font: Fixture.font, placeholder: "Search")
    #expect(field.displayedText(for: "") == "Search")
    #expect(field.displayedText(for: "cats") == "cats")
    field.environment = Fixture.environment()
    field.layoutIfNeeded()
    #expect(field.layout?.shownText == "")
    #expect(field.layout?.fit?.lines.map(\.text) == ["Search"])
    field.text = "cats"
    field.layoutIfNeeded()
    #expect(field.layout?.fit?.lines.map(\.text) == ["cats"])
  }

  @Test(
    "A text field shows line separators as spaces; a label breaks lines at them",
    arguments: ["\n", "\r\n", "\r", "\u{2028}", "\u{2029}", "\u{85}"])
  func lineSeparators(separator: String) throws {
    let text = "hello\(separator)world"
    let field = TextField(frame: Fixture.frame(200, 30), font: Fixture.font, text: text)
    let label = Label(frame: Fixture.frame(200, 60), font: Fixture.font, text: text)
    for widget in [field, label] as [TextWidget] {
      widget.environment = Fixture.environment()
      widget.layoutIfNeeded()
    }
    #expect(field.text == text)
    #expect(field.layout?.fit?.lines.map(\.text) == ["hello world"])
    #expect(field.layout?.fit?.pointSize == 16)
    #expect(label.layout?.fit?.lines.map(\.text) == ["hello", "world"])
  }

  @Test("A text view adapts but does not shrink, and reports its content height")
  func textView() throws {
    // 14pt on the iPhone 5 design is 16pt on the iPhone 6: two words a line, ten lines.
    let view = TextView(frame: Fixture.frame(100, 40), font: Fixture.font.withPointSize(14))
    view.text = Fixture.words(20)
    view.environment = Fixture.environment(on: TestScreens.iPhone6, scalesFrames: false)
    #expect(view.contentHeight == nil)
    view.layoutIfNeeded()
    let fit = try #require(view.layout?.fit)
    #expect(fit.pointSize == 16)
    #expect(!fit.fits)
    #expect(view.contentHeight == 200)
    #expect(fit.lines.count == 10)
    #expect(fit.lines.map(\.text).joined(separator: " ") == Fixture.words(20))
  }

  @Test(
    "A line height multiple that is not a positive number is a layout error, not repaired",
    arguments: [0, -1, -Double.infinity, .infinity])
  func invalidLineHeightMultiple(multiple: Double) throws {
    let label = Fixture.label(width: 100, height: 40, text: Fixture.words(8)) {
      $0.lineHeightMultiple = multiple
    }
    label.layoutIfNeeded()
    #expect(label.layout?.error == .layoutOptions(.invalidLineHeightMultiple(multiple)))
    #expect(label.layout?.fit == nil)
  }

  @Test("A line height multiple scales every line")
  func lineHeightMultiple() throws {
    let label = Fixture.label(width: 100, height: 200, text: Fixture.words(4)) {
      $0.lineHeightMultiple = 2
      $0.autoFit = nil
    }
    label.layoutIfNeeded()
    let fit = try #require(label.layout?.fit)
    #expect(fit.lines.map(\.height) == [40, 40])
    #expect(fit.textSize.height == 80)
  }

  @Test("A negative line limit is a layout error, not repaired")
  func negativeLineLimit() throws {
    let negative = Fixture.label(width: 100, height: 40, text: Fixture.words(8)) {
      $0.numberOfLines = -3
    }
    negative.layoutIfNeeded()
    #expect(negative.layout?.error == .layoutOptions(.negativeLineLimit(-3)))
    negative.numberOfLines = 0
    negative.layoutIfNeeded()
    #expect(negative.layout?.fit?.lines.count == 2)
  }
}
