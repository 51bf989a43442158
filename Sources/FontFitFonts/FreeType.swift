internal import CFreeType
import FontFitFontModel
@_spi(Engine) import FontFitText
internal import Glibc

/// The FreeType library handle.
///
/// Owned by exactly one object and freed with it.
///
/// FreeType requires that faces are created and freed one at a time per library, so every use
/// of the handle holds `handle`'s lock.
final class FreeTypeLibrary: Sendable {
  /// The `FT_Library`, guarded: creating and freeing faces must not race.
  private let handle: Lock<Handle>

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
    handle = Lock(Handle(library: library))
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

/// Throws when a FreeType call failed, naming the function, the font file and the glyph if
/// any.
func checkFreeType(
  _ code: FT_Error, _ function: String, file: String? = nil, glyph: UInt32? = nil
) throws(FontError) {
  guard code != 0 else { return }
  var message = FT_Error_String(code).map { String(cString: $0) } ?? "FreeType error"
  if let glyph { message = "glyph \(glyph): \(message)" }
  throw FontError(library: .freeType, function: function, code: code, message: message, file: file)
}

/// A font file read whole into memory the process owns, shared by FreeType and HarfBuzz for
/// every face of the file.
///
/// Both libraries would otherwise memory-map the file (`FT_New_Face`,
/// `hb_blob_create_from_file`), and a mapped file truncated under the running process, as a
/// package upgrade replacing a font does, raises SIGBUS at the next glyph read, while one
/// overwritten in place changes answers silently (issue 12). A private copy cannot change:
/// truncating, overwriting or deleting the file afterwards changes nothing its faces answer.
///
/// The cost is the whole file in memory for as long as a face of it is open (in the font
/// system's face cache, or in use): 760 KB for DejaVu Sans, 5.2 MB for WenQuanYi Micro Hei,
/// whose two faces share one copy; with the default bound of 64 open faces, at most 64 files.
/// A font system reads a file once while any face of it stays open.
final class FontFileBytes: Sendable {
  /// The file's path, as it was read.
  let path: String
  /// The number of bytes.
  let count: Int
  /// The bytes, never written after `init`, hence `@unchecked Sendable`.
  private let storage: Storage

  private struct Storage: @unchecked Sendable {
    let bytes: UnsafeMutablePointer<UInt8>
  }

  /// The largest file read, 2 GiB: HarfBuzz takes 32-bit lengths, FreeType signed ones.
  static let maximumByteCount = Int(Int32.max)

  /// Reads the whole file at `path`.
  ///
  /// Failures are reported as `FT_New_Face` failing with `FT_Err_Cannot_Open_Resource`, as
  /// FreeType reported them when it read the file itself, the system call's error in the
  /// message.
  ///
  /// - Throws: ``FontError`` naming the file when it cannot be opened or read, is not a
  ///   regular file, is empty or larger than ``maximumByteCount``, or changes size while it is
  ///   read.
  init(reading path: String) throws(FontError) {
    func failure(_ message: String) -> FontError {
      FontError(
        library: .freeType, function: "FT_New_Face", code: 1,
        message: "cannot open resource: \(message)", file: path)
    }
    func systemFailure(_ function: String) -> FontError {
      let code = errno
      return failure("\(function): \(String(cString: strerror(code)))")
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw systemFailure("open") }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw systemFailure("fstat") }
    guard status.st_mode & S_IFMT == S_IFREG else { throw failure("not a regular file") }
    let size = Int(status.st_size)
    guard size > 0 else { throw failure("the file is empty") }
    guard size <= Self.maximumByteCount else {
      throw failure("the file has \(size) bytes, more than \(Self.maximumByteCount)")
    }
    let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
    var filled = 0
    while filled < size {
      let received = read(descriptor, bytes + filled, size - filled)
      if received > 0 {
        filled += received
      } else if received < 0, errno == EINTR {
        continue
      } else {
        let error =
          received < 0
          ? systemFailure("read")
          : failure("the file shrank from \(size) to \(filled) bytes while it was read")
        bytes.deallocate()
        throw error
      }
    }
    var extra: UInt8 = 0
    guard read(descriptor, &extra, 1) <= 0 else {
      bytes.deallocate()
      throw failure("the file grew beyond \(size) bytes while it was read")
    }
    self.path = path
    count = size
    storage = Storage(bytes: bytes)
  }

  deinit {
    storage.bytes.deallocate()
  }

  /// The first byte, as FreeType takes it; valid as long as `self` is.
  var bytes: UnsafePointer<UInt8> { UnsafePointer(storage.bytes) }

  /// The first byte, as HarfBuzz takes it; valid as long as `self` is.
  var characters: UnsafePointer<CChar> {
    UnsafeRawPointer(storage.bytes).assumingMemoryBound(to: CChar.self)
  }
}

/// A face's super- and subscript metrics in ems, as OpenType's `OS/2` table gives them; nil
/// where the face has no such table.
struct ScriptMetrics: Sendable {
  /// The size of superscript glyphs.
  var superscriptSize: Double?
  /// How far superscripts are raised.
  var superscriptOffset: Double?
  /// The size of subscript glyphs.
  var subscriptSize: Double?
  /// How far subscripts are lowered.
  var subscriptOffset: Double?

  /// The size of `position` glyphs as a multiple of the face's: the face's own, or 1/1.2 as
  /// Pango takes it when the face has none.
  func scale(_ position: ScriptPosition) -> Double {
    let size = position == .superscript ? superscriptSize : subscriptSize
    guard let size, size > 0, size.isFinite else { return 1 / 1.2 }
    return size
  }

  /// How far `position` glyphs are raised (negative: lowered), in ems of the face: its own
  /// offset, or a third of an em when it has none.
  func shift(_ position: ScriptPosition) -> Double {
    let offset = position == .superscript ? superscriptOffset : subscriptOffset
    let value = offset.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? 1 / 3
    return position == .superscript ? value : -value
  }
}

