// The adaptation stage (the MBFontAdapter behaviour): design font sizes and frames, made for
// one screen, become those used on another. Everything the stage does is in this file.

import FontFitEngine
import FontFitFontModel
import FontFitText

#if canImport(Glibc)
  import Glibc
#endif

/// How a design font size becomes the size used on a screen (the MBFontAdapter behaviour).
///
/// A design is made for one screen; on another, sizes grow or shrink by a policy. The result
/// depends only on the design size and the two screens, never on a previously adapted size, so
/// adapting is idempotent from the widget's point of view.
public enum AdaptationPolicy: Hashable, Sendable {
  /// Sizes are used as designed on every screen.
  case none
  /// Add points by screen width (in points, so a 96 dpi screen's width counts as 3/4 of its
  /// units): each increment applies from its minimum width up to the next one's, relative to
  /// the increment of the design screen's own width.
  case increments([SizeIncrement])
  /// Scale by `(screen width / design width) ^ exponent` (widths in points), then clamp to the
  /// optional bounds.
  case proportional(exponent: Double, minimumPointSize: Double?, maximumPointSize: Double?)
  /// Apply each policy in turn to the previous one's result.
  indirect case sequence([AdaptationPolicy])

  /// The seed's table: +0 below 375pt wide, +2 from 375pt (iPhone 6), +3 from 414pt
  /// (iPhone 6 Plus).
  public static let seedIncrements = AdaptationPolicy.increments([
    SizeIncrement(minimumWidth: 0, points: 0),
    SizeIncrement(minimumWidth: 375, points: 2),
    SizeIncrement(minimumWidth: 414, points: 3),
  ])

  /// The size a font of `pointSize`, designed on `designScreen`, gets on `screen`.
  public func adaptedPointSize(_ pointSize: Double, on screen: Screen, designScreen: Screen)
    -> Double
  {
    adaptedPointSize(
      pointSize, screenWidth: screen.widthInPoints, designWidth: designScreen.widthInPoints)
  }

  /// ``adaptedPointSize(_:on:designScreen:)`` for screens `screenWidth` and `designWidth`
  /// points wide, all it reads of them.
  package func adaptedPointSize(_ pointSize: Double, screenWidth: Double, designWidth: Double)
    -> Double
  {
    // The arithmetic is the shortcut's, in one place; a sequence applies its policies in turn.
    if case .sequence(let policies) = self {
      return policies.reduce(pointSize) {
        $1.adaptedPointSize($0, screenWidth: screenWidth, designWidth: designWidth)
      }
    }
    return shortcut(screenWidth: screenWidth, designWidth: designWidth).adapted(
      pointSize, screenWidth: screenWidth, designWidth: designWidth)
  }

  /// What this policy does between screens `screenWidth` and `designWidth` points wide,
  /// worked out once for an environment, whose widgets then adapt their sizes by it without
  /// reading the policy again.
  func shortcut(screenWidth: Double, designWidth: Double) -> AdaptationShortcut {
    switch self {
    case .none: return .unchanged
    case .increments(let table):
      return .increments(
        add: Self.increment(table, width: screenWidth),
        subtract: Self.increment(table, width: designWidth))
    case .proportional(let exponent, let minimum, let maximum):
      guard designWidth > 0 else { return .unchanged }
      return .proportional(
        factor: pow(screenWidth / designWidth, exponent), minimum: minimum, maximum: maximum)
    case .sequence: return .policy(self)
    }
  }

  /// The increment of the range that holds `width`: the entry with the largest minimum width
  /// not above it, or 0 below every entry.
  private static func increment(_ table: [SizeIncrement], width: Double) -> Double {
    // One pass, keeping the first of equal minimums as `max(by:)` over the filtered rows
    // does; every text widget asks twice per layout.
    var best: SizeIncrement?
    for row in table where row.minimumWidth <= width {
      if let found = best, !(found.minimumWidth < row.minimumWidth) { continue }
      best = row
    }
    return best?.points ?? 0
  }
}

