import TestSupport
import Testing

@_spi(Engine) @testable import FontFitText

// Trial layouts a word at a time give the lines the cluster loop gives (issue 8).

@Suite("Word-at-a-time measuring")
struct WordsTests {
  /// A random text of words, spaces, no-break joins and line separators over two fonts of
  /// different heights, with break opportunities as a line breaker would give them.
  static func randomShaped(using generator: inout SplitMix64) throws -> ShapedText {
    let fonts = [
      ShapedFont(name: "Short", metrics: LineMetrics(ascent: 0.8, descent: 0.2, lineGap: 0)),
      ShapedFont(name: "Tall", metrics: LineMetrics(ascent: 1.1, descent: 0.3, lineGap: 0.1)),
    ]
    var text = ""
    var kinds: [ClusterKind] = []
    for _ in 0..<Int(generator.next() % 60) {
      switch generator.next() % 10 {
      case 0:
        text += " "
        kinds.append(.space)
      case 1:
        text += "\n"
        kinds.append(.lineSeparator)
      default:
        text += "x"
        kinds.append(.visible)
      }
    }
    var clusters: [ShapedCluster] = []
    var index = text.startIndex
    for (offset, kind) in kinds.enumerated() {
      let next = text.index(after: index)
      let previous = offset > 0 ? kinds[offset - 1] : nil
      let breakBefore: LineBreakOpportunity
      if previous == .lineSeparator || (offset > 0 && generator.next() % 40 == 0) {
        breakBefore = .mandatory  // after a separator, or where a custom breaker says
      } else if previous == .space, kind == .visible, generator.next() % 5 != 0 {
        breakBefore = .allowed
      } else if previous == .visible, kind == .visible, generator.next() % 9 == 0 {
        breakBefore = .allowed  // as between ideographs
      } else {
        breakBefore = .prohibited
      }
      clusters.append(
        ShapedCluster(
          range: index..<next,
          advance: kind == .lineSeparator ? 0 : Double(generator.next() % 100) / 100,
          breakBefore: breakBefore, kind: kind, font: Int(generator.next() % 2)))
      index = next
    }
    return try ShapedText(text: text, clusters: clusters, fonts: fonts)
  }

  /// Options for a random box up to 305 × 249 points, up to three lines (0: no limit) and a
  /// line height multiple of 1 or 1.3.
  static func randomOptions(overflow: Overflow, using generator: inout SplitMix64) throws
    -> LayoutOptions
  {
    try LayoutOptions(
      box: Size(width: Double(5 + generator.next() % 300), height: Double(generator.next() % 250)),
      maximumLines: Int(generator.next() % 4),
      lineHeightMultiple: generator.next() % 3 == 0 ? 1.3 : 1, overflow: overflow)
  }

  @Test("The word starting at each cluster is the one whose start it is, on 1,000 random texts")
  func wordStartingAt() throws {
    var generator = SplitMix64(seed: 4_040)
    for _ in 0..<1_000 {
      let shaped = try Self.randomShaped(using: &generator)
      guard let words = WordColumns(shaped) else { continue }
      for cluster in -1...shaped.count {
        let expected = (0..<words.count).first { Int(words.words[$0].start) == cluster }
        #expect(words.word(startingAt: cluster) == expected)
      }
    }
  }

  @Test("Words give the cluster loop's lines, line count, height and widest line")
  func wordsMatchClusters() throws {
    var generator = SplitMix64(seed: 808)
    var compared = 0
    for _ in 0..<400 {
      let shaped = try Self.randomShaped(using: &generator)
      let columns = ClusterColumns(shaped)
      let words = try #require(columns.words)
      #expect(words.words.last.map { Int($0.start) } == shaped.count)
      for _ in 0..<10 {
        var wrapper = LineWrapper(
          shaped: shaped, pointSize: Double(8 + generator.next() % 20),
          lineHeightMultiple: generator.next() % 3 == 0 ? 1.5 : 1, wrapsAnywhere: false,
          columns: columns)
        if generator.next() % 4 == 0 { wrapper.uniformMetrics = shaped.fonts[1].metrics }
        let width = Double(10 + generator.next() % 300)
        let lineLimit = generator.next() % 3 == 0 ? Int(1 + generator.next() % 4) : .max
        let heightLimit = generator.next() % 3 == 0 ? Double(generator.next() % 200) : .infinity
        var reference = wrapper
        reference.usesWords = false
        let clusters = reference.measure(
          width: width, lineLimit: lineLimit, heightLimit: heightLimit)
        let byWords = wrapper.measure(width: width, lineLimit: lineLimit, heightLimit: heightLimit)
        if words.count > 1 { compared += 1 }
        #expect(byWords.count == clusters.count)
        #expect(abs(byWords.height - clusters.height) < 1e-9)
        #expect(abs(byWords.width - clusters.width) < 1e-9)
        // The final layout's lines too, span by span.
        let referenceLines = reference.lines(
          width: width, lineLimit: lineLimit, heightLimit: heightLimit)
        let lines = wrapper.lines(width: width, lineLimit: lineLimit, heightLimit: heightLimit)
        #expect(lines.count == referenceLines.count)
        for (line, expected) in zip(lines, referenceLines) {
          #expect(line.start == expected.start && line.next == expected.next)
          #expect(line.contentEnd == expected.contentEnd)
          #expect(line.hyphenFont == expected.hyphenFont)
          #expect(line.isForcedBreak == expected.isForcedBreak)
          #expect(abs(line.width - expected.width) < 1e-9)
          #expect(abs(line.height - expected.height) < 1e-9)
          #expect(abs(line.baseline - expected.baseline) < 1e-9)
        }
      }
    }
    #expect(compared > 2000)
  }

