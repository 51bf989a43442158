import FontKit
import TestSupport
import Testing
import TextLayout

@testable import Widgets

/// The bundled catalog and the real font system, shared by the widget suites.
enum Fixture {
  static func catalog() throws -> ScreenCatalog { try ScreenCatalog.bundled() }

  static func screen(_ name: String) throws -> Screen {
    try #require(try catalog()[name], "no screen \(name)")
  }

  static func environment(
    on screen: String, design: String = "iPhone 5",
    adaptation: AdaptationPolicy = .seedIncrements
  ) throws -> WidgetEnvironment {
    WidgetEnvironment(
      screen: try Self.screen(screen), designScreen: try Self.screen(design),
      adaptation: adaptation, fonts: try FontSystem.shared())
  }

  /// A label with a frame at the origin, configured by `configure`, then shown on `screen`.
  static func label(
    width: Double, height: Double, font: String, text: String = "", on screen: String,
    configure: (Label) -> Void = { _ in }
  ) throws -> Label {
    let label = Label(
      frame: Rect(x: 0, y: 0, width: width, height: height), font: try Font(font), text: text)
    configure(label)
    label.environment = try environment(on: screen)
    return label
  }

  static let paragraph =
    "When text is set on a label with fixed bounds, the font shrinks step by step until "
    + "the wrapped text fits; a shorter text grows back to the design size."
}

@Suite("Screen catalog")
struct ScreenCatalogTests {
  @Test(
    "The bundled catalog has the seeds' screens and Linux panels",
    arguments: [
      ("iPhone 4s", 320.0, 480.0, 2.0), ("iPhone 5", 320, 568, 2), ("iPhone 6", 375, 667, 2),
      ("iPhone 6 Plus", 414, 736, 3), ("iPhone X", 375, 812, 3), ("iPhone 14", 390, 844, 3),
      ("iPhone 14 Pro Max", 430, 932, 3), ("iPad", 768, 1024, 2), ("Panel 800x480", 800, 480, 1),
      ("HD 1280x720", 1280, 720, 1), ("Full HD 1920x1080", 1920, 1080, 1),
    ])
  func bundled(name: String, width: Double, height: Double, scale: Double) throws {
    let screen = try Fixture.screen(name)
    #expect(screen == Screen(name: name, width: width, height: height, scale: scale))
  }

  @Test("Names match without regard to case or surrounding spaces")
  func caseInsensitive() throws {
    let catalog = try Fixture.catalog()
    #expect(catalog["  IPHONE 6 plus "]?.width == 414)
    #expect(catalog["iPhone 7"] == nil)
  }
}

@Suite("Font adaptation")
struct AdaptationTests {
  @Test(
    "Increments give 17/17/19/20pt for a 17pt iPhone 5 design",
    arguments: [
      ("iPhone 4s", 17.0), ("iPhone 5", 17), ("iPhone 6", 19), ("iPhone 6 Plus", 20),
      ("iPhone X", 19), ("iPhone 14", 19), ("iPad", 20), ("Full HD 1920x1080", 20),
    ])
  func increments(screen: String, expected: Double) throws {
    let label = Label(font: try Font("DejaVu Sans 17"), text: "Hi")
    label.environment = try Fixture.environment(on: screen)
    #expect(label.adaptedFont.pointSize == expected)
    #expect(label.font.pointSize == 17)
  }

  @Test("Increments are relative to the design screen's own increment")
  func relativeToDesign() throws {
    let policy = AdaptationPolicy.seedIncrements
    let six = try Fixture.screen("iPhone 6")
    let five = try Fixture.screen("iPhone 5")
    let plus = try Fixture.screen("iPhone 6 Plus")
    #expect(policy.adaptedPointSize(19, on: five, designScreen: six) == 17)
    #expect(policy.adaptedPointSize(19, on: plus, designScreen: six) == 20)
  }

