import FontFitFontModel
import FontFitFonts
import FontFitText
import FontFitWidgets
import TestSupport
import Testing

@Suite("Font adaptation")
struct AdaptationTests {
  /// A screen `width` points wide.
  static func screen(width: Double) -> Screen {
    Screen(name: "\(width)pt", width: width, height: 700, scale: 2)
  }

  @Test(
    "Increments give 17/17/19/20pt on the iPhones for a 17pt iPhone 5 design",
    arguments: [
      (TestScreens.iPhone4s, 17.0), (TestScreens.iPhone5, 17), (TestScreens.iPhone6, 19),
      (TestScreens.iPhone6Plus, 20), (AdaptationTests.screen(width: 768), 20),
    ] as [(Screen, Double)])
  func increments(screen: Screen, expected: Double) throws {
    let label = Fixture.label(
      width: 300, height: 60, text: "Hi", font: Fixture.font.withPointSize(17),
      environment: Fixture.environment(on: screen))
    #expect(label.adaptedFont == Fixture.font.withPointSize(expected))
    label.layoutIfNeeded()
    #expect(label.layout?.adaptedFont.pointSize == expected)
    #expect(label.layout?.fit?.pointSize == expected)
    #expect(label.font.pointSize == 17)
  }

  @Test("Increments are relative to the design screen's own increment")
  func relativeToDesign() throws {
    let policy = AdaptationPolicy.seedIncrements
    let five = TestScreens.iPhone5
    let six = TestScreens.iPhone6
    let plus = TestScreens.iPhone6Plus
    #expect(policy.adaptedPointSize(19, on: five, designScreen: six) == 17)
    #expect(policy.adaptedPointSize(19, on: six, designScreen: six) == 19)
    #expect(policy.adaptedPointSize(19, on: plus, designScreen: six) == 20)
    let label = Fixture.label(
      width: 300, height: 60, text: "Hi", font: Fixture.font.withPointSize(19),
      environment: Fixture.environment(on: five, design: six))
    #expect(label.adaptedFont.pointSize == 17)
  }

  @Test("Width ranges, not exact widths, pick the increment")
  func ranges() {
    for width in stride(from: 300.0, through: 1000, by: 7) {
      let size = AdaptationPolicy.seedIncrements.adaptedPointSize(
        15, on: Self.screen(width: width), designScreen: TestScreens.iPhone5)
      #expect(size == (width < 375 ? 15 : width < 414 ? 17 : 18), "\(width)")
    }
  }

  @Test("An increments table need not be sorted, and a width below every row adds nothing")
  func unsortedTable() {
    let policy = AdaptationPolicy.increments([
      SizeIncrement(minimumWidth: 600, points: 6), SizeIncrement(minimumWidth: 400, points: 4),
    ])
    let design = Self.screen(width: 100)
    #expect(policy.adaptedPointSize(10, on: Self.screen(width: 399), designScreen: design) == 10)
    #expect(policy.adaptedPointSize(10, on: Self.screen(width: 400), designScreen: design) == 14)
    #expect(policy.adaptedPointSize(10, on: Self.screen(width: 599), designScreen: design) == 14)
    #expect(policy.adaptedPointSize(10, on: Self.screen(width: 600), designScreen: design) == 16)
  }

  @Test("A random increments table adds the row with the largest minimum at or below the width")
  func randomTables() {
    var generator = SplitMix64(seed: 5)
    for _ in 0..<500 {
      let table = (0..<Int(generator.next() % 6)).map { _ in
        SizeIncrement(
          minimumWidth: Double(generator.next() % 8) * 100,
          points: Double(generator.next() % 9) - 4)
      }
      let width = Double(generator.next() % 900)
      // The first row of the largest minimum at or below the width, or none.
      let rows = table.filter { $0.minimumWidth <= width }
      let largest = rows.map(\.minimumWidth).max()
      let expected = rows.first { $0.minimumWidth == largest }?.points ?? 0
      let design = Self.screen(width: 0)
      let adapted = AdaptationPolicy.increments(table).adaptedPointSize(
        20, on: Self.screen(width: width), designScreen: design)
      let designIncrement = table.first { $0.minimumWidth == 0 }?.points ?? 0
      #expect(adapted == 20 + expected - designIncrement, "\(table) at \(width)")
    }
  }

  @Test("Proportional adaptation scales by the width ratio to a power, then clamps")
  func proportional() {
    let five = TestScreens.iPhone5
    let plus = TestScreens.iPhone6Plus
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
    #expect(clamped.adaptedPointSize(14, on: five, designScreen: five) == 14)
  }

