import FontFitFontModel
import FontFitFonts
import FontFitText
import FontFitWidgets
import TestSupport
import Testing

/// Texts of every kind the corpus has: Latin words, long words, CJK, mixed.
private let texts = [
  "Download", "Notifications", "Settings and privacy", "Uploading files",
  "A rather long sentence that has to wrap over several lines in a small label.",
  "supercalifragilisticexpialidocious", "在指定大小的文本框中显示文本", "FontFit 字体自适应 ✓",
  "Wi-Fi", "OK",
]

/// The modes a test may pick, with a maximum for those that grow.
private let modes: [AutoFit.Mode] = [
  .shrink, .shrinkAndGrow, .presets([30, 24, 18, 13, 9]), .exact,
]

/// A label laid out with `fit` in `environment`.
private func label(
  _ text: String, width: Double, height: Double, lines: Int = 0, fit: AutoFit,
  font: String = "DejaVu Sans 17", in environment: WidgetEnvironment
) throws -> Label {
  let label = Label(frame: Fixture.frame(width, height), font: try Font(font), text: text)
  label.numberOfLines = lines
  label.autoFit = fit
  label.environment = environment
  label.layoutIfNeeded()
  return label
}

@Suite("Fit modes on real fonts")
struct FitModeWidgetTests {
  static func environment(on screen: Screen = TestScreens.iPhone5) throws -> WidgetEnvironment {
    Fixture.environment(on: screen, shaper: try FontSystem.shared())
  }

