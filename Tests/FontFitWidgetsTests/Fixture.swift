import FontFitFontModel
import FontFitFonts
@_spi(Engine) import FontFitText
import FontFitWidgets
import TestSupport

/// Widgets and environments on the headless ``ArithmeticShaper``.
///
/// Widget behaviour is then arithmetic: at 16pt most characters are 8pt wide, spaces and "i"
/// 4pt, and a line is 20pt tall. A word "aaaa" is 2em wide.
enum Fixture {
  /// The design font of most tests.
  static let font = Font(family: "Test Sans", pointSize: 16)

  /// A screen of 320×480, the design screen of the scaling tests.
  static let small = Screen(name: "Small", width: 320, height: 480, scale: 2)
  /// A screen twice as wide and twice as tall as ``small``.
  static let big = Screen(name: "Big", width: 640, height: 960, scale: 2)

  /// An environment with the arithmetic shaper; by default the iPhone 5 is both the screen and
  /// the design screen, so sizes and frames are used as designed.
  static func environment(
    on screen: Screen = TestScreens.iPhone5, design: Screen = TestScreens.iPhone5,
    adaptation: AdaptationPolicy = .seedIncrements, scalesFrames: Bool = true,
    shaper: any TextShaping = ArithmeticShaper()
  ) -> WidgetEnvironment {
    WidgetEnvironment(
      screen: screen, designScreen: design, adaptation: adaptation, scalesFrames: scalesFrames,
      shaper: shaper)
  }

  /// `count` words "aaaa" separated by single spaces: `count × 2 + (count - 1) × 0.25` ems.
  static func words(_ count: Int) -> String {
    Array(repeating: "aaaa", count: count).joined(separator: " ")
  }

  /// A frame of `width` × `height` at the origin.
  static func frame(_ width: Double, _ height: Double) -> Rect {
    Rect(x: 0, y: 0, width: width, height: height)
  }

  /// A label at the origin, configured, then put in `environment`; not laid out.
  static func label(
    width: Double, height: Double, text: String = "", font: Font = Fixture.font,
    environment: WidgetEnvironment? = Fixture.environment(),
    configure: (Label) -> Void = { _ in }
  ) -> Label {
    let label = Label(frame: frame(width, height), font: font, text: text)
    configure(label)
    label.environment = environment
    return label
  }

  /// A text widget of `kind` (not a plain view) with `text`, in no environment.
  static func widget(_ kind: WidgetKind, text: String = "") -> View {
    switch kind {
    case .view: View(frame: frame(100, 40))
    case .label: Label(frame: frame(100, 40), font: font, text: text)
    case .button: Button(frame: frame(100, 40), font: font, title: text)
    case .textField: TextField(frame: frame(100, 40), font: font, text: text)
    case .textView: TextView(frame: frame(100, 40), font: font, text: text)
    case .stack: Stack(frame: frame(100, 40))
    case .spacer: Spacer()
    case .scrollView: ScrollView(frame: frame(100, 40))
    }
  }
}

/// The arithmetic shaper, counting how often it is asked to measure.
final class CountingShaper: TextShaping {
  private let base = ArithmeticShaper()
  private let count = Lock(0)
  /// Itself, when requests may keep its answers (as a font system's); nil by default, as the
  /// arithmetic shaper's.
  let fitInputsIdentity: (any AnyObject & Sendable)?

  /// A counting shaper whose answers requests keep if `keepsInputs`.
  init(keepsInputs: Bool = false) {
    fitInputsIdentity = keepsInputs ? Identity() : nil
  }

  /// An object of no content, told apart by its identity.
  private final class Identity: Sendable {}

  /// How many texts were shaped so far.
  var shapeCount: Int { count.withLock { $0 } }

  func shape(_ text: String, font: FontDescriptor, options: ShapingOptions)
    throws(ShapingError) -> ShapedText
  {
    count.withLock { $0 += 1 }
    return try base.shape(text, font: font, options: options)
  }

  func resolve(_ font: FontDescriptor, language: Language?) throws(FontError) -> ResolvedFont {
    try base.resolve(font, language: language)
  }
}

/// A shaper that fails: shaping throws `shapingError` when set, resolving throws `fontError`
/// when set; otherwise it answers as the arithmetic shaper.
struct FailingShaper: TextShaping {
  var shapingError: ShapingError?
  var fontError: FontError?

  func shape(_ text: String, font: FontDescriptor, options: ShapingOptions)
    throws(ShapingError) -> ShapedText
  {
    if let shapingError { throw shapingError }
    return ArithmeticShaper().shape(text)
  }

  func resolve(_ font: FontDescriptor, language: Language?) throws(FontError) -> ResolvedFont {
    if let fontError { throw fontError }
    return try ArithmeticShaper().resolve(font, language: language)
  }
}
