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
  /// - Parameters:
  ///   - text: The text.
  ///   - font: The font; its size is not used, since advances are kept in ems.
  ///   - lineBreaker: Finds the break opportunities stored in the clusters.
  /// - Returns: One cluster per grapheme cluster, with advances and kerning in ems.
  /// - Throws: ``FontError`` when the font file cannot be opened.
  public func shape(
    _ text: String, font: Font, lineBreaker: some LineBreaking = SpaceAndHyphenLineBreaker()
  ) throws(FontError) -> ShapedText {
    let resolved = try resolve(font)
    let face = try face(for: resolved)
    let opportunities = lineBreaker.opportunities(in: text)
    let scale = 1 / face.unitsPerEm
    let clusters = face.withMeasurer { measurer in
      var clusters: [ShapedCluster] = []
      clusters.reserveCapacity(opportunities.count)
      var previousGlyph: UInt32 = 0
      var index = text.startIndex
      for (offset, character) in text.enumerated() {
        let next = text.index(after: index)
        let kind: ClusterKind =
          character.isLineSeparator
          ? .lineSeparator : character.isBreakableSpace ? .space : .visible
        var advance: Int32 = 0
        var kerning: Int32 = 0
        var firstGlyph: UInt32 = 0
        var lastGlyph: UInt32 = 0
        if kind != .lineSeparator {
          for (position, scalar) in character.unicodeScalars.enumerated() {
            guard let glyph = Self.glyph(for: scalar, measurer: &measurer) else { continue }
            // Combining marks attach to their base: HarfBuzz zeroes their advances.
            if position == 0 || !scalar.isMark { advance &+= glyph.advance }
            if firstGlyph == 0 { firstGlyph = glyph.index }
            lastGlyph = glyph.index
          }
          kerning = measurer.kerning(previousGlyph, firstGlyph)
        }
        clusters.append(
          ShapedCluster(
            range: index..<next, advance: Double(advance) * scale,
            kerning: Double(kerning) * scale, breakBefore: opportunities[offset], kind: kind))
        previousGlyph = lastGlyph
        index = next
      }
      return clusters
    }
    let name = [resolved.family, resolved.style].filter { !$0.isEmpty }.joined(separator: " ")
    return ShapedText(
      text: text, clusters: clusters, fonts: [ShapedFont(name: name, metrics: face.lineMetrics)])
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
