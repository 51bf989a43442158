import TestSupport
import Testing

@_spi(Engine) @testable import FontFitText

// A shaped text keeps its clusters and glyphs packed (issue 25, target 4): every field a
// caller gave must read back unchanged, whatever the mix of values.

@Suite("Packed shaped text")
struct PackedShapedTextTests {
  /// A random text of one- to four-byte characters, with clusters that set every field of
  /// ``ShapedCluster`` (kerning, break adjustments and glyph offsets only now and then, as
  /// the packed form keeps those apart) over up to 600 fonts.
  static func randomInput(using generator: inout SplitMix64) -> (
    text: String, clusters: [ShapedCluster], fonts: [ShapedFont], glyphs: [ShapedGlyph]
  ) {
    let pieces = ["a", " ", "\n", "é", "中", "😀", "e\u{301}", "\r\n", "🇫🇷"]
    let kinds: [ClusterKind] = [.visible, .space, .lineSeparator]
    let breaks: [LineBreakOpportunity] = [.prohibited, .allowed, .mandatory]
    let fontCount = 1 + Int(generator.next() % 600)
    let fonts = (0..<fontCount).map {
      ShapedFont(name: "F\($0)", metrics: LineMetrics(ascent: 0.8, descent: 0.2, lineGap: 0))
    }
    let count = Int(generator.next() % 80)
    let text = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
      .joined()
    let adjusted = generator.next() % 3 == 0
    let offset = generator.next() % 3 == 0
    var clusters: [ShapedCluster] = []
    var glyphs: [ShapedGlyph] = []
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(after: index)
      func some() -> Double { Double(Int(generator.next() % 2001) - 1000) / 997 }
      let first = glyphs.count
      for _ in 0..<Int(generator.next() % 4) {
        glyphs.append(
          ShapedGlyph(
            id: UInt32(truncatingIfNeeded: generator.next()),
            font: Int(generator.next() % UInt64(fontCount)), advance: some(),
            xOffset: offset && generator.next() % 2 == 0 ? some() : 0,
            yOffset: offset && generator.next() % 2 == 0 ? some() : 0))
      }
      clusters.append(
        ShapedCluster(
          range: index..<next, advance: some(),
          kerning: adjusted && generator.next() % 2 == 0 ? some() : 0,
          breakBefore: breaks[Int(generator.next() % 3)], kind: kinds[Int(generator.next() % 3)],
          font: Int(generator.next() % UInt64(fontCount)),
          level: UInt8(truncatingIfNeeded: generator.next()), glyphs: first..<glyphs.count,
          insertsHyphen: generator.next() % 2 == 0,
          breakEndAdjustment: adjusted && generator.next() % 2 == 0 ? some() : 0,
          breakStartAdjustment: adjusted && generator.next() % 2 == 0 ? some() : 0))
      index = next
    }
    return (text, clusters, fonts, glyphs)
  }

  @Test("Every cluster's and glyph's fields read back as given, on 500 random texts")
  func fieldsReadBack() throws {
    var generator = SplitMix64(seed: 2_512)
    for _ in 0..<500 {
      let input = Self.randomInput(using: &generator)
      let shaped = try ShapedText(
        text: input.text, clusters: input.clusters, fonts: input.fonts, glyphs: input.glyphs)
      #expect(Array(shaped.clusters) == input.clusters)
      #expect(Array(shaped.glyphs) == input.glyphs)
      #expect(shaped.count == input.clusters.count)
      for (index, cluster) in input.clusters.enumerated() {
        #expect(String(shaped[clusters: index..<index + 1]) == String(input.text[cluster.range]))
        #expect(shaped.kerning(at: index) == cluster.kerning)
        let adjustment = shaped.breakAdjustment(before: index)
        #expect(adjustment.end == cluster.breakEndAdjustment)
        #expect(adjustment.start == cluster.breakStartAdjustment)
        #expect(adjustment.insertsHyphen == cluster.insertsHyphen)
      }
      // Equal values are equal and hash alike; a copy of the fields makes an equal text.
      let again = try ShapedText(
        text: input.text, clusters: Array(shaped.clusters), fonts: input.fonts,
        glyphs: Array(shaped.glyphs))
      #expect(again == shaped)
      #expect(again.hashValue == shaped.hashValue)
    }
  }

  @Test("A changed field makes a different text")
  func changedFieldDiffers() throws {
    var generator = SplitMix64(seed: 77)
    var compared = 0
    while compared < 200 {
      let input = Self.randomInput(using: &generator)
      guard !input.clusters.isEmpty else { continue }
      let shaped = try ShapedText(
        text: input.text, clusters: input.clusters, fonts: input.fonts, glyphs: input.glyphs)
      var clusters = input.clusters
      let index = Int(generator.next() % UInt64(clusters.count))
      switch generator.next() % 4 {
      case 0: clusters[index].kerning += 0.5
      case 1: clusters[index].breakStartAdjustment -= 0.25
      case 2: clusters[index].level &+= 1
      default: clusters[index].insertsHyphen.toggle()
      }
      let changed = try ShapedText(
        text: input.text, clusters: clusters, fonts: input.fonts, glyphs: input.glyphs)
      #expect(changed != shaped)
      compared += 1
    }
  }

  @Test("A cluster that starts inside a scalar is refused")
  func clusterInsideScalar() {
    let text = "a😀b"
    let font = ShapedFont(name: "F", metrics: LineMetrics(ascent: 1, descent: 0, lineGap: 0))
    let emoji = text.index(after: text.startIndex)
    // A UTF-16 index between the emoji's surrogate halves: a valid String.Index, no scalar's.
    let inside = text.utf16.index(after: emoji)
    let b = text.index(after: emoji)
    let clusters = [
      ShapedCluster(
        range: text.startIndex..<emoji, advance: 1, breakBefore: .prohibited, kind: .visible),
      ShapedCluster(range: emoji..<inside, advance: 1, breakBefore: .prohibited, kind: .visible),
      ShapedCluster(range: inside..<b, advance: 1, breakBefore: .prohibited, kind: .visible),
      ShapedCluster(range: b..<text.endIndex, advance: 1, breakBefore: .prohibited, kind: .visible),
    ]
    #expect(throws: ShapedTextError.rangeOutOfOrder(cluster: 2)) {
      try ShapedText(text: text, clusters: clusters, fonts: [font])
    }
  }

  @Test("More fonts than a packed cluster can name are refused")
  func tooManyFonts() {
    let font = ShapedFont(name: "F", metrics: LineMetrics(ascent: 1, descent: 0, lineGap: 0))
    let fonts = Array(repeating: font, count: (1 << 19) + 1)
    #expect(throws: ShapedTextError.tooLarge) {
      try ShapedText(text: "", clusters: [], fonts: fonts)
    }
  }
}
