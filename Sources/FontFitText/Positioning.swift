// Positioning: laid-out lines placed in their box, reordered for display (UAX #9 rule L2),
// aligned, and broken into glyph runs an app can draw without laying out again.

/// How lines sit horizontally in their box, after UIKit's `NSTextAlignment`.
public enum TextAlignment: String, CaseIterable, Hashable, Sendable, Codable {
  /// Flush left.
  case left
  /// Centred.
  case center
  /// Flush right.
  case right
  /// Both edges flush: spaces widen to fill the line, except on a paragraph's last line, which
  /// sits on its natural side.
  case justified
  /// The paragraph's natural side: left for left-to-right text, right for right-to-left.
  case natural
}

/// Where the block of lines sits vertically in its box.
public enum VerticalPlacement: String, CaseIterable, Hashable, Sendable, Codable {
  /// At the top, as a scrolling text view.
  case top
  /// Centred, as UILabel centres its text; a block taller than its box starts at the top.
  case center
}

/// A line placed in its box: where it is, which way it runs, and the glyphs to draw.
public struct PositionedLine: Hashable, Sendable {
  /// The left edge of the drawn text, in points from the box's left edge.
  public var x: Double
  /// The top of the line box, in points from the box's top edge.
  public var y: Double
  /// The drawn width, in points (wider than the laid-out width for justified lines).
  public var width: Double
  /// The line box height, in points.
  public var height: Double
  /// The baseline, in points from the box's top edge.
  public var baseline: Double
  /// The paragraph direction the line follows.
  public var direction: TextDirection
  /// The glyphs in visual order, in runs of one font; empty when the shaper gave no glyphs.
  public var runs: [GlyphRun]
}

/// Glyphs of one font, in visual order.
///
/// A word broken inside because it alone is wider than the line is drawn with the glyphs it
/// has as a whole word; its pieces' widths, which the layout uses, are those of the pieces
/// shaped on their own, so on such a line the advances may differ from the line's width by
/// that difference.
public struct GlyphRun: Hashable, Sendable {
  /// The font: its name, file and face index.
  public var font: ShapedFont
  /// The size to draw at, in points.
  public var pointSize: Double
  /// The glyphs, left to right.
  public var glyphs: [PositionedGlyph]
}

/// One glyph placed in the box.
public struct PositionedGlyph: Hashable, Sendable {
  /// The glyph index in the run's face.
  public var id: UInt32
  /// Where to draw the glyph's origin: points from the box's left edge.
  public var x: Double
  /// Where to draw the glyph's origin (on the baseline): points from the box's top edge.
  public var y: Double
  /// How far the pen moves after the glyph, in points.
  public var advance: Double
  /// The UTF-8 offset, in the text that was laid out, of the cluster the glyph draws; nil for
  /// glyphs that are not in the text: the truncation token's, and a hyphen inserted at a break
  /// inside a word. (A widget lays out its displayed text: a single-line widget's text with
  /// line separators as spaces, an empty text field's placeholder.)
  public var cluster: Int?
}

