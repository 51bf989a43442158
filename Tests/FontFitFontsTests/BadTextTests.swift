import FontFitFontModel
@_spi(Engine) import FontFitText
import Testing

@testable import FontFitFonts

/// Text that is odd but possible gets a defined result, never a crash (issue 7).
@Suite("Odd text on real fonts")
struct BadTextTests {
  static let odd = [
    "\u{202E}reversed without a pop", "abc\u{202C}\u{202C} stray pops",
    "\u{2067}isolate never closed",
    "closed twice\u{2069}\u{2069}", "\u{0301}starts with a mark", "\u{0301}\u{0308}\u{0327}",
    "\u{10FFFD}\u{0378} private and unassigned", "mixed \u{200F}marks\u{200E} and \u{061C}letters",
    "\u{202B}שלום\u{202C} world \u{202A}abc", String(repeating: "\u{202E}", count: 200) + "deep",
  ]

  @Test("Unpaired bidi controls, lone marks and uncovered scripts shape, lay out and place")
  func oddText() throws {
    let system = try FontSystem.shared()
    let font = try Font("DejaVu Sans 17")
    for text in Self.odd {
      let shaped = try system.shape(text, font: font.descriptor)
      #expect(shaped.count == text.count)
      #expect(shaped.clusters.allSatisfy { $0.advance.isFinite && $0.advance >= 0 })
      let box = Size(width: 120, height: 400)
      let block = TextLayouter(shaped: shaped, truncationToken: nil).layout(
        pointSize: 17, options: try LayoutOptions(box: box))
      let lines = TextPositioner(shaped: shaped, truncationToken: nil).position(
        block, in: box, alignment: .natural, vertical: .top)
      #expect(lines.count == block.lines.count)
      // Every visible cluster that has glyphs is drawn, on one line only, whatever the
      // reordering.
      var lineOf: [Int: Int] = [:]
      for (index, line) in lines.enumerated() {
        for cluster in line.runs.flatMap(\.glyphs).compactMap(\.cluster) {
          #expect(lineOf[cluster, default: index] == index, "\(text): cluster on two lines")
          lineOf[cluster] = index
        }
      }
      let offsets = { (clusters: [ShapedCluster]) in
        Set(clusters.map { text.utf8.distance(from: text.startIndex, to: $0.range.lowerBound) })
      }
      let visible = offsets(shaped.clusters.filter { $0.kind == .visible && !$0.glyphs.isEmpty })
      let withGlyphs = offsets(shaped.clusters.filter { !$0.glyphs.isEmpty })
      let drawn = Set(lineOf.keys)
      #expect(visible.isSubset(of: drawn), "\(text): a visible cluster was not drawn")
      #expect(drawn.isSubset(of: withGlyphs), "\(text): a glyph names no cluster of the text")
    }
  }

  @Test("Characters no font covers (private use, unassigned) are reported in order, not dropped")
  func uncovered() throws {
    let shaped = try FontSystem.shared().shape(
      "a\u{10FFFD}b\u{0378}", font: try Font("DejaVu Sans 17").descriptor)
    #expect(shaped.missingCharacters == ["\u{10FFFD}", "\u{0378}"])
    #expect(shaped.clusters.allSatisfy { $0.advance > 0 })
  }
}
