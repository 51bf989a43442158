import Synchronization

/// Text measured once in em units, ready to be laid out at any point size.
///
/// Unhinted advances scale linearly with the point size, so a shaper measures a text once, in
/// fractions of an em, and every layout at every candidate size is arithmetic on these numbers.
/// A `ShapedText` holds one cluster per grapheme cluster (`Character`) of the text: wrapping,
/// truncation and fitting move in whole clusters, so they never split an emoji sequence or a
/// letter from its combining accent.
///
/// The public initialiser checks its invariants, so layout never meets an inconsistent value:
/// at least one font with non-negative finite metrics, every cluster's font within ``fonts``,
/// cluster ranges in order covering ``text``, and finite measurements. (The package's own
/// shapers build values that hold them by construction and skip the check.)
public struct ShapedText: Hashable, Sendable {
  /// Everything the value holds, behind one reference: a layout copies shaped text often, and
  /// a copy then costs one retain.
  @usableFromInline let storage: ShapedTextStorage

  /// The source text.
  public var text: String { storage.text }
  /// One entry per grapheme cluster of `text`, in order.
  ///
  /// A view: the text keeps its clusters packed (24 bytes each, where a ``ShapedCluster``
  /// takes 64), and each is unpacked when read.
  public var clusters: ShapedClusters { ShapedClusters(storage) }
  /// The clusters as the text keeps them, for the package's loops over many clusters.
  package var packedClusters: [PackedCluster] { storage.clusters }
  /// The fonts the clusters refer to through ``ShapedCluster/font``; never empty.
  public var fonts: [ShapedFont] { storage.fonts }
  /// Characters no available font could draw, in order of first appearance; they are
  /// measured with the `.notdef` glyph.
  public var missingCharacters: [Unicode.Scalar] { storage.missingCharacters }
  /// The glyphs a shaper placed, which clusters refer to through ``ShapedCluster/glyphs``;
  /// empty for a shaper that only measures.
  ///
  /// A view: the text keeps its glyphs packed (12 bytes each, their advances as whole units
  /// of their fonts, and their offsets apart only when a glyph has one), and each is
  /// unpacked when read.
  public var glyphs: ShapedGlyphs { ShapedGlyphs(storage) }
  /// The paragraphs, in order, each with its direction (from its first strong character, or
  /// as requested).
  public var paragraphs: [ShapedParagraph] { storage.paragraphs }
  /// Measures forced breaks inside words on demand, for a shaper whose shaping changes there;
  /// nil when the clusters' own adjustments say it all.
  var reshaper: (any BreakReshaping)? { storage.reshaper }
  /// What wrapping reads of the clusters, made by `make` on first use and shared by every
  /// copy of this value, so a text shown by many widgets, or on many screens, is prepared
  /// once.
  func layoutColumns(_ make: () -> ClusterColumns) -> ClusterColumns {
    if let made = storage.columns.load() { return made }
    return storage.columns.storeIfNil(make())
  }

  /// Each cluster's own letter spacing, in ems, before and after it.
  ///
  /// It comes from the rich-text span the cluster is in (Pango's `letter_spacing`), and adds
  /// to a layout's ``TextSpacing/letter``; nil when no span spaces its letters.
  public var letterSpacings: [LetterSpacing]? { storage.letterSpacings }

  /// The extra space between cluster `index` and the next on a line, in ems: what the one
  /// has after it and the next before it (Pango's halves, trimmed at a line's ends); 0
  /// without letter spacings.
  @inline(__always)
  package func letterGap(after index: Int) -> Double {
    guard let spacings = storage.letterSpacings else { return 0 }
    let next = index + 1 < spacings.count ? spacings[index + 1].before : 0
    return spacings[index].after + next
  }

  /// The first paragraph's direction.
  public var baseDirection: TextDirection {
    switch storage.storedParagraphs {
    case .leftToRight: .leftToRight
    case .rightToLeft: .rightToLeft
    case .many(let paragraphs): paragraphs.first?.direction ?? .leftToRight
    }
  }

  /// The direction of the paragraph that holds cluster `index`.
  ///
  /// The paragraphs are in order and apart (the initializer checks it), so the one that holds
  /// it is found by halving: a text of many paragraphs asks once per line.
  public func paragraphDirection(at index: Int) -> TextDirection {
    guard case .many(let paragraphs) = storage.storedParagraphs else { return baseDirection }
    // The first paragraph that ends after the cluster.
    var low = 0
    var high = paragraphs.count
    while low < high {
      let middle = (low + high) / 2
      if paragraphs[middle].clusters.upperBound > index {
        high = middle
      } else {
        low = middle + 1
      }
    }
    guard low < paragraphs.count, paragraphs[low].clusters.contains(index) else {
      return baseDirection
    }
    return paragraphs[low].direction
  }

