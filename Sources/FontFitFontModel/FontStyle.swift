import FontFitText

/// A font weight on the CSS / OpenType scale from 1 to 1000.
public struct FontWeight: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The numeric weight: 100 thin … 400 regular … 700 bold … 900 black.
  public let value: Double

  /// Creates a weight.
  ///
  /// - Parameter value: The CSS / OpenType weight, clamped to 1…1000.
  public init(_ value: Double) {
    self.value = min(max(value, 1), 1000)
  }

  /// Thin (100).
  public static let thin = FontWeight(100)
  /// Extra light (200).
  public static let extraLight = FontWeight(200)
  /// Light (300).
  public static let light = FontWeight(300)
  /// Semi light (350).
  public static let semiLight = FontWeight(350)
  /// Book (380), slightly lighter than regular.
  public static let book = FontWeight(380)
  /// Regular (400).
  public static let regular = FontWeight(400)
  /// Medium (500).
  public static let medium = FontWeight(500)
  /// Semibold (600).
  public static let semibold = FontWeight(600)
  /// Bold (700).
  public static let bold = FontWeight(700)
  /// Extra bold (800).
  public static let extraBold = FontWeight(800)
  /// Black (900).
  public static let black = FontWeight(900)

  /// The named weights and the words that name them, Pango's and Fontconfig's spellings.
  static let names: [(words: [String], weight: FontWeight)] = [
    (["thin", "hairline"], .thin),
    (["ultralight", "ultra-light", "extralight", "extra-light"], .extraLight),
    (["light"], .light),
    (["semilight", "semi-light", "demilight", "demi-light"], .semiLight),
    (["book"], .book),
    (["regular", "normal"], .regular),
    (["medium"], .medium),
    (["semibold", "semi-bold", "demibold", "demi-bold"], .semibold),
    (["bold"], .bold),
    (["ultrabold", "ultra-bold", "extrabold", "extra-bold"], .extraBold),
    (["heavy", "black", "ultrablack", "ultra-black"], .black),
  ]

  /// The weight a style word names, case-insensitively, or nil.
  static func named(_ word: some StringProtocol) -> FontWeight? {
    let lowered = word.lowercased()
    return names.first { $0.words.contains(lowered) }?.weight
  }

  /// The word for this weight (`Bold`), or its number when it has no name.
  public var name: String {
    guard let entry = Self.names.first(where: { $0.weight == self }) else {
      return TextFormat.string(value)
    }
    let word = entry.words[0]
    return word.prefix(1).uppercased() + word.dropFirst()
  }

  /// The same weight on Fontconfig's scale (0 thin … 80 regular … 200 bold … 215).
  package var fontconfigValue: Double { Self.interpolate(value, from: \.css, to: \.fontconfig) }

  /// A value on Fontconfig's scale that ``init(fontconfigValue:)`` reads back as exactly this
  /// weight, when there is one: the interpolation can be a rounding step off either way.
  var exactFontconfigValue: Double? {
    // The shortest decimal first: 150 rather than 149.99999999999997.
    for digits in 0...6 {
      let rounded = TextFormat.rounded(fontconfigValue, fractionDigits: digits)
      if FontWeight(fontconfigValue: rounded) == self { return rounded }
    }
    var candidate = fontconfigValue
    for _ in 0..<8 { candidate = candidate.nextDown }
    for _ in 0..<17 {
      if FontWeight(fontconfigValue: candidate) == self { return candidate }
      candidate = candidate.nextUp
    }
    return nil
  }

  /// A weight read from Fontconfig's scale.
  package init(fontconfigValue: Double) {
    self.init(Self.interpolate(fontconfigValue, from: \.fontconfig, to: \.css))
  }

  /// Fontconfig's piecewise linear map between its weights and OpenType's.
  private static let scale: [(fontconfig: Double, css: Double)] = [
    (0, 100), (40, 200), (50, 300), (55, 350), (75, 380), (80, 400), (100, 500), (180, 600),
    (200, 700), (205, 800), (210, 900), (215, 1000),
  ]

  private static func interpolate(
    _ value: Double, from: KeyPath<(fontconfig: Double, css: Double), Double>,
    to: KeyPath<(fontconfig: Double, css: Double), Double>
  ) -> Double {
    guard let first = scale.first, let last = scale.last else { return value }
    if value <= first[keyPath: from] { return first[keyPath: to] }
    if value >= last[keyPath: from] { return last[keyPath: to] }
    for (lower, upper) in zip(scale, scale.dropFirst()) where value <= upper[keyPath: from] {
      let fraction = (value - lower[keyPath: from]) / (upper[keyPath: from] - lower[keyPath: from])
      return lower[keyPath: to] + fraction * (upper[keyPath: to] - lower[keyPath: to])
    }
    return last[keyPath: to]
  }

  /// Orders weights from lightest to heaviest.
  public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs.value < rhs.value }

  /// The weight's name.
  public var description: String { name }
}

/// Whether glyphs are upright or slanted.
public enum FontSlant: String, CaseIterable, Hashable, Sendable {
  /// Upright.
  case roman
  /// A designed italic.
  case italic
  /// A slanted upright.
  case oblique

  /// The capitalised word for the slant (`Italic`).
  public var name: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

  /// The slant a style word names, case-insensitively, or nil.
  static func named(_ word: some StringProtocol) -> FontSlant? {
    FontSlant(rawValue: word.lowercased())
  }

  /// Fontconfig's number for the slant.
  package var fontconfigValue: Int32 {
    switch self {
    case .roman: 0
    case .italic: 100
    case .oblique: 110
    }
  }

  /// The slant for a Fontconfig number.
  package init(fontconfigValue: Int32) {
    switch fontconfigValue {
    case 100: self = .italic
    case 110: self = .oblique
    default: self = .roman
    }
  }
}