  @Test("Every mode: within its bounds, inside its box, idempotent, monotone in the box")
  func modeProperties() throws {
    var generator = SplitMix64(seed: 1_000)
    let environment = try Self.environment()
    var grown = 0
    for index in 0..<240 {
      let mode = modes[index % modes.count]
      let fit = AutoFit(
        mode: mode, minimumPointSize: 9, maximumPointSize: mode == .shrink ? nil : 30,
        step: 0.5, keepsWordsWhole: Bool.random(using: &generator))
      let text = texts.randomElement(using: &generator) ?? "a"
      let width = Double.random(in: 40...300, using: &generator)
      let height = Double.random(in: 16...160, using: &generator)
      let lines = Int.random(in: 0...3, using: &generator)
      let widget = try label(
        text, width: width, height: height, lines: lines, fit: fit, in: environment)
      let result = try #require(widget.layout?.fit)
      let context = "\(mode.name) \(text.debugDescription) in \(width)×\(height), \(lines) lines"
      #expect(result.pointSize >= 9 - 1e-9, "\(context)")
      #expect(result.pointSize <= (mode == .shrink ? 17 : 30) + 1e-9, "\(context)")
      if case .presets(let sizes) = mode { #expect(sizes.contains(result.pointSize)) }
      if mode == .shrinkAndGrow, result.pointSize > 17 { grown += 1 }
      if result.fits {
        #expect(result.textSize.width <= width + 1e-6, "\(context)")
        #expect(result.textSize.height <= height + 1e-6, "\(context)")
        if lines > 0 { #expect(result.lines.count <= lines, "\(context)") }
      }
      // Fitting again, or setting the same font, changes nothing.
      let before = widget.layout
      widget.font = widget.font
      widget.setNeedsLayout()
      widget.layoutIfNeeded()
      #expect(widget.layout == before, "\(context)")
      // DejaVu has one set of line metrics, so a larger box never gives a smaller size.
      guard !text.contains(where: { $0.unicodeScalars.first!.value >= 0x2E80 }) else { continue }
      let larger = try label(
        text, width: width * 1.3, height: height * 1.2, lines: lines, fit: fit, in: environment)
      let largerSize = try #require(larger.layout?.fit?.pointSize)
      #expect(largerSize >= result.pointSize - 1e-9, "\(context): \(largerSize) in a larger box")
    }
    #expect(grown > 10)
  }

  @Test("shrinkAndGrow: a short text grows to fill its box, up to the maximum")
  func growToFill() throws {
    let environment = try Self.environment()
    let fit = AutoFit(mode: .shrinkAndGrow, minimumPointSize: 10, maximumPointSize: 60)
    let short = try label("42%", width: 130, height: 44, lines: 1, fit: fit, in: environment)
    let size = try #require(short.layout?.fit?.pointSize)
    #expect(size > 30)
    #expect(size <= 60)
    // The next step up no longer fits.
    let tight = try label(
      "42%", width: 130, height: 44, lines: 1,
      fit: AutoFit(
        mode: .shrinkAndGrow, minimumPointSize: size + 0.5, maximumPointSize: size + 0.5),
      in: environment)
    #expect(tight.layout?.fit?.fits == false)
    // A huge box stops at the maximum.
    let huge = try label("42%", width: 2000, height: 2000, lines: 1, fit: fit, in: environment)
    #expect(huge.layout?.fit?.pointSize == 60)
  }

  @Test("exact: never below the grid's answer, and the text still fits")
  func exactOnRealFonts() throws {
    let environment = try Self.environment()
    var generator = SplitMix64(seed: 31)
    var larger = 0
    for _ in 0..<120 {
      let text = texts.randomElement(using: &generator) ?? "a"
      let width = Double.random(in: 40...300, using: &generator)
      let height = Double.random(in: 16...160, using: &generator)
      let grid = try label(
        text, width: width, height: height,
        fit: AutoFit(mode: .shrinkAndGrow, minimumPointSize: 6, maximumPointSize: 40),
        in: environment)
      let exact = try label(
        text, width: width, height: height,
        fit: AutoFit(mode: .exact, minimumPointSize: 6, maximumPointSize: 40), in: environment)
      let gridFit = try #require(grid.layout?.fit)
      let exactFit = try #require(exact.layout?.fit)
      #expect(exactFit.pointSize >= gridFit.pointSize, "\(text) in \(width)×\(height)")
      if gridFit.fits {
        #expect(exactFit.fits)
        #expect(exactFit.textSize.width <= width + 1e-6)
        #expect(exactFit.textSize.height <= height + 1e-6)
      }
      if exactFit.pointSize > gridFit.pointSize { larger += 1 }
    }
    #expect(larger > 40)
  }

  @Test("Whole words: a long word shrinks the text on DejaVu rather than breaking in two")
  func wholeWords() throws {
    let environment = try Self.environment()
    let broken = try label(
      "Uploading files", width: 70, height: 44,
      fit: AutoFit(keepsWordsWhole: false), in: environment)
    let whole = try label("Uploading files", width: 70, height: 44, fit: AutoFit(), in: environment)
    #expect(broken.layout?.fit?.block.breaksWords == true)
    #expect(whole.layout?.fit?.block.breaksWords == false)
    #expect(whole.layout?.fit?.lines.map(\.text) == ["Uploading", "files"])
    let wholeSize = try #require(whole.layout?.fit?.pointSize)
    #expect(wholeSize < (broken.layout?.fit?.pointSize ?? 0))
  }
}

@Suite("Fit groups")
struct FitGroupTests {
  /// Three buttons in a row, the middle one with a long title, in group `tabs`.
  static func tabs(grouped: Bool = true) -> (View, [Button]) {
    let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 320, height: 568))
    let titles = ["Home", "Notifications", "Settings"]
    var buttons: [Button] = []
    for (index, title) in titles.enumerated() {
      let button = Button(
        id: title, frame: Rect(x: 20 + Double(index) * 96, y: 300, width: 88, height: 30),
        font: Font(family: "DejaVu Sans", pointSize: 15))
      button.text = title
      if grouped { button.fitGroup = "tabs" }
      root.adopt(button)
      buttons.append(button)
    }
    return (root, buttons)
  }

