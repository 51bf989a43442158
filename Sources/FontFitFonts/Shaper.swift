import FontFitFontModel
@_spi(Engine) import FontFitText

/// Shapes one text the way Pango does.
///
/// The text is cut into runs as Pango's itemiser cuts it (``Itemization``: script, bidi
/// level, emoji presentation, each run with its language); in each run a grapheme cluster
/// takes the first face of the run's font set that covers it (the family `emoji` for an
/// emoji run), and spaces, controls and variation selectors keep the face around them; runs
/// of one face, script, direction and language are shaped by HarfBuzz with the face's
/// default features, the whole text as context; and each run's advances go back to the
/// grapheme clusters they came from. One shaper serves one
/// ``FontSystem/shape(_:font:lineBreaker:)`` call.
///
/// Rich text's spans (``ShapingOptions/spans``) cut runs too, as Pango's attributes do: a span
/// chooses its faces from its own font set, and its glyphs are scaled and raised by the span
/// (its size, super- and subscripts by the text font's `OS/2` metrics, rise), so every
/// measurement stays in ems of the text's size.
struct Shaper {
  private let system: FontSystem
  /// The faces used so far; index 0 is the requested one.
  private var faces: [FontFace]
  private var faceKeys: [FaceKey]
  /// The size and shift each entry of `fonts` is drawn at.
  private var variants: [FontVariant]
  private var fonts: [ShapedFont]
  /// The font sets of the text's runs, one per descriptor and language; one is nil only
  /// while a run's faces are being chosen from it (it is moved out, not copied).
  private var searches: [FallbackSearch?] = []
  /// Each font set's place in ``searches``, by descriptor and language (compared, and hashed
  /// only past the map's scan limit).
  private var searchSlots = ScanningMap<SearchKey, Int>()

  /// What a font set is found by.
  private struct SearchKey: Hashable {
    var descriptor: FontDescriptor
    var language: Language
  }
  private var missing: [Unicode.Scalar] = []
  private var reported: Set<Unicode.Scalar> = []
  private let requested: ResolvedFont
  private let options: ShapingOptions

  /// A shaper of text in `requested`, whose face (``FontSystem/face(for:)``) is `face`.
  init(system: FontSystem, requested: ResolvedFont, face: FontFace, options: ShapingOptions) {
    self.system = system
    self.requested = requested
    faces = [face]
    // The lists of a text set in the requested face alone, shared by every such text (most
    // keep them as they are: the shaped text and its reshaper hold them, not copies).
    let base = Self.base(for: requested, in: face)
    self.base = base
    faceKeys = base.faceKeys
    variants = ShaperBase.variants
    fonts = base.fonts
    self.options = options
    spanVariants = options.spans.map { span in
      FontVariant(span: span, metrics: face.scriptMetrics)
    }
  }

  /// The size and baseline shift of each of the options' spans.
  private let spanVariants: [FontVariant]
  /// The requested face's shared lists, which also remember the font sets it starts.
  private let base: ShaperBase

  /// The face's shared lists for `requested`: kept in the face for the first display name
  /// asked for (a face resolved under another name makes its own).
  private static func base(for requested: ResolvedFont, in face: FontFace) -> ShaperBase {
    let key = FaceKey(requested)
    if let kept = face.shaperBase.load(), kept.serves(requested, key: key) { return kept }
    let made = ShaperBase(requested, key: key, face: face)
    let stored = face.shaperBase.storeIfNil(made)
    return stored.serves(requested, key: key) ? stored : made
  }

  /// A multiple of the text's size and a baseline shift (in ems of the text's size, up).
  struct FontVariant: Hashable {
    var scale = 1.0
    var shift = 0.0

    init() {}

    /// The variant of `span`, whose super- and subscripts take their size and offset from
    /// the text font's `metrics`, each at the size of the span around it.
    init(span: ShapingSpan, metrics: ScriptMetrics) {
      scale = span.scale
      var shiftScale = span.scale
      // A span that starts the text has no text before it to take script metrics from: as
      // Pango, it scales by 1/1.2 and shifts by a fixed length.
      let leading = span.leadingScriptOffset
      for position in span.scriptShifts {
        if let leading {
          shift += position == .superscript ? leading : -leading
        } else {
          shift += metrics.shift(position) * shiftScale
        }
        shiftScale *= leading == nil ? metrics.scale(position) : 1 / 1.2
      }
      for position in span.fontScales {
        scale *= leading == nil ? metrics.scale(position) : 1 / 1.2
      }
      shift += span.shift
    }

