import FontFitFonts
import FontFitText

/// What widgets need to measure text: the seam between the widget layer and a font stack.
///
/// ``FontSystem`` (Fontconfig and FreeType) conforms, and so can any other measurer: a
/// headless one that answers with arithmetic lets widget behaviour be tested apart from the
/// installed fonts.
public protocol TextShaping: Sendable {
  /// Measures `text` in the face chosen for `font`, in ems, with its break opportunities.
  ///
  /// - Throws: ``ShapingError`` when the font cannot be used or the text cannot be broken.
  func shape(_ text: String, font: FontDescriptor) throws(ShapingError) -> ShapedText

  /// The face chosen for `font`, and whether it substitutes for the requested family.
  ///
  /// - Throws: ``FontError`` when the font cannot be resolved.
  func resolve(_ font: FontDescriptor) throws(FontError) -> ResolvedFont
}

/// The real measurer: Fontconfig resolves, FreeType measures, ICU finds line breaks.
extension FontSystem: TextShaping {}
