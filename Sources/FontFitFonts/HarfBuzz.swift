internal import CHarfBuzz
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
}

/// One face as HarfBuzz shapes it: an `hb_font_t` at a scale of one unit per font unit, so
/// advances come out unhinted and in font units, as Pango measures them.
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

  /// Opens face `index` of the file at `path`.
  init(path: String, index: Int) throws(FontError) {
    // hb_blob_create_from_file (HarfBuzz 1.7.7 and later) gives an empty blob when the file
    // cannot be read.
    guard let blob = hb_blob_create_from_file(path) else {
      throw FontError(
        library: .harfBuzz, function: "hb_blob_create_from_file", message: "out of memory",
        file: path)
    }
    defer { hb_blob_destroy(blob) }
    guard hb_blob_get_length(blob) > 0 else {
      throw FontError(
        library: .harfBuzz, function: "hb_blob_create_from_file",
        message: "cannot read the font file", file: path)
    }
    guard let face = hb_face_create(blob, UInt32(clamping: index)) else {
      throw FontError(
        library: .harfBuzz, function: "hb_face_create", message: "out of memory", file: path)
    }
    defer { hb_face_destroy(face) }
    let upem = Int(hb_face_get_upem(face))
    guard upem > 0, let font = hb_font_create(face) else {
      throw FontError(
        library: .harfBuzz, function: "hb_font_create",
        message: "the face has no units per em", file: path)
    }
    let scale = Int32(clamping: upem)
    hb_font_set_scale(font, scale, scale)
    handle = Handle(font: font)
    unitsPerEm = upem
  }

  deinit {
    hb_font_destroy(handle.font)
  }

  /// The glyphs of `run`, in visual order (right to left runs come out reversed), shaped with
  /// the font's default features and `text` around the run as context.
  ///
  /// - Parameters:
  ///   - text: The whole text as UTF-8.
  ///   - run: The run to shape.
  ///   - language: A BCP 47 language tag, or nil to let HarfBuzz use the default.
  /// - Returns: The glyphs with their clusters (UTF-8 offsets into `text`) and positions.
  /// - Throws: ``FontError`` when HarfBuzz runs out of memory.
  func shape(_ text: [UInt8], run: ShapingRun, language: String?) throws(FontError)
    -> [HarfBuzzGlyph]
  {
    guard let buffer = hb_buffer_create() else {
      throw FontError(library: .harfBuzz, function: "hb_buffer_create", message: "out of memory")
    }
    defer { hb_buffer_destroy(buffer) }
    text.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { characters in
        hb_buffer_add_utf8(
          buffer, characters.baseAddress, Int32(clamping: characters.count),
          UInt32(clamping: run.range.lowerBound), Int32(clamping: run.range.count))
      }
    }
    hb_buffer_set_direction(buffer, run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, hb_script_from_iso15924_tag(Self.tag(run.script)))
    if let language {
      hb_buffer_set_language(buffer, hb_language_from_string(language, -1))
    }
    hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
    hb_shape(handle.font, buffer, nil, 0)
    guard hb_buffer_allocation_successful(buffer) != 0 else {
      throw FontError(library: .harfBuzz, function: "hb_shape", message: "out of memory")
    }
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return [] }
    var glyphs: [HarfBuzzGlyph] = []
    glyphs.reserveCapacity(Int(count))
    for index in 0..<Int(count) {
      let info = infos[index]
      let position = positions[index]
      let flags = hb_glyph_info_get_glyph_flags(infos + index)
      glyphs.append(
        HarfBuzzGlyph(
          id: info.codepoint, cluster: Int(info.cluster), xAdvance: position.x_advance,
          xOffset: position.x_offset, yOffset: position.y_offset,
          isUnsafeToBreak: flags.rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0))
    }
    return glyphs
  }

  /// The HarfBuzz version this process loaded, such as `6.0.0`.
  static var version: String { String(cString: hb_version_string()) }

  /// A four-letter ISO 15924 code as an OpenType tag.
  private static func tag(_ code: String) -> UInt32 {
    var bytes = Array(code.utf8.prefix(4))
    while bytes.count < 4 { bytes.append(UInt8(ascii: " ")) }
    return bytes.reduce(0) { $0 << 8 | UInt32($1) }
  }
}
