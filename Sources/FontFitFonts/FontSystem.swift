import FontFitFontModel
@_spi(Engine) import FontFitText

/// Resolves fonts with Fontconfig and measures text with FreeType; shared and thread-safe.
///
/// One `FontSystem` holds one Fontconfig configuration, one FreeType library and bounded
/// caches of resolutions, fallback chains and open faces (each also a HarfBuzz font), all
/// keyed without a size. Shaping follows Pango's conventions so that text said to fit also
/// fits when a GTK app draws it: 1pt = 1px (72 dpi), HarfBuzz's unhinted advances scaled
/// linearly from font units, with the font's kerning, ligatures and other default features,
/// and line height from ascent, descent and line gap.
///
/// Its fonts are the system's, unless ``FontSources`` adds application font directories or
/// pins the fonts to directories, for results that do not depend on the machine.
///
/// A face reads its font file whole into memory when it opens and never reads the file again,
/// so a font file truncated, overwritten or deleted while the process runs (a package upgrade
/// replacing fonts) changes no answer and raises no signal; a face that opens after the change
/// fails with a ``FontError`` naming the file. The memory is each open face's file: 5.2 MB for
/// WenQuanYi Micro Hei, under 1 MB for most Latin fonts, bounded by ``CacheSizes/faces``.
///
/// An app usually makes one and passes it to every widget environment; ``shared()`` is a
/// process-wide one for tools and scripts.
public final class FontSystem: Sendable {
  let resolver: FontconfigResolver
  /// The open faces; shaped texts keep it, to measure forced breaks after the system is gone.
  let faceCache: FaceCache
  /// The bounds of the caches the font system was made with; ``reserveCachedTexts(_:)``
  /// may raise the shaped-text bounds above them for a run.
  public let cacheLimits: CacheSizes
  /// Where the fonts come from, as the font system was made with.
  public let sources: FontSources
  /// The caches, guarded: resolutions, chains and fallback answers by descriptor and language,
  /// shaped texts by text, descriptor and options (open faces are in ``faceCache``).
  private let caches: Lock<Caches>
  /// Held while a fallback chain is made; it counts the chains made.
  ///
  /// Threads asking for the same new chain at once (every core's first text, when a run
  /// starts) then have Fontconfig sort the fonts once, not once each: a sort costs
  /// milliseconds, and chains are few.
  private let makingChains = Lock(0)

  /// How many fallback chains this system has asked Fontconfig for.
  package var fallbackChainsMade: Int { makingChains.withLock { $0 } }
  /// Held while a font is resolved; it counts the resolutions made.
  ///
  /// Threads asking for the same new resolution at once (the cores' first texts in a font,
  /// when a run starts) then have Fontconfig match it once, not once each: a match costs
  /// about a millisecond (a run of the demo made 22 matches where 16 were new), and
  /// resolutions are few.
  private let resolving = Lock(0)
  /// How many fonts this system has asked Fontconfig to resolve, those that failed included.
  package var resolutionsMade: Int { resolving.withLock { $0 } }
  /// Stands for the system's answers to a request that keeps its fit inputs: the system
  /// answers the same text, token, font and options alike for as long as it lives.
  ///
  /// The object itself holds nothing; the inputs a request keeps with it hold what a fit's
  /// result holds: the shaped texts, and through them the open faces they measure forced
  /// breaks with (as a `PangoLayout` keeps its lines and its font map).
  public let fitInputsIdentity: (any AnyObject & Sendable)? = FitInputsIdentity()

  /// An object of no content, told apart by its identity.
  private final class FitInputsIdentity: Sendable {}

  private struct Caches {
    var resolutions: BoundedCache<ResolutionKey, ResolvedFont>
    var chains: BoundedCache<ResolutionKey, FallbackChain>
    var fallbacks: BoundedCache<FallbackKey, FallbackAnswer?>
    var shapes: EntryCache<ShapeEntry>

