import FontFitText
import Synchronization

/// Resolves fonts with Fontconfig and measures text with FreeType; shared and thread-safe.
///
/// One `FontSystem` holds one Fontconfig configuration, one FreeType library and bounded
/// caches of resolutions, fallback chains and open faces (each also a HarfBuzz font), all
/// keyed without a size. Shaping follows Pango's conventions so that text said to fit also
/// fits when a GTK app draws it: 1pt = 1px (72 dpi), HarfBuzz's unhinted advances scaled
/// linearly from font units, with the font's kerning, ligatures and other default features,
/// and line height from ascent, descent and line gap.
///
/// An app usually makes one and passes it to every widget environment; ``shared()`` is a
/// process-wide one for tools and scripts.
public final class FontSystem: Sendable {
  let resolver: FontconfigResolver
  let library: FreeTypeLibrary
  /// The caches, guarded: resolutions and chains by descriptor, open faces by file and index.
  private let caches = Mutex(Caches())

  /// The most entries each cache holds; a full cache is emptied before the next insertion,
  /// so memory stays bounded whatever font names the input brings.
  public static let cacheLimits = (resolutions: 512, fallbackChains: 64, faces: 64)

  private struct Caches {
    var resolutions: [ResolutionKey: ResolvedFont] = [:]
    var chains: [ResolutionKey: [FallbackCandidate]] = [:]
    var faces: [FaceKey: FontFace] = [:]
  }

  /// What a resolution depends on: the descriptor, and the language Fontconfig favours.
  private struct ResolutionKey: Hashable {
    var descriptor: FontDescriptor
    var language: Language?
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

  /// The installed face Fontconfig chooses for `descriptor`, and whether it is a substitute.
  ///
  /// - Parameters:
  ///   - descriptor: The families, weight and slant asked for.
  ///   - language: The text's language, which Fontconfig weighs in its choice; nil for none.
  /// - Returns: The chosen face.
  /// - Throws: ``FontError`` when Fontconfig fails.
  public func resolve(_ descriptor: FontDescriptor, language: Language? = nil) throws(FontError)
    -> ResolvedFont
  {
    let key = ResolutionKey(descriptor: descriptor, language: language)
    if let cached = caches.withLock({ $0.resolutions[key] }) { return cached }
    let resolved = try resolver.resolve(descriptor, language: language)
    caches.withLock { caches in
      if caches.resolutions.count >= Self.cacheLimits.resolutions {
        caches.resolutions.removeAll()
      }
      caches.resolutions[key] = resolved
    }
    return resolved
  }

  /// The vertical metrics of the face chosen for `descriptor`, in ems.
  ///
  /// - Throws: ``FontError`` when the font cannot be resolved or opened.
  public func lineMetrics(of descriptor: FontDescriptor) throws(FontError) -> LineMetrics {
    try face(for: resolve(descriptor)).lineMetrics
  }

  /// The width of `text` on one line at `font`'s size, in points, trailing spaces included.
  ///
  /// - Throws: ``ShapingError`` when the text cannot be shaped.
  public func width(of text: String, font: Font, options: ShapingOptions = ShapingOptions())
    throws(ShapingError) -> Double
  {
    let shaped = try shape(text, font: font.descriptor, options: options)
    var width = 0.0
    for (index, cluster) in shaped.clusters.enumerated() {
      width += cluster.advance + (index > 0 ? cluster.kerning : 0)
    }
    return width * font.pointSize
  }

  /// Measures `text` in the face chosen for `font`, in ems, ready to lay out at any size.
  ///
  /// A grapheme cluster the font cannot draw is measured with the first font of Fontconfig's
  /// sorted fallback list for the same request that has all its characters, so Chinese text in
  /// a `DejaVu Sans` label is measured with a CJK font. A cluster no installed font covers is
  /// measured with the font's `.notdef` glyph and its characters are reported in
  /// ``ShapedText/missingCharacters``.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - font: The font's descriptor; no size is needed, since advances are kept in ems.
  ///   - options: The text's language and paragraph direction.
  ///   - lineBreaker: Finds the break opportunities stored in the clusters.
  /// - Returns: One cluster per grapheme cluster, with advances in ems (kerning is part of
  ///   the advances, as HarfBuzz applies it), bidi levels and glyphs.
  /// - Throws: ``ShapingError`` when a font cannot be resolved, opened or measured, or when
  ///   the line breaker fails or answers with the wrong number of entries.
  public func shape(
    _ text: String, font: FontDescriptor, options: ShapingOptions = ShapingOptions(),
    lineBreaker: some LineBreaking
  ) throws(ShapingError) -> ShapedText {
    let opportunities: [LineBreakOpportunity]
    do {
      opportunities = try lineBreaker.opportunities(in: text)
    } catch {
      throw .lineBreaking(error)
    }
    let clusterCount = text.count
    guard opportunities.count == clusterCount else {
      throw .lineBreaking(.wrongCount(expected: clusterCount, received: opportunities.count))
    }
    var shaper: Shaper
    do {
      shaper = try Shaper(
        system: self, requested: resolve(font, language: options.language), options: options)
    } catch {
      throw .font(error)
    }
    return try shaper.shape(text, opportunities: opportunities)
  }

  /// Measures `text` as ``shape(_:font:options:lineBreaker:)`` does, with Unicode line
  /// breaking (UAX #14, through ICU, with the rules of the options' language).
  ///
  /// - Throws: ``ShapingError`` when the text cannot be shaped.
  public func shape(
    _ text: String, font: FontDescriptor, options: ShapingOptions = ShapingOptions()
  ) throws(ShapingError) -> ShapedText {
    try shape(
      text, font: font, options: options,
      lineBreaker: UnicodeLineBreaker(language: options.language))
  }

  /// The fonts a character missing from `descriptor`'s face falls back along, cached.
  func fallbackChain(for descriptor: FontDescriptor, language: Language?) throws(FontError)
    -> [FallbackCandidate]
  {
    let key = ResolutionKey(descriptor: descriptor, language: language)
    if let cached = caches.withLock({ $0.chains[key] }) { return cached }
    let chain = try resolver.fallbackChain(for: descriptor, language: language)
    caches.withLock { caches in
      if caches.chains.count >= Self.cacheLimits.fallbackChains { caches.chains.removeAll() }
      caches.chains[key] = chain
    }
    return chain
  }

  /// The open face for a resolved font, opened on first use and then shared.
  func face(for resolved: ResolvedFont) throws(FontError) -> FontFace {
    let key = FaceKey(resolved)
    if let face = caches.withLock({ $0.faces[key] }) { return face }
    let opened = try FontFace(library: library, path: resolved.file, index: resolved.index)
    return caches.withLock { caches in
      if let existing = caches.faces[key] { return existing }
      if caches.faces.count >= Self.cacheLimits.faces { caches.faces.removeAll() }
      caches.faces[key] = opened
      return opened
    }
  }
}

/// Identifies an open face: a file and the index of the face in it.
struct FaceKey: Hashable {
  var file: String
  var index: Int

  init(_ resolved: ResolvedFont) {
    file = resolved.file
    index = resolved.index
  }
}