  /// Creates shaped text from measured clusters, checking that they describe `text`.
  ///
  /// - Parameters:
  ///   - text: The source text.
  ///   - clusters: One entry per grapheme cluster of `text`, in order.
  ///   - fonts: The fonts used; every cluster's `font` must index into it, and an empty text
  ///     still names the font whose line height an empty line would have.
  ///   - missingCharacters: Characters no font could draw.
  ///   - glyphs: The placed glyphs the clusters refer to, if the shaper gives them.
  ///   - baseDirection: The direction of the one paragraph, when `paragraphs` is nil.
  ///   - paragraphs: The paragraphs and their directions, in order.
  /// - Throws: ``ShapedTextError`` naming the first broken invariant.
  public init(
    text: String, clusters: [ShapedCluster], fonts: [ShapedFont],
    missingCharacters: [Unicode.Scalar] = [], glyphs: [ShapedGlyph] = [],
    baseDirection: TextDirection = .leftToRight, paragraphs: [ShapedParagraph]? = nil
  ) throws(ShapedTextError) {
    guard !fonts.isEmpty else { throw .noFonts }
    guard
      fonts.count <= PackedCluster.fontLimit, text.utf8.count <= UInt32.max,
      glyphs.count <= UInt32.max
    else { throw .tooLarge }
    for (index, font) in fonts.enumerated() where !font.metrics.isValid {
      throw .invalidMetrics(font: index)
    }
    var end = text.startIndex
    for (index, cluster) in clusters.enumerated() {
      guard fonts.indices.contains(cluster.font) else {
        throw .fontOutOfRange(cluster: index, font: cluster.font, fontCount: fonts.count)
      }
      // A cluster starts on a scalar: the text keeps where it starts as a UTF-8 offset, and an
      // index inside a scalar (a UTF-16 index between a surrogate pair's halves) has none.
      guard cluster.range.lowerBound == end, cluster.range.upperBound <= text.endIndex,
        !cluster.range.isEmpty,
        cluster.range.lowerBound.samePosition(in: text.unicodeScalars) != nil
      else { throw .rangeOutOfOrder(cluster: index) }
      guard
        cluster.advance.isFinite, cluster.kerning.isFinite, cluster.breakEndAdjustment.isFinite,
        cluster.breakStartAdjustment.isFinite
      else {
        throw .nonFiniteAdvance(cluster: index)
      }
      guard cluster.glyphs.lowerBound >= 0, cluster.glyphs.upperBound <= glyphs.count else {
        throw .glyphsOutOfRange(cluster: index)
      }
      end = cluster.range.upperBound
    }
    guard end == text.endIndex else { throw .textNotCovered(clusterCount: clusters.count) }
    for (index, glyph) in glyphs.enumerated() {
      guard fonts.indices.contains(glyph.font) else { throw .glyphFontOutOfRange(glyph: index) }
      guard glyph.advance.isFinite, glyph.xOffset.isFinite, glyph.yOffset.isFinite else {
        throw .nonFiniteGlyph(glyph: index)
      }
    }
    // In order and apart, so that a cluster's paragraph can be found by halving.
    var previousEnd = 0
    for paragraph in paragraphs ?? [] {
      guard paragraph.clusters.lowerBound >= previousEnd,
        paragraph.clusters.upperBound <= clusters.count
      else { throw .paragraphOutOfRange }
      previousEnd = paragraph.clusters.upperBound
    }
    self.init(
      validatedText: text, clusters: clusters, fonts: fonts, missingCharacters: missingCharacters,
      glyphs: glyphs, baseDirection: baseDirection, paragraphs: paragraphs)
  }

  /// Creates shaped text that its maker guarantees is consistent, without checking it again.
  package init(
    validatedText text: String, clusters: [ShapedCluster], fonts: [ShapedFont],
    missingCharacters: [Unicode.Scalar], glyphs: [ShapedGlyph] = [],
    baseDirection: TextDirection = .leftToRight, paragraphs: [ShapedParagraph]? = nil,
    reshaper: (any BreakReshaping)? = nil, letterSpacings: [LetterSpacing]? = nil
  ) {
    storage = ShapedTextStorage(
      text: text, clusters: clusters, fonts: fonts, missingCharacters: missingCharacters,
      glyphs: glyphs,
      paragraphs: paragraphs
        ?? [ShapedParagraph(clusters: 0..<clusters.count, direction: baseDirection)],
      reshaper: reshaper,
      letterSpacings: letterSpacings.flatMap {
        $0.count == clusters.count && $0.contains { $0 != LetterSpacing() } ? $0 : nil
      })
  }

  /// Creates shaped text from clusters and glyphs packed by its maker, which guarantees they
  /// are consistent (no kerning or break adjustments: a shaper that measures breaks says so
  /// through `reshaper`).
  package init(
    validatedText text: String, packedClusters: [PackedCluster], fonts: [ShapedFont],
    missingCharacters: [Unicode.Scalar], packedGlyphs: [PackedGlyph],
    glyphOffsets: [GlyphOffset]?, paragraphs: [ShapedParagraph],
    reshaper: (any BreakReshaping)?, letterSpacings: [LetterSpacing]?
  ) {
    storage = ShapedTextStorage(
      text: text, clusters: packedClusters, adjustments: nil, fonts: fonts,
      missingCharacters: missingCharacters, glyphs: packedGlyphs,
      glyphOffsets: glyphOffsets?.contains { $0 != GlyphOffset() } == true ? glyphOffsets : nil,
      paragraphs: paragraphs, reshaper: reshaper,
      letterSpacings: letterSpacings.flatMap {
        $0.count == packedClusters.count && $0.contains { $0 != LetterSpacing() } ? $0 : nil
      })
  }

  /// What a forced break inside a word just before cluster `index` does.
  ///
  /// That is whether it inserts a hyphen, and how it changes the widths of the two lines it
  /// makes, in ems: the reshaper's answer when there is one, else the cluster's
  /// ``ShapedCluster/insertsHyphen``, ``ShapedCluster/breakEndAdjustment`` and
  /// ``ShapedCluster/breakStartAdjustment``.
  public func breakAdjustment(before index: Int) -> BreakAdjustment {
    guard index >= 0, index < storage.clusters.count else { return BreakAdjustment() }
    if let reshaper = storage.reshaper { return reshaper.adjustment(before: index, in: self) }
    let adjustments = storage.adjustments?[index] ?? ClusterAdjustments()
    return BreakAdjustment(
      end: adjustments.breakEnd, start: adjustments.breakStart,
      insertsHyphen: storage.clusters[index].insertsHyphen)
  }

  /// Whether two shaped texts hold the same text, clusters, fonts, glyphs and paragraphs; a
  /// reshaper is derived from them and not compared.
  public static func == (lhs: ShapedText, rhs: ShapedText) -> Bool {
    if lhs.storage === rhs.storage { return true }
    let (left, right) = (lhs.storage, rhs.storage)
    return left.text == right.text && left.clusters == right.clusters
      && left.adjustments == right.adjustments && left.fonts == right.fonts
      && left.missingCharacters == right.missingCharacters && left.hasSameGlyphs(as: right)
      && left.glyphOffsets == right.glyphOffsets && left.storedParagraphs == right.storedParagraphs
      && left.letterSpacings == right.letterSpacings
  }

