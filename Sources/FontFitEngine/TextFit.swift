import FontFitFontModel
@_spi(Engine) import FontFitText

/// A text laid out in its box: the face its font resolved to, the fit, and the placed lines.
///
/// What ``TextEngine/fit(_:)`` returns, and what a widget's layout holds.
///
/// The glyph positions are worked out when ``lines`` is first read and then kept: a widget
/// that is fitted again before it is drawn (while a window is resized, say) pays only for the
/// fit.
public struct TextFit: Hashable, Sendable {
  /// The face chosen for the adapted font.
  public var resolvedFont: ResolvedFont
  /// The fit in detail: the chosen size, the unplaced lines, whether they fit and why not,
  /// how many sizes were tried.
  public var result: FitResult
  /// The shaped texts the lines are placed from.
  private let positioner: TextPositioner
  /// The layout as the fit made it, placed from (``result`` may be changed since); it keeps
  /// the placed lines once they are read, so a fit allocates nothing of its own for them.
  private let block: TextBlock
  /// The box, and where the lines sit in it.
  private let box: Size
  private let alignment: TextAlignment
  private let vertical: VerticalPlacement
  /// The rich text's styled runs (UTF-8 offsets of the text laid out), as the request gave
  /// them.
  ///
  /// They say what to paint each glyph in (``PositionedGlyph/cluster`` is its offset) and
  /// where to draw backgrounds and decorations. Empty for plain text.
  public let styles: [StyleRun]

  init(
    resolvedFont: ResolvedFont, result: FitResult, positioner: TextPositioner, box: Size,
    alignment: TextAlignment, vertical: VerticalPlacement, styles: [StyleRun] = []
  ) {
    self.resolvedFont = resolvedFont
    self.result = result
    self.styles = styles
    self.positioner = positioner
    block = result.block
    self.box = box
    self.alignment = alignment
    self.vertical = vertical
  }

  /// The chosen size, in the request's units.
  public var pointSize: Double { result.pointSize }
  /// Whether the text fits its box at the chosen size.
  public var fits: Bool { result.fits }
  /// Why the text does not fit, or nil when it does.
  public var failure: FitFailure? { result.failure }
  /// The size of the block of lines.
  public var size: Size { result.textSize }

  /// The lines placed in the box (coordinates relative to its top left corner), aligned,
  /// reordered for display, with their glyph runs.
  public var lines: [PositionedLine] { placed(includingGlyphs: true) }

  /// The same lines without their glyph runs (each line's `runs` is empty): where each line
  /// sits, for a caller that draws no glyphs, at a fraction of the cost.
  public var lineBoxes: [PositionedLine] { placed(includingGlyphs: false) }

  /// The lines placed in the box, placed on first read and then kept with the block; two
  /// threads reading at once may both place them, and the first kept wins.
  private func placed(includingGlyphs: Bool) -> [PositionedLine] {
    block.placed(
      by: positioner, in: box, alignment: alignment, vertical: vertical,
      includingGlyphs: includingGlyphs)
  }

  /// The parts of the text that line `index` shows, as UTF-8 ranges of the text laid out, in
  /// logical order: one range, or two around a truncation token cut into the middle; none
  /// for a line that shows only a token, or an index that is not a line's.
  public func textRanges(ofLine index: Int) -> [Range<Int>] {
    let lines = result.lines
    guard lines.indices.contains(index) else { return [] }
    return textRanges(of: lines[index].pieces)
  }

  /// The UTF-8 ranges of the text that `pieces` show.
  private func textRanges(of pieces: [LinePiece]) -> [Range<Int>] {
    let shaped = positioner.shaped
    let text = shaped.text
    let clusters = shaped.clusters
    var ranges: [Range<Int>] = []
    for piece in pieces where piece.source == .text && !piece.clusters.isEmpty {
      guard piece.clusters.upperBound <= clusters.count else { continue }
      let start = text.utf8.distance(
        from: text.startIndex, to: clusters[piece.clusters.lowerBound].range.lowerBound)
      let end = text.utf8.distance(
        from: text.startIndex, to: clusters[piece.clusters.upperBound - 1].range.upperBound)
      if let last = ranges.last, last.upperBound == start {
        ranges[ranges.count - 1] = last.lowerBound..<end
      } else {
        ranges.append(start..<end)
      }
    }
    return ranges
  }

  /// The text laid out, which ``styles``, ``textRanges(ofLine:)`` and glyphs' clusters index
  /// (a widget's displayed text: a single-line widget's with line separators as spaces).
  public var laidOutText: String { positioner.shaped.text }

  /// The styled pieces of line `index`: ``textRanges(ofLine:)`` cut at the style runs, each
  /// with its style (the base style where no run is).
  public func styledPieces(ofLine index: Int) -> [StyleRun] {
    textRanges(ofLine: index).flatMap { StyledText.pieces(of: $0, in: styles) }
  }

  /// Whether both have the same face, fit and placed lines.
  public static func == (lhs: TextFit, rhs: TextFit) -> Bool {
    lhs.resolvedFont == rhs.resolvedFont && lhs.result == rhs.result && lhs.styles == rhs.styles
      && lhs.lines == rhs.lines
  }

  /// Hashes the face and the fit (the lines follow from them).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(resolvedFont)
    hasher.combine(result)
  }
}
