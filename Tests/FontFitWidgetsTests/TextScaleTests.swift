import FontFitFontModel
import FontFitWidgets
import TestSupport
import Testing

/// The accessibility text scale: categories, Android 14's curve, and the scale itself.
@Suite("Text scale")
struct TextScaleTests {
  /// Whether `a` and `b` differ by at most `tolerance`.
  static func close(_ a: Double, _ b: Double, within tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
  }

  @Suite("Content size categories")
  struct Categories {
    @Test(
      "Every category scales by its iOS Body size over 17pt",
      arguments: zip(
        ContentSizeCategory.allCases, [14.0, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]))
    func bodySizes(category: ContentSizeCategory, body: Double) {
      #expect(category.bodyPointSize == body)
      #expect(category.scale == body / 17)
      #expect(TextScaleTests.close(TextScale.standard.scaledPointSize(body), body))
    }

    @Test("Large, the default, scales by exactly 1 and its scale is the identity")
    func largeIsOne() throws {
      #expect(ContentSizeCategory.large.scale == 1)
      #expect(try TextScale(category: .large).isIdentity)
    }

    @Test("The categories run from xSmall to AX5, growing, with AX raw values")
    func order() {
      let names = ContentSizeCategory.allCases.map(\.rawValue)
      #expect(
        names == [
          "xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge", "AX1", "AX2",
          "AX3", "AX4", "AX5",
        ])
      let scales = ContentSizeCategory.allCases.map(\.scale)
      #expect(zip(scales, scales.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test(
      "Names are matched ignoring case and surrounding spaces",
      arguments: [
        ("ax1", ContentSizeCategory.accessibility1), ("AX1", .accessibility1),
        ("accessibility1", .accessibility1), ("Ax5", .accessibility5), ("xLarge", .xLarge),
        ("xlarge", .xLarge), (" XXXLARGE ", .xxxLarge), ("Medium", .medium),
      ])
    func names(name: String, category: ContentSizeCategory) {
      #expect(ContentSizeCategory(name: name) == category)
    }