  @Test(
    "A widget adapted by its environment's policy gets the size that policy gives, as a widget holding the policy itself does"
  )
  func environmentPolicyIsThePolicy() {
    let policies: [AdaptationPolicy] = [
      .none, .seedIncrements,
      .increments([
        SizeIncrement(minimumWidth: 0, points: -0.5),
        SizeIncrement(minimumWidth: 360, points: 1.25),
      ]),
      .proportional(exponent: 0.7, minimumPointSize: 11, maximumPointSize: 24),
      .proportional(exponent: 1, minimumPointSize: nil, maximumPointSize: nil),
      .sequence([
        .seedIncrements, .proportional(exponent: 0.5, minimumPointSize: nil, maximumPointSize: 19),
      ]),
    ]
    var generator = SplitMix64(seed: 77)
    for policy in policies {
      for _ in 0..<40 {
        let design = Self.screen(width: Double(200 + generator.next() % 400))
        let screen = Self.screen(width: Double(200 + generator.next() % 900))
        let size = Double(4 + generator.next() % 80) / 2
        let expected = max(
          policy.adaptedPointSize(size, on: screen, designScreen: design),
          WidgetEnvironment.minimumAdaptedPointSize)
        let environment = WidgetEnvironment(
          screen: screen, designScreen: design, adaptation: policy, shaper: ArithmeticShaper())
        let inherits = Label(font: Fixture.font.withPointSize(size), text: "Hi")
        inherits.environment = environment
        let holds = Label(font: Fixture.font.withPointSize(size), text: "Hi")
        holds.adaptation = policy
        holds.environment = WidgetEnvironment(
          screen: screen, designScreen: design, adaptation: .none, shaper: ArithmeticShaper())
        #expect(inherits.adaptedFont.pointSize == expected, "\(policy) \(size)")
        #expect(holds.adaptedFont.pointSize == expected, "\(policy) \(size)")
      }
    }
  }

  @Test("Policies in a sequence apply in turn, each to the previous result")
  func sequence() {
    let five = TestScreens.iPhone5
    let six = TestScreens.iPhone6
    let capped = AdaptationPolicy.sequence([
      .seedIncrements, .proportional(exponent: 0, minimumPointSize: nil, maximumPointSize: 18),
    ])
    #expect(capped.adaptedPointSize(17, on: six, designScreen: five) == 18)
    let doubled = AdaptationPolicy.sequence([
      .proportional(exponent: 1, minimumPointSize: nil, maximumPointSize: nil), .seedIncrements,
    ])
    let twice = Screen(name: "twice", width: 640, height: 1136, scale: 2)
    #expect(doubled.adaptedPointSize(10, on: twice, designScreen: five) == 23)
    #expect(AdaptationPolicy.sequence([]).adaptedPointSize(13, on: six, designScreen: five) == 13)
  }

  @Test(
    "Adaptation never makes a font smaller than 1pt",
    arguments: [
      AdaptationPolicy.increments([SizeIncrement(minimumWidth: 375, points: -100)]),
      .proportional(exponent: -100, minimumPointSize: nil, maximumPointSize: nil),
    ])
  func minimumSize(policy: AdaptationPolicy) throws {
    let label = Fixture.label(
      width: 100, height: 40, text: "hi",
      environment: Fixture.environment(
        on: TestScreens.iPhone6Plus, design: TestScreens.iPhone5, adaptation: policy))
    #expect(label.adaptedFont.pointSize == WidgetEnvironment.minimumAdaptedPointSize)
    label.autoFit = nil
    label.layoutIfNeeded()
    #expect(label.layout?.fit?.pointSize == 1)
  }

  @Test("Frames scale by the width and height ratios to the design screen")
  func frames() {
    let label = Label(frame: Rect(x: 20, y: 40, width: 280, height: 60), font: Fixture.font)
    label.environment = Fixture.environment(on: TestScreens.iPhone6Plus)
    let frame = label.screenFrame
    #expect(abs(frame.x - 20 * 414 / 320) < 1e-9)
    #expect(abs(frame.width - 280 * 414 / 320) < 1e-9)
    #expect(abs(frame.y - 40 * 736 / 568) < 1e-9)
    #expect(abs(frame.height - 60 * 736 / 568) < 1e-9)
    label.environment = Fixture.environment(on: TestScreens.iPhone6Plus, scalesFrames: false)
    #expect(label.screenFrame == label.frame)
    label.environment = nil
    #expect(label.screenFrame == label.frame)
  }

  @Test("The fit uses the frame on the screen, not the design frame")
  func fitUsesScreenFrame() throws {
    // Eight words need 11pt in 100×40; in 200×80 five words share a line at 16pt.
    let label = Fixture.label(
      width: 100, height: 40, text: Fixture.words(8),
      environment: Fixture.environment(on: Fixture.small, design: Fixture.small))
    label.layoutIfNeeded()
    #expect(label.layout?.fit?.pointSize == 11)
    label.environment = Fixture.environment(
      on: Fixture.big, design: Fixture.small, adaptation: .none)
    label.layoutIfNeeded()
    let layout = try #require(label.layout)
    #expect(layout.screenFrame == Fixture.frame(200, 80))
    #expect(layout.fit?.pointSize == 16)
    #expect(layout.fit?.lines.map(\.text) == [Fixture.words(5), Fixture.words(3)])
  }

  @Test("Moving a tree to another screen re-adapts from the design font")
  func moveTree() throws {
    let root = View(id: "root", frame: Fixture.frame(320, 568))
    let label = Label(id: "l", frame: Fixture.frame(300, 60), font: Fixture.font, text: "Hi")
    try root.addChild(label)
    for screen in [
      TestScreens.iPhone6Plus, TestScreens.iPhone6, TestScreens.iPhone6Plus, TestScreens.iPhone4s,
    ] {
      root.environment = Fixture.environment(on: screen)
      root.layoutIfNeeded()
    }
    #expect(label.layout?.adaptedFont.pointSize == 16)
    #expect(label.displayedFont == Fixture.font)
    root.environment = Fixture.environment(on: TestScreens.iPhone6)
    #expect(label.needsLayout)
    root.layoutIfNeeded()
    #expect(label.layout?.adaptedFont.pointSize == 18)
    #expect(label.font == Fixture.font)
  }
}
