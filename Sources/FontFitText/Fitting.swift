/// The point sizes a fit may choose from: a grid from a minimum to a maximum, or a list of
/// preset sizes.
///
/// The grid is anchored at the minimum: `minimum`, `minimum + step`, … up to the maximum, and
/// the maximum itself is always a candidate, so a text that fits at the maximum gets it. A
/// maximum below the minimum wins: the only candidate is then the maximum (a widget's design
/// size below its auto-fit minimum is used as designed).
public struct FontSizeRange: RandomAccessCollection, Hashable, Sendable {
  /// The smallest size a fit may choose, in points.
  public let minimum: Double
  /// The largest size, in points: the widget's adapted design size unless set.
  public let maximum: Double
  /// The distance between candidate sizes, in points.
  public let step: Double

  /// The number of candidate sizes.
  public let count: Int
  /// The candidates of a list of preset sizes, ascending; nil for a grid.
  private let presets: [Double]?

  /// The index of the minimum: 0.
  public var startIndex: Int { 0 }
  /// One past the index of the maximum: ``count``.
  public var endIndex: Int { count }

  /// The most candidates a grid may have; a finer grid is refused rather than cut short.
  public static let maximumCount = 100_000

  /// Creates a size grid.
  ///
  /// - Parameters:
  ///   - minimum: The smallest size, in points; must be positive and finite.
  ///   - maximum: The largest size, in points; must be positive and finite.
  ///   - step: The grid spacing, in points; must be positive and finite, and fine enough for at
  ///     most ``maximumCount`` candidates.
  /// - Throws: ``FitPolicyError`` when a value is out of range.
  public init(minimum: Double, maximum: Double, step: Double) throws(FitPolicyError) {
    guard minimum.isFinite, minimum > 0 else { throw .invalidMinimum(minimum) }
    guard maximum.isFinite, maximum > 0 else { throw .invalidMaximum(maximum) }
    guard step.isFinite, step > 0 else { throw .invalidStep(step) }
    let lower = Swift.min(minimum, maximum)
    let steps = (maximum - lower) / step
    guard steps < Double(Self.maximumCount - 1) else { throw .tooManySizes(step: step) }
    let onGrid = Int((steps + 1e-9).rounded(.down)) + 1
    self.minimum = lower
    self.maximum = maximum
    self.step = step
    count = abs(steps - steps.rounded()) < 1e-9 ? onGrid : onGrid + 1
    presets = nil
  }

  /// A list of preset sizes, like Android's `autoSizePresetSizes`.
  ///
  /// A fit chooses only among them; ``step`` is 0.
  ///
  /// - Parameter sizes: The sizes, in points, in any order; duplicates count once. At least
  ///   one, each positive and finite, at most ``maximumCount``.
  /// - Throws: ``FitPolicyError`` when the list is empty, too long or a size is out of range.
  public init(presets sizes: [Double]) throws(FitPolicyError) {
    guard !sizes.isEmpty else { throw .noPresetSizes }
    for size in sizes where !(size.isFinite && size > 0) { throw .invalidPresetSize(size) }
    let sorted = Array(Set(sizes)).sorted()
    guard sorted.count <= Self.maximumCount else { throw .tooManyPresetSizes(sorted.count) }
    minimum = sorted[0]
    maximum = sorted[sorted.count - 1]
    step = 0
    count = sorted.count
    presets = sorted
  }

  /// A grid with the single size `pointSize`, for layout without fitting.
  ///
  /// - Parameter pointSize: The size, in points; must be positive and finite.
  /// - Throws: ``FitPolicyError/invalidFixedSize(_:)`` otherwise.
  public init(fixed pointSize: Double) throws(FitPolicyError) {
    guard pointSize.isFinite, pointSize > 0 else { throw .invalidFixedSize(pointSize) }
    minimum = pointSize
    maximum = pointSize
    step = 1
    count = 1
    presets = nil
  }

  /// The candidate at `index`, ascending from the minimum (index 0) to the maximum.
  public subscript(index: Int) -> Double {
    if let presets { return presets[index] }
    if index == count - 1 { return maximum }
    return minimum + Double(index) * step
  }

  /// The sizes no smaller than `floor` (to 1e-9): the same grid from its first size at or
  /// above it, or the presets at or above it; the largest size alone when none is.
  public func dropping(below floor: Double) -> FontSizeRange {
    guard floor > minimum + 1e-9 else { return self }
    if let presets {
      let kept = presets.filter { $0 >= floor - 1e-9 }
      return (try? FontSizeRange(presets: kept.isEmpty ? [maximum] : kept)) ?? self
    }
    guard count > 1, floor <= maximum + 1e-9 else {
      return (try? FontSizeRange(fixed: maximum)) ?? self
    }
    let skipped = ((floor - minimum) / step - 1e-9).rounded(.up)
    let first = minimum + skipped * step
    guard first < maximum - 1e-9 else { return (try? FontSizeRange(fixed: maximum)) ?? self }
    return (try? FontSizeRange(minimum: first, maximum: maximum, step: step)) ?? self
  }

