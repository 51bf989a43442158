import TestSupport
import Testing

@_spi(Engine) @testable import FontFitText

// A shaped text keeps its clusters and glyphs packed (issue 25, target 4): every field a
// caller gave must read back unchanged, whatever the mix of values.

@Suite("Packed shaped text")
struct PackedShapedTextTests {
  /// A random text of one- to four-byte characters, with clusters that set every field of
  /// ``ShapedCluster`` (kerning, break adjustments and glyph offsets only now and then, as
  /// the packed form keeps those apart) over up to 600 fonts, and paragraphs.
  ///
  /// The fonts' design units per em are known or not (0), and their scales vary; a text's
  /// glyph advances are most often whole numbers of their fonts' units (as a shaper's are,
  /// kept packed), else any value, -0 or a number of units past 32 bits.
  static func randomInput(using generator: inout SplitMix64) -> (
    text: String, clusters: [ShapedCluster], fonts: [ShapedFont], glyphs: [ShapedGlyph],
    paragraphs: [ShapedParagraph]?
  ) {
    let pieces = ["a", " ", "\n", "é", "中", "😀", "e\u{301}", "\r\n", "🇫🇷"]
    let kinds: [ClusterKind] = [.visible, .space, .lineSeparator]
    let breaks: [LineBreakOpportunity] = [.prohibited, .allowed, .mandatory]
    let fontCount = 1 + Int(generator.next() % 600)
    // Most texts' fonts all know their units, as a shaper's do; the rest's may not.
    let unitsPerEm = generator.next() % 4 == 0 ? [0, 1, 1000, 2048] : [1, 1000, 2048]
    let scales = [1, 1, 1 / 1.2, 1.2, 0.5]
    let fonts = (0..<fontCount).map {
      ShapedFont(
        name: "F\($0)", metrics: LineMetrics(ascent: 0.8, descent: 0.2, lineGap: 0),
        scale: scales[Int(generator.next() % UInt64(scales.count))],
        unitsPerEm: unitsPerEm[Int(generator.next() % UInt64(unitsPerEm.count))])
    }
    // How this text's glyph advances are made: whole units, anything, or a mix.
    let advanceStyle = generator.next() % 5
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
        let font = Int(generator.next() % UInt64(fontCount))
        let whole =
          Double(Int(generator.next() % 4001) - 1000)
          * (fonts[font].scale / Double(fonts[font].unitsPerEm))
        let advance: Double =
          switch advanceStyle {
          case 0, 1: whole.isFinite ? whole : some()
          case 2: some()
          // Whole, but for -0, which is 0 units and must read back as -0.
          case 3: generator.next() % 3 == 0 ? -0.0 : whole
          default:
            [whole, some(), -0.0, 3e9 * (fonts[font].scale / 1000)][Int(generator.next() % 4)]
          }
        glyphs.append(
          ShapedGlyph(
            id: UInt32(truncatingIfNeeded: generator.next()), font: font,
            advance: advance.isFinite ? advance : some(),
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
    // No paragraphs (one, in a random direction), one over every cluster, or several.
    let directions: [TextDirection] = [.leftToRight, .rightToLeft]
    func direction() -> TextDirection { directions[Int(generator.next() % 2)] }
    var paragraphs: [ShapedParagraph]?
    switch generator.next() % 3 {
    case 0: paragraphs = nil
    case 1: paragraphs = [ShapedParagraph(clusters: 0..<clusters.count, direction: direction())]
    default:
      var start = 0
      var made: [ShapedParagraph] = []
      repeat {
        let end = min(clusters.count, start + 1 + Int(generator.next() % 20))
        made.append(ShapedParagraph(clusters: start..<end, direction: direction()))
        start = end
      } while start < clusters.count
      paragraphs = made
    }
    return (text, clusters, fonts, glyphs, paragraphs)
  }

  /// `input` made into a shaped text; with no paragraphs, one in `direction`.
  static func shaped(
    _ input: (
      text: String, clusters: [ShapedCluster], fonts: [ShapedFont], glyphs: [ShapedGlyph],
      paragraphs: [ShapedParagraph]?
    ), direction: TextDirection = .rightToLeft
  ) throws -> ShapedText {
    try ShapedText(
      text: input.text, clusters: input.clusters, fonts: input.fonts, glyphs: input.glyphs,
      baseDirection: direction, paragraphs: input.paragraphs)
  }

  @Test("Every cluster's and glyph's fields read back as given, on 500 random texts")
  func fieldsReadBack() throws {
    var generator = SplitMix64(seed: 2_512)
    for _ in 0..<500 {
      let input = Self.randomInput(using: &generator)
      let shaped = try Self.shaped(input)
      #expect(Array(shaped.clusters) == input.clusters)
      #expect(Array(shaped.glyphs) == input.glyphs)
      // Bit for bit: an advance kept as whole units reads back as the very Double given.
      #expect(shaped.glyphs.map(\.advance.bitPattern) == input.glyphs.map(\.advance.bitPattern))
      let paragraphs =
        input.paragraphs ?? [
          ShapedParagraph(clusters: 0..<input.clusters.count, direction: .rightToLeft)
        ]
      #expect(shaped.paragraphs == paragraphs)
      #expect(shaped.baseDirection == paragraphs[0].direction)
      for index in input.clusters.indices {
        let holder = paragraphs.first { $0.clusters.contains(index) }
        #expect(shaped.paragraphDirection(at: index) == holder?.direction)
      }
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
        glyphs: Array(shaped.glyphs), paragraphs: shaped.paragraphs)
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
      guard !input.clusters.isEmpty, !input.glyphs.isEmpty else { continue }
      let shaped = try Self.shaped(input)
      var changed = input
      let index = Int(generator.next() % UInt64(input.clusters.count))
      let glyph = Int(generator.next() % UInt64(input.glyphs.count))
      switch generator.next() % 7 {
      case 0: changed.clusters[index].kerning += 0.5
      case 1: changed.clusters[index].breakStartAdjustment -= 0.25
      case 2: changed.clusters[index].level &+= 1
      case 3: changed.clusters[index].insertsHyphen.toggle()
      // The smallest change an advance can take, kept whole or not.
      case 4: changed.glyphs[glyph].advance = changed.glyphs[glyph].advance.nextUp
      // Another direction for the text's one paragraph, or its first.
      case 5:
        let old = shaped.paragraphs
        changed.paragraphs =
          [
            ShapedParagraph(
              clusters: old[0].clusters,
              direction: old[0].direction == .leftToRight ? .rightToLeft : .leftToRight)
          ]
          + old.dropFirst()
      default: changed.glyphs[glyph].advance += 1
      }
      #expect(try Self.shaped(changed) != shaped)
      compared += 1
    }
  }

  @Test("Texts whose glyphs differ only in the sign of a zero advance are equal and hash alike")
  func signedZeroAdvancesAreEqual() throws {
    // +0 is kept as units, -0 as given (it reads back as -0): the two texts keep their
    // advances apart, and still hold equal glyphs.
    let font = ShapedFont(
      name: "F", metrics: LineMetrics(ascent: 0.8, descent: 0.2, lineGap: 0), unitsPerEm: 1000)
    let text = "ab"
    let middle = text.index(after: text.startIndex)
    func shaped(_ zero: Double) throws -> ShapedText {
      let glyphs = [
        ShapedGlyph(id: 3, font: 0, advance: 0.5), ShapedGlyph(id: 4, font: 0, advance: zero),
      ]
      let clusters = [
        ShapedCluster(
          range: text.startIndex..<middle, advance: 0.5, breakBefore: .allowed, kind: .visible,
          glyphs: 0..<1),
        ShapedCluster(
          range: middle..<text.endIndex, advance: 0, breakBefore: .prohibited, kind: .visible,
          glyphs: 1..<2),
      ]
      return try ShapedText(text: text, clusters: clusters, fonts: [font], glyphs: glyphs)
    }
    let positive = try shaped(0)
    let negative = try shaped(-0.0)
    #expect(negative.glyphs[1].advance.sign == .minus)
    #expect(positive.glyphs[1].advance.sign == .plus)
    #expect(positive == negative)
    #expect(positive.hashValue == negative.hashValue)
    #expect(try shaped(0.001) != positive)
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
