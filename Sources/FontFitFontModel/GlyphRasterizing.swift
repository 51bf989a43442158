/// What drawing needs from a font stack: one glyph's pixels at a size and position.
///
/// ``TextShaping`` measures; this draws. A renderer asks for each glyph of a placed line and
/// blends what comes back, so it never needs to know which rasteriser answers.
public protocol GlyphRasterizing: Sendable {
  /// Glyph `glyph` of face `index` of the font file at `file`, at `pixelsPerEm`, its origin
  /// at (`x`, `y`) in the target's pixels, cut to the pixels of `visible` (x0, y0 inclusive;
  /// x1, y1 exclusive).
  ///
  /// - Parameters:
  ///   - glyph: The glyph's id in the face.
  ///   - file: The font file.
  ///   - index: The face's index in the file.
  ///   - pixelsPerEm: The size, in the target's pixels per em.
  ///   - x: The glyph origin's column, in the target's pixels (fractional).
  ///   - y: The glyph origin's row (its baseline), in the target's pixels (fractional).
  ///   - visible: The pixels that may be drawn.
  ///   - foreground: The text's colour, for the layers of a colour glyph that take it.
  /// - Returns: The glyph's pixels, or nil when it has none inside `visible`.
  /// - Throws: ``FontError`` when the face cannot be opened or the glyph rasterised.
  func glyphImage(
    _ glyph: UInt32, file: String, index: Int, pixelsPerEm: Double, x: Double, y: Double,
    visible: (x0: Int, y0: Int, x1: Int, y1: Int),
    foreground: (red: UInt8, green: UInt8, blue: UInt8)
  ) throws(FontError) -> GlyphImage?
}

/// A glyph's coverage, one byte per pixel from 0 (none) to 255 (full); and for a glyph drawn
/// in its own colours (a colour bitmap face's, or one with `COLR` layers), its colours.
public struct GlyphImage: Hashable, Sendable {
  /// The column of the image's left edge, in the target's pixels.
  public var left: Int
  /// The row of the image's top edge, in the target's pixels (rows grow downwards).
  public var top: Int
  /// The width in pixels.
  public var width: Int
  /// The height in pixels.
  public var height: Int
  /// Row by row, `width` bytes each; for a colour glyph, its alpha.
  public var coverage: [UInt8]
  /// For a glyph drawn in its own colours rather than the text's, row by row, `width` pixels
  /// of red, green, blue and alpha, premultiplied (no channel exceeds the alpha); nil for a
  /// glyph drawn in the text's colour with ``coverage``.
  public var color: [UInt8]?

  /// Creates an image from its rows.
  public init(
    left: Int, top: Int, width: Int, height: Int, coverage: [UInt8], color: [UInt8]? = nil
  ) {
    self.left = left
    self.top = top
    self.width = width
    self.height = height
    self.coverage = coverage
    self.color = color
  }
}

extension GlyphRasterizing {
  /// Glyph `glyph` drawn for black text.
  ///
  /// - Throws: ``FontError`` when the face cannot be opened or the glyph rasterised.
  public func glyphImage(
    _ glyph: UInt32, file: String, index: Int, pixelsPerEm: Double, x: Double, y: Double,
    visible: (x0: Int, y0: Int, x1: Int, y1: Int)
  ) throws(FontError) -> GlyphImage? {
    try glyphImage(
      glyph, file: file, index: index, pixelsPerEm: pixelsPerEm, x: x, y: y, visible: visible,
      foreground: (0, 0, 0))
  }
}