  /// Every candidate multiplied by `factor` (a positive finite number): the same sizes in
  /// other units, such as points to a screen's units.
  ///
  /// - Throws: ``FitPolicyError`` when a scaled size is not one a font may have (a factor that
  ///   overflows a size, or makes a step too fine); the sizes are never returned unscaled.
  public func scaled(by factor: Double) throws(FitPolicyError) -> FontSizeRange {
    guard factor != 1 else { return self }
    guard factor.isFinite, factor > 0 else { throw .invalidScaleFactor(factor) }
    if let presets { return try FontSizeRange(presets: presets.map { $0 * factor }) }
    if count == 1, minimum == maximum { return try FontSizeRange(fixed: maximum * factor) }
    return try FontSizeRange(
      minimum: minimum * factor, maximum: maximum * factor, step: step * factor)
  }

  /// The candidates no larger than `cap`.
  ///
  /// That is the grid from the same minimum up to `cap` (or `cap` alone when it is below the
  /// minimum), or the presets below `cap` and `cap` itself. A fit group caps its members this
  /// way, so that every member can take the group's size.
  ///
  /// - Parameter cap: The largest size allowed, in the range's units; positive and finite.
  /// - Returns: The capped candidates; `self` when `cap` is not below the maximum.
  /// - Throws: ``FitPolicyError`` when `cap` is not a positive finite size.
  public func capped(at cap: Double) throws(FitPolicyError) -> FontSizeRange {
    guard cap.isFinite, cap > 0 else { throw .invalidFixedSize(cap) }
    guard cap < maximum else { return self }
    if let presets {
      // The cap itself is a candidate, so a group's members can all take its size.
      return try FontSizeRange(presets: presets.filter { $0 < cap } + [cap])
    }
    if cap < minimum { return try FontSizeRange(fixed: cap) }
    return try FontSizeRange(minimum: minimum, maximum: cap, step: step)
  }
}

/// A size policy value that is out of range.
public enum FitPolicyError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The minimum size is not a positive finite number.
  case invalidMinimum(Double)
  /// The maximum size is not a positive finite number.
  case invalidMaximum(Double)
  /// The step is not a positive finite number.
  case invalidStep(Double)
  /// The single size of a fixed grid is not a positive finite number.
  case invalidFixedSize(Double)
  /// The step is so fine that the grid would have more than ``FontSizeRange/maximumCount``
  /// sizes.
  case tooManySizes(step: Double)
  /// A list of preset sizes is empty.
  case noPresetSizes
  /// A preset size is not a positive finite number.
  case invalidPresetSize(Double)
  /// A list of preset sizes has more than ``FontSizeRange/maximumCount`` distinct sizes.
  case tooManyPresetSizes(Int)
  /// A fit that may grow the text has no maximum size.
  case growWithoutMaximum
  /// Sizes were to be converted to other units by a factor that is not a positive finite
  /// number.
  case invalidScaleFactor(Double)

  /// A sentence naming the value.
  public var description: String {
    switch self {
    case .invalidMinimum(let value): Self.sentence("minimum size", value)
    case .invalidMaximum(let value): Self.sentence("maximum size", value)
    case .invalidStep(let value): Self.sentence("step", value)
    case .invalidFixedSize(let value): Self.sentence("size", value)
    case .tooManySizes(let step):
      "step \(TextFormat.string(step)) makes more than \(FontSizeRange.maximumCount) "
        + "candidate sizes"
    case .noPresetSizes: "the list of preset sizes is empty"
    case .growWithoutMaximum: "a fit that grows the text needs a maximum size"
    case .invalidScaleFactor(let value): Self.sentence("units per point", value)
    case .invalidPresetSize(let value): Self.sentence("preset size", value)
    case .tooManyPresetSizes(let count):
      "\(count) preset sizes are more than \(FontSizeRange.maximumCount)"
    }
  }

  private static func sentence(_ name: String, _ value: Double) -> String {
    "\(name) must be a positive finite number, not \(TextFormat.string(value))"
  }
}

/// How a fit searches the size grid.
@_spi(Engine) public enum FitSearch: Hashable, Sendable {
  /// Bisection when the text's fonts share one set of metrics, where fitting is monotone in
  /// size; else bisection for bounds and descent between them. Always the largest size that
  /// fits.
  case automatic
  /// Bisection over the grid: O(log n) layouts. Exact only when fitting is monotone, which
  /// holds when all the text's fonts have the same line height.
  case bisection
  /// Try every size from the largest down and stop at the first that fits: the reference.
  case exhaustiveDescent
}

