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

  /// What a fit reads from the shaper before it measures anything: `text` shaped with
  /// `options`, `token` shaped as a truncated line ends with it (with
  /// ``ShapingOptions/truncationTokenOptions(for:)``), and the face `font` resolves to in the
  /// options' language.
  ///
  /// The same as ``shape(_:font:options:)`` twice and ``resolve(_:language:)`` once, which is
  /// what the default implementation does; a shaper that caches (``FontSystem`` does) answers
  /// a text it has shaped with one look-up.
  ///
  /// - Throws: ``ShapingError`` when the font cannot be used or either text cannot be broken.
  func shapeForFit(_ text: String, token: String, font: FontDescriptor, options: ShapingOptions)
    throws(ShapingError) -> ShapedForFit

  /// An object that stands for this shaper's answers, so that a request may keep what it was
  /// fitted with; nil, the default, keeps nothing.
  ///
  /// A request (FontFitEngine's `TextRequest`) fitted through the shaper keeps the inputs of
  /// its fit with this object. Its next fit, or a copy's, takes them back without asking the
  /// shaper when the object is the same (`===`) and the request's text, token, font and
  /// shaping options have not changed since. A shaper returns an object only if it answers
  /// those alike for as long as the object lives.
  var fitInputsIdentity: (any AnyObject & Sendable)? { get }
}

/// A text shaped for a fit, its truncation token, and the face its font resolves to.
public struct ShapedForFit: Sendable {
  /// The text, shaped.
  public var text: ShapedText
  /// The truncation token, shaped in the text's font and its first paragraph's direction.
  public var token: ShapedText
  /// The face the text's font resolves to in the text's language.
  public var resolvedFont: ResolvedFont

  /// The three parts of a fit's input.
  public init(text: ShapedText, token: ShapedText, resolvedFont: ResolvedFont) {
    self.text = text
    self.token = token
    self.resolvedFont = resolvedFont
  }
}

extension ShapingOptions {
  /// The options a truncation token is shaped with at the end of a line of `text`, which was
  /// shaped with these: no spans (the spans' offsets are the text's, and the token is drawn in
  /// the text's own font), in the direction of the text's first paragraph, so that the token
  /// reads in the line's order.
  public func truncationTokenOptions(for text: ShapedText) -> ShapingOptions {
    var options = self
    options.spans = []
    options.direction = text.baseDirection == .rightToLeft ? .rightToLeft : .leftToRight
    return options
  }
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

  /// None: a request keeps nothing of this shaper's answers between fits.
  public var fitInputsIdentity: (any AnyObject & Sendable)? { nil }

  /// Shapes the text and the token, and resolves the font, one call each.
  ///
  /// - Throws: ``ShapingError`` when the font cannot be used or either text cannot be broken.
  public func shapeForFit(
    _ text: String, token: String, font: FontDescriptor, options: ShapingOptions
  ) throws(ShapingError) -> ShapedForFit {
    let shaped = try shape(text, font: font, options: options)
    let shapedToken = try shape(
      token, font: font, options: options.truncationTokenOptions(for: shaped))
    do {
      return ShapedForFit(
        text: shaped, token: shapedToken,
        resolvedFont: try resolve(font, language: options.language))
    } catch {
      throw .font(error)
    }
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