    @Test("Other names are not categories", arguments: ["", "huge", "AX6", "x large", "1.3"])
    func unknownNames(name: String) {
      #expect(ContentSizeCategory(name: name) == nil)
    }
  }

  @Suite("Android 14 curve")
  struct Android14Curve {
    let curve = TextScaleCurve.android14

    /// AOSP's tables (FontScaleConverterFactory.java): at each scale, the size each of
    /// 8, 10, 12, 14, 18, 20, 24, 30 and 100 points becomes.
    static let tables: [(scale: Double, to: [Double])] = [
      (1.15, [9.2, 11.5, 13.8, 16.4, 19.8, 21.8, 25.2, 30, 100]),
      (1.3, [10.4, 13, 15.6, 18.8, 21.6, 23.6, 26.4, 30, 100]),
      (1.5, [12, 15, 18, 22, 24, 26, 28, 30, 100]),
      (1.8, [14.4, 18, 21.6, 24.4, 27.6, 30.8, 32.8, 34.8, 100]),
      (2, [16, 20, 24, 26, 30, 34, 36, 38, 100]),
    ]
    static let sources: [Double] = [8, 10, 12, 14, 18, 20, 24, 30, 100]

    @Test("At each table's scale every table size comes out exactly", arguments: tables)
    func tablePoints(scale: Double, to: [Double]) {
      for (source, target) in zip(Self.sources, to) {
        #expect(curve.scaledPointSize(source, factor: scale) == target, "\(source)pt")
      }
    }

    @Test(
      "At 200% small text doubles and large text stays",
      arguments: [(8.0, 16.0), (14, 26), (30, 38), (100, 100)])
    func doubleScale(size: Double, expected: Double) {
      #expect(curve.scaledPointSize(size, factor: 2) == expected)
    }

    @Test("Between table sizes the size is interpolated; below 8pt from zero; above 100pt as 100")
    func withinTable() {
      #expect(TextScaleTests.close(curve.scaledPointSize(16, factor: 1.5), 23))
      #expect(TextScaleTests.close(curve.scaledPointSize(4, factor: 1.5), 6))
      #expect(TextScaleTests.close(curve.scaledPointSize(65, factor: 1.8), 67.4))
      #expect(curve.scaledPointSize(200, factor: 2) == 200)
    }

    @Test("Between two tables' scales the two results are interpolated")
    func betweenTables() {
      #expect(TextScaleTests.close(curve.scaledPointSize(14, factor: 1.4), 20.4))
      #expect(TextScaleTests.close(curve.scaledPointSize(24, factor: 1.9), 34.4))
      #expect(TextScaleTests.close(curve.scaledPointSize(30, factor: 1.65), 32.4))
    }

    @Test("From 1.03 to 1.15 the curve starts from sizes as they are at 1")
    func belowFirstTable() {
      #expect(TextScaleTests.close(curve.scaledPointSize(14, factor: 1.075), 15.2))
      #expect(TextScaleTests.close(curve.scaledPointSize(30, factor: 1.1), 30))
    }

    @Test("Below 1.03, as on Android, scaling is linear, so large text steps down at 1.03")
    func minimumFactor() {
      #expect(curve.scaledPointSize(30, factor: 1.02) == 30 * 1.02)
      #expect(curve.scaledPointSize(30, factor: 0.85) == 30 * 0.85)
      #expect(TextScaleTests.close(curve.scaledPointSize(30, factor: 1.03), 30))
    }

    @Test("Above 2, as on Android, scaling is linear, so large text jumps up past 2")
    func aboveLastTable() {
      #expect(curve.scaledPointSize(100, factor: 2.01) == 100 * 2.01)
      #expect(curve.scaledPointSize(14, factor: 2.5) == 14 * 2.5)
    }

    @Test("At scale 1 every size stays as it is")
    func identity() {
      var generator = SplitMix64(seed: 1)
      for _ in 0..<200 {
        let size = Double.random(in: 0...300, using: &generator)
        #expect(curve.scaledPointSize(size, factor: 1) == size)
      }
    }

    @Test("A larger size never scales to a smaller one")
    func monotoneInSize() {
      var generator = SplitMix64(seed: 2)
      for _ in 0..<2000 {
        let scale = Double.random(in: 1...2.5, using: &generator)
        let sizes = [
          Double.random(in: 0...150, using: &generator),
          Double.random(in: 0...150, using: &generator),
        ].sorted()
        let scaled = sizes.map { curve.scaledPointSize($0, factor: scale) }
        #expect(scaled[0] <= scaled[1], "\(sizes) at \(scale)")
      }
    }

    @Test("From 1.03 up, a larger scale never makes a size smaller")
    func monotoneInScale() {
      var generator = SplitMix64(seed: 3)
      for _ in 0..<2000 {
        let size = Double.random(in: 0...150, using: &generator)
        let scales = [
          Double.random(in: 1.03...2.5, using: &generator),
          Double.random(in: 1.03...2.5, using: &generator),
        ].sorted()
        let scaled = scales.map { curve.scaledPointSize(size, factor: $0) }
        #expect(scaled[0] <= scaled[1] + 1e-9, "\(size)pt at \(scales)")
      }
    }

    @Test("From scale 1 up, no size becomes smaller than it is")
    func neverShrinks() {
      var generator = SplitMix64(seed: 4)
      for _ in 0..<2000 {
        let size = Double.random(in: 0...150, using: &generator)
        let scale = Double.random(in: 1...2.5, using: &generator)
        // Allow for rounding: between 30pt and 100pt the curve is the identity up to 150%.
        let scaled = curve.scaledPointSize(size, factor: scale)
        #expect(scaled >= size * (1 - 1e-12), "\(size)pt at \(scale)")
      }
    }

    @Test("Up to 12pt the curve is linear; from 15pt large sizes grow less than linearly")
    func largeSizesGrowLess() {
      var generator = SplitMix64(seed: 5)
      for _ in 0..<2000 {
        let scale = Double.random(in: 1.0001...2.5, using: &generator)
        let small = Double.random(in: 0...12, using: &generator)
        let large = Double.random(in: 15...150, using: &generator)
        let linearSmall = small * scale
        #expect(TextScaleTests.close(curve.scaledPointSize(small, factor: scale), linearSmall))
        #expect(curve.scaledPointSize(large, factor: scale) <= large * scale + 1e-9)
      }
    }

    @Test("Android's tables grow 14pt a little more than linearly up to 150%")
    func fourteenPoints() {
      #expect(curve.scaledPointSize(14, factor: 1.15) > 14 * 1.15)
      #expect(curve.scaledPointSize(14, factor: 1.3) > 14 * 1.3)
      #expect(curve.scaledPointSize(14, factor: 1.5) > 14 * 1.5)
      #expect(curve.scaledPointSize(14, factor: 1.8) < 14 * 1.8)
    }

    @Test(
      "A small change of scale near a table's scale changes sizes a little",
      arguments: [1.15, 1.3, 1.5, 1.8])
    func continuity(scale: Double) {
      for size in [6.0, 8, 11, 14, 17, 22, 30, 64, 100, 140] {
        let below = curve.scaledPointSize(size, factor: scale - 1e-7)
        let at = curve.scaledPointSize(size, factor: scale)
        let above = curve.scaledPointSize(size, factor: scale + 1e-7)
        #expect(abs(at - below) < 1e-4, "\(size)pt below \(scale)")
        #expect(abs(above - at) < 1e-4, "\(size)pt above \(scale)")
      }
    }

    @Test("Approaching 200% from below reaches the 200% table")
    func continuityAtTwo() {
      for size in Self.sources {
        let below = curve.scaledPointSize(size, factor: 2 - 1e-7)
        #expect(abs(below - curve.scaledPointSize(size, factor: 2)) < 1e-4, "\(size)pt")
      }
    }

    @Test("The linear curve multiplies every size by the factor")
    func linear() {
      #expect(TextScaleCurve.linear.scaledPointSize(30, factor: 2) == 60)
      #expect(TextScaleCurve.linear.scaledPointSize(100, factor: 1.3) == 100 * 1.3)
    }
  }

  @Suite("Text scales")
  struct Scales {
    @Test("The standard scale leaves sizes as they are and is named ×1")
    func standard() {
      let scale = TextScale.standard
      #expect(scale.isIdentity)
      #expect(scale.factor == 1)
      #expect(scale.category == nil)
      #expect(scale.curve == .linear)
      #expect(scale.label == "×1")
      #expect(scale.scaledPointSize(17) == 17)
    }

    @Test(
      "Labels name the factor to three decimals, the category and a non-linear curve",
      arguments: [
        (try TextScale(factor: 1.3), "×1.3"),
        (try TextScale(factor: 2), "×2"),
        (try TextScale(factor: 1.23456), "×1.235"),
        (try TextScale(category: .xxLarge), "×1.235 xxLarge"),
        (try TextScale(category: .accessibility1), "×1.647 AX1"),
        (try TextScale(factor: 1.3, curve: .android14), "×1.3 android14"),
        (try TextScale(category: .accessibility5, curve: .android14), "×3.118 AX5 android14"),
      ])
    func labels(scale: TextScale, label: String) {
      #expect(scale.label == label)
    }

    @Test("A category's scale brings 17pt Body text to the category's Body size")
    func categoryBodySizes() throws {
      for category in ContentSizeCategory.allCases {
        let scale = try TextScale(category: category)
        #expect(scale.category == category)
        #expect(scale.factor == category.scale)
        #expect(TextScaleTests.close(scale.scaledPointSize(17), category.bodyPointSize))
      }
    }

    @Test("The scale applies its curve")
    func appliesCurve() throws {
      #expect(try TextScale(factor: 2).scaledPointSize(30) == 60)
      #expect(try TextScale(factor: 2, curve: .android14).scaledPointSize(30) == 38)
    }

    @Test("The floor and ceiling clamp the scaled size")
    func bounds() throws {
      let scale = try TextScale(factor: 2, minimumPointSize: 12, maximumPointSize: 30)
      #expect(scale.scaledPointSize(4) == 12)
      #expect(scale.scaledPointSize(10) == 20)
      #expect(scale.scaledPointSize(20) == 30)
      let floorOnly = try TextScale(factor: 1, minimumPointSize: 11)
      #expect(!floorOnly.isIdentity)
      #expect(floorOnly.scaledPointSize(9) == 11)
      #expect(floorOnly.scaledPointSize(40) == 40)
      let ceiling = try TextScale(category: .accessibility5, maximumPointSize: 40)
      #expect(ceiling.scaledPointSize(17) == 40)
      let equal = try TextScale(factor: 1.5, minimumPointSize: 20, maximumPointSize: 20)
      #expect(equal.scaledPointSize(3) == 20)
    }

    @Test("Only factor 1 without bounds is the identity")
    func identity() throws {
      #expect(try TextScale(factor: 1, curve: .android14).isIdentity)
      #expect(try !TextScale(factor: 1.3).isIdentity)
      #expect(try !TextScale(factor: 1, maximumPointSize: 40).isIdentity)
    }

    @Test(
      "Text is read as a factor or a category name",
      arguments: [
        ("1.3", 1.3, nil), (" 2 ", 2, nil), ("0.85", 0.85, nil),
        ("AX2", 33.0 / 17, ContentSizeCategory.accessibility2), ("xlarge", 19.0 / 17, .xLarge),
        ("Large", 1, .large),
      ] as [(String, Double, ContentSizeCategory?)])
    func parsing(text: String, factor: Double, category: ContentSizeCategory?) throws {
      let scale = try TextScale(parsing: text, curve: .android14, maximumPointSize: 60)
      #expect(scale.factor == factor)
      #expect(scale.category == category)
      #expect(scale.curve == .android14)
      #expect(scale.maximumPointSize == 60)
    }

    @Test(
      "A factor that is not a positive finite number is refused with a sentence",
      arguments: [
        (-1.0, "text scale must be a positive finite number, not -1"),
        (0, "text scale must be a positive finite number, not 0"),
        (.infinity, "text scale must be a positive finite number, not inf"),
        (.nan, "text scale must be a positive finite number, not nan"),
      ])
    func invalidFactor(factor: Double, message: String) {
      let error = #expect(throws: TextScaleError.self) { try TextScale(factor: factor) }
      #expect(error?.description == message)
    }

    @Test("Bounds that are not positive finite numbers, or cross, are refused")
    func invalidBounds() {
      #expect(throws: TextScaleError.invalidMinimumPointSize(0)) {
        try TextScale(factor: 1.3, minimumPointSize: 0)
      }
      #expect(throws: TextScaleError.invalidMaximumPointSize(-3)) {
        try TextScale(category: .xLarge, maximumPointSize: -3)
      }
      let crossed = #expect(throws: TextScaleError.minimumAboveMaximum(minimum: 20, maximum: 12)) {
        try TextScale(factor: 1.3, minimumPointSize: 20, maximumPointSize: 12)
      }
      #expect(crossed?.description == "minimum text size 20 is above maximum text size 12 points")
      #expect(
        TextScaleError.invalidMinimumPointSize(.infinity).description
          == "minimum text size must be a positive finite number of points, not inf")
      #expect(
        TextScaleError.invalidMaximumPointSize(-3).description
          == "maximum text size must be a positive finite number of points, not -3")
    }

    @Test("Text that is neither a number nor a category is refused, listing the categories")
    func unrecognizedText() {
      let error = #expect(throws: TextScaleError.unrecognized("huge")) {
        try TextScale(parsing: "huge")
      }
      #expect(
        error?.description
          == "text scale \"huge\" is neither a number such as 1.3 nor a content size category "
          + "(xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, AX1, AX2, AX3, AX4, AX5)")
      #expect(throws: TextScaleError.invalidFactor(-1)) { try TextScale(parsing: "-1") }
      #expect(throws: TextScaleError.unrecognized("")) { try TextScale(parsing: "") }
    }
  }
}
