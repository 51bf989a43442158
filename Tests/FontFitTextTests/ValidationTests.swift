import TestSupport
import Testing

@_spi(Engine) @testable import FontFitText

/// Public values check their invariants when made, so layout never traps on them (issue 6).
@Suite("Validated values (issue 6)")
struct ValidationTests {
  private let font = ShapedFont(
    name: "Test", metrics: LineMetrics(ascent: 1, descent: 0.25, lineGap: 0))

  private func clusters(_ text: String, font: Int = 0) -> [ShapedCluster] {
    var result: [ShapedCluster] = []
    var index = text.startIndex
    for character in text {
      let next = text.index(after: index)
      result.append(
        ShapedCluster(
          range: index..<next, advance: 0.5, breakBefore: .prohibited,
          kind: ClusterKind(character), font: font))
      index = next
    }
    return result
  }

  @Test("Shaped text with no fonts is refused instead of crashing layout")
  func noFonts() {
    #expect(throws: ShapedTextError.noFonts) {
      try ShapedText(text: "ab", clusters: clusters("ab"), fonts: [])
    }
  }

  @Test("A cluster naming a font that is not there is refused")
  func fontOutOfRange() {
    #expect(throws: ShapedTextError.fontOutOfRange(cluster: 0, font: 3, fontCount: 1)) {
      try ShapedText(text: "ab", clusters: clusters("ab", font: 3), fonts: [font])
    }
  }

  @Test("Font and glyph indices beyond 32 bits are refused, not wrapped round to valid ones")
  func indicesBeyondThirtyTwoBits() {
    // 2³² would wrap to font 0, which exists; clamped, it stays out of range.
    #expect(throws: ShapedTextError.fontOutOfRange(cluster: 0, font: Int(Int32.max), fontCount: 1))
    {
      try ShapedText(text: "ab", clusters: clusters("ab", font: 1 << 32), fonts: [font])
    }
    #expect(throws: ShapedTextError.fontOutOfRange(cluster: 0, font: Int(Int32.min), fontCount: 1))
    {
      try ShapedText(text: "ab", clusters: clusters("ab", font: -(1 << 40)), fonts: [font])
    }
    var wide = clusters("ab")
    wide[0].glyphs = (1 << 32)..<((1 << 32) + 1)
    #expect(throws: ShapedTextError.glyphsOutOfRange(cluster: 0)) {
      try ShapedText(
        text: "ab", clusters: wide, fonts: [font],
        glyphs: [ShapedGlyph(id: 1, font: 0, advance: 0.5)])
    }
    let glyph = ShapedGlyph(id: 1, font: 1 << 32, advance: 0.5)
    #expect(throws: ShapedTextError.glyphFontOutOfRange(glyph: 0)) {
      try ShapedText(text: "ab", clusters: clusters("ab"), fonts: [font], glyphs: [glyph])
    }
  }

  @Test("Clusters must cover the whole text, in order")
  func coverage() {
    #expect(throws: ShapedTextError.textNotCovered(clusterCount: 1)) {
      try ShapedText(text: "ab", clusters: Array(clusters("ab").prefix(1)), fonts: [font])
    }
    #expect(throws: ShapedTextError.rangeOutOfOrder(cluster: 0)) {
      try ShapedText(text: "ab", clusters: Array(clusters("ab").reversed()), fonts: [font])
    }
  }

  @Test("Non-finite advances and negative metrics are refused")
  func nonFinite() {
    var broken = clusters("ab")
    broken[1].advance = .nan
    #expect(throws: ShapedTextError.nonFiniteAdvance(cluster: 1)) {
      try ShapedText(text: "ab", clusters: broken, fonts: [font])
    }
    let negative = ShapedFont(name: "Bad", metrics: LineMetrics(ascent: -1, descent: 0, lineGap: 0))
    #expect(throws: ShapedTextError.invalidMetrics(font: 0)) {
      try ShapedText(text: "ab", clusters: clusters("ab"), fonts: [negative])
    }
  }

  @Test("Consistent shaped text is accepted, the empty text included")
  func accepted() throws {
    #expect(try ShapedText(text: "ab", clusters: clusters("ab"), fonts: [font]).count == 2)
    #expect(try ShapedText(text: "", clusters: [], fonts: [font]).count == 0)
  }

  @Test(
    "Layout options out of range are errors, not silent repairs",
    arguments: [
      (Size(width: -1, height: 10), 0, 1.0),
      (Size(width: 10, height: .nan), 0, 1.0),
      (Size(width: 10, height: 10), -2, 1.0),
      (Size(width: 10, height: 10), 0, 0.0),
      (Size(width: 10, height: 10), 0, Double.infinity),
    ])
  func invalidOptions(box: Size, lines: Int, multiple: Double) {
    #expect(throws: LayoutOptionsError.self) {
      try LayoutOptions(box: box, maximumLines: lines, lineHeightMultiple: multiple)
    }
  }

  @Test("An infinite box is a valid box: no limit")
  func infiniteBox() throws {
    let options = try LayoutOptions(box: Size(width: .infinity, height: .infinity))
    #expect(options.box.width == .infinity)
  }

  @Test(
    "A fixed size grid refuses sizes that are not positive finite numbers",
    arguments: [
      Double.nan, 0, -3, .infinity,
    ])
  func fixedSize(size: Double) {
    #expect(throws: FitPolicyError.self) { try FontSizeRange(fixed: size) }
  }

  @Test("A size grid is a collection: ascending from the minimum, ending at the maximum")
  func collection() throws {
    let sizes = try FontSizeRange(minimum: 10, maximum: 12.2, step: 0.5)
    #expect(Array(sizes) == [10, 10.5, 11, 11.5, 12, 12.2])
    #expect(sizes.first == 10)
    #expect(sizes.last == 12.2)
    #expect(Array(sizes.reversed()).first == 12.2)
  }

  @Test("Numbers are written without a needless fraction, in one way everywhere")
  func numbers() {
    #expect(TextFormat.string(17) == "17")
    #expect(TextFormat.string(16.5) == "16.5")
    #expect(TextFormat.string(23.4375, fractionDigits: 3) == "23.438")
    #expect(TextFormat.string(-0.0) == "0")
    #expect(TextFormat.codePoint(0x4E2D) == "U+4E2D")
    #expect(TextFormat.codePoint(0x41) == "U+0041")
    #expect(TextFormat.quoted("a\"b\\\n") == #""a\"b\\\n""#)
    #expect(TextFormat.string(-0.0004, fractionDigits: 3) == "0")
    #expect(TextFormat.string(-2.5, fractionDigits: 3) == "-2.5")
    #expect(TextFormat.string(0.001, fractionDigits: 3) == "0.001")
  }

  @Test("Rounded numbers written digit by digit read as Swift writes the rounded double")
  func roundedNumbers() {
    var generator = SplitMix64(seed: 2026)
    for _ in 0..<20_000 {
      let magnitude = [1.0, 10, 1000, 1e6, 9.99e8][Int(generator.next() % 5)]
      let unit = Double(generator.next() % 1_000_000_007) / 1_000_000_007
      let value = (generator.next() % 2 == 0 ? 1 : -1) * unit * magnitude
      for digits in 0...6 {
        let rounded = TextFormat.rounded(value, fractionDigits: digits)
        let expected =
          rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
        #expect(TextFormat.string(value, fractionDigits: digits) == expected)
        // A rounded double written without rounding, as JSON dumps write lengths, reads the same.
        #expect(TextFormat.string(rounded) == expected)
        var bytes: [UInt8] = []
        TextFormat.withUTF8(of: value, fractionDigits: digits) { bytes.append(contentsOf: $0) }
        TextFormat.withUTF8(of: rounded) { bytes.append(contentsOf: $0) }
        #expect(bytes == Array((expected + expected).utf8))
      }
      // Integers as `String` writes them, the sign inside the digits' buffer.
      let integer = Int(truncatingIfNeeded: generator.next())
      for number in [integer, integer / 1_000_003, -1, 0, Int.min, Int.max] {
        var bytes: [UInt8] = []
        TextFormat.withUTF8(ofInteger: number) { bytes.append(contentsOf: $0) }
        #expect(bytes == Array(String(number).utf8))
      }
      let whole = value == value.rounded() && abs(value) < 1e15
      #expect(TextFormat.string(value) == (whole ? String(Int64(value)) : String(value)))
      // Halves of the last place kept, and the doubles beside them, round as `rounded()`
      // does: away from zero, and only from the half itself.
      let half = (generator.next() % 2 == 0 ? 1 : -1) * Double(generator.next() % 2_000_000) / 2000
      for near in [half, half.nextUp, half.nextDown] {
        let rounded = (near * 1000).rounded() / 1000
        let expected = rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
        #expect(TextFormat.string(near, fractionDigits: 3) == expected, "\(near)")
      }
    }
  }
}