/// One face of a font file: FreeType for its vertical metrics and character map, HarfBuzz
/// for shaping, both reading one in-memory copy of the file (``FontFileBytes``).
///
/// An `FT_Face` must not be used from two threads at once, so the handle and its cache live
/// behind one lock; the HarfBuzz font is thread-safe on its own.
final class FontFace: Sendable {
  /// The library the face belongs to; kept alive as long as the face.
  private let library: FreeTypeLibrary
  /// The file's bytes, which FreeType reads until the face is freed.
  let fileBytes: FontFileBytes
  /// The face handle and its character-map cache.
  private let state: Lock<CharacterMap>
  /// Font units per em.
  let unitsPerEm: Double
  /// Vertical metrics in ems.
  let lineMetrics: LineMetrics
  /// Where the face draws underlines and strikethroughs, in ems.
  let decorations: FontDecorations
  /// The face's super- and subscript sizes and offsets, in ems (OpenType's `OS/2` table).
  let scriptMetrics: ScriptMetrics
  /// The same face as HarfBuzz shapes it.
  let harfBuzz: HarfBuzzFace
  /// The font lists a shaper starts from for text in this face, made on first use.
  let shaperBase = OnceReference<ShaperBase>()
  /// One bit per code point of the Basic Multilingual Plane, set when the face draws it.
  ///
  /// It is read without the lock, and its bits are exact: a default-ignorable code point,
  /// which is drawn as nothing and so never missing, is set whatever the character map has.
  private let drawnBMP: [UInt64]

  /// The default-ignorable code points from U+0100 to U+FFFF, one bit each.
  ///
  /// Every face "draws" them, as nothing (there are no controls in that range). They are
  /// set from ``defaultIgnorableRanges``, rather than by asking the Unicode properties of
  /// each of the plane's 65,000 code points, which took 21 million instructions (7 ms) at the
  /// start of every process.
  static let drawnAsNothing: [UInt64] = {
    var bits = [UInt64](repeating: 0, count: 1024)
    for range in defaultIgnorableRanges {
      for value in range { bits[Int(value >> 6)] |= 1 << UInt64(value & 63) }
    }
    return bits
  }()

  /// The code points from U+0100 to U+FFFF with Unicode's Default_Ignorable_Code_Point.
  ///
  /// They are those of `DerivedCoreProperties.txt`. A test compares them with the standard
  /// library's property for every code point of the plane, so a Unicode version that
  /// changes them fails it.
  static let defaultIgnorableRanges: [ClosedRange<UInt32>] = [
    0x034F...0x034F,  // combining grapheme joiner
    0x061C...0x061C,  // Arabic letter mark
    0x115F...0x1160,  // Hangul choseong and jungseong fillers
    0x17B4...0x17B5,  // Khmer inherent vowels
    0x180B...0x180F,  // Mongolian free variation selectors and vowel separator
    0x200B...0x200F,  // zero width space, joiners, directional marks
    0x202A...0x202E,  // directional embeddings and overrides
    0x2060...0x206F,  // word joiner, invisible operators, isolates, deprecated formats
    0x3164...0x3164,  // Hangul filler
    0xFE00...0xFE0F,  // variation selectors
    0xFEFF...0xFEFF,  // zero width no-break space
    0xFFA0...0xFFA0,  // halfwidth Hangul filler
    0xFFF0...0xFFF8,  // unassigned, reserved as default-ignorable
  ]
  /// The hyphen the face draws at a break inside a word: U+2010 as Pango inserts it, or
  /// U+002D when the face lacks it, with its glyph and advance in ems; nil when it has
  /// neither.
  let hyphen: (text: String, glyph: UInt32, advance: Double)?

  /// The pixels per em of each strike of a colour bitmap face (``isColorBitmap``), in
  /// FreeType's order; empty for an outline face.
  let strikes: [Double]
  /// The family the face names itself by (FreeType's `family_name`), to check that the file
  /// still holds the face Fontconfig listed; empty when it names none.
  let familyName: String
  /// Whether the face is an outline face whose glyphs may be drawn in colour layers (a `COLR`
  /// version 0 table): such a glyph is drawn as
  /// ``image(of:pixelsPerEm:x:y:visible:foreground:)`` describes.
  let hasColorLayers: Bool
  /// The colours a face with colour layers paints them in: its `CPAL` palette 0, straight
  /// RGBA; empty for any other face, or one without a palette.
  let palette: [LayerColor]

  /// Whether the face draws colour bitmaps from strikes.
  ///
  /// Such a face is CBDT/CBLC without outlines, or sbix (whose outlines, if any, are
  /// placeholders). It is measured in font units like any other,
  /// from its `head`, `hhea` and `hmtx` tables, and drawn by scaling one of its strikes.
  var isColorBitmap: Bool { !strikes.isEmpty }

  /// The font file's path.
  var file: String { fileBytes.path }

  /// The units per em a face may have, as OpenType allows them.
  static let unitsPerEmRange: ClosedRange<UInt16> = 16...16_384

