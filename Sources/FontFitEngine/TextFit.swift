import FontFitFontModel
@_spi(Engine) import FontFitText

/// A text laid out in its box: the face its font resolved to, the fit, and the placed lines.
///
/// What ``TextEngine/fit(_:)`` returns, and what a widget's layout holds.
///
/// The glyph positions are worked out when ``lines`` is first read and then kept: a widget
/// that is fitted again before it is drawn (while a window is resized, say) pays only for the
/// fit.
///
/// A fit is one reference to what it holds (a setter makes a new one), so handing it on, in a
/// widget's layout or a `Result`, copies one reference rather than each of its arrays.
public struct TextFit: Hashable, Sendable {
  /// The fit's values, and the lines placed on first use.
  private var placement: LinePlacement

  /// The face chosen for the adapted font.
  public var resolvedFont: ResolvedFont {
    get { placement.resolvedFont }
    set { placement = placement.with(resolvedFont: newValue) }
  }
  /// The fit in detail: the chosen size, the unplaced lines, whether they fit and why not,
  /// how many sizes were tried.
  ///
  /// The placed lines are the fit's as it was made, whatever is set here.
  public var result: FitResult {
    get { placement.result }
    set { placement = placement.with(result: newValue) }
  }
  /// The rich text's styled runs (UTF-8 offsets of the text laid out), as the request gave
  /// them.
  ///
  /// They say what to paint each glyph in (``PositionedGlyph/cluster`` is its offset) and
  /// where to draw backgrounds and decorations. Empty for plain text.
  public var styles: [StyleRun] { placement.styles }

  init(
    resolvedFont: ResolvedFont, result: FitResult, positioner: TextPositioner, box: Size,
    alignment: TextAlignment, vertical: VerticalPlacement, styles: [StyleRun] = []
  ) {
    placement = LinePlacement(
      resolvedFont: resolvedFont, result: result, styles: styles, positioner: positioner,
      block: nil, box: box, alignment: alignment, vertical: vertical)
  }

  /// The chosen size, in the request's units.
  public var pointSize: Double { placement.result.block.pointSize }
  /// Whether the text fits its box at the chosen size.
  public var fits: Bool { placement.result.block.failure == nil }
  /// Why the text does not fit, or nil when it does.
  public var failure: FitFailure? { placement.result.block.failure }
  /// The size of the block of lines.
  public var size: Size { placement.result.block.size }

  /// What the fit changed besides the size, read without copying ``result``.
  package var lever: FitLeverUse { placement.result.lever }

  // Values of ``result`` read where the fit keeps them, without copying the result: what a
  // dump's line reads of it.

  /// Whether a line shown whole ends inside a word (``TextBlock/breaksWords``).
  package var breaksWords: Bool { placement.result.block.breaksWords }
  /// How many drawn characters truncation hides (``TextBlock/hiddenCharacterCount``).
  package var hiddenCharacterCount: Int { placement.result.block.hiddenCharacterCount }
  /// The fonts that measured the text (``FitResult/fonts``).
  package var fonts: [String] { placement.result.fonts }
  /// The one font that measured the text, or nil (``FitResult/onlyFontName``).
  package var onlyFontName: String? { placement.result.onlyFontName }
  /// Characters no font could draw (``FitResult/missingCharacters``).
  package var missingCharacters: [Unicode.Scalar] { placement.result.missingCharacters }
  /// How many lines there are (``TextBlock/lineCount``).
  package var lineCount: Int { placement.result.block.lineCount }
  /// The lines' texts (``TextBlock/lineTexts``).
  package var lineTexts: [String] { placement.result.block.lineTexts }

  /// ``TextBlock/forEachLineTextPiece(_:)`` of the fit's lines.
  package func forEachLineTextPiece(
    _ body: (_ utf8: UnsafeBufferPointer<UInt8>, _ startsLine: Bool, _ isPlain: Bool) -> Bool
  ) {
    placement.result.block.forEachLineTextPiece(body)
  }

  /// The lines placed in the box (coordinates relative to its top left corner), aligned,
  /// reordered for display, with their glyph runs.
  public var lines: [PositionedLine] { placement.lines }

  /// The same lines without their glyph runs (each line's `runs` is empty): where each line
  /// sits, for a caller that draws no glyphs, at a fraction of the cost.
  public var lineBoxes: [PositionedLine] { placement.lineBoxes }

  /// Whether a placed line runs right to left (a line of ``lineBoxes`` has direction
  /// `.rightToLeft`), found without placing the lines.
  package var hasRightToLeftLine: Bool { placement.hasRightToLeftLine }