    init(_ limits: CacheSizes) {
      resolutions = BoundedCache(entryLimit: limits.resolutions)
      chains = BoundedCache(entryLimit: limits.fallbackChains)
      fallbacks = BoundedCache(entryLimit: limits.fallbackAnswers)
      shapes = EntryCache(entryLimit: limits.shapedTexts, costLimit: limits.shapedTextBytes)
    }
  }

  /// What a resolution depends on: the descriptor, and the language Fontconfig favours.
  struct ResolutionKey: Hashable {
    let descriptor: FontDescriptor
    let language: Language?
    /// The hash of both, worked out once: a fallback question asks with the same request for
    /// every character of a text.
    private let hash: Int

    init(descriptor: FontDescriptor, language: Language?) {
      self.descriptor = descriptor
      self.language = language
      // The descriptor's own hash and the tag's folded bytes, mixed as a shaped text's key
      // mixes its parts: without a `Hasher`, as every text resolves its fonts.
      var state = ExactString.mix(UInt64(bitPattern: Int64(descriptor.precomputedHash)))
      if let language { state = ExactString.mix(state ^ ExactString(language.tag).folded) }
      hash = Int(truncatingIfNeeded: ExactString.mix(state ^ (language == nil ? 1 : 2)))
    }

    static func == (lhs: ResolutionKey, rhs: ResolutionKey) -> Bool {
      lhs.hash == rhs.hash && lhs.descriptor == rhs.descriptor && lhs.language == rhs.language
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(hash)
    }
  }

  /// A fallback question: which face of a request's chain first draws a character.
  private struct FallbackKey: Hashable {
    var request: ResolutionKey
    /// The cluster's exact scalars: a canonically equivalent spelling may not be drawn by the
    /// same face.
    var character: ExactString
  }

  /// What a text's shaping depends on; the size is not part of it, since advances are in ems.
  private struct ShapeKey: Equatable {
    /// Exact code units: canonically equivalent texts shape differently.
    let text: ExactString
    let descriptor: FontDescriptor
    let options: ShapingOptions

    /// The key's hash, made from the text's folded bytes, the descriptor's own hash and the
    /// options without a `Hasher` (every fit works one out).
    ///
    /// Each part is mixed in as the text's words are (``ExactString/mix(_:)``), and only
    /// styled spans, rare, go through a hasher.
    var hash: Int {
      var state = ExactString.mix(
        text.folded ^ UInt64(bitPattern: Int64(descriptor.precomputedHash)))
      // Tags are ASCII, so equal tags are equal bytes (Language's own hash folds them too).
      if let language = options.language {
        state = ExactString.mix(state ^ ExactString(language.tag).folded)
      }
      if !options.spans.isEmpty {
        var hasher = Hasher()
        hasher.combine(options.spans)
        state = ExactString.mix(state ^ UInt64(bitPattern: Int64(hasher.finalize())))
      }
      let flags =
        UInt64(options.direction.ordinal) | (options.breaksBetweenPhrases ? 4 : 0)
        | (options.language == nil ? 8 : 0)
      return Int(truncatingIfNeeded: ExactString.mix(state ^ flags))
    }
  }

  /// A shaped text as the cache holds it, with its key and what the last fit of it read
  /// besides: the face its font resolved to and its truncation token, so that a fit of a text
  /// shaped before is one look-up (``shapeForFit(_:token:font:options:)``).
  ///
  /// Its one variable, ``fit``, is read and written only under the caches' lock, which is
  /// what makes sharing it between threads safe.
  private final class ShapeEntry: CacheEntry, @unchecked Sendable {
    let key: ShapeKey
    let keyHash: Int
    let shaped: ShapedText
    let cost: Int
    /// What the last fit read besides the text; set and read under the caches' lock.
    var fit: FitMemo?

    init(key: ShapeKey, hash: Int, shaped: ShapedText) {
      self.key = key
      keyHash = hash
      self.shaped = shaped
      cost = shaped.estimatedByteCount
    }

    func hasKey(_ key: borrowing ShapeKey) -> Bool {
      self.key == key
    }
  }