    /// `metrics` of a face drawn at this variant: scaled, and moved with the baseline (a
    /// raised span's line box rises with it, as Pango moves the run's logical rectangle).
    func apply(to metrics: LineMetrics) -> LineMetrics {
      guard scale != 1 || shift != 0 else { return metrics }
      return LineMetrics(
        ascent: max(0, metrics.ascent * scale + shift),
        descent: max(0, metrics.descent * scale - shift), lineGap: metrics.lineGap * scale)
    }
  }

  /// Each grapheme cluster's span in the options, or -1 for the text's own font; empty when
  /// the options have no spans (most texts), which ``Itemization`` reads as -1 throughout.
  private func spanIndices(_ graphemes: Graphemes) -> [Int] {
    let spans = options.spans
    guard !spans.isEmpty else { return [] }
    var result = [Int](filled: -1, count: graphemes.count)
    var span = 0
    for index in 0..<graphemes.count {
      let offset = graphemes.utf8Offset(index)
      while span < spans.count, spans[span].range.upperBound <= offset { span += 1 }
      if span < spans.count, spans[span].range.contains(offset) { result[index] = span }
    }
    return result
  }

  /// The clusters of `text` with advances in ems; `opportunities` has one entry per grapheme
  /// cluster.
  mutating func shape(
    _ text: String, graphemes: Graphemes, opportunities: [LineBreakOpportunity]
  ) throws(ShapingError) -> ShapedText {
    let levels = try BidiLevels(graphemes: graphemes, direction: options.direction)
    let scripts = Scripts(graphemes).resolved
    let system = self.system
    let spanOf = spanIndices(graphemes)
    let items = Itemization(
      graphemes, text: text, scripts: scripts, levels: levels.levels,
      language: options.language, spans: spanOf, spanLanguages: options.spans.map(\.language),
      scriptsOfLanguage: { system.scripts(of: $0) })
    var faceOf = [Int](filled: 0, count: graphemes.count)
    // Each cluster's language, by index in `languages`: 32 bits, as every run of a styled
    // text may have a language of its own. Empty while every cluster's is the first (most
    // texts have one).
    var languageOf: [Int32] = []
    // Where each stretch of one language starts, for the break reshaper.
    var languageStarts: [BreakReshaper.LanguageStart] = []
    var languages: [String] = []
    var languageIndices = ScanningMap<String, Int>()
    do {
      for run in items.runs {
        let tag = run.language.tag
        let language = languageIndices[tag] ?? languages.count
        if language == languages.count {
          languages.append(tag)
          languageIndices.insert(language, for: tag)
        }
        if language > 0, languageOf.isEmpty {
          languageOf = Array(filled: 0, count: graphemes.count)
        }
        if !languageOf.isEmpty {
          for index in run.clusters { languageOf[index] = Int32(language) }
        }
        if languageStarts.last?.language != Int32(language) {
          languageStarts.append(
            BreakReshaper.LanguageStart(
              cluster: Int32(run.clusters.lowerBound), language: Int32(language)))
        }
        try chooseFaces(for: run, in: text, graphemes: graphemes, into: &faceOf)
      }
    } catch {
      throw .font(error)
    }
    var advances = [Double](filled: 0, count: graphemes.count)
    var placed = PlacedGlyphs(count: graphemes.count)
    // Letter-spaced spans shape without ligatures, as Pango shapes them; empty (none is)
    // without spans.
    let spaced = spanOf.map { $0 >= 0 && options.spans[$0].letterSpacing != 0 }
    let runs = runs(
      graphemes, faceOf: faceOf, levels: levels.levels, scripts: scripts,
      languageOf: languageOf, spaced: spaced)
    // One HarfBuzz buffer and one array of glyphs serve every run.
    var glyphs: [HarfBuzzGlyph] = []
    let faces = self.faces
    let variants = self.variants
    do {
      try HarfBuzzFace.withBuffer(file: faces[0].harfBuzz.file) { (buffer) throws(FontError) in
        // Through a static function, with the arrays it fills passed in: captured by a local
        // function, they would be checked for exclusive access on every write.
        try Self.withShapingBytes(of: text) { (bytes) throws(FontError) in
          try Self.shapeRuns(
            runs, of: bytes, faces: faces, variants: variants, languages: languages,
            graphemes: graphemes, buffer: buffer, glyphs: &glyphs, advances: &advances,
            placed: &placed)
        }
      }
    } catch {
      throw .font(error)
    }
    // Only fonts that gain a hyphen are written: a write to the shared lists would copy them.
    for index in fonts.indices where fonts[index].hyphen == nil {
      guard let hyphen = faces[index].hyphen else { continue }
      fonts[index].hyphen = ShaperBase.hyphen(hyphen, font: index, variant: variants[index])
    }
    // Written into a temporary buffer and copied into an array of their count: an array made
    // with uninitialised capacity is allocated through the standard library's unspecialised
    // path, which looks up its storage's generic metadata (see `Graphemes`).
    let clusters = withUnsafeTemporaryAllocation(
      of: PackedCluster.self, capacity: graphemes.count
    ) { clusters in
      for index in 0..<graphemes.count {
        let kind = graphemes[index].kind
        let drawsNothing = kind == .lineSeparator || graphemes[index].isControl
        clusters.initializeElement(
          at: index,
          to: PackedCluster(
            start: graphemes.utf8Offset(index), advance: drawsNothing ? 0 : advances[index],
            breakBefore: opportunities[index], kind: kind, font: faceOf[index],
            level: levels.level(index), glyphs: drawsNothing ? 0..<0 : placed.ranges[index]))
      }
      return Array(UnsafeBufferPointer(clusters))
    }
    let reshaper = BreakReshaper(
      faceCache: system.faceCache, flagged: placed.unsafeToBreak, faces: faceKeys,
      scales: variants.map(\.scale), advances: advances, clusters: clusters, scripts: scripts,
      languages: languages, languageStarts: languageStarts)
    // A span's letter spacing, per cluster; the text shapes without it.
    var letterSpacings: [LetterSpacing]?
    if options.spans.contains(where: { $0.letterSpacing != 0 }) {
      letterSpacings = spanOf.enumerated().map { index, span in
        let kind = graphemes[index].kind
        guard span >= 0, kind != .lineSeparator else { return LetterSpacing() }
        let spacing = options.spans[span]
        return LetterSpacing(
          before: spacing.letterSpacingBefore,
          after: spacing.letterSpacing - spacing.letterSpacingBefore)
      }
    }
    return ShapedText(
      validatedText: text, packedClusters: clusters, fonts: fonts, missingCharacters: missing,
      packedGlyphs: placed.glyphs, glyphOffsets: placed.offsets, paragraphs: levels.paragraphs,
      reshaper: reshaper, letterSpacings: letterSpacings)
  }

