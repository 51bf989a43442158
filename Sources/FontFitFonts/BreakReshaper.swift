import FontFitFontModel
@_spi(Engine) import FontFitText

/// Examines a forced break inside a word as Pango does, for the breaks a layout asks about.
///
/// It finds whether a break takes a hyphen (Pango's rule, from the text's word boundaries)
/// when a layout first forces a break in the text, and how the two sides of a break measure
/// when each is shaped on its own only for the breaks a layout forces where HarfBuzz says
/// breaking changes the shaping: most texts are never broken inside a word, and finding word
/// boundaries and reshaping every such position would cost as much as the rest of shaping.
///
/// It keeps what it needs of the text (its bytes, clusters, faces and advances) and remembers
/// every measured break, so a break examined at one size is free at the next.
final class BreakReshaper: BreakReshaping {
  private let text: Text
  /// The breaks measured so far, made when the first flagged break is measured (most texts
  /// are never broken inside a word, and keep no lock for it).
  private let measured = OnceReference<Measured>()
  /// Where hyphens go, once worked out.
  ///
  /// Read without the lock, as a forced break asks about every cluster it steps back over and
  /// most are not flagged. Two threads that find them at once find the same, and the first
  /// stored is kept.
  private let hyphenates = OnceReference<Hyphenates>()
  /// The face cache of the font system that shaped the text, held strongly (one reference, no
  /// face of its own): once the system is freed, its cache, still bounded by
  /// `CacheSizes.faces`, lives on with its texts, so answers never depend on its lifetime.
  private let faceCache: FaceCache

  /// The measured breaks so far, by cluster.
  private final class Measured: Sendable {
    let answers: Lock<[BreakAdjustment?]>

    init(count: Int) {
      answers = Lock(Array(filled: nil, count: count))
    }
  }

  /// For each cluster, whether a forced break before it inserts a hyphen and whether HarfBuzz
  /// flagged the break: two bits in memory the box owns, read through a pointer (a forced
  /// break asks about every cluster it steps back over, and reading an array held by a class
  /// retains it); boxed for an atomic reference.
  private final class Hyphenates: @unchecked Sendable {
    let bits: UnsafeBufferPointer<UInt8>

    static let hyphen: UInt8 = 1
    static let flagged: UInt8 = 2

    init(_ breaks: [Bool], count: Int, flagged: (Int) -> Bool) {
      let bits = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: min(breaks.count, count))
      for index in bits.indices {
        bits[index] = (breaks[index] ? Self.hyphen : 0) | (flagged(index) ? Self.flagged : 0)
      }
      self.bits = UnsafeBufferPointer(bits)
    }

