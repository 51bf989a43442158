/// One wrapped line, as indices into the clusters of a ``ShapedText``.
///
/// Its indices are kept in 32 bits (a shaped text has at most 2^32 bytes, so as many
/// clusters, and 2^19 fonts), and the forced-break flag shares the hyphen font's: a fit keeps
/// the spans of the layout it chose, 40 bytes a line instead of 64.
struct LineSpan: Hashable, Sendable {
  /// The width of the drawn clusters, in points.
  var width: Double
  /// The height of the line box, in points.
  var height: Double
  /// From the top of the line box down to the baseline, in points.
  var baseline: Double
  private var storedStart: UInt32
  private var storedContentEnd: UInt32
  private var storedNext: UInt32
  /// The hyphen's font in bits 0–30 (all set for none), and in bit 31 whether the line ends
  /// at a forced break.
  private var hyphenFontAndFlag: UInt32

  private static let forcedBreakBit: UInt32 = 1 << 31
  private static let noHyphen: UInt32 = forcedBreakBit - 1

  /// A line.
  init(
    start: Int, contentEnd: Int, next: Int, width: Double, height: Double, baseline: Double,
    hyphenFont: Int? = nil, isForcedBreak: Bool = false
  ) {
    self.width = width
    self.height = height
    self.baseline = baseline
    storedStart = UInt32(truncatingIfNeeded: start)
    storedContentEnd = UInt32(truncatingIfNeeded: contentEnd)
    storedNext = UInt32(truncatingIfNeeded: next)
    hyphenFontAndFlag =
      (hyphenFont.map { UInt32(truncatingIfNeeded: $0) & Self.noHyphen } ?? Self.noHyphen)
      | (isForcedBreak ? Self.forcedBreakBit : 0)
  }

  /// The first cluster of the line.
  var start: Int {
    get { Int(storedStart) }
    set { storedStart = UInt32(truncatingIfNeeded: newValue) }
  }
  /// One past the last cluster drawn: trailing spaces and the line separator are left out.
  var contentEnd: Int {
    get { Int(storedContentEnd) }
    set { storedContentEnd = UInt32(truncatingIfNeeded: newValue) }
  }
  /// The first cluster of the next line.
  var next: Int {
    get { Int(storedNext) }
    set { storedNext = UInt32(truncatingIfNeeded: newValue) }
  }
  /// The font whose hyphen ends the line, when it was broken inside a word where a hyphen
  /// goes; its width is part of `width`.
  var hyphenFont: Int? {
    get {
      let font = hyphenFontAndFlag & Self.noHyphen
      return font == Self.noHyphen ? nil : Int(font)
    }
    set {
      hyphenFontAndFlag =
        hyphenFontAndFlag & Self.forcedBreakBit
        | (newValue.map { UInt32(truncatingIfNeeded: $0) & Self.noHyphen } ?? Self.noHyphen)
    }
  }
  /// Whether the line ends at a break inside a word that was wider than the line.
  var isForcedBreak: Bool { hyphenFontAndFlag & Self.forcedBreakBit != 0 }
}

/// Breaks shaped text into lines of at most a given width, greedily, as renderers do.
///
/// Each line takes as many clusters as fit. It ends at the last break opportunity that keeps it
/// within the width; only when a single word is wider than the whole line does it break between
/// grapheme clusters inside that word. Spaces at the end of a line hang: they neither count
/// towards its width nor push it over.
struct LineWrapper {
  /// Extra width tolerated for rounding, in points.
  static let tolerance = 1e-6

  let shaped: ShapedText
  let pointSize: Double
  let lineHeightMultiple: Double
  let wrapsAnywhere: Bool
  /// Metrics to use for every line instead of each line's own fonts: the fitter's bounds.
  var uniformMetrics: LineMetrics?
  /// What the wrapping loop reads of each cluster, in compact arrays.
  let columns: ClusterColumns
  /// Whether ``lines(width:lineLimit:heightLimit:)`` and
  /// ``measure(width:lineLimit:heightLimit:)`` may move a word at a time; tests turn it off to
  /// compare with the cluster loop.
  var usesWords = true
  /// Letter and word spacing, in ems.
  var spacing = TextSpacing.none
  /// Extra points added to every line's height, half above and half below.
  var lineSpacing = 0.0
  /// For each cluster, whether a line may break before it with a hyphen (dictionary
  /// hyphenation); nil for none.
  var hyphenBefore: [Bool]?

