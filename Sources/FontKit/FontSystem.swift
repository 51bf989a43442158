import Synchronization
import TextLayout

/// Resolves fonts with Fontconfig and measures text with FreeType; shared and thread-safe.
///
/// One `FontSystem` holds one Fontconfig configuration, one FreeType library and a cache of
/// open faces. Measuring follows Pango's conventions so that text said to fit also fits when a
/// GTK app draws it: 1pt = 1px (72 dpi), unhinted advances scaled linearly from font units,
/// kerning from the font's `kern` table, and line height from ascent, descent and line gap.
public final class FontSystem: Sendable {
  private let resolver: FontconfigResolver
  private let library: FreeTypeLibrary
  /// Resolutions by font (size ignored) and open faces by file and index.
  private let caches = Mutex(Caches())

  private struct Caches {
    var resolutions: [Font: ResolvedFont] = [:]
    var chains: [Font: [ResolvedFont]] = [:]
    var faces: [FaceKey: FontFace] = [:]
  }

  private struct FaceKey: Hashable {
    var file: String
    var index: Int
  }

  /// Loads the system's Fontconfig configuration and initialises FreeType.
  ///
  /// - Throws: ``FontError`` when either library fails to start.
  public init() throws(FontError) {
    resolver = try FontconfigResolver()
    library = try FreeTypeLibrary()
  }

  private static let sharedSystem = Mutex<FontSystem?>(nil)

  /// The process-wide font system, created on first use.
  ///
  /// - Throws: ``FontError`` when Fontconfig or FreeType fails to start.
  public static func shared() throws(FontError) -> FontSystem {
    try sharedSystem.withLock { (system) throws(FontError) -> FontSystem in
      if let system { return system }
      let created = try FontSystem()
      system = created
      return created
    }
  }

  /// The installed face Fontconfig chooses for `font`, and whether it is a substitute.
  ///
  /// Resolutions are cached; the size takes no part in choosing among scalable faces.
  public func resolve(_ font: Font) throws(FontError) -> ResolvedFont {
    let key = font.withPointSize(0)
    if var cached = caches.withLock({ $0.resolutions[key] }) {
      cached.requested = font
      return cached
    }
    var resolved = try resolver.resolve(key)
    caches.withLock { $0.resolutions[key] = resolved }
    resolved.requested = font
    return resolved
  }

  /// The vertical metrics of `font` in points at its size.
  public func lineMetrics(of font: Font) throws(FontError) -> LineMetrics {
    let metrics = try face(for: resolve(font)).lineMetrics
    return LineMetrics(
      ascent: metrics.ascent * font.pointSize, descent: metrics.descent * font.pointSize,
      lineGap: metrics.lineGap * font.pointSize)
  }

  /// The width of `text` on one line at `font`'s size, in points, trailing spaces included.
  public func width(of text: String, font: Font) throws(FontError) -> Double {
    let shaped = try shape(text, font: font)
    var width = 0.0
    for (index, cluster) in shaped.clusters.enumerated() {
      width += cluster.advance + (index > 0 ? cluster.kerning : 0)
    }
    return width * font.pointSize
  }