  /// Hashes what ``==(_:_:)`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.text)
    hasher.combine(storage.clusters)
    hasher.combine(storage.adjustments)
    hasher.combine(storage.fonts)
    hasher.combine(storage.missingCharacters)
    // Glyph ids and fonts: equal texts may keep equal advances apart (+0 as units, -0 as
    // given).
    hasher.combine(storage.glyphs.count)
    for glyph in storage.glyphs {
      hasher.combine(glyph.id)
      hasher.combine(glyph.font)
    }
    hasher.combine(storage.glyphOffsets)
    hasher.combine(storage.storedParagraphs)
    hasher.combine(storage.letterSpacings)
  }

  /// The text's hyphenation points for `key` (a language and limits), found by `find` the
  /// first time and kept with the text, so that fitting a text again (on another screen, in
  /// another box) asks the dictionary nothing; the last key's only.
  package func hyphenationPoints(key: String, find: () -> HyphenationPoints)
    -> HyphenationPoints
  {
    let memo =
      storage.hyphenation.load()
      ?? storage.hyphenation.storeIfNil(ShapedTextStorage.HyphenationMemo())
    if let kept = memo.last.withLock({ $0 }), kept.key == key { return kept.points }
    let points = find()
    memo.last.withLock { $0 = (key, points) }
    return points
  }

  /// Each cluster's kerning and break adjustments; nil when every one is zero.
  var clusterAdjustments: [ClusterAdjustments]? { storage.adjustments }

  /// Cluster `index`'s kerning, in ems.
  @inlinable
  package func kerning(at index: Int) -> Double {
    storage.adjustments?[index].kerning ?? 0
  }

  /// The UTF-8 offset where cluster `index` ends: where the next one starts.
  package func utf8End(ofCluster index: Int) -> Int {
    Int(storage.end(ofCluster: index))
  }

  /// Where cluster `index` lies in the text.
  package func range(ofCluster index: Int) -> Range<String.Index> {
    storage.index(storage.clusters[index].start)..<storage.index(storage.end(ofCluster: index))
  }

  /// Whether cluster `index` is a soft hyphen (U+00AD, bytes C2 AD) alone.
  func isSoftHyphen(cluster index: Int) -> Bool {
    let start = storage.clusters[index].start
    guard storage.end(ofCluster: index) - start == 2 else { return false }
    let utf8 = storage.text.utf8
    let first = storage.index(start)
    return utf8[first] == 0xC2 && utf8[utf8.index(after: first)] == 0xAD
  }

  /// The number of grapheme clusters.
  public var count: Int { storage.clusters.count }

  /// Whether every scalar of the text is a character of its own that a quoted string writes
  /// as it is (``plainCharacterCount(_:)`` counts it): worked out on first use and kept, for
  /// writers that show the text's lines again and again.
  package var isPlainText: Bool {
    switch storage.plainness.load(ordering: .relaxed) {
    case 1: return true
    case 2: return false
    default:
      var text = storage.text
      let plain = text.withUTF8(plainCharacterCount) != nil
      // Every thread that works it out finds the same.
      storage.plainness.store(plain ? 1 : 2, ordering: .relaxed)
      return plain
    }
  }

  /// The text of the clusters in `range`, as written in the source.
  public subscript(clusters range: Range<Int>) -> Substring {
    let text = storage.text
    guard !range.isEmpty else { return text[text.endIndex..<text.endIndex] }
    let start = storage.index(storage.clusters[range.lowerBound].start)
    let end = storage.index(storage.end(ofCluster: range.upperBound - 1))
    return text[start..<end]
  }
}

/// The values of a ``ShapedText``, shared by its copies.
///
/// Clusters and glyphs are kept packed: a text holds one of each per character, and the
/// fields a ``ShapedCluster`` or ``ShapedGlyph`` spells out are mostly zero or derivable
/// (a cluster's range ends where the next begins; kerning, break adjustments and glyph
/// offsets are zero for most text and kept apart, whole, only when one is not).
@usableFromInline
final class ShapedTextStorage: Sendable {
  @usableFromInline let text: String
  /// The packed clusters, whose advances wrapping reads (the layout columns keep no copy).
  @usableFromInline let clusters: [PackedCluster]
  @usableFromInline let fonts: [ShapedFont]
  @usableFromInline let glyphs: [PackedGlyph]
  /// The paragraphs, as kept.
  let storedParagraphs: StoredParagraphs
  let reshaper: (any BreakReshaping)?
  /// What most texts do not have, in one box: nil when they have none of it.
  @usableFromInline let extras: Extras?

  /// A text's adjustments, offsets, spacings and missing characters.
  @usableFromInline
  final class Extras: Sendable {
    @usableFromInline let adjustments: [ClusterAdjustments]?
    @usableFromInline let glyphOffsets: [GlyphOffset]?
    /// Every glyph's advance in ems, when one is not a whole number of its font's units.
    @usableFromInline let glyphAdvances: [Double]?
    let letterSpacings: [LetterSpacing]?
    let missingCharacters: [Unicode.Scalar]

    init(
      adjustments: [ClusterAdjustments]?, glyphOffsets: [GlyphOffset]?,
      glyphAdvances: [Double]?, letterSpacings: [LetterSpacing]?,
      missingCharacters: [Unicode.Scalar]
    ) {
      self.adjustments = adjustments
      self.glyphOffsets = glyphOffsets
      self.glyphAdvances = glyphAdvances
      self.letterSpacings = letterSpacings
      self.missingCharacters = missingCharacters
    }
  }

  /// The paragraphs, in order.
  var paragraphs: [ShapedParagraph] {
    switch storedParagraphs {
    case .leftToRight: [ShapedParagraph(clusters: 0..<clusters.count, direction: .leftToRight)]
    case .rightToLeft: [ShapedParagraph(clusters: 0..<clusters.count, direction: .rightToLeft)]
    case .many(let paragraphs): paragraphs
    }
  }

  /// A text's paragraphs: most texts are one paragraph in one direction, which takes no
  /// array (an array of one would take 56 bytes of every text).
  enum StoredParagraphs: Hashable, Sendable {
    /// One paragraph of every cluster, left to right.
    case leftToRight
    /// One paragraph of every cluster, right to left.
    case rightToLeft
    /// Any other paragraphs, in order.
    case many([ShapedParagraph])

    /// `paragraphs` of a text of `count` clusters.
    init(_ paragraphs: [ShapedParagraph], count: Int) {
      guard paragraphs.count == 1, paragraphs[0].clusters == 0..<count else {
        self = .many(paragraphs)
        return
      }
      self = paragraphs[0].direction == .rightToLeft ? .rightToLeft : .leftToRight
    }
  }