  init(
    shaped: ShapedText, pointSize: Double, lineHeightMultiple: Double, wrapsAnywhere: Bool,
    columns: ClusterColumns? = nil
  ) {
    self.shaped = shaped
    self.pointSize = pointSize
    self.lineHeightMultiple = lineHeightMultiple
    self.wrapsAnywhere = wrapsAnywhere
    self.columns = columns ?? shaped.columns
  }

  /// The lines for a box `width` points wide, stopping once `lineLimit` lines are made or the
  /// lines made so far are taller than `heightLimit`.
  func lines(width: Double, lineLimit: Int = .max, heightLimit: Double = .infinity) -> [LineSpan] {
    var lines: [LineSpan] = []
    forEachLine(width: width, lineLimit: lineLimit, heightLimit: heightLimit) { lines.append($0) }
    return lines
  }

  /// What ``lines(width:lineLimit:heightLimit:)`` would make, in totals only.
  ///
  /// The totals are how many lines, their total height and the widest one's width. It keeps
  /// no lines, so a fit's trial layouts allocate nothing.
  func measure(width: Double, lineLimit: Int = .max, heightLimit: Double = .infinity)
    -> (count: Int, height: Double, width: Double, breaksWords: Bool)
  {
    var count = 0
    var height = 0.0
    var widest = 0.0
    var breaksWords = false
    forEachLine(width: width, lineLimit: lineLimit, heightLimit: heightLimit) { line in
      count += 1
      height += line.height
      widest = max(widest, line.width)
      breaksWords = breaksWords || line.isForcedBreak
    }
    return (count, height, widest, breaksWords)
  }

  /// Calls `visit` with each line in turn, as ``lines(width:lineLimit:heightLimit:)`` makes
  /// them: a word at a time where a line starts at a word, the cluster loop for a word that
  /// must be broken and for the line that starts inside it.
  func forEachLine(
    width: Double, lineLimit: Int, heightLimit: Double, _ visit: (LineSpan) -> Void
  ) {
    let words =
      usesWords
      ? columns.words(
        wrapsAnywhere: wrapsAnywhere, spacing: spacing, hyphenates: hyphenBefore != nil,
        letterSpaced: shaped.letterSpacings != nil) : nil
    let clusterCount = columns.count
    var count = 0
    var start = 0
    var height = 0.0
    let limit = width + Self.tolerance
    var afterForcedBreak = false
    while start < clusterCount, count < lineLimit, !(height > heightLimit + Self.tolerance) {
      if let words, !afterForcedBreak, let word = words.word(startingAt: start) {
        let stop = wordLines(
          words, from: word, limit: limit, lineLimit: lineLimit, heightLimit: heightLimit,
          count: &count, height: &height, visit)
        // Lines a word at a time until a word must be broken inside, or the limits stop them.
        if stop != start {
          start = stop
          continue
        }
      }
      let line =
        words != nil
        ? plainLine(from: start, limit: limit, afterForcedBreak: afterForcedBreak)
        : nextLine(from: start, limit: limit, afterForcedBreak: afterForcedBreak)
      afterForcedBreak = line.isForcedBreak
      visit(line)
      count += 1
      height += line.height
      start = line.next
    }
    // A text that ends with a line separator ends with an empty line, as in Pango.
    if clusterCount > 0, columns.flags[clusterCount - 1] & ClusterColumns.lineSeparator != 0,
      start == clusterCount, count < lineLimit, !(height > heightLimit + Self.tolerance)
    {
      let box = lineBox(clusterCount - 1..<clusterCount)
      visit(
        LineSpan(
          start: start, contentEnd: start, next: start, width: 0, height: box.height,
          baseline: box.baseline))
    }
  }

