import FontFitFontModel
import FontFitFonts
@_spi(Engine) import FontFitText
import FontFitWidgets

/// A headless shaper for testing layout and widgets apart from the installed fonts: every
/// character is `advance` ems wide except those in `widths`, with no kerning, lines are
/// 1.25em tall, and lines break after spaces and hyphens.
///
/// As a ``TextShaping`` it resolves every descriptor to a face named after its first family,
/// so widget tests run on any machine and their numbers are simple arithmetic.
public struct ArithmeticShaper: TextShaping {
  /// The advance of most characters, in ems.
  public var advance = 0.5
  /// Characters with other advances.
  public var widths: [Character: Double] = [" ": 0.25, "i": 0.25, "W": 1]
  /// The line metrics of the one font.
  public var metrics = LineMetrics(ascent: 1, descent: 0.25, lineGap: 0)

  /// Creates the shaper.
  public init() {}

  /// The text measured with the arithmetic rules.
  public func shape(_ text: String) -> ShapedText {
    let breaks = SpaceAndHyphenLineBreaker().opportunities(in: text)
    var clusters: [ShapedCluster] = []
    var index = text.startIndex
    for (offset, character) in text.enumerated() {
      let next = text.index(after: index)
      let kind = ClusterKind(character)
      clusters.append(
        ShapedCluster(
          range: index..<next, advance: kind == .lineSeparator ? 0 : widths[character] ?? advance,
          breakBefore: breaks[offset], kind: kind))
      index = next
    }
    return ShapedText(
      validatedText: text, clusters: clusters, fonts: [ShapedFont(name: "Test", metrics: metrics)],
      missingCharacters: [])
  }

  /// The text measured with the arithmetic rules; the font and options are ignored.
  public func shape(_ text: String, font: FontDescriptor, options: ShapingOptions)
    throws(ShapingError) -> ShapedText
  {
    shape(text)
  }

  /// A face named after the descriptor's first family, style `Regular`; never a substitution.
  public func resolve(_ font: FontDescriptor, language: Language?) throws(FontError)
    -> ResolvedFont
  {
    ResolvedFont(
      requested: font, family: font.families.first ?? "Test", style: "Regular",
      file: "/arithmetic/\(font.families.first ?? "Test").ttf", weight: font.weight,
      slant: font.slant, isSubstitution: false)
  }
}

/// A small deterministic random generator (SplitMix64), so property tests repeat exactly.
public struct SplitMix64: RandomNumberGenerator {
  /// The generator state.
  public var state: UInt64

  /// Creates a generator from a seed.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next random number.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Random text of words from a small vocabulary, with occasional long words, hyphens and
/// newlines.
public func randomText(using generator: inout SplitMix64) -> String {
  let words = [
    "a", "fit", "label", "text", "screen", "shrinks", "grows", "back", "wrap", "Pango",
    "well-known", "supercalifragilisticexpialidocious", "W", "iii", "café", "naïve", "AVATAR",
    "Typography", "line-breaking", "x",
  ]
  let count = Int.random(in: 1...40, using: &generator)
  var text = ""
  for index in 0..<count {
    if index > 0 { text += Int.random(in: 0..<12, using: &generator) == 0 ? "\n" : " " }
    text += words.randomElement(using: &generator) ?? "a"
  }
  return text
}

/// Random layout options: a box from `widths` × `heights`, up to four lines (0 = no limit) and,
/// when `anyMode` is set, any line break mode (else truncating the tail).
@_spi(Engine) public func randomOptions(
  widths: ClosedRange<Double>, heights: ClosedRange<Double>, anyMode: Bool = true,
  using generator: inout SplitMix64
) throws -> LayoutOptions {
  try LayoutOptions(
    box: Size(
      width: Double.random(in: widths, using: &generator),
      height: Double.random(in: heights, using: &generator)),
    maximumLines: Int.random(in: 0...4, using: &generator),
    lineBreakMode: anyMode
      ? LineBreakMode.allCases.randomElement(using: &generator) ?? .wordWrap : .truncateTail)
}

/// The screens of the bundled catalog that the tests use, with their sizes.
public enum TestScreens {
  /// iPhone 4s, 320×480.
  public static let iPhone4s = Screen(name: "iPhone 4s", width: 320, height: 480, scale: 2)
  /// iPhone 5, 320×568: the seeds' design screen.
  public static let iPhone5 = Screen(name: "iPhone 5", width: 320, height: 568, scale: 2)
  /// iPhone 6, 375×667.
  public static let iPhone6 = Screen(name: "iPhone 6", width: 375, height: 667, scale: 2)
  /// iPhone 6 Plus, 414×736.
  public static let iPhone6Plus = Screen(name: "iPhone 6 Plus", width: 414, height: 736, scale: 3)
}