  @Test("Ranges, not exact heights, pick the increment: any width in a range counts")
  func ranges() {
    let design = Screen(name: "design", width: 320, height: 568, scale: 2)
    for width in stride(from: 300.0, through: 1000, by: 7) {
      let screen = Screen(name: "w", width: width, height: 700, scale: 2)
      let size = AdaptationPolicy.seedIncrements.adaptedPointSize(
        15, on: screen, designScreen: design)
      #expect(size == (width < 375 ? 15 : width < 414 ? 17 : 18))
    }
  }

  @Test("Proportional adaptation scales by the width ratio to a power, then clamps")
  func proportional() throws {
    let five = try Fixture.screen("iPhone 5")
    let plus = try Fixture.screen("iPhone 6 Plus")
    let linear = AdaptationPolicy.proportional(
      exponent: 1, minimumPointSize: nil, maximumPointSize: nil)
    #expect(abs(linear.adaptedPointSize(16, on: plus, designScreen: five) - 16 * 414 / 320) < 1e-9)
    let damped = AdaptationPolicy.proportional(
      exponent: 0.5, minimumPointSize: nil, maximumPointSize: nil)
    let expected = 16 * (414.0 / 320).squareRoot()
    #expect(abs(damped.adaptedPointSize(16, on: plus, designScreen: five) - expected) < 1e-9)
    let clamped = AdaptationPolicy.proportional(
      exponent: 1, minimumPointSize: 12, maximumPointSize: 18)
    #expect(clamped.adaptedPointSize(16, on: plus, designScreen: five) == 18)
    #expect(clamped.adaptedPointSize(10, on: five, designScreen: plus) == 12)
  }

  @Test("Policies compose in sequence")
  func sequence() throws {
    let five = try Fixture.screen("iPhone 5")
    let six = try Fixture.screen("iPhone 6")
    let policy = AdaptationPolicy.sequence([
      .seedIncrements, .proportional(exponent: 0, minimumPointSize: nil, maximumPointSize: 18),
    ])
    #expect(policy.adaptedPointSize(17, on: six, designScreen: five) == 18)
  }

  @Test("font = font never adapts twice", arguments: ["iPhone 4s", "iPhone 6", "iPhone 6 Plus"])
  func idempotentSetter(screen: String) throws {
    let label = Label(font: try Font("DejaVu Sans 17"), text: "Idempotent")
    label.environment = try Fixture.environment(on: screen)
    let adapted = label.adaptedFont
    for _ in 0..<5 { label.font = label.font }
    #expect(label.adaptedFont == adapted)
    #expect(label.font.pointSize == 17)
  }

  @Test("Moving a tree to another screen re-adapts from the design font")
  func moveTree() throws {
    let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 320, height: 568))
    let label = Label(id: "l", font: try Font("DejaVu Sans 17"), text: "Hello")
    root.addChild(label)
    for screen in ["iPhone 6 Plus", "iPhone 6", "iPhone 6 Plus", "iPhone 4s"] {
      root.environment = try Fixture.environment(on: screen)
    }
    #expect(label.adaptedFont.pointSize == 17)
    root.environment = try Fixture.environment(on: "iPhone 6")
    #expect(label.adaptedFont.pointSize == 19)
  }

  @Test("Widgets are found by id anywhere in a tree, and a moved child leaves its old parent")
  func findByID() throws {
    let root = View(id: "root")
    let group = View(id: "group")
    let label = Label(id: "title", font: try Font("DejaVu Sans 17"))
    root.addChild(group)
    group.addChild(label)
    #expect(root.child(withID: "title") === label)
    #expect(root.child(withID: "group") === group)
    #expect(root.child(withID: "nope") == nil)
    root.addChild(label)
    #expect(group.children.isEmpty)
    #expect(label.parent === root)
  }

  @Test("Frames scale by the width and height ratios to the design screen")
  func frames() throws {
    let label = Label(frame: Rect(x: 20, y: 40, width: 280, height: 60), font: try Font("Sans 17"))
    label.environment = try Fixture.environment(on: "iPhone 6 Plus")
    let frame = label.screenFrame
    #expect(abs(frame.x - 20 * 414 / 320) < 1e-9)
    #expect(abs(frame.width - 280 * 414 / 320) < 1e-9)
    #expect(abs(frame.y - 40 * 736 / 568) < 1e-9)
    #expect(abs(frame.height - 60 * 736 / 568) < 1e-9)
  }
}

