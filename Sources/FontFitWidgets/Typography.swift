import FontFitText

/// How a text widget sets its text beyond the font: spacing, hyphenation, the levers its fit
/// may use, and how lines are chosen.
///
/// Every value's default leaves layout as it was without it, so a widget that sets none lays
/// out exactly as Pango does.
public struct Typography: Hashable, Sendable {
  /// A spacing, in ems of the text's size or in points at the widget's design size; either
  /// way it scales with the text, through screen adaptation, the text scale and the fit.
  public enum Spacing: Hashable, Sendable {
    /// Ems of the text's size, as Android's `letterSpacing`.
    case ems(Double)
    /// Points at the widget's design font size.
    case points(Double)

    /// The spacing in ems for a design font of `designSize` points.
    public func ems(designSize: Double) -> Double {
      switch self {
      case .ems(let ems): ems
      case .points(let points): designSize > 0 ? points / designSize : 0
      }
    }
  }

  /// Space added between grapheme clusters (none after a line's last); negative tightens.
  public var letterSpacing: Spacing
  /// Space added to every breakable space.
  public var wordSpacing: Spacing
  /// Extra points added to every line's height, in design points (the frame's units); the
  /// fit counts it, so a text with more line spacing shrinks to fit as it should.
  public var lineSpacing: Double
  /// Whether words may be hyphenated by dictionary when the fit needs it.
  public var hyphenation: Hyphenation
  /// Where dictionary hyphenation may break a word.
  public var hyphenationLimits: HyphenationLimits
  /// The levers the fit may use, in order, before it truncates; nil for the size, then
  /// hyphenation when ``hyphenation`` is ``Hyphenation/auto``.
  public var fitLadder: FitLadder?
  /// How lines are chosen once the size is known.
  public var lineBreakStrategy: LineBreakStrategy

  /// Typography with every default: no spacing, no hyphenation, greedy lines.
  public init(
    letterSpacing: Spacing = .ems(0), wordSpacing: Spacing = .ems(0), lineSpacing: Double = 0,
    hyphenation: Hyphenation = .none, hyphenationLimits: HyphenationLimits = .standard,
    fitLadder: FitLadder? = nil, lineBreakStrategy: LineBreakStrategy = .greedy
  ) {
    self.letterSpacing = letterSpacing
    self.wordSpacing = wordSpacing
    self.lineSpacing = lineSpacing
    self.hyphenation = hyphenation
    self.hyphenationLimits = hyphenationLimits
    self.fitLadder = fitLadder
    self.lineBreakStrategy = lineBreakStrategy
  }

  /// The defaults.
  public static let standard = Typography()
}
