/// The point sizes a fit may choose from: a grid from a minimum to a maximum.
///
/// The grid is anchored at the minimum: `minimum`, `minimum + step`, … up to the maximum, and
/// the maximum itself is always a candidate, so a text that fits is never shrunk at all. A
/// maximum below the minimum wins: the only candidate is then the maximum, since a fit never
/// makes text larger than its design.
public struct FontSizeRange: RandomAccessCollection, Hashable, Sendable {
  /// The smallest size a fit may choose, in points.
  public let minimum: Double
  /// The largest size, in points: the widget's adapted design size unless set.
  public let maximum: Double
  /// The distance between candidate sizes, in points.
  public let step: Double

  /// The number of candidate sizes.
  public let count: Int

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
  }

  /// The candidate at `index`, ascending from the minimum (index 0) to the maximum.
  public subscript(index: Int) -> Double {
    if index == count - 1 { return maximum }
    return minimum + Double(index) * step
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
    }
  }

  private static func sentence(_ name: String, _ value: Double) -> String {
    "\(name) must be a positive finite number, not \(TextFormat.string(value))"
  }
}

/// How a fit searches the size grid.
public enum FitSearch: Hashable, Sendable {
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
  public var fonts: [String]
  /// Characters no font could draw (measured with `.notdef`), in order of first appearance.
  public var missingCharacters: [Unicode.Scalar]

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
}

/// Finds the largest point size at which a text fits a box.
///
/// When every font of the text has the same line height, fitting is monotone in the size: the
/// advances scale linearly, so at a smaller size greedy wrapping sees a relatively wider
/// measure and never needs more lines (each line starts no earlier than before), every line is
/// shorter, the line count times a smaller line height is smaller, and the box is unchanged.
/// Hence if a size fits, every smaller size fits, and bisection over the grid finds the same
/// size as trying every size from the top down; the tests check this on random texts and boxes.
///
/// A line's height is the union of the line boxes of the fonts on it, so when fonts with
/// different metrics mix (DejaVu with a taller CJK font), shrinking can move a tall character
/// onto a line that was short and make the text taller: fitting is then not monotone. The
/// automatic search then bisects twice with uniform line heights, the shortest font's (an upper
/// bound on the answer) and the union of all fonts' (a lower bound), and tries each size
/// between the bounds from the top: still exact, and rarely more than a few layouts.
public struct Fitter: Sendable {
  /// Lays out the text at a given size.
  public let layouter: TextLayouter

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
  /// - Parameters:
  ///   - sizes: The candidate sizes.
  ///   - options: The box and layout rules.
  ///   - search: How to search the grid; the answer is the same either way.
  /// - Returns: The chosen layout and how it was found.
  public func fit(
    sizes: FontSizeRange, options: LayoutOptions, search: FitSearch = .automatic
  ) -> FitResult {
    var tried = 0
    func fits(_ index: Int, uniformly metrics: LineMetrics? = nil) -> Bool {
      tried += 1
      return layouter.fits(pointSize: sizes[index], options: options, uniformMetrics: metrics)
    }
    // The largest index that fits, by bisection; exact when fitting is monotone, as it is when
    // every line has the same metrics. Nil when even the smallest size does not fit.
    func largestFitting(uniformly metrics: LineMetrics? = nil) -> Int? {
      if fits(sizes.count - 1, uniformly: metrics) { return sizes.count - 1 }
      // Invariant: `low` fits (or is -1), every index above `high` does not.
      var low = -1
      var high = sizes.count - 2
      while low < high {
        let middle = (low + high + 1) / 2
        if fits(middle, uniformly: metrics) { low = middle } else { high = middle - 1 }
      }
      return low >= 0 ? low : nil
    }
    let columns = layouter.columns
    var chosen = 0
    switch search {
    case .exhaustiveDescent:
      chosen = sizes.count - 1
      while chosen > 0, !fits(chosen) { chosen -= 1 }
    case .bisection:
      chosen = largestFitting() ?? 0
    case .automatic where columns.hasUniformMetrics:
      chosen = largestFitting() ?? 0
    case .automatic:
      // Lines mix fonts with different metrics, so fitting may not be monotone. Every line is
      // at least as tall as the shortest font and at most as tall as the union of all fonts,
      // and with uniform line heights fitting is monotone: nothing above `upper` can fit and
      // `lower` does. Try each size between them from the top.
      let shortest = columns.shortestMetrics
      let tallest = columns.tallestMetrics
      let lower = largestFitting(uniformly: tallest)
      chosen = lower ?? 0
      if let upper = largestFitting(uniformly: shortest) {
        var index = upper
        while index > (lower ?? -1) {
          if fits(index) {
            chosen = index
            break
          }
          index -= 1
        }
      }
    }
    let block = layouter.layout(pointSize: sizes[chosen], options: options)
    return FitResult(
      block: block, maximumPointSize: sizes.maximum, layoutsTried: tried + 1,
      fonts: columns.usedFontNames, missingCharacters: layouter.shaped.missingCharacters)
  }
}