  /// The face a text's font resolved to and the text's truncation token, as a fit read them.
  private final class FitMemo: Sendable {
    let inputs: ShapedForFit
    /// The token's exact text.
    let token: ExactString

    init(_ inputs: ShapedForFit, token: ExactString) {
      self.inputs = inputs
      self.token = token
    }
  }

  /// Loads a Fontconfig configuration with the fonts of `sources` and initialises FreeType.
  ///
  /// The system's configuration and fonts by default. Each font system has its own
  /// configuration and caches (faces are cached by file), so systems of different sources
  /// never answer with each other's fonts.
  ///
  /// - Parameters:
  ///   - cacheLimits: The bounds of the caches.
  ///   - sources: Where the fonts come from: the system's fonts, with or without application
  ///     font directories, or only such directories.
  /// - Throws: ``FontError`` when either library fails to start, or when a directory of
  ///   `sources` does not exist, is not a directory or holds no font file (the error's
  ///   ``FontError/file`` names it).
  public init(cacheLimits: CacheSizes = CacheSizes(), sources: FontSources = .system)
    throws(FontError)
  {
    resolver = try FontconfigResolver(sources: sources)
    faceCache = FaceCache(library: try FreeTypeLibrary(), limit: cacheLimits.faces)
    self.cacheLimits = cacheLimits
    self.sources = sources
    caches = Lock(Caches(cacheLimits))
  }

  /// Forgets every shaped text, as an app might on a memory warning; the fonts stay open.
  ///
  /// Texts that fits and requests still hold (a request keeps the inputs of its last fit)
  /// are freed with them.
  public func removeCachedTexts() {
    caches.withLock { $0.shapes.removeAll() }
  }

  /// The bytes per reserved text that bound the shaped-text cache after
  /// ``reserveCachedTexts(_:)``.
  public static let reservedBytesPerText = 32 << 10

  /// Makes room to keep `count` shaped texts, so a run that lays out the same texts on many
  /// screens shapes each of them once, however many distinct texts it has.
  ///
  /// The shaped-text cache's bounds grow (never shrink) to fit the largest run reserved: at
  /// most 2 × (`count` + 1) entries and the larger of the current byte bound and `count` ×
  /// ``reservedBytesPerText`` (32 KiB). Any `count` texts of up to 16 KiB each then fit in
  /// the cache together, whatever it held before (a text of a 100-character label takes
  /// about 7 KiB); texts shaped beyond them may push some out again. Reserving for another
  /// run does not add up, so a long-lived process stays bounded by its largest run.
  ///
  /// - Parameter count: The distinct texts (and truncation tokens) about to be shaped.
  public func reserveCachedTexts(_ count: Int) {
    guard count > 0 else { return }
    let (cost, overflow) = count.multipliedReportingOverflow(by: Self.reservedBytesPerText / 2)
    caches.withLock { caches in
      caches.shapes.reserve(entries: count, cost: overflow ? .max / 2 : cost)
    }
  }

  /// How full each cache is now.
  public var cacheUsage: CacheSizes {
    let faceCount = faceCache.count
    return caches.withLock { caches in
      CacheSizes(
        resolutions: caches.resolutions.count, fallbackChains: caches.chains.count,
        fallbackAnswers: caches.fallbacks.count, faces: faceCount,
        shapedTexts: caches.shapes.count, shapedTextBytes: caches.shapes.totalCost)
    }
  }

  private static let sharedSystem = Lock<FontSystem?>(nil)

