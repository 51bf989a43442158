@_spi(Engine) import TestSupport
import Testing

@_spi(Engine) @testable import FontFitText

private let shaper = ArithmeticShaper()

@Suite("Size grid")
struct FontSizeRangeTests {
  @Test("The grid runs from the minimum in steps and always ends at the maximum")
  func grid() throws {
    let sizes = try FontSizeRange(minimum: 10, maximum: 17.3, step: 0.5)
    #expect(sizes.count == 16)
    #expect(sizes[0] == 10)
    #expect(sizes[14] == 17)
    #expect(sizes[15] == 17.3)
    let exact = try FontSizeRange(minimum: 10, maximum: 17, step: 0.5)
    #expect(exact.count == 15)
    #expect(exact[14] == 17)
  }

  @Test("A maximum below the minimum wins: text is never made larger than designed")
  func maximumWins() throws {
    let sizes = try FontSizeRange(minimum: 10, maximum: 8, step: 0.5)
    #expect(sizes.count == 1)
    #expect(sizes[0] == 8)
  }

  @Test(
    "Non-positive and non-finite values are refused",
    arguments: [(0.0, 17.0, 0.5), (-1, 17, 0.5), (10, 17, 0), (10, .nan, 0.5), (10, 17, .infinity)])
  func invalid(minimum: Double, maximum: Double, step: Double) throws {
    #expect(throws: FitPolicyError.self) {
      try FontSizeRange(minimum: minimum, maximum: maximum, step: step)
    }
  }
}

@Suite("Fitting")
struct FittingTests {
  private func fitter(_ text: String) -> Fitter {
    Fitter(shaped: shaper.shape(text), truncationToken: shaper.shape("…"))
  }

  @Test("A fit's fonts and hyphenation dictionary read back as set, none, or none inside")
  func keptFieldsReadBack() throws {
    let sizes = try FontSizeRange(minimum: 4, maximum: 20, step: 0.5)
    let box = try LayoutOptions(box: Size(width: 100, height: 50))
    var result = fitter("fits").fit(sizes: sizes, options: box)
    // A fit that never reaches the hyphenation lever used no dictionary: nil, not nil inside.
    #expect(result.hyphenationDictionary == nil)
    #expect(result.fonts == ["Test"])
    let unchanged = result
    for dictionary: String?? in [.some(nil), .some("/usr/share/hyphen/hyph_de_DE.dic"), nil] {
      result.hyphenationDictionary = dictionary
      #expect(result.hyphenationDictionary == dictionary)
      #expect((result == unchanged) == (dictionary == nil))
    }
    result.fonts = ["A", "B"]
    #expect(result.fonts == ["A", "B"])
    #expect(result != unchanged)
    result.fonts = ["Test"]
    #expect(result == unchanged)
    #expect(result.hashValue == unchanged.hashValue)
  }

  @Test("A text that fits keeps the maximum size; a longer one shrinks")
  func shrink() throws {
    let sizes = try FontSizeRange(minimum: 4, maximum: 20, step: 0.5)
    let box = try LayoutOptions(box: Size(width: 100, height: 50))
    let short = fitter("fits").fit(sizes: sizes, options: box)
    #expect(short.pointSize == 20)
    #expect(short.fits && !short.isShrunk)
    let long = fitter(String(repeating: "word ", count: 30)).fit(sizes: sizes, options: box)
    #expect(long.fits && long.isShrunk)
    #expect(long.textSize.height <= 50)
    // The next size up must not fit, or the fit was not the largest.
    let larger = fitter(String(repeating: "word ", count: 30)).layouter.fits(
      pointSize: long.pointSize + 0.5, options: box)
    #expect(!larger)
  }

  @Test("When nothing fits, the minimum size is used, truncated, and fits is false")
  func nothingFits() throws {
    let sizes = try FontSizeRange(minimum: 10, maximum: 20, step: 1)
    let result = fitter(String(repeating: "overflowing ", count: 40)).fit(
      sizes: sizes, options: try LayoutOptions(box: Size(width: 100, height: 40)))
    #expect(result.pointSize == 10)
    #expect(!result.fits)
    #expect(result.lines.last?.text.hasSuffix("…") == true)
    #expect(result.textSize.height <= 40)
    #expect(result.block.hiddenCharacterCount > 0)
  }

  @Test("Bisection chooses the same size as trying every size from the top", arguments: 0..<4)
  func bisectionMatchesDescent(batch: UInt64) throws {
    var generator = SplitMix64(seed: batch)
    for _ in 0..<100 {
      let text = randomText(using: &generator)
      let sizes = try FontSizeRange(
        minimum: Double.random(in: 2...10, using: &generator),
        maximum: Double.random(in: 10...40, using: &generator),
        step: [0.1, 0.25, 0.5, 1, 1.5].randomElement(using: &generator) ?? 0.5)
      let options = try randomOptions(
        widths: 20...400, heights: 10...300, anyMode: true,
        using: &generator)
      let fitter = fitter(text)
      let bisected = fitter.fit(sizes: sizes, options: options, search: .bisection)
      let descended = fitter.fit(sizes: sizes, options: options, search: .exhaustiveDescent)
      #expect(bisected.block == descended.block)
    }
  }

