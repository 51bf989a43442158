import FontFitText

/// What Fontconfig chose for a requested font.
public struct ResolvedFont: Hashable, Sendable, CustomStringConvertible {
  /// The font as requested.
  public var requested: FontDescriptor
  /// The family of the chosen face, as Fontconfig names it.
  public var family: String
  /// The style of the chosen face, such as `Bold` or `Book`.
  public var style: String
  /// The path of the font file.
  public var file: String
  /// The index of the face in the file (for collections such as `.ttc`).
  public var index: Int
  /// The weight of the chosen face.
  public var weight: FontWeight
  /// The slant of the chosen face.
  public var slant: FontSlant
  /// Whether Fontconfig substituted another family for the requested one.
  ///
  /// Fontconfig always
  /// returns a font, so this is how a misspelt or missing family shows. Generic families
  /// (`sans-serif`, `serif`, `monospace`, …) are aliases, not substitutions.
  public var isSubstitution: Bool
  /// Every family name Fontconfig lists for the face (in all its languages), to check that
  /// the file still holds this face when it opens; empty when unknown.
  package var familyNames: [String] = []

  /// `DejaVu Sans Bold (DejaVuSans-Bold.ttf)`, with the request when it was substituted.
  public var description: String {
    let fileName = file.split(separator: "/").last.map(String.init) ?? file
    let chosen = "\(family) \(style) (\(fileName))"
    return isSubstitution ? "\(chosen), substituted for \"\(requested.familyList)\"" : chosen
  }

  /// The family and style, as in `DejaVu Sans Bold`.
  public var displayName: String {
    [family, style].filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// Creates a resolution; a font system makes these, and test shapers may too.
  public init(
    requested: FontDescriptor, family: String, style: String, file: String, index: Int = 0,
    weight: FontWeight, slant: FontSlant, isSubstitution: Bool
  ) {
    self.requested = requested
    self.family = family
    self.style = style
    self.file = file
    self.index = index
    self.weight = weight
    self.slant = slant
    self.isSubstitution = isSubstitution
  }

  /// Whether both name the same face, chosen the same way for the same request (the family
  /// names Fontconfig listed, kept to check the file, are not compared).
  public static func == (lhs: ResolvedFont, rhs: ResolvedFont) -> Bool {
    lhs.requested == rhs.requested && lhs.family == rhs.family && lhs.style == rhs.style
      && lhs.file == rhs.file && lhs.index == rhs.index && lhs.weight == rhs.weight
      && lhs.slant == rhs.slant && lhs.isSubstitution == rhs.isSubstitution
  }

  /// Hashes what ``==(_:_:)`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(requested)
    hasher.combine(family)
    hasher.combine(style)
    hasher.combine(file)
    hasher.combine(index)
    hasher.combine(weight)
    hasher.combine(slant)
    hasher.combine(isSubstitution)
  }

  /// Families that Fontconfig treats as aliases for a configured default.
  package static let genericFamilies: Set<String> = [
    "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy",
    "emoji", "math",
  ]
}