  /// Calls `body` with `text` as HarfBuzz reads it: its own UTF-8, or a copy when it has a tab
  /// (a tab measures as a space) or its bytes are not contiguous (a bridged string).
  private static func withShapingBytes(
    of text: String, _ body: (UnsafeBufferPointer<UInt8>) throws(FontError) -> Void
  ) throws(FontError) {
    // The error is carried out of the closure: `withContiguousStorageIfAvailable` rethrows
    // untyped.
    var failure: FontError?
    let readInPlace = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      guard !bytes.contains(UInt8(ascii: "\t")) else { return false }
      do throws(FontError) { try body(bytes) } catch { failure = error }
      return true
    }
    if let failure { throw failure }
    guard readInPlace != true else { return }
    let copy = text.utf8.map { $0 == UInt8(ascii: "\t") ? UInt8(ascii: " ") : $0 }
    try copy.withUnsafeBufferPointer { (bytes) throws(FontError) in try body(bytes) }
  }

  /// Shapes `runs` of the UTF-8 `text` through `buffer`, adding each run's advances (in ems)
  /// to `advances` and its glyphs to `placed`; `glyphs` is the array each run's glyphs pass
  /// through.
  private static func shapeRuns(
    _ runs: [Run], of text: UnsafeBufferPointer<UInt8>, faces: [FontFace],
    variants: [FontVariant], languages: [String], graphemes: Graphemes, buffer: OpaquePointer,
    glyphs: inout [HarfBuzzGlyph], advances: inout [Double], placed: inout PlacedGlyphs
  ) throws(FontError) {
    for run in runs {
      let face = faces[run.face]
      try face.harfBuzz.shape(
        text, run: run.shaping, language: languages.isEmpty ? nil : languages[run.language],
        buffer: buffer, into: &glyphs)
      let variant = variants[run.face]
      let scale = variant.scale / Double(face.harfBuzz.unitsPerEm)
      graphemes.distribute(glyphs, in: run.shaping.range, scale: scale, into: &advances)
      placed.add(glyphs, font: run.face, scale: scale, rise: variant.shift, graphemes: graphemes)
    }
  }

  /// Chooses the face of each cluster of `run`, as Pango's itemiser does.
  ///
  /// A cluster takes the first face of the run's font set that covers it; one no face covers
  /// takes the requested face (and its characters are reported missing). A cluster that
  /// keeps the font (a space, a control, a variation selector: ``Itemization/keepsFont(_:)``)
  /// takes the face before it in the run, or the face after it when that comes earlier in
  /// the set (or when none is before it); a run of nothing else takes the face that covers a
  /// space. A tab ends the face's item, as in Pango: a stretch of spaces with a tab among
  /// them keeps the face before it. A line separator is a run of its own and is not shaped.
  private mutating func chooseFaces(
    for run: Itemization.Run, in text: String, graphemes: Graphemes, into faceOf: inout [Int]
  ) throws(FontError) {
    if run.clusters.count == 1, graphemes[run.clusters.lowerBound].kind == .lineSeparator {
      faceOf[run.clusters.lowerBound] = 0
      return
    }
    // A run in the text's own font whose set (in the run's language) starts with the requested
    // face, as most do, is mostly drawn by that face alone: it then takes it without a search,
    // nor the look-ups that find the set's first face.
    let startsWithRequested =
      run.span < 0 && !run.isEmoji
      ? try base.startsSet(of: requested.requested, language: run.language, in: system) : false
    if startsWithRequested,
      Self.drawsEveryCluster(of: run, in: text, graphemes: graphemes, face: faces[0])
    {
      for index in run.clusters { faceOf[index] = 0 }
      return
    }
    let variant = run.span >= 0 ? spanVariants[run.span] : FontVariant()
    let font = run.span >= 0 ? options.spans[run.span].font : requested.requested
    let descriptor =
      run.isEmoji
      ? FontDescriptor(families: [Self.emojiFamily], weight: font.weight, slant: font.slant)
      : font
    let key = SearchKey(descriptor: descriptor, language: run.language)
    let slot = searchSlots[key] ?? searches.count
    if slot == searches.count {
      searches.append(FallbackSearch(descriptor: descriptor, language: run.language))
      searchSlots.insert(slot, for: key)
    }
    guard var search = searches[slot].take() else {
      preconditionFailure("a font set is in use while its run chooses faces")
    }
    defer { searches[slot] = search }
    let first = try search.firstFace(in: system)
    let firstIndex = try first.map { (found) throws(FontError) in
      try index(of: found, variant: variant)
    }
    // The first face alone, so that testing a cluster against it copies no search state.
    let firstDrawer = firstIndex == nil ? nil : first?.face
    // Most runs are drawn by the set's first face alone: every cluster then takes it, the
    // spaces and line separators between them too, as the choice below would give.
    if let firstDrawer, let firstIndex, !startsWithRequested,
      Self.drawsEveryCluster(of: run, in: text, graphemes: graphemes, face: firstDrawer)
    {
      for index in run.clusters { faceOf[index] = firstIndex }
      return
    }
    // Each cluster's face and its place in the set; nil for one that keeps the font.
    var chosen: [(face: Int, position: Int)?] = []
    chosen.reserveCapacity(run.clusters.count)
    let clusters = graphemes.clusters
    for index in run.clusters {
      let cluster = clusters[index]
      switch Self.firstFaceAnswer(for: index, of: graphemes, in: text, face: firstDrawer) {
      case .keepsFont:
        chosen.append(nil)
        continue
      case .drawn:
        if let firstIndex {
          chosen.append((firstIndex, 0))
          continue
        }
      case .search: break
      }
      let found =
        cluster.isSingleScalar
        ? try search.face(for: cluster.first, in: system)
        : try search.face(for: graphemes.character(index, in: text), in: system)
      if let found {
        chosen.append((try self.index(of: found, variant: variant), found.position))
      } else {
        let character = graphemes.character(index, in: text)
        for scalar in faces[0].missingCharacters(in: character)
        where reported.insert(scalar).inserted {
          missing.append(scalar)
        }
        chosen.append((requestedIndex(variant), try search.faceCount(in: system)))
      }
    }
    var previous: (face: Int, position: Int)?
    var gap: Int?
    var gapHasTab = false
    let start = run.clusters.lowerBound
    for (offset, choice) in chosen.enumerated() {
      guard let choice else {
        if gap == nil { gap = offset }
        if graphemes[start + offset].first == "\t" { gapHasTab = true }
        continue
      }
      if let from = gap {
        // Spaces between two faces go with the later one when it is less of a fallback,
        // unless a tab (which ends an item in Pango) lies among them.
        let face =
          previous.map {
            !gapHasTab && choice.face != $0.face && choice.position < $0.position ? choice : $0
          } ?? choice
        for member in from..<offset { faceOf[start + member] = face.face }
        gap = nil
        gapHasTab = false
      }
      faceOf[start + offset] = choice.face
      previous = choice
    }
    if let from = gap {
      var face = previous?.face
      if face == nil {
        face = try search.face(for: Character(" "), in: system).map { (found) throws(FontError) in
          try index(of: found, variant: variant)
        }
      }
      for member in from..<chosen.count {
        faceOf[start + member] = face ?? requestedIndex(variant)
      }
    }
  }

  /// Whether `face` draws every cluster of `run` that does not keep the font around it, and
  /// the run has at least one such cluster: the clusters the first face of a run's set
  /// takes without a search.
  private static func drawsEveryCluster(
    of run: Itemization.Run, in text: String, graphemes: Graphemes, face: FontFace
  ) -> Bool {
    var drawsOne = false
    for index in run.clusters {
      switch firstFaceAnswer(for: index, of: graphemes, in: text, face: face) {
      case .keepsFont: continue
      case .drawn: drawsOne = true
      case .search: return false
      }
    }
    return drawsOne
  }

  /// What the first face of a run's font set says of a cluster, before any search.
  private enum FirstFaceAnswer {
    /// The cluster keeps the face around it (a space, a control, a line separator).
    case keepsFont
    /// The first face draws it.
    case drawn
    /// The font set must be searched: the first face lacks it, or it has several characters.
    case search
  }

  /// What `face`, the first face of a run's set (nil when the set has none), says of cluster
  /// `index` of `graphemes` (of `text`); a cluster of several characters that does not keep
  /// the font is searched.
  private static func firstFaceAnswer(
    for index: Int, of graphemes: Graphemes, in text: String, face: FontFace?
  ) -> FirstFaceAnswer {
    let cluster = graphemes[index]
    if cluster.kind == .lineSeparator { return .keepsFont }
    guard cluster.isSingleScalar else {
      let scalars = text[graphemes.range(index, in: text)].unicodeScalars
      return Itemization.keepsFont(scalars) ? .keepsFont : .search
    }
    if Itemization.keepsFont(cluster.first) { return .keepsFont }
    return face?.draws(cluster.first) == true ? .drawn : .search
  }

  /// The family whose font set an emoji run takes its faces from; Fontconfig's rules send it
  /// to colour emoji fonts (Noto Color Emoji), as Pango does.
  static let emojiFamily = "emoji"

  /// The index in `faces` of a face of a font set drawn at `variant`, added on first use.
  private mutating func index(of found: FallbackSearch.FallbackFace, variant: FontVariant)
    throws(FontError) -> Int
  {
    add(found.face, resolved: found.resolved, variant: variant)
  }

  /// The index of the requested face drawn at `variant`, which takes the characters no face
  /// draws.
  private mutating func requestedIndex(_ variant: FontVariant) -> Int {
    variant == FontVariant() ? 0 : add(faces[0], resolved: requested, variant: variant)
  }

  private mutating func add(_ face: FontFace, resolved: ResolvedFont, variant: FontVariant)
    -> Int
  {
    let key = FaceKey(resolved)
    for index in faceKeys.indices where faceKeys[index] == key && variants[index] == variant {
      return index
    }
    faces.append(face)
    faceKeys.append(key)
    variants.append(variant)
    fonts.append(
      ShapedFont(
        name: resolved.displayName, metrics: variant.apply(to: face.lineMetrics),
        file: resolved.file, faceIndex: resolved.index, scale: variant.scale,
        decorations: face.decorations.scaled(by: variant.scale, raisedBy: variant.shift),
        unitsPerEm: face.harfBuzz.unitsPerEm))
    return faces.count - 1
  }

  /// A run to shape, the face that shapes it and its language's index.
  private struct Run {
    var face: Int
    var language: Int
    var shaping: ShapingRun
  }

  /// The maximal runs of grapheme clusters with one face, script, direction and language;
  /// line separators end runs and are not shaped.
  ///
  /// Empty `levels` are all 0, an empty `languageOf` all the first language.
  private func runs(
    _ graphemes: Graphemes, faceOf: [Int], levels: [UInt8], scripts: [Int32],
    languageOf: [Int32], spaced: [Bool]
  ) -> [Run] {
    var result: [Run] = []
    var start: Int?
    func close(_ end: Int) {
      guard let first = start else { return }
      result.append(
        Run(
          face: faceOf[first], language: languageOf.isEmpty ? 0 : Int(languageOf[first]),
          shaping: ShapingRun(
            range: graphemes.utf8Offset(first)..<graphemes.utf8Offset(end),
            isRightToLeft: !levels.isEmpty && levels[first] % 2 == 1,
            script: Scripts.tag(scripts[first]),
            disablesLigatures: !spaced.isEmpty && spaced[first])))
      start = nil
    }
    for index in 0..<graphemes.count {
      if graphemes[index].kind == .lineSeparator {
        close(index)
        continue
      }
      if let first = start,
        faceOf[first] != faceOf[index]
          || (!levels.isEmpty && levels[first] % 2 != levels[index] % 2)
          || scripts[first] != scripts[index]
          || (!languageOf.isEmpty && languageOf[first] != languageOf[index])
          || (!spaced.isEmpty && spaced[first] != spaced[index])
      {
        close(index)
      }
      if start == nil { start = index }
    }
    close(graphemes.count)
    return result
  }
}

