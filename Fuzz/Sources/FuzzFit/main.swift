// Fitting random text into random boxes. The input's first bytes choose the box, line limit,
// line break mode, overflow, line height, size candidates, search options and up to three
// fonts' metrics; the rest is the text, measured with arithmetic (see `FitCase`). Checked:
//
// - the automatic search chooses the same size as trying every size from the top, and agrees
//   on whether the text fits; bisection does too when every font has the same metrics;
// - a result that fits is inside the box (to 1e-6 points), within the line limit, and shows
//   every drawn character of the text, in order;
// - an exact fit fits whenever the grid's answer does, at a size from it up to, not including,
//   the next candidate;
// - nothing crashes.

import FontFit
@_spi(Engine) import FontFitText
import FuzzSupport

runFuzzer(fuzzFit)

/// The test of one input, read as a ``FitCase``.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: Their number.
/// - Returns: 0, as libFuzzer requires; a broken property stops the process instead.
func fuzzFit(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var bytes = FuzzBytes(data, count: size)
  guard let fitCase = FitCase(&bytes) else { return 0 }
  fitCase.check()
  return 0
}

/// One fitting problem decoded from the fuzzer's bytes.
struct FitCase {
  /// Candidate advances in ems, picked by a character's first scalar.
  static let advances: [Double] = [
    0.5, 0.25, 0.6, 1, 0.45, 0.55, 0.3, 2, 0, 0.5, 0.7, 0.4, 0.5, 0.8, 0.35, 1.2,
  ]

  let text: String
  let shaped: ShapedText
  let token: ShapedText?
  let sizes: FontSizeRange
  let options: LayoutOptions
  let keepingWordsWhole: Bool
  let exact: Bool
  /// Whether every font has the same metrics, so that plain bisection is exact too.
  let uniformMetrics: Bool

  /// Decodes a case: nil when the bytes make an invalid value, which the API refuses anyway.
  ///
  /// Layout: width and height (2 bytes each: 1/64 points, 0xFFFF for no limit), line limit,
  /// line break mode, overflow, line height multiple, flags (bit 0 whole words, 1 exact, 2 a
  /// truncation token, 3 kerning, 4 hyphens, 5–6 the number of extra fonts), the kind of size
  /// candidates and their bytes, 3 bytes of metrics per font, then the text as UTF-8.
  init?(_ bytes: inout FuzzBytes) {
    func length(_ raw: UInt16) -> Double { raw == 0xFFFF ? .infinity : Double(raw) / 64 }
    let box = Size(width: length(bytes.uint16()), height: length(bytes.uint16()))
    let maximumLines = Int(bytes.byte() % 6)
    let mode = bytes.choice(LineBreakMode.allCases)
    let overflow = bytes.choice(Overflow.allCases)
    let lineHeightMultiple = bytes.choice([1, 1, 0.8, 1.2, 1.5, 0.5, 2, 0.75])
    let flags = bytes.byte()
    keepingWordsWhole = FuzzBytes.isSet(0, in: flags)
    exact = FuzzBytes.isSet(1, in: flags)
    let kerning = FuzzBytes.isSet(3, in: flags)
    let hyphens = FuzzBytes.isSet(4, in: flags)
    let fontCount = min(3, 1 + Int(flags >> 5 & 3))
    guard
      let sizes = Self.sizes(&bytes),
      let options = try? LayoutOptions(
        box: box, maximumLines: maximumLines, lineBreakMode: mode,
        lineHeightMultiple: lineHeightMultiple, overflow: overflow)
    else { return nil }
    self.sizes = sizes
    self.options = options
    var fonts: [ShapedFont] = []
    for index in 0..<fontCount {
      let metrics = LineMetrics(
        ascent: Double(bytes.byte()) / 64, descent: Double(bytes.byte()) / 128,
        lineGap: Double(bytes.byte()) / 256)
      let hyphen = ShapedHyphen(
        text: "-", glyph: ShapedGlyph(id: 1, font: index, advance: 0.3))
      fonts.append(
        ShapedFont(name: "F\(index)", metrics: metrics, hyphen: hyphens ? hyphen : nil))
    }
    uniformMetrics = fonts.allSatisfy { $0.metrics == fonts[0].metrics }
    text = bytes.restAsText()
    do {
      shaped = try ArithmeticText.shape(text, fonts: fonts) { _, character, previous in
        Self.measure(
          character, previous: previous, fontCount: fontCount, kerning: kerning,
          hyphens: hyphens)
      }
      token =
        FuzzBytes.isSet(2, in: flags)
        ? try ArithmeticText.shape("…", fonts: [fonts[0]]) { _, _, _ in
          ClusterMeasure(advance: 1)
        } : nil
    } catch {
      fail("the fit target's shaped text was refused: \(error)")
    }
  }