  /// The text's length in UTF-8 bytes: where the last cluster ends.
  @inlinable var utf8Count: Int { text.utf8.count }
  /// Each cluster's kerning and break adjustments; nil when every one is zero.
  @inlinable var adjustments: [ClusterAdjustments]? { extras?.adjustments }
  /// Each glyph's offset; nil when every one is zero.
  @inlinable var glyphOffsets: [GlyphOffset]? { extras?.glyphOffsets }
  /// Each glyph's advance in ems; nil when each is a whole number of its font's units, kept in
  /// the glyph.
  @inlinable var glyphAdvances: [Double]? { extras?.glyphAdvances }
  /// Each cluster's letter spacing; nil when no span spaces letters.
  var letterSpacings: [LetterSpacing]? { extras?.letterSpacings }
  /// Characters no font could draw.
  var missingCharacters: [Unicode.Scalar] { extras?.missingCharacters ?? [] }
  /// What wrapping reads of the clusters, made on first use: set once, read without a lock
  /// (a lock would be an allocation for every text, and a fit reads the columns every time).
  let columns = OnceReference<ClusterColumns>()
  /// The hyphenation points of the last language and limits asked for, made when a layout
  /// first hyphenates the text (most never do, and keep no lock for it).
  let hyphenation = OnceReference<HyphenationMemo>()
  /// Whether the text is plain (``ShapedText/isPlainText``), once asked: 0 before, 1 when it
  /// is, 2 when it is not.
  let plainness = Atomic<UInt8>(0)

  /// The hyphenation points a text keeps.
  final class HyphenationMemo: Sendable {
    /// Those of the last language and limits asked for.
    let last = Lock<(key: String, points: HyphenationPoints)?>(nil)
  }

  /// Packs `clusters` and `glyphs`.
  convenience init(
    text: String, clusters: [ShapedCluster], fonts: [ShapedFont],
    missingCharacters: [Unicode.Scalar], glyphs: [ShapedGlyph], paragraphs: [ShapedParagraph],
    reshaper: (any BreakReshaping)?, letterSpacings: [LetterSpacing]?
  ) {
    let utf8 = text.utf8
    let packed = clusters.map {
      PackedCluster($0, start: utf8.distance(from: text.startIndex, to: $0.range.lowerBound))
    }
    let adjusted = clusters.contains {
      $0.kerning != 0 || $0.breakEndAdjustment != 0 || $0.breakStartAdjustment != 0
    }
    let offset = glyphs.contains { $0.xOffset != 0 || $0.yOffset != 0 }
    // Advances that are whole units of their fonts are kept in the glyphs; otherwise all are
    // kept as given.
    var whole = true
    let packedGlyphs = glyphs.map { glyph in
      let units = PackedGlyph.units(glyph.advance, of: fonts[glyph.font])
      whole = whole && units != nil
      return PackedGlyph(id: glyph.id, font: glyph.font, units: units ?? 0)
    }
    self.init(
      text: text, clusters: packed,
      adjustments: adjusted ? clusters.map(ClusterAdjustments.init) : nil, fonts: fonts,
      missingCharacters: missingCharacters, glyphs: packedGlyphs,
      glyphOffsets: offset ? glyphs.map { GlyphOffset(x: $0.xOffset, y: $0.yOffset) } : nil,
      glyphAdvances: whole ? nil : glyphs.map(\.advance), paragraphs: paragraphs,
      reshaper: reshaper, letterSpacings: letterSpacings)
  }

  init(
    text: String, clusters: [PackedCluster], adjustments: [ClusterAdjustments]?,
    fonts: [ShapedFont], missingCharacters: [Unicode.Scalar], glyphs: [PackedGlyph],
    glyphOffsets: [GlyphOffset]?, glyphAdvances: [Double]? = nil, paragraphs: [ShapedParagraph],
    reshaper: (any BreakReshaping)?, letterSpacings: [LetterSpacing]?
  ) {
    self.text = text
    precondition(
      text.utf8.count <= UInt32.max && glyphs.count <= UInt32.max
        && fonts.count <= PackedCluster.fontLimit,
      "a shaped text holds at most 4 GiB of text and glyphs and 2^19 fonts")
    self.clusters = clusters
    self.glyphs = glyphs
    self.fonts = fonts
    storedParagraphs = StoredParagraphs(paragraphs, count: clusters.count)
    self.reshaper = reshaper
    extras =
      adjustments == nil && glyphOffsets == nil && glyphAdvances == nil && letterSpacings == nil
        && missingCharacters.isEmpty
      ? nil
      : Extras(
        adjustments: adjustments, glyphOffsets: glyphOffsets, glyphAdvances: glyphAdvances,
        letterSpacings: letterSpacings, missingCharacters: missingCharacters)
  }

  /// The index of the text's UTF-8 byte `offset`.
  @inlinable
  func index(_ offset: UInt32) -> String.Index {
    let utf8 = text.utf8
    return utf8.index(utf8.startIndex, offsetBy: Int(offset))
  }

  /// The UTF-8 offset where cluster `index` ends: where the next one starts.
  @inlinable
  func end(ofCluster index: Int) -> UInt32 {
    index + 1 < clusters.count ? clusters[index + 1].start : UInt32(truncatingIfNeeded: utf8Count)
  }

  /// Cluster `index`, unpacked.
  @inlinable
  func cluster(at index: Int) -> ShapedCluster {
    let packed = clusters[index]
    let adjustment = adjustments?[index] ?? ClusterAdjustments()
    return ShapedCluster(
      range: self.index(packed.start)..<self.index(end(ofCluster: index)),
      advance: packed.advance, kerning: adjustment.kerning, breakBefore: packed.breakBefore,
      kind: packed.kind, font: packed.font, level: packed.level,
      glyphs: Int(packed.glyphStart)..<Int(packed.glyphEnd), insertsHyphen: packed.insertsHyphen,
      breakEndAdjustment: adjustment.breakEnd, breakStartAdjustment: adjustment.breakStart)
  }

  /// Whether `other`'s glyphs are these, each with the same id, font and advance: compared
  /// packed when both keep their advances as units, else unpacked (-0, kept as given, equals
  /// +0, kept as units).
  func hasSameGlyphs(as other: ShapedTextStorage) -> Bool {
    if glyphAdvances == nil, other.glyphAdvances == nil { return glyphs == other.glyphs }
    guard glyphs.count == other.glyphs.count else { return false }
    return glyphs.indices.allSatisfy { index in
      let (mine, theirs) = (glyph(at: index), other.glyph(at: index))
      return mine.id == theirs.id && mine.font == theirs.font && mine.advance == theirs.advance
    }
  }

  /// Glyph `index`, unpacked.
  @inlinable
  func glyph(at index: Int) -> ShapedGlyph {
    let packed = glyphs[index]
    let offset = glyphOffsets?[index] ?? GlyphOffset()
    let advance =
      glyphAdvances?[index] ?? Double(packed.units) * fonts[Int(packed.font)].emsPerUnit
    return ShapedGlyph(
      id: packed.id, font: Int(packed.font), advance: advance, xOffset: offset.x,
      yOffset: offset.y)
  }
}