  @Test("A layouter's lines and trials, straight from the word table, are the cluster loop's")
  func layouterMatchesClusters() throws {
    var generator = SplitMix64(seed: 2612)
    var compared = 0
    for _ in 0..<300 {
      let shaped = try Self.randomShaped(using: &generator)
      let layouter = TextLayouter(shaped: shaped, truncationToken: nil)
      for _ in 0..<6 {
        let options = try Self.randomOptions(overflow: .scroll, using: &generator)
        let size = Double(4 + generator.next() % 30)
        var reference = LineWrapper(
          shaped: shaped, pointSize: size, lineHeightMultiple: options.lineHeightMultiple,
          wrapsAnywhere: false)
        reference.usesWords = false
        // Scrolling text shows every line, so the block holds all the cluster loop makes.
        let lines = reference.lines(width: options.box.width)
        let block = layouter.layout(pointSize: size, options: options)
        #expect(block.lines.count == lines.count)
        #expect(abs(block.size.height - lines.reduce(0) { $0 + $1.height }) < 1e-9)
        #expect(abs(block.size.width - lines.reduce(0) { max($0, $1.width) }) < 1e-9)
        // A trial stops at the box's height and one line past the limit, as the loop does.
        let limit = options.maximumLines > 0 ? options.maximumLines + 1 : Int.max
        let measured = reference.measure(
          width: options.box.width, lineLimit: limit, heightLimit: options.box.height)
        let fits =
          (options.maximumLines == 0 || measured.count <= options.maximumLines)
          && measured.height <= options.box.height + LineWrapper.tolerance
          && measured.width <= options.box.width + LineWrapper.tolerance
        #expect(layouter.fits(pointSize: size, options: options) == fits)
        compared += 1
      }
    }
    #expect(compared == 1800)
  }

  @Test("The sizes the words' widths rule out are sizes at which the text does not fit")
  func ruledOutSizesDoNotFit() throws {
    var generator = SplitMix64(seed: 2512)
    var ruledOut = 0
    var ruledOutAll = 0
    var boundIsAnswer = 0
    var narrowing = 0
    for _ in 0..<700 {
      var shaped = try Self.randomShaped(using: &generator)
      if generator.next() % 3 == 0 {
        // Breaks that make a word's pieces narrower (as reshaped Arabic can) or wider, and
        // hyphens: only where no word is broken do the widths then bound the size.
        var clusters = Array(shaped.clusters)
        for index in clusters.indices {
          clusters[index].breakEndAdjustment = Double(generator.next() % 100) / 80 - 1
          clusters[index].breakStartAdjustment = -Double(generator.next() % 100) / 80
          clusters[index].insertsHyphen = generator.next() % 2 == 0
        }
        shaped = try ShapedText(text: shaped.text, clusters: clusters, fonts: shaped.fonts)
      }
      let layouter = TextLayouter(shaped: shaped, truncationToken: nil)
      if !layouter.columns.breaksNeverNarrow { narrowing += 1 }
      guard layouter.columns.words != nil else { continue }
      var options = try Self.randomOptions(overflow: .truncate, using: &generator)
      if generator.next() % 4 == 0 { options.lineSpacing = Double(generator.next() % 5) }
      let sizes = try FontSizeRange(
        minimum: Double(2 + generator.next() % 8), maximum: Double(10 + generator.next() % 30),
        step: generator.next() % 2 == 0 ? 0.5 : 1)
      // The fitter's uniform bounds, under which fitting is monotone.
      let metrics = shaped.fonts[Int(generator.next() % 2)].metrics
      let whole = generator.next() % 3 == 0
      let bound =
        layouter.largestPossibleIndex(
          sizes, options: options, uniformMetrics: metrics, keepingWordsWhole: whole)
        ?? sizes.count - 1
      var largestFitting = -1
      for index in sizes.indices
      where layouter.fits(
        pointSize: sizes[index], options: options, uniformMetrics: metrics,
        keepingWordsWhole: whole)
      {
        largestFitting = index
      }
      #expect(largestFitting <= bound, "size \(sizes[largestFitting]) fits, above the bound")
      if bound < sizes.count - 1 { ruledOut += 1 }
      if bound < 0 { ruledOutAll += 1 }
      if bound == largestFitting { boundIsAnswer += 1 }
    }
    // The bound is worth having: it rules sizes out, at times all of them, and is often the
    // answer itself.
    #expect(ruledOut > 100)
    #expect(ruledOutAll > 10)
    #expect(boundIsAnswer > 100)
    #expect(narrowing > 100)
  }