  /// The single line that starts at cluster `start`.
  private func nextLine(from start: Int, limit: Double, afterForcedBreak: Bool) -> LineSpan {
    let count = columns.count
    // The rest of a word broken on the line before starts in the form it takes at a line start.
    var width = afterForcedBreak ? shaped.breakAdjustment(before: start).start * pointSize : 0
    var contentEnd = start
    var contentWidth = 0.0
    var lastBreak: BreakCandidate?
    var hyphenFont: Int?
    var isForcedBreak = false
    var index = start
    var next = count
    let pointSize = self.pointSize
    let clusters = shaped.packedClusters
    let flags = columns.flags
    let kernings = columns.kernings
    // Letter spacing follows every cluster but the line's last: widths below include it, and
    // a line's content width takes the last one off again.
    let letter = spacing.letter * pointSize
    let word = spacing.word * pointSize
    let hyphenBefore = self.hyphenBefore
    // Spans of rich text may space their letters too: the gap after cluster `index`.
    let spaced = shaped.letterSpacings != nil
    func gap(_ index: Int) -> Double {
      spaced ? letter + shaped.letterGap(after: index) * pointSize : letter
    }
    // Read through a pointer: an array read here checks its bounds on every cluster.
    clusters.withUnsafeBufferPointer { clusters in
      while index < count {
        let flag = flags[index]
        if let end = ClusterColumns.hardEnd(flag, at: index, lineStart: start) {
          next = end
          break
        }
        let kerning = index > start && !kernings.isEmpty ? kernings[index] : 0
        let advance = (clusters[index].advance + kerning) * pointSize + gap(index)
        if flag & ClusterColumns.space != 0 {
          width += advance + word
          index += 1
          continue
        }
        if index > start {
          let hyphenated =
            flag & ClusterColumns.softHyphenBefore != 0 || hyphenBefore?[index] == true
          if hyphenated {
            // A break that ends the line with a hyphen counts only if the hyphen fits too.
            let font = clusters[index - 1].font
            if contentEnd == index, let glyph = shaped.fonts[font].hyphen?.glyph {
              // Pango spaces no letter before the hyphen it inserts.
              let withHyphen = contentWidth + glyph.advance * pointSize
              if withHyphen <= limit { lastBreak = (index, contentEnd, withHyphen, font) }
            } else if contentEnd == index {
              lastBreak = (index, contentEnd, contentWidth, nil)
            }
          } else if wrapsAnywhere || flag & ClusterColumns.allowedBreak != 0 {
            lastBreak = (index, contentEnd, contentWidth, nil)
          }
        }
        // Pango breaks a letter-spaced line at its untrimmed width (the first cluster's space
        // before it and the last's after it count), and trims them afterwards.
        let untrimmed =
          spaced ? shaped.letterSpacings.map { $0[start].before + $0[index].after } ?? 0 : 0
        if index > start, width + advance - gap(index) + untrimmed * pointSize > limit {
          (next, contentEnd, contentWidth, hyphenFont, isForcedBreak) = overflowEnd(
            from: start, at: index, lastBreak: lastBreak, contentWidth: contentWidth,
            limit: limit, letter: letter)
          break
        }
        width += advance
        contentEnd = index + 1
        contentWidth = width - gap(index)
        index += 1
      }
    }
    // A span's letter spacing is trimmed at the line's end, unless spaces of another span
    // end the line after it: Pango trims the last run's, and there the last run is theirs.
    if spaced, let spacings = shaped.letterSpacings, contentEnd > start, contentEnd < next,
      shaped.packedClusters[contentEnd].kind == .space, spacings[contentEnd] == LetterSpacing()
    {
      contentWidth += spacings[contentEnd - 1].after * pointSize
    }
    let box = lineBox(start..<max(next, start + 1))
    return LineSpan(
      start: start, contentEnd: contentEnd, next: next, width: contentWidth, height: box.height,
      baseline: box.baseline, hyphenFont: hyphenFont, isForcedBreak: isForcedBreak)
  }