  @Test(
    "Members take the smallest size any of them needs alone, on every screen",
    arguments: [
      TestScreens.iPhone4s, TestScreens.iPhone5, TestScreens.iPhone6, TestScreens.iPhone6Plus,
    ])
  func equalSizes(screen: Screen) throws {
    let system = try FontSystem.shared()
    let (alone, loners) = Self.tabs(grouped: false)
    alone.environment = Fixture.environment(on: screen, shaper: system)
    alone.layoutIfNeeded()
    let own = try loners.map { try #require($0.layout?.fit?.pointSize) }
    let (root, buttons) = Self.tabs()
    root.environment = Fixture.environment(on: screen, shaper: system)
    root.layoutIfNeeded()
    let sizes = try buttons.map { try #require($0.layout?.fit?.pointSize) }
    #expect(Set(sizes).count == 1)
    #expect(sizes[0] == own.min())
    for button in buttons { #expect(button.layout?.fit?.fits == true) }
    // Only members above the group's size were capped, and they say so.
    for (button, size) in zip(buttons, own) {
      #expect((button.layout?.group == "tabs") == (size > sizes[0]))
    }
  }

  @Test("A member's shorter text lets the whole group grow back; leaving the group frees it")
  func groupFollowsChanges() throws {
    let (root, buttons) = Self.tabs()
    root.environment = Fixture.environment(on: TestScreens.iPhone5, shaper: try FontSystem.shared())
    root.layoutIfNeeded()
    let small = try #require(buttons[0].layout?.fit?.pointSize)
    buttons[1].text = "Alerts"
    root.layoutIfNeeded()
    let grown = try #require(buttons[0].layout?.fit?.pointSize)
    #expect(grown > small)
    #expect(Set(buttons.map { $0.layout?.fit?.pointSize }).count == 1)
    buttons[1].text = "Notifications"
    root.layoutIfNeeded()
    #expect(buttons[0].layout?.fit?.pointSize == small)
    buttons[1].fitGroup = nil
    root.layoutIfNeeded()
    #expect(buttons[0].layout?.fit?.pointSize == grown)
    #expect(buttons[0].layout?.group == nil)
  }

  @Test("A member taken out of the tree no longer holds the others down")
  func memberRemoved() throws {
    let (root, buttons) = Self.tabs()
    root.environment = Fixture.environment(on: TestScreens.iPhone5, shaper: try FontSystem.shared())
    root.layoutIfNeeded()
    let capped = try #require(buttons[0].layout?.fit?.pointSize)
    buttons[1].removeFromParent()
    root.layoutIfNeeded()
    let freed = try #require(buttons[0].layout?.fit?.pointSize)
    #expect(freed > capped)
    #expect(buttons[0].layout?.fit?.pointSize == buttons[2].layout?.fit?.pointSize)
  }

  @Test("Laying out a subtree settles the group over the whole tree")
  func subtreeLayout() throws {
    let (root, buttons) = Self.tabs()
    root.environment = Fixture.environment(on: TestScreens.iPhone6, shaper: try FontSystem.shared())
    root.layoutIfNeeded()
    let size = buttons[1].layout?.fit?.pointSize
    buttons[0].text = "Home, sweet home"
    buttons[0].layoutIfNeeded()
    #expect(root.needsLayout == false)
    let sizes = Set(buttons.map { $0.layout?.fit?.pointSize })
    #expect(sizes.count == 1)
    #expect((sizes.first ?? nil) ?? 0 < size ?? 0)
  }

  @Test("Members with different modes still share one size; presets take the group's size")
  func mixedModes() throws {
    let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 320, height: 568))
    let long = Button(id: "long", frame: Fixture.frame(88, 30), font: Fixture.font)
    long.text = "aaaaaaaaaaa"
    let preset = Button(id: "preset", frame: Fixture.frame(88, 30), font: Fixture.font)
    preset.text = "aa"
    preset.autoFit = AutoFit(mode: .presets([24, 18, 13, 9]))
    let exact = Label(id: "exact", frame: Fixture.frame(88, 30), font: Fixture.font)
    exact.text = "aaaa"
    exact.autoFit = AutoFit(mode: .exact, maximumPointSize: 40)
    for widget in [long, preset, exact] as [TextWidget] {
      // The whole 88×30 frame holds the text, as the sizes below assume.
      widget.contentInsets = .zero
      widget.fitGroup = "g"
      root.adopt(widget)
    }
    root.environment = Fixture.environment(on: TestScreens.iPhone5)
    root.layoutIfNeeded()
    let sizes = [long, preset, exact].map { $0.layout?.fit?.pointSize }
    #expect(Set(sizes).count == 1, "\(sizes)")
    #expect(sizes[0] == 16)
  }

  @Test("The text scale's floor holds in a group: opting out does not pull scaled members down")
  func floorInGroup() throws {
    let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 320, height: 568))
    let small = Label(id: "small", frame: Fixture.frame(60, 20), font: Fixture.font)
    small.text = "aaaaaaaaaaaa"
    small.numberOfLines = 1
    small.scalesWithText = false
    let scaled = Label(id: "scaled", frame: Fixture.frame(300, 40), font: Fixture.font)
    scaled.text = "Hi"
    for widget in [small, scaled] {
      widget.fitGroup = "g"
      root.adopt(widget)
    }
    var environment = Fixture.environment(on: TestScreens.iPhone5)
    environment.textScale = try TextScale(factor: 1.2, minimumPointSize: 14)
    root.environment = environment
    root.layoutIfNeeded()
    #expect((small.layout?.fit?.pointSize ?? 99) < 14)
    #expect(scaled.layout?.fit?.pointSize == 14)
    #expect(scaled.layout?.group == "g")
  }

  @Test("Groups work headless, with any text widget kinds")
  func headless() throws {
    let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 320, height: 568))
    let label = Label(id: "label", frame: Fixture.frame(150, 20), font: Fixture.font)
    label.text = "A long text that has to shrink"
    label.numberOfLines = 1
    let field = TextField(id: "field", frame: Fixture.frame(300, 20), font: Fixture.font)
    field.text = "Short"
    for widget in [label, field] as [TextWidget] {
      widget.fitGroup = "row"
      root.adopt(widget)
    }
    root.environment = Fixture.environment(on: TestScreens.iPhone5)
    root.layoutIfNeeded()
    #expect(label.layout?.fit?.pointSize == field.layout?.fit?.pointSize)
    #expect((label.layout?.fit?.pointSize ?? 99) < 16)
  }
}

