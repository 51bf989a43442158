@_spi(Engine) import TestSupport
import Testing

@_spi(Engine) @testable import FontFitText

private let shaper = ArithmeticShaper()

/// A fitter for `text` measured by the arithmetic shaper, with an ellipsis token.
private func fitter(_ text: String) -> Fitter {
  Fitter(shaped: shaper.shape(text), truncationToken: shaper.shape("…"))
}

@Suite("Whole words, hard line breaks and presets")
struct FitModeTests {
  @Test("A word too wide for the line at the design size shrinks the text instead of breaking")
  func wholeWordShrinks() throws {
    // "Uploading" is 8 × 0.5em + 0.25em (the i) = 4.25em: 72.25pt at 17pt, and no wider than
    // 60pt only at 14.1pt or less.
    let options = try LayoutOptions(box: Size(width: 60, height: 100))
    let sizes = try FontSizeRange(minimum: 6, maximum: 17, step: 0.5)
    let broken = fitter("Uploading files").fit(sizes: sizes, options: options)
    #expect(broken.pointSize == 17)
    #expect(broken.block.breaksWords)
    let whole = fitter("Uploading files").fit(
      sizes: sizes, options: options, keepingWordsWhole: true)
    #expect(whole.pointSize == 14)
    #expect(!whole.block.breaksWords)
    #expect(whole.lines.map(\.text) == ["Uploading", "files"])
  }

  @Test("When no size keeps every word whole, words break at the smallest size, fewest broken")
  func wholeWordsImpossible() throws {
    // At the minimum, 6pt, "supercalifragilisticexpialidocious" is 34 × 3 = 102pt: wider than 60.
    let options = try LayoutOptions(box: Size(width: 60, height: 200))
    let sizes = try FontSizeRange(minimum: 6, maximum: 17, step: 0.5)
    let text = "a supercalifragilisticexpialidocious word"
    let plain = fitter(text).fit(sizes: sizes, options: options)
    let whole = fitter(text).fit(sizes: sizes, options: options, keepingWordsWhole: true)
    #expect(plain.pointSize == 17)
    #expect(whole.pointSize == 6)
    #expect(whole.fits)
    #expect(whole.block.breaksWords)
  }