@Suite("Text widgets on real fonts")
struct TextWidgetTests {
  @Test("A label shrinks a long text so it fits, and a shorter text grows back")
  func growsBack() throws {
    let label = try Fixture.label(width: 200, height: 60, font: "DejaVu Sans 17", on: "iPhone 5")
    label.text = Fixture.paragraph
    let shrunk = try #require(label.fitResult)
    #expect(shrunk.fits)
    #expect(shrunk.pointSize < 17)
    #expect(shrunk.pointSize >= 10)
    label.text = "Short"
    #expect(label.fitResult?.pointSize == 17)
    label.text = Fixture.paragraph
    #expect(label.fitResult?.pointSize == shrunk.pointSize)
  }

  @Test(
    "Fitted labels are no taller and no wider than their box on every screen",
    arguments: ["iPhone 4s", "iPhone 5", "iPhone 6", "iPhone 6 Plus", "iPad", "Panel 800x480"])
  func fitsInsideBox(screen: String) throws {
    var generator = SplitMix64(seed: 42)
    let words = Fixture.paragraph.split(separator: " ")
    for _ in 0..<40 {
      let count = Int.random(in: 1...words.count, using: &generator)
      let label = Label(
        frame: Rect(
          x: 0, y: 0, width: Double.random(in: 60...300, using: &generator),
          height: Double.random(in: 20...200, using: &generator)),
        font: try Font(
          ["DejaVu Sans 17", "DejaVu Serif Bold 21", "DejaVu Sans Mono 13"]
            .randomElement(using: &generator) ?? "DejaVu Sans 17"),
        text: words.prefix(count).joined(separator: " "))
      label.environment = try Fixture.environment(on: screen)
      let result = try #require(label.fitResult)
      let box = label.screenFrame
      if result.fits {
        #expect(result.textSize.width <= box.width + 1e-6)
        #expect(result.textSize.height <= box.height + 1e-6)
      } else {
        #expect(result.pointSize == 10)
        #expect(result.textSize.height <= box.height + 1e-6 || result.lines.count == 1)
      }
      #expect(result.pointSize <= label.adaptedFont.pointSize)
    }
  }

  @Test("The fit keeps the font family and style; only the size changes")
  func keepsFamily() throws {
    let label = try Fixture.label(
      width: 120, height: 40, font: "DejaVu Serif Bold 20", text: Fixture.paragraph, on: "iPhone 5")
    #expect(label.displayedFont.family == "DejaVu Serif")
    #expect(label.displayedFont.weight == .bold)
    #expect(label.displayedFont.pointSize == label.fitResult?.pointSize)
  }

  @Test("Text that never fits is truncated at the minimum size and reported")
  func truncatesAtMinimum() throws {
    let label = try Fixture.label(
      width: 100, height: 30, font: "DejaVu Sans 17", text: Fixture.paragraph, on: "iPhone 5")
    let result = try #require(label.fitResult)
    #expect(result.pointSize == 10)
    #expect(!result.fits)
    #expect(result.failure != nil)
    #expect(result.lines.last?.text.hasSuffix("…") == true)
    #expect(result.block.hiddenCharacterCount > 0)
  }

  @Test("Reject overflow keeps the previous text and reports the refused one")
  func reject() throws {
    let label = try Fixture.label(width: 100, height: 30, font: "DejaVu Sans 17", on: "iPhone 5") {
      $0.overflow = .reject
    }
    label.text = "Fits"
    #expect(label.fitResult?.fits == true)
    label.text = Fixture.paragraph
    #expect(label.text == "Fits")
    #expect(label.rejection?.text == Fixture.paragraph)
    #expect(label.rejection?.result.fits == false)
    #expect(label.fitResult?.lines.map(\.text) == ["Fits"])
  }

