internal import CHarfBuzz
import FontFitFontModel
import FontFitText

/// One glyph as HarfBuzz placed it, in font units.
struct HarfBuzzGlyph: Hashable, Sendable {
  /// The glyph index in its face; 0 is `.notdef`.
  var id: UInt32
  /// The UTF-8 offset, in the shaped text, of the first character of the glyph's cluster.
  var cluster: Int
  /// How far the pen moves after the glyph.
  var xAdvance: Int32
  /// The glyph's offset from the pen position, right and up.
  var xOffset: Int32
  var yOffset: Int32
  /// Whether breaking the text before this glyph's cluster changes the shaping around it
  /// (HarfBuzz's UNSAFE_TO_BREAK: joining forms, ligatures, kerning).
  var isUnsafeToBreak = false
}

/// A run of text to shape: a range of UTF-8 offsets in one face, script and direction.
struct ShapingRun {
  /// The UTF-8 offsets of the run in the whole text, which HarfBuzz sees as context.
  var range: Range<Int>
  /// Whether the run is right to left (an odd bidi level).
  var isRightToLeft: Bool
  /// The ISO 15924 script code, such as `Latn` or `Arab`.
  var script: String
  /// Whether ligatures are off, as Pango turns them off in letter-spaced text.
  var disablesLigatures = false
}

/// One face as HarfBuzz shapes it: an `hb_font_t` at a scale of one unit per font unit, so
/// advances come out unhinted and in font units, as Pango measures them.
///
/// The face reads the bytes of a ``FontFileBytes``, never the file: HarfBuzz holds a reference
/// to them, released when it destroys its blob, so they outlive every use HarfBuzz makes of
/// them whatever happens to the file.
///
/// HarfBuzz fonts are immutable once set up and safe to shape with from several threads;
/// each call uses its own buffer.
final class HarfBuzzFace: Sendable {
  /// The `hb_font_t`; `@unchecked Sendable` because HarfBuzz fonts are thread-safe once made.
  private struct Handle: @unchecked Sendable {
    let font: OpaquePointer
  }

  private let handle: Handle
  /// Font units per em, as HarfBuzz reads them from the `head` table.
  let unitsPerEm: Int
  /// The number of glyphs in the face, as HarfBuzz reads it from the `maxp` table; every glyph
  /// shaped has a smaller index.
  let glyphCount: UInt32
  /// The font file, for error messages.
  let file: String
  /// Whether HarfBuzz reads a `GSUB` table, which it ignores when the table is damaged.
  let hasSubstitution: Bool
  /// Whether HarfBuzz reads a `GPOS` table, which it ignores when the table is damaged.
  let hasPositioning: Bool

  /// Opens face `index` of `file`'s bytes.
  ///
  /// - Throws: ``FontError`` naming the file when HarfBuzz runs out of memory, or when the
  ///   bytes hold no face HarfBuzz can read: no units per em or no glyphs (a damaged or
  ///   truncated file, or an index beyond the collection).
  init(file: FontFileBytes, index: Int) throws(FontError) {
    let path = file.path
    func failure(_ function: String, _ message: String) -> FontError {
      FontError(library: .harfBuzz, function: function, message: message, file: path)
    }
    // HarfBuzz keeps a reference to the bytes until it destroys the blob, then calls the
    // closure, which releases it; on failure it calls the closure at once and returns the
    // empty blob.
    let reference = Unmanaged.passRetained(file).toOpaque()
    let blob = hb_blob_create(
      file.characters, UInt32(file.count), HB_MEMORY_MODE_READONLY, reference
    ) { reference in
      guard let reference else { return }
      Unmanaged<FontFileBytes>.fromOpaque(reference).release()
    }
    guard let blob else { throw failure("hb_blob_create", "out of memory") }
    defer { hb_blob_destroy(blob) }
    guard hb_blob_get_length(blob) == UInt32(file.count) else {
      throw failure("hb_blob_create", "out of memory")
    }
    guard let face = hb_face_create(blob, UInt32(clamping: index)) else {
      throw failure("hb_face_create", "out of memory")
    }
    defer { hb_face_destroy(face) }
    let count = hb_face_get_glyph_count(face)
    guard count > 0 else {
      throw failure(
        "hb_face_get_glyph_count",
        "face \(index) has no glyphs HarfBuzz can read; the file is damaged or truncated")
    }
    // Reading whether the tables are there makes HarfBuzz check them now, not at the first
    // shaping.
    hasSubstitution = hb_ot_layout_has_substitution(face) != 0
    hasPositioning = hb_ot_layout_has_positioning(face) != 0
    let upem = Int(hb_face_get_upem(face))
    guard upem > 0, let font = hb_font_create(face) else {
      throw failure("hb_font_create", "the face has no units per em")
    }
    let scale = Int32(clamping: upem)
    hb_font_set_scale(font, scale, scale)
    handle = Handle(font: font)
    unitsPerEm = upem
    glyphCount = count
    self.file = path
  }

  /// The glyph the face's character map gives `scalar`; nil when it has none.
  func glyph(for scalar: Unicode.Scalar) -> UInt32? {
    var glyph: hb_codepoint_t = 0
    return hb_font_get_nominal_glyph(handle.font, scalar.value, &glyph) != 0 ? glyph : nil
  }

  /// The advance width of `glyph` without shaping, in font units.
  func advance(of glyph: UInt32) -> Int32 {
    hb_font_get_glyph_h_advance(handle.font, glyph)
  }

  deinit {
    hb_font_destroy(handle.font)
  }

  /// `liga`, `clig`, `dlig` and `hlig` off over the whole buffer.
  private static let noLigatures: [hb_feature_t] = ["liga", "clig", "dlig", "hlig"].map {
    let tag = $0.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    return hb_feature_t(tag: tag, value: 0, start: 0, end: UInt32.max)
  }