/// The outcome of fitting a text into a box.
public struct FitResult: Hashable, Sendable {
  /// The chosen layout: at the largest size that fits, or at the minimum size, truncated,
  /// when none fits.
  public var block: TextBlock
  /// The largest size the fit could have chosen (the top of the grid).
  public var maximumPointSize: Double
  /// How many layouts the search made, for benchmarks and tests.
  public var layoutsTried: Int
  /// The names of the fonts that measured the text, the requested font's first.
  public var fonts: [String] {
    get { usedFonts.names }
    set { usedFonts = .names(newValue) }
  }
  /// The name of the one font that measured the text (``fonts`` when it names one), read
  /// without making the list; nil when several did, or none.
  package var onlyFontName: String? { usedFonts.onlyName }
  /// The fonts, as kept.
  private var usedFonts: UsedFonts
  /// Characters no font could draw (measured with `.notdef`), in order of first appearance.
  public var missingCharacters: [Unicode.Scalar]
  /// The dictionary the hyphenation lever used, when the fit reached it.
  ///
  /// The dictionary file's path, or nil inside when no dictionary serves the text's language
  /// (a `check` note says so); nil when the lever was not reached.
  public var hyphenationDictionary: String?? {
    get { dictionary.map(\.value) }
    set { dictionary = newValue.map(OutOfLine.init) }
  }
  /// The dictionary, boxed: most fits never reach the lever.
  private var dictionary: OutOfLine<String?>?
  /// The lever of the fit's ladder that made the text fit, or that the layout was left at
  /// when none did (``FitLeverUse/size``). (Last, so that a holder's one-byte fields can share
  /// its last word.)
  public var lever: FitLeverUse = .size

  /// The chosen point size.
  public var pointSize: Double { block.pointSize }
  /// The lines as laid out.
  public var lines: [TextLine] { block.lines }
  /// The size of the laid-out text.
  public var textSize: Size { block.size }
  /// Whether all the text fits the box at the chosen size.
  public var fits: Bool { block.fits }
  /// Why the text does not fit, or nil.
  public var failure: FitFailure? { block.failure }
  /// Whether the text was shrunk below the maximum size.
  public var isShrunk: Bool { block.pointSize < maximumPointSize }

  init(
    block: TextBlock, maximumPointSize: Double, layoutsTried: Int, fonts: UsedFonts,
    missingCharacters: [Unicode.Scalar]
  ) {
    self.block = block
    self.maximumPointSize = maximumPointSize
    self.layoutsTried = layoutsTried
    usedFonts = fonts
    self.missingCharacters = missingCharacters
  }
}

/// The fonts a fit reports, as it keeps them: the text's fonts and which of them draw, the
/// names made when read; or names as given.
///
/// Two are equal when their names are.
enum UsedFonts: Hashable, Sendable {
  /// The fonts of bits set in `mask` (the first 64 fonts at most).
  case drawn(fonts: [ShapedFont], mask: UInt64)
  /// The names.
  case names([String])

  /// The names, each once (rich text draws one face at several sizes), in the fonts' order.
  var names: [String] {
    switch self {
    case .names(let names): names
    case .drawn(let fonts, let mask):
      Self.names(of: fonts) { Self.draws($0, mask) }
    }
  }

  /// Whether the font at `index` drew, by its bit in `mask`.
  private static func draws(_ index: Int, _ mask: UInt64) -> Bool {
    index < 64 && mask & 1 << UInt64(index) != 0
  }

  /// The one name of ``names``, or nil when there are several or none, found without making
  /// the list (a dump asks for it for every text, and lists the names only when there are
  /// several).
  var onlyName: String? {
    switch self {
    case .names(let names):
      return names.count == 1 ? names[0] : nil
    case .drawn(let fonts, let mask):
      var only: String?
      for index in fonts.indices where Self.draws(index, mask) {
        let name = fonts[index].name
        if let only {
          if name != only { return nil }
        } else {
          only = name
        }
      }
      return only
    }
  }

  /// The names of the fonts of `fonts` whose index `includes`, each once, in order.
  static func names(of fonts: [ShapedFont], where includes: (Int) -> Bool) -> [String] {
    var names: [String] = []
    for index in fonts.indices where includes(index) && !names.contains(fonts[index].name) {
      names.append(fonts[index].name)
    }
    return names
  }

  static func == (lhs: UsedFonts, rhs: UsedFonts) -> Bool {
    // The same fonts and bits name the same fonts; only otherwise are the names made.
    if case .drawn(let left, let leftMask) = lhs, case .drawn(let right, let rightMask) = rhs,
      leftMask == rightMask, left == right
    {
      return true
    }
    return lhs.names == rhs.names
  }

  func hash(into hasher: inout Hasher) { hasher.combine(names) }
}