/// Places the lines of a laid-out text in a box.
package struct TextPositioner: Sendable {
  /// The text that was laid out.
  package let shaped: ShapedText
  /// The truncation token the layout used, if any.
  package let truncationToken: ShapedText?

  /// Creates a positioner for the texts a ``TextLayouter`` laid out.
  package init(shaped: ShapedText, truncationToken: ShapedText?) {
    self.shaped = shaped
    self.truncationToken = truncationToken
  }

  /// The lines of `block` placed in a box of `size`.
  ///
  /// - Parameters:
  ///   - block: The layout, from the same texts.
  ///   - size: The box, in points.
  ///   - alignment: How lines sit horizontally.
  ///   - vertical: Where the block sits vertically.
  /// - Returns: One positioned line per line of `block`, top to bottom.
  package func position(
    _ block: TextBlock, in size: Size, alignment: TextAlignment, vertical: VerticalPlacement
  ) -> [PositionedLine] {
    position(block, in: size, alignment: alignment, vertical: vertical, includingGlyphs: true)
  }

  /// The lines of `block` placed in a box of `size`, with their glyph runs only when
  /// `includingGlyphs` is set: placing lines alone costs a fraction of placing every glyph.
  ///
  /// - Parameters:
  ///   - block: The layout, from the same texts.
  ///   - size: The box, in points; an infinite side is taken as the block's own.
  ///   - alignment: How lines sit horizontally.
  ///   - vertical: Where the block sits vertically.
  ///   - includingGlyphs: Whether to place the glyphs; without, every line's runs are empty.
  /// - Returns: One positioned line per line of `block`, top to bottom.
  package func position(
    _ block: TextBlock, in size: Size, alignment: TextAlignment, vertical: VerticalPlacement,
    includingGlyphs: Bool
  ) -> [PositionedLine] {
    // An unbounded side is as long as the block: lines are aligned within the widest line
    // and the block starts at the top, rather than at half of infinity.
    let size = Size(
      width: size.width.isFinite ? size.width : block.size.width,
      height: size.height.isFinite ? size.height : block.size.height)
    var top = vertical == .center ? max(0, (size.height - block.size.height) / 2) : 0
    var result: [PositionedLine] = []
    let lines = block.lines
    result.reserveCapacity(lines.count)
    for (index, line) in lines.enumerated() {
      let next = index + 1 < lines.count ? lines[index + 1] : nil
      let direction = self.direction(of: line)
      let items = includingGlyphs ? visualItems(line, direction: direction) : []
      // Only a justified line widens its spaces: other alignments need not count them.
      let spaces = alignment == .justified ? spaceCount(line) : 0
      // A justified line with no space to widen sits on its natural side, as a last line does.
      let side = horizontalSide(
        alignment, direction: direction,
        isParagraphEnd: spaces == 0 || (next.map { endsParagraph(line, before: $0) } ?? true))
      let extra = max(0, size.width - line.width)
      let stretch = side == .justify && spaces > 0 ? extra / Double(spaces) : 0
      let x: Double
      switch side {
      case .left, .justify: x = 0
      case .right: x = size.width - line.width
      case .center: x = (size.width - line.width) / 2
      }
      let baseline = top + line.baseline
      result.append(
        PositionedLine(
          x: x, y: top, width: line.width + stretch * Double(spaces), height: line.height,
          baseline: baseline, direction: direction,
          runs: includingGlyphs
            ? runs(
              items, x: x, baseline: baseline, pointSize: block.pointSize, stretch: stretch,
              spacing: block.spacing)
            : []
        ))
      top += line.height
    }
    return result
  }

  private enum Side { case left, right, center, justify }

  /// Whether a line of `block` runs right to left: the direction ``position(_:in:alignment:vertical:includingGlyphs:)``
  /// gives it, found without placing a line.
  package func hasRightToLeftLine(_ block: TextBlock) -> Bool {
    switch shaped.storage.storedParagraphs {
    // One paragraph: every line runs its way.
    case .leftToRight: return false
    case .rightToLeft: return block.lineCount > 0
    case .many: return block.lines.contains { direction(of: $0) == .rightToLeft }
    }
  }

  /// The direction of the paragraph `line` belongs to.
  private func direction(of line: TextLine) -> TextDirection {
    guard let first = line.pieces.first(where: { $0.source == .text })?.clusters.lowerBound
    else { return shaped.baseDirection }
    return shaped.paragraphDirection(at: first)
  }

  private func horizontalSide(
    _ alignment: TextAlignment, direction: TextDirection, isParagraphEnd: Bool
  ) -> Side {
    let natural: Side = direction == .rightToLeft ? .right : .left
    switch alignment {
    case .left: return .left
    case .right: return .right
    case .center: return .center
    case .natural: return natural
    case .justified: return isParagraphEnd ? natural : .justify
    }
  }

  /// Whether a paragraph ends after `line`: a line separator lies between it and `next`.
  private func endsParagraph(_ line: TextLine, before next: TextLine) -> Bool {
    guard let end = line.pieces.last(where: { $0.source == .text })?.clusters.upperBound,
      let start = next.pieces.first(where: { $0.source == .text })?.clusters.lowerBound,
      end <= start
    else { return true }
    return shaped.packedClusters[end..<start].contains { $0.kind == .lineSeparator }
  }

  /// A cluster shown on a line: where it comes from, which cluster, and its bidi level.
  ///
  /// Kept small, since a line makes one per cluster.
  private struct Item {
    var source: Source
    /// The cluster's index in its source; for a hyphen, the cluster the hyphen follows.
    var index: Int
    var level: UInt8
  }

  /// Where an item's cluster comes from.
  private enum Source {
    case text, token, hyphen
  }

  /// The spaces on `line`, which a justified line widens.
  private func spaceCount(_ line: TextLine) -> Int {
    let clusters = shaped.packedClusters
    var count = 0
    for piece in line.pieces {
      switch piece.source {
      case .hyphen: continue
      case .token:
        guard let token = truncationToken?.packedClusters else { continue }
        for index in piece.clusters where token.indices.contains(index) {
          if token[index].kind == .space { count += 1 }
        }
      case .text:
        for index in piece.clusters where clusters.indices.contains(index) {
          if clusters[index].kind == .space { count += 1 }
        }
      }
    }
    return count
  }

  /// The line's clusters in visual order: logical order, then every maximal sequence at or
  /// above each odd level reversed, from the highest level down (UAX #9, rule L2).
  private func visualItems(_ line: TextLine, direction: TextDirection) -> [Item] {
    let baseLevel: UInt8 = direction == .rightToLeft ? 1 : 0
    let clusters = shaped.packedClusters
    var items: [Item] = []
    items.reserveCapacity(line.pieces.reduce(0) { $0 + $1.clusters.count })
    for piece in line.pieces {
      switch piece.source {
      case .hyphen:
        if let hyphen = hyphenItem(after: piece.clusters.lowerBound) { items.append(hyphen) }
      case .token:
        guard let token = truncationToken?.packedClusters else { continue }
        for index in piece.clusters where token.indices.contains(index) {
          items.append(Item(source: .token, index: index, level: baseLevel))
        }
      case .text:
        for index in piece.clusters where clusters.indices.contains(index) {
          items.append(Item(source: .text, index: index, level: clusters[index].level))
        }
      }
    }
    if items.allSatisfy({ $0.level == 0 }) { return items }
    return Self.visualOrder(levels: items.map(\.level)).map { items[$0] }
  }

  /// The visual order of items with bidi `levels`, by UAX #9 rule L2.
  ///
  /// `order[visual]` is the logical index. From the highest level down to the lowest odd one,
  /// every maximal sequence at that level or above is reversed.
  package static func visualOrder(levels: [UInt8]) -> [Int] {
    var order = Array(levels.indices)
    guard let highest = levels.max() else { return order }
    let lowestOdd = levels.filter { $0 % 2 == 1 }.min() ?? (highest + 1)
    var level = highest
    while level >= lowestOdd, level > 0 {
      var index = 0
      while index < order.count {
        guard levels[order[index]] >= level else {
          index += 1
          continue
        }
        var end = index
        while end < order.count, levels[order[end]] >= level { end += 1 }
        order[index..<end].reverse()
        index = end
      }
      level -= 1
    }
    return order
  }

  /// The hyphen that ends a line broken inside a word after cluster `index`, as an item of its
  /// own, in the cluster's font and at its level; nil when the font has no hyphen.
  private func hyphenItem(after index: Int) -> Item? {
    guard shaped.packedClusters.indices.contains(index) else { return nil }
    let cluster = shaped.packedClusters[index]
    let fonts = shaped.fonts
    guard let hyphen = fonts[cluster.font].hyphen, !hyphen.text.isEmpty,
      fonts.indices.contains(hyphen.glyph.font)
    else { return nil }
    return Item(source: .hyphen, index: index, level: cluster.level)
  }

  /// The glyph runs of `items`, drawn from `x` on `baseline`, spaces widened by `stretch`.
  private func runs(
    _ items: [Item], x: Double, baseline: Double, pointSize: Double, stretch: Double,
    spacing: TextSpacing
  ) -> [GlyphRun] {
    // Letter spacing follows every item but the line's last; word spacing every space. A
    // span's own spacing goes half before and half after each of its clusters, between
    // visual neighbours.
    let letter = spacing.letter * pointSize
    let word = spacing.word * pointSize
    let spanSpacings = shaped.letterSpacings
    func own(_ item: Item) -> LetterSpacing {
      guard let spanSpacings, item.source == .text else { return LetterSpacing() }
      return spanSpacings[item.index]
    }
    func gap(_ position: Int, isSpace: Bool) -> Double {
      // None after a line's last item, nor before the hyphen a break inserts (as Pango).
      guard position < items.count - 1, items[position + 1].source != .hyphen else { return 0 }
      // In visual order: a right-to-left cluster's "after" is on its left.
      let left = own(items[position])
      let right = own(items[position + 1])
      let leftAfter = items[position].level % 2 == 1 ? left.before : left.after
      let rightBefore = items[position + 1].level % 2 == 1 ? right.after : right.before
      let span = spanSpacings == nil ? 0 : (leftAfter + rightBefore) * pointSize
      return letter + span + (isSpace ? word : 0)
    }
    var builder = RunBuilder(pointSize: pointSize, baseline: baseline, pen: x)
    // The arrays read per glyph, taken out once: copying a shaped text per cluster would cost
    // more than placing its glyphs.
    let clusters = shaped.packedClusters
    let glyphs = shaped.glyphs
    let fonts = shaped.fonts
    let tokenClusters = truncationToken?.packedClusters ?? []
    let tokenGlyphs = truncationToken?.glyphs
    let tokenFonts = truncationToken?.fonts ?? []
    for (position, item) in items.enumerated() {
      switch item.source {
      case .text:
        let cluster = clusters[item.index]
        builder.place(
          cluster.glyphs, of: glyphs, fonts: fonts, source: .text, cluster: Int(cluster.start),
          stretch: cluster.kind == .space ? stretch : nil,
          spacing: gap(position, isSpace: cluster.kind == .space))
      case .token:
        guard let tokenGlyphs else { continue }
        let cluster = tokenClusters[item.index]
        builder.place(
          cluster.glyphs, of: tokenGlyphs, fonts: tokenFonts, source: .token, cluster: nil,
          stretch: cluster.kind == .space ? stretch : nil,
          spacing: gap(position, isSpace: cluster.kind == .space))
      case .hyphen:
        guard let hyphen = fonts[clusters[item.index].font].hyphen else { continue }
        builder.place(hyphen.glyph, fonts: fonts)
      }
    }
    return builder.finish()
  }

  /// Collects placed glyphs into runs of one font.
  private struct RunBuilder {
    let pointSize: Double
    let baseline: Double
    var pen: Double
    var runs: [GlyphRun] = []
    var glyphs: [PositionedGlyph] = []
    var font: ShapedFont?
    /// The source and font index of the glyphs being collected, so that a run of one font
    /// continues without comparing fonts.
    var key: (source: Source, font: Int)?

    init(pointSize: Double, baseline: Double, pen: Double) {
      self.pointSize = pointSize
      self.baseline = baseline
      self.pen = pen
    }

    /// Places a cluster's glyphs; a space's last glyph takes `stretch` (so a justified line's
    /// advances add up to its width), and a space with no glyph still moves the pen.
    ///
    /// Letter `spacing` follows the cluster's last glyph; a cluster drawn by an earlier one's
    /// ligature adds it to that glyph's advance, so that advances still add up to the line.
    mutating func place(
      _ range: Range<Int>, of glyphs: ShapedGlyphs, fonts: [ShapedFont], source: Source,
      cluster: Int?, stretch: Double?, spacing: Double = 0
    ) {
      let range = range.clamped(to: glyphs.indices)
      for index in range {
        let glyph = glyphs[index]
        let extra = index == range.upperBound - 1 ? (stretch ?? 0) + spacing : 0
        append(glyph, extra: extra, cluster: cluster, font: glyph.font, in: fonts, source: source)
      }
      guard range.isEmpty else { return }
      if let stretch { pen += stretch }
      if spacing != 0 {
        pen += spacing
        if !self.glyphs.isEmpty { self.glyphs[self.glyphs.count - 1].advance += spacing }
      }
    }

    /// Places a glyph, in one of the text's `fonts`, that is not in the text: an inserted
    /// hyphen.
    mutating func place(_ glyph: ShapedGlyph, fonts: [ShapedFont]) {
      append(glyph, extra: 0, cluster: nil, font: glyph.font, in: fonts, source: .text)
    }

    private mutating func append(
      _ glyph: ShapedGlyph, extra: Double, cluster: Int?, font index: Int, in fonts: [ShapedFont],
      source: Source
    ) {
      let placed = PositionedGlyph(
        id: glyph.id, x: pen + glyph.xOffset * pointSize,
        y: baseline - glyph.yOffset * pointSize, advance: glyph.advance * pointSize + extra,
        cluster: cluster)
      pen += placed.advance
      let sameKey = key.map { $0.source == source && $0.font == index } ?? false
      if !sameKey {
        let next = fonts[index]
        if next != font {
          flush()
          font = next
        }
        key = (source, index)
      }
      glyphs.append(placed)
    }

    private mutating func flush() {
      guard let font, !glyphs.isEmpty else { return }
      runs.append(GlyphRun(font: font, pointSize: pointSize * font.scale, glyphs: glyphs))
      glyphs = []
    }

    mutating func finish() -> [GlyphRun] {
      flush()
      return runs
    }
  }
}
