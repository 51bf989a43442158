/// The box and rules one layout follows.
public struct LayoutOptions: Hashable, Sendable {
  /// The box the text must fit, in points; `.infinity` for no limit.
  public var box: Size
  /// The most lines to show; 0 means no limit other than the box height.
  public var maximumLines: Int
  /// How lines wrap and how text past the last line is marked.
  public var lineBreakMode: LineBreakMode
  /// A factor applied to every line height.
  public var lineHeightMultiple: Double
  /// What happens to text that does not fit.
  public var overflow: Overflow

  /// Creates layout options.
  ///
  /// - Parameters:
  ///   - box: The box in points.
  ///   - maximumLines: The most lines to show; 0 for no limit.
  ///   - lineBreakMode: How lines wrap and text past the last line is marked.
  ///   - lineHeightMultiple: A factor applied to every line height.
  ///   - overflow: What happens to text that does not fit.
  public init(
    box: Size, maximumLines: Int = 0, lineBreakMode: LineBreakMode = .truncateTail,
    lineHeightMultiple: Double = 1, overflow: Overflow = .truncate
  ) {
    // Out-of-range values would make every text "fit": NaN or negative boxes are empty, and a
    // line height multiple that is not a positive finite number is the natural height.
    self.box = Size(
      width: box.width >= 0 ? box.width : 0, height: box.height >= 0 ? box.height : 0)
    self.maximumLines = min(max(maximumLines, 0), Int.max - 1)
    self.lineBreakMode = lineBreakMode
    self.lineHeightMultiple =
      lineHeightMultiple.isFinite && lineHeightMultiple > 0 ? lineHeightMultiple : 1
    self.overflow = overflow
  }
}

/// What happens to text that does not fit its box even at the smallest size.
public enum Overflow: String, CaseIterable, Hashable, Sendable {
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
  /// Whether the line was shortened and marked, or cut, because text did not fit.
  public var isTruncated: Bool

  /// Creates a line.
  public init(text: String, width: Double, height: Double, isTruncated: Bool = false) {
    self.text = text
    self.width = width
    self.height = height
    self.isTruncated = isTruncated
  }
}

/// Text laid out at one point size.
public struct TextBlock: Hashable, Sendable {
  /// The point size used.
  public var pointSize: Double
  /// The lines, top to bottom.
  public var lines: [TextLine]
  /// The extent of the lines: widest line by the sum of line heights.
  public var size: Size
  /// How many drawn grapheme clusters (not counting spaces and line breaks) of the source text
  /// are not shown; 0 when nothing is hidden.
  public var hiddenCharacterCount: Int
  /// Why the text does not fit the box, or nil when it fits.
  public var failure: FitFailure?

  /// Whether every character is shown within the box.
  public var fits: Bool { failure == nil }
}

/// Why text does not fit its box.
public enum FitFailure: Hashable, Sendable, CustomStringConvertible {
  /// The wrapped text needs more lines than the line limit allows.
  case tooManyLines(needed: Int, allowed: Int)
  /// The wrapped text is taller than the box.
  case tooTall(needed: Double, available: Double)
  /// A single grapheme cluster is wider than the box, so no wrapping can help.
  case tooWide(needed: Double, available: Double)

  /// A sentence saying why.
  public var description: String {
    switch self {
    case .tooManyLines(let needed, let allowed):
      "needs \(needed) lines, \(allowed) allowed"
    case .tooTall(let needed, let available):
      "needs \(Self.points(needed)) of height, \(Self.points(available)) available"
    case .tooWide(let needed, let available):
      "a character needs \(Self.points(needed)) of width, \(Self.points(available)) available"
    }
  }

  private static func points(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    guard rounded.isFinite, abs(rounded) < 1e12, rounded == rounded.rounded() else {
      return "\(rounded)pt"
    }
    return "\(Int(rounded))pt"
  }
}

/// Lays out shaped text at one point size: wrapping, then truncation of what does not fit.
public struct TextLayouter: Sendable {
  /// The text to lay out.
  public let shaped: ShapedText
  /// The truncation token ("…"), shaped in the same font, or nil for none.
  public let truncationToken: ShapedText?

  /// Creates a layouter.
  ///
  /// - Parameters:
  ///   - shaped: The text.
  ///   - truncationToken: The token that marks truncated text, shaped in the same font.
  public init(shaped: ShapedText, truncationToken: ShapedText?) {
    self.shaped = shaped
    self.truncationToken = truncationToken
  }

  /// Whether the text fits the box at `pointSize` without truncation; cheaper than
  /// ``layout(pointSize:options:)`` because it builds no strings and stops early.
  public func fits(pointSize: Double, options: LayoutOptions) -> Bool {
    fits(pointSize: pointSize, options: options, uniformMetrics: nil)
  }