  /// ``nextLine(from:limit:afterForcedBreak:)`` for a text that wraps a word at a time: no
  /// letter or word spacing, no kerning of a cluster's own, no soft or dictionary hyphens and
  /// no wrapping anywhere, so each cluster is an advance and a few bits.
  ///
  /// The lines it makes are the cluster loop's, to the bit: the same sums in the same order,
  /// without the per-cluster work those features need. A word wider than the line and the
  /// line after its forced break come here, a cluster at a time.
  private func plainLine(from start: Int, limit: Double, afterForcedBreak: Bool) -> LineSpan {
    let count = columns.count
    let pointSize = self.pointSize
    let clusters = shaped.packedClusters
    let flags = columns.flags
    // The rest of a word broken on the line before starts in the form it takes at a line start.
    var width = afterForcedBreak ? shaped.breakAdjustment(before: start).start * pointSize : 0
    var contentEnd = start
    var contentWidth = 0.0
    var lastBreak: BreakCandidate?
    var hyphenFont: Int?
    var isForcedBreak = false
    var index = start
    var next = count
    // Most clusters are none of these, and are told so by one test.
    let special =
      ClusterColumns.mandatoryBreak | ClusterColumns.lineSeparator | ClusterColumns.space
      | ClusterColumns.allowedBreak
    // Read through a pointer: an array read here checks its bounds on every cluster.
    clusters.withUnsafeBufferPointer { clusters in
      while index < count {
        let flag = flags[index]
        let advance = clusters[index].advance * pointSize
        if flag & special != 0 {
          if let end = ClusterColumns.hardEnd(flag, at: index, lineStart: start) {
            next = end
            break
          }
          if flag & ClusterColumns.space != 0 {
            width += advance
            index += 1
            continue
          }
          if index > start, flag & ClusterColumns.allowedBreak != 0 {
            lastBreak = (index, contentEnd, contentWidth, nil)
          }
        }
        if index > start, width + advance > limit {
          (next, contentEnd, contentWidth, hyphenFont, isForcedBreak) = overflowEnd(
            from: start, at: index, lastBreak: lastBreak, contentWidth: contentWidth,
            limit: limit, letter: 0)
          break
        }
        width += advance
        contentEnd = index + 1
        contentWidth = width
        index += 1
      }
    }
    let box = lineBox(start..<max(next, start + 1))
    return LineSpan(
      start: start, contentEnd: contentEnd, next: next, width: contentWidth, height: box.height,
      baseline: box.baseline, hyphenFont: hyphenFont, isForcedBreak: isForcedBreak)
  }

  /// A place a line may end: the cluster the next line starts at, the end and width of what
  /// the line draws, and the font of the hyphen the break adds.
  private typealias BreakCandidate = (
    index: Int, contentEnd: Int, contentWidth: Double, hyphenFont: Int?
  )

  /// How a line from cluster `start` that overflows at cluster `index` ends: at `lastBreak`,
  /// its last break opportunity, or, when it has none (its first word alone is wider than the
  /// line), between the word's grapheme clusters, as late as leaves room for the hyphen Pango
  /// inserts there.
  private func overflowEnd(
    from start: Int, at index: Int, lastBreak: BreakCandidate?, contentWidth: Double,
    limit: Double, letter: Double
  ) -> (next: Int, contentEnd: Int, width: Double, hyphenFont: Int?, isForcedBreak: Bool) {
    if let lastBreak {
      return (
        lastBreak.index, lastBreak.contentEnd, lastBreak.contentWidth, lastBreak.hyphenFont,
        false
      )
    }
    let forced = forcedBreak(
      from: start, before: index, width: contentWidth, limit: limit, letter: letter)
    return (forced.next, forced.next, forced.width, forced.hyphenFont, true)
  }

  /// Where to break a word wider than the line, which holds the clusters `start..<end` in
  /// `width` points: before the last cluster from which the line, with the hyphen that break
  /// inserts, is no wider than `limit`; after the first cluster at the least.
  private func forcedBreak(
    from start: Int, before end: Int, width: Double, limit: Double, letter: Double = 0
  )
    -> (next: Int, width: Double, hyphenFont: Int?)
  {
    let clusters = shaped.packedClusters
    let fonts = shaped.fonts
    // Asked directly, once fetched: the text's own answer fetches it for every candidate.
    let reshaper = shaped.reshaper
    var next = end
    var lineWidth = width
    while true {
      // One question per candidate: whether the break takes a hyphen, and how it changes the
      // width of the line it ends.
      let adjustment =
        reshaper?.adjustment(before: next, in: shaped) ?? shaped.breakAdjustment(before: next)
      var hyphen: (advance: Double, font: Int)?
      if next > 0, next < clusters.count, adjustment.insertsHyphen,
        let glyph = fonts[clusters[next - 1].font].hyphen?.glyph
      {
        hyphen = (glyph.advance * pointSize, clusters[next - 1].font)
      }
      let total = lineWidth + (hyphen?.advance ?? 0) + adjustment.end * pointSize
      if next == start + 1 || total <= limit {
        return (next, total, hyphen?.font)
      }
      next -= 1
      lineWidth -=
        (clusters[next].advance + (next > start ? shaped.kerning(at: next) : 0))
        * pointSize + letter + (next > 0 ? shaped.letterGap(after: next - 1) * pointSize : 0)
    }
  }