/// A cluster as a shaped text keeps it: 24 bytes.
///
/// Its range is its first byte's UTF-8 offset (it ends where the next cluster starts), and its
/// font, bidi level, kind, break opportunity and hyphen flag share 32 bits. Kerning and break
/// adjustments, zero for most text, are kept apart.
@usableFromInline
package struct PackedCluster: Hashable, Sendable {
  /// The advance, in ems.
  @usableFromInline package var advance: Double
  /// The UTF-8 offset of the cluster's first byte.
  @usableFromInline package var start: UInt32
  @usableFromInline var glyphStart: UInt32
  @usableFromInline var glyphEnd: UInt32
  /// Bit 0 the hyphen flag, bits 1–2 the break opportunity, 3–4 the kind, 5–12 the level and
  /// 13–31 the font.
  @usableFromInline var bits: UInt32

  @usableFromInline static let breakShift: UInt32 = 1
  @usableFromInline static let kindShift: UInt32 = 3
  @usableFromInline static let levelShift: UInt32 = 5
  @usableFromInline static let fontShift: UInt32 = 13

  /// The most fonts a text's clusters can name: 19 bits' worth.
  static let fontLimit = 1 << 19

  /// A cluster starting at UTF-8 offset `start`, with the fields of ``ShapedCluster``.
  @inlinable
  package init(
    start: Int, advance: Double, breakBefore: LineBreakOpportunity, kind: ClusterKind,
    font: Int, level: UInt8, glyphs: Range<Int>
  ) {
    self.advance = advance
    self.start = UInt32(truncatingIfNeeded: start)
    glyphStart = UInt32(truncatingIfNeeded: glyphs.lowerBound)
    glyphEnd = UInt32(truncatingIfNeeded: glyphs.upperBound)
    bits =
      UInt32(breakBefore.rawValue) << Self.breakShift | UInt32(kind.rawValue) << Self.kindShift
      | UInt32(level) << Self.levelShift | UInt32(truncatingIfNeeded: font) << Self.fontShift
  }

  /// `cluster`, starting at UTF-8 offset `start`.
  init(_ cluster: ShapedCluster, start: Int) {
    self.init(
      start: start, advance: cluster.advance, breakBefore: cluster.breakBefore,
      kind: cluster.kind, font: cluster.font, level: cluster.level, glyphs: cluster.glyphs)
    if cluster.insertsHyphen { bits |= 1 }
  }

  /// Index into ``ShapedText/fonts`` of the cluster's font.
  @inlinable package var font: Int { Int(bits >> Self.fontShift) }
  /// The bidi embedding level.
  @inlinable package var level: UInt8 { UInt8(truncatingIfNeeded: bits >> Self.levelShift) }
  /// How the cluster behaves at line ends.
  @inlinable package var kind: ClusterKind {
    ClusterKind(rawValue: UInt8(truncatingIfNeeded: bits >> Self.kindShift) & 3) ?? .visible
  }
  /// Whether a line may, must or must not break before the cluster.
  @inlinable package var breakBefore: LineBreakOpportunity {
    LineBreakOpportunity(rawValue: UInt8(truncatingIfNeeded: bits >> Self.breakShift) & 3)
      ?? .prohibited
  }
  /// Whether a line broken inside a word just before the cluster ends with a hyphen.
  @inlinable package var insertsHyphen: Bool { bits & 1 != 0 }
  /// The cluster's glyphs.
  @inlinable package var glyphs: Range<Int> { Int(glyphStart)..<Int(glyphEnd) }
}

/// A cluster's kerning and break adjustments, in ems; kept only for a text where one is not
/// zero.
@usableFromInline
struct ClusterAdjustments: Hashable, Sendable {
  @usableFromInline var kerning = 0.0
  @usableFromInline var breakEnd = 0.0
  @usableFromInline var breakStart = 0.0

  @usableFromInline init() {}

  init(_ cluster: ShapedCluster) {
    kerning = cluster.kerning
    breakEnd = cluster.breakEndAdjustment
    breakStart = cluster.breakStartAdjustment
  }
}

/// A glyph as a shaped text keeps it: 12 bytes, its offset apart.
@usableFromInline
package struct PackedGlyph: Hashable, Sendable {
  /// How far the pen moves after the glyph, in its font's design units
  /// (``ShapedFont/emsPerUnit`` turns them into ems).
  @usableFromInline package var units: Int32
  /// The glyph index in its face.
  @usableFromInline package var id: UInt32
  /// Index into ``ShapedText/fonts`` of the glyph's face.
  @usableFromInline package var font: UInt32

  /// A glyph of face `font` advancing `units` of its design units.
  @inlinable
  package init(id: UInt32, font: Int, units: Int32) {
    self.units = units
    self.id = id
    self.font = UInt32(truncatingIfNeeded: font)
  }

  /// `advance` (in ems) as a whole number of `font`'s design units, or nil when it is not
  /// one, bit for bit, or the font's units are not known.
  static func units(_ advance: Double, of font: ShapedFont) -> Int32? {
    let perUnit = font.emsPerUnit
    guard perUnit.isFinite, perUnit > 0 else { return nil }
    let units = (advance / perUnit).rounded()
    guard let whole = Int32(exactly: units),
      (Double(whole) * perUnit).bitPattern == advance.bitPattern
    else { return nil }
    return whole
  }
}

/// A glyph's offset from the pen, in ems; kept only for a text where one is not zero.
@usableFromInline
package struct GlyphOffset: Hashable, Sendable {
  /// Right.
  @usableFromInline package var x = 0.0
  /// Up.
  @usableFromInline package var y = 0.0

  /// No offset.
  @usableFromInline package init() {}

  /// An offset `x` right and `y` up.
  package init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// A shaped text's clusters, unpacked as they are read.
public struct ShapedClusters: RandomAccessCollection, Hashable, Sendable {
  @usableFromInline let storage: ShapedTextStorage

  init(_ storage: ShapedTextStorage) {
    self.storage = storage
  }

  /// 0.
  @inlinable public var startIndex: Int { 0 }
  /// The number of clusters.
  @inlinable public var endIndex: Int { storage.clusters.count }

  /// Cluster `position`.
  @inlinable public subscript(position: Int) -> ShapedCluster {
    storage.cluster(at: position)
  }

  /// Whether both hold the same clusters.
  public static func == (lhs: ShapedClusters, rhs: ShapedClusters) -> Bool {
    lhs.elementsEqual(rhs)
  }

  /// Hashes the clusters.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for cluster in self { hasher.combine(cluster) }
  }
}