  /// Whether the text fits when every line has `uniformMetrics` (nil: each line its own).
  func fits(pointSize: Double, options: LayoutOptions, uniformMetrics: LineMetrics?) -> Bool {
    var wrapper = wrapper(pointSize: pointSize, options: options)
    wrapper.uniformMetrics = uniformMetrics
    let lineLimit =
      options.maximumLines > 0 && options.maximumLines < Int.max
      ? options.maximumLines + 1 : Int.max
    let lines = wrapper.lines(
      width: options.box.width, lineLimit: lineLimit, heightLimit: options.box.height)
    return failure(of: lines, options: options) == nil
  }

  /// The text laid out at `pointSize`, truncated as `options` say when it does not fit.
  public func layout(pointSize: Double, options: LayoutOptions) -> TextBlock {
    let wrapper = wrapper(pointSize: pointSize, options: options)
    let spans = wrapper.lines(width: options.box.width)
    let failure = failure(of: spans, options: options)
    guard failure != nil, options.overflow != .scroll else {
      return block(spans.map { line($0) }, pointSize: pointSize, hidden: 0, failure: failure)
    }
    let allowed = allowedLineCount(spans, options: options)
    guard allowed < spans.count else {
      // Every line is shown; only a grapheme wider than the box is at fault.
      return block(spans.map { line($0) }, pointSize: pointSize, hidden: 0, failure: failure)
    }
    var lines = spans[..<(allowed - 1)].map { line($0) }
    let last = spans[allowed - 1]
    let truncated = truncatedLine(
      from: last.start, wrapper: wrapper, options: options, wrappedEnd: last.contentEnd)
    lines.append(truncated.line)
    return block(lines, pointSize: pointSize, hidden: truncated.hidden, failure: failure)
  }

  private func wrapper(pointSize: Double, options: LayoutOptions) -> LineWrapper {
    LineWrapper(
      shaped: shaped, pointSize: pointSize, lineHeightMultiple: options.lineHeightMultiple,
      wrapsAnywhere: options.lineBreakMode.wrapsAnywhere)
  }