  /// The height of a line holding the clusters in `range`, the union of its fonts' line
  /// boxes, and its baseline below the top.
  func lineBox(_ range: Range<Int>) -> (height: Double, baseline: Double) {
    Self.lineBox(
      lineMetrics(range), pointSize: pointSize, multiple: lineHeightMultiple, extra: lineSpacing)
  }

  /// The height and baseline of a line with `metrics` (in ems): half the leading (line gap,
  /// the multiple's extra and `extra` points) above the ascent, half below the descent.
  static func lineBox(
    _ metrics: LineMetrics, pointSize: Double, multiple: Double, extra: Double = 0
  )
    -> (height: Double, baseline: Double)
  {
    let height = metrics.height * pointSize * multiple + extra
    let ink = (metrics.ascent + metrics.descent) * pointSize
    return (height, (height - ink) / 2 + metrics.ascent * pointSize)
  }

  /// The union of the line boxes of the fonts in `range`, in ems; the first font's for an
  /// empty range.
  func lineMetrics(_ range: Range<Int>) -> LineMetrics {
    if let uniformMetrics { return uniformMetrics }
    let fonts = shaped.fonts
    guard fonts.count > 1, !range.isEmpty else { return fonts[0].metrics }
    var metrics = fonts[shaped.packedClusters[range.lowerBound].font].metrics
    for index in range.dropFirst() {
      metrics = metrics.union(fonts[shaped.packedClusters[index].font].metrics)
    }
    return metrics
  }

  /// The width in points of the clusters in `range`, without leading and trailing spaces.
  func width(of range: Range<Int>) -> Double {
    let clusters = shaped.packedClusters
    let trimmed = shaped.trimmed(range, leading: true, trailing: true)
    let lower = trimmed.lowerBound
    let upper = trimmed.upperBound
    var width = 0.0
    var spaces = 0
    for index in lower..<upper {
      width += clusters[index].advance + (index > lower ? shaped.kerning(at: index) : 0)
      if clusters[index].kind == .space { spaces += 1 }
    }
    guard !spacing.isZero || shaped.letterSpacings != nil, upper > lower else {
      return width * pointSize
    }
    var gaps = 0.0
    if shaped.letterSpacings != nil {
      for index in lower..<(upper - 1) { gaps += shaped.letterGap(after: index) }
    }
    return
      (width + spacing.letter * Double(upper - lower - 1) + spacing.word * Double(spaces)
      + gaps) * pointSize
  }

  /// The spacing that follows cluster `index` on a line, in points.
  func spacing(after index: Int) -> Double {
    guard !spacing.isZero || shaped.letterSpacings != nil else { return 0 }
    let isSpace = shaped.packedClusters[index].kind == .space
    return (spacing.letter + (isSpace ? spacing.word : 0) + shaped.letterGap(after: index))
      * pointSize
  }
}

extension ShapedText {
  /// `range` without the clusters that are not drawn (spaces, line separators) at its ends.
  func trimmed(_ range: Range<Int>, leading: Bool, trailing: Bool) -> Range<Int> {
    let clusters = packedClusters
    var lower = range.lowerBound
    var upper = range.upperBound
    if leading {
      while lower < upper, clusters[lower].kind != .visible { lower += 1 }
    }
    if trailing {
      while upper > lower, clusters[upper - 1].kind != .visible { upper -= 1 }
    }
    return lower..<upper
  }
}

