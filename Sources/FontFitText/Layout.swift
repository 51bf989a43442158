/// Where lines may wrap.
public enum LineWrapping: String, CaseIterable, Hashable, Sendable, Codable {
  /// At word boundaries (UAX #14's break opportunities); a word wider than the line is broken
  /// where it must be.
  case words
  /// Between any two grapheme clusters.
  case anywhere
}

/// What marks text cut off after the last line a box allows.
public enum Truncation: String, CaseIterable, Hashable, Sendable, Codable {
  /// Nothing: lines past the last are left out, without a mark.
  case none
  /// The last line is cut off at the box edge, without a mark.
  case clip
  /// The last line shows the end of the text after the truncation token.
  case head
  /// The last line shows its start, the token, then the text's end.
  case middle
  /// The last line shows its start, then the token.
  case tail

  /// Whether text that does not fit is marked with a truncation token.
  var usesToken: Bool {
    switch self {
    case .head, .middle, .tail: true
    case .none, .clip: false
    }
  }
}

/// UIKit's `NSLineBreakMode`, one setting for wrapping and truncation together, as layout
/// description files name it (`"lineBreakMode": "truncateTail"`); the layout itself takes a
/// ``LineWrapping`` and a ``Truncation``.
public enum LineBreakMode: String, CaseIterable, Hashable, Sendable {
  /// Wrap at word boundaries; text past the last line is cut off without a mark.
  case wordWrap
  /// Wrap at any grapheme cluster boundary; text past the last line is cut off without a mark.
  case charWrap
  /// Wrap at word boundaries; the last line is cut off at the box edge without a mark.
  case clip
  /// Wrap at word boundaries; the last line shows the end of the text after the token.
  case truncateHead
  /// Wrap at word boundaries; the last line shows its start, then the token.
  case truncateTail
  /// Wrap at word boundaries; the last line shows its start, the token, then the text's end.
  case truncateMiddle

  /// Where lines wrap in this mode.
  public var wrapping: LineWrapping { self == .charWrap ? .anywhere : .words }

  /// How this mode marks cut text.
  public var truncation: Truncation {
    switch self {
    case .wordWrap, .charWrap: .none
    case .clip: .clip
    case .truncateHead: .head
    case .truncateTail: .tail
    case .truncateMiddle: .middle
    }
  }

  /// The mode that wraps and truncates so; with wrapping anywhere, the one for its truncation
  /// when there is one (UIKit has no mode that does both).
  public init(wrapping: LineWrapping, truncation: Truncation) {
    switch truncation {
    case .none: self = wrapping == .anywhere ? .charWrap : .wordWrap
    case .clip: self = .clip
    case .head: self = .truncateHead
    case .middle: self = .truncateMiddle
    case .tail: self = .truncateTail
    }
  }
}

/// The box and rules one layout follows.
@_spi(Engine) public struct LayoutOptions: Hashable, Sendable {
  /// The box the text must fit, in points; `.infinity` for no limit.
  public let box: Size
  /// The most lines to show; 0 means no limit other than the box height.
  public let maximumLines: Int
  /// Where lines wrap.
  public let wrapping: LineWrapping
  /// How text past the last line is marked.
  public let truncation: Truncation
  /// A factor applied to every line height.
  public let lineHeightMultiple: Double
  /// What happens to text that does not fit.
  public let overflow: Overflow
  /// Letter and word spacing, in ems of the size laid out at.
  public var spacing = TextSpacing.none
  /// Extra points added to every line's height (negative tightens, to no less than 0).
  public var lineSpacing = 0.0
  /// How lines are chosen once the size is known: ``LineBreakStrategy/balanced`` evens out
  /// the lines of a text that fits.
  public var lineBreakStrategy = LineBreakStrategy.greedy

  /// The same options for another box.
  package func with(box: Size) -> LayoutOptions {
    // The values were checked when these options were made, and the box is only narrowed.
    guard
      var options = try? LayoutOptions(
        box: box, maximumLines: maximumLines, wrapping: wrapping, truncation: truncation,
        lineHeightMultiple: lineHeightMultiple, overflow: overflow)
    else { return self }
    options.spacing = spacing
    options.lineSpacing = lineSpacing
    options.lineBreakStrategy = lineBreakStrategy
    return options
  }