/// Finds the largest point size at which a text fits a box.
///
/// When every font of the text has the same line height, fitting is monotone in the size: the
/// advances scale linearly, so at a smaller size greedy wrapping sees a relatively wider
/// measure and never needs more lines (each line starts no earlier than before), every line is
/// shorter, the line count times a smaller line height is smaller, and the box is unchanged.
/// Hence if a size fits, every smaller size fits, and bisection over the grid finds the same
/// size as trying every size from the top down; the tests check this on random texts and boxes.
/// The same holds for fitting with every word whole: a word narrower than the line at one size
/// is narrower at every smaller size.
///
/// A line's height is the union of the line boxes of the fonts on it, so when fonts with
/// different metrics mix (DejaVu with a taller CJK font), shrinking can move a tall character
/// onto a line that was short and make the text taller: fitting is then not monotone. The
/// automatic search then bisects twice with uniform line heights, the shortest font's (an upper
/// bound on the answer) and the union of all fonts' (a lower bound), and tries each size
/// between the bounds from the top: still exact, and rarely more than a few layouts.
@_spi(Engine) public struct Fitter: Sendable {
  /// Lays out the text at a given size.
  package var layouter: TextLayouter

  /// The most break configurations an exact fit steps through above its grid answer before it
  /// settles the rest by bisection.
  static let maximumExactSteps = 32

  /// Creates a fitter for shaped text.
  ///
  /// - Parameters:
  ///   - shaped: The text to fit.
  ///   - truncationToken: The token that marks truncated text, shaped in the same font.
  public init(shaped: ShapedText, truncationToken: ShapedText?) {
    layouter = TextLayouter(shaped: shaped, truncationToken: truncationToken)
  }

  /// The text at the largest size of `sizes` at which it fits, or at the smallest size,
  /// laid out as `options.overflow` says, when it fits at none.
  ///
  /// When the text's hard line breaks alone make more lines than `options.maximumLines`, no
  /// size can help: the text is laid out at the largest size at once, with the failure
  /// ``FitFailure/tooManyLineBreaks(lines:allowed:)``.
  ///
  /// - Parameters:
  ///   - sizes: The candidate sizes.
  ///   - options: The box and layout rules.
  ///   - search: How to search the grid; the answer is the same either way.
  ///   - keepingWordsWhole: Whether to prefer the largest size at which no word is broken
  ///     inside; only when no size keeps every word whole are words broken, at the smallest
  ///     size.
  ///   - exact: Whether to go past the grid to the largest real size below the next larger
  ///     candidate at which the text still fits (see ``exactSize(above:below:options:keepingWordsWhole:)``).
  /// - Returns: The chosen layout and how it was found.
  public consuming func fit(
    sizes: FontSizeRange, options: LayoutOptions, search: FitSearch = .automatic,
    keepingWordsWhole: Bool = false, exact: Bool = false
  ) -> FitResult {
    fit(
      sizes: sizes, options: options, search: search, keepingWordsWhole: keepingWordsWhole,
      exact: exact, ladder: .sizeOnly, hyphenation: { nil })
  }

  /// The text fitted by the levers of `ladder`, in order: the first that makes it fit wins;
  /// when none does, the fit is the size lever's as without a ladder (words broken where they
  /// must be, then truncated).
  ///
  /// With levers after the size, the size lever keeps every word whole, so that tracking or
  /// hyphenation get their turn before a word is broken at an arbitrary letter. Tracking
  /// tightens the smallest size by the least negative letter spacing (to 0.01% of an em, at
  /// most ``FitLadder/maximumTightening``) that fits; hyphenation takes the largest size that
  /// fits with words broken at the dictionary's points.
  ///
  /// - Parameters:
  ///   - sizes: The sizes the size lever may choose.
  ///   - options: The box, line limit, wrapping and spacing.
  ///   - search: How the size lever searches the sizes.
  ///   - keepingWordsWhole: Whether the size lever keeps words whole even with no later lever.
  ///   - exact: Whether the size lever goes past the grid to the largest real size that fits.
  ///   - ladder: The levers, in order.
  ///   - hyphenation: The clusters before which a word may be hyphenated, asked only when the
  ///     hyphenation lever is reached; nil or empty when there is no dictionary.
  /// - Returns: The chosen layout, how it was found and the lever that made it fit.
  public consuming func fit(
    sizes: FontSizeRange, options: LayoutOptions, search: FitSearch = .automatic,
    keepingWordsWhole: Bool = false, exact: Bool = false, ladder: FitLadder,
    hyphenation: () -> [Int]?
  ) -> FitResult {
    // Consuming, so a fitter made for one fit (as most are) is not copied here.
    var used = consume self
    let result = used.ladderFit(
      sizes: sizes, options: options, search: search, keepingWordsWhole: keepingWordsWhole,
      exact: exact, ladder: ladder, hyphenation: hyphenation)
    guard options.lineBreakStrategy == .balanced else { return result }
    return used.balanced(result, options: options)
  }