  /// The process-wide font system of the system's fonts, created on first use.
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
  /// A nil language is matched as English, whatever the machine's `LANG`.
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
    if let cached = caches.withLock({ $0.resolutions.value(for: key) }) { return cached }
    return try resolving.withLock { (made) throws(FontError) -> ResolvedFont in
      // Another thread may have resolved it while this one waited.
      if let cached = caches.withLock({ $0.resolutions.value(for: key) }) { return cached }
      made += 1
      let resolved = try resolver.resolve(descriptor, language: language)
      caches.withLock { $0.resolutions.insert(resolved, for: key) }
      return resolved
    }
  }

  /// How `descriptor` resolves: the chosen face, whether it is a substitution, and the faces
  /// a character it lacks falls back along, for showing a user (as `demo fonts NAME` does).
  ///
  /// The fallback chain starts with the chosen face and goes on with the faces of
  /// Fontconfig's sorted list (`FcFontSort`) that add coverage, in order, each file and face
  /// once, at most ``FontResolution/chainLimit`` in all: the faces ``shape(_:font:options:)``
  /// looks for a missing character in, first to last.
  ///
  /// - Parameters:
  ///   - descriptor: The families, weight and slant asked for.
  ///   - language: The text's language, which Fontconfig weighs in its choice; nil for none.
  /// - Returns: The resolution and its fallback chain.
  /// - Throws: ``FontError`` when Fontconfig fails.
  public func explain(_ descriptor: FontDescriptor, language: Language? = nil)
    throws(FontError) -> FontResolution
  {
    let resolved = try resolve(descriptor, language: language)
    var seen: Set<FaceKey> = [FaceKey(resolved)]
    var chain = [resolved]
    let fallbacks = try fallbackChain(for: descriptor, language: language ?? .unspecified)
    for position in 0..<fallbacks.count {
      guard chain.count < FontResolution.chainLimit else { break }
      let candidate = try fallbacks.resolved(at: position)
      if seen.insert(FaceKey(candidate)).inserted { chain.append(candidate) }
    }
    return FontResolution(
      requested: descriptor, language: language, resolved: resolved, fallbackChain: chain)
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
    for (index, cluster) in shaped.packedClusters.enumerated() {
      width += cluster.advance + (index > 0 ? shaped.kerning(at: index) : 0)
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
    let graphemes = Graphemes(text)
    let opportunities: [LineBreakOpportunity]
    do {
      if let unicode = lineBreaker as? UnicodeLineBreaker {
        opportunities = try unicode.opportunities(in: graphemes)
      } else {
        opportunities = try lineBreaker.opportunities(in: text)
      }
    } catch {
      throw .lineBreaking(error)
    }
    guard opportunities.count == graphemes.count else {
      throw .lineBreaking(
        .wrongCount(expected: graphemes.count, received: opportunities.count))
    }
    let requested: ResolvedFont
    let face: FontFace
    do {
      requested = try resolve(font, language: options.language)
      face = try self.face(for: requested)
    } catch {
      throw .font(error)
    }
    // Made in place: a shaper given back from a throwing initialiser was copied (a retain
    // and a release of each of its lists).
    var shaper = Shaper(system: self, requested: requested, face: face, options: options)
    return try shaper.shape(text, graphemes: graphemes, opportunities: opportunities)
  }

  /// Measures `text` as ``shape(_:font:options:lineBreaker:)`` does, with Unicode line
  /// breaking (UAX #14, through ICU, with the rules of the options' language).
  ///
  /// The result is cached by text, descriptor and options, so a text is measured once and
  /// then fitted at every size, on every screen and in every widget that shows it.
  ///
  /// - Throws: ``ShapingError`` when the text cannot be shaped.
  public func shape(
    _ text: String, font: FontDescriptor, options: ShapingOptions = ShapingOptions()
  ) throws(ShapingError) -> ShapedText {
    let key = ShapeKey(text: ExactString(text), descriptor: font, options: options)
    let hash = key.hash
    if let cached = caches.withLock({ $0.shapes.entry(key, hash: hash)?.shaped }) {
      return cached
    }
    return try shapeAndCache(key, hash: hash).shaped
  }

  /// ``TextShaping/shapeForFit(_:token:font:options:)`` from the shaped-text cache: a text
  /// fitted before is one look-up, its face and token kept with it; otherwise the text is
  /// shaped (or found) and the token and face are found as ``shape(_:font:options:)`` and
  /// ``resolve(_:language:)`` find them, and kept with the text.
  ///
  /// - Throws: ``ShapingError`` when the font cannot be used or either text cannot be broken.
  public func shapeForFit(
    _ text: String, token: String, font: FontDescriptor, options: ShapingOptions
  ) throws(ShapingError) -> ShapedForFit {
    let key = ShapeKey(text: ExactString(text), descriptor: font, options: options)
    let exactToken = ExactString(token)
    let hash = key.hash
    // The entry, with its last fit when that had the same token.
    let found: (memo: FitMemo?, entry: ShapeEntry)? = caches.withLock { caches in
      guard let entry = caches.shapes.entry(key, hash: hash) else { return nil }
      guard let memo = entry.fit, memo.token == exactToken else { return (nil, entry) }
      return (memo, entry)
    }
    if let memo = found?.memo { return memo.inputs }
    let entry: ShapeEntry
    if let found {
      entry = found.entry
    } else {
      entry = try shapeAndCache(key, hash: hash)
    }
    let resolved: ResolvedFont
    do {
      resolved = try resolve(font, language: options.language)
    } catch {
      throw .font(error)
    }
    let shapedToken = try shape(
      token, font: font, options: options.truncationTokenOptions(for: entry.shaped))
    let inputs = ShapedForFit(text: entry.shaped, token: shapedToken, resolvedFont: resolved)
    let memo = FitMemo(inputs, token: exactToken)
    // An entry the cache has let go meanwhile keeps it to no effect: it is not brought back.
    caches.withLock { _ in entry.fit = memo }
    return inputs
  }

  /// Shapes the text of `key` and caches it; `hash` is the key's.
  private func shapeAndCache(_ key: ShapeKey, hash: Int) throws(ShapingError) -> ShapeEntry {
    let options = key.options
    let shaped = try shape(
      key.text.string, font: key.descriptor, options: options,
      lineBreaker: UnicodeLineBreaker(
        language: options.language, breaksBetweenPhrases: options.breaksBetweenPhrases))
    let entry = ShapeEntry(key: key, hash: hash, shaped: shaped)
    caches.withLock { $0.shapes.insert(entry) }
    return entry
  }

  /// The font set of `descriptor` in `language`, cached: the face Fontconfig matches, then
  /// the rest of its sorted list, as Pango's fontset has them.
  func fallbackChain(for descriptor: FontDescriptor, language: Language?) throws(FontError)
    -> FallbackChain
  {
    let key = ResolutionKey(descriptor: descriptor, language: language)
    if let cached = caches.withLock({ $0.chains.value(for: key) }) { return cached }
    return try makingChains.withLock { (made) throws(FontError) -> FallbackChain in
      // Another thread may have made it while this one waited.
      if let cached = caches.withLock({ $0.chains.value(for: key) }) { return cached }
      made += 1
      let chain = try resolver.fallbackChain(for: descriptor, language: language)
      caches.withLock { $0.chains.insert(chain, for: key) }
      return chain
    }
  }

  /// The scripts Fontconfig's orthography of `language` is written in; nil when none
  /// matches it, which counts as every script.
  func scripts(of language: Language) -> Set<Int32>? {
    resolver.scripts(of: language)
  }

  /// The open face for a resolved font, opened on first use and then shared.
  ///
  /// - Throws: ``FontError`` naming the file when it cannot be opened, or when it no longer
  ///   holds the face Fontconfig listed (another font was written or moved over it after
  ///   Fontconfig scanned it, as a package upgrade does): its family is none of the names
  ///   Fontconfig has for the face.
  func face(for resolved: ResolvedFont) throws(FontError) -> FontFace {
    try faceCache.face(for: resolved)
  }

  /// The open face for a file and index, opened on first use and then shared.
  ///
  /// - Throws: ``FontError`` naming the file when it cannot be read or holds no face FreeType
  ///   and HarfBuzz both read alike, as when it was truncated, overwritten or deleted after
  ///   Fontconfig scanned it.
  func face(for key: FaceKey, expectingFamilies families: [String] = []) throws(FontError)
    -> FontFace
  {
    try faceCache.face(for: key, expectingFamilies: families)
  }
}