/// One row of an increments table: screens at least `minimumWidth` points wide (up to the next
/// row) add `points` to every font size.
public struct SizeIncrement: Hashable, Sendable {
  /// The narrowest screen width, in points, this row applies to.
  public var minimumWidth: Double
  /// The points added to font sizes.
  public var points: Double

  /// Creates a row.
  public init(minimumWidth: Double, points: Double) {
    self.minimumWidth = minimumWidth
    self.points = points
  }
}

/// An adaptation policy worked out for two screens: ``AdaptationPolicy/adaptedPointSize(_:on:designScreen:)``
/// of any size, the same number by the same arithmetic, with the screens' parts done once.
enum AdaptationShortcut: Sendable {
  /// Sizes stay as they are.
  case unchanged
  /// `add`, then `subtract`, points: the increments of the screen and the design screen.
  case increments(add: Double, subtract: Double)
  /// Sizes times `factor` (the width ratio to the exponent), within the bounds.
  case proportional(factor: Double, minimum: Double?, maximum: Double?)
  /// The policy itself, applied in full.
  case policy(AdaptationPolicy)

  /// `pointSize` adapted (``AdaptationPolicy/adaptedPointSize(_:on:designScreen:)`` does its
  /// arithmetic here); `screenWidth` and `designWidth` serve only the full policy.
  func adapted(_ pointSize: Double, screenWidth: Double, designWidth: Double) -> Double {
    switch self {
    case .unchanged: return pointSize
    case .increments(let add, let subtract): return pointSize + add - subtract
    case .proportional(let factor, let minimum, let maximum):
      var size = pointSize * factor
      if let minimum { size = Swift.max(size, minimum) }
      if let maximum { size = Swift.min(size, maximum) }
      return size
    case .policy(let policy):
      return policy.adaptedPointSize(
        pointSize, screenWidth: screenWidth, designWidth: designWidth)
    }
  }
}

extension WidgetEnvironment {
  /// The smallest size adaptation produces, in points.
  public static let minimumAdaptedPointSize = 1.0

  /// ``adaptedPointSize(_:by:)`` by the environment's own ``adaptation``, worked out for its
  /// screens when it was made: what every widget without a policy of its own adapts by.
  func adaptedPointSizeByOwnPolicy(_ pointSize: Double) -> Double {
    let measures = measures
    return Self.floored(
      adaptationShortcut.adapted(
        pointSize, screenWidth: measures.widthInPoints,
        designWidth: measures.designWidthInPoints))
  }

  /// `size` at least ``minimumAdaptedPointSize``; a size that is not a number as it is.
  private static func floored(_ size: Double) -> Double {
    size.isNaN ? size : max(size, minimumAdaptedPointSize)
  }

  /// `frame`, given in design points, on this environment's screen.
  ///
  /// - Parameters:
  ///   - frame: The design frame.
  ///   - scaling: How to scale it; nil for the environment's ``frameScaling``.
  /// - Returns: The frame on the screen, in its units.
  public func screenFrame(_ frame: Rect, scaling: FrameScaling? = nil) -> Rect {
    (scaling ?? frameScaling).scale(frame, with: measures)
  }

  /// `font`, designed for the design screen, adapted to this screen by the environment's
  /// policy.
  public func adapted(_ font: Font) -> Font {
    font.withPointSize(adaptedPointSize(font.pointSize, by: adaptation))
  }

  /// `pointSize`, designed for the design screen, adapted to this screen by `policy`: the one
  /// rule every widget's adaptation follows.
  ///
  /// The adapted size is at least ``minimumAdaptedPointSize``, so a table with large negative
  /// increments cannot produce an empty or negative font. A size that is not a number stays as
  /// it is, and the widget reports it as a layout error.
  public func adaptedPointSize(_ pointSize: Double, by policy: AdaptationPolicy) -> Double {
    let measures = measures
    return Self.floored(
      policy.adaptedPointSize(
        pointSize, screenWidth: measures.widthInPoints,
        designWidth: measures.designWidthInPoints))
  }

}