  @Test("An accepted text clears the report of an earlier refusal")
  func rejectionClears() throws {
    let label = try Fixture.label(width: 100, height: 30, font: "DejaVu Sans 17", on: "iPhone 5") {
      $0.overflow = .reject
    }
    label.text = Fixture.paragraph
    #expect(label.rejection != nil)
    label.text = "Fine"
    #expect(label.text == "Fine")
    #expect(label.rejection == nil)
  }

  @Test("A rejecting text field can always be cleared, even with a long placeholder")
  func clearRejectingField() throws {
    let field = TextField(
      frame: Rect(x: 0, y: 0, width: 80, height: 30), font: try Font("DejaVu Sans 17"),
      placeholder: "Search titles and authors by keyword")
    field.overflow = .reject
    field.environment = try Fixture.environment(on: "iPhone 5")
    field.text = "abc"
    field.text = Fixture.paragraph
    #expect(field.text == "abc")
    #expect(field.rejection?.text == Fixture.paragraph)
    field.text = ""
    #expect(field.text == "")
    #expect(field.rejection == nil)
  }

  @Test("Re-setting the shown text after a refusal clears the stale report")
  func staleRejection() throws {
    let label = try Fixture.label(width: 100, height: 30, font: "DejaVu Sans 17", on: "iPhone 5") {
      $0.overflow = .reject
    }
    label.text = "ok"
    label.text = Fixture.paragraph
    #expect(label.rejection != nil)
    label.text = "ok"
    #expect(label.rejection == nil)
    #expect(label.text == "ok")
  }

  @Test("Sizes no layout can use are layout errors, not silent fits")
  func invalidSizes() throws {
    let label = Label(
      frame: Rect(x: 0, y: 0, width: 100, height: 20),
      font: Font(family: "DejaVu Sans", pointSize: .nan), text: "hello")
    label.autoFit = nil
    label.environment = try Fixture.environment(on: "iPhone 5")
    #expect(label.fitResult == nil)
    #expect(label.layoutError != nil)
    let huge = Label(
      frame: Rect(x: 0, y: 0, width: 100, height: 20), font: try Font("DejaVu Sans 17"),
      text: "hello")
    huge.environment = try Fixture.environment(
      on: "iPhone 6",
      adaptation: .proportional(exponent: 100, minimumPointSize: nil, maximumPointSize: nil))
    #expect(huge.fitResult == nil)
    #expect("\(huge.layoutError.map { "\($0)" } ?? "")".contains("outside"))
  }

  @Test("A line height multiple that is not a positive number means the natural height")
  func badLineHeightMultiple() throws {
    for multiple in [Double.nan, 0, -1, .infinity] {
      let label = try Fixture.label(
        width: 100, height: 20, font: "DejaVu Sans 17", text: Fixture.paragraph, on: "iPhone 5"
      ) {
        $0.lineHeightMultiple = multiple
      }
      let result = try #require(label.fitResult)
      #expect(!result.fits, "\(multiple)")
      #expect(result.block.hiddenCharacterCount > 0, "\(multiple)")
      #expect(result.textSize.height > 0)
    }
  }

  @Test("A text field shows line separators as spaces on its one line")
  func fieldNewlines() throws {
    let field = TextField(
      frame: Rect(x: 0, y: 0, width: 200, height: 30), font: try Font("DejaVu Sans 17"),
      text: "hello\nworld")
    field.environment = try Fixture.environment(on: "iPhone 5")
    let result = try #require(field.fitResult)
    #expect(result.lines.map(\.text) == ["hello world"])
    #expect(result.fits)
    #expect(result.pointSize == 17)
  }