  /// `result` with the same lines made as even as they can be: laid out at the narrowest
  /// width that still gives as many lines, no taller; `result` itself when it does not fit,
  /// is truncated, has one line or breaks a word wider than the line.
  ///
  /// Greedy wrapping needs no fewer lines at a narrower width, so the narrowest width is
  /// found by bisection over widths, to a thousandth of a point: about 20 greedy wraps.
  func balanced(_ result: FitResult, options: LayoutOptions) -> FitResult {
    let block = result.block
    let count = block.lines.count
    // Lines with words broken at arbitrary letters are left as they are: balancing would
    // only move the breaks inside those words.
    guard block.fits, count > 1, block.size.width > 0, !block.breaksWords else { return result }
    let size = block.pointSize
    let wholeWords = true
    var tried = 0
    func fits(_ width: Double) -> Bool {
      tried += 1
      var narrowed = options.with(box: Size(width: width, height: options.box.height))
      narrowed.lineBreakStrategy = .greedy
      guard layouter.fits(pointSize: size, options: narrowed, keepingWordsWhole: wholeWords)
      else { return false }
      let measure = layouter.wrapper(pointSize: size, options: narrowed).measure(
        width: width, lineLimit: count + 1)
      return measure.count <= count
    }
    // No width below the lines' mean holds them in as many lines, less the spaces the breaks
    // drop; the bisection starts there and stops at a hundredth of a point.
    let total = block.lines.reduce(0) { $0 + $1.width }
    var low = max(0, total / Double(count) - block.pointSize)
    var high = block.size.width
    if low >= high || fits(low) { low = 0 }
    while high - low > 0.01 {
      let middle = (low + high) / 2
      if fits(middle) { high = middle } else { low = middle }
    }
    guard high < block.size.width else { return result }
    let narrowed = options.with(box: Size(width: high, height: options.box.height))
    var balanced = result
    balanced.block = layouter.layout(pointSize: size, options: narrowed)
    guard balanced.block.fits, balanced.block.lines.count == count else { return result }
    balanced.layoutsTried += tried + 1
    return balanced
  }

  private mutating func ladderFit(
    sizes: FontSizeRange, options: LayoutOptions, search: FitSearch,
    keepingWordsWhole: Bool, exact: Bool, ladder: FitLadder, hyphenation: () -> [Int]?
  ) -> FitResult {
    guard ladder.hasLaterLevers,
      !(options.maximumLines > 0 && layouter.columns.hardLineCount > options.maximumLines)
    else {
      return sizeFit(
        sizes: sizes, options: options, search: search, keepingWordsWhole: keepingWordsWhole,
        exact: exact)
    }
    var tried = 0
    if largestFitting(sizes, options, search, wholeWords: true, tried: &tried) != nil {
      var result = sizeFit(
        sizes: sizes, options: options, search: search, keepingWordsWhole: true, exact: exact)
      result.layoutsTried += tried
      return result
    }
    for lever in ladder.levers.dropFirst() {
      switch lever {
      case .size: continue
      case .tracking:
        guard let found = tracking(at: sizes[0], options: options, bound: ladder, tried: &tried)
        else { continue }
        var result = self.result(
          layouter.layout(pointSize: sizes[0], options: found.options), sizes: sizes,
          tried: tried + 1)
        result.lever = .tracking(found.tracking)
        return result
      case .hyphenation:
        guard let points = hyphenation(), !points.isEmpty else { continue }
        var bits = [Bool](repeating: false, count: layouter.columns.count)
        for point in points where bits.indices.contains(point) { bits[point] = true }
        var hyphenating = self
        hyphenating.layouter.hyphenBefore = bits
        guard
          let index = hyphenating.largestFitting(
            sizes, options, search, wholeWords: true, tried: &tried)
        else { continue }
        self = hyphenating
        let block = layouter.layout(pointSize: sizes[index], options: options)
        var result = self.result(block, sizes: sizes, tried: tried + 1)
        result.lever = .hyphenation(hyphenatedWords(block, bits: bits))
        return result
      }
    }
    guard !keepingWordsWhole else {
      // No size keeps every word whole, as the size lever found: words break at the smallest
      // size, as a fit without levers would choose, without searching again.
      return result(
        layouter.layout(pointSize: sizes[0], options: options), sizes: sizes, tried: tried + 1)
    }
    var result = sizeFit(
      sizes: sizes, options: options, search: search, keepingWordsWhole: keepingWordsWhole,
      exact: exact)
    result.layoutsTried += tried
    return result
  }

