import TestSupport
import Testing

@_spi(Engine) @testable import FontFitText

/// `text` from the arithmetic shaper, with a 0.5em hyphen in its font and every cluster but the
/// first marked as taking one at a forced break when `hyphenates` is set.
private func hyphenating(_ text: String, hyphenates: Bool = true) throws -> ShapedText {
  let plain = ArithmeticShaper().shape(text)
  var fonts = plain.fonts
  fonts[0].hyphen = ShapedHyphen(text: "‐", glyph: ShapedGlyph(id: 0x2010, font: 0, advance: 0.5))
  var clusters = Array(plain.clusters)
  for index in clusters.indices.dropFirst() { clusters[index].insertsHyphen = hyphenates }
  return try ShapedText(text: text, clusters: clusters, fonts: fonts)
}

private func lines(_ shaped: ShapedText, width: Double) throws -> [TextLine] {
  TextLayouter(shaped: shaped, truncationToken: nil).layout(
    pointSize: 10,
    options: try LayoutOptions(box: Size(width: width, height: .infinity), lineBreakMode: .wordWrap)
  ).lines
}

@Suite("Hyphens at forced breaks (issue 7)")
struct HyphenTests {
  @Test("A word broken because it alone is wider than the line ends with a hyphen that fits")
  func forcedBreak() throws {
    // Ten 5pt letters in 30pt: five letters and the 5pt hyphen fill a line, as in Pango.
    let broken = try lines(try hyphenating("aaaaaaaaaa"), width: 30)
    #expect(broken.map(\.text) == ["aaaaa‐", "aaaaa"])
    #expect(broken.map(\.width) == [30, 25])
    #expect(broken[0].endsWithInsertedHyphen)
    #expect(!broken[1].endsWithInsertedHyphen)
  }

  @Test("Without a hyphen where the shaper says none goes, the break takes the whole width")
  func noHyphen() throws {
    let broken = try lines(try hyphenating("aaaaaaaaaa", hyphenates: false), width: 30)
    #expect(broken.map(\.text) == ["aaaaaa", "aaaa"])
  }

  @Test("Breaks at spaces never take a hyphen")
  func wordBreaks() throws {
    let broken = try lines(try hyphenating("aaa bbb ccc"), width: 40)
    #expect(broken.map(\.text) == ["aaa bbb", "ccc"])
  }

  @Test("A block's line texts and count, read before and after its lines, are its lines'")
  func lineTexts() throws {
    // Hyphens, truncation tokens and line limits, on random texts: what the dump reads of a
    // block without building its lines.
    var generator = SplitMix64(seed: 47)
    var hyphenated = 0
    var truncated = 0
    for round in 0..<300 {
      let text = randomText(using: &generator)
      let token = ArithmeticShaper().shape("…")
      let layouter = TextLayouter(shaped: try hyphenating(text), truncationToken: token)
      let options = try LayoutOptions(
        box: Size(width: Double.random(in: 12...200, using: &generator), height: .infinity),
        maximumLines: round % 3, lineBreakMode: round % 2 == 0 ? .wordWrap : .truncateTail)
      let block = layouter.layout(pointSize: 10, options: options)
      let before = block.lineTexts
      let count = block.lineCount
      let lines = block.lines
      #expect(count == lines.count)
      #expect(block.lineCount == count)
      #expect(before == lines.map(\.text), "\(text.debugDescription)")
      #expect(block.lineTexts == before)
      if lines.contains(where: \.endsWithInsertedHyphen) { hyphenated += 1 }
      if lines.contains(where: \.isTruncated) { truncated += 1 }
    }
    // The texts had both to compare.
    #expect(hyphenated > 20 && truncated > 20, "\(hyphenated) hyphenated, \(truncated) truncated")
  }

  @Test("Lines with hyphens stay within the width, on random texts and widths")
  func withinWidth() throws {
    var generator = SplitMix64(seed: 31)
    for _ in 0..<200 {
      let text = randomText(using: &generator)
      let width = Double.random(in: 12...200, using: &generator)
      for line in try lines(try hyphenating(text), width: width) where line.text.count > 2 {
        #expect(line.width <= width + 1e-9, "\(text.debugDescription) at \(width)")
      }
    }
  }
}

/// A reshaper that answers from a table: breaks change the pieces' widths by `ends` and
/// `starts`, and `hyphens` says where a break takes a hyphen.
private final class TableReshaper: BreakReshaping {
  let hyphens: [Bool]
  let ends: [Int: Double]
  let starts: [Int: Double]

  init(hyphens: [Bool], ends: [Int: Double], starts: [Int: Double]) {
    self.hyphens = hyphens
    self.ends = ends
    self.starts = starts
  }

  func adjustment(before index: Int, in text: ShapedText) -> BreakAdjustment {
    guard index > 0, index < hyphens.count else { return BreakAdjustment() }
    return BreakAdjustment(
      end: ends[index] ?? 0, start: starts[index] ?? 0, insertsHyphen: hyphens[index])
  }
}

@Suite("Forced breaks with a reshaper")
struct ReshapedForcedBreakTests {
  @Test("A reshaper's answers and the same answers written into the clusters break alike")
  func reshaperMatchesWrittenAnswers() throws {
    // Breaks that narrow the line by up to 1.5em, widen it, or take a hyphen or not: asked of
    // a reshaper as the layout goes, or read from the clusters, the lines are the same.
    var generator = SplitMix64(seed: 2026_1209)
    var narrowedIntoFit = 0
    for _ in 0..<400 {
      let count = Int(4 + generator.next() % 30)
      let text = String(repeating: "a", count: count)
      let plain = ArithmeticShaper().shape(text)
      var fonts = plain.fonts
      fonts[0].hyphen = ShapedHyphen(
        text: "‐", glyph: ShapedGlyph(id: 0x2010, font: 0, advance: 0.5))
      var hyphens: [Bool] = []
      var ends: [Int: Double] = [:]
      var starts: [Int: Double] = [:]
      for index in 0..<count {
        hyphens.append(generator.next() % 3 != 0)
        if index > 0, generator.next() % 4 == 0 {
          ends[index] = Double(Int(generator.next() % 9) - 6) * 0.25
          starts[index] = Double(Int(generator.next() % 5) - 2) * 0.25
        }
      }
      let reshaper = TableReshaper(hyphens: hyphens, ends: ends, starts: starts)
      let reshaped = ShapedText(
        validatedText: text, clusters: Array(plain.clusters), fonts: fonts,
        missingCharacters: [], reshaper: reshaper)
      var written = Array(plain.clusters)
      for index in written.indices {
        let answer = reshaper.adjustment(before: index, in: reshaped)
        written[index].insertsHyphen = answer.insertsHyphen
        written[index].breakEndAdjustment = answer.end
        written[index].breakStartAdjustment = answer.start
      }
      let eager = try ShapedText(text: text, clusters: written, fonts: fonts)
      let width = Double(generator.next() % 160) / 4 + 6
      let found = try lines(reshaped, width: width)
      let expected = try lines(eager, width: width)
      #expect(found.map(\.text) == expected.map(\.text), "\(count) letters in \(width)")
      #expect(found.map(\.width) == expected.map(\.width), "\(count) letters in \(width)")
      // How many lines end at a break that narrows them.
      var start = 0
      for line in expected.dropLast() {
        let end = start + line.text.filter { $0 == "a" }.count
        if let narrowing = ends[end], narrowing < 0 { narrowedIntoFit += 1 }
        start = end
      }
    }
    #expect(narrowedIntoFit > 20)
  }
}