  @Test("sizeThatFits respects the line limit")
  func sizeThatFitsLineLimit() throws {
    let label = Label(font: try Font("DejaVu Sans 17"), text: Fixture.paragraph)
    label.environment = try Fixture.environment(on: "iPhone 5")
    let lineHeight = try FontSystem.shared().lineMetrics(of: Font("DejaVu Sans 17")).height
    for lines in 1...3 {
      label.numberOfLines = lines
      let size = try #require(label.sizeThatFits(width: 100))
      #expect(abs(size.height - Double(lines) * lineHeight) < 1e-9)
      #expect(size.width <= 100)
    }
  }

  @Test("Buttons and text fields shrink their single line to the width")
  func singleLine() throws {
    let environment = try Fixture.environment(on: "iPhone 5")
    let button = Button(
      frame: Rect(x: 0, y: 0, width: 120, height: 44), font: try Font("DejaVu Sans Bold 17"),
      title: "Download the report")
    let field = TextField(
      frame: Rect(x: 0, y: 0, width: 120, height: 44), font: try Font("DejaVu Sans 17"),
      placeholder: "Search by title")
    for widget in [button, field] as [TextWidget] {
      widget.environment = environment
      let result = try #require(widget.fitResult)
      #expect(result.lines.count == 1)
      #expect(result.fits)
      #expect(result.pointSize < 17)
      #expect(result.textSize.width <= 120 + 1e-6)
    }
    #expect(field.fitResult?.lines.first?.text == "Search by title")
    field.text = "x"
    #expect(field.fitResult?.lines.first?.text == "x")
    #expect(field.fitResult?.pointSize == 17)
  }

  @Test("A text view adapts but does not shrink, and reports its content height")
  func textView() throws {
    let view = TextView(
      frame: Rect(x: 0, y: 0, width: 150, height: 40), font: try Font("DejaVu Sans 14"),
      text: Fixture.paragraph)
    view.environment = try Fixture.environment(on: "iPhone 6")
    let result = try #require(view.fitResult)
    #expect(result.pointSize == 16)
    #expect(view.contentHeight > 40)
    #expect(!result.fits)
    #expect(result.lines.map(\.text).joined(separator: " ") == Fixture.paragraph)
  }

  @Test("sizeThatFits gives the wrapped size at the adapted font size")
  func sizeThatFits() throws {
    let label = Label(font: try Font("DejaVu Sans 17"), text: Fixture.paragraph)
    label.environment = try Fixture.environment(on: "iPhone 5")
    let narrow = try #require(label.sizeThatFits(width: 150))
    let wide = try #require(label.sizeThatFits(width: 600))
    #expect(narrow.width <= 150)
    #expect(narrow.height > wide.height)
    let fonts = try FontSystem.shared()
    let lineHeight = try fonts.lineMetrics(of: Font("DejaVu Sans 17")).height
    #expect(abs(narrow.height / lineHeight - (narrow.height / lineHeight).rounded()) < 1e-9)
  }
}

@Suite("Bisection on real fonts")
struct RealFontBisectionTests {
  @Test("Bisection equals exhaustive descent on 240 random DejaVu cases")
  func bisection() throws {
    let fonts = try FontSystem.shared()
    let names = ["DejaVu Sans 17", "DejaVu Serif 15", "DejaVu Sans Mono Bold 13", "DejaVu Sans 30"]
    var generator = SplitMix64(seed: 2026)
    var shrunk = 0
    for _ in 0..<240 {
      let font = try Font(names.randomElement(using: &generator) ?? "DejaVu Sans 17")
      let text = randomText(using: &generator)
      let fitter = Fitter(
        shaped: try fonts.shape(text, font: font),
        truncationToken: try fonts.shape("…", font: font))
      let sizes = try FontSizeRange(
        minimum: Double.random(in: 4...10, using: &generator), maximum: font.pointSize,
        step: [0.25, 0.5, 1, 0.3].randomElement(using: &generator) ?? 0.5)
      let options = randomOptions(
        widths: 40...400, heights: 15...300, anyMode: true,
        using: &generator)
      let bisected = fitter.fit(sizes: sizes, options: options, search: .bisection)
      let descended = fitter.fit(sizes: sizes, options: options, search: .exhaustiveDescent)
      #expect(bisected.pointSize == descended.pointSize, "\(text.debugDescription) in \(font)")
      #expect(bisected.block == descended.block)
      if bisected.isShrunk { shrunk += 1 }
    }
    // The cases must exercise shrinking, not only texts that fit at once.
    #expect(shrunk > 60)
  }
}