  /// The least tightening, down to the ladder's bound, at which the text fits at `size` with
  /// every word whole; nil when even the bound does not make it fit.
  private func tracking(
    at size: Double, options: LayoutOptions, bound ladder: FitLadder, tried: inout Int
  ) -> (tracking: Double, options: LayoutOptions)? {
    let bound = min(FitLadder.tighteningLimit, max(0, ladder.maximumTightening))
    guard bound > 0 else { return nil }
    func tightened(_ amount: Double) -> LayoutOptions {
      var tightened = options
      tightened.spacing.letter = options.spacing.letter - amount
      return tightened
    }
    func fits(_ amount: Double) -> Bool {
      tried += 1
      return layouter.fits(
        pointSize: size, options: tightened(amount), uniformMetrics: nil, keepingWordsWhole: true)
    }
    guard fits(bound) else { return nil }
    // Tightening only narrows every word and line, so fitting is monotone in it: bisect on a
    // grid of 0.01% of an em, the least amount that fits.
    let unit = 0.0001
    var low = 0
    var high = Int((bound / unit).rounded(.up))
    while high - low > 1 {
      let middle = (low + high) / 2
      if fits(Double(middle) * unit) { high = middle } else { low = middle }
    }
    let amount = min(bound, Double(high) * unit)
    return (-amount, tightened(amount))
  }

  /// The words `block` breaks at dictionary points, each with `-` at the breaks it takes.
  private func hyphenatedWords(_ block: TextBlock, bits: [Bool]) -> [String] {
    let shaped = layouter.shaped
    let clusters = shaped.packedClusters
    let text = shaped.text
    var breaks: [Int] = []
    for line in block.lines where line.endsWithInsertedHyphen {
      guard let piece = line.pieces.last else { continue }
      let next = piece.clusters.upperBound
      if bits.indices.contains(next), bits[next] { breaks.append(next) }
    }
    func isLetter(_ index: Int) -> Bool {
      text[shaped.range(ofCluster: index)].unicodeScalars.first?.properties.isAlphabetic ?? false
    }
    var words: [String] = []
    var index = 0
    while index < breaks.count {
      var start = breaks[index]
      while start > 0, isLetter(start - 1) { start -= 1 }
      var end = breaks[index]
      while end < clusters.count, isLetter(end) { end += 1 }
      var word = ""
      var cursor = start
      while index < breaks.count, breaks[index] < end {
        word += shaped[clusters: cursor..<breaks[index]]
        word += "-"
        cursor = breaks[index]
        index += 1
      }
      word += shaped[clusters: cursor..<end]
      words.append(word)
    }
    return words
  }

  /// The fit by size alone.
  private func sizeFit(
    sizes: FontSizeRange, options: LayoutOptions, search: FitSearch,
    keepingWordsWhole: Bool, exact: Bool
  ) -> FitResult {
    let columns = layouter.columns
    if options.maximumLines > 0, columns.hardLineCount > options.maximumLines {
      var block = layouter.layout(pointSize: sizes.maximum, options: options)
      block.failure = .tooManyLineBreaks(
        lines: columns.hardLineCount, allowed: options.maximumLines)
      return result(block, sizes: sizes, tried: 1)
    }
    // A search's first trial by each line's own metrics is at the largest size that can fit:
    // the words' bound or, where lines mix metrics, the largest size that fits with every line
    // at the shortest metrics. When the text fits there, that trial's layout is the answer,
    // made once.
    let mixed = search == .automatic && !columns.hasUniformMetrics
    var tried = 0
    let chosen: Int?
    if exact || search == .exhaustiveDescent {
      chosen = largestFitting(sizes, options, search, wholeWords: keepingWordsWhole, tried: &tried)
    } else {
      let largest: Int?
      if mixed {
        largest = bisection(
          sizes, options, uniformly: columns.shortestMetrics, wholeWords: keepingWordsWhole,
          tried: &tried)
      } else {
        let top = largestPossible(
          sizes, options, uniformly: nil, wholeWords: keepingWordsWhole)
        largest = top >= 0 ? top : nil
      }
      if let largest {
        tried += 1
        if let block = layouter.layoutIfFits(
          pointSize: sizes[largest], options: options, keepingWordsWhole: keepingWordsWhole)
        {
          return result(block, sizes: sizes, tried: tried)
        }
        chosen = largestFitting(
          sizes, options, search, wholeWords: keepingWordsWhole, tried: &tried,
          failedTop: largest)
      } else {
        // No size can fit by the words' bound; or, with mixed metrics, none fits with the
        // shortest, and the full search ends then with the bisection by the tallest.
        chosen =
          mixed
          ? bisection(
            sizes, options, uniformly: columns.tallestMetrics, wholeWords: keepingWordsWhole,
            tried: &tried) : nil
      }
    }
    if chosen == nil, keepingWordsWhole {
      // No size keeps every word whole: words break at the smallest size, where the fewest
      // do. (Choosing the largest size that fits with broken words instead would let a larger
      // box, in which whole words become possible, give a smaller size.)
      return result(
        layouter.layout(pointSize: sizes[0], options: options), sizes: sizes, tried: tried + 1)
    }
    var size = sizes[chosen ?? 0]
    if exact, let index = chosen, index < sizes.count - 1 {
      size = exactSize(
        above: size, below: sizes[index + 1], options: options,
        keepingWordsWhole: keepingWordsWhole, tried: &tried)
    }
    return result(
      layouter.layout(pointSize: size, options: options), sizes: sizes, tried: tried + 1)
  }

