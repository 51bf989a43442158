import FontFitFontModel
import FontFitFonts
import FontFitText
import FontFitWidgets
import TestSupport
import Testing

@Suite("Layout errors")
struct LayoutErrorTests {
  @Test(
    "A text widget in no environment reports noEnvironment",
    arguments: [WidgetKind.label, .button, .textField, .textView])
  func noEnvironment(kind: WidgetKind) throws {
    let widget = try #require(Fixture.widget(kind, text: "hello") as? TextWidget)
    widget.layoutIfNeeded()
    let layout = try #require(widget.layout)
    #expect(layout.error == .noEnvironment)
    #expect(layout.fit == nil)
    #expect(layout.resolvedFont == nil)
    #expect(layout.shownText == "hello")
    #expect(layout.adaptedFont == Fixture.font)
    #expect(widget.displayedFont == nil)
    #expect(!widget.needsLayout)
  }

  @Test("A text view in no environment has no content height")
  func textViewWithoutEnvironment() {
    let view = TextView(frame: Fixture.frame(100, 40), font: Fixture.font, text: "hello")
    view.layoutIfNeeded()
    #expect(view.contentHeight == nil)
  }

  @Test(
    "An adapted size outside the font size range is pointSizeOutOfRange",
    arguments: [
      (
        16.0,
        AdaptationPolicy.proportional(exponent: 100, minimumPointSize: nil, maximumPointSize: nil)
      ),
      (16, .proportional(exponent: 1, minimumPointSize: 20_000, maximumPointSize: nil)),
      (20_000, .none),
      (.infinity, .seedIncrements),
    ])
  func pointSizeOutOfRange(design: Double, policy: AdaptationPolicy) throws {
    let label = Fixture.label(
      width: 100, height: 40, text: "hello", font: Fixture.font.withPointSize(design),
      environment: Fixture.environment(on: TestScreens.iPhone6, adaptation: policy))
    label.layoutIfNeeded()
    let size = label.adaptedFont.pointSize
    #expect(!Font.pointSizeRange.contains(size))
    #expect(label.layout?.error == .pointSizeOutOfRange(size))
    #expect(label.layout?.fit == nil)
  }

  @Test("A font size that is not a number is pointSizeOutOfRange, with or without auto-fit")
  func notANumber() throws {
    for autoFit in [nil, AutoFit()] {
      let label = Fixture.label(
        width: 100, height: 40, text: "hello", font: Fixture.font.withPointSize(.nan)
      ) {
        $0.autoFit = autoFit
      }
      label.layoutIfNeeded()
      let error = try #require(label.layout?.error)
      guard case .pointSizeOutOfRange(let size) = error else {
        Issue.record("\(error)")
        continue
      }
      #expect(size.isNaN)
    }
  }

  @Test(
    "An auto-fit grid that no fit can use is a sizeGrid error",
    arguments: [
      (AutoFit(minimumPointSize: 10, step: 1e-5), FitPolicyError.tooManySizes(step: 1e-5)),
      (AutoFit(minimumPointSize: 0), .invalidMinimum(0)),
      (AutoFit(minimumPointSize: 10, maximumPointSize: -1), .invalidMaximum(-1)),
      (AutoFit(step: 0), .invalidStep(0)),
      (AutoFit(step: .infinity), .invalidStep(.infinity)),
    ])
  func sizeGrid(autoFit: AutoFit, expected: FitPolicyError) {
    let label = Fixture.label(width: 100, height: 40, text: "hello") { $0.autoFit = autoFit }
    label.layoutIfNeeded()
    #expect(label.layout?.error == .sizeGrid(expected))
  }

  @Test("A grid fine enough for a small adapted size is refused for a large one")
  func sizeGridDependsOnAdaptedSize() {
    // 1e-4pt steps give 60,000 sizes from 10pt to 16pt; on the iPhone 6 Plus the design size
    // becomes 16 × (414 / 320)^2.3 ≈ 28.9pt, and the grid about 189,000 sizes.
    let label = Fixture.label(width: 100, height: 40, text: "hello") {
      $0.autoFit = AutoFit(minimumPointSize: 10, step: 1e-4)
    }
    label.layoutIfNeeded()
    #expect(label.layout?.error == nil)
    label.environment = Fixture.environment(
      on: TestScreens.iPhone6Plus,
      adaptation: .proportional(exponent: 2.3, minimumPointSize: nil, maximumPointSize: nil))
    label.layoutIfNeeded()
    #expect(label.layout?.error == .sizeGrid(.tooManySizes(step: 1e-4)))
  }

  @Test("A frame with a negative side is a layoutOptions error")
  func negativeFrame() {
    let label = Fixture.label(width: -10, height: 40, text: "hello")
    label.layoutIfNeeded()
    #expect(
      label.layout?.error == .layoutOptions(.invalidBox(Size(width: -10, height: 40))))
  }

  @Test(
    "Shaping and font failures reach the layout as typed errors",
    arguments: [
      (
        FailingShaper(shapingError: .lineBreaking(.wrongCount(expected: 5, received: 1))),
        WidgetLayoutError.lineBreaking(.wrongCount(expected: 5, received: 1))
      ),
      (
        FailingShaper(shapingError: .font(LayoutErrorTests.fontError)),
        .font(LayoutErrorTests.fontError)
      ),
      (FailingShaper(fontError: LayoutErrorTests.fontError), .font(LayoutErrorTests.fontError)),
    ])
  func shaperFailures(shaper: FailingShaper, expected: WidgetLayoutError) {
    let label = Fixture.label(
      width: 100, height: 40, text: "hello", environment: Fixture.environment(shaper: shaper))
    label.layoutIfNeeded()
    #expect(label.layout?.error == expected)
  }

  static let fontError = FontError(
    library: .freeType, function: "FT_New_Face", code: 1, message: "cannot open resource",
    file: "/missing.ttf")

  @Test("A failed layout recovers once its cause is fixed")
  func recovers() throws {
    let label = Fixture.label(width: 100, height: 40, text: "hello", environment: nil)
    label.layoutIfNeeded()
    #expect(label.layout?.error == .noEnvironment)
    label.environment = Fixture.environment()
    label.layoutIfNeeded()
    #expect(label.layout?.error == nil)
    #expect(label.layout?.fit?.lines.map(\.text) == ["hello"])
  }
}
