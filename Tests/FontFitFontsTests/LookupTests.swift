import FontFitFontModel
import FontFitText
import TestSupport
import Testing

// A text of many paragraphs or many style runs is asked about once per line; the answers
// are found by halving, and must be what a scan of every paragraph or run gives.

@Suite("Paragraph and style look-ups")
struct LookupTests {
  /// Ordered runs over `length` bytes: gaps and runs of random lengths, some touching.
  private static func runs(over length: Int, using random: inout SplitMix64) -> [StyleRun] {
    var runs: [StyleRun] = []
    var position = Int.random(in: 0...3, using: &random)
    while position < length {
      let end = min(length, position + Int.random(in: 1...6, using: &random))
      var style = TextStyle()
      style.rise = Double(Int.random(in: 1...3, using: &random))
      runs.append(StyleRun(range: position..<end, style: style))
      position = end + Int.random(in: 0...2, using: &random)
    }
    return runs
  }

  @Test("A range's styled pieces are those a scan of every run gives")
  func piecesAreTheScannedOnes() {
    var random = SplitMix64(seed: 0x57_11ED)
    for _ in 0..<200 {
      let length = Int.random(in: 0...80, using: &random)
      let runs = Self.runs(over: length, using: &random)
      for _ in 0..<20 {
        let lower = Int.random(in: 0...length, using: &random)
        let range = lower..<Int.random(in: lower...length, using: &random)
        // Every run that meets the range, cut to it, with plain stretches between.
        var expected: [StyleRun] = []
        var position = range.lowerBound
        for run in runs where run.range.overlaps(range) {
          let start = max(run.range.lowerBound, range.lowerBound)
          if start > position {
            expected.append(StyleRun(range: position..<start, style: TextStyle()))
          }
          let end = min(run.range.upperBound, range.upperBound)
          expected.append(StyleRun(range: start..<end, style: run.style))
          position = end
        }
        if !range.isEmpty, position < range.upperBound {
          expected.append(StyleRun(range: position..<range.upperBound, style: TextStyle()))
        }
        #expect(StyledText.pieces(of: range, in: runs) == expected, "\(range) of \(runs)")
        let offset = Int.random(in: 0...length, using: &random)
        #expect(
          StyledText.style(at: offset, in: runs)
            == (runs.first { $0.range.contains(offset) }?.style ?? TextStyle()))
      }
    }
  }

  @Test("A cluster's paragraph direction is the direction of the paragraph that holds it")
  func paragraphDirectionIsTheHoldingParagraphs() throws {
    var random = SplitMix64(seed: 0x9A_4A)
    let plain = ArithmeticShaper().shape(String(repeating: "a", count: 300))
    for _ in 0..<50 {
      // Paragraphs in order, some empty, with gaps between some: a cluster in a gap takes
      // the text's base direction (its first paragraph's).
      var paragraphs: [ShapedParagraph] = []
      var start = Int.random(in: 0...3, using: &random)
      while start < plain.clusters.count {
        let end = min(plain.clusters.count, start + Int.random(in: 0...40, using: &random))
        let direction: TextDirection = Bool.random(using: &random) ? .rightToLeft : .leftToRight
        paragraphs.append(ShapedParagraph(clusters: start..<end, direction: direction))
        start = end + Int.random(in: 0...2, using: &random)
      }
      let shaped = try ShapedText(
        text: plain.text, clusters: Array(plain.clusters), fonts: plain.fonts,
        paragraphs: paragraphs)
      let base = paragraphs.first?.direction ?? .leftToRight
      for index in 0..<plain.clusters.count {
        let holder = paragraphs.first { $0.clusters.contains(index) }
        #expect(
          shaped.paragraphDirection(at: index) == holder?.direction ?? base, "cluster \(index)")
      }
    }
  }

  @Test("Paragraphs out of order or overlapping are refused")
  func paragraphsMustBeInOrder() {
    let plain = ArithmeticShaper().shape("abcdefghij")
    for paragraphs in [
      [(5, 10), (0, 5)], [(0, 6), (5, 10)], [(2, 10), (0, 3), (5, 7)], [(0, 11)], [(-1, 3)],
    ] {
      #expect(throws: ShapedTextError.paragraphOutOfRange) {
        try ShapedText(
          text: plain.text, clusters: Array(plain.clusters), fonts: plain.fonts,
          paragraphs: paragraphs.map {
            ShapedParagraph(clusters: $0.0..<$0.1, direction: .leftToRight)
          })
      }
    }
  }
}