@Suite("Accessibility text scale, units and frames")
struct TextScaleWidgetTests {
  static func environment(
    on screen: Screen = TestScreens.iPhone5, textScale: TextScale = .standard,
    frameScaling: FrameScaling = .both
  ) throws -> WidgetEnvironment {
    WidgetEnvironment(
      screen: screen, designScreen: TestScreens.iPhone5, frameScaling: frameScaling,
      textScale: textScale, shaper: try FontSystem.shared())
  }

  @Test("The scale applies after screen adaptation and before fitting; a widget may opt out")
  func scaleStage() throws {
    let scale = try TextScale(category: .accessibility1)
    let environment = try Self.environment(on: TestScreens.iPhone6Plus, textScale: scale)
    let label = try label(
      "Hi", width: 300, height: 200, fit: AutoFit(), in: environment)
    // 17 + 3 increments = 20, then × 28/17 (AX1's Body size over large's).
    #expect(abs(label.adaptedFont.pointSize - 20 * 28 / 17) < 1e-9)
    #expect(label.layout?.stages.map(\.kind) == [.design, .screen, .textScale, .fit])
    #expect(label.layout?.stages.map(\.size).prefix(2) == [17, 20])
    label.scalesWithText = false
    label.layoutIfNeeded()
    #expect(label.adaptedFont.pointSize == 20)
    #expect(label.layout?.stages.map(\.kind) == [.design, .screen, .fit])
    label.adaptsToScreen = false
    label.layoutIfNeeded()
    #expect(label.adaptedFont.pointSize == 17)
    label.adaptation = AdaptationPolicy.none
    label.adaptsToScreen = true
    label.layoutIfNeeded()
    #expect(label.adaptedFont.pointSize == 17)
  }

  @Test("The legibility floor holds even where the widget's own minimum is lower")
  func floorAndCeiling() throws {
    let scale = try TextScale(factor: 1.3, minimumPointSize: 14, maximumPointSize: 24)
    let environment = try Self.environment(textScale: scale)
    var generator = SplitMix64(seed: 5)
    for _ in 0..<60 {
      let text = texts.randomElement(using: &generator) ?? "a"
      let widget = try label(
        text, width: Double.random(in: 30...300, using: &generator),
        height: Double.random(in: 16...100, using: &generator),
        fit: AutoFit(minimumPointSize: 8), font: "DejaVu Sans 30", in: environment)
      let size = try #require(widget.layout?.fit?.pointSize)
      #expect(size >= 14 - 1e-9)
      #expect(size <= 24 + 1e-9)
    }
  }