/// A shaped text's glyphs, unpacked as they are read.
public struct ShapedGlyphs: RandomAccessCollection, Hashable, Sendable {
  @usableFromInline let storage: ShapedTextStorage

  init(_ storage: ShapedTextStorage) {
    self.storage = storage
  }

  /// 0.
  @inlinable public var startIndex: Int { 0 }
  /// The number of glyphs.
  @inlinable public var endIndex: Int { storage.glyphs.count }

  /// Glyph `position`.
  @inlinable public subscript(position: Int) -> ShapedGlyph {
    storage.glyph(at: position)
  }

  /// Whether both hold the same glyphs.
  public static func == (lhs: ShapedGlyphs, rhs: ShapedGlyphs) -> Bool {
    lhs.elementsEqual(rhs)
  }

  /// Hashes the glyphs.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for glyph in self { hasher.combine(glyph) }
  }
}

/// Why a ``ShapedText`` cannot be made from the values given.
public enum ShapedTextError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The font list is empty; even an empty text needs the font of its empty line.
  case noFonts
  /// A font's line metrics are negative or not finite.
  case invalidMetrics(font: Int)
  /// A cluster refers to a font that is not in the list.
  case fontOutOfRange(cluster: Int, font: Int, fontCount: Int)
  /// A cluster's range is empty, does not start where the previous one ended, or leaves the
  /// text.
  case rangeOutOfOrder(cluster: Int)
  /// A cluster's advance or kerning is NaN or infinite.
  case nonFiniteAdvance(cluster: Int)
  /// The clusters end before the text does.
  case textNotCovered(clusterCount: Int)
  /// A cluster's glyph range leaves the glyph list.
  case glyphsOutOfRange(cluster: Int)
  /// A glyph refers to a font that is not in the list.
  case glyphFontOutOfRange(glyph: Int)
  /// A glyph's advance or offset is NaN or infinite.
  case nonFiniteGlyph(glyph: Int)
  /// A paragraph's clusters leave the cluster list, or start before the previous
  /// paragraph's end.
  case paragraphOutOfRange
  /// The text or its glyphs pass 4 GiB, or there are more than 2^19 fonts.
  case tooLarge

  /// A sentence naming the broken invariant.
  public var description: String {
    switch self {
    case .noFonts: "shaped text needs at least one font"
    case .invalidMetrics(let font): "font \(font) has negative or non-finite line metrics"
    case .fontOutOfRange(let cluster, let font, let count):
      "cluster \(cluster) refers to font \(font), but there are \(count) fonts"
    case .rangeOutOfOrder(let cluster):
      "cluster \(cluster) does not cover the text right after the cluster before it"
    case .nonFiniteAdvance(let cluster): "cluster \(cluster) has a non-finite advance or kerning"
    case .textNotCovered(let count): "the \(count) clusters end before the text does"
    case .glyphsOutOfRange(let cluster): "cluster \(cluster) refers to glyphs that are not there"
    case .glyphFontOutOfRange(let glyph): "glyph \(glyph) refers to a font that is not there"
    case .nonFiniteGlyph(let glyph): "glyph \(glyph) has a non-finite advance or offset"
    case .paragraphOutOfRange:
      "a paragraph refers to clusters that are not there, or starts before the one before it ends"
    case .tooLarge: "shaped text holds at most 4 GiB of text and glyphs and 2^19 fonts"
    }
  }
}

/// One grapheme cluster with its measured advance, in em units.
public struct ShapedCluster: Hashable, Sendable {
  // Stored properties are ordered widest first, with the font and glyph indices held in 32
  // bits and the one-byte fields packed at the end: a cluster takes 64 bytes, not 96 (a text
  // holds one per character). Indices beyond 32 bits are clamped, which a shaped text's
  // checks then refuse as out of range.
  /// Where the cluster lies in the source text.
  public var range: Range<String.Index>
  /// The advance width at 1pt, in points (that is, in ems).
  public var advance: Double
  /// A kerning adjustment between the previous cluster and this one, in ems.
  ///
  /// It is applied only when both are on the same line, for a shaper that measures pairs
  /// apart. HarfBuzz puts kerning into the advances, so a font system's clusters have 0 here.
  public var kerning: Double
  /// Index into ``ShapedText/fonts`` of the font that measured this cluster.
  public var font: Int {
    get { Int(storedFont) }
    set { storedFont = Int32(clamping: newValue) }
  }
  /// The cluster's glyphs in ``ShapedText/glyphs``, in visual order; empty for a cluster that
  /// shares a ligature drawn by an earlier cluster, or when the shaper gives no glyphs.
  public var glyphs: Range<Int> {
    get { Int(glyphStart)..<Int(glyphEnd) }
    set {
      glyphStart = Int32(clamping: newValue.lowerBound)
      glyphEnd = Int32(clamping: newValue.upperBound)
    }
  }
  /// How much wider, in ems, a line that a forced break ends just before this cluster is.
  ///
  /// Compared with the sum of its clusters' advances (and its hyphen): the end of a word
  /// shaped on its own (an Arabic letter in its final form, a ligature taken apart) measures
  /// otherwise than inside the word. 0 where breaking changes nothing.
  public var breakEndAdjustment: Double
  /// How much wider, in ems, a line that starts with this cluster after a forced break is than
  /// the sum of its clusters' advances (the first letter in its initial form, say).
  public var breakStartAdjustment: Double
  @usableFromInline var glyphStart: Int32
  @usableFromInline var glyphEnd: Int32
  @usableFromInline var storedFont: Int32
  /// Whether a line may, must or must not break before this cluster.
  public var breakBefore: LineBreakOpportunity
  /// How the cluster behaves at line ends.
  public var kind: ClusterKind
  /// The cluster's bidi embedding level: even left to right, odd right to left.
  public var level: UInt8
  /// Whether a line broken inside a word just before this cluster ends with a hyphen.
  ///
  /// Pango inserts one in scripts that hyphenate, not next to spaces or hyphens. A shaper that
  /// supplies a ``BreakReshaping`` answers through ``ShapedText/breakAdjustment(before:)``
  /// instead, which layout reads; a font system's clusters leave this false.
  public var insertsHyphen: Bool