  private func result(_ block: TextBlock, sizes: FontSizeRange, tried: Int) -> FitResult {
    FitResult(
      block: block, maximumPointSize: sizes.maximum, layoutsTried: tried,
      fonts: layouter.columns.usedFonts(of: layouter.shaped),
      missingCharacters: layouter.shaped.missingCharacters)
  }

  /// The index of the largest candidate at which the text fits (with every word whole when
  /// `wholeWords` is set), or nil when it fits at none.
  ///
  /// `failedTop`, when given, is the largest size the words allow by each line's own metrics,
  /// already tried and found not to fit.
  private func largestFitting(
    _ sizes: FontSizeRange, _ options: LayoutOptions, _ search: FitSearch, wholeWords: Bool,
    tried: inout Int, failedTop: Int? = nil
  ) -> Int? {
    var count = 0
    defer { tried += count }
    func fits(_ index: Int) -> Bool {
      count += 1
      return layouter.fits(
        pointSize: sizes[index], options: options, uniformMetrics: nil,
        keepingWordsWhole: wholeWords)
    }
    func bisect(uniformly metrics: LineMetrics? = nil) -> Int? {
      bisection(
        sizes, options, uniformly: metrics, wholeWords: wholeWords,
        failedTop: metrics == nil ? failedTop : nil, tried: &count)
    }
    let columns = layouter.columns
    switch search {
    case .exhaustiveDescent:
      var index = sizes.count - 1
      while index >= 0 {
        if fits(index) { return index }
        index -= 1
      }
      return nil
    case .bisection:
      return bisect()
    case .automatic where columns.hasUniformMetrics:
      return bisect()
    case .automatic:
      // Lines mix fonts with different metrics, so fitting may not be monotone. Every line is
      // at least as tall as the shortest font and at most as tall as the union of all fonts,
      // and with uniform line heights fitting is monotone: nothing above `upper` can fit and
      // `lower` does. Try each size between them from the top.
      // (`failedTop` is `upper`, when given: the text does not fit there by its own metrics.)
      let lower = bisect(uniformly: columns.tallestMetrics)
      guard let upper = failedTop ?? bisect(uniformly: columns.shortestMetrics) else {
        return lower
      }
      var index = failedTop == nil ? upper : upper - 1
      while index > (lower ?? -1) {
        if fits(index) { return index }
        index -= 1
      }
      return lower
    }
  }

  /// The largest index of `sizes` at which the text fits with every line's metrics
  /// `metrics` (each line's own when nil); nil when even the smallest size does not fit.
  ///
  /// It bisects from the largest size the words allow, exact when fitting is monotone, as it
  /// is when every line has the same metrics.
  ///
  /// `failedTop`, when given, is that largest size, already tried and found not to fit.
  private func bisection(
    _ sizes: FontSizeRange, _ options: LayoutOptions, uniformly metrics: LineMetrics?,
    wholeWords: Bool, failedTop: Int? = nil, tried: inout Int
  ) -> Int? {
    func fits(_ index: Int) -> Bool {
      tried += 1
      return layouter.fits(
        pointSize: sizes[index], options: options, uniformMetrics: metrics,
        keepingWordsWhole: wholeWords)
    }
    let top: Int
    if let failedTop {
      top = failedTop
    } else {
      top = largestPossible(sizes, options, uniformly: metrics, wholeWords: wholeWords)
      guard top >= 0 else { return nil }
      if fits(top) { return top }
    }
    // Invariant: `low` fits (or is -1), every index above `high` does not.
    var low = -1
    var high = top - 1
    if top < sizes.count - 1 {
      // The words ruled out the sizes above `top`, and the answer is most often just below
      // it: step down 1, 2, 4… sizes from it before bisecting what is left.
      var step = 1
      while high - step + 1 >= 0 {
        let probe = high - step + 1
        if fits(probe) {
          low = probe
          break
        }
        high = probe - 1
        step *= 2
      }
    }
    while low < high {
      let middle = (low + high + 1) / 2
      if fits(middle) { low = middle } else { high = middle - 1 }
    }
    return low >= 0 ? low : nil
  }

