/// A text's words: the runs of clusters between break opportunities, measured once, so that
/// layouts (a fit's trials and its final layout) move a word at a time instead of a cluster at
/// a time.
///
/// Greedy wrapping only ever breaks where a word starts (or inside a word wider than the
/// line), and within a word the width grows as clusters are added, so whether a word fits on a
/// line depends only on the width before it and the word's own widths. This gives the same
/// lines as ``LineWrapper``'s cluster-by-cluster loop whenever its conditions hold: no cluster
/// has kerning of its own (a font system puts kerning in the advances), no advance is negative,
/// every break opportunity is before a visible cluster, and the line does not wrap anywhere.
/// A word that would have to be broken (wider than a line by itself) is left to the cluster
/// loop, line by line. Widths are summed in ems and scaled once, so they may differ
/// from the cluster loop's sums by rounding, far below ``LineWrapper/tolerance``.
///
/// The words are kept as one table in memory the value owns, read through a pointer (a trial
/// layout reads it once per word, and an array read there costs a retain and a release);
/// nothing writes it after `init`.
final class WordColumns: @unchecked Sendable {
  /// One word's measurements, in 24 bytes: its content end and flags share 32 bits (a text
  /// of 2^28 clusters or more has no word table).
  struct Word {
    /// Its width up to and including its last visible cluster, in ems.
    var contentWidth: Double
    /// Its width with its trailing spaces (not its line separator), in ems.
    var totalWidth: Double
    /// Its first cluster.
    var start: Int32
    /// The content end in bits 0–27, the flags in 28–31.
    private var endAndFlags: UInt32

    init(contentWidth: Double, totalWidth: Double, start: Int32, contentEnd: Int32, flags: UInt8) {
      self.contentWidth = contentWidth
      self.totalWidth = totalWidth
      self.start = start
      endAndFlags =
        UInt32(truncatingIfNeeded: contentEnd) & Self.endMask | UInt32(flags) << 28
    }

    fileprivate static let endMask: UInt32 = 1 << 28 - 1

    /// One past its last visible cluster, or its first cluster when it has none.
    var contentEnd: Int32 { Int32(truncatingIfNeeded: endAndFlags & Self.endMask) }
    /// ``hasVisible``, ``forcedBreakPossible``, ``endsLine`` and ``startsMandatory`` bits.
    var flags: UInt8 { UInt8(truncatingIfNeeded: endAndFlags >> 28) }
  }

  /// The most clusters a text with a word table has.
  static let clusterLimit = Int(Word.endMask)

  /// The words, in order, and after them an entry whose `start` is the text's cluster count.
  let words: UnsafeBufferPointer<Word>
  /// Each word's line metrics (the union over its clusters), when the text has more than one
  /// font; empty otherwise.
  let metrics: UnsafeBufferPointer<LineMetrics>
  /// The widest run of spaces after a word's last visible cluster, in ems: the most a line
  /// break can take out of a run's width.
  let widestTrailingSpace: Double
  /// The widest content, in ems, of a word that a layout breaks inside when it is wider than
  /// the line (one with a visible cluster after its first); 0 when there is none.
  let widestBreakableWord: Double
  /// The width of each run of words between hard line breaks set on one line, in ems: from its
  /// first cluster to its last visible one.
  let hardLineContents: HardLineContents
  /// Whether a word has spaces before a visible cluster of its own (where no break is
  /// allowed after spaces, as before "!" in French): a break forced there drops them from the
  /// line's width, so they are not counted as the trailing spaces a break may take out.
  let hasInnerSpaces: Bool

  /// The word has a visible cluster.
  static let hasVisible: UInt8 = 1
  /// The word has a visible cluster after its first, so the cluster loop checks it against
  /// the line when it starts a line, and may break it.
  static let forcedBreakPossible: UInt8 = 2
  /// The word ends with a line separator.
  static let endsLine: UInt8 = 4
  /// The word's first cluster must start a line.
  static let startsMandatory: UInt8 = 8

  /// The number of words.
  var count: Int { words.count - 1 }

  /// Whether the text's last word ends with a line separator.
  var endsWithLineSeparator: Bool { count > 0 && words[count - 1].flags & Self.endsLine != 0 }

  /// The widths of a text's runs between hard line breaks, in order: the first kept inline,
  /// as most texts are one run (an array of one would take 40 bytes of every text).
  struct HardLineContents: Sequence {
    /// The later runs' widths.
    private let rest: [Double]
    /// The first run's width, or nil for a text of no runs.
    private let first: Double?

    init(_ contents: [Double]) {
      first = contents.first
      rest = contents.count > 1 ? Array(contents.dropFirst()) : []
    }

    /// The number of runs.
    var count: Int { first == nil ? 0 : 1 + rest.count }