/// Identifies an open face: a file and the index of the face in it.
struct FaceKey: Hashable {
  let file: String
  let index: Int
  /// The hash of both, worked out once (a resolution carries it): faces are looked up for
  /// every text shaped, and hashing a path each time cost about 300 instructions.
  private let hash: Int

  init(_ resolved: ResolvedFont) {
    file = resolved.file
    index = resolved.index
    hash = resolved.faceHash
  }

  init(file: String, index: Int) {
    self.file = file
    self.index = index
    hash = ResolvedFont.faceHash(file: file, index: index)
  }

  static func == (lhs: FaceKey, rhs: FaceKey) -> Bool {
    lhs.hash == rhs.hash && lhs.index == rhs.index && lhs.file == rhs.file
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }
}

extension FontSystem {
  /// Which face of a font set first draws a character, and its place in the set.
  struct FallbackAnswer: Sendable {
    var resolved: ResolvedFont
    var position: Int
  }

  /// The answer to a fallback question for `character` in the chain of `request` (a
  /// descriptor and language): `.some(nil)` when no face draws it, nil when it was not asked
  /// yet.
  func cachedFallback(for character: ExactString, request: ResolutionKey) -> FallbackAnswer?? {
    let key = FallbackKey(request: request, character: character)
    return caches.withLock { $0.fallbacks.value(for: key) }
  }