  /// A grid (minimum, maximum, step), a list of presets, or one fixed size.
  private static func sizes(_ bytes: inout FuzzBytes) -> FontSizeRange? {
    switch bytes.byte() % 3 {
    case 0:
      let minimum = 1 + Double(bytes.byte()) / 8
      let maximum = 1 + Double(bytes.byte()) / 4
      let step = bytes.choice([0.1, 0.25, 0.5, 1, 1.5, 2, 0.3, 3])
      return try? FontSizeRange(minimum: minimum, maximum: maximum, step: step)
    case 1:
      let count = 1 + Int(bytes.byte() % 8)
      return try? FontSizeRange(presets: (0..<count).map { _ in 0.5 + Double(bytes.byte()) / 2 })
    default:
      return try? FontSizeRange(fixed: 1 + Double(bytes.byte()) / 2)
    }
  }

  /// A character's measure: its advance from its first scalar, its font from the scalar's
  /// sixteens; kerning pulls some clusters towards the one before by at most half the
  /// narrower advance (so that a line never narrows as it grows, as with real fonts); with
  /// hyphens, a word broken between two letters gets one.
  private static func measure(
    _ character: Character, previous: ClusterMeasure?, fontCount: Int, kerning: Bool,
    hyphens: Bool
  ) -> ClusterMeasure {
    let scalar = character.unicodeScalars.first?.value ?? 0
    let advance = advances[Int(scalar % UInt32(advances.count))]
    var measure = ClusterMeasure(advance: advance, font: Int(scalar / 16) % fontCount)
    if kerning, let previous, scalar % 3 == 0 {
      measure.kerning = -0.5 * min(previous.advance, advance)
    }
    measure.insertsHyphen = hyphens && character.isLetter
    return measure
  }

  /// Fits the text every way and checks the properties.
  func check() {
    let fitter = Fitter(shaped: shaped, truncationToken: token)
    func fit(_ search: FitSearch, exact: Bool = false) -> FitResult {
      fitter.fit(
        sizes: sizes, options: options, search: search, keepingWordsWhole: keepingWordsWhole,
        exact: exact)
    }
    let automatic = fit(.automatic)
    let full = fit(.exhaustiveDescent)
    expect(
      automatic.pointSize == full.pointSize && automatic.fits == full.fits,
      "automatic search: \(describe(automatic)); every size from the top: \(describe(full))")
    if uniformMetrics {
      let bisected = fit(.bisection)
      expect(
        bisected.pointSize == full.pointSize && bisected.fits == full.fits,
        "bisection: \(describe(bisected)); every size from the top: \(describe(full))")
    }
    checkInside(automatic, "automatic")
    checkInside(full, "every size from the top")
    if exact { checkExact(fit(.automatic, exact: true), grid: automatic) }
  }

  /// A result that fits is inside the box and the line limit and shows every drawn cluster.
  private func checkInside(_ result: FitResult, _ search: String) {
    guard result.fits else { return }
    let box = options.box
    expect(
      result.textSize.width <= box.width + 1e-6 && result.textSize.height <= box.height + 1e-6,
      "\(search) fits, but its text is \(result.textSize.width)×\(result.textSize.height) "
        + "in a box of \(box.width)×\(box.height): \(describe(result))")
    expect(
      options.maximumLines == 0 || result.lines.count <= options.maximumLines,
      "\(search) fits in \(result.lines.count) lines, over the limit of "
        + "\(options.maximumLines): \(describe(result))")
    let shown = result.lines.flatMap { line in
      line.pieces.filter { $0.source == .text }.flatMap { Array($0.clusters) }
    }
    let drawn = shaped.clusters.indices.filter { shaped.clusters[$0].kind == .visible }
    expect(
      shown.filter { shaped.clusters[$0].kind == .visible } == drawn,
      "\(search) fits, but its lines do not show each drawn cluster once, in order: "
        + describe(result))
  }

  /// An exact fit fits whenever the grid's answer does, from that size up to, not including,
  /// the next candidate; else it is the grid's answer.
  private func checkExact(_ result: FitResult, grid: FitResult) {
    checkInside(result, "exact")
    guard grid.fits else {
      expect(
        result.pointSize == grid.pointSize && !result.fits,
        "exact: \(describe(result)); grid: \(describe(grid))")
      return
    }
    let next = sizes.first { $0 > grid.pointSize } ?? .infinity
    expect(
      result.fits && result.pointSize >= grid.pointSize && result.pointSize < next,
      "exact: \(describe(result)); grid: \(describe(grid)); next candidate \(next)")
  }

  /// The result and the case, for a finding's message.
  private func describe(_ result: FitResult) -> String {
    "size \(result.pointSize), fits \(result.fits), "
      + "\(result.textSize.width)×\(result.textSize.height), lines "
      + "\(result.lines.map(\.text)) (text \(text.debugDescription), box "
      + "\(options.box.width)×\(options.box.height), \(options.maximumLines) lines, "
      + "\(options.wrapping), \(options.truncation), \(options.overflow), line height "
      + "\(options.lineHeightMultiple), sizes \(Array(sizes)), whole words "
      + "\(keepingWordsWhole), fonts \(shaped.fonts.map(\.metrics)))"
  }
}
