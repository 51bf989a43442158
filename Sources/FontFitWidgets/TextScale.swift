// The accessibility text scale: a reader's preferred text size, applied to a font size after
// screen adaptation. iOS names the preference by content size category; Android 14 scales large
// sizes less than small ones. Everything the scale does is in this file.

import FontFitText

/// An iOS Dynamic Type text size preference.
///
/// Each category is named by how iOS writes it (`xLarge`, `AX1`); ``large`` is the default and
/// leaves sizes as designed.
public enum ContentSizeCategory: String, CaseIterable, Hashable, Sendable {
  /// The smallest size: Body text at 14pt.
  case xSmall
  /// Body text at 15pt.
  case small
  /// Body text at 16pt.
  case medium
  /// The default: Body text at 17pt.
  case large
  /// Body text at 19pt.
  case xLarge
  /// Body text at 21pt.
  case xxLarge
  /// The largest size outside the accessibility sizes: Body text at 23pt.
  case xxxLarge
  /// The first accessibility size: Body text at 28pt.
  case accessibility1 = "AX1"
  /// Body text at 33pt.
  case accessibility2 = "AX2"
  /// Body text at 40pt.
  case accessibility3 = "AX3"
  /// Body text at 47pt.
  case accessibility4 = "AX4"
  /// The largest size: Body text at 53pt.
  case accessibility5 = "AX5"

  /// The category called `name`, ignoring case and surrounding spaces.
  ///
  /// Both the raw value and the case name are accepted: `ax1`, `AX1` and `accessibility1` are
  /// ``accessibility1``; `xLarge` and `xlarge` are ``xLarge``.
  public init?(name: String) {
    let key = name.trimmingSpaces().lowercased()
    guard
      let category = Self.allCases.first(where: {
        $0.rawValue.lowercased() == key || String(describing: $0).lowercased() == key
      })
    else { return nil }
    self = category
  }

  /// The size of iOS Body text in this category, in points (Apple's Dynamic Type size table).
  public var bodyPointSize: Double {
    switch self {
    case .xSmall: 14
    case .small: 15
    case .medium: 16
    case .large: 17
    case .xLarge: 19
    case .xxLarge: 21
    case .xxxLarge: 23
    case .accessibility1: 28
    case .accessibility2: 33
    case .accessibility3: 40
    case .accessibility4: 47
    case .accessibility5: 53
    }
  }

  /// The factor this category applies to text: its Body size over the default's 17pt.
  public var scale: Double {
    bodyPointSize / ContentSizeCategory.large.bodyPointSize
  }
}

/// How a text scale factor grows a font size.
public enum TextScaleCurve: String, CaseIterable, Hashable, Sendable {
  /// Every size is multiplied by the factor.
  case linear
  /// Android 14's non-linear font scaling: small sizes grow by the factor, large sizes less,
  /// so headings stay on screen while body text becomes readable.
  ///
  /// Up to 12 points sizes grow as with ``linear``; from 15 points they grow no more than
  /// with it, and 100 points or more stay as they are up to a factor of 2. The tables are
  /// Android 14's; between 1 and the first table (1.15) this follows AOSP's later fix (also in
  /// androidx Compose, b/336720383), which interpolates from the identity at 1, with linear
  /// scaling below 1.03, where Android 14 as shipped scaled linearly up to about 1.13. Factors
  /// above 2 are linear, as on Android.
  case android14

  /// The size `pointSize` becomes when text is scaled by `factor`.
  ///
  /// - Parameters:
  ///   - pointSize: The size before scaling, in points.
  ///   - factor: The text scale factor; 1 leaves sizes as they are.
  /// - Returns: The scaled size, in points.
  public func scaledPointSize(_ pointSize: Double, factor: Double) -> Double {
    switch self {
    case .linear: pointSize * factor
    case .android14: Self.android14PointSize(pointSize, factor: factor)
    }
  }
}

// MARK: - Android 14's curve

extension TextScaleCurve {
  /// One lookup table: at `scale`, a size of `from[i]` points becomes `to[i]`.
  typealias Table = (scale: Double, from: [Double], to: [Double])