  /// Measures `text` in `font`'s face, in ems, ready to lay out at any size.
  ///
  /// A grapheme cluster the font cannot draw is measured with the first font of Fontconfig's
  /// sorted fallback list for the same request that has all its characters, so Chinese text in
  /// a `DejaVu Sans` label is measured with a CJK font. A cluster no installed font covers is
  /// measured with the font's `.notdef` glyph and its characters are reported in
  /// ``ShapedText/missingCharacters``.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - font: The font; its size is not used, since advances are kept in ems.
  ///   - lineBreaker: Finds the break opportunities stored in the clusters; Unicode line
  ///     breaking (UAX #14, through ICU) by default.
  /// - Returns: One cluster per grapheme cluster, with advances and kerning in ems.
  /// - Throws: ``FontError`` when the requested font's file cannot be opened.
  public func shape(
    _ text: String, font: Font, lineBreaker: some LineBreaking = UnicodeLineBreaker()
  ) throws(FontError) -> ShapedText {
    let resolved = try resolve(font)
    let opportunities = lineBreaker.opportunities(in: text)
    var faces = [try face(for: resolved)]
    var faceKeys = [FaceKey(file: resolved.file, index: resolved.index)]
    var fonts = [ShapedFont(name: resolved.displayName, metrics: faces[0].lineMetrics)]
    var chain: [ResolvedFont]?
    var missing: [Unicode.Scalar] = []
    var reported: Set<Unicode.Scalar> = []
    var fallbackFor: [Character: Int] = [:]
    var clusters: [ShapedCluster] = []
    clusters.reserveCapacity(opportunities.count)
    var previous = (face: 0, glyph: UInt32(0))
    var index = text.startIndex
    for (offset, character) in text.enumerated() {
      let next = text.index(after: index)
      let kind: ClusterKind =
        character.isLineSeparator ? .lineSeparator : character.isBreakableSpace ? .space : .visible
      var measured = ClusterMeasure()
      var faceIndex = 0
      if kind != .lineSeparator {
        let kernAfter = previous.face == 0 ? previous.glyph : 0
        measured = faces[0].withMeasurer { Self.measure(character, after: kernAfter, in: &$0) }
        if !measured.missing.isEmpty, let known = fallbackFor[character] {
          // The same cluster fell back before in this text: reuse the font it found.
          faceIndex = known
          if known > 0 {
            let kernAfter = previous.face == known ? previous.glyph : 0
            measured = faces[known].withMeasurer {
              Self.measure(character, after: kernAfter, in: &$0)
            }
          }
        } else if !measured.missing.isEmpty {
          defer { fallbackFor[character] = faceIndex }
          if chain == nil { chain = (try? fallbackChain(for: resolved.requested)) ?? [] }
          for candidate in chain ?? [] {
            let key = FaceKey(file: candidate.file, index: candidate.index)
            guard key != faceKeys[0] else { continue }
            // A fallback font that cannot be opened (a bitmap-only emoji font, say) is skipped.
            guard let face = try? self.face(for: candidate) else { continue }
            var fallback = face.withMeasurer { Self.measure(character, after: 0, in: &$0) }
            guard fallback.missing.isEmpty else { continue }
            if let known = faceKeys.firstIndex(of: key) {
              faceIndex = known
            } else {
              faceIndex = faces.count
              faces.append(face)
              faceKeys.append(key)
              fonts.append(ShapedFont(name: candidate.displayName, metrics: face.lineMetrics))
            }
            if previous.face == faceIndex, previous.glyph != 0 {
              fallback.kerning = face.withMeasurer { $0.kerning(previous.glyph, fallback.first) }
            }
            measured = fallback
            break
          }
        }
        for scalar in measured.missing where reported.insert(scalar).inserted {
          missing.append(scalar)
        }
      }
      let scale = 1 / faces[faceIndex].unitsPerEm
      clusters.append(
        ShapedCluster(
          range: index..<next, advance: Double(measured.advance) * scale,
          kerning: Double(measured.kerning) * scale, breakBefore: opportunities[offset],
          kind: kind, font: faceIndex))
      previous = (faceIndex, measured.last)
      index = next
    }
    return ShapedText(text: text, clusters: clusters, fonts: fonts, missingCharacters: missing)
  }

  /// The fonts a character missing from `font` falls back along, cached per request.
  private func fallbackChain(for font: Font) throws(FontError) -> [ResolvedFont] {
    let key = font.withPointSize(0)
    if let cached = caches.withLock({ $0.chains[key] }) { return cached }
    let chain = try resolver.fallbackChain(for: key)
    caches.withLock { $0.chains[key] = chain }
    return chain
  }

  /// One grapheme cluster measured in one face, in font units.
  private struct ClusterMeasure {
    var advance: Int32 = 0
    var kerning: Int32 = 0
    var first: UInt32 = 0
    var last: UInt32 = 0
    /// The characters the face has no glyph for.
    var missing: [Unicode.Scalar] = []
  }

  /// Measures `character` in the locked face, kerning it after glyph `previous` (0 for none).
  private static func measure(
    _ character: Character, after previous: UInt32, in measurer: inout FontFace.Measurer
  ) -> ClusterMeasure {
    var measured = ClusterMeasure()
    for (position, scalar) in character.unicodeScalars.enumerated() {
      guard let glyph = glyph(for: scalar, measurer: &measurer) else { continue }
      if glyph.index == 0 { measured.missing.append(scalar) }
      // Combining marks attach to their base: HarfBuzz zeroes their advances.
      if position == 0 || !scalar.isMark { measured.advance &+= glyph.advance }
      if measured.first == 0 { measured.first = glyph.index }
      measured.last = glyph.index
    }
    if previous != 0, measured.first != 0 {
      measured.kerning = measurer.kerning(previous, measured.first)
    }
    return measured
  }

  /// The glyph drawn for `scalar`, or nil for characters that draw nothing.
  ///
  /// Controls and default-ignorable code points such as ZWJ and variation selectors draw
  /// nothing, as HarfBuzz hides them. A tab measures as a space.
  private static func glyph(for scalar: Unicode.Scalar, measurer: inout FontFace.Measurer)
    -> Glyph?
  {
    if scalar == "\t" { return measurer.glyph(for: " ") }
    let properties = scalar.properties
    if properties.isDefaultIgnorableCodePoint || properties.generalCategory == .control {
      return nil
    }
    return measurer.glyph(for: scalar)
  }

  /// The open face for a resolved font, opened on first use and then shared.
  func face(for resolved: ResolvedFont) throws(FontError) -> FontFace {
    let key = FaceKey(file: resolved.file, index: resolved.index)
    if let face = caches.withLock({ $0.faces[key] }) { return face }
    let opened = try FontFace(library: library, path: resolved.file, index: resolved.index)
    return caches.withLock { caches in
      if let existing = caches.faces[key] { return existing }
      caches.faces[key] = opened
      return opened
    }
  }
}

extension Unicode.Scalar {
  /// Whether the scalar is a combining mark that attaches to the character before it.
  var isMark: Bool {
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark: true
    default: false
    }
  }
}