/// The glyphs of a text, each grapheme cluster's kept together in visual order.
struct PlacedGlyphs {
  private(set) var glyphs: [PackedGlyph] = []
  /// Each glyph's offset, from the first glyph that has one; nil until then.
  private(set) var offsets: [GlyphOffset]?
  /// For each grapheme cluster, whether breaking before it changes the shaping (HarfBuzz's
  /// flag).
  private(set) var unsafeToBreak: [Bool]
  /// Each grapheme cluster's glyphs; empty for one that shares a ligature drawn by another.
  private(set) var ranges: [Range<Int>]

  /// Prepares for `count` grapheme clusters, with room for a glyph each (most texts have
  /// about as many glyphs as clusters; doubling from empty would leave up to half unused).
  init(count: Int) {
    ranges = Array(filled: 0..<0, count: count)
    unsafeToBreak = Array(filled: false, count: count)
    glyphs.reserveCapacity(count)
  }

  /// Adds a run's glyphs (in visual order) in ems, each to the grapheme cluster where its
  /// HarfBuzz cluster starts.
  mutating func add(
    _ run: [HarfBuzzGlyph], font: Int, scale: Double, rise: Double = 0, graphemes: Graphemes
  ) {
    // No reserve per run: the initialiser reserved a glyph per cluster, and reserving exactly
    // each run's count would give up the array's geometric growth, copying the glyphs again
    // for every run of a text with more glyphs than clusters.
    let first = glyphs.count
    for glyph in run { glyphs.append(PackedGlyph(id: glyph.id, font: font, units: glyph.xAdvance)) }
    // A run without a raise or an offset, at a finite scale, has only zero offsets (most
    // runs): none is made.
    if offsets != nil || rise != 0 || !scale.isFinite
      || run.contains(where: { $0.xOffset != 0 || $0.yOffset != 0 })
    {
      for (position, glyph) in run.enumerated() {
        let offset = GlyphOffset(
          x: Double(glyph.xOffset) * scale, y: Double(glyph.yOffset) * scale + rise)
        if offsets != nil {
          offsets?.append(offset)
        } else if offset != GlyphOffset() {
          var all = [GlyphOffset](repeating: GlyphOffset(), count: first + position)
          all.reserveCapacity(glyphs.capacity)
          all.append(offset)
          offsets = all
        }
      }
    }
    // Indices rather than slices of `run`: a slice retains the array's storage, and a run
    // makes one per HarfBuzz cluster.
    var start = 0
    while start < run.count {
      let harfBuzzCluster = run[start].cluster
      let cluster = graphemes.cluster(atUTF8: harfBuzzCluster)
      var end = start
      var unsafe = false
      while end < run.count, run[end].cluster == harfBuzzCluster {
        unsafe = unsafe || run[end].isUnsafeToBreak
        end += 1
      }
      if unsafe { unsafeToBreak[cluster] = true }
      let previous = ranges[cluster]
      let range = first + start..<first + end
      ranges[cluster] =
        previous.isEmpty || previous.upperBound != range.lowerBound
        ? range : previous.lowerBound..<range.upperBound
      start = end
    }
  }
}