  /// Android's lookup tables, in increasing scale, as data.
  ///
  /// From AOSP `frameworks/base`, `core/java/android/content/res/FontScaleConverterFactory.java`
  /// (the same numbers are in androidx's Compose port, `FontScaleConverterFactory.android.kt`).
  static let android14Tables: [Table] = [
    // scale, source sizes, target sizes
    (
      1.15, [8, 10, 12, 14, 18, 20, 24, 30, 100],
      [9.2, 11.5, 13.8, 16.4, 19.8, 21.8, 25.2, 30, 100]
    ),
    (
      1.3, [8, 10, 12, 14, 18, 20, 24, 30, 100],
      [10.4, 13, 15.6, 18.8, 21.6, 23.6, 26.4, 30, 100]
    ),
    (
      1.5, [8, 10, 12, 14, 18, 20, 24, 30, 100],
      [12, 15, 18, 22, 24, 26, 28, 30, 100]
    ),
    (
      1.8, [8, 10, 12, 14, 18, 20, 24, 30, 100],
      [14.4, 18, 21.6, 24.4, 27.6, 30.8, 32.8, 34.8, 100]
    ),
    (
      2, [8, 10, 12, 14, 18, 20, 24, 30, 100],
      [16, 20, 24, 26, 30, 34, 36, 38, 100]
    ),
  ]

  /// The smallest factor Android applies a curve to; below it scaling is linear.
  static let android14MinimumNonLinearFactor = 1.03

  /// `pointSize` scaled by `factor` as Android 14 scales it.
  ///
  /// At a table's scale the size is looked up in that table. Between two tables' scales it is
  /// interpolated linearly between their two results; from the minimum factor up to the first
  /// table, the lower "table" is the identity at scale 1. Above the last table's scale, and
  /// below the minimum factor, scaling is linear. (Android interpolates a whole table at the
  /// common source sizes and looks the size up in it; since every table has the same source
  /// sizes, that gives the same number. Android also files scales by hundredths and reuses
  /// the table it made for a scale's hundredth; here every scale is computed exactly.)
  private static func android14PointSize(_ pointSize: Double, factor: Double) -> Double {
    guard factor >= android14MinimumNonLinearFactor,
      let last = android14Tables.last, factor <= last.scale
    else { return pointSize * factor }
    var lowerScale = 1.0
    var lowerSize = pointSize
    for table in android14Tables {
      let size = lookUp(pointSize, in: table)
      if factor == table.scale { return size }
      if factor < table.scale {
        let fraction = (factor - lowerScale) / (table.scale - lowerScale)
        return lowerSize + (size - lowerSize) * fraction
      }
      lowerScale = table.scale
      lowerSize = size
    }
    return pointSize * factor
  }

  /// The size `pointSize` becomes in `table`.
  ///
  /// Sizes are interpolated linearly between entries, from (0, 0) below the first, and by the
  /// last entry's ratio above the last. A negative size becomes the negative of its
  /// magnitude's.
  private static func lookUp(_ pointSize: Double, in table: Table) -> Double {
    let magnitude = abs(pointSize)
    let sign: Double = pointSize < 0 ? -1 : 1
    guard let upper = table.from.firstIndex(where: { magnitude <= $0 }) else {
      guard let lastFrom = table.from.last, let lastTo = table.to.last, lastFrom != 0 else {
        return 0
      }
      return pointSize * (lastTo / lastFrom)
    }
    let endFrom = table.from[upper]
    let endTo = table.to[upper]
    if magnitude == endFrom { return sign * endTo }
    let startFrom = upper == 0 ? 0 : table.from[upper - 1]
    let startTo = upper == 0 ? 0 : table.to[upper - 1]
    let fraction = (magnitude - startFrom) / (endFrom - startFrom)
    return sign * (startTo + (endTo - startTo) * fraction)
  }
}

// MARK: - The scale