  @Test("Keeping words whole: never a broken word when a size allows it, never larger than plain")
  func wholeWordProperties() throws {
    var generator = SplitMix64(seed: 1010)
    var shrunkFurther = 0
    for _ in 0..<600 {
      let text = randomText(using: &generator)
      let options = try randomOptions(
        widths: 20...300, heights: 10...200, anyMode: false, using: &generator)
      let sizes = try FontSizeRange(minimum: 4, maximum: 24, step: 0.5)
      let plain = fitter(text).fit(sizes: sizes, options: options)
      let whole = fitter(text).fit(sizes: sizes, options: options, keepingWordsWhole: true)
      #expect(whole.pointSize <= plain.pointSize, "\(text.debugDescription)")
      // Smaller sizes fit whenever larger ones do (one font, one set of metrics).
      if plain.fits { #expect(whole.fits, "\(text.debugDescription)") }
      if whole.pointSize < plain.pointSize { shrunkFurther += 1 }
      // Whole words at the minimum are possible exactly when the fit keeps them whole.
      let possible = fitter(text).layouter.fits(
        pointSize: sizes.minimum, options: options, keepingWordsWhole: true)
      if possible { #expect(!whole.block.breaksWords, "\(text.debugDescription)") }
    }
    #expect(shrunkFurther > 20)
  }

  @Test("More hard line breaks than the line limit is reported at once, at the largest size")
  func hardLineBreaks() throws {
    let options = try LayoutOptions(box: Size(width: 300, height: 300), maximumLines: 2)
    let sizes = try FontSizeRange(minimum: 6, maximum: 17, step: 0.5)
    let result = fitter("one\ntwo\nthree").fit(sizes: sizes, options: options)
    #expect(result.failure == .tooManyLineBreaks(lines: 3, allowed: 2))
    #expect(result.pointSize == 17)
    #expect(result.layoutsTried == 1)
    #expect(result.lines.count == 2)
    // Two hard lines within a limit of two fit as usual, and so do line separators at the end.
    #expect(fitter("one\ntwo").fit(sizes: sizes, options: options).fits)
    let trailing = fitter("one\ntwo\n").fit(sizes: sizes, options: options)
    #expect(trailing.failure == .tooManyLineBreaks(lines: 3, allowed: 2))
  }

  @Test("The hard line count counts every line a text's separators make, whatever the width")
  func hardLineCount() {
    let cases: [(String, Int)] = [
      ("", 0), ("a", 1), ("a b c", 1), ("a\nb", 2), ("a\n", 2), ("a\n\nb", 3), ("\n", 2),
      ("a\r\nb", 2), ("a\u{2028}b\u{2029}c", 3),
    ]
    for (text, lines) in cases {
      let columns = shaper.shape(text).columns
      #expect(columns.hardLineCount == lines, "\(text.debugDescription)")
      // The wrapped lines at any width are never fewer.
      let wrapped = LineWrapper(
        shaped: shaper.shape(text), pointSize: 10, lineHeightMultiple: 1, wrapsAnywhere: false
      ).lines(width: 1000)
      #expect(wrapped.count == lines, "\(text.debugDescription)")
    }
  }

  @Test("Presets: the largest preset that fits, the smallest when none does, nothing else")
  func presets() throws {
    let sizes = try FontSizeRange(presets: [24, 9, 18, 13, 18])
    #expect(Array(sizes) == [9, 13, 18, 24])
    #expect(sizes.step == 0)
    var generator = SplitMix64(seed: 77)
    for _ in 0..<300 {
      let text = randomText(using: &generator)
      let options = try randomOptions(
        widths: 20...300, heights: 10...200, anyMode: false, using: &generator)
      let result = fitter(text).fit(sizes: sizes, options: options)
      #expect([9, 13, 18, 24].contains(result.pointSize))
      if case .tooManyLineBreaks = result.failure {
        #expect(result.pointSize == 24)
        continue
      }
      let reference = [24.0, 18, 13, 9].first {
        fitter(text).layouter.fits(pointSize: $0, options: options)
      }
      #expect(result.pointSize == reference ?? 9, "\(text.debugDescription)")
      #expect(result.fits == (reference != nil))
    }
  }

  @Test("Bad preset lists are refused", arguments: [[], [0.0], [-3, 12], [.nan], [.infinity]])
  func badPresets(sizes: [Double]) {
    #expect(throws: FitPolicyError.self) { try FontSizeRange(presets: sizes) }
  }

  @Test("Capping a grid or a preset list keeps only candidates up to the cap")
  func capped() throws {
    let grid = try FontSizeRange(minimum: 10, maximum: 20, step: 1)
    #expect(try grid.capped(at: 14.5).maximum == 14.5)
    #expect(try grid.capped(at: 14.5).minimum == 10)
    #expect(try grid.capped(at: 8).count == 1)
    #expect(try grid.capped(at: 8)[0] == 8)
    #expect(try grid.capped(at: 30) == grid)
    let presets = try FontSizeRange(presets: [9, 13, 18, 24])
    #expect(Array(try presets.capped(at: 18)) == [9, 13, 18])
    #expect(Array(try presets.capped(at: 7)) == [7])
    #expect(Array(try presets.scaled(by: 2)) == [18, 26, 36, 48])
  }

  @Test("Sizes converted to other units are converted or refused, never returned unconverted")
  func scaledSizesNeverStayInPoints() throws {
    let grid = try FontSizeRange(minimum: 10, maximum: 20, step: 0.5)
    #expect(try grid.scaled(by: 2.5).maximum == 50)
    #expect(throws: FitPolicyError.invalidMinimum(.infinity)) {
      try grid.scaled(by: .greatestFiniteMagnitude)
    }
    for factor in [0, -1, Double.nan, .infinity] {
      #expect(throws: FitPolicyError.self) { try grid.scaled(by: factor) }
      #expect(throws: FitPolicyError.self) { try grid.capped(at: factor) }
    }
  }
}

@Suite("Exact fits")
struct ExactFitTests {
  @Test("Exact is at least every grid answer and still fits, on 600 random cases")
  func exactBeatsEveryGrid() throws {
    var generator = SplitMix64(seed: 4242)
    var strictlyLarger = 0
    for _ in 0..<600 {
      let text = randomText(using: &generator)
      let options = try randomOptions(
        widths: 20...300, heights: 10...200, anyMode: false, using: &generator)
      let keepWords = Bool.random(using: &generator)
      let minimum = 4.0
      let maximum = Double.random(in: 8...40, using: &generator)
      let exact = fitter(text).fit(
        sizes: try FontSizeRange(minimum: minimum, maximum: maximum, step: 0.5),
        options: options, keepingWordsWhole: keepWords, exact: true)
      #expect(exact.pointSize >= minimum)
      #expect(exact.pointSize <= maximum)
      var best = 0.0
      for step in [2.0, 1, 0.5, 0.25, 0.1, 0.01] {
        let grid = fitter(text).fit(
          sizes: try FontSizeRange(minimum: minimum, maximum: maximum, step: step),
          options: options, keepingWordsWhole: keepWords)
        guard grid.fits else { continue }
        best = max(best, grid.pointSize)
        #expect(exact.pointSize >= grid.pointSize, "\(text.debugDescription) step \(step)")
      }
      guard exact.fits else {
        #expect(best == 0, "grids fit but exact does not: \(text.debugDescription)")
        continue
      }
      // Not even by rounding: a caller compares these with the box as they are.
      #expect(exact.textSize.width <= options.box.width)
      #expect(exact.textSize.height <= options.box.height)
      if options.maximumLines > 0 { #expect(exact.lines.count <= options.maximumLines) }
      if keepWords, !exact.block.breaksWords {
        #expect(
          fitter(text).layouter.fits(
            pointSize: exact.pointSize, options: options, keepingWordsWhole: true))
      }
      if exact.pointSize > best + 1e-9 { strictlyLarger += 1 }
    }
    #expect(strictlyLarger > 100)
  }

