// Truncation: the last visible line of a text that does not fit, cut or marked as the line
// break mode says (clip, head, middle, tail), always in whole grapheme clusters.

extension TextLayouter {
  /// The last visible line, starting at cluster `start`, with the rest of the text truncated.
  func truncatedLine(
    from start: Int, wrapper: LineWrapper, options: LayoutOptions, wrappedEnd: Int
  ) -> (line: TextLine, hidden: Int) {
    let clusters = shaped.packedClusters
    let paragraphEnd = clusters[start...].firstIndex { $0.kind == .lineSeparator } ?? clusters.count
    let width = options.box.width + LineWrapper.tolerance
    // A line is as tall as the fonts of what it shows; an empty one as its first cluster's font.
    func box(_ shown: Range<Int>...) -> (height: Double, baseline: Double) {
      let metrics = shown.filter { !$0.isEmpty }.map(wrapper.lineMetrics)
        .reduce(wrapper.lineMetrics(start..<min(start + 1, clusters.count))) { $0.union($1) }
      return LineWrapper.lineBox(
        metrics, pointSize: wrapper.pointSize, multiple: wrapper.lineHeightMultiple,
        extra: wrapper.lineSpacing)
    }
    let visibleTotal = visibleCount(start..<clusters.count)
    guard options.truncation.usesToken, let token = truncationToken else {
      // wordWrap, charWrap and clip cut the text: the wrapped line, or for clip the line cut
      // at the box edge.
      let end =
        options.truncation == .clip
        ? prefixEnd(from: start, to: paragraphEnd, width: width, wrapper: wrapper) : wrappedEnd
      let shown = visibleCount(start..<end)
      let text = String(shaped[clusters: start..<end])
      let lineBox = box(start..<end)
      let line = TextLine(
        text: text, width: wrapper.width(of: start..<end), height: lineBox.height,
        baseline: lineBox.baseline, isTruncated: true,
        pieces: [LinePiece(source: .text, clusters: start..<end)])
      return (line, visibleTotal - shown)
    }
    var tokenWrapper = LineWrapper(
      shaped: token, pointSize: wrapper.pointSize, lineHeightMultiple: 1, wrapsAnywhere: true)
    tokenWrapper.spacing = wrapper.spacing
    // With letter spacing, the prefix and suffix are measured with the spacing that separates
    // them from the token.
    let tokenWidth = tokenWrapper.width(of: 0..<token.count)
    guard tokenWidth <= width else {
      // Not even the token fits: show nothing rather than overflow the box.
      let lineBox = box()
      let line = TextLine(
        text: "", width: 0, height: lineBox.height, baseline: lineBox.baseline, isTruncated: true)
      return (line, visibleTotal)
    }
    let room = width - tokenWidth
    var prefix = start..<start
    var suffix = clusters.count..<clusters.count
    switch options.truncation {
    case .head:
      suffix = suffixRange(to: clusters.count, notBefore: start, width: room, wrapper: wrapper)
    case .middle:
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
    let shownPrefix = shaped.trimmed(prefix, leading: false, trailing: true)
    let shownSuffix = shaped.trimmed(suffix, leading: true, trailing: false)
    let text =
      String(shaped[clusters: shownPrefix]) + token.text + String(shaped[clusters: shownSuffix])
    let pieces = [
      LinePiece(source: .text, clusters: shownPrefix),
      LinePiece(source: .token, clusters: 0..<token.count),
      LinePiece(source: .text, clusters: shownSuffix),
    ].filter { !$0.clusters.isEmpty }
    let gaps = Double(pieces.count - 1) * wrapper.spacing.letter * wrapper.pointSize
    let lineWidth =
      tokenWidth + wrapper.width(of: prefix) + wrapper.width(of: suffix) + gaps
    let shown = visibleCount(prefix) + visibleCount(suffix)
    // The suffix of head and middle truncation may come from later text in other fonts.
    let lineBox = box(prefix, suffix)
    let line = TextLine(
      text: text, width: lineWidth, height: lineBox.height, baseline: lineBox.baseline,
      isTruncated: true, pieces: pieces)
    return (line, visibleTotal - shown)
  }

  /// The number of drawn clusters (not spaces or line separators) in `range`.
  private func visibleCount(_ range: Range<Int>) -> Int {
    shaped.packedClusters[range].reduce(0) { $0 + ($1.kind == .visible ? 1 : 0) }
  }

  /// The end of the longest run of clusters from `start` (before `limit`) no wider than `width`.
  private func prefixEnd(from start: Int, to limit: Int, width: Double, wrapper: LineWrapper)
    -> Int
  {
    let clusters = shaped.packedClusters
    var total = 0.0
    var end = start
    var index = start
    while index < limit {
      let cluster = clusters[index]
      total +=
        (cluster.advance + (index > start ? shaped.kerning(at: index) : 0)) * wrapper.pointSize
        + wrapper.spacing(after: index)
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
    let clusters = shaped.packedClusters
    var upper = end
    while upper > notBefore, clusters[upper - 1].kind != .visible { upper -= 1 }
    var total = 0.0
    var lower = upper
    var index = upper - 1
    while index >= notBefore, clusters[index].kind != .lineSeparator {
      let cluster = clusters[index]
      let kerning = index + 1 < upper ? shaped.kerning(at: index + 1) : 0
      total += (cluster.advance + kerning) * wrapper.pointSize + wrapper.spacing(after: index)
      if cluster.kind == .visible {
        if total > width { break }
        lower = index
      }
      index -= 1
    }
    return lower..<upper
  }

}
