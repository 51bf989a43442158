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

/// A glyph and its unhinted advance, in font units.
struct Glyph: Hashable, Sendable {
  /// The glyph index; 0 is `.notdef`, the font's missing-glyph box.
  var index: UInt32
  /// The advance width in font units.
  var advance: Int32
}

/// One face of a font file, measured in font units.
///
/// An `FT_Face` must not be used from two threads at once, so the handle and the caches live
/// behind one lock. Advances and kerning are cached in font units: unhinted advances scale
/// linearly with size, so one cache serves every size.
final class FontFace: Sendable {
  /// The library the face belongs to; kept alive as long as the face.
  private let library: FreeTypeLibrary
  /// The face handle and its caches.
  private let state: Mutex<Measurer>
  /// Font units per em.
  let unitsPerEm: Double
  /// Vertical metrics in ems.
  let lineMetrics: LineMetrics

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
    guard fontfit_ft_is_scalable(face) != 0, face.pointee.units_per_EM > 0 else {
      _ = library.withLibrary { _ in FT_Done_Face(face) }
      throw FontError(
        library: .freeType, function: "FT_IS_SCALABLE",
        message: "not a scalable font; only outline fonts can be measured", file: path)
    }
    let rec = face.pointee
    let metrics = Self.lineMetrics(of: face, unitsPerEm: Double(rec.units_per_EM))
    guard metrics.ascent >= 0, metrics.descent >= 0 else {
      _ = library.withLibrary { _ in FT_Done_Face(face) }
      throw FontError(
        library: .freeType, function: "FT_Get_Sfnt_Table",
        message: "the font's ascent or descent is negative, so its lines have no valid height",
        file: path)
    }
    unitsPerEm = Double(rec.units_per_EM)
    lineMetrics = metrics
    state = Mutex(
      Measurer(face: face, hasKerning: fontfit_ft_has_kerning(face) != 0, file: path))
  }

  deinit {
    state.withLock { measurer in
      let face = measurer.face
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

  /// Runs `body` with the face locked, so a run's glyphs and kerning are read under one lock.
  func withMeasurer<Result, Failure: Error>(
    _ body: (inout Measurer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try state.withLock { (measurer) throws(Failure) -> Result in try body(&measurer) }
  }

  /// The face handle and its caches; reachable only while the face is locked, hence
  /// `@unchecked Sendable`.
  struct Measurer: ~Copyable, @unchecked Sendable {
    fileprivate let face: FT_Face
    private let hasKerning: Bool
    private let file: String
    private var glyphs: [UInt32: Glyph] = [:]
    private var kerning: [UInt64: Int32] = [:]

    fileprivate init(face: FT_Face, hasKerning: Bool, file: String) {
      self.face = face
      self.hasKerning = hasKerning
      self.file = file
    }

    /// The glyph for `scalar` with its advance in font units; glyph 0 when the font lacks it.
    ///
    /// - Throws: ``FontError`` when FreeType cannot load the glyph's advance: a glyph that
    ///   cannot be measured must not measure as zero width and "fit".
    mutating func glyph(for scalar: Unicode.Scalar) throws(FontError) -> Glyph {
      if let cached = glyphs[scalar.value] { return cached }
      let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
      var advance: FT_Fixed = 0
      try checkFreeType(
        FT_Get_Advance(face, index, FT_Int32(FT_LOAD_NO_SCALE), &advance), "FT_Get_Advance",
        file: file)
      let glyph = Glyph(index: index, advance: Int32(clamping: advance))
      glyphs[scalar.value] = glyph
      return glyph
    }

    /// The kerning between two glyphs in font units, from the font's `kern` table.
    ///
    /// - Throws: ``FontError`` when FreeType cannot read the table.
    mutating func kerning(_ left: UInt32, _ right: UInt32) throws(FontError) -> Int32 {
      guard hasKerning, left != 0, right != 0 else { return 0 }
      let key = UInt64(left) << 32 | UInt64(right)
      if let cached = kerning[key] { return cached }
      var vector = FT_Vector()
      let mode = FT_UInt(FT_KERNING_UNSCALED.rawValue)
      try checkFreeType(
        FT_Get_Kerning(face, left, right, mode, &vector), "FT_Get_Kerning", file: file)
      let value = Int32(clamping: vector.x)
      kerning[key] = value
      return value
    }
  }
}
