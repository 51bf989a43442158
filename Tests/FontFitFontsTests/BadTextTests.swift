import FontFitText
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
      // Every visible cluster is drawn once, whatever the reordering.
      let drawn = lines.flatMap(\.runs).flatMap(\.glyphs).compactMap(\.cluster)
      #expect(Set(drawn).count <= shaped.count)
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