@Suite("Memory per character (issue 12)")
struct MemoryPerCharacterTests {
  /// README's memory bound (`bench --limits`) rests on what a shaped character costs.
  @Test("A shaped cluster packs its one-byte fields: 80 bytes a character, a glyph 40")
  func clusterAndGlyphSizes() {
    #expect(MemoryLayout<ShapedCluster>.stride <= 80)
    #expect(MemoryLayout<ShapedGlyph>.stride <= 40)
  }
}

@Suite("Size ranges with a floor (issue 24)")
struct SizeFloorTests {
  @Test("Dropping the sizes below a floor keeps exactly the candidates at or above it")
  func droppingKeepsTheSizesAbove() throws {
    var random = SplitMix64(seed: 2424)
    for round in 0..<400 {
      let minimum = Double(Int.random(in: 4...20, using: &random)) / 2
      let step = [0.25, 0.5, 1, 1.5][Int.random(in: 0..<4, using: &random)]
      let maximum = minimum + Double(Int.random(in: 0...40, using: &random)) * step / 2
      let sizes: FontSizeRange =
        round % 4 == 0
        ? try FontSizeRange(
          presets: (0..<6).map { _ in Double(Int.random(in: 8...60, using: &random)) / 2 })
        : try FontSizeRange(minimum: minimum, maximum: maximum, step: step)
      let floor =
        sizes.minimum + Double.random(in: -1...(sizes.maximum - sizes.minimum + 2), using: &random)
      let dropped = sizes.dropping(below: floor)
      let expected = sizes.filter { $0 >= floor - 1e-9 }
      let wanted = expected.isEmpty ? [sizes.maximum] : Array(expected)
      #expect(dropped.count == wanted.count, "\(sizes.map { $0 }) above \(floor)")
      for (ours, theirs) in zip(dropped, wanted) {
        #expect(abs(ours - theirs) < 1e-9, "\(sizes.map { $0 }) above \(floor)")
      }
    }
  }
}

@Suite("Control characters in messages")
struct ControlCharacterTests {
  @Test("A string has control characters exactly when one of its scalars is one")
  func controlCharactersFoundByScalar() {
    // ASCII, C0 and DEL, C1, bidi controls and other scalars, in random strings: the answer
    // read from the bytes while they are ASCII is the scalars' answer.
    let pieces: [Unicode.Scalar] = [
      "a", "Z", "0", " ", "~", "\u{0}", "\u{9}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}",
      "é", "字", "\u{61C}", "\u{200E}", "\u{202A}", "\u{2066}", "\u{2069}", "\u{200D}", "🙂",
    ]
    var random = SplitMix64(seed: 12)
    for _ in 0..<3000 {
      var string = ""
      for _ in 0..<Int(random.next() % 12) {
        // Mostly plain ASCII letters, as ids and names are.
        let scalar: Unicode.Scalar =
          random.next() % 3 == 0 ? pieces[Int(random.next() % UInt64(pieces.count))] : "x"
        string.unicodeScalars.append(scalar)
      }
      let expected = string.unicodeScalars.contains(where: TextFormat.isControl)
      #expect(TextFormat.hasControlCharacters(string) == expected, "\(string.debugDescription)")
    }
  }
}
