internal import CFreeType
import FontFitText
import Synchronization

/// The FreeType library handle.
///
/// Owned by exactly one object and freed with it.
///
/// FreeType requires that faces are created and freed one at a time per library, so every use
/// of the handle holds `handle`'s lock.
final class FreeTypeLibrary: Sendable {
  /// The `FT_Library`, guarded: creating and freeing faces must not race.
  private let handle: Mutex<Handle>

  /// The raw handle; `@unchecked Sendable` because it is only reachable under `handle`'s lock.
  private struct Handle: @unchecked Sendable {
    let library: FT_Library
  }

  /// Initialises FreeType.
  init() throws(FontError) {
    var library: FT_Library?
    try checkFreeType(FT_Init_FreeType(&library), "FT_Init_FreeType")
    guard let library else {
      throw FontError(
        library: .freeType, function: "FT_Init_FreeType", message: "returned no library")
    }
    handle = Mutex(Handle(library: library))
  }

  deinit {
    handle.withLock { _ = FT_Done_FreeType($0.library) }
  }

  /// Runs `body` with the library locked.
  func withLibrary<Result, Failure: Error>(
    _ body: (FT_Library) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try handle.withLock { (handle) throws(Failure) -> Result in try body(handle.library) }
  }
}

/// Throws when a FreeType call failed, naming the function and the font file if any.
func checkFreeType(_ code: FT_Error, _ function: String, file: String? = nil) throws(FontError) {
  guard code != 0 else { return }
  let message = FT_Error_String(code).map { String(cString: $0) } ?? "FreeType error"
  throw FontError(library: .freeType, function: function, code: code, message: message, file: file)
}

/// One face of a font file: FreeType for its vertical metrics and character map, HarfBuzz
/// for shaping.
///
/// An `FT_Face` must not be used from two threads at once, so the handle and its cache live
/// behind one lock; the HarfBuzz font is thread-safe on its own.
final class FontFace: Sendable {
  /// The library the face belongs to; kept alive as long as the face.
  private let library: FreeTypeLibrary
  /// The face handle and its character-map cache.
  private let state: Mutex<CharacterMap>
  /// Font units per em.
  let unitsPerEm: Double
  /// Vertical metrics in ems.
  let lineMetrics: LineMetrics
  /// The same face as HarfBuzz shapes it.
  let harfBuzz: HarfBuzzFace
  /// One bit per code point of the Basic Multilingual Plane, set when the face draws it.
  ///
  /// It is read without the lock. Below 256 the bits are exact; above, a clear bit only means
  /// the character map has no glyph, and the locked path decides (a default-ignorable code
  /// point is drawn as nothing).
  private let drawnBMP: [UInt64]
  /// The hyphen the face draws at a break inside a word: U+2010 as Pango inserts it, or
  /// U+002D when the face lacks it, with its glyph and advance in ems; nil when it has
  /// neither.
  let hyphen: (text: String, glyph: UInt32, advance: Double)?

  /// Opens face `index` of the file at `path`.
  init(library: FreeTypeLibrary, path: String, index: Int) throws(FontError) {
    self.library = library
    let face = try library.withLibrary { (handle) throws(FontError) -> FT_Face in
      var face: FT_Face?
      try checkFreeType(FT_New_Face(handle, path, index, &face), "FT_New_Face", file: path)
      guard let face else {
        throw FontError(
          library: .freeType, function: "FT_New_Face", message: "returned no face", file: path)
      }
      return face
    }
    func release() { _ = library.withLibrary { _ in FT_Done_Face(face) } }
    guard fontfit_ft_is_scalable(face) != 0, face.pointee.units_per_EM > 0 else {
      release()
      throw FontError(
        library: .freeType, function: "FT_IS_SCALABLE",
        message: "not a scalable font; only outline fonts can be measured", file: path)
    }
    let rec = face.pointee
    let metrics = Self.lineMetrics(of: face, unitsPerEm: Double(rec.units_per_EM))
    guard metrics.ascent >= 0, metrics.descent >= 0 else {
      release()
      throw FontError(
        library: .freeType, function: "FT_Get_Sfnt_Table",
        message: "the font's ascent or descent is negative, so its lines have no valid height",
        file: path)
    }
    do {
      harfBuzz = try HarfBuzzFace(path: path, index: index)
    } catch {
      release()
      throw error
    }
    unitsPerEm = Double(rec.units_per_EM)
    lineMetrics = metrics
    var map = CharacterMap(face: face)
    var drawn = [UInt64](repeating: 0, count: 1024)
    for value in 0..<256
    where Self.missing(Character(Unicode.Scalar(UInt8(value))), in: &map).isEmpty {
      drawn[value >> 6] |= 1 << UInt64(value & 63)
    }
    // Every other code point the character map covers, walked once when the face opens:
    // 0.08 ms for DejaVu Sans (5,370 code points), 0.5 ms for WenQuanYi Micro Hei (34,594),
    // beside what opening the face costs anyway.
    var glyph: FT_UInt = 0
    var code = FT_Get_First_Char(face, &glyph)
    while glyph != 0, code < 0x10000 {
      if code >= 256 { drawn[Int(code >> 6)] |= 1 << UInt64(code & 63) }
      code = FT_Get_Next_Char(face, code, &glyph)
    }
    drawnBMP = drawn
    do {
      hyphen = try Self.hyphen(harfBuzz, drawsHyphenMinus: drawn[0] & (1 << 0x2D) != 0, map: &map)
    } catch {
      _ = library.withLibrary { _ in FT_Done_Face(face) }
      throw error
    }
    state = Mutex(map)
  }