@Suite("README")
struct ReadmeExampleTests {
  @Test("The embedding example in README.md works as written")
  func embedding() throws {
    let catalog = try ScreenCatalog.bundled()
    let phone = try #require(catalog["iPhone 6"])
    let design = try #require(catalog["iPhone 5"])
    let label = Label(
      frame: Rect(x: 20, y: 40, width: 280, height: 60), font: try Font("DejaVu Sans 17"))
    label.environment = WidgetEnvironment(
      screen: phone, designScreen: design, adaptation: .seedIncrements,
      fonts: try FontSystem.shared())
    label.text = "When text is set on a label with fixed bounds, the font shrinks until it fits."
    let result = try #require(label.fitResult)
    #expect(label.adaptedFont.pointSize == 19)
    #expect(result.fits)
    #expect(result.pointSize <= 19)
    #expect(!result.lines.isEmpty)
  }
}

@Suite("Text fidelity in widgets (issue 3)")
struct TextFidelityWidgetTests {
  static let emoji = "👩‍👩‍👧 family, 🇩🇪🇫🇷🇯🇵 flags, 👍🏽👍🏿 thumbs, café e\u{301}, 👩‍👩‍👧🇯🇵👍🏽 end"

  @Test(
    "An emoji-heavy label truncates in each mode without splitting a grapheme",
    arguments: LineBreakMode.allCases)
  func emojiLabel(mode: LineBreakMode) throws {
    let label = try Fixture.label(
      width: 120, height: 20, font: "DejaVu Sans 15", text: Self.emoji, on: "iPhone 5"
    ) {
      $0.numberOfLines = 1
      $0.lineBreakMode = mode
    }
    let result = try #require(label.fitResult)
    #expect(!result.fits)
    #expect(result.pointSize == 10)
    let source = Set(Self.emoji)
    let line = try #require(result.lines.first)
    for character in line.text where character != "…" {
      #expect(source.contains(character), "\(mode) split a cluster in \(line.text)")
    }
    if [.truncateHead, .truncateMiddle, .truncateTail].contains(mode) {
      #expect(line.text.contains("…"))
    }
    if mode != .wordWrap, mode != .charWrap {
      #expect(line.width <= label.screenFrame.width + 1e-9)
    }
    #expect(result.block.hiddenCharacterCount > 0)
  }

  @Test("A mixed Chinese and English label names both fonts it was measured with")
  func mixedLabel() throws {
    let label = try Fixture.label(
      width: 280, height: 60, font: "DejaVu Sans 17", text: "FontFit 让文字适应每一块屏幕", on: "iPhone 6")
    let result = try #require(label.fitResult)
    try #require(
      result.missingCharacters.isEmpty, "install a CJK font: apt-get install fonts-wqy-microhei")
    #expect(result.fonts.count == 2)
    #expect(result.fonts.first == "DejaVu Sans Book")
    #expect(result.fits)
  }

  @Test("A character no font covers is reported by the label, never dropped")
  func missingInLabel() throws {
    let label = try Fixture.label(
      width: 280, height: 60, font: "DejaVu Sans 17", text: "Private \u{10FFFD} use", on: "iPhone 5"
    )
    let result = try #require(label.fitResult)
    #expect(result.missingCharacters == ["\u{10FFFD}"])
    #expect(result.lines.map(\.text).joined(separator: " ") == "Private \u{10FFFD} use")
  }
}