  /// "aa aa X X" where the X and the space between them are in a second font.
  private func twoFontText(_ first: LineMetrics, _ second: LineMetrics) throws -> ShapedText {
    let text = "aa aa X X"
    let breaks = SpaceAndHyphenLineBreaker().opportunities(in: text)
    var clusters: [ShapedCluster] = []
    var index = text.startIndex
    for (offset, character) in text.enumerated() {
      let next = text.index(after: index)
      clusters.append(
        ShapedCluster(
          range: index..<next, advance: character == " " ? 0.25 : 0.5,
          breakBefore: breaks[offset], kind: ClusterKind(character),
          font: offset >= 6 ? 1 : 0))
      index = next
    }
    return try ShapedText(
      text: text, clusters: clusters,
      fonts: [
        ShapedFont(name: "first", metrics: first), ShapedFont(name: "second", metrics: second),
      ])
  }

  @Test(
    "Mixed font metrics make fitting non-monotone, and the automatic search stays exact",
    arguments: [
      // A taller second font.
      (
        LineMetrics(ascent: 1, descent: 0.2, lineGap: 0),
        LineMetrics(ascent: 1.2, descent: 0.3, lineGap: 0)
      ),
      // The same height split differently: a mixed line is taller than either font.
      (
        LineMetrics(ascent: 1.2, descent: 0, lineGap: 0),
        LineMetrics(ascent: 0.7, descent: 0.5, lineGap: 0)
      ),
    ])
  func mixedMetrics(first: LineMetrics, second: LineMetrics) throws {
    let fitter = Fitter(shaped: try twoFontText(first, second), truncationToken: nil)
    var nonMonotoneBoxes = 0
    var automaticLayouts = 0
    var descentLayouts = 0
    for width in stride(from: 20.0, through: 80, by: 0.5) {
      for height in stride(from: 10.0, through: 60, by: 1) {
        let options = try LayoutOptions(box: Size(width: width, height: height))
        var sawFit = false
        var nonMonotone = false
        for size in stride(from: 14.0, through: 4, by: -0.5) {
          let fits = fitter.layouter.fits(pointSize: size, options: options)
          nonMonotone = nonMonotone || (sawFit && !fits)
          sawFit = sawFit || fits
        }
        if nonMonotone { nonMonotoneBoxes += 1 }
        let sizes = try FontSizeRange(minimum: 4, maximum: 14, step: 0.5)
        let automatic = fitter.fit(sizes: sizes, options: options)
        let descended = fitter.fit(sizes: sizes, options: options, search: .exhaustiveDescent)
        #expect(automatic.block == descended.block, "box \(width)×\(height)")
        automaticLayouts += automatic.layoutsTried
        descentLayouts += descended.layoutsTried
      }
    }
    #expect(nonMonotoneBoxes > 0, "no non-monotone box; the automatic search would be untested")
    print(
      "mixed metrics: \(nonMonotoneBoxes) non-monotone boxes; layouts \(automaticLayouts) automatic vs \(descentLayouts) descent"
    )
  }

  @Test("Fitting is monotone: below a size that fits, every size fits", arguments: 0..<4)
  func monotone(batch: UInt64) throws {
    var generator = SplitMix64(seed: 100 + batch)
    for _ in 0..<50 {
      let text = randomText(using: &generator)
      let options = try randomOptions(
        widths: 20...300, heights: 10...200, anyMode: false,
        using: &generator)
      let layouter = fitter(text).layouter
      var sawFailure = false
      for size in stride(from: 1.0, through: 40, by: 0.25) {
        let fits = layouter.fits(pointSize: size, options: options)
        #expect(!(fits && sawFailure), "\(text.debugDescription) fits at \(size) after failing")
        sawFailure = sawFailure || !fits
      }
    }
  }

  @Test("Every fitting result is no wider and no taller than its box", arguments: 0..<4)
  func fitsMeansInside(batch: UInt64) throws {
    var generator = SplitMix64(seed: 200 + batch)
    for _ in 0..<100 {
      let text = randomText(using: &generator)
      let options = try randomOptions(
        widths: 10...300, heights: 5...200, anyMode: false,
        using: &generator)
      let result = fitter(text).fit(
        sizes: try FontSizeRange(minimum: 6, maximum: 30, step: 0.5), options: options)
      if result.fits {
        #expect(result.textSize.width <= options.box.width + 1e-6)
        #expect(result.textSize.height <= options.box.height + 1e-6)
        #expect(options.maximumLines == 0 || result.lines.count <= options.maximumLines)
        // Nothing is dropped: the lines hold every non-space character, in order.
        let shown = result.lines.map(\.text).joined().filter { !$0.isWhitespace }
        #expect(shown == text.filter { !$0.isWhitespace })
      }
    }
  }
}

@Suite("The fonts a fit names")
struct UsedFontsTests {
  @Test(
    "The one font name is found without the list, and agrees with the list, for any fonts drawn"
  )
  func onlyNameAgreesWithNames() {
    var random = SplitMix64(seed: 31)
    let metrics = LineMetrics(ascent: 0.8, descent: 0.2, lineGap: 0)
    for _ in 0..<2_000 {
      // Few names, so that one face drawn at several sizes (one name twice) comes up.
      let fonts = (0..<Int(1 + random.next() % 70)).map { _ in
        ShapedFont(name: ["A", "B", "C"][Int(random.next() % 3)], metrics: metrics)
      }
      let sparse = random.next() & random.next() & random.next()
      let mask = random.next() % 3 == 0 ? UInt64(1) << (random.next() % 64) : sparse
      let used = UsedFonts.drawn(fonts: fonts, mask: mask)
      let names = used.names
      #expect(used.onlyName == (names.count == 1 ? names[0] : nil), "\(mask)")
    }
    #expect(UsedFonts.names(["A"]).onlyName == "A")
    #expect(UsedFonts.names(["A", "B"]).onlyName == nil)
    #expect(UsedFonts.names([]).onlyName == nil)
  }
}