  @Test("Breaks that narrow a word's pieces keep the widths from bounding the broken sizes")
  func narrowingBreaksAreNotBounded() throws {
    // One word of 20 letters 1 em wide; every piece after a break starts 0.9 em narrower, as
    // a reshaped joining form may. At 10pt in 65pt lines of 10pt: 6 letters, then 7 and 7.
    let shaped = try Self.text(
      Array(repeating: ("x", 1, false), count: 20), startAdjustment: -0.9)
    let layouter = TextLayouter(shaped: shaped, truncationToken: nil)
    #expect(!layouter.columns.breaksNeverNarrow)
    let options = try LayoutOptions(box: Size(width: 65, height: 30))
    let sizes = try FontSizeRange(minimum: 1, maximum: 20, step: 1)
    // 200pt of letters in 65pt lines would need 4 lines, 40pt: the widths alone would rule
    // 10pt out, yet three lines of it fit.
    #expect(layouter.fits(pointSize: 10, options: options))
    let bound =
      layouter.largestPossibleIndex(
        sizes, options: options, uniformMetrics: nil, keepingWordsWhole: false)
      ?? sizes.count - 1
    #expect(sizes[bound] >= 10)
  }

  /// A text of one cluster per character: each character's advance and whether a break is
  /// allowed before it, every other break prohibited; spaces are spaces.
  static func text(
    _ characters: [(Character, Double, allowed: Bool)], startAdjustment: Double = 0
  ) throws -> ShapedText {
    let text = String(characters.map(\.0))
    var clusters: [ShapedCluster] = []
    var index = text.startIndex
    for (character, advance, allowed) in characters {
      let next = text.index(after: index)
      var cluster = ShapedCluster(
        range: index..<next, advance: advance, breakBefore: allowed ? .allowed : .prohibited,
        kind: character == " " ? .space : .visible)
      cluster.breakStartAdjustment = startAdjustment
      clusters.append(cluster)
      index = next
    }
    return try ShapedText(
      text: text, clusters: clusters,
      fonts: [ShapedFont(name: "A", metrics: LineMetrics(ascent: 1, descent: 0, lineGap: 0))])
  }

  /// Cases a review found (issue 25): spaces inside a word that a forced break drops, as
  /// before "!" in French, where no break is allowed after them; and breaks that narrow the
  /// pieces so much that a larger size fits where a smaller one does not.
  static func reviewedCase(_ index: Int) throws -> (
    name: String, shaped: ShapedText, box: Size, lines: Int, sizes: FontSizeRange
  ) {
    switch index {
    case 0:
      let spaces: [(Character, Double, allowed: Bool)] = Array(
        repeating: (" ", 1, false), count: 10)
      return (
        "x, ten spaces, !", try text([("x", 1, false)] + spaces + [("!", 1, false)]),
        Size(width: 3.5, height: 100), 2, try FontSizeRange(minimum: 1, maximum: 3, step: 1)
      )
    case 1:
      let characters: [(Character, Double, allowed: Bool)] = [
        ("O", 0.78, false), ("u", 0.56, false), ("i", 0.22, false), (" ", 0.28, false),
        (" ", 0.28, false), ("!", 0.28, false),
      ]
      return (
        "Oui  !", try text(characters), Size(width: 7.5, height: 30), 0,
        try FontSizeRange(minimum: 1, maximum: 60, step: 0.5)
      )
    default:
      var characters: [(Character, Double, allowed: Bool)] = []
      for letter in ["a", "b", "c", "d"] as [Character] {
        for position in 0..<3 {
          characters.append((letter, 2, position == 0 && letter != "a"))
        }
      }
      return (
        "narrowing pieces", try text(characters, startAdjustment: -20),
        Size(width: 10, height: 100), 2, try FontSizeRange(minimum: 1, maximum: 2, step: 1)
      )
    }
  }

