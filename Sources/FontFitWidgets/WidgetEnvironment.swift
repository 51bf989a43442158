import FontFitFonts

/// Where a widget tree is shown: the screen, the design it was made for, how fonts adapt, and
/// what measures text.
public struct WidgetEnvironment: Sendable {
  /// The screen the tree is shown on.
  public var screen: Screen
  /// The screen the design (frames and font sizes) was made for.
  public var designScreen: Screen
  /// How design font sizes adapt to `screen`.
  public var adaptation: AdaptationPolicy
  /// Whether design frames scale with the screen (x and width by the width ratio, y and height
  /// by the height ratio), as the seeds' proportional layouts do.
  public var scalesFrames: Bool
  /// Resolves fonts and measures text: a ``FontSystem`` in an app.
  public var shaper: any TextShaping
  /// The language of the tree's text, unless a widget says otherwise; nil for none.
  public var language: Language?

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
    self.screen = screen
    self.designScreen = designScreen ?? screen
    self.adaptation = adaptation
    self.scalesFrames = scalesFrames
    self.shaper = shaper
    self.language = language
  }
}
