import FontFitFonts

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
  /// Whether design frames scale with the screen (x and width by the width ratio, y and height
  /// by the height ratio), as the seeds' proportional layouts do.
  public var scalesFrames: Bool {
    get { fields.scalesFrames }
    set { update { $0.scalesFrames = newValue } }
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
  ///   - scalesFrames: Whether frames scale with the screen.
  ///   - shaper: What measures text, such as a ``FontSystem``.
  ///   - language: The language of the tree's text; nil for none.
  public init(
    screen: Screen, designScreen: Screen? = nil,
    adaptation: AdaptationPolicy = .seedIncrements, scalesFrames: Bool = true,
    shaper: any TextShaping, language: Language? = nil
  ) {
    fields = Fields(
      Values(
        screen: screen, designScreen: designScreen ?? screen, adaptation: adaptation,
        scalesFrames: scalesFrames, shaper: shaper, language: language))
  }

  private mutating func update(_ change: (inout Values) -> Void) {
    var values = fields.values
    change(&values)
    fields = Fields(values)
  }

  /// The fields, immutable once made.
  private struct Values: Sendable {
    var screen: Screen
    var designScreen: Screen
    var adaptation: AdaptationPolicy
    var scalesFrames: Bool
    var shaper: any TextShaping
    var language: Language?
  }

  /// The shared box of the fields.
  private final class Fields: Sendable {
    let values: Values

    init(_ values: Values) {
      self.values = values
    }

    var screen: Screen { values.screen }
    var designScreen: Screen { values.designScreen }
    var adaptation: AdaptationPolicy { values.adaptation }
    var scalesFrames: Bool { values.scalesFrames }
    var shaper: any TextShaping { values.shaper }
    var language: Language? { values.language }
  }
}