  /// Creates layout options, checking every value.
  ///
  /// - Parameters:
  ///   - box: The box in points; each side ≥ 0 (`.infinity` for no limit).
  ///   - maximumLines: The most lines to show, ≥ 0; 0 for no limit.
  ///   - wrapping: Where lines wrap.
  ///   - truncation: How text past the last line is marked.
  ///   - lineHeightMultiple: A positive finite factor applied to every line height.
  ///   - overflow: What happens to text that does not fit.
  /// - Throws: ``LayoutOptionsError`` for a value out of range: such a value would make every
  ///   text "fit" or none.
  public init(
    box: Size, maximumLines: Int = 0, wrapping: LineWrapping = .words,
    truncation: Truncation = .tail, lineHeightMultiple: Double = 1,
    overflow: Overflow = .truncate
  ) throws(LayoutOptionsError) {
    guard box.width >= 0, box.height >= 0 else { throw .invalidBox(box) }
    guard maximumLines >= 0 else { throw .negativeLineLimit(maximumLines) }
    guard lineHeightMultiple.isFinite, lineHeightMultiple > 0 else {
      throw .invalidLineHeightMultiple(lineHeightMultiple)
    }
    self.box = box
    self.maximumLines = maximumLines
    self.wrapping = wrapping
    self.truncation = truncation
    self.lineHeightMultiple = lineHeightMultiple
    self.overflow = overflow
  }

  /// Layout options with wrapping and truncation in UIKit's one setting.
  ///
  /// - Throws: ``LayoutOptionsError`` for a value out of range.
  public init(
    box: Size, maximumLines: Int = 0, lineBreakMode: LineBreakMode,
    lineHeightMultiple: Double = 1, overflow: Overflow = .truncate
  ) throws(LayoutOptionsError) {
    try self.init(
      box: box, maximumLines: maximumLines, wrapping: lineBreakMode.wrapping,
      truncation: lineBreakMode.truncation, lineHeightMultiple: lineHeightMultiple,
      overflow: overflow)
  }
}

/// A layout option out of range.
public enum LayoutOptionsError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A side of the box is negative or NaN.
  case invalidBox(Size)
  /// The line limit is negative.
  case negativeLineLimit(Int)
  /// The line height multiple is not a positive finite number.
  case invalidLineHeightMultiple(Double)
  /// Letter or word spacing is not finite or outside ``TextSpacing/range``.
  case invalidSpacing(TextSpacing)
  /// The extra line spacing is not finite.
  case invalidLineSpacing(Double)
  /// The most a fit's tracking may tighten is negative, not finite or beyond
  /// ``FitLadder/tighteningLimit``.
  case invalidTightening(Double)

  /// A sentence naming the value.
  public var description: String {
    switch self {
    case .invalidBox(let box):
      "the box \(TextFormat.string(box.width))×\(TextFormat.string(box.height)) has a "
        + "negative or NaN side"
    case .negativeLineLimit(let limit): "the line limit \(limit) is negative"
    case .invalidLineHeightMultiple(let value):
      "the line height multiple \(TextFormat.string(value)) is not a positive finite number"
    case .invalidSpacing(let spacing):
      "letter spacing \(TextFormat.string(spacing.letter))em and word spacing "
        + "\(TextFormat.string(spacing.word))em must each be from "
        + "\(TextFormat.string(TextSpacing.range.lowerBound))em to "
        + "\(TextFormat.string(TextSpacing.range.upperBound))em"
    case .invalidLineSpacing(let value):
      "the line spacing \(TextFormat.string(value)) is not a finite number"
    case .invalidTightening(let value):
      "the most tracking may tighten, \(TextFormat.string(value))em, must be from 0 to "
        + "\(TextFormat.string(FitLadder.tighteningLimit))em"
    }
  }
}

/// What happens to text that does not fit its box even at the smallest size.
public enum Overflow: String, CaseIterable, Hashable, Sendable, Codable {
  /// Show the lines that fit and mark the rest as the line break mode says; `fits` is false.
  case truncate
  /// Refuse the text: a widget keeps its previous text and reports the refusal (the seed's
  /// behaviour). The layout of the refused text is still computed, truncated, for reporting.
  case reject
  /// Keep every line even though the text is taller than the box, as a scrolling text view does.
  case scroll
}

/// One laid-out line.
public struct TextLine: Hashable, Sendable {
  /// The text drawn on the line, including a truncation token if there is one.
  public var text: String
  /// The drawn width in points (trailing spaces excluded).
  public var width: Double
  /// The line box height in points.
  public var height: Double
  /// The distance from the top of the line box down to the baseline, in points: the ascent of
  /// the line's fonts plus half the leading (line gap and any extra from the line height
  /// multiple), the other half going below the descent.
  public var baseline: Double
  /// Whether the line was shortened and marked, or cut, because text did not fit.
  public var isTruncated: Bool
  /// What the line shows, in logical order: ranges of clusters of the text and of the
  /// truncation token.
  public var pieces: [LinePiece]

  /// Whether the line ends with a hyphen inserted where a word was broken (the last character
  /// of ``text``, not part of the source text).
  public var endsWithInsertedHyphen: Bool { pieces.last?.source == .hyphen }

  /// Creates a line.
  public init(
    text: String, width: Double, height: Double, baseline: Double = 0, isTruncated: Bool = false,
    pieces: [LinePiece] = []
  ) {
    self.text = text
    self.width = width
    self.height = height
    self.baseline = baseline
    self.isTruncated = isTruncated
    self.pieces = pieces
  }
}