/// What the wrapping loop reads of each cluster, in compact arrays, and what a fit needs to
/// know of the text's fonts.
///
/// The arrays hold each cluster's kerning when any cluster has one, and its kind and break
/// opportunity as bits; the advances are the shaped text's packed clusters' own. Made once per
/// shaped text and shared by every layouter of it, they let each trial layout of a fit test one
/// byte per cluster and read a packed cluster's advance, instead of unpacking clusters.
///
/// The columns live in memory the value owns, read through pointers: the wrapping loop runs
/// once per cluster of every trial layout, and an array read there costs a retain and a
/// release of its buffer. Nothing writes them after `init`, so sharing them across threads is
/// safe. The advances are not copied: wrapping reads them from the shaped text's own packed
/// clusters, taken out of the text once per line.
final class ClusterColumns: @unchecked Sendable {
  /// Kerning in ems, or empty when every cluster's is 0 (as a font system's are).
  let kernings: UnsafeBufferPointer<Double>
  /// ``space``, ``lineSeparator``, ``allowedBreak`` and ``mandatoryBreak`` bits.
  let flags: UnsafeBufferPointer<UInt8>
  /// The text's words, when trial layouts can move a word at a time.
  let words: WordColumns?
  /// The line metrics of the font with the shortest line box: no line is shorter.
  let shortestMetrics: LineMetrics
  /// The union of every font's line metrics: no line is taller.
  let tallestMetrics: LineMetrics
  /// Which fonts draw a visible cluster, bit `i` for font `i` (the requested font alone when
  /// none does); 0 for a text of more than 64 fonts, whose are found when a fit asks.
  ///
  /// A fit makes the fonts' names when they are read: a list of names kept per text took 48
  /// bytes of every text.
  let drawnFontMask: UInt64
  /// How many lines the text's hard line breaks make, whatever the width: 1 plus one per
  /// mandatory break (a text that ends with a line separator ends with an empty line); 0 for
  /// an empty text.
  var hardLineCount: Int { Int(storedHardLineCount) }
  /// ``hardLineCount``, in 32 bits (at most a text's clusters and one more, clamped to the
  /// largest 32-bit count): with the flags below, the columns take 120 bytes, a 128-byte block
  /// rather than a 144-byte one.
  private let storedHardLineCount: UInt32
  /// Whether a break inside a word never makes the pieces narrower than they are inside it
  /// (adjustments are hyphens' widths or nothing), so no line is narrower for being broken.
  let breaksNeverNarrow: Bool
  /// Whether every font of the text has the same line metrics, so fitting is monotone.
  let hasUniformMetrics: Bool

  static let space: UInt8 = 1
  static let lineSeparator: UInt8 = 2
  static let allowedBreak: UInt8 = 4
  static let mandatoryBreak: UInt8 = 8
  /// A break is allowed before the cluster after a soft hyphen (U+00AD): the line then ends
  /// with a hyphen.
  static let softHyphenBefore: UInt8 = 16

  /// Where a line that starts at cluster `lineStart` ends because of cluster `index`, whose
  /// flags are `flag`: before it at a mandatory break (but for the line's first cluster),
  /// after it when it is a line separator; nil when neither.
  @inline(__always)
  static func hardEnd(_ flag: UInt8, at index: Int, lineStart: Int) -> Int? {
    if index > lineStart, flag & mandatoryBreak != 0 { return index }
    if flag & lineSeparator != 0 { return index + 1 }
    return nil
  }