  /// The largest index of `sizes` the words' widths do not rule out (`-1` when they rule out
  /// every one), with every line's metrics `metrics` (each line's own when nil): the sizes
  /// above it are shown not to fit without a layout.
  private func largestPossible(
    _ sizes: FontSizeRange, _ options: LayoutOptions, uniformly metrics: LineMetrics?,
    wholeWords: Bool
  ) -> Int {
    layouter.largestPossibleIndex(
      sizes, options: options, uniformMetrics: metrics, keepingWordsWhole: wholeWords)
      ?? sizes.count - 1
  }

  /// The largest real size from `low` (at which the text fits) up to, not including, `high`
  /// at which the text still fits: the core of an exact fit.
  ///
  /// For a fixed set of line breaks every width and height is linear in the size, so the
  /// breaks found at `low` hold until the widest line reaches the box's width, and within
  /// that interval the text fits up to where its height reaches the box's height: each
  /// interval solves exactly. Where the widest line reaches the width, the breaks change; the
  /// search steps just past that size and goes on while the new breaks fit. Rounding is
  /// settled by bisection, so the answer always fits; after ``maximumExactSteps`` break
  /// changes (a long text on a coarse grid), bisection settles the rest of the interval.
  ///
  /// - Parameters:
  ///   - low: A size at which the text fits.
  ///   - high: A size at which it does not fit (the next grid candidate).
  ///   - options: The box and layout rules.
  ///   - keepingWordsWhole: Whether a broken word counts as not fitting.
  ///   - tried: Incremented by the number of layouts made.
  /// - Returns: A size in `low..<high` at which the text fits; never less than `low`.
  func exactSize(
    above low: Double, below high: Double, options: LayoutOptions, keepingWordsWhole: Bool,
    tried: inout Int
  ) -> Double {
    func fits(_ size: Double) -> Bool {
      tried += 1
      return layouter.fits(
        pointSize: size, options: options, uniformMetrics: nil,
        keepingWordsWhole: keepingWordsWhole)
    }
    /// The widest line and the height at `size`, from the breaks at `size`.
    func extent(_ size: Double) -> (width: Double, height: Double) {
      tried += 1
      let spans = layouter.wrapper(pointSize: size, options: options).lines(
        width: options.box.width)
      return (spans.reduce(0) { max($0, $1.width) }, spans.reduce(0) { $0 + $1.height })
    }
    // Breaks change where the widest line passes the box's width and its tolerance, so the
    // width is solved against both; the height is solved just inside the box, so that the
    // size found is never taller than the box, not even by rounding.
    let width = options.box.width + LineWrapper.tolerance
    let height = max(0, options.box.height - LineWrapper.tolerance)
    let start = low
    var low = low
    var answer: Double?
    for _ in 0..<Self.maximumExactSteps {
      let (widest, tallness) = extent(low)
      let byWidth = widest > 0 ? width / (widest / low) : .infinity
      let byHeight = tallness > 0 ? height / (tallness / low) : .infinity
      let candidate = min(byWidth, byHeight)
      guard candidate > low else {
        answer = low
        break
      }
      if candidate >= high {
        // The breaks at `low` hold past `high`: the answer is just below it.
        answer = largestFitting(from: low, below: high, fits: fits)
        break
      }
      guard fits(candidate) else {
        // Rounding put the candidate a hair past the box.
        answer = largestFitting(from: low, below: candidate, fits: fits)
        break
      }
      low = candidate
      // Past the height limit the text only grows taller; past the width limit the breaks
      // change, and the new ones may still fit.
      if byHeight <= byWidth {
        answer = low
        break
      }
      let next = low + max(low * 1e-12, Double.ulpOfOne)
      guard next < high, fits(next) else {
        answer = low
        break
      }
      low = next
    }
    let found = answer ?? largestFitting(from: low, below: high, fits: fits)
    // A size stopped by the width can leave the widest line within the tolerance past the
    // box; the answer is then the largest size at or above `start` that stays inside it.
    func inside(_ size: Double) -> Bool {
      let (widest, tallness) = extent(size)
      return widest <= options.box.width && tallness <= options.box.height && fits(size)
    }
    guard found > start, !inside(found) else { return found }
    let (widest, _) = extent(found)
    let shrunk = widest > 0 ? found * min(1, options.box.width / widest) : found
    if shrunk > start, inside(shrunk) { return shrunk }
    return largestFitting(from: start, below: found, fits: inside)
  }

  /// The largest size in `low..<high` at which `fits`, by bisection to a relative 1e-12,
  /// when `low` fits.
  private func largestFitting(from low: Double, below high: Double, fits: (Double) -> Bool)
    -> Double
  {
    var good = low
    var bad = high
    while bad - good > good * 1e-12 {
      let middle = good + (bad - good) / 2
      guard middle > good, middle < bad else { break }
      if fits(middle) { good = middle } else { bad = middle }
    }
    return good
  }
}