  private static func hyphen(
    _ face: HarfBuzzFace, drawsHyphenMinus: Bool, map: inout CharacterMap
  ) throws(FontError) -> (text: String, glyph: UInt32, advance: Double)? {
    let candidates = [
      (text: "\u{2010}", drawn: missing("\u{2010}", in: &map).isEmpty),
      (text: "-", drawn: drawsHyphenMinus),
    ]
    for candidate in candidates where candidate.drawn {
      let bytes = Array(candidate.text.utf8)
      let run = ShapingRun(range: 0..<bytes.count, isRightToLeft: false, script: "Zyyy")
      guard let glyph = try face.shape(bytes, run: run, language: nil).first else { continue }
      return (candidate.text, glyph.id, Double(glyph.xAdvance) / Double(face.unitsPerEm))
    }
    return nil
  }

  deinit {
    state.withLock { map in
      let face = map.face
      _ = library.withLibrary { _ in FT_Done_Face(face) }
    }
  }

  /// The ascent, descent and line gap the way HarfBuzz (and so Pango) reads them: from the
  /// OS/2 typographic metrics when the font sets USE_TYPO_METRICS, else from the `hhea` table.
  private static func lineMetrics(of face: FT_Face, unitsPerEm: Double) -> LineMetrics {
    let useTypoMetrics: UInt16 = 1 << 7
    if let os2 = fontfit_ft_os2_table(face), os2.pointee.fsSelection & useTypoMetrics != 0 {
      let table = os2.pointee
      return LineMetrics(
        ascent: Double(table.sTypoAscender) / unitsPerEm,
        descent: -Double(table.sTypoDescender) / unitsPerEm,
        lineGap: max(Double(table.sTypoLineGap), 0) / unitsPerEm)
    }
    let rec = face.pointee
    let ascent = Double(rec.ascender)
    let descent = -Double(rec.descender)
    let lineGap = max(Double(rec.height) - ascent - descent, 0)
    return LineMetrics(
      ascent: ascent / unitsPerEm, descent: descent / unitsPerEm, lineGap: lineGap / unitsPerEm)
  }

  /// The characters of `character` this face has no glyph for; empty when it draws them all.
  ///
  /// Controls and default-ignorable code points such as ZWJ and variation selectors draw
  /// nothing and are never missing, as HarfBuzz hides them. A tab counts as a space.
  func missingCharacters(in character: Character) -> [Unicode.Scalar] {
    state.withLock { map in Self.missing(character, in: &map) }
  }

  /// Whether the face draws the one-scalar cluster `scalar`: the same answer as
  /// ``missingCharacters(in:)``, without the lock for the code points its character map has
  /// and for the first 256.
  func draws(_ scalar: Unicode.Scalar) -> Bool {
    let value = Int(scalar.value)
    if value < 0x10000 {
      if drawnBMP[value >> 6] & (1 << UInt64(value & 63)) != 0 { return true }
      if value < 256 { return false }
    }
    return missingCharacters(in: Character(scalar)).isEmpty
  }

  private static func missing(_ character: Character, in map: inout CharacterMap)
    -> [Unicode.Scalar]
  {
    var missing: [Unicode.Scalar] = []
    for scalar in character.unicodeScalars {
      let properties = scalar.properties
      if properties.isDefaultIgnorableCodePoint { continue }
      if properties.generalCategory == .control {
        if scalar == "\t", map.glyph(" ") == 0 { missing.append(scalar) }
        continue
      }
      if map.glyph(scalar) == 0 { missing.append(scalar) }
    }
    return missing
  }

  /// The face handle and the glyph indices looked up so far; reachable only while the face is
  /// locked, hence `@unchecked Sendable`.
  struct CharacterMap: ~Copyable, @unchecked Sendable {
    fileprivate let face: FT_Face
    private var glyphs: [UInt32: UInt32] = [:]
    /// The most look-ups kept per face.
    static let glyphLimit = 8192

    fileprivate init(face: FT_Face) {
      self.face = face
    }

    /// The glyph index for `scalar`; 0 when the font lacks it.
    mutating func glyph(_ scalar: Unicode.Scalar) -> UInt32 {
      if let cached = glyphs[scalar.value] { return cached }
      let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
      // Bounded: a text with every code point forgets earlier look-ups rather than grow.
      if glyphs.count >= Self.glyphLimit { glyphs.removeAll(keepingCapacity: true) }
      glyphs[scalar.value] = index
      return index
    }
  }
}