  /// Remembers the answer to a fallback question.
  func cacheFallback(
    _ answer: FallbackAnswer?, for character: ExactString, request: ResolutionKey
  ) {
    let key = FallbackKey(request: request, character: character)
    caches.withLock { $0.fallbacks.insert(answer, for: key) }
  }
}

/// How many entries (and bytes) a ``FontSystem``'s caches hold: their bounds
/// (``FontSystem/cacheLimits``), or how full they are now (``FontSystem/cacheUsage``).
///
/// Every cache holds at most its bound and forgets the entries used least recently first
/// (see ``FontSystem``): memory stays bounded whatever texts and font names the input brings.
/// A run that reserves room for its texts (``FontSystem/reserveCachedTexts(_:)``) raises the
/// shaped-text bounds to its distinct texts, at most 32 KiB each.
public struct CacheSizes: Hashable, Sendable {
  /// Fontconfig resolutions, by descriptor and language.
  public var resolutions: Int
  /// Fallback chains (Fontconfig's sorted list with character sets), by descriptor and
  /// language.
  public var fallbackChains: Int
  /// Which fallback face draws a character, by descriptor, language and character.
  public var fallbackAnswers: Int
  /// Open faces (FreeType and HarfBuzz), by file and index.
  ///
  /// Each open face keeps its font file in memory (shared by the faces of one file): 0.3 to
  /// 0.8 MB for a DejaVu font, 5.2 MB for WenQuanYi Micro Hei, more for larger CJK fonts.
  public var faces: Int
  /// Shaped texts, by text, descriptor and options.
  public var shapedTexts: Int
  /// The bytes all shaped texts hold together, as ``ShapedText`` sizes are estimated.
  public var shapedTextBytes: Int

  /// Sizes; the defaults are the default bounds, which hold a few thousand label texts in
  /// about 64 MiB.
  public init(
    resolutions: Int = 1024, fallbackChains: Int = 64, fallbackAnswers: Int = 8192,
    faces: Int = 64, shapedTexts: Int = 8192, shapedTextBytes: Int = 64 << 20
  ) {
    self.resolutions = resolutions
    self.fallbackChains = fallbackChains
    self.fallbackAnswers = fallbackAnswers
    self.faces = faces
    self.shapedTexts = shapedTexts
    self.shapedTextBytes = shapedTextBytes
  }
}

/// The real measurer: Fontconfig resolves, HarfBuzz shapes, ICU finds line breaks and bidi
/// levels.
extension FontSystem: TextShaping {}