/// A run of clusters a line shows, from the text or from the truncation token.
public struct LinePiece: Hashable, Sendable {
  /// Where the clusters come from.
  public enum Source: Hashable, Sendable {
    /// The text being laid out.
    case text
    /// The truncation token.
    case token
    /// The hyphen of a line broken inside a word, in the font of the text before it; its
    /// `clusters` is the one cluster of the text it follows.
    case hyphen
  }

  /// Where the clusters come from.
  public var source: Source
  /// The clusters, as indices into the source's ``ShapedText/clusters``.
  public var clusters: Range<Int>

  /// Creates a piece.
  public init(source: Source, clusters: Range<Int>) {
    self.source = source
    self.clusters = clusters
  }
}

/// Text laid out at one point size.
///
/// A fit makes its chosen layout's line spans at once but builds the ``TextLine`` values (the
/// strings each line shows) only when ``lines`` is first read, so a widget that is fitted
/// again before anything reads its lines (while a window is resized, say) never builds them.
/// (A truncated last line is built at layout time: its width decides the fit.) Until its lines
/// are read, a block keeps the shaped text it was laid out from.
public struct TextBlock: Hashable, Sendable {
  /// The point size used.
  public var pointSize: Double
  /// The lines, top to bottom.
  public var lines: [TextLine] {
    get { storedLines.lines }
    set { storedLines = LazyLines(newValue) }
  }
  /// The lines' texts, top to bottom (each line's ``TextLine/text``), read without building
  /// the lines when nothing has read them yet.
  package var lineTexts: [String] { storedLines.texts }
  /// How many lines there are, counted without building them.
  package var lineCount: Int { storedLines.count }
  /// Calls `body` with the lines' texts (``lineTexts``), top to bottom, as UTF-8 pieces
  /// valid during the call, read from the shaped text without making strings when nothing
  /// has built the lines yet: what a dump writes of them.
  ///
  /// A line read from the shaped text is one piece, or two when a hyphen ends it (its text,
  /// then the hyphen); a line already built, and a truncated last line, is its whole text.
  /// `body` is told whether the piece starts a line and whether it is known to be plain (each
  /// scalar a character a quoted string writes as it is, ``plainCharacterCount(_:)``: only
  /// the pieces of a plain shaped text are), and returns false to stop.
  package func forEachLineTextPiece(
    _ body: (_ utf8: UnsafeBufferPointer<UInt8>, _ startsLine: Bool, _ isPlain: Bool) -> Bool
  ) {
    storedLines.forEachTextPiece(body)
  }
  /// The extent of the lines: widest line by the sum of line heights.
  public var size: Size
  /// How many drawn grapheme clusters (not counting spaces and line breaks) of the source text
  /// are not shown; 0 when nothing is hidden.
  public var hiddenCharacterCount: Int
  /// Why the text does not fit the box, or nil when it fits.
  public var failure: FitFailure?
  /// Whether a line shown whole ends inside a word, because the word is wider than the line
  /// (a truncated last line does not count). (Next to the failure, whose last word it
  /// shares.)
  public var breaksWords: Bool
  /// The letter and word spacing the lines were laid out with, in ems: placing the glyphs
  /// adds it after every cluster but a line's last.
  public var spacing = TextSpacing.none
  /// The lines, or how to build them.
  private var storedLines: LazyLines

  /// Whether every character is shown within the box.
  public var fits: Bool { failure == nil }

  init(
    pointSize: Double, lines: LazyLines, size: Size, hiddenCharacterCount: Int,
    failure: FitFailure?, breaksWords: Bool
  ) {
    self.pointSize = pointSize
    storedLines = lines
    self.size = size
    self.hiddenCharacterCount = hiddenCharacterCount
    self.failure = failure
    self.breaksWords = breaksWords
  }

  /// Whether both have the same size, lines, hidden count and failure.
  public static func == (lhs: TextBlock, rhs: TextBlock) -> Bool {
    lhs.pointSize == rhs.pointSize && lhs.size == rhs.size
      && lhs.hiddenCharacterCount == rhs.hiddenCharacterCount && lhs.failure == rhs.failure
      && lhs.breaksWords == rhs.breaksWords && lhs.spacing == rhs.spacing
      && (lhs.storedLines === rhs.storedLines || lhs.lines == rhs.lines)
  }

  /// Hashes what ``==(_:_:)`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(pointSize)
    hasher.combine(size)
    hasher.combine(hiddenCharacterCount)
    hasher.combine(failure)
    hasher.combine(breaksWords)
    hasher.combine(lines)
  }
}