  /// Creates a cluster.
  @inlinable
  public init(
    range: Range<String.Index>, advance: Double, kerning: Double = 0,
    breakBefore: LineBreakOpportunity, kind: ClusterKind, font: Int = 0, level: UInt8 = 0,
    glyphs: Range<Int> = 0..<0, insertsHyphen: Bool = false, breakEndAdjustment: Double = 0,
    breakStartAdjustment: Double = 0
  ) {
    self.range = range
    self.advance = advance
    self.kerning = kerning
    self.breakBefore = breakBefore
    self.kind = kind
    storedFont = Int32(clamping: font)
    self.level = level
    glyphStart = Int32(clamping: glyphs.lowerBound)
    glyphEnd = Int32(clamping: glyphs.upperBound)
    self.insertsHyphen = insertsHyphen
    self.breakEndAdjustment = breakEndAdjustment
    self.breakStartAdjustment = breakStartAdjustment
  }
}

/// A cluster's own letter spacing, in ems: the space before it and after it on a line, each
/// trimmed where it meets the line's edge.
public struct LetterSpacing: Hashable, Sendable {
  /// The space before the cluster.
  public var before: Double
  /// The space after it.
  public var after: Double

  /// A spacing; none by default.
  public init(before: Double = 0, after: Double = 0) {
    self.before = before
    self.after = after
  }
}

/// Whether a line break may occur before a cluster.
public enum LineBreakOpportunity: UInt8, Hashable, Sendable {
  /// The cluster must stay on the same line as the one before it.
  case prohibited
  /// A line may break before the cluster.
  case allowed
  /// A line must break before the cluster (it follows a line separator).
  case mandatory
}

/// A font as the layout engine sees it: a name to report, its vertical metrics, and the face a
/// renderer draws its glyphs from.
public struct ShapedFont: Hashable, Sendable {
  /// A human-readable name such as `DejaVu Sans Bold`.
  public var name: String
  /// Vertical metrics in ems.
  public var metrics: LineMetrics
  /// The font file, when the shaper read one.
  public var file: String?
  /// The index of the face in the file.
  public var faceIndex: Int
  /// The hyphen a line broken inside a word ends with (U+2010, or U+002D when the font lacks
  /// it); nil when the font has neither.
  public var hyphen: ShapedHyphen?
  /// The size the font's glyphs are drawn at, as a multiple of the text's point size: 1,
  /// but for a span of rich text set smaller or larger (`<small>` is 1/1.2).
  ///
  /// Every em value of a shaped text (advances, glyph offsets, these metrics) is already
  /// in ems of the text's size; only drawing a glyph needs its own size.
  public var scale: Double
  /// The font's design units per em, or 0 when not known.
  ///
  /// A shaped text keeps its glyph advances as whole numbers of their fonts' units, in 4 bytes
  /// each, when every one is such a number, bit for bit (a shaper's always are); when one is
  /// not (-0 is not), or a glyph's font has 0 here, it keeps them all as given.
  public var unitsPerEm: Int
  /// Where the font draws underlines and strikethroughs, in ems of the text's size; nil when
  /// the shaper does not say.
  public var decorations: FontDecorations?

  /// Creates a font description for layout.
  public init(
    name: String, metrics: LineMetrics, file: String? = nil, faceIndex: Int = 0,
    hyphen: ShapedHyphen? = nil, scale: Double = 1, decorations: FontDecorations? = nil,
    unitsPerEm: Int = 0
  ) {
    self.name = name
    self.metrics = metrics
    self.file = file
    self.faceIndex = faceIndex
    self.hyphen = hyphen
    self.scale = scale
    self.decorations = decorations
    self.unitsPerEm = unitsPerEm
  }

  /// Ems of the text's size per design unit of the font: ``scale`` / ``unitsPerEm``, in the
  /// shaper's own arithmetic, so that a whole number of units times it is the advance the
  /// shaper worked out, bit for bit.
  @inlinable package var emsPerUnit: Double { scale / Double(unitsPerEm) }
}

/// Where a font draws its underline and strikethrough, in ems, measured up from the
/// baseline its glyphs sit on (a raised span's are raised with it).
public struct FontDecorations: Hashable, Sendable {
  /// The centre of the underline: negative, below the baseline.
  public var underlinePosition: Double
  /// The underline's thickness.
  public var underlineThickness: Double
  /// The centre of the strikethrough, above the baseline.
  public var strikethroughPosition: Double
  /// The strikethrough's thickness.
  public var strikethroughThickness: Double

  /// Creates decoration metrics.
  public init(
    underlinePosition: Double, underlineThickness: Double, strikethroughPosition: Double,
    strikethroughThickness: Double
  ) {
    self.underlinePosition = underlinePosition
    self.underlineThickness = underlineThickness
    self.strikethroughPosition = strikethroughPosition
    self.strikethroughThickness = strikethroughThickness
  }

  /// The same metrics for glyphs drawn `scale` times as large and raised by `shift` ems.
  public func scaled(by scale: Double, raisedBy shift: Double) -> FontDecorations {
    FontDecorations(
      underlinePosition: underlinePosition * scale + shift,
      underlineThickness: underlineThickness * scale,
      strikethroughPosition: strikethroughPosition * scale + shift,
      strikethroughThickness: strikethroughThickness * scale)
  }
}

/// The hyphen a font draws at the end of a line broken inside a word.
public struct ShapedHyphen: Hashable, Sendable {
  /// The character drawn: U+2010 HYPHEN, or U+002D when the font lacks it.
  public var text: String
  /// Its glyph, in ems; ``ShapedGlyph/font`` names the font it belongs to.
  public var glyph: ShapedGlyph

  /// Creates a hyphen.
  public init(text: String, glyph: ShapedGlyph) {
    self.text = text
    self.glyph = glyph
  }
}

/// One glyph as a shaper placed it, in ems.
public struct ShapedGlyph: Hashable, Sendable {
  /// The glyph index in its face; 0 is `.notdef`.
  public var id: UInt32
  /// The font index, held in 32 bits beside the id, so a glyph takes 32 bytes, not 40;
  /// clamped, so an index beyond 32 bits is refused as out of range.
  @usableFromInline var storedFont: Int32
  /// Index into ``ShapedText/fonts`` of the glyph's face.
  public var font: Int {
    get { Int(storedFont) }
    set { storedFont = Int32(clamping: newValue) }
  }
  /// How far the pen moves after the glyph, in ems.
  public var advance: Double
  /// The glyph's offset from the pen position, in ems: right.
  public var xOffset: Double
  /// The glyph's offset from the pen position, in ems: up.
  public var yOffset: Double

