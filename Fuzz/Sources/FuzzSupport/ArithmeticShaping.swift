import FontFit

/// What a target says about one grapheme cluster of a text it shapes with arithmetic.
public struct ClusterMeasure: Sendable {
  /// The advance, in ems.
  public var advance: Double
  /// The kerning between the previous cluster and this one, in ems.
  public var kerning: Double
  /// The index of the cluster's font.
  public var font: Int
  /// Whether a word broken just before this cluster ends its line with a hyphen.
  public var insertsHyphen: Bool

  /// Creates a measure.
  public init(advance: Double, kerning: Double = 0, font: Int = 0, insertsHyphen: Bool = false) {
    self.advance = advance
    self.kerning = kerning
    self.font = font
    self.insertsHyphen = insertsHyphen
  }
}

/// Builds shaped text without fonts: the caller measures each cluster, lines may break after
/// spaces and hyphens and must break after line separators, which are zero-width.
///
/// It is the idea of the test suite's arithmetic shaper, for targets that choose every number.
public enum ArithmeticText {
  /// Shapes `text` with the measures `measure` gives.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - fonts: The fonts the clusters refer to; at least one.
  ///   - measure: The measure of cluster `index`, given the measure of the one before it.
  /// - Returns: The shaped text, checked by ``FontFitText/ShapedText``'s public initialiser.
  /// - Throws: ``FontFitText/ShapedTextError`` when the measures break an invariant.
  public static func shape(
    _ text: String, fonts: [ShapedFont],
    measure: (_ index: Int, _ character: Character, _ previous: ClusterMeasure?) -> ClusterMeasure
  ) throws(ShapedTextError) -> ShapedText {
    let breaks = SpaceAndHyphenLineBreaker().opportunities(in: text)
    var clusters: [ShapedCluster] = []
    var previous: ClusterMeasure?
    var start = text.startIndex
    for (index, character) in text.enumerated() {
      let end = text.index(after: start)
      let kind = ClusterKind(character)
      var measured = measure(index, character, previous)
      if kind == .lineSeparator { measured.advance = 0 }
      clusters.append(
        ShapedCluster(
          range: start..<end, advance: measured.advance, kerning: measured.kerning,
          breakBefore: breaks[index], kind: kind, font: measured.font,
          insertsHyphen: measured.insertsHyphen))
      previous = measured
      start = end
    }
    return try ShapedText(text: text, clusters: clusters, fonts: fonts)
  }
}

/// A headless ``FontFitWidgets/TextShaping`` for laying out fuzzed description files: one font,
/// and every character's advance a simple function of its first scalar, so that layout runs
/// the same on every machine, with no font installed.
public struct FuzzShaper: TextShaping {
  /// The metrics of the one font.
  public static let metrics = LineMetrics(ascent: 0.9, descent: 0.25, lineGap: 0.05)

  /// Creates the shaper.
  public init() {}

  /// The advance of `character`, in ems: narrow spaces, wide CJK, 0.5 to 0.7 for the rest.
  public static func advance(of character: Character) -> Double {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    if ClusterKind(character) == .space { return 0.25 }
    if scalar.value >= 0x2E80 { return 1 }
    return 0.5 + Double(scalar.value % 5) * 0.05
  }

  /// Measures `text` with the arithmetic rules; the font and options are ignored.
  public func shape(_ text: String, font: FontDescriptor, options: ShapingOptions)
    throws(ShapingError) -> ShapedText
  {
    let fonts = [ShapedFont(name: font.families.first ?? "Fuzz", metrics: Self.metrics)]
    do {
      return try ArithmeticText.shape(text, fonts: fonts) { _, character, _ in
        ClusterMeasure(advance: Self.advance(of: character))
      }
    } catch {
      // The clusters are built to hold every invariant: a failure is a finding.
      fail("the fuzz shaper's text \(text.debugDescription) was refused: \(error)")
    }
  }

  /// A face named after the descriptor's first family; never a substitution.
  public func resolve(_ font: FontDescriptor, language: Language?) throws(FontError)
    -> ResolvedFont
  {
    let family = font.families.first ?? "Fuzz"
    return ResolvedFont(
      requested: font, family: family, style: "Regular", file: "/fuzz/\(family).ttf",
      weight: font.weight, slant: font.slant, isSubstitution: false)
  }
}