  @Test("A 96 dpi screen lays a 12pt font out at 16 units; a 12px font at 12 units")
  func dpi() throws {
    let panel = Screen(name: "Panel", width: 320, height: 568, scale: 1, dpi: 96)
    let environment = WidgetEnvironment(
      screen: panel, designScreen: panel, adaptation: .none, shaper: try FontSystem.shared())
    let points = try label(
      "Hello", width: 300, height: 100, fit: AutoFit(), font: "DejaVu Sans 12", in: environment)
    #expect(points.layout?.unitsPerPoint == 96.0 / 72)
    #expect(abs((points.layout?.fit?.pointSize ?? 0) - 16) < 1e-9)
    #expect(abs((points.displayedFont?.pointSize ?? 0) - 12) < 1e-9)
    let pixels = try label(
      "Hello", width: 300, height: 100, fit: AutoFit(), font: "DejaVu Sans 12px", in: environment)
    #expect(abs((pixels.layout?.fit?.pointSize ?? 0) - 12) < 1e-9)
    #expect(abs(pixels.adaptedFont.pointSize - 9) < 1e-9)
    // The same text at 16 units is as wide on the panel as at 16pt on a 72 dpi screen.
    let phone = WidgetEnvironment(
      screen: TestScreens.iPhone5, adaptation: .none, shaper: try FontSystem.shared())
    let sixteen = try label(
      "Hello", width: 300, height: 100, fit: AutoFit(), font: "DejaVu Sans 16", in: phone)
    #expect(points.layout?.fit?.textSize == sixteen.layout?.fit?.textSize)
  }

  @Test("Frames scale by both ratios, the width only, the smaller one, or not at all")
  func frameScaling() throws {
    let frame = Rect(x: 10, y: 100, width: 100, height: 40)
    let tall = Screen(name: "Tall", width: 640, height: 2272, scale: 1)
    let expected: [FrameScaling: Rect] = [
      .both: Rect(x: 20, y: 400, width: 200, height: 160),
      .width: Rect(x: 20, y: 100, width: 200, height: 40),
      .uniform: Rect(x: 20, y: 200, width: 200, height: 80),
      .none: frame,
    ]
    for (scaling, rect) in expected {
      let environment = try Self.environment(on: tall, frameScaling: scaling)
      #expect(environment.screenFrame(frame) == rect, "\(scaling)")
      // A widget's own setting wins over the environment's.
      let view = View(frame: frame)
      view.environment = try Self.environment(on: tall, frameScaling: .none)
      view.frameScaling = scaling
      #expect(view.screenFrame == rect, "\(scaling)")
    }
  }

  @Test("A container's frame scaling reaches the widgets inside it unless they say otherwise")
  func inheritedFrameScaling() throws {
    let tall = Screen(name: "Tall", width: 640, height: 1136, scale: 1)
    let panel = View(id: "panel", frame: Rect(x: 10, y: 10, width: 100, height: 100))
    let inner = View(id: "inner", frame: Rect(x: 10, y: 10, width: 50, height: 20))
    let own = View(id: "own", frame: Rect(x: 10, y: 40, width: 50, height: 20))
    own.frameScaling = .both
    panel.adopt(inner)
    panel.adopt(own)
    panel.environment = try Self.environment(on: tall)
    panel.frameScaling = FrameScaling.none
    #expect(panel.screenFrame == Rect(x: 10, y: 10, width: 100, height: 100))
    #expect(inner.screenFrame == Rect(x: 10, y: 10, width: 50, height: 20))
    #expect(own.screenFrame == Rect(x: 20, y: 80, width: 100, height: 40))
    #expect(inner.needsLayout)
  }

  @Test("Adaptation reads a screen's width in points: a 96 dpi screen's units count 3/4")
  func adaptationInPoints() {
    let panel = Screen(name: "Panel", width: 800, height: 480, scale: 1, dpi: 96)
    let phone = TestScreens.iPhone5
    let increments = AdaptationPolicy.seedIncrements
    // 800 units are 600pt: ≥ 414, +3. On its side, 480 units are 360pt: < 375, +0.
    #expect(increments.adaptedPointSize(17, on: panel, designScreen: phone) == 20)
    #expect(increments.adaptedPointSize(17, on: panel.landscape, designScreen: phone) == 17)
    // Proportional: 600pt / 320pt, so with the dpi the text grows as the frames (800 / 320).
    let proportional = AdaptationPolicy.proportional(
      exponent: 1, minimumPointSize: nil, maximumPointSize: nil)
    let size = proportional.adaptedPointSize(16, on: panel, designScreen: phone)
    #expect(abs(size * panel.unitsPerPoint - 16 * 800 / 320) < 1e-9)
  }

  @Test("A screen on its side swaps width and height and says so")
  func landscape() {
    let turned = TestScreens.iPhone6.landscape
    #expect(turned.name == "iPhone 6 landscape")
    #expect(turned.width == 667)
    #expect(turned.height == 375)
    #expect(turned.scale == 2)
  }
}