  /// Creates a glyph.
  @inlinable
  public init(id: UInt32, font: Int, advance: Double, xOffset: Double = 0, yOffset: Double = 0) {
    self.id = id
    storedFont = Int32(clamping: font)
    self.advance = advance
    self.xOffset = xOffset
    self.yOffset = yOffset
  }
}

/// A paragraph of a shaped text and the direction it runs.
public struct ShapedParagraph: Hashable, Sendable {
  /// The paragraph's clusters, its separator included.
  public var clusters: Range<Int>
  /// Which way it runs.
  public var direction: TextDirection

  /// Creates a paragraph.
  public init(clusters: Range<Int>, direction: TextDirection) {
    self.clusters = clusters
    self.direction = direction
  }
}

/// The direction a line or paragraph runs.
public enum TextDirection: String, CaseIterable, Hashable, Sendable, Codable {
  /// Left to right, as Latin.
  case leftToRight = "ltr"
  /// Right to left, as Arabic and Hebrew.
  case rightToLeft = "rtl"
}

/// Vertical font metrics in ems (that is, at 1pt); multiply by a point size for points.
public struct LineMetrics: Hashable, Sendable {
  /// Distance from the baseline to the top of the line box, in ems.
  public var ascent: Double
  /// Distance from the baseline to the bottom of the line box (positive downwards), in ems.
  public var descent: Double
  /// Extra space the font asks for between lines, in ems.
  public var lineGap: Double

  /// Creates line metrics in ems.
  public init(ascent: Double, descent: Double, lineGap: Double) {
    self.ascent = ascent
    self.descent = descent
    self.lineGap = lineGap
  }

  /// The natural line height in ems: ascent + descent + line gap.
  public var height: Double { ascent + descent + lineGap }

  /// The natural line height in points at `pointSize`.
  public func height(atPointSize pointSize: Double) -> Double { height * pointSize }

  /// The metrics of a line that mixes both fonts: the union of their line boxes on a shared
  /// baseline, as Pango stacks runs of different fonts.
  public func union(_ other: LineMetrics) -> LineMetrics {
    LineMetrics(
      ascent: max(ascent, other.ascent), descent: max(descent, other.descent),
      lineGap: max(lineGap, other.lineGap))
  }

  /// Whether every value is finite and not negative.
  var isValid: Bool {
    [ascent, descent, lineGap].allSatisfy { $0.isFinite && $0 >= 0 }
  }
}

extension ShapedText {
  /// Roughly how many bytes the shaped text holds.
  ///
  /// It counts its text, clusters, glyphs, fonts and paragraphs. Caches weigh entries by it.
  package var estimatedByteCount: Int {
    let fontBytes = fonts.reduce(0) {
      $0 + MemoryLayout<ShapedFont>.stride + $1.name.utf8.count + ($1.file?.utf8.count ?? 0)
    }
    var paragraphBytes = 0
    if case .many(let paragraphs) = storage.storedParagraphs {
      paragraphBytes = paragraphs.count * MemoryLayout<ShapedParagraph>.stride
    }
    // The storage object and the headers of its arrays and locks, about 256 bytes.
    return 256 + text.utf8.count
      + count * MemoryLayout<PackedCluster>.stride
      + (storage.adjustments == nil ? 0 : count * MemoryLayout<ClusterAdjustments>.stride)
      + glyphs.count * MemoryLayout<PackedGlyph>.stride
      + (storage.glyphOffsets == nil ? 0 : glyphs.count * MemoryLayout<GlyphOffset>.stride)
      + (storage.glyphAdvances == nil ? 0 : glyphs.count * MemoryLayout<Double>.stride)
      + paragraphBytes
      + missingCharacters.count * MemoryLayout<Unicode.Scalar>.stride + fontBytes
      + (letterSpacings == nil ? 0 : count * MemoryLayout<LetterSpacing>.stride)
      + (reshaper?.estimatedByteCount ?? 0)
      // The layout columns made on first use: two objects, a flag per cluster and the word
      // table (a word of 32 bytes every few clusters), and the kernings when any is not 0.
      + 320 + count * 8 + (storage.adjustments == nil ? 0 : count * 8)
  }
}

/// What a forced break inside a word does: whether it inserts a hyphen, and how it changes
/// the widths of the lines on either side, in ems.
public struct BreakAdjustment: Hashable, Sendable {
  /// The change in width of the line that ends at the break (its hyphen included).
  public var end: Double
  /// The change in width of the line that starts after the break.
  public var start: Double
  /// Whether the line that ends at the break ends with a hyphen, as Pango inserts one.
  public var insertsHyphen: Bool

  /// An adjustment; by default none, and no hyphen.
  public init(end: Double = 0, start: Double = 0, insertsHyphen: Bool = false) {
    self.end = end
    self.start = start
    self.insertsHyphen = insertsHyphen
  }
}

/// Finds, on demand, what breaking a word before a cluster does: whether the break takes a
/// hyphen, and how the two pieces measure shaped on their own (an Arabic letter in its final
/// form, a ligature taken apart) against their widths inside the word.
///
/// A shaper supplies one so that only the breaks a layout actually forces are examined, as
/// Pango reshapes the pieces of a broken word when it breaks it. It is a class: a forced break
/// asks it about every cluster it steps back over, and a class existential is copied with one
/// retain where any other is copied through its type's value witnesses.
package protocol BreakReshaping: AnyObject, Sendable {
  /// What a forced break just before cluster `index` of `text` (the shaped text the
  /// reshaper was made for) does; no hyphen and no change where breaking changes nothing.
  func adjustment(before index: Int, in text: ShapedText) -> BreakAdjustment

  /// Roughly how many bytes the reshaper holds, for caches that weigh shaped texts; 0 by
  /// default.
  var estimatedByteCount: Int { get }

  /// Whether no break measures narrower than the pieces' widths inside the word: every
  /// adjustment is a hyphen's width or nothing, never negative. False by default.
  var breaksNeverNarrow: Bool { get }
}

extension BreakReshaping {
  /// 0: a reshaper that holds little need not say.
  package var estimatedByteCount: Int { 0 }

  /// False: a reshaper that does not say may narrow a break.
  package var breaksNeverNarrow: Bool { false }
}