/// The lines of a ``TextBlock``, built from its spans on first read; thread-safe.
///
/// It holds the layouter (and so the shaped text) and the spans for good, and the lines once
/// built. Building is set once without a lock (an atomic reference): a fit makes one of these
/// for every layout it keeps, most are never read, and a lock would cost an allocation and a
/// mutex each. Two threads reading at once may both build the lines; the first stored is
/// kept, and both built the same.
final class LazyLines: Sendable {
  /// Built lines, boxed for the atomic reference.
  private final class Built: Sendable {
    let lines: [TextLine]

    init(_ lines: [TextLine]) {
      self.lines = lines
    }
  }

  /// Lines given whole, with nothing to build.
  private let given: [TextLine]?
  /// The layouter, the spans of the lines shown whole, and the last line when it was
  /// truncated (built at layout time, as its width decides the fit).
  /// (The truncated last line is boxed: inline, it would make every block's lines as large
  /// as a line, and most blocks have none.)
  private let pending: (layouter: TextLayouter, spans: [LineSpan], last: OutOfLine<TextLine>?)?
  private let built = OnceReference<Built>()

  /// Lines already built.
  init(_ lines: [TextLine]) {
    given = lines
    pending = nil
  }

  /// Lines to build from `spans` of `layouter`'s text, then `last`.
  init(layouter: TextLayouter, spans: [LineSpan], last: TextLine?) {
    given = nil
    pending = (layouter, spans, last.map(OutOfLine.init))
  }

  var lines: [TextLine] {
    if let given { return given }
    if let built = built.load() { return built.lines }
    guard let (layouter, spans, last) = pending else { return [] }
    var lines: [TextLine] = []
    lines.reserveCapacity(spans.count + 1)
    for span in spans { lines.append(layouter.line(span)) }
    if let last { lines.append(last.value) }
    return built.storeIfNil(Built(lines)).lines
  }

  /// How many lines there are, counted without building them.
  var count: Int {
    // Read in place: taking the pending tuple apart would copy (retain and release) each of
    // its references.
    guard given == nil, built.load() == nil, let spanCount = pending?.spans.count else {
      return lines.count
    }
    return spanCount + (pending?.last == nil ? 0 : 1)
  }

  /// Calls `body` with the lines' texts as UTF-8 pieces, top to bottom (see
  /// ``TextBlock/forEachLineTextPiece(_:)``).
  func forEachTextPiece(
    _ body: (UnsafeBufferPointer<UInt8>, _ startsLine: Bool, _ isPlain: Bool) -> Bool
  ) {
    guard given == nil, built.load() == nil, pending != nil else {
      for line in lines {
        var text = line.text
        guard text.withUTF8({ body($0, true, false) }) else { return }
      }
      return
    }
    // The pending lines are read in place, unwrapped where they are (known not to be nil
    // above): binding them, or mapping the optional, copies each of their six references.
    // swift-format-ignore: NeverForceUnwrap
    let wroteAll = pending!.layouter.forEachLineTextPiece(of: pending!.spans, body)
    guard wroteAll, var text = pending?.last?.value.text else { return }
    _ = text.withUTF8 { body($0, true, false) }
  }

  /// The lines' texts (``TextLine/text``), read without building the lines when they are
  /// not built yet: what a snapshot keeps of them (a dump reads ``forEachTextPiece(_:)``).
  var texts: [String] {
    guard given == nil, built.load() == nil, let (layouter, spans, last) = pending else {
      return lines.map(\.text)
    }
    var texts: [String] = []
    texts.reserveCapacity(spans.count + 1)
    for span in spans { texts.append(layouter.lineText(span)) }
    if let last { texts.append(last.value.text) }
    return texts
  }
}

/// Why text does not fit its box; the numbers say by how much.
public enum FitFailure: Hashable, Sendable {
  /// The wrapped text needs more lines than the line limit allows.
  case tooManyLines(needed: Int, allowed: Int)
  /// The wrapped text is taller than the box, in points.
  case tooTall(needed: Double, available: Double)
  /// A single grapheme cluster is wider than the box, so no wrapping can help, in points.
  case tooWide(needed: Double, available: Double)
  /// The text's hard line breaks alone make more lines than the line limit allows, so no
  /// size can help; a fit reports it at once, at the largest size, instead of shrinking.
  case tooManyLineBreaks(lines: Int, allowed: Int)
}