/// A glyph's coverage as FreeType rasterised it: one byte per pixel, 0 (none) to 255 (full).
package struct GlyphImage: Sendable {
  /// The column of the image's left edge, in the target's pixels.
  package var left: Int
  /// The row of the image's top edge, in the target's pixels (rows grow downwards).
  package var top: Int
  /// The width in pixels.
  package var width: Int
  /// The height in pixels.
  package var height: Int
  /// Row by row, `width` bytes each.
  package var coverage: [UInt8]
}

extension FontFace {
  /// The most pixels a rasterised glyph may span in either direction.
  package static let maximumGlyphPixels = 16_384

  /// Glyph `glyph` rasterised unhinted and antialiased at `pixelsPerEm`, with its origin (on
  /// the baseline) at (`x`, `y`) in the target's pixels, fractions honoured; nil for a glyph
  /// that draws nothing (a space) or lies wholly outside `visible` (columns `x0..<x1`, rows
  /// `y0..<y1`), which is then never rasterised.
  ///
  /// - Throws: ``FontError`` when FreeType cannot load or render the glyph, or when a
  ///   visible glyph would span more than ``maximumGlyphPixels`` or its position is not a
  ///   finite number of pixels within ±2³⁰.
  package func image(
    of glyph: UInt32, pixelsPerEm: Double, x: Double, y: Double,
    visible: (x0: Int, y0: Int, x1: Int, y1: Int)
  ) throws(FontError) -> GlyphImage? {
    let limit = Double(1 << 30)
    guard x.isFinite, y.isFinite, abs(x) < limit, abs(y) < limit, pixelsPerEm.isFinite,
      pixelsPerEm > 0, pixelsPerEm * 64 < limit
    else {
      throw FontError(
        library: .freeType, function: "FT_Set_Char_Size",
        message: "glyph \(glyph) cannot be drawn at \(pixelsPerEm) pixels per em at (\(x), \(y))")
    }
    let column = x.rounded(.down)
    let row = y.rounded(.down)
    // The fraction left of the pixel grid, in 26.6 units; FreeType's y axis points up.
    let dx = FT_Pos(((x - column) * 64).rounded())
    let dy = -FT_Pos(((y - row) * 64).rounded())
    let size = FT_F26Dot6((pixelsPerEm * 64).rounded())
    return try state.withLock { (map) throws(FontError) -> GlyphImage? in
      let face = map.face
      var box = FT_BBox()
      try checkFreeType(
        fontfit_ft_load_outline(face, FT_UInt(glyph), size, dx, dy, &box), "FT_Load_Glyph")
      // The pixels the outline covers, rows growing downwards.
      let left = Int(column) + Int(box.xMin >> 6)
      let right = Int(column) + Int((box.xMax + 63) >> 6)
      let top = Int(row) - Int((box.yMax + 63) >> 6)
      let bottom = Int(row) - Int(box.yMin >> 6)
      guard right > visible.x0, left < visible.x1, bottom > visible.y0, top < visible.y1 else {
        return nil
      }
      guard right - left <= Self.maximumGlyphPixels, bottom - top <= Self.maximumGlyphPixels
      else {
        throw FontError(
          library: .freeType, function: "FT_Render_Glyph",
          message: "glyph \(glyph) would be \(right - left)×\(bottom - top) pixels at "
            + "\(pixelsPerEm) pixels per em, more than \(Self.maximumGlyphPixels) a side")
      }
      guard let slot = face.pointee.glyph else { return nil }
      try checkFreeType(FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL), "FT_Render_Glyph")
      let bitmap = slot.pointee.bitmap
      let width = Int(bitmap.width)
      let height = Int(bitmap.rows)
      guard width > 0, height > 0, let buffer = bitmap.buffer else { return nil }
      var coverage = [UInt8](repeating: 0, count: width * height)
      let pitch = Int(bitmap.pitch)
      for line in 0..<height {
        // A negative pitch means the rows are stored bottom up.
        let source = pitch >= 0 ? buffer + line * pitch : buffer + (height - 1 - line) * -pitch
        for pixel in 0..<width { coverage[line * width + pixel] = source[pixel] }
      }
      return GlyphImage(
        left: Int(column) + Int(slot.pointee.bitmap_left),
        top: Int(row) - Int(slot.pointee.bitmap_top), width: width, height: height,
        coverage: coverage)
    }
  }
}

extension FontSystem {
  /// Glyph `glyph` of face `index` of the font file at `file`, rasterised as
  /// ``FontFace/image(of:pixelsPerEm:x:y:visible:)`` does, with the face from the bounded
  /// face cache.
  package func glyphImage(
    _ glyph: UInt32, file: String, index: Int, pixelsPerEm: Double, x: Double, y: Double,
    visible: (x0: Int, y0: Int, x1: Int, y1: Int)
  ) throws(FontError) -> GlyphImage? {
    try face(for: FaceKey(file: file, index: index)).image(
      of: glyph, pixelsPerEm: pixelsPerEm, x: x, y: y, visible: visible)
  }
}