  /// Opens face `index` of `file`'s bytes and checks that FreeType and HarfBuzz read it alike.
  ///
  /// - Throws: ``FontError`` naming the file when FreeType rejects the bytes (`FT_New_Face`),
  ///   when the face is neither scalable nor a colour bitmap face (a monochrome bitmap font),
  ///   or its units per em or vertical metrics are invalid, when
  ///   HarfBuzz cannot read it, or when the two disagree on the units per em, on a sample of
  ///   the character map or on a sample of glyph advances, or FreeType cannot load a sampled
  ///   glyph (`FT_Load_Glyph`): the file is damaged, or changed after Fontconfig scanned it.
  init(library: FreeTypeLibrary, file: FontFileBytes, index: Int) throws(FontError) {
    self.library = library
    fileBytes = file
    let path = file.path
    let face = try library.withLibrary { (handle) throws(FontError) -> FT_Face in
      var face: FT_Face?
      // FT_New_Face on the bytes in memory: FreeType never maps or reads the file.
      try checkFreeType(
        FT_New_Memory_Face(handle, file.bytes, FT_Long(file.count), FT_Long(index), &face),
        "FT_New_Face", file: path)
      guard let face else {
        throw FontError(
          library: .freeType, function: "FT_New_Face", message: "returned no face", file: path)
      }
      return face
    }
    familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
    var map = CharacterMap(face: face)
    do {
      let contents = try Self.contents(of: face, file: file, index: index, map: &map)
      unitsPerEm = contents.unitsPerEm
      lineMetrics = contents.lineMetrics
      decorations = contents.decorations
      scriptMetrics = contents.scriptMetrics
      harfBuzz = contents.harfBuzz
      drawnBMP = contents.drawnBMP
      hyphen = contents.hyphen
      strikes = contents.strikes
      hasColorLayers = contents.hasColorLayers
      palette = contents.palette
    } catch {
      _ = library.withLibrary { _ in FT_Done_Face(face) }
      throw error
    }
    state = Lock(map)
  }

  /// What a face holds besides its handle, read once when it opens.
  private struct Contents {
    var unitsPerEm: Double
    var lineMetrics: LineMetrics
    var decorations: FontDecorations
    var scriptMetrics: ScriptMetrics
    var harfBuzz: HarfBuzzFace
    var drawnBMP: [UInt64]
    var hyphen: (text: String, glyph: UInt32, advance: Double)?
    var strikes: [Double]
    var hasColorLayers: Bool
    var palette: [LayerColor]
  }

  /// Reads and checks a newly opened face; the caller frees it on failure.
  private static func contents(
    of face: FT_Face, file: FontFileBytes, index: Int, map: inout CharacterMap
  ) throws(FontError) -> Contents {
    let path = file.path
    let rec = face.pointee
    let isColorBitmap = fontfit_ft_is_color_bitmap(face) != 0
    guard fontfit_ft_is_scalable(face) != 0 || isColorBitmap else {
      throw FontError(
        library: .freeType, function: "FT_IS_SCALABLE",
        message: "not a scalable font; only outline fonts and colour bitmap fonts can be "
          + "measured", file: path)
    }
    // FreeType gives a colour bitmap face no units per em; its `head` table has them, as
    // HarfBuzz reads them.
    let units =
      isColorBitmap ? fontfit_ft_head_table(face)?.pointee.Units_Per_EM ?? 0 : rec.units_per_EM
    guard unitsPerEmRange.contains(units), rec.num_glyphs > 0 else {
      throw FontError(
        library: .freeType, function: "FT_New_Face",
        message: "the face has \(units) units per em and \(rec.num_glyphs) glyphs; "
          + "the file is damaged", file: path)
    }
    var strikes: [Double] = []
    if isColorBitmap, let sizes = rec.available_sizes {
      for index in 0..<Int(max(rec.num_fixed_sizes, 0)) where sizes[index].y_ppem > 0 {
        strikes.append(Double(sizes[index].y_ppem) / 64)
      }
      guard !strikes.isEmpty else {
        throw FontError(
          library: .freeType, function: "FT_New_Face",
          message: "the colour bitmap face has no strike with a size; the file is damaged",
          file: path)
      }
    }
    let unitsPerEm = Double(units)
    let metrics = lineMetrics(of: face, unitsPerEm: unitsPerEm, isColorBitmap: isColorBitmap)
    guard metrics.ascent >= 0, metrics.descent >= 0 else {
      throw FontError(
        library: .freeType, function: "FT_Get_Sfnt_Table",
        message: "the font's ascent or descent is negative, so its lines have no valid height",
        file: path)
    }
    let harfBuzz = try HarfBuzzFace(file: file, index: index)
    var drawn = [UInt64](repeating: 0, count: 1024)
    for value in 0..<256
    where missing(Character(Unicode.Scalar(UInt8(value))), in: &map).isEmpty {
      drawn[value >> 6] |= 1 << UInt64(value & 63)
    }
    // Every other code point the character map covers, walked once when the face opens:
    // 0.08 ms for DejaVu Sans (5,370 code points), 0.5 ms for WenQuanYi Micro Hei (34,594),
    // beside what opening the face costs anyway.
    var glyph: FT_UInt = 0
    var code = FT_Get_First_Char(face, &glyph)
    // The characters FreeType and HarfBuzz must agree on: the first of the map and the first
    // from each of a few blocks on (Cyrillic, punctuation, CJK, Hangul).
    let blocks: [FT_ULong] = [0, 0x400, 0x2000, 0x4E00, 0xAC00]
    var sample: [FT_ULong] = []
    while glyph != 0, code < 0x10000 {
      if code >= 256 { drawn[Int(code >> 6)] |= 1 << UInt64(code & 63) }
      if sample.count < blocks.count, code >= blocks[sample.count] { sample.append(code) }
      code = FT_Get_Next_Char(face, code, &glyph)
    }
    for word in 4..<drawn.count { drawn[word] |= drawnAsNothing[word] }
    try checkAgreement(
      face, harfBuzz, unitsPerEm: Int(units), codes: sample + [0x20, 0x30, 0x41, 0x61],
      file: path)
    let hyphen = try hyphen(harfBuzz, drawsHyphenMinus: drawn[0] & (1 << 0x2D) != 0, map: &map)
    let hasColorLayers = !isColorBitmap && fontfit_ft_has_color_layers(face) != 0
    let (decorations, scriptMetrics) = Self.decorations(of: face, unitsPerEm: unitsPerEm)
    return Contents(
      unitsPerEm: unitsPerEm, lineMetrics: metrics, decorations: decorations,
      scriptMetrics: scriptMetrics, harfBuzz: harfBuzz, drawnBMP: drawn,
      hyphen: hyphen, strikes: strikes, hasColorLayers: hasColorLayers,
      palette: hasColorLayers ? palette(of: face) : [])
  }