  /// The glyphs of `run`, in visual order (right to left runs come out reversed), shaped with
  /// the font's default features and `text` around the run as context.
  ///
  /// - Parameters:
  ///   - text: The whole text as UTF-8.
  ///   - run: The run to shape.
  ///   - language: A BCP 47 language tag, or nil to let HarfBuzz use the default.
  /// - Returns: The glyphs with their clusters (UTF-8 offsets into `text`) and positions.
  /// - Throws: ``FontError`` when HarfBuzz runs out of memory, or when it shapes a glyph index
  ///   beyond the face's glyphs (damaged tables), which has no metrics to measure.
  func shape(_ text: [UInt8], run: ShapingRun, language: String?) throws(FontError)
    -> [HarfBuzzGlyph]
  {
    var glyphs: [HarfBuzzGlyph] = []
    try Self.withBuffer(file: file) { (buffer) throws(FontError) in
      try text.withUnsafeBufferPointer { (bytes) throws(FontError) in
        try shape(bytes, run: run, language: language, buffer: buffer, into: &glyphs)
      }
    }
    return glyphs
  }

  /// Calls `body` with a new HarfBuzz buffer, destroyed when it returns: a text's runs are
  /// shaped one after another through one buffer, reset before each is added.
  static func withBuffer<Result>(
    file: String, _ body: (OpaquePointer) throws(FontError) -> Result
  ) throws(FontError) -> Result {
    guard let buffer = hb_buffer_create() else {
      throw FontError(
        library: .harfBuzz, function: "hb_buffer_create", message: "out of memory", file: file)
    }
    defer { hb_buffer_destroy(buffer) }
    return try body(buffer)
  }

  /// ``shape(_:run:language:)`` of the UTF-8 `text`, through `buffer` (from
  /// ``withBuffer(file:_:)``), whose contents it replaces, into `glyphs`, whose elements it
  /// replaces: a text's runs reuse both rather than making a buffer and an array each.
  func shape(
    _ text: UnsafeBufferPointer<UInt8>, run: ShapingRun, language: String?,
    buffer: OpaquePointer, into glyphs: inout [HarfBuzzGlyph]
  ) throws(FontError) {
    // A reset buffer is as a new one: no text, default properties, flags and cluster level.
    hb_buffer_reset(buffer)
    glyphs.removeAll(keepingCapacity: true)
    text.withMemoryRebound(to: CChar.self) { characters in
      hb_buffer_add_utf8(
        buffer, characters.baseAddress, Int32(clamping: characters.count),
        UInt32(clamping: run.range.lowerBound), Int32(clamping: run.range.count))
    }
    hb_buffer_set_direction(buffer, run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, hb_script_from_iso15924_tag(Self.tag(run.script)))
    if let language {
      hb_buffer_set_language(buffer, Self.language(language))
    }
    hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
    if run.disablesLigatures {
      var features = Self.noLigatures
      hb_shape(handle.font, buffer, &features, UInt32(features.count))
    } else {
      hb_shape(handle.font, buffer, nil, 0)
    }
    guard hb_buffer_allocation_successful(buffer) != 0 else {
      throw FontError(
        library: .harfBuzz, function: "hb_shape", message: "out of memory", file: file)
    }
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return }
    glyphs.reserveCapacity(Int(count))
    for index in 0..<Int(count) {
      let info = infos[index]
      guard info.codepoint < glyphCount else {
        throw FontError(
          library: .harfBuzz, function: "hb_shape",
          message: "shaped glyph \(info.codepoint), beyond the face's \(glyphCount) glyphs; "
            + "the font's tables are damaged", file: file)
      }
      let position = positions[index]
      let flags = hb_glyph_info_get_glyph_flags(infos + index)
      glyphs.append(
        HarfBuzzGlyph(
          id: info.codepoint, cluster: Int(info.cluster), xAdvance: position.x_advance,
          xOffset: position.x_offset, yOffset: position.y_offset,
          isUnsafeToBreak: flags.rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0))
    }
  }

  /// HarfBuzz's language for the BCP 47 tag `tag`.
  ///
  /// A tag of up to 63 bytes is given by its bytes and length, not as a C string: a short
  /// Swift string has no terminating zero in memory, and passing it as one copies it to a new
  /// array on every call. HarfBuzz keeps at most 63 bytes of a tag given with a length, so a
  /// longer one (a tag may have 100) is given whole, as a C string.
  static func language(_ tag: String) -> hb_language_t? {
    var tag = tag
    guard tag.utf8.count < 64 else {
      return tag.withCString { hb_language_from_string($0, -1) }
    }
    return tag.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        hb_language_from_string($0.baseAddress, Int32(clamping: $0.count))
      }
    }
  }

  /// The tag HarfBuzz keeps for the language it is given for `tag` (lowercase, as HarfBuzz
  /// canonicalises it); an empty string for none.
  static func languageName(_ tag: String) -> String {
    guard let language = language(tag), let name = hb_language_to_string(language) else {
      return ""
    }
    return String(cString: name)
  }

  /// The HarfBuzz version this process loaded, such as `6.0.0`.
  static var version: String { String(cString: hb_version_string()) }

  /// A four-letter ISO 15924 code as an OpenType tag.
  ///
  /// Worked out without an array: every run shapes with one.
  private static func tag(_ code: String) -> UInt32 {
    var tag: UInt32 = 0
    var count = 0
    for byte in code.utf8 where count < 4 {
      tag = tag << 8 | UInt32(byte)
      count += 1
    }
    for _ in count..<4 { tag = tag << 8 | UInt32(UInt8(ascii: " ")) }
    return tag
  }
}