  @Test("Long texts on coarse grids: exact still beats every grid, however many breaks change")
  func longTextsCoarseGrids() throws {
    var generator = SplitMix64(seed: 2_026)
    for _ in 0..<30 {
      var text = ""
      for _ in 0..<Int.random(in: 10...80, using: &generator) {
        text += String(randomText(using: &generator).map { $0 == "\n" ? " " : $0 }) + " "
      }
      let options = try LayoutOptions(
        box: Size(
          width: Double.random(in: 100...600, using: &generator),
          height: Double.random(in: 100...2000, using: &generator)))
      let steps: [Double] = [2, 5, 10]
      let step: Double = steps.randomElement(using: &generator) ?? 5
      let exact = fitter(text).fit(
        sizes: try FontSizeRange(minimum: 1, maximum: 60, step: step), options: options,
        exact: true)
      let fine = fitter(text).fit(
        sizes: try FontSizeRange(minimum: 1, maximum: 60, step: 0.01), options: options)
      #expect(exact.pointSize >= fine.pointSize, "step \(step), \(text.count) characters")
      #expect(exact.fits == fine.fits)
    }
  }

  @Test("An exact fit is tight: a hair larger no longer fits")
  func exactIsTight() throws {
    var generator = SplitMix64(seed: 99)
    var checked = 0
    for _ in 0..<300 {
      let text = randomText(using: &generator)
      let options = try randomOptions(
        widths: 20...300, heights: 10...200, anyMode: false, using: &generator)
      let sizes = try FontSizeRange(minimum: 4, maximum: 40, step: 0.5)
      let exact = fitter(text).fit(sizes: sizes, options: options, exact: true)
      guard exact.fits, exact.pointSize < 40 else { continue }
      checked += 1
      let larger = exact.pointSize * (1 + 1e-6)
      #expect(
        !fitter(text).layouter.fits(pointSize: larger, options: options),
        "\(text.debugDescription) fits at \(larger) above \(exact.pointSize)")
    }
    #expect(checked > 100)
  }

  @Test("A single line's exact size makes it exactly as wide as the box")
  func singleLine() throws {
    // "abcd" is 2em wide: 100pt wide at exactly 50pt.
    let options = try LayoutOptions(box: Size(width: 100, height: 1000), maximumLines: 1)
    let exact = fitter("abcd").fit(
      sizes: try FontSizeRange(minimum: 4, maximum: 80, step: 3), options: options, exact: true)
    #expect(abs(exact.pointSize - 50) < 1e-6)
    #expect(exact.fits)
  }
}