  init(_ shaped: ShapedText) {
    let clusters = shaped.packedClusters
    let count = clusters.count
    // The columns are written straight into the memory they keep.
    let flags = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count)
    var anyKerning = false
    var anySoftHyphen = false
    // A soft hyphen (U+00AD) is C2 AD in UTF-8: a text without that pair has none (AD alone
    // ends characters such as í and ح, and is among the bytes of most CJK texts).
    let text = shaped.text
    let utf8 = text.utf8
    let mayHaveSoftHyphen =
      utf8.withContiguousStorageIfAvailable { bytes in
        bytes.indices.dropFirst().contains { bytes[$0] == 0xAD && bytes[$0 - 1] == 0xC2 }
      } ?? text.unicodeScalars.contains("\u{AD}")
    var afterSoftHyphen = false
    var narrows = false
    var hardLines = count == 0 ? 0 : 1
    let adjustments = shaped.clusterAdjustments
    if let adjustments {
      anyKerning = adjustments.contains { $0.kerning != 0 }
      narrows = adjustments.contains { !($0.breakEnd >= 0 && $0.breakStart >= 0) }
    }
    for index in 0..<count {
      let cluster = clusters[index]
      var flag: UInt8 = 0
      switch cluster.kind {
      case .space: flag |= Self.space
      case .lineSeparator: flag |= Self.lineSeparator
      case .visible: break
      }
      switch cluster.breakBefore {
      case .allowed: flag |= Self.allowedBreak
      case .mandatory:
        flag |= Self.mandatoryBreak
        if index > 0 { hardLines += 1 }
      case .prohibited: break
      }
      if afterSoftHyphen, cluster.breakBefore == .allowed {
        flag |= Self.softHyphenBefore
        anySoftHyphen = true
      }
      afterSoftHyphen = mayHaveSoftHyphen && shaped.isSoftHyphen(cluster: index)
      flags[index] = flag
    }
    if count > 0, flags[count - 1] & Self.lineSeparator != 0 { hardLines += 1 }
    // A hyphen of negative width (a font may say so) would narrow a piece too.
    breaksNeverNarrow =
      (shaped.reshaper.map(\.breaksNeverNarrow) ?? !narrows)
      && shaped.fonts.allSatisfy { !(($0.hyphen?.glyph.advance ?? 0) < 0) }
    storedHardLineCount = UInt32(clamping: hardLines)
    self.flags = UnsafeBufferPointer(flags)
    self.kernings = UnsafeBufferPointer(
      ownedCopyOf: anyKerning ? adjustments?.map(\.kerning) ?? [] : [])
    // A soft hyphen's break takes a hyphen's width: only the cluster loop measures it.
    words = anyKerning || anySoftHyphen ? nil : WordColumns(shaped)
    let fonts = shaped.fonts
    var shortest = fonts[0].metrics
    var tallest = fonts[0].metrics
    var uniform = true
    for font in fonts.dropFirst() {
      let metrics = font.metrics
      uniform = uniform && metrics == fonts[0].metrics
      if metrics.height < shortest.height { shortest = metrics }
      tallest = tallest.union(metrics)
    }
    hasUniformMetrics = uniform
    shortestMetrics = shortest
    tallestMetrics = tallest
    drawnFontMask = fonts.count > 64 ? 0 : Self.drawnFonts(fonts, clusters).mask
  }

  /// Which of `fonts` draw a visible cluster of `clusters` (the first alone when none does),
  /// as a flag per font and, for the first 64, as bits.
  private static func drawnFonts(_ fonts: [ShapedFont], _ clusters: [PackedCluster])
    -> (drawn: [Bool], mask: UInt64)
  {
    guard fonts.count > 1 else { return ([true], 1) }
    var drawn = [Bool](repeating: false, count: fonts.count)
    for cluster in clusters where cluster.kind == .visible { drawn[cluster.font] = true }
    if !drawn.contains(true) { drawn[0] = true }
    var mask: UInt64 = 0
    for index in drawn.indices.prefix(64) where drawn[index] { mask |= 1 << UInt64(index) }
    return (drawn, mask)
  }

  /// The fonts of `shaped` (these columns' text) that draw a visible cluster, as a fit reports
  /// them.
  func usedFonts(of shaped: ShapedText) -> UsedFonts {
    if drawnFontMask != 0 { return .drawn(fonts: shaped.fonts, mask: drawnFontMask) }
    let drawn = Self.drawnFonts(shaped.fonts, shaped.packedClusters).drawn
    return .names(UsedFonts.names(of: shaped.fonts) { drawn[$0] })
  }

  deinit {
    kernings.deallocateOwned()
    flags.deallocateOwned()
  }

  /// The word table, when a layout with these settings may move a word at a time.
  ///
  /// This is the one place that says when: no wrapping anywhere, no letter or word spacing,
  /// no dictionary hyphens, no letter-spaced spans (and the table itself exists only without
  /// kerning of a cluster's own or soft hyphens). The wrapper's word path, a layouter's lines
  /// straight from the table and the size bound all ask here.
  func words(wrapsAnywhere: Bool, spacing: TextSpacing, hyphenates: Bool, letterSpaced: Bool)
    -> WordColumns?
  {
    wrapsAnywhere || !spacing.isZero || hyphenates || letterSpaced ? nil : words
  }

  var count: Int { flags.count }
}

extension UnsafeBufferPointer {
  /// A copy of `elements` in memory of its own, which the owner frees with
  /// ``deallocateOwned()``; no memory for an empty array.
  init(ownedCopyOf elements: [Element]) {
    guard !elements.isEmpty else {
      self.init(start: nil, count: 0)
      return
    }
    let memory = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
    _ = memory.initialize(from: elements)
    self.init(memory)
  }

  /// Frees memory made by ``init(ownedCopyOf:)``.
  func deallocateOwned() {
    guard let base = baseAddress else { return }
    UnsafeMutablePointer(mutating: base).deinitialize(count: count)
    UnsafeMutablePointer(mutating: base).deallocate()
  }
}

extension ShapedText {
  /// The text's wrapping columns, made on first use and shared by every copy of the text.
  var columns: ClusterColumns { layoutColumns { ClusterColumns(self) } }
}