/// A reader's text size preference, applied to a font size after screen adaptation.
///
/// A scale is a factor (from a content size category or given as a number), the curve that
/// applies it, and an optional legibility floor and ceiling for the scaled size.
public struct TextScale: Hashable, Sendable {
  /// The factor text is scaled by; positive and finite, 1 leaves sizes as they are.
  public private(set) var factor: Double
  /// The category the factor comes from, if it was made from one.
  public private(set) var category: ContentSizeCategory?
  /// How the factor grows a size.
  public var curve: TextScaleCurve
  /// The smallest scaled size, in points, if there is a floor.
  public private(set) var minimumPointSize: Double?
  /// The largest scaled size, in points, if there is a ceiling.
  public private(set) var maximumPointSize: Double?

  /// The largest factor a scale may have: 10, three times AX5's (iOS's largest, about 3.1);
  /// Android allows 2.
  public static let maximumFactor = 10.0

  /// No scaling: factor 1, linear, no bounds.
  public static let standard = TextScale(
    checkedFactor: 1, category: nil, curve: .linear, minimumPointSize: nil, maximumPointSize: nil)

  /// Creates a scale by a factor.
  ///
  /// - Parameters:
  ///   - factor: The factor; 1 leaves sizes as they are.
  ///   - curve: How the factor grows a size.
  ///   - minimumPointSize: The smallest scaled size, in points, or nil for no floor.
  ///   - maximumPointSize: The largest scaled size, in points, or nil for no ceiling.
  /// - Throws: ``TextScaleError`` when the factor or a bound is not a positive finite number,
  ///   or the floor is above the ceiling.
  public init(
    factor: Double, curve: TextScaleCurve = .linear, minimumPointSize: Double? = nil,
    maximumPointSize: Double? = nil
  ) throws(TextScaleError) {
    guard factor.isFinite, factor > 0 else { throw .invalidFactor(factor) }
    guard factor <= Self.maximumFactor else { throw .factorTooLarge(factor) }
    try self.init(
      validFactor: factor, category: nil, curve: curve, minimumPointSize: minimumPointSize,
      maximumPointSize: maximumPointSize)
  }

  /// Creates the scale of a content size category.
  ///
  /// - Parameters:
  ///   - category: The category; its ``ContentSizeCategory/scale`` is the factor.
  ///   - curve: How the factor grows a size.
  ///   - minimumPointSize: The smallest scaled size, in points, or nil for no floor.
  ///   - maximumPointSize: The largest scaled size, in points, or nil for no ceiling.
  /// - Throws: ``TextScaleError`` when a bound is not a positive finite number, or the floor
  ///   is above the ceiling.
  public init(
    category: ContentSizeCategory, curve: TextScaleCurve = .linear,
    minimumPointSize: Double? = nil, maximumPointSize: Double? = nil
  ) throws(TextScaleError) {
    try self.init(
      validFactor: category.scale, category: category, curve: curve,
      minimumPointSize: minimumPointSize, maximumPointSize: maximumPointSize)
  }

  /// Creates a scale from text: a factor such as `1.3`, or a category name such as `AX2` or
  /// `xLarge` (any case).
  ///
  /// - Parameters:
  ///   - value: The factor or category name; surrounding spaces are ignored.
  ///   - curve: How the factor grows a size.
  ///   - minimumPointSize: The smallest scaled size, in points, or nil for no floor.
  ///   - maximumPointSize: The largest scaled size, in points, or nil for no ceiling.
  /// - Throws: ``TextScaleError`` when `value` is neither a number nor a category name, or
  ///   the factor or a bound is invalid.
  public init(
    parsing value: String, curve: TextScaleCurve = .linear, minimumPointSize: Double? = nil,
    maximumPointSize: Double? = nil
  ) throws(TextScaleError) {
    if let category = ContentSizeCategory(name: value) {
      try self.init(
        category: category, curve: curve, minimumPointSize: minimumPointSize,
        maximumPointSize: maximumPointSize)
    } else if let factor = Double(value.trimmingSpaces()) {
      guard !factor.isInfinite else { throw .notFinite(value.trimmingSpaces()) }
      try self.init(
        factor: factor, curve: curve, minimumPointSize: minimumPointSize,
        maximumPointSize: maximumPointSize)
    } else {
      throw .unrecognized(value)
    }
  }