    deinit {
      UnsafeMutableBufferPointer(mutating: bits).deallocate()
    }
  }

  /// Letters on each side of a break that are shaped again; joining and ligatures reach no
  /// further in practice.
  static let window = 3

  /// What the measurement reads beyond the shaped text's own clusters; immutable.
  ///
  /// The bytes, cluster offsets, kinds, faces, advances, break opportunities and levels are
  /// read from the shaped text a layout asks about, not kept twice. Faces are named, not held,
  /// and opened through the face cache when a break is measured, so a cached shaped text
  /// keeps no face open.
  private struct Text: Sendable {
    /// Whether HarfBuzz flagged the break before each cluster, a bit per cluster; empty when
    /// it flagged none.
    var flagged: [UInt64]
    var faces: [FaceKey]
    /// Each font's size as a multiple of the text's; nil when every one is 1.
    ///
    /// Only a span set smaller or larger makes one other than 1. (The fonts' hyphens are the
    /// shaped text's own, and not kept here.)
    var scales: [Double]?
    /// HarfBuzz's advances of the clusters whose shaped advance was set to 0 (controls and
    /// line separators draw nothing), where they differ; the rest are the clusters' own.
    var shapedAdvances: [Int: Double]
    /// The first cluster of each stretch of one script, in order, with the script: kept per
    /// change, not per cluster, as ``languageStarts`` are.
    var scriptStarts: [ScriptStart]
    /// The languages of the text's runs.
    var languages: [String]
    /// The first cluster of each stretch of one language, in order, with the language's index
    /// in ``languages``: the language changes only between runs, so a text keeps an entry
    /// per change rather than one per cluster.
    var languageStarts: [LanguageStart]

    /// Whether HarfBuzz flagged the break before cluster `index`.
    func isFlagged(_ index: Int) -> Bool {
      index / 64 < flagged.count && flagged[index / 64] & 1 << UInt64(index % 64) != 0
    }

    /// Cluster `cluster`'s script.
    func script(of cluster: Int) -> Int32 {
      Self.value(at: cluster, in: scriptStarts, start: \.cluster, value: \.script)
    }

    /// The index in ``languages`` of cluster `cluster`'s language.
    func language(of cluster: Int) -> Int32 {
      Self.value(at: cluster, in: languageStarts, start: \.cluster, value: \.language)
    }

    /// The value of the last stretch of `starts` (in order) that starts at or before
    /// `cluster`, found by bisection; 0 when there are none.
    private static func value<Start>(
      at cluster: Int, in starts: [Start], start: (Start) -> Int32, value: (Start) -> Int32
    ) -> Int32 {
      var low = 0
      var high = starts.count
      while high - low > 1 {
        let middle = (low + high) / 2
        if Int(start(starts[middle])) <= cluster { low = middle } else { high = middle }
      }
      return starts.isEmpty ? 0 : value(starts[low])
    }
  }

  /// Where a stretch of clusters in one script starts, and the script.
  struct ScriptStart {
    var cluster: Int32
    var script: Int32
  }

  /// Where a stretch of clusters in one language starts, and the language's index.
  struct LanguageStart {
    var cluster: Int32
    var language: Int32
  }

  /// A reshaper for a text whose clusters `flagged` marks (one flag per cluster) are where
  /// HarfBuzz flagged breaking as unsafe.
  ///
  /// `advances` are HarfBuzz's advances of each cluster, in ems, which `clusters` (those of
  /// the shaped text the reshaper will be asked about) may have set to 0 where a cluster
  /// draws nothing.
  init(
    faceCache: FaceCache, flagged: [Bool], faces: [FaceKey], scales: [Double],
    advances: [Double], clusters: [PackedCluster], scripts: [Int32], languages: [String],
    languageStarts: [LanguageStart]
  ) {
    assert(flagged.count == clusters.count, "one unsafe-to-break flag per cluster")
    var flaggedBits: [UInt64] = []
    if let first = flagged.firstIndex(of: true) {
      flaggedBits = Array(filled: 0, count: (flagged.count + 63) / 64)
      for index in first..<flagged.count where flagged[index] {
        flaggedBits[index / 64] |= 1 << UInt64(index % 64)
      }
    }
    var shapedAdvances: [Int: Double] = [:]
    for index in clusters.indices where clusters[index].advance != advances[index] {
      shapedAdvances[index] = advances[index]
    }
    self.faceCache = faceCache
    storedClusterCount = UInt32(truncatingIfNeeded: clusters.count)
    breaksNeverNarrow = flaggedBits.isEmpty
    text = Text(
      flagged: flaggedBits, faces: faces, scales: scales.allSatisfy { $0 == 1 } ? nil : scales,
      shapedAdvances: shapedAdvances,
      scriptStarts: scripts.indices.compactMap { index in
        index > 0 && scripts[index] == scripts[index - 1]
          ? nil : ScriptStart(cluster: Int32(truncatingIfNeeded: index), script: scripts[index])
      }, languages: languages,
      languageStarts: languageStarts)
  }

  /// The text's clusters, counted, in 32 bits (a shaped text has at most 2^32): beside the
  /// flag below, the reshaper takes 101 bytes, a 112-byte block rather than a 128-byte one.
  private let storedClusterCount: UInt32
  /// The text's clusters, counted.
  private var clusterCount: Int { Int(storedClusterCount) }
  /// True when HarfBuzz flagged no break: every break then measures as the pieces' widths
  /// inside the word, with a hyphen where one goes.
  let breaksNeverNarrow: Bool

  /// About 256 bytes and one per cluster (the hyphen bits once found, and a bit for each flag);
  /// answers come on top as layouts ask for them.
  var estimatedByteCount: Int {
    // The object, and the arrays of its faces, scales, scripts and languages.
    256 + clusterCount + 16 * text.shapedAdvances.count
  }

  func adjustment(before index: Int, in shaped: ShapedText) -> BreakAdjustment {
    guard index > 0, index < clusterCount else { return BreakAdjustment() }
    // Only breaks HarfBuzz flagged are measured and remembered, under the lock; elsewhere
    // the answer is whether a hyphen goes there, read without it.
    // The bits are read in place: the reshaper holds them for as long as it lives.
    let read = { (found: Hyphenates) -> UInt8? in
      index < found.bits.count ? found.bits[index] : nil
    }
    guard let bits = hyphenates.withLoaded(read) ?? read(findHyphenates(shaped)) else {
      return BreakAdjustment()
    }
    guard bits & Hyphenates.flagged != 0 else {
      return BreakAdjustment(insertsHyphen: bits & Hyphenates.hyphen != 0)
    }
    let insertsHyphen = bits & Hyphenates.hyphen != 0
    if let known = measured.load()?.answers.withLock({ $0[index] }) { return known }
    var measured = BreakAdjustment(insertsHyphen: insertsHyphen)
    do {
      measured = try Self.measure(
        before: index, in: text, shaped: shaped, insertsHyphen: insertsHyphen,
        faceCache: faceCache)
    } catch {
      // HarfBuzz fails only when out of memory, and a face fails to reopen only when its file
      // was replaced or deleted after the cache let the face go; the break then measures as
      // the pieces' widths inside the word, which is what every break without reshaping
      // measures.
    }
    let answers = self.measured.load() ?? self.measured.storeIfNil(Measured(count: clusterCount))
    answers.answers.withLock { $0[index] = measured }
    return measured
  }

  /// Where hyphens go, found on first use: most texts are never broken inside a word.
  ///
  /// A failure of ICU's word break iterator (it can only run out of memory) leaves every
  /// break without a hyphen.
  private func findHyphenates(_ shaped: ShapedText) -> Hyphenates {
    // Most texts' breaks are told by their neighbouring characters, without ICU's word
    // boundaries, which cost as much as a tenth of shaping the text.
    let found =
      Hyphenation.breaksFromNeighbours(shaped)
      ?? (try? Hyphenation(Hyphenation.Input(shaped)).breaksInsertHyphen)
      ?? Array(filled: false, count: clusterCount)
    return hyphenates.storeIfNil(
      Hyphenates(found, count: clusterCount, flagged: text.isFlagged))
  }

  /// Shapes the two sides of the break before cluster `index`, when it lies inside a word in
  /// one face, and compares them with their widths inside the word; `insertsHyphen` says
  /// whether the break takes a hyphen.
  private static func measure(
    before index: Int, in text: Text, shaped: ShapedText, insertsHyphen: Bool,
    faceCache: FaceCache
  ) throws(FontError) -> BreakAdjustment {
    let clusters = shaped.packedClusters
    let count = clusters.count
    guard index > 0, index < count, clusters[index].breakBefore == .prohibited,
      clusters[index - 1].kind == .visible, clusters[index].kind == .visible,
      clusters[index - 1].font == clusters[index].font,
      text.language(of: index - 1) == text.language(of: index)
    else { return BreakAdjustment(insertsHyphen: insertsHyphen) }
    let font = clusters[index].font
    // The pieces are shaped in one face and one language, as each side's run is.
    func inWord(_ other: Int) -> Bool {
      clusters[other].kind == .visible && clusters[other].font == font
        && text.language(of: other) == text.language(of: index)
    }
    var first = index - 1
    while first > 0, index - first < window, inWord(first - 1),
      clusters[first].breakBefore == .prohibited
    {
      first -= 1
    }
    var last = index + 1
    while last < count, last - index < window, inWord(last),
      clusters[last].breakBefore == .prohibited
    {
      last += 1
    }
    let face = try faceCache.face(for: text.faces[font]).harfBuzz
    let language =
      text.languages.isEmpty ? nil : text.languages[Int(text.language(of: index))]
    let source = shaped.text
    let utf8 = source.utf8
    func offset(_ cluster: Int) -> Int {
      cluster < count
        ? Int(clusters[cluster].start)
        : utf8.count
    }
    // The text's bytes as HarfBuzz shaped them: a tab measures as a space.
    func bytes(_ range: Range<Int>) -> [UInt8] {
      let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
      let end = utf8.index(start, offsetBy: range.count)
      return utf8[start..<end].map { $0 == UInt8(ascii: "\t") ? UInt8(ascii: " ") : $0 }
    }
    func advances(_ range: Range<Int>) -> Double {
      range.reduce(0) { $0 + (text.shapedAdvances[$1] ?? clusters[$1].advance) }
    }
    // A few clusters of context on the open side, enough for joining and contextual forms.
    let before = offset(max(0, first - window))
    let after = offset(min(count, last + window))
    let breakOffset = offset(index)
    let run = { (range: Range<Int>, at: Int) in
      ShapingRun(
        range: range, isRightToLeft: clusters[at].level % 2 == 1,
        script: Scripts.tag(text.script(of: at)))
    }
    // The end of the line: the letters before the break, then the hyphen, with the text
    // before them as context and nothing after.
    let hyphen = insertsHyphen ? shaped.fonts[font].hyphen : nil
    let endBytes = bytes(before..<breakOffset) + Array((hyphen?.text ?? "").utf8)
    let endGlyphs = try face.shape(
      endBytes, run: run((offset(first) - before)..<endBytes.count, index - 1),
      language: language)
    let joinedEnd = advances(first..<index) + (hyphen?.glyph.advance ?? 0)
    // The start of the next line: the letters after the break, with nothing before them.
    let startBytes = bytes(breakOffset..<after)
    let startGlyphs = try face.shape(
      startBytes, run: run(0..<(offset(last) - breakOffset), index),
      language: language)
    // The pieces are measured in the face's ems; a span drawn smaller or larger scales them.
    let scale = text.scales?[font] ?? 1
    return BreakAdjustment(
      end: width(endGlyphs, face) * scale - joinedEnd,
      start: width(startGlyphs, face) * scale - advances(index..<last),
      insertsHyphen: insertsHyphen)
  }

  private static func width(_ glyphs: [HarfBuzzGlyph], _ face: HarfBuzzFace) -> Double {
    Double(glyphs.reduce(0) { $0 + Int($1.xAdvance) }) / Double(face.unitsPerEm)
  }
}