/// The font lists a shaper starts from for a text in one face: the face's key and its shaped
/// font (with its hyphen), made once per face and shared by every text set in it.
final class ShaperBase: Sendable {
  let faceKeys: [FaceKey]
  let fonts: [ShapedFont]

  /// The variant list every shaper starts from: the requested face at the text's size.
  static let variants = [Shaper.FontVariant()]

  init(_ requested: ResolvedFont, key: FaceKey, face: FontFace) {
    faceKeys = [key]
    fonts = [
      ShapedFont(
        name: requested.displayName, metrics: face.lineMetrics, file: requested.file,
        faceIndex: requested.index,
        hyphen: face.hyphen.map { Self.hyphen($0, font: 0, variant: Shaper.FontVariant()) },
        decorations: face.decorations, unitsPerEm: face.harfBuzz.unitsPerEm)
    ]
  }

  /// The font sets (a descriptor in a language) known to start with this face or not.
  private let startedSets = Lock<[StartedSet]>([])

  /// Whether a font set starts with this face.
  private struct StartedSet {
    var descriptor: FontDescriptor
    var language: Language
    var startsWithFace: Bool
  }

  /// At most this many sets are remembered: a face is requested in a few languages.
  private static let startedSetLimit = 16

  /// Whether the font set of `descriptor` in `language` starts with this face.
  ///
  /// It does when Fontconfig matches this face (its file and index) for them, as it did for
  /// the request these lists were made for. Remembered, so most texts ask without resolving.
  func startsSet(of descriptor: FontDescriptor, language: Language, in system: FontSystem)
    throws(FontError) -> Bool
  {
    let known = startedSets.withLock { sets in
      sets.first { $0.language == language && $0.descriptor == descriptor }?.startsWithFace
    }
    if let known { return known }
    let starts = FaceKey(try system.resolve(descriptor, language: language)) == faceKeys[0]
    startedSets.withLock { sets in
      if sets.count < Self.startedSetLimit,
        !sets.contains(where: { $0.language == language && $0.descriptor == descriptor })
      {
        sets.append(
          StartedSet(descriptor: descriptor, language: language, startsWithFace: starts))
      }
    }
    return starts
  }

  /// Whether these lists are `requested`'s: the face's, under the name it is reported by.
  func serves(_ requested: ResolvedFont, key: FaceKey) -> Bool {
    faceKeys[0] == key && fonts[0].name == requested.displayName
  }

  /// A face's hyphen as font `font` of a text draws it, at `variant`'s size and shift.
  static func hyphen(
    _ hyphen: (text: String, glyph: UInt32, advance: Double), font: Int,
    variant: Shaper.FontVariant
  ) -> ShapedHyphen {
    ShapedHyphen(
      text: hyphen.text,
      glyph: ShapedGlyph(
        id: hyphen.glyph, font: font, advance: hyphen.advance * variant.scale,
        yOffset: variant.shift))
  }
}