  /// Why the wrapped lines do not fit, or nil.
  ///
  /// The lines may stop early at the first line past
  /// the limits; the reported needs are then lower bounds.
  private func failure(of lines: [LineSpan], options: LayoutOptions) -> FitFailure? {
    if options.maximumLines > 0, lines.count > options.maximumLines {
      return .tooManyLines(needed: lines.count, allowed: options.maximumLines)
    }
    // Negated comparisons, so that a NaN measurement counts as not fitting.
    let height = lines.reduce(0) { $0 + $1.height }
    if !(height <= options.box.height + LineWrapper.tolerance) {
      return .tooTall(needed: height, available: options.box.height)
    }
    let width = lines.reduce(0) { max($0, $1.width) }
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

  private func line(_ span: LineSpan) -> TextLine {
    TextLine(
      text: String(shaped.string(span.start..<span.contentEnd)), width: span.width,
      height: span.height)
  }

  private func block(
    _ lines: [TextLine], pointSize: Double, hidden: Int, failure: FitFailure?
  ) -> TextBlock {
    let size = Size(
      width: lines.reduce(0) { max($0, $1.width) }, height: lines.reduce(0) { $0 + $1.height })
    return TextBlock(
      pointSize: pointSize, lines: lines, size: size, hiddenCharacterCount: hidden,
      failure: failure)
  }

  /// The last visible line, starting at cluster `start`, with the rest of the text truncated.
  private func truncatedLine(
    from start: Int, wrapper: LineWrapper, options: LayoutOptions, wrappedEnd: Int
  ) -> (line: TextLine, hidden: Int) {
    let clusters = shaped.clusters
    let paragraphEnd = clusters[start...].firstIndex { $0.kind == .lineSeparator } ?? clusters.count
    let width = options.box.width + LineWrapper.tolerance
    // A line is as tall as the fonts of what it shows; an empty one as its first cluster's font.
    func height(_ shown: Range<Int>...) -> Double {
      let metrics = shown.filter { !$0.isEmpty }.map(wrapper.lineMetrics)
        .reduce(wrapper.lineMetrics(start..<min(start + 1, clusters.count))) { $0.union($1) }
      return metrics.height * wrapper.pointSize * wrapper.lineHeightMultiple
    }
    let visibleTotal = visibleCount(start..<clusters.count)
    guard options.lineBreakMode.usesTruncationToken, let token = truncationToken else {
      // wordWrap, charWrap and clip cut the text: the wrapped line, or for clip the line cut
      // at the box edge.
      let end =
        options.lineBreakMode == .clip
        ? prefixEnd(from: start, to: paragraphEnd, width: width, wrapper: wrapper) : wrappedEnd
      let shown = visibleCount(start..<end)
      let text = String(shaped.string(start..<end))
      let line = TextLine(
        text: text, width: wrapper.width(of: start..<end), height: height(start..<end),
        isTruncated: true)
      return (line, visibleTotal - shown)
    }
    let tokenWidth = LineWrapper(
      shaped: token, pointSize: wrapper.pointSize, lineHeightMultiple: 1, wrapsAnywhere: true
    ).width(of: 0..<token.count)
    guard tokenWidth <= width else {
      // Not even the token fits: show nothing rather than overflow the box.
      let line = TextLine(text: "", width: 0, height: height(), isTruncated: true)
      return (line, visibleTotal)
    }
    let room = width - tokenWidth
    var prefix = start..<start
    var suffix = clusters.count..<clusters.count
    switch options.lineBreakMode {
    case .truncateHead:
      suffix = suffixRange(to: clusters.count, notBefore: start, width: room, wrapper: wrapper)
    case .truncateMiddle:
      let half = room / 2
      prefix = start..<prefixEnd(from: start, to: paragraphEnd, width: half, wrapper: wrapper)
      suffix = suffixRange(
        to: clusters.count, notBefore: prefix.upperBound,
        width: room - wrapper.width(of: prefix), wrapper: wrapper)
      // Give width the suffix left unused back to the prefix.
      prefix =
        start..<prefixEnd(
          from: start, to: min(paragraphEnd, suffix.lowerBound),
          width: room - wrapper.width(of: suffix), wrapper: wrapper)
    default:
      prefix = start..<prefixEnd(from: start, to: paragraphEnd, width: room, wrapper: wrapper)
    }
    let prefixText = shaped.string(trimmed(prefix, trailing: true))
    let suffixText = shaped.string(trimmed(suffix, trailing: false))
    let text = String(prefixText) + token.text + String(suffixText)
    let lineWidth =
      tokenWidth + wrapper.width(of: prefix) + wrapper.width(of: suffix)
    let shown = visibleCount(prefix) + visibleCount(suffix)
    // The suffix of head and middle truncation may come from later text in other fonts.
    let line = TextLine(
      text: text, width: lineWidth, height: height(prefix, suffix), isTruncated: true)
    return (line, visibleTotal - shown)
  }

  /// The number of drawn clusters (not spaces or line separators) in `range`.
  private func visibleCount(_ range: Range<Int>) -> Int {
    shaped.clusters[range].reduce(0) { $0 + ($1.kind == .visible ? 1 : 0) }
  }

  /// The end of the longest run of clusters from `start` (before `limit`) no wider than `width`.
  private func prefixEnd(from start: Int, to limit: Int, width: Double, wrapper: LineWrapper)
    -> Int
  {
    let clusters = shaped.clusters
    var total = 0.0
    var end = start
    var index = start
    while index < limit {
      let cluster = clusters[index]
      total += (cluster.advance + (index > start ? cluster.kerning : 0)) * wrapper.pointSize
      if cluster.kind == .visible {
        if total > width { break }
        end = index + 1
      }
      index += 1
    }
    return end
  }

  /// The longest run of clusters ending at `end`, starting no earlier than `notBefore` and after
  /// the last line separator, that is no wider than `width`.
  private func suffixRange(to end: Int, notBefore: Int, width: Double, wrapper: LineWrapper)
    -> Range<Int>
  {
    let clusters = shaped.clusters
    var upper = end
    while upper > notBefore, clusters[upper - 1].kind != .visible { upper -= 1 }
    var total = 0.0
    var lower = upper
    var index = upper - 1
    while index >= notBefore, clusters[index].kind != .lineSeparator {
      let cluster = clusters[index]
      let kerning = index + 1 < upper ? clusters[index + 1].kerning : 0
      total += (cluster.advance + kerning) * wrapper.pointSize
      if cluster.kind == .visible {
        if total > width { break }
        lower = index
      }
      index -= 1
    }
    return lower..<upper
  }

  private func trimmed(_ range: Range<Int>, trailing: Bool) -> Range<Int> {
    var lower = range.lowerBound
    var upper = range.upperBound
    if trailing {
      while upper > lower, shaped.clusters[upper - 1].kind != .visible { upper -= 1 }
    } else {
      while lower < upper, shaped.clusters[lower].kind != .visible { lower += 1 }
    }
    return lower..<upper
  }
}