    /// Reads the widths in order.
    struct Iterator: IteratorProtocol {
      fileprivate let contents: HardLineContents
      fileprivate var index = 0

      mutating func next() -> Double? {
        defer { index += 1 }
        if index == 0 { return contents.first }
        return index <= contents.rest.count ? contents.rest[index - 1] : nil
      }
    }

    func makeIterator() -> Iterator { Iterator(contents: self) }
  }

  /// The word that starts at cluster `cluster`, or nil when none does.
  ///
  /// Found by bisecting the words' starts, which are in order: it is asked once per line, and
  /// a table by cluster would cost 4 bytes per cluster for as long as the text is kept.
  func word(startingAt cluster: Int) -> Int? {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if Int(words[middle].start) < cluster { low = middle + 1 } else { high = middle }
    }
    return low < count && Int(words[low].start) == cluster ? low : nil
  }

  deinit {
    words.deallocateOwned()
    metrics.deallocateOwned()
  }

  /// The words of `shaped`, or nil when the conditions above do not hold; the caller has
  /// checked that no cluster has kerning of its own.
  init?(_ shaped: ShapedText) {
    let fonts = shaped.fonts
    let mixed = fonts.count > 1
    let built: (words: UnsafeMutableBufferPointer<Word>, metrics: [LineMetrics], inner: Bool)? =
      shaped.packedClusters.withUnsafeBufferPointer { clusters in
        // A word starts with the text, at every break opportunity and after a line separator:
        // counted first, so the table is written once into memory of its final size.
        let count = clusters.count
        guard count <= Self.clusterLimit else { return nil }
        var wordCount = count == 0 ? 0 : 1
        for index in clusters.indices.dropFirst()
        where clusters[index].breakBefore != .prohibited
          || clusters[index - 1].kind == .lineSeparator
        {
          wordCount += 1
        }
        let words = UnsafeMutableBufferPointer<Word>.allocate(capacity: wordCount + 1)
        // Freed here unless the whole table is made and handed on.
        var complete = false
        defer { if !complete { words.deallocate() } }
        var metrics: [LineMetrics] = []
        if mixed { metrics.reserveCapacity(wordCount) }
        var written = 0
        var innerSpaces = false
        var index = 0
        while index < count {
          // The count above is exact; a table that would outgrow it is not made.
          guard written < wordCount else { return nil }
          let start = index
          var total = 0.0
          var content = 0.0
          var contentEnd = start
          var flag: UInt8 = clusters[start].breakBefore == .mandatory ? Self.startsMandatory : 0
          var union = fonts[clusters[start].font].metrics
          var spaced = false
          while index < count {
            let cluster = clusters[index]
            if index > start, cluster.breakBefore != .prohibited { break }
            guard cluster.advance >= 0, cluster.advance.isFinite,
              !(cluster.breakBefore == .allowed && cluster.kind != .visible)
            else { return nil }
            if mixed { union = union.union(fonts[cluster.font].metrics) }
            index += 1
            if cluster.kind == .lineSeparator {
              flag |= Self.endsLine
              break
            }
            total += cluster.advance
            if cluster.kind == .space { spaced = true }
            if cluster.kind == .visible {
              innerSpaces = innerSpaces || spaced
              content = total
              contentEnd = index
              flag |= index - 1 > start ? Self.forcedBreakPossible : 0
              flag |= Self.hasVisible
            }
          }
          words.initializeElement(
            at: written,
            to: Word(
              contentWidth: content, totalWidth: total, start: Int32(truncatingIfNeeded: start),
              contentEnd: Int32(truncatingIfNeeded: contentEnd), flags: flag))
          written += 1
          if mixed { metrics.append(union) }
        }
        guard written == wordCount else { return nil }
        words.initializeElement(
          at: written,
          to: Word(
            contentWidth: 0, totalWidth: 0, start: Int32(truncatingIfNeeded: count),
            contentEnd: Int32(truncatingIfNeeded: count), flags: 0))
        complete = true
        return (words, metrics, innerSpaces)
      }
    guard let built else { return nil }
    let words = UnsafeBufferPointer(built.words)
    let count = words.count - 1
    // A run starts with the text, at a word that must start a line, and after a line
    // separator; every run is at least one line of its own.
    var contents: [Double] = []
    var widest = 0.0
    var trailing = 0.0
    var startsRun = true
    var runWidth = 0.0
    for entry in words.prefix(count) {
      if startsRun || entry.flags & Self.startsMandatory != 0 {
        contents.append(0)
        runWidth = 0
      }
      if entry.flags & Self.hasVisible != 0 {
        contents[contents.count - 1] = runWidth + entry.contentWidth
      }
      runWidth += entry.totalWidth
      trailing = max(trailing, entry.totalWidth - entry.contentWidth)
      if entry.flags & Self.forcedBreakPossible != 0 { widest = max(widest, entry.contentWidth) }
      startsRun = entry.flags & Self.endsLine != 0
    }
    hardLineContents = HardLineContents(contents)
    widestTrailingSpace = trailing
    widestBreakableWord = widest
    hasInnerSpaces = built.inner
    self.words = words
    self.metrics = UnsafeBufferPointer(ownedCopyOf: built.metrics)
  }
}