  /// Palette 0 of `face`'s `CPAL` table, as FreeType reads it; empty when it has none.
  private static func palette(of face: FT_Face) -> [LayerColor] {
    var data = FT_Palette_Data()
    guard FT_Palette_Data_Get(face, &data) == 0, data.num_palettes > 0 else { return [] }
    var colors: UnsafeMutablePointer<FT_Color>?
    guard FT_Palette_Select(face, 0, &colors) == 0, let colors else { return [] }
    return (0..<Int(data.num_palette_entries)).map { index in
      let color = colors[index]
      return LayerColor(
        red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }
  }

  /// Checks that FreeType and HarfBuzz read the same face from the same bytes: the units per
  /// em (`unitsPerEm`, as FreeType's tables give them), the glyphs of the characters `codes`, the advances of those glyphs, of `.notdef` and
  /// of the last glyph (each of which FreeType must load), and the `GSUB` and `GPOS` tables;
  /// and that the space and the sampled glyphs do not all measure zero wide.
  ///
  /// HarfBuzz checks each table it reads and ignores a damaged one (answering no glyph, no
  /// kerning or default advances) where FreeType may accept it: a damaged font would measure
  /// wrong with no error. The samples cost microseconds when a face opens; a damaged table
  /// they miss (one glyph's outline, say) fails when the glyph is drawn.
  private static func checkAgreement(
    _ face: FT_Face, _ harfBuzz: HarfBuzzFace, unitsPerEm: Int, codes: [FT_ULong], file: String
  ) throws(FontError) {
    func damaged(_ function: String, _ message: String) -> FontError {
      FontError(
        library: .harfBuzz, function: function,
        message: message + "; the file is damaged or changed after Fontconfig scanned it",
        file: file)
    }
    let rec = face.pointee
    guard harfBuzz.unitsPerEm == unitsPerEm else {
      throw damaged(
        "hb_face_get_upem",
        "HarfBuzz reads \(harfBuzz.unitsPerEm) units per em, FreeType \(unitsPerEm)")
    }
    let glyphCount = min(UInt32(clamping: rec.num_glyphs), harfBuzz.glyphCount)
    var glyphs: Set<UInt32> = [0, glyphCount - 1]
    for code in codes {
      let glyph = UInt32(FT_Get_Char_Index(face, code))
      guard glyph != 0, let scalar = Unicode.Scalar(UInt32(clamping: code)) else { continue }
      let read = harfBuzz.glyph(for: scalar)
      guard read == glyph else {
        throw damaged(
          "hb_font_get_nominal_glyph",
          "HarfBuzz maps U+\(String(code, radix: 16, uppercase: true)) to glyph "
            + "\(read.map(String.init) ?? "none"), FreeType to glyph \(glyph)")
      }
      glyphs.insert(glyph)
    }
    var widest: FT_Pos = 0
    for glyph in glyphs.sorted() {
      var advance: FT_Pos = 0
      try checkFreeType(
        fontfit_ft_unscaled_advance(face, FT_UInt(glyph), &advance), "FT_Load_Glyph",
        file: file, glyph: glyph)
      let read = harfBuzz.advance(of: glyph)
      guard Int(read) == Int(advance) else {
        throw damaged(
          "hb_font_get_glyph_h_advance",
          "HarfBuzz reads an advance of \(read) for glyph \(glyph), FreeType \(advance)")
      }
      widest = max(widest, advance)
    }
    // Both read a zeroed `hmtx` table alike: every glyph would measure zero wide.
    let space = FT_Get_Char_Index(face, 0x20)
    guard widest > 0, space == 0 || harfBuzz.advance(of: UInt32(space)) > 0 else {
      throw damaged(
        "hb_font_get_glyph_h_advance",
        "the space or every sampled glyph has no advance, so text would measure zero wide")
    }
    for (name, read) in [("GSUB", harfBuzz.hasSubstitution), ("GPOS", harfBuzz.hasPositioning)]
    where !read {
      let tag = name.utf8.reduce(0) { $0 << 8 | FT_ULong($1) }
      var length: FT_ULong = 0
      guard FT_Load_Sfnt_Table(face, tag, 0, nil, &length) != 0 || length == 0 else {
        throw damaged(
          name == "GSUB" ? "hb_ot_layout_has_substitution" : "hb_ot_layout_has_positioning",
          "HarfBuzz ignores the font's \(name) table (\(length) bytes) as invalid")
      }
    }
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

  /// The underline (FreeType's, from the `post` table: the centre of the stroke) and the
  /// strikethrough and script metrics of the `OS/2` table, in ems.
  ///
  /// Without a `post` underline the line goes a tenth of an em below the baseline, a
  /// twentieth thick; without `OS/2` the strikethrough sits at a quarter of an em, and
  /// scripts have no metrics of their own (Pango then scales them by 1/1.2).
  private static func decorations(of face: FT_Face, unitsPerEm: Double)
    -> (FontDecorations, ScriptMetrics)
  {
    let rec = face.pointee
    var decorations = FontDecorations(
      underlinePosition: -0.1, underlineThickness: 0.05, strikethroughPosition: 0.25,
      strikethroughThickness: 0.05)
    if rec.underline_thickness > 0 {
      decorations.underlinePosition = Double(rec.underline_position) / unitsPerEm
      decorations.underlineThickness = Double(rec.underline_thickness) / unitsPerEm
    }
    var scripts = ScriptMetrics()
    if let os2 = fontfit_ft_os2_table(face) {
      let table = os2.pointee
      if table.yStrikeoutSize > 0 {
        decorations.strikethroughThickness = Double(table.yStrikeoutSize) / unitsPerEm
        decorations.strikethroughPosition =
          (Double(table.yStrikeoutPosition) - Double(table.yStrikeoutSize) / 2) / unitsPerEm
      }
      scripts = ScriptMetrics(
        superscriptSize: Double(table.ySuperscriptYSize) / unitsPerEm,
        superscriptOffset: Double(table.ySuperscriptYOffset) / unitsPerEm,
        subscriptSize: Double(table.ySubscriptYSize) / unitsPerEm,
        subscriptOffset: Double(table.ySubscriptYOffset) / unitsPerEm)
    }
    return (decorations, scripts)
  }

  /// The ascent, descent and line gap the way HarfBuzz (and so Pango) reads them: from the
  /// OS/2 typographic metrics when the font sets USE_TYPO_METRICS, else from the `hhea` table.
  ///
  /// FreeType reads `hhea` into the face for an outline face only; a colour bitmap face's
  /// table is read directly (zero when it has none).
  private static func lineMetrics(of face: FT_Face, unitsPerEm: Double, isColorBitmap: Bool)
    -> LineMetrics
  {
    let useTypoMetrics: UInt16 = 1 << 7
    if let os2 = fontfit_ft_os2_table(face), os2.pointee.fsSelection & useTypoMetrics != 0 {
      let table = os2.pointee
      return LineMetrics(
        ascent: Double(table.sTypoAscender) / unitsPerEm,
        descent: -Double(table.sTypoDescender) / unitsPerEm,
        lineGap: max(Double(table.sTypoLineGap), 0) / unitsPerEm)
    }
    let rec = face.pointee
    var ascent = Double(rec.ascender)
    var descent = -Double(rec.descender)
    var lineGap = max(Double(rec.height) - ascent - descent, 0)
    if isColorBitmap {
      let table = fontfit_ft_hhea_table(face)?.pointee
      ascent = Double(table?.Ascender ?? 0)
      descent = -Double(table?.Descender ?? 0)
      lineGap = max(Double(table?.Line_Gap ?? 0), 0)
    }
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
  /// ``missingCharacters(in:)``, without the lock anywhere in the Basic Multilingual Plane.
  func draws(_ scalar: Unicode.Scalar) -> Bool {
    let value = Int(scalar.value)
    if value < 0x10000 { return drawnBMP[value >> 6] & (1 << UInt64(value & 63)) != 0 }
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

  /// The face handle and the glyph indices looked up so far.
  ///
  /// It is reachable only while the face is locked, hence `@unchecked Sendable`. The handle is
  /// file-private: only this file reads it, inside the face's lock, and never keeps a copy of
  /// the map outside it.
  struct CharacterMap: @unchecked Sendable {
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

/// A colour a glyph's layer is painted in: red, green, blue and alpha, straight (not
/// premultiplied), as `CPAL` stores them.
struct LayerColor: Hashable, Sendable {
  var red: UInt8
  var green: UInt8
  var blue: UInt8
  var alpha: UInt8
}

extension FontFace {
  /// The most pixels a rasterised glyph may span in either direction.
  package static let maximumGlyphPixels = 16_384

  /// The `COLR` palette index that stands for the text's colour rather than a palette entry.
  static let foregroundColorIndex: UInt16 = 0xFFFF

  /// Glyph `glyph` rasterised unhinted and antialiased at `pixelsPerEm`, with its origin (on
  /// the baseline) at (`x`, `y`) in the target's pixels, fractions honoured; nil for a glyph
  /// that draws nothing (a space) or lies wholly outside `visible` (columns `x0..<x1`, rows
  /// `y0..<y1`), which is then never rasterised.
  ///
  /// A colour bitmap face's glyph is its bitmap from the strike cairo would choose, scaled as
  /// ``colorImage(of:pixelsPerEm:x:y:visible:)`` describes, in colour.
  ///
  /// A glyph with colour layers in a face with a `COLR` version 0 table (``hasColorLayers``) is
  /// its layer glyphs' outlines, each rasterised as an outline glyph is, composited in the
  /// table's order ("over") into one premultiplied image covering them all
  /// (``GlyphImage/color``): each layer in its colour of the face's palette 0, and a layer whose
  /// colour is the foreground (palette index 0xFFFF), or an index beyond the palette, in
  /// `foreground` (the text's colour; black by default), opaque: the text colour's alpha fades
  /// the whole image when it is drawn. A glyph without layers is drawn from its own outline, in
  /// the text's colour.
  /// - Throws: ``FontError`` when FreeType cannot load or render the glyph or one of its
  ///   layers, or when a visible glyph would span more than ``maximumGlyphPixels`` or its
  ///   position is not a finite number of pixels within ±2³⁰.
  package func image(
    of glyph: UInt32, pixelsPerEm: Double, x: Double, y: Double,
    visible: (x0: Int, y0: Int, x1: Int, y1: Int),
    foreground: (red: UInt8, green: UInt8, blue: UInt8) = (0, 0, 0)
  ) throws(FontError) -> GlyphImage? {
    let limit = Double(1 << 30)
    guard x.isFinite, y.isFinite, abs(x) < limit, abs(y) < limit, pixelsPerEm.isFinite,
      pixelsPerEm > 0, pixelsPerEm * 64 < limit
    else {
      throw FontError(
        library: .freeType, function: "FT_Set_Char_Size",
        message: "glyph \(glyph) cannot be drawn at \(pixelsPerEm) pixels per em at (\(x), \(y))",
        file: file)
    }
    if isColorBitmap {
      return try colorImage(of: glyph, pixelsPerEm: pixelsPerEm, x: x, y: y, visible: visible)
    }
    let placement = OutlinePlacement(pixelsPerEm: pixelsPerEm, x: x, y: y, visible: visible)
    return try state.withLock { (map) throws(FontError) -> GlyphImage? in
      let face = map.face
      if hasColorLayers {
        let layers = Self.colorLayers(of: glyph, in: face)
        if !layers.isEmpty {
          return try layeredImage(
            layers, of: glyph, face: face, placement: placement,
            foreground: LayerColor(
              red: foreground.red, green: foreground.green, blue: foreground.blue, alpha: 255))
        }
      }
      return try outlineImage(of: glyph, face: face, placement: placement)
    }
  }

  /// Where and how large an outline glyph is rasterised: its size in 26.6 pixels per em, the
  /// pixel its origin lies in, the fraction of the pixel beyond that (26.6, FreeType's y axis
  /// pointing up), and the pixels that are visible.
  private struct OutlinePlacement {
    let pixelsPerEm: Double
    let size: FT_F26Dot6
    let column: Int
    let row: Int
    let dx: FT_Pos
    let dy: FT_Pos
    let visible: (x0: Int, y0: Int, x1: Int, y1: Int)

    init(pixelsPerEm: Double, x: Double, y: Double, visible: (x0: Int, y0: Int, x1: Int, y1: Int)) {
      self.pixelsPerEm = pixelsPerEm
      size = FT_F26Dot6((pixelsPerEm * 64).rounded())
      let column = x.rounded(.down)
      let row = y.rounded(.down)
      self.column = Int(column)
      self.row = Int(row)
      // The fraction left of the pixel grid, in 26.6 units; FreeType's y axis points up.
      dx = FT_Pos(((x - column) * 64).rounded())
      dy = -FT_Pos(((y - row) * 64).rounded())
      self.visible = visible
    }
  }

  /// The layers of `glyph` in `face`'s `COLR` table, bottom first.
  ///
  /// Each layer's glyph and palette index; empty when the glyph has none. The caller holds
  /// the face's lock.
  private static func colorLayers(of glyph: UInt32, in face: FT_Face) -> [(
    glyph: UInt32, colorIndex: UInt16
  )] {
    var layers: [(glyph: UInt32, colorIndex: UInt16)] = []
    var iterator = FT_LayerIterator()
    var layerGlyph: FT_UInt = 0
    var colorIndex: FT_UInt = 0
    while FT_Get_Color_Glyph_Layer(face, FT_UInt(glyph), &layerGlyph, &colorIndex, &iterator) != 0 {
      layers.append((UInt32(layerGlyph), UInt16(truncatingIfNeeded: colorIndex)))
      // FreeType ends the walk after its last layer; a table cannot list more than 65,535.
      if layers.count > Int(UInt16.max) { break }
    }
    return layers
  }

  /// Glyph `glyph`'s outline in `face` rasterised where `placement` puts it, as coverage.
  ///
  /// Nil when it draws nothing or lies wholly outside the visible pixels. The caller holds
  /// the face's lock.
  private func outlineImage(
    of glyph: UInt32, face: FT_Face, placement: OutlinePlacement
  ) throws(FontError) -> GlyphImage? {
    let column = placement.column
    let row = placement.row
    let visible = placement.visible
    var box = FT_BBox()
    try checkFreeType(
      fontfit_ft_load_outline(
        face, FT_UInt(glyph), placement.size, placement.dx, placement.dy, &box),
      "FT_Load_Glyph", file: file, glyph: glyph)
    // The pixels the outline covers, rows growing downwards.
    let left = column + Int(box.xMin >> 6)
    let right = column + Int((box.xMax + 63) >> 6)
    let top = row - Int((box.yMax + 63) >> 6)
    let bottom = row - Int(box.yMin >> 6)
    guard right > visible.x0, left < visible.x1, bottom > visible.y0, top < visible.y1 else {
      return nil
    }
    guard right - left <= Self.maximumGlyphPixels, bottom - top <= Self.maximumGlyphPixels
    else {
      throw FontError(
        library: .freeType, function: "FT_Render_Glyph",
        message: "glyph \(glyph) would be \(right - left)×\(bottom - top) pixels at "
          + "\(placement.pixelsPerEm) pixels per em, more than \(Self.maximumGlyphPixels) a side",
        file: file)
    }
    guard let slot = face.pointee.glyph else {
      throw FontError(
        library: .freeType, function: "FT_Load_Glyph", message: "glyph \(glyph) has no slot",
        file: file)
    }
    try checkFreeType(
      FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL), "FT_Render_Glyph", file: file,
      glyph: glyph)
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
      left: column + Int(slot.pointee.bitmap_left),
      top: row - Int(slot.pointee.bitmap_top), width: width, height: height,
      coverage: coverage)
  }

  /// Glyph `glyph`'s colour `layers` rasterised where `placement` puts them and composited.
  ///
  /// The layers are composited in order, premultiplied, over a transparent image covering
  /// them all; nil when none draws anything visible. The caller holds the face's lock.
  private func layeredImage(
    _ layers: [(glyph: UInt32, colorIndex: UInt16)], of glyph: UInt32, face: FT_Face,
    placement: OutlinePlacement, foreground: LayerColor
  ) throws(FontError) -> GlyphImage? {
    var images: [(image: GlyphImage, color: LayerColor)] = []
    for layer in layers {
      guard let image = try outlineImage(of: layer.glyph, face: face, placement: placement)
      else { continue }
      let index = Int(layer.colorIndex)
      let color =
        layer.colorIndex != Self.foregroundColorIndex && index < palette.count
        ? palette[index] : foreground
      images.append((image, color))
    }
    guard let first = images.first?.image else { return nil }
    var box = (
      x0: first.left, y0: first.top, x1: first.left + first.width, y1: first.top + first.height
    )
    for (image, _) in images.dropFirst() {
      box = (
        min(box.x0, image.left), min(box.y0, image.top),
        max(box.x1, image.left + image.width), max(box.y1, image.top + image.height)
      )
    }
    let width = box.x1 - box.x0
    let height = box.y1 - box.y0
    guard width <= Self.maximumGlyphPixels, height <= Self.maximumGlyphPixels else {
      throw FontError(
        library: .freeType, function: "FT_Render_Glyph",
        message: "glyph \(glyph)'s colour layers would be \(width)×\(height) pixels at "
          + "\(placement.pixelsPerEm) pixels per em, more than \(Self.maximumGlyphPixels) a side",
        file: file)
    }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for (image, color) in images {
      let channels = [Int(color.red), Int(color.green), Int(color.blue)]
      for line in 0..<image.height {
        for column in 0..<image.width {
          let coverage = Int(image.coverage[line * image.width + column])
          // The layer's alpha here, and the colour premultiplied by it, "over" what is below.
          let alpha = (Int(color.alpha) * coverage + 127) / 255
          guard alpha > 0 else { continue }
          let target =
            ((image.top - box.y0 + line) * width + image.left - box.x0 + column) * 4
          for channel in 0..<3 {
            pixels[target + channel] = UInt8(
              (channels[channel] * alpha + 127) / 255
                + (Int(pixels[target + channel]) * (255 - alpha) + 127) / 255)
          }
          pixels[target + 3] = UInt8(
            alpha + (Int(pixels[target + 3]) * (255 - alpha) + 127) / 255)
        }
      }
    }
    var coverage = [UInt8](repeating: 0, count: width * height)
    for index in coverage.indices { coverage[index] = pixels[index * 4 + 3] }
    return GlyphImage(
      left: box.x0, top: box.y0, width: width, height: height, coverage: coverage,
      color: pixels)
  }
}

extension FontFace {
  /// The strike cairo draws a colour bitmap face's glyphs from at `pixelsPerEm`: the smallest
  /// at least that large, so that the bitmap is scaled down, else the largest.
  func strike(for pixelsPerEm: Double) -> Int {
    var best = 0
    for (index, size) in strikes.enumerated() {
      let current = strikes[best]
      let better =
        current < pixelsPerEm
        ? size > current : size >= pixelsPerEm && size < current
      if better { best = index }
    }
    return best
  }

  /// Glyph `glyph` of a colour bitmap face at `pixelsPerEm` with its origin at (`x`, `y`), as
  /// cairo draws it.
  ///
  /// The bitmap of the strike ``strike(for:)`` chooses is scaled by `pixelsPerEm` over the
  /// strike's pixels per em, its bearing scaled likewise and its position's fractions
  /// honoured, filtered with a box over the pixels each covers when it shrinks and bilinearly
  /// when it grows. A colour bitmap (BGRA) keeps its colours in ``GlyphImage/color``; a grey
  /// or monochrome one is coverage, drawn in the text's colour.
  ///
  /// - Throws: ``FontError`` when FreeType cannot load the glyph from the strike, or when a
  ///   visible glyph would span more than ``maximumGlyphPixels``.
  private func colorImage(
    of glyph: UInt32, pixelsPerEm: Double, x: Double, y: Double,
    visible: (x0: Int, y0: Int, x1: Int, y1: Int)
  ) throws(FontError) -> GlyphImage? {
    let strike = strike(for: pixelsPerEm)
    let scale = pixelsPerEm / strikes[strike]
    let source = try state.withLock { (map) throws(FontError) -> StrikeBitmap? in
      let face = map.face
      try checkFreeType(
        fontfit_ft_load_color_bitmap(face, FT_Int(strike), FT_UInt(glyph)), "FT_Load_Glyph",
        file: file, glyph: glyph)
      guard let slot = face.pointee.glyph else {
        throw FontError(
          library: .freeType, function: "FT_Load_Glyph", message: "glyph \(glyph) has no slot",
          file: file)
      }
      return StrikeBitmap(slot.pointee)
    }
    guard let source else { return nil }
    // The bitmap's edges in the target's pixels.
    let left = x + Double(source.left) * scale
    let top = y - Double(source.top) * scale
    let right = left + Double(source.width) * scale
    let bottom = top + Double(source.height) * scale
    // Growing, the bilinear filter reaches half a source pixel past the edges.
    let margin = scale > 1 ? scale / 2 : 0
    let column = Int((left - margin).rounded(.down))
    let row = Int((top - margin).rounded(.down))
    let width = Int((right + margin).rounded(.up)) - column
    let height = Int((bottom + margin).rounded(.up)) - row
    guard column + width > visible.x0, column < visible.x1, row + height > visible.y0,
      row < visible.y1
    else { return nil }
    guard width <= Self.maximumGlyphPixels, height <= Self.maximumGlyphPixels else {
      throw FontError(
        library: .freeType, function: "FT_Load_Glyph",
        message: "glyph \(glyph) would be \(width)×\(height) pixels at \(pixelsPerEm) "
          + "pixels per em, more than \(Self.maximumGlyphPixels) a side", file: file)
    }
    let columns = ResamplingWeights(
      count: width, first: Double(column) - left, scale: scale, sourceCount: source.width)
    let rows = ResamplingWeights(
      count: height, first: Double(row) - top, scale: scale, sourceCount: source.height)
    let pixels = source.resampled(columns: columns, rows: rows)
    var coverage = [UInt8](repeating: 0, count: width * height)
    for index in coverage.indices { coverage[index] = pixels[index * 4 + 3] }
    return GlyphImage(
      left: column, top: row, width: width, height: height, coverage: coverage,
      color: source.isColor ? pixels : nil)
  }
}

/// A glyph's bitmap as FreeType loaded it from a strike, copied out of the glyph slot as
/// premultiplied RGBA: a colour (BGRA) bitmap's colours, or a grey or monochrome one's
/// coverage as white.
private struct StrikeBitmap {
  /// The bearing, in the strike's pixels: from the origin right to the left edge, and up to
  /// the top edge.
  var left: Int
  var top: Int
  var width: Int
  var height: Int
  /// Row by row, premultiplied RGBA.
  var pixels: [UInt8]
  /// Whether the bitmap has colours, rather than coverage only.
  var isColor: Bool

  /// The slot's bitmap; nil when it is empty or of a pixel mode FreeType's strikes do not
  /// give (LCD, say).
  init?(_ slot: FT_GlyphSlotRec) {
    let bitmap = slot.bitmap
    width = Int(bitmap.width)
    height = Int(bitmap.rows)
    left = Int(slot.bitmap_left)
    top = Int(slot.bitmap_top)
    let mode = bitmap.pixel_mode
    let kinds = [FT_PIXEL_MODE_BGRA, FT_PIXEL_MODE_GRAY, FT_PIXEL_MODE_MONO].map {
      UInt8($0.rawValue)
    }
    guard width > 0, height > 0, let buffer = bitmap.buffer, kinds.contains(mode) else {
      return nil
    }
    isColor = mode == kinds[0]
    let pitch = Int(bitmap.pitch)
    pixels = [UInt8](repeating: 0, count: width * height * 4)
    for line in 0..<height {
      // A negative pitch means the rows are stored bottom up.
      let source = pitch >= 0 ? buffer + line * pitch : buffer + (height - 1 - line) * -pitch
      for pixel in 0..<width {
        let target = (line * width + pixel) * 4
        switch mode {
        case kinds[0]:
          pixels[target] = source[pixel * 4 + 2]
          pixels[target + 1] = source[pixel * 4 + 1]
          pixels[target + 2] = source[pixel * 4]
          pixels[target + 3] = source[pixel * 4 + 3]
        case kinds[1]:
          for channel in 0..<4 { pixels[target + channel] = source[pixel] }
        default:
          let on = source[pixel >> 3] & (0x80 >> UInt8(pixel & 7)) != 0
          for channel in 0..<4 { pixels[target + channel] = on ? 255 : 0 }
        }
      }
    }
  }

  /// The bitmap resampled to `columns.count` × `rows.count` pixels, one axis then the other.
  func resampled(columns: ResamplingWeights, rows: ResamplingWeights) -> [UInt8] {
    // Across: every source row to the target's columns.
    var across = [Double](repeating: 0, count: height * columns.count * 4)
    for line in 0..<height {
      for column in 0..<columns.count {
        let target = (line * columns.count + column) * 4
        for tap in columns.offsets[column]..<columns.offsets[column + 1] {
          let source = columns.firsts[column] + tap - columns.offsets[column]
          let pixel = (line * width + source) * 4
          let weight = columns.weights[tap]
          for channel in 0..<4 {
            across[target + channel] += Double(pixels[pixel + channel]) * weight
          }
        }
      }
    }
    // Down: the target's rows from those.
    var result = [UInt8](repeating: 0, count: rows.count * columns.count * 4)
    var sum = (0.0, 0.0, 0.0, 0.0)
    for row in 0..<rows.count {
      for column in 0..<columns.count {
        sum = (0, 0, 0, 0)
        for tap in rows.offsets[row]..<rows.offsets[row + 1] {
          let source = rows.firsts[row] + tap - rows.offsets[row]
          let weight = rows.weights[tap]
          let pixel = (source * columns.count + column) * 4
          sum.0 += across[pixel] * weight
          sum.1 += across[pixel + 1] * weight
          sum.2 += across[pixel + 2] * weight
          sum.3 += across[pixel + 3] * weight
        }
        let target = (row * columns.count + column) * 4
        let alpha = min(max(sum.3.rounded(), 0), 255)
        result[target + 3] = UInt8(alpha)
        // Premultiplied: no channel above the alpha.
        result[target] = UInt8(min(max(sum.0.rounded(), 0), alpha))
        result[target + 1] = UInt8(min(max(sum.1.rounded(), 0), alpha))
        result[target + 2] = UInt8(min(max(sum.2.rounded(), 0), alpha))
      }
    }
    return result
  }
}

/// The weights a resampled axis takes its pixels with.
///
/// Target pixel `i`, whose centre lies at `(first + i + 0.5) / scale` source pixels, averages the source pixels under a box centred
/// there, as wide as the target pixel in source pixels when it shrinks (each source pixel
/// weighed by how much of it the box covers) and one source pixel wide when it grows (which
/// is bilinear interpolation). Pixels beyond the source are transparent.
private struct ResamplingWeights {
  /// The target's pixels.
  let count: Int
  /// Per target pixel, the first source pixel it reads.
  let firsts: [Int]
  /// Per target pixel and one more, where its weights start in ``weights``.
  let offsets: [Int]
  /// Every target pixel's weights, one per source pixel from its first on.
  let weights: [Double]

  init(count: Int, first: Double, scale: Double, sourceCount: Int) {
    self.count = count
    let half = max(0.5 / scale, 0.5)
    var firsts: [Int] = []
    var offsets = [0]
    var weights: [Double] = []
    firsts.reserveCapacity(count)
    offsets.reserveCapacity(count + 1)
    for index in 0..<count {
      let centre = (first + Double(index) + 0.5) / scale
      let low = centre - half
      let high = centre + half
      let start = max(Int(low.rounded(.down)), 0)
      let end = min(Int(high.rounded(.up)), sourceCount)
      if start < end {
        for source in start..<end {
          let covered = min(high, Double(source + 1)) - max(low, Double(source))
          weights.append(max(covered, 0) / (2 * half))
        }
      }
      firsts.append(start)
      offsets.append(weights.count)
    }
    self.firsts = firsts
    self.offsets = offsets
    self.weights = weights
  }
}

extension FontSystem: GlyphRasterizing {
  /// Glyph `glyph` of face `index` of the font file at `file`, rasterised by FreeType (colour
  /// layers that take the text's colour in `foreground`), with the face from the bounded face
  /// cache.
  ///
  /// - Throws: ``FontError`` when the face cannot be opened or the glyph rasterised.
  public func glyphImage(
    _ glyph: UInt32, file: String, index: Int, pixelsPerEm: Double, x: Double, y: Double,
    visible: (x0: Int, y0: Int, x1: Int, y1: Int),
    foreground: (red: UInt8, green: UInt8, blue: UInt8)
  ) throws(FontError) -> GlyphImage? {
    try face(for: FaceKey(file: file, index: index)).image(
      of: glyph, pixelsPerEm: pixelsPerEm, x: x, y: y, visible: visible, foreground: foreground)
  }
}