/// Lays out shaped text at one point size: wrapping, then truncation of what does not fit.
package struct TextLayouter: Sendable {
  /// The text to lay out.
  package let shaped: ShapedText
  /// The truncation token ("…"), shaped in the same font, or nil for none.
  package let truncationToken: ShapedText?
  /// What wrapping reads of each cluster, made once for every size tried.
  let columns: ClusterColumns
  /// For each cluster, whether dictionary hyphenation allows a break before it; nil when
  /// the layout does not hyphenate.
  package var hyphenBefore: [Bool]?

  /// Creates a layouter.
  ///
  /// - Parameters:
  ///   - shaped: The text.
  ///   - truncationToken: The token that marks truncated text, shaped in the same font.
  package init(shaped: ShapedText, truncationToken: ShapedText?) {
    columns = shaped.columns
    self.shaped = shaped
    self.truncationToken = truncationToken
  }

  /// Whether the text fits the box at `pointSize` without truncation; cheaper than
  /// ``layout(pointSize:options:)`` because it keeps only totals, no line spans, and stops
  /// early.
  ///
  /// - Parameters:
  ///   - pointSize: The size to try.
  ///   - options: The box and layout rules.
  ///   - keepingWordsWhole: Whether a layout that breaks a word inside (because it is wider
  ///     than the line) counts as not fitting.
  /// - Returns: Whether every character is shown within the box.
  package func fits(pointSize: Double, options: LayoutOptions, keepingWordsWhole: Bool = false)
    -> Bool
  {
    fits(
      pointSize: pointSize, options: options, uniformMetrics: nil,
      keepingWordsWhole: keepingWordsWhole)
  }

  /// Whether the text fits when every line has `uniformMetrics` (nil: each line its own).
  func fits(
    pointSize: Double, options: LayoutOptions, uniformMetrics: LineMetrics?,
    keepingWordsWhole: Bool = false
  ) -> Bool {
    let lineLimit = Self.trialLineLimit(options)
    let measure: (count: Int, height: Double, width: Double, breaksWords: Bool)
    var widest = 0.0
    if let (count, height) = wordLines(
      pointSize: pointSize, options: options, uniformMetrics: uniformMetrics,
      lineLimit: lineLimit, heightLimit: options.box.height, { widest = max(widest, $0.width) })
    {
      measure = (count, height, widest, false)
    } else {
      // A constant: calling a method on a variable struct copies it, retaining every
      // reference it holds.
      let wrapper = wrapper(
        pointSize: pointSize, options: options, uniformMetrics: uniformMetrics)
      measure = wrapper.measure(
        width: options.box.width, lineLimit: lineLimit, heightLimit: options.box.height)
    }
    if keepingWordsWhole, measure.breaksWords { return false }
    return failure(
      lineCount: measure.count, height: measure.height, width: measure.width,
      options: options) == nil
  }

  /// The largest index of `sizes` at which the text can fit, as its words' widths tell
  /// without laying it out: -1 when it can fit at none, nil when they tell nothing.
  ///
  /// At a size at which no word is broken inside, every line that fits is at most the box's
  /// width, and breaking a run of words (between hard line breaks) into `n` lines takes at
  /// most `n - 1` runs of trailing spaces out of its one-line width: so it needs at least
  /// `n ≥ (width + spaces) / (box + spaces)` lines, for the widest trailing spaces, and the
  /// text at least the sum of those lines of the uniform line height. A size at which those
  /// lines are more than the line limit or taller than the box cannot fit. The same holds at
  /// every size when breaking a word inside never makes its pieces narrower (it adds a hyphen
  /// or nothing, as in text HarfBuzz flagged no break of) and no word has spaces inside it,
  /// which a break forced after them would drop, unless words are kept whole. Keeping words
  /// whole, no size at which a word is wider than the line fits either.
  ///
  /// Every size ruled out is shown not to fit on its own (the fewest lines a size needs grow
  /// with it, so one binary search finds the last size that may fit): the bound takes nothing
  /// from monotone fitting, and a size above those the widths can judge is never ruled out.
  /// The bounds are tested with a margin for rounding, so a size is ruled out only when it
  /// surely fails.
  ///
  /// - Parameters:
  ///   - sizes: The candidate sizes, ascending.
  ///   - options: The box and layout rules.
  ///   - uniformMetrics: The metrics of every line, or nil for the text's own when all its
  ///     fonts share them.
  ///   - keepingWordsWhole: Whether a size at which a word is broken inside fails.
  /// - Returns: The index above which no size fits, -1 when none does, or nil.
  func largestPossibleIndex(
    _ sizes: FontSizeRange, options: LayoutOptions, uniformMetrics: LineMetrics?,
    keepingWordsWhole: Bool
  ) -> Int? {
    guard let words = wordTable(options),
      let metrics = uniformMetrics ?? (columns.hasUniformMetrics ? shaped.fonts[0].metrics : nil),
      metrics.height * options.lineHeightMultiple > 0, sizes.count > 0
    else { return nil }
    let limit = options.box.width + LineWrapper.tolerance
    guard limit > 0, limit.isFinite else { return nil }
    let contents = words.hardLineContents
    let spaces = words.widestTrailingSpace
    let widest = words.widestBreakableWord
    let heightLimit = (options.box.height + LineWrapper.tolerance) * (1 + 1e-9) + 1e-9
    let lineLimit = options.maximumLines > 0 ? Double(options.maximumLines) : .infinity
    /// Whether no word is broken inside at `size`, with room to spare for rounding.
    func surelyWhole(_ size: Double) -> Bool { widest * size <= limit * (1 - 1e-9) }
    /// Whether some word is broken inside at `size`, with room to spare for rounding.
    func surelyBroken(_ size: Double) -> Bool { widest * size > limit * (1 + 1e-9) }
    /// Whether the fewest lines the words need at `size` fit the line limit and the height.
    func possible(_ size: Double) -> Bool {
      var lines = 0.0
      let space = spaces * size
      for content in contents {
        lines += max(1, ((content * size + space) / (limit + space) - 1e-9).rounded(.up))
      }
      if lines > lineLimit { return false }
      let box = LineWrapper.lineBox(
        metrics, pointSize: size, multiple: options.lineHeightMultiple,
        extra: options.lineSpacing)
      return !(lines * box.height > heightLimit)
    }
    /// The last index in `0..<end` at which `holds` (true up to some index, then false).
    func last(before end: Int, where holds: (Double) -> Bool) -> Int {
      var low = -1
      var high = end - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if holds(sizes[middle]) { low = middle } else { high = middle - 1 }
      }
      return low
    }
    var bound: Int?
    if keepingWordsWhole {
      // Sizes from the first at which a word surely breaks cannot fit.
      let unbroken = last(before: sizes.count) { !surelyBroken($0) }
      if unbroken < sizes.count - 1 { bound = unbroken }
    }
    // The lines' count judges every size up to `top` when none of them breaks a word (the
    // widest breaks last), or when a broken word's pieces are never narrower than inside it
    // and no break can drop spaces inside a word. Only sizes each shown not to fit are ruled
    // out: when a size the count cannot judge remains, nothing is.
    let top = bound ?? sizes.count - 1
    guard top >= 0,
      surelyWhole(sizes[top])
        || (!keepingWordsWhole && columns.breaksNeverNarrow && !words.hasInnerSpaces),
      !possible(sizes[top])
    else { return bound }
    return last(before: top, where: possible)
  }

  /// The word table, when layouts under `options` may move a word at a time.
  private func wordTable(_ options: LayoutOptions) -> WordColumns? {
    columns.words(
      wrapsAnywhere: options.wrapping == .anywhere, spacing: options.spacing,
      hyphenates: hyphenBefore != nil, letterSpaced: shaped.letterSpacings != nil)
  }

  /// The lines of the text at `pointSize`, made a word at a time straight from the word
  /// table, without a ``LineWrapper``: nil when the text does not wrap a word at a time (see
  /// ``LineWrapper``'s conditions), a word must be broken inside, or the text ends with a line
  /// separator (whose empty last line the wrapper adds).
  ///
  /// The lines are the wrapper's, line for line: the same loop on the same words, which the
  /// wrapper's own word path runs too. A fit's trials and most final layouts take this path,
  /// and skip making a wrapper (a struct of references, retained and released each time).
  ///
  /// - Returns: How many lines were passed to `visit`, and their height.
  private func wordLines(
    pointSize: Double, options: LayoutOptions, uniformMetrics: LineMetrics?, lineLimit: Int,
    heightLimit: Double, _ visit: (LineSpan) -> Void
  ) -> (count: Int, height: Double)? {
    guard let words = wordTable(options) else { return nil }
    let clusterCount = columns.count
    let limit = options.box.width + LineWrapper.tolerance
    // A word wider than the line is broken inside wherever it falls: the same product the
    // loop below compares, so past this check the loop never stops for one.
    if words.widestBreakableWord * pointSize > limit { return nil }
    if clusterCount > 0, columns.flags[clusterCount - 1] & ClusterColumns.lineSeparator != 0 {
      return nil
    }
    var count = 0
    var height = 0.0
    let stop = words.lines(
      from: 0, pointSize: pointSize, limit: limit, lineLimit: lineLimit, heightLimit: heightLimit,
      box: WordLineBox(
        multiple: options.lineHeightMultiple, extra: options.lineSpacing,
        uniform: uniformMetrics, first: shaped.fonts[0].metrics),
      count: &count, height: &height, visit)
    // Stopped short of the end with room for more lines: a word must be broken inside.
    if stop < clusterCount, count < lineLimit, !(height > heightLimit + LineWrapper.tolerance) {
      return nil
    }
    return (count, height)
  }

  /// The text laid out at `pointSize`, truncated as `options` say when it does not fit.
  package func layout(pointSize: Double, options: LayoutOptions) -> TextBlock {
    let spans = spans(
      pointSize: pointSize, options: options, lineLimit: .max, heightLimit: .infinity)
    let failure = failure(of: spans, options: options)
    var laidOut = block(spans[...], last: nil, pointSize: pointSize, hidden: 0, failure: failure)
    laidOut.spacing = options.spacing
    // Every line is shown when the text fits or scrolls, or when only a grapheme wider than
    // the box is at fault.
    guard failure != nil, options.overflow != .scroll else { return laidOut }
    let allowed = allowedLineCount(spans, options: options)
    guard allowed < spans.count else { return laidOut }
    let last = spans[allowed - 1]
    let truncated = truncatedLine(
      from: last.start, wrapper: wrapper(pointSize: pointSize, options: options),
      options: options, wrappedEnd: last.contentEnd)
    laidOut = block(
      spans[..<(allowed - 1)], last: truncated.line, pointSize: pointSize,
      hidden: truncated.hidden, failure: failure)
    laidOut.spacing = options.spacing
    return laidOut
  }

  /// About how many lines a layout at `pointSize` makes, so that its lines are stored in one
  /// allocation rather than grown into (and a fit keeps no room for lines it did not make):
  /// one for each run between hard breaks that fits on a line, and for each that wraps the
  /// fewest lines it needs (its one-line width over the box's) plus one, as greedy wrapping
  /// may need more; four when the text has no word table.
  private func expectedLineCount(pointSize: Double, options: LayoutOptions) -> Int {
    guard let words = wordTable(options) else { return 4 }
    let width = options.box.width
    // A text that ends with a line separator ends with an empty line of no run.
    var lines = words.endsWithLineSeparator ? 1.0 : 0
    guard width > 0, width.isFinite else { return words.hardLineContents.count + Int(lines) }
    for content in words.hardLineContents {
      let extent = content * pointSize
      lines += extent <= width ? 1 : (extent / width).rounded(.up) + 1
    }
    // A limit for the reservation alone (and a NaN's answer): a pathological box wraps into
    // more lines, grown into.
    return lines < 256 ? Int(lines) : 256
  }

  /// The text laid out at `pointSize`, as ``layout(pointSize:options:)`` lays it out, when it
  /// fits there (with every word whole, when `keepingWordsWhole` is set); nil when it does
  /// not, found as cheaply as ``fits(pointSize:options:keepingWordsWhole:)`` finds it.
  ///
  /// A fit's first trial, at the largest size its words allow, is its answer whenever the
  /// text fits there: laying it out then saves laying it out again.
  func layoutIfFits(pointSize: Double, options: LayoutOptions, keepingWordsWhole: Bool)
    -> TextBlock?
  {
    // The lines stop as a trial's do, once there are more than the limit allows or they are
    // taller than the box: the text does not fit then, and when it does fit they never stop.
    let spans = spans(
      pointSize: pointSize, options: options, lineLimit: Self.trialLineLimit(options),
      heightLimit: options.box.height)
    guard failure(of: spans, options: options) == nil,
      !(keepingWordsWhole && spans.contains(where: \.isForcedBreak))
    else { return nil }
    var laidOut = block(spans[...], last: nil, pointSize: pointSize, hidden: 0, failure: nil)
    laidOut.spacing = options.spacing
    return laidOut
  }

  /// The lines at `pointSize`, a word at a time where the text allows it, else from the
  /// cluster loop, stopping once `lineLimit` lines are made or they are taller than
  /// `heightLimit`.
  private func spans(
    pointSize: Double, options: LayoutOptions, lineLimit: Int, heightLimit: Double
  ) -> [LineSpan] {
    var spans: [LineSpan] = []
    spans.reserveCapacity(expectedLineCount(pointSize: pointSize, options: options))
    if wordLines(
      pointSize: pointSize, options: options, uniformMetrics: nil, lineLimit: lineLimit,
      heightLimit: heightLimit, { spans.append($0) }) == nil
    {
      // The word path may have made some lines before it met a word to break inside.
      spans.removeAll(keepingCapacity: true)
      wrapper(pointSize: pointSize, options: options).forEachLine(
        width: options.box.width, lineLimit: lineLimit, heightLimit: heightLimit
      ) { spans.append($0) }
    }
    return spans
  }

  /// How many lines a trial makes before it stops: one past the line limit, which is enough
  /// to know the text does not fit.
  private static func trialLineLimit(_ options: LayoutOptions) -> Int {
    options.maximumLines > 0 && options.maximumLines < Int.max
      ? options.maximumLines + 1 : Int.max
  }

  func wrapper(
    pointSize: Double, options: LayoutOptions, uniformMetrics: LineMetrics? = nil
  ) -> LineWrapper {
    var wrapper = LineWrapper(
      shaped: shaped, pointSize: pointSize, lineHeightMultiple: options.lineHeightMultiple,
      wrapsAnywhere: options.wrapping == .anywhere, columns: columns)
    wrapper.uniformMetrics = uniformMetrics
    wrapper.spacing = options.spacing
    wrapper.lineSpacing = options.lineSpacing
    wrapper.hyphenBefore = hyphenBefore
    return wrapper
  }

  /// Why the wrapped lines do not fit, or nil.
  ///
  /// The lines may stop early at the first line past
  /// the limits; the reported needs are then lower bounds.
  private func failure(of lines: [LineSpan], options: LayoutOptions) -> FitFailure? {
    failure(
      lineCount: lines.count, height: lines.reduce(0) { $0 + $1.height },
      width: lines.reduce(0) { max($0, $1.width) }, options: options)
  }

  /// Why lines with these totals do not fit, or nil.
  private func failure(lineCount: Int, height: Double, width: Double, options: LayoutOptions)
    -> FitFailure?
  {
    if options.maximumLines > 0, lineCount > options.maximumLines {
      return .tooManyLines(needed: lineCount, allowed: options.maximumLines)
    }
    // Negated comparisons, so that a NaN measurement counts as not fitting.
    if !(height <= options.box.height + LineWrapper.tolerance) {
      return .tooTall(needed: height, available: options.box.height)
    }
    if !(width <= options.box.width + LineWrapper.tolerance) {
      return .tooWide(needed: width, available: options.box.width)
    }
    return nil
  }

  /// How many lines a truncated layout shows: within the line limit and the box height, and
  /// at least one, so some text is always visible.
  private func allowedLineCount(_ lines: [LineSpan], options: LayoutOptions) -> Int {
    var allowed = 0
    var height = 0.0
    for line in lines {
      if options.maximumLines > 0, allowed == options.maximumLines { break }
      if allowed > 0, height + line.height > options.box.height + LineWrapper.tolerance { break }
      height += line.height
      allowed += 1
    }
    return max(allowed, 1)
  }

  /// The line `span` describes.
  func line(_ span: LineSpan) -> TextLine {
    var pieces = [LinePiece(source: .text, clusters: span.start..<span.contentEnd)]
    if hyphen(ending: span) != nil {
      pieces.append(LinePiece(source: .hyphen, clusters: span.contentEnd - 1..<span.contentEnd))
    }
    return TextLine(
      text: lineText(span), width: span.width, height: span.height, baseline: span.baseline,
      pieces: pieces)
  }

  /// Calls `body` with the texts the lines of `spans` show (``lineText(_:)``'s), as UTF-8
  /// pieces read from the shaped text.
  ///
  /// Each line is its clusters (said to be plain when the text is,
  /// ``ShapedText/isPlainText``), then the hyphen that ends it, if any. Stops, returning
  /// false, when `body` does.
  func forEachLineTextPiece(
    of spans: [LineSpan],
    _ body: (UnsafeBufferPointer<UInt8>, _ startsLine: Bool, _ isPlain: Bool) -> Bool
  ) -> Bool {
    let plain = shaped.isPlainText
    let clusters = shaped.packedClusters
    var text = shaped.text
    return text.withUTF8 { utf8 in
      for span in spans {
        var piece = UnsafeBufferPointer(rebasing: utf8[0..<0])
        if span.contentEnd > span.start {
          let start = Int(clusters[span.start].start)
          piece = UnsafeBufferPointer(
            rebasing: utf8[start..<shaped.utf8End(ofCluster: span.contentEnd - 1)])
        }
        guard body(piece, true, plain) else { return false }
        if var hyphen = hyphen(ending: span)?.text {
          guard hyphen.withUTF8({ body($0, false, false) }) else { return false }
        }
      }
      return true
    }
  }

  /// The text the line of `span` shows: ``line(_:)``'s, without the rest of the line.
  func lineText(_ span: LineSpan) -> String {
    let text = String(shaped[clusters: span.start..<span.contentEnd])
    guard let hyphen = hyphen(ending: span) else { return text }
    return text + hyphen.text
  }

  /// The hyphen the line of `span` ends with, inserted where a word was broken; nil when it
  /// ends with none.
  private func hyphen(ending span: LineSpan) -> ShapedHyphen? {
    guard let font = span.hyphenFont, span.contentEnd > span.start else { return nil }
    return shaped.fonts[font].hyphen
  }

  /// A block of the lines `spans` describe, then `last`; the lines are built when first read.
  func block(
    _ spans: ArraySlice<LineSpan>, last: TextLine?, pointSize: Double, hidden: Int,
    failure: FitFailure?
  ) -> TextBlock {
    var width = spans.reduce(0) { max($0, $1.width) }
    var height = spans.reduce(0) { $0 + $1.height }
    if let last {
      width = max(width, last.width)
      height += last.height
    }
    return TextBlock(
      pointSize: pointSize, lines: LazyLines(layouter: self, spans: Array(spans), last: last),
      size: Size(width: width, height: height), hiddenCharacterCount: hidden, failure: failure,
      breaksWords: spans.contains(where: \.isForcedBreak))
  }
}