  /// Checks the bounds of a scale whose factor is known to be valid.
  private init(
    validFactor: Double, category: ContentSizeCategory?, curve: TextScaleCurve,
    minimumPointSize: Double?, maximumPointSize: Double?
  ) throws(TextScaleError) {
    if let minimum = minimumPointSize, !(minimum.isFinite && minimum > 0) {
      throw .invalidMinimumPointSize(minimum)
    }
    if let maximum = maximumPointSize, !(maximum.isFinite && maximum > 0) {
      throw .invalidMaximumPointSize(maximum)
    }
    if let minimum = minimumPointSize, let maximum = maximumPointSize, minimum > maximum {
      throw .minimumAboveMaximum(minimum: minimum, maximum: maximum)
    }
    self.init(
      checkedFactor: validFactor, category: category, curve: curve,
      minimumPointSize: minimumPointSize, maximumPointSize: maximumPointSize)
  }

  /// Stores values already checked.
  private init(
    checkedFactor: Double, category: ContentSizeCategory?, curve: TextScaleCurve,
    minimumPointSize: Double?, maximumPointSize: Double?
  ) {
    self.factor = checkedFactor
    self.category = category
    self.curve = curve
    self.minimumPointSize = minimumPointSize
    self.maximumPointSize = maximumPointSize
  }

  /// The size a font of `pointSize` gets: the curve applied with the factor, then raised to
  /// the floor and lowered to the ceiling when they are set.
  public func scaledPointSize(_ pointSize: Double) -> Double {
    var size = curve.scaledPointSize(pointSize, factor: factor)
    if let minimumPointSize { size = Swift.max(size, minimumPointSize) }
    if let maximumPointSize { size = Swift.min(size, maximumPointSize) }
    return size
  }

  /// Whether the scale leaves every size as it is: factor 1 and no bounds.
  public var isIdentity: Bool {
    factor == 1 && minimumPointSize == nil && maximumPointSize == nil
  }

  /// How a dump names the scale: `×1.3`, `×1.647 AX1`, `×1.3 android14`.
  ///
  /// The factor has at most three decimals; the category's raw value follows when the scale
  /// was made from one, and `android14` when that is the curve.
  public var label: String {
    var label = "×" + TextFormat.string(factor, fractionDigits: 3)
    if let category { label += " " + category.rawValue }
    if curve == .android14 { label += " " + TextScaleCurve.android14.rawValue }
    return label
  }
}

/// Why a text scale could not be made.
public enum TextScaleError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The factor is zero, negative, infinite or not a number.
  case invalidFactor(Double)
  /// The factor is above ``TextScale/maximumFactor``.
  case factorTooLarge(Double)
  /// The floor is zero, negative, infinite or not a number.
  case invalidMinimumPointSize(Double)
  /// The ceiling is zero, negative, infinite or not a number.
  case invalidMaximumPointSize(Double)
  /// The floor is above the ceiling.
  case minimumAboveMaximum(minimum: Double, maximum: Double)
  /// The text is neither a number nor a content size category name.
  case unrecognized(String)
  /// The text is a number too large for a `Double`, such as `1e400`.
  case notFinite(String)

  /// A sentence saying what is wrong.
  public var description: String {
    switch self {
    case .invalidFactor(let factor):
      "text scale must be a positive finite number, not \(TextFormat.string(factor))"
    case .factorTooLarge(let factor):
      "text scale \(TextFormat.string(factor)) is above the largest, "
        + TextFormat.string(TextScale.maximumFactor)
    case .invalidMinimumPointSize(let size):
      "minimum text size must be a positive finite number of points, not "
        + TextFormat.string(size)
    case .invalidMaximumPointSize(let size):
      "maximum text size must be a positive finite number of points, not "
        + TextFormat.string(size)
    case .minimumAboveMaximum(let minimum, let maximum):
      "minimum text size \(TextFormat.string(minimum)) is above maximum text size "
        + "\(TextFormat.string(maximum)) points"
    case .notFinite(let text):
      "text scale must be a positive finite number, not \(TextFormat.printable(text))"
    case .unrecognized(let text):
      "text scale \(TextFormat.quoted(text)) is neither a number such as 1.3 nor a content "
        + "size category ("
        + ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ") + ")"
    }
  }
}