  /// The parts of the text that line `index` shows, as UTF-8 ranges of the text laid out, in
  /// logical order: one range, or two around a truncation token cut into the middle; none
  /// for a line that shows only a token, or an index that is not a line's.
  public func textRanges(ofLine index: Int) -> [Range<Int>] {
    let lines = result.lines
    guard lines.indices.contains(index) else { return [] }
    return placement.textRanges(of: lines[index].pieces)
  }

  /// The text laid out, which ``styles``, ``textRanges(ofLine:)`` and glyphs' clusters index
  /// (a widget's displayed text: a single-line widget's with line separators as spaces).
  public var laidOutText: String { placement.text }

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

/// A fit's values, and its lines placed when first asked for; thread-safe.
private final class LinePlacement: Sendable {
  let resolvedFont: ResolvedFont
  let result: FitResult
  // Next to the result, whose last word they share.
  private let alignment: TextAlignment
  private let vertical: VerticalPlacement
  let styles: [StyleRun]
  private let positioner: TextPositioner
  /// The block the lines are placed from when it is no longer ``result``'s (a result set
  /// after the fit); nil while it is, so a placement does not hold the block twice.
  private let placedBlock: OutOfLine<TextBlock>?
  /// The block the lines are placed from: the fit's as it was made.
  private var block: TextBlock { placedBlock?.value ?? result.block }
  private let box: Size
  /// The lines placed with their glyphs, and without, each made on first read and set once
  /// without a lock (a fit makes a placement every time, and most are never read); two
  /// threads reading at once may both place them, and the first stored is kept.
  private let placed = OnceReference<Placed>()
  private let placedBoxes = OnceReference<Placed>()

  /// Placed lines, boxed for an atomic reference.
  private final class Placed: Sendable {
    let lines: [PositionedLine]

    init(_ lines: [PositionedLine]) {
      self.lines = lines
    }
  }

  init(
    resolvedFont: ResolvedFont, result: FitResult, styles: [StyleRun],
    positioner: TextPositioner, block: TextBlock?, box: Size, alignment: TextAlignment,
    vertical: VerticalPlacement
  ) {
    self.resolvedFont = resolvedFont
    self.result = result
    self.styles = styles
    self.positioner = positioner
    placedBlock = block.map(OutOfLine.init)
    self.box = box
    self.alignment = alignment
    self.vertical = vertical
  }

  /// The same placement with another face (its lines are placed again on first use).
  func with(resolvedFont: ResolvedFont) -> LinePlacement {
    LinePlacement(
      resolvedFont: resolvedFont, result: result, styles: styles, positioner: positioner,
      block: placedBlock?.value, box: box, alignment: alignment, vertical: vertical)
  }

  /// The same placement with another fit result; the lines are still placed from the block
  /// the fit made.
  func with(result: FitResult) -> LinePlacement {
    LinePlacement(
      resolvedFont: resolvedFont, result: result, styles: styles, positioner: positioner,
      block: block, box: box, alignment: alignment, vertical: vertical)
  }

  /// The text laid out.
  var text: String { positioner.shaped.text }

  /// The UTF-8 ranges of the text that `pieces` show.
  func textRanges(of pieces: [LinePiece]) -> [Range<Int>] {
    let shaped = positioner.shaped
    let clusters = shaped.packedClusters
    var ranges: [Range<Int>] = []
    for piece in pieces where piece.source == .text && !piece.clusters.isEmpty {
      guard piece.clusters.upperBound <= clusters.count else { continue }
      let start = Int(clusters[piece.clusters.lowerBound].start)
      let end = shaped.utf8End(ofCluster: piece.clusters.upperBound - 1)
      if let last = ranges.last, last.upperBound == start {
        ranges[ranges.count - 1] = last.lowerBound..<end
      } else {
        ranges.append(start..<end)
      }
    }
    return ranges
  }

  var lines: [PositionedLine] {
    if let placed = placed.load() { return placed.lines }
    let lines = positioner.position(block, in: box, alignment: alignment, vertical: vertical)
    return placed.storeIfNil(Placed(lines)).lines
  }

  /// Whether a line of ``lineBoxes`` runs right to left.
  var hasRightToLeftLine: Bool { positioner.hasRightToLeftLine(block) }

  var lineBoxes: [PositionedLine] {
    if let placed = placedBoxes.load() { return placed.lines }
    let boxes = positioner.position(
      block, in: box, alignment: alignment, vertical: vertical, includingGlyphs: false)
    return placedBoxes.storeIfNil(Placed(boxes)).lines
  }
}