  @Test(
    "No size that fits is ruled out, however a break changes the pieces",
    arguments: 0..<3)
  func reviewedCasesKeepTheirSize(case index: Int) throws {
    let example = try Self.reviewedCase(index)
    let shaped = example.shaped
    let sizes = example.sizes
    let options = try LayoutOptions(box: example.box, maximumLines: example.lines)
    let layouter = TextLayouter(shaped: shaped, truncationToken: nil)
    var largestFitting = -1
    for size in sizes.indices where layouter.fits(pointSize: sizes[size], options: options) {
      largestFitting = size
    }
    #expect(largestFitting >= 0, "\(example.name): the case fits at some size")
    let bound =
      layouter.largestPossibleIndex(
        sizes, options: options, uniformMetrics: nil, keepingWordsWhole: false)
      ?? sizes.count - 1
    #expect(bound >= largestFitting, "\(example.name)")
    let fitter = Fitter(shaped: shaped, truncationToken: nil)
    #expect(
      fitter.fit(sizes: sizes, options: options).pointSize
        == fitter.fit(sizes: sizes, options: options, search: .exhaustiveDescent).pointSize,
      "\(example.name)")
  }

  @Test("A fit whose first trial fits keeps that layout: it is the one made at the chosen size")
  func keptFirstLayout() throws {
    var generator = SplitMix64(seed: 2525)
    var keptAtOnce = 0
    for round in 0..<300 {
      var shaped = try Self.randomShaped(using: &generator)
      if round % 2 == 1, !shaped.clusters.isEmpty {
        // Kerning of a cluster's own leaves the text without a word table, and so without a
        // bound from its words: the first trial is then at the top of the grid.
        var clusters = Array(shaped.clusters)
        clusters[Int(generator.next() % UInt64(clusters.count))].kerning = 0.01
        shaped = try ShapedText(text: shaped.text, clusters: clusters, fonts: shaped.fonts)
      }
      let fitter = Fitter(shaped: shaped, truncationToken: nil)
      for _ in 0..<4 {
        let overflow: Overflow = generator.next() % 2 == 0 ? .scroll : .truncate
        let options = try Self.randomOptions(overflow: overflow, using: &generator)
        let sizes = try FontSizeRange(
          minimum: 4, maximum: Double(5 + generator.next() % 30), step: 0.5)
        let whole = generator.next() % 3 == 0
        // Mixed metrics (both fonts) for the automatic search; each line's own for bisection.
        for search in [FitSearch.automatic, .bisection] {
          let fit = fitter.fit(
            sizes: sizes, options: options, search: search, keepingWordsWhole: whole)
          var remade = fitter.layouter.layout(pointSize: fit.pointSize, options: options)
          // More hard lines than the limit are reported as such, on the layout at the top.
          if case .tooManyLineBreaks = fit.failure { remade.failure = fit.failure }
          #expect(fit.block == remade, "\(search) at \(fit.pointSize) in \(options.box)")
          #expect(fit.block.spacing == remade.spacing)
          // Keeping words whole, a fitting layout breaks one only at the smallest size, where
          // no size keeps them whole.
          if whole, fit.fits, fit.pointSize > sizes.minimum {
            #expect(!fit.block.breaksWords, "\(search) at \(fit.pointSize) in \(options.box)")
          }
          if search == .automatic {
            let descended = fitter.fit(
              sizes: sizes, options: options, search: .exhaustiveDescent,
              keepingWordsWhole: whole)
            #expect(fit.block == descended.block, "in \(options.box), whole words \(whole)")
          }
          if fit.layoutsTried == 1 { keptAtOnce += 1 }
        }
      }
    }
    #expect(keptAtOnce > 100)
  }

  @Test("Kerning, negative advances and breaks before spaces rule words out")
  func conditions() throws {
    let text = "ab cd"
    func shaped(_ change: (inout [ShapedCluster]) -> Void) throws -> ShapedText {
      var clusters: [ShapedCluster] = []
      var index = text.startIndex
      for character in text {
        let next = text.index(after: index)
        clusters.append(
          ShapedCluster(
            range: index..<next, advance: 0.5,
            breakBefore: character == "c" ? .allowed : .prohibited,
            kind: character == " " ? .space : .visible))
        index = next
      }
      change(&clusters)
      return try ShapedText(
        text: text, clusters: clusters,
        fonts: [ShapedFont(name: "A", metrics: LineMetrics(ascent: 1, descent: 0, lineGap: 0))])
    }
    #expect(ClusterColumns(try shaped { _ in }).words != nil)
    #expect(ClusterColumns(try shaped { $0[1].kerning = -0.1 }).words == nil)
    #expect(ClusterColumns(try shaped { $0[1].advance = -0.1 }).words == nil)
    #expect(ClusterColumns(try shaped { $0[2].breakBefore = .allowed }).words == nil)
  }
}