/// What sets every line's box in ``WordColumns/lines(from:pointSize:limit:lineLimit:heightLimit:box:count:height:_:)``:
/// the line height multiple and extra spacing, and the metrics of every line when one font sets
/// them all.
struct WordLineBox {
  var multiple: Double
  var extra: Double
  /// The metrics of every line (the fitter's uniform bound, or the text's one font), or nil
  /// when each line takes the union of its words' fonts.
  var uniform: LineMetrics?
  /// The first font's metrics, for a text with one font.
  var first: LineMetrics
}

extension WordColumns {
  /// The lines that start at word `first` and at each word after them, made a word at a time
  /// and passed to `visit`, while each line starts with a word that needs no break inside and
  /// `count` and `height` (grown with each line) stay within `lineLimit` and `heightLimit`.
  ///
  /// The loop reads the word table and the words' metrics through the pointers the columns
  /// own and keeps everything else in locals, so a trial layout retains nothing per line.
  ///
  /// - Returns: The cluster the next line starts at: the text's end, or where the limits
  ///   stopped the lines, or the first cluster of a word wider than the line, which only the
  ///   cluster loop breaks.
  @inline(__always)
  func lines(
    from first: Int, pointSize: Double, limit: Double, lineLimit: Int, heightLimit: Double,
    box rule: WordLineBox, count: inout Int, height: inout Double, _ visit: (LineSpan) -> Void
  ) -> Int {
    let words = self.words
    let wordCount = self.count
    let perWord = metrics
    let mixed = rule.uniform == nil && !perWord.isEmpty
    // One box for every line when the text has one font or the fitter's bound sets it.
    let fixedMetrics = rule.uniform ?? rule.first
    let fixedBox = LineWrapper.lineBox(
      fixedMetrics, pointSize: pointSize, multiple: rule.multiple, extra: rule.extra)
    let heightCap = heightLimit + LineWrapper.tolerance
    var word = first
    while word < wordCount, count < lineLimit, !(height > heightCap) {
      var entry = words[word]
      if entry.flags & Self.forcedBreakPossible != 0, entry.contentWidth * pointSize > limit {
        break
      }
      let lineStart = entry.start
      var lineWidth = entry.totalWidth * pointSize
      var contentWidth = entry.contentWidth * pointSize
      var contentEnd = entry.contentEnd
      var metrics = mixed ? perWord[word] : fixedMetrics
      word += 1
      while entry.flags & Self.endsLine == 0, word < wordCount {
        entry = words[word]
        if entry.flags & Self.startsMandatory != 0 { break }
        // A later word starts with a visible cluster where a break is allowed: it goes on
        // this line only if all of it fits.
        let content = entry.contentWidth * pointSize
        if lineWidth + content > limit { break }
        contentWidth = lineWidth + content
        contentEnd = entry.contentEnd
        lineWidth += entry.totalWidth * pointSize
        if mixed { metrics = metrics.union(perWord[word]) }
        word += 1
      }
      let box =
        mixed
        ? LineWrapper.lineBox(
          metrics, pointSize: pointSize, multiple: rule.multiple, extra: rule.extra)
        : fixedBox
      visit(
        LineSpan(
          start: Int(lineStart), contentEnd: Int(contentEnd), next: Int(words[word].start),
          width: contentWidth, height: box.height, baseline: box.baseline))
      count += 1
      height += box.height
    }
    return Int(words[word].start)
  }
}

extension LineWrapper {
  /// ``WordColumns/lines(from:pointSize:limit:lineLimit:heightLimit:box:count:height:_:)`` at
  /// this wrapper's size and line boxes.
  func wordLines(
    _ columns: WordColumns, from first: Int, limit: Double, lineLimit: Int,
    heightLimit: Double, count: inout Int, height: inout Double, _ visit: (LineSpan) -> Void
  ) -> Int {
    columns.lines(
      from: first, pointSize: pointSize, limit: limit, lineLimit: lineLimit,
      heightLimit: heightLimit,
      box: WordLineBox(
        multiple: lineHeightMultiple, extra: lineSpacing,
        uniform: uniformMetrics, first: shaped.fonts[0].metrics),
      count: &count, height: &height, visit)
  }
}
