import FontFitText

/// What widgets need to measure text: the seam between the widget layer and a font stack.
///
/// ``FontSystem`` (Fontconfig, FreeType and HarfBuzz) conforms, and so can any other measurer: a
/// headless one that answers with arithmetic lets widget behaviour be tested apart from the
/// installed fonts.
public protocol TextShaping: Sendable {
  /// Measures `text` in the face chosen for `font`, in ems, with its break opportunities,
  /// bidi levels and glyphs, in the language and direction `options` give.
  ///
  /// - Throws: ``ShapingError`` when the font cannot be used or the text cannot be broken.
  func shape(_ text: String, font: FontDescriptor, options: ShapingOptions) throws(ShapingError)
    -> ShapedText

  /// The face chosen for `font` for text in `language`, and whether it substitutes for the
  /// requested family.
  ///
  /// - Throws: ``FontError`` when the font cannot be resolved.
  func resolve(_ font: FontDescriptor, language: Language?) throws(FontError) -> ResolvedFont
}

extension TextShaping {
  /// Measures `text` in `font` with no language and a natural paragraph direction.
  ///
  /// - Throws: ``ShapingError`` when the font cannot be used or the text cannot be broken.
  public func shape(_ text: String, font: FontDescriptor) throws(ShapingError) -> ShapedText {
    try shape(text, font: font, options: ShapingOptions())
  }

  /// The face chosen for `font`, for text of no particular language.
  ///
  /// - Throws: ``FontError`` when the font cannot be resolved.
  public func resolve(_ font: FontDescriptor) throws(FontError) -> ResolvedFont {
    try resolve(font, language: nil)
  }
}

/// Finds where words of a text may be hyphenated, for the hyphenation lever of a fit.
public protocol Hyphenating: Sendable {
  /// The clusters of `text` before which a line may break with a hyphen, by the dictionary
  /// for `language`, within `limits`; ``HyphenationPoints/unavailable`` when none serves it.
  func hyphenationPoints(
    in text: ShapedText, language: Language?, limits: HyphenationLimits
  ) -> HyphenationPoints
}
