/// Whether words may be hyphenated by dictionary where a line must break.
///
/// Soft hyphens (U+00AD) in the text are honoured in every mode: a line may break at one, and
/// then ends with a hyphen, as Pango does.
public enum Hyphenation: String, CaseIterable, Hashable, Sendable, Codable {
  /// Words break only at soft hyphens, or at any letter when a word is wider than its line:
  /// the default, as Pango has no dictionary hyphenation.
  case none
  /// Words may also break where the dictionary for the text's language allows, when a fit
  /// reaches its hyphenation lever.
  case auto
}

/// Where dictionary hyphenation may break a word, counted in grapheme clusters, as Android's
/// `Hyphenator` limits it.
///
/// A dictionary's own `LEFTHYPHENMIN` and `RIGHTHYPHENMIN`, when larger, win.
public struct HyphenationLimits: Hashable, Sendable {
  /// Words shorter than this are never hyphenated (5 by default).
  public var minimumWordLength: Int
  /// The fewest letters before a break (2 by default).
  public var minimumBefore: Int
  /// The fewest letters after a break (3 by default).
  public var minimumAfter: Int

  /// Limits; the defaults are Android's.
  public init(minimumWordLength: Int = 5, minimumBefore: Int = 2, minimumAfter: Int = 3) {
    self.minimumWordLength = minimumWordLength
    self.minimumBefore = minimumBefore
    self.minimumAfter = minimumAfter
  }

  /// The defaults.
  public static let standard = HyphenationLimits()
}

/// Where a text may be hyphenated, and by which dictionary.
public struct HyphenationPoints: Hashable, Sendable {
  /// The clusters before which a line may break with a hyphen, ascending.
  public var breaks: [Int]
  /// The dictionary file that gave them; nil when no dictionary serves the language (or
  /// libhyphen is not installed), and then ``breaks`` is empty.
  public var dictionary: String?

  /// Points from `dictionary`.
  public init(breaks: [Int], dictionary: String?) {
    self.breaks = breaks
    self.dictionary = dictionary
  }

  /// No dictionary, no points.
  public static let unavailable = HyphenationPoints(breaks: [], dictionary: nil)
}

/// How lines are chosen once the size and the number of lines are known.
public enum LineBreakStrategy: String, CaseIterable, Hashable, Sendable, Codable {
  /// Each line takes as much as fits, as every renderer does by default.
  case greedy
  /// The same number of lines, as even in width as they can be: the narrowest width that
  /// still gives that many lines (CSS `text-wrap: balance`, Android's
  /// `BREAK_STRATEGY_BALANCED`).
  case balanced
  /// Greedy, but Japanese breaks only between phrases (ICU's `lw=phrase`), not between any
  /// two characters.
  case phrase
}

/// Extra space between characters and between words, in ems of the text's size, so that it
/// scales with the fitted size.
///
/// Letter spacing goes after every cluster but the last of a line, as Pango's
/// `letter_spacing` does; word spacing after every space.
public struct TextSpacing: Hashable, Sendable {
  /// Between grapheme clusters, in ems (negative tightens).
  public var letter: Double
  /// Added to each breakable space, in ems.
  public var word: Double

  /// Spacing in ems.
  public init(letter: Double = 0, word: Double = 0) {
    self.letter = letter
    self.word = word
  }

  /// None.
  public static let none = TextSpacing()

  /// The spacing allowed, in ems: from half an em tighter to ten ems wider.
  public static let range = -0.5...10.0

  /// Whether any spacing is added.
  public var isZero: Bool { letter == 0 && word == 0 }
}

/// One of the ways a fit may make a text fit, in the order a widget allows them.
public enum FitLever: String, CaseIterable, Hashable, Sendable, Codable {
  /// A smaller size from the grid (keeping words whole when later levers follow).
  case size
  /// Negative letter spacing at the smallest size, down to a bound.
  case tracking
  /// Dictionary hyphenation, at the largest size at which it makes the text fit.
  case hyphenation
}

/// The ordered levers a fit may use before it truncates, and their bounds.
public struct FitLadder: Hashable, Sendable {
  /// The levers in the order they are tried; ``FitLever/size`` always first.
  public private(set) var levers: [FitLever]
  /// The most tracking may tighten, in ems (0.05 is AppKit's default tightening factor).
  public var maximumTightening: Double

  /// The largest tightening allowed.
  public static let tighteningLimit = 0.5

  /// A ladder; `size` is put first when missing, and a lever named twice counts once.
  public init(_ levers: [FitLever] = [.size], maximumTightening: Double = 0.05) {
    var ordered: [FitLever] = [.size]
    for lever in levers where !ordered.contains(lever) { ordered.append(lever) }
    self.levers = ordered
    self.maximumTightening = maximumTightening
  }

  /// Size alone: the fit of every earlier release.
  public static let sizeOnly = FitLadder()

  /// Whether any lever follows the size.
  public var hasLaterLevers: Bool { levers.count > 1 }
}

/// Which lever made the text fit, and how far it went.
public enum FitLeverUse: Hashable, Sendable {
  /// The size alone.
  case size
  /// Tracking of this many ems (negative) at the smallest size.
  case tracking(Double)
  /// Hyphenation, breaking these words (each as the text writes it, with `-` at its breaks).
  case hyphenation([String])
}
