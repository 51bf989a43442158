import FontFitEngine
import FontFitFontModel

/// Where a widget tree is shown: the screen, the design it was made for, how fonts adapt, and
/// what measures text.
///
/// Every widget of a tree reads its environment on every layout pass, so the value keeps its
/// fields behind one shared reference: a copy costs one retain, and setting a field makes a
/// new copy of the fields.
public struct WidgetEnvironment: Sendable {
  private var fields: Fields

  /// The screen the tree is shown on.
  public var screen: Screen {
    get { fields.screen }
    set { update { $0.screen = newValue } }
  }
  /// The screen the design (frames and font sizes) was made for.
  public var designScreen: Screen {
    get { fields.designScreen }
    set { update { $0.designScreen = newValue } }
  }
  /// How design font sizes adapt to `screen`.
  public var adaptation: AdaptationPolicy {
    get { fields.adaptation }
    set { update { $0.adaptation = newValue } }
  }
  /// How design frames become frames on the screen, unless a widget says otherwise.
  public var frameScaling: FrameScaling {
    get { fields.values.frameScaling }
    set { update { $0.frameScaling = newValue } }
  }
  /// Whether design frames scale with the screen: setting it true scales both axes
  /// (``FrameScaling/both``), false none.
  public var scalesFrames: Bool {
    get { frameScaling != .none }
    set { frameScaling = newValue ? .both : .none }
  }
  /// The accessibility text scale, applied to every font after screen adaptation and before
  /// fitting, except in widgets that opt out; ``TextScale/standard`` (none) by default.
  public var textScale: TextScale {
    get { fields.values.textScale }
    set { update { $0.textScale = newValue } }
  }
  /// Resolves fonts and measures text: a ``FontSystem`` in an app.
  public var shaper: any TextShaping {
    get { fields.shaper }
    set { update { $0.shaper = newValue } }
  }
  /// The language of the tree's text, unless a widget says otherwise; nil for none.
  public var language: Language? {
    get { fields.language }
    set { update { $0.language = newValue } }
  }

  /// Creates an environment.
  ///
  /// - Parameters:
  ///   - screen: The screen the tree is shown on.
  ///   - designScreen: The screen the design was made for; `screen` when nil.
  ///   - adaptation: How design font sizes adapt; the seed's increments by default.
  ///   - scalesFrames: Whether frames scale with the screen (both axes).
  ///   - frameScaling: How frames scale; when given, it takes precedence over `scalesFrames`.
  ///   - textScale: The accessibility text scale; none by default.
  ///   - shaper: What measures text, such as a ``FontSystem``.
  ///   - language: The language of the tree's text; nil for none.
  public init(
    screen: Screen, designScreen: Screen? = nil,
    adaptation: AdaptationPolicy = .seedIncrements, scalesFrames: Bool = true,
    frameScaling: FrameScaling? = nil, textScale: TextScale = .standard,
    shaper: any TextShaping, language: Language? = nil
  ) {
    fields = Fields(
      Values(
        screen: screen, designScreen: designScreen ?? screen, adaptation: adaptation,
        frameScaling: frameScaling ?? (scalesFrames ? .both : .none), textScale: textScale,
        shaper: shaper, language: language))
  }

  private mutating func update(_ change: (inout Values) -> Void) {
    var values = fields.values
    change(&values)
    fields = Fields(values)
  }

  /// The sizes and units of ``screen`` and ``designScreen``, kept with the fields.
  package var measures: ScreenMeasures { fields.measures }
  /// ``adaptation`` worked out for the two screens, kept with the fields.
  var adaptationShortcut: AdaptationShortcut { fields.adaptationShortcut }

  /// The fields, immutable once made.
  private struct Values: Sendable {
    var screen: Screen
    var designScreen: Screen
    var adaptation: AdaptationPolicy
    var frameScaling: FrameScaling
    var textScale: TextScale
    var shaper: any TextShaping
    var language: Language?
  }

  /// The shared box of the fields.
  private final class Fields: Sendable {
    let values: Values
    /// The two screens' sizes and units, read once: every widget's layout reads them, and
    /// reading a screen copies its name.
    let measures: ScreenMeasures
    /// The environment's adaptation worked out for its screens.
    let adaptationShortcut: AdaptationShortcut

    init(_ values: Values) {
      self.values = values
      measures = ScreenMeasures(screen: values.screen, design: values.designScreen)
      adaptationShortcut = values.adaptation.shortcut(
        screenWidth: measures.widthInPoints, designWidth: measures.designWidthInPoints)
    }

    var screen: Screen { values.screen }
    var designScreen: Screen { values.designScreen }
    var adaptation: AdaptationPolicy { values.adaptation }
    var shaper: any TextShaping { values.shaper }
    var language: Language? { values.language }
  }
}

/// What layout reads of an environment's screen and design screen: their sizes in their
/// units, their widths in points and their units per point.
package struct ScreenMeasures: Sendable {
  /// The screen's width and height, in its units.
  package let width: Double
  package let height: Double
  /// The design screen's width and height, in its units.
  package let designWidth: Double
  package let designHeight: Double
  /// The screen's width in points (``Screen/widthInPoints``), and the design screen's.
  package let widthInPoints: Double
  package let designWidthInPoints: Double
  /// Units per point on the screen (``Screen/unitsPerPoint``), and on the design screen.
  package let unitsPerPoint: Double
  package let designUnitsPerPoint: Double

  /// The measures of `screen` and `design`.
  init(screen: Screen, design: Screen) {
    width = screen.width
    height = screen.height
    designWidth = design.width
    designHeight = design.height
    widthInPoints = screen.widthInPoints
    designWidthInPoints = design.widthInPoints
    unitsPerPoint = screen.unitsPerPoint
    designUnitsPerPoint = design.unitsPerPoint
  }
}
