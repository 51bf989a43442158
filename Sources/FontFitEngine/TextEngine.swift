import FontFitFontModel
@_spi(Engine) import FontFitText

/// Lays out text requests: shapes the text, resolves its font, fits it and places its lines.
///
/// Widgets call it; so can anything else that has a text and a box.
///
/// An engine is a value over a measurer; it is as thread-safe as its shaper (a ``TextShaping``
/// is `Sendable`, and ``FontFitFonts/FontSystem`` caches shaped texts across threads).
///
/// ```swift
/// let engine = TextEngine(shaper: fonts)
/// let request = TextRequest(
///   text: "Download report", font: FontDescriptor(family: "DejaVu Sans"), fontSize: 17,
///   fitSizes: try FontSizeRange(minimum: 10, maximum: 17, step: 0.5),
///   box: Size(width: 120, height: 30), maximumLines: 1)
/// let fit = try engine.fit(request)
/// print(fit.pointSize, fit.fits, fit.lines.count)
/// ```
public struct TextEngine: Sendable {
  /// What measures the text.
  public let shaper: any TextShaping

  /// An engine measuring with `shaper`, such as a ``FontFitFonts/FontSystem``.
  public init(shaper: any TextShaping) {
    self.shaper = shaper
  }

  /// The request's text fitted to its box: the chosen size, the lines, whether they fit, and
  /// the lines placed in the box.
  ///
  /// - Throws: ``TextLayoutError`` when the request's values are out of range or the text
  ///   cannot be measured.
  public func fit(_ request: TextRequest) throws(TextLayoutError) -> TextFit {
    var sizes: FontSizeRange
    let hasFitSizes = request.fitSizes != nil
    if let fitSizes = request.fitSizes {
      sizes = fitSizes
    } else {
      do {
        sizes = try FontSizeRange(fixed: request.fontSize)
      } catch {
        throw .invalidFontSize(request.fontSize)
      }
    }
    let options = try request.layoutOptions(box: request.box, overflow: request.overflow)
    let inputs = try keptOrShaped(request)
    let text = inputs.text
    let token = inputs.token
    let resolved = inputs.resolvedFont
    // One factor scales every span, and none set smaller may go below the fit's smallest
    // size: a span at 1/1.2 of the text keeps the text at least 1.2 times the minimum.
    if hasFitSizes, !request.styles.isEmpty {
      sizes = Self.sizes(sizes, floorFor: request)
    }
    // The wrapping columns are made once per shaped text and shared (ShapedText keeps them).
    // Hyphen points are found only when the ladder reaches hyphenation.
    var dictionary: String??
    // The closure captures these, not the whole request.
    let hyphenates = request.hyphenation == .auto
    let language = request.language
    let limits = request.hyphenationLimits
    var result = Fitter(shaped: text, truncationToken: token).fit(
      sizes: sizes, options: options, keepingWordsWhole: request.keepsWordsWhole,
      exact: request.fitsExactly, ladder: request.effectiveFitLadder
    ) {
      guard hyphenates else { return nil }
      let key =
        "\(language?.tag ?? "")/\(limits.minimumWordLength)/\(limits.minimumBefore)/"
        + "\(limits.minimumAfter)"
      let points = text.hyphenationPoints(key: key) {
        (shaper as? any Hyphenating)?.hyphenationPoints(
          in: text, language: language, limits: limits) ?? .unavailable
      }
      dictionary = .some(points.dictionary)
      return points.breaks
    }
    if let dictionary { result.hyphenationDictionary = .some(dictionary) }
    return TextFit(
      resolvedFont: resolved, result: consume result,
      positioner: TextPositioner(shaped: text, truncationToken: token), box: request.box,
      alignment: request.alignment, vertical: request.verticalPlacement, styles: request.styles)
  }

  /// The size the text takes at ``TextRequest/fontSize`` within `proposal`: wrapped to the
  /// proposed width (one line per paragraph when there is none) and as tall as its lines,
  /// at most ``TextRequest/maximumLines`` of them; the proposed height does not cut lines.
  ///
  /// - Throws: ``TextLayoutError`` when the request's values are out of range or the text
  ///   cannot be measured.
  public func measure(_ request: TextRequest, proposal: ProposedSize) throws(TextLayoutError)
    -> Size
  {
    let size = try Self.checkedSize(request.fontSize)
    let options = try request.layoutOptions(
      box: Size(width: proposal.width ?? .infinity, height: .infinity), overflow: .truncate)
    let inputs = try keptOrShaped(request)
    return TextLayouter(shaped: inputs.text, truncationToken: inputs.token)
      .layout(pointSize: size, options: options).size
  }

  /// The text's min- and max-content widths at ``TextRequest/fontSize``.
  ///
  /// - Throws: ``TextLayoutError`` when the text cannot be measured.
  public func contentWidths(_ request: TextRequest) throws(TextLayoutError) -> ContentWidths {
    let size = try Self.checkedSize(request.fontSize)
    // The token plays no part in how narrow or wide the text can be: only the text is shaped.
    let text: ShapedText
    do {
      text = try shaper.shape(request.text, font: request.font, options: request.shapingOptions)
    } catch {
      throw TextLayoutError(error)
    }
    let wrapsAnywhere = request.wrapping == .anywhere
    var minimum = 0.0
    var piece = 0.0
    var visiblePiece = 0.0
    var line = 0.0
    var visibleLine = 0.0
    var maximum = 0.0
    for (index, cluster) in text.packedClusters.enumerated() {
      if cluster.breakBefore == .mandatory {
        maximum = max(maximum, visibleLine)
        line = 0
        visibleLine = 0
      }
      if cluster.breakBefore != .prohibited || wrapsAnywhere {
        minimum = max(minimum, visiblePiece)
        piece = 0
        visiblePiece = 0
      }
      // Spacing follows each cluster but the last of a piece or line.
      let letter = request.spacing.letter + text.letterGap(after: index)
      let spacing = letter + (cluster.kind == .space ? request.spacing.word : 0)
      piece += cluster.advance + spacing
      line += cluster.advance + spacing
      if cluster.kind == .visible {
        visiblePiece = piece - letter
        visibleLine = line - letter
      }
    }
    minimum = max(minimum, visiblePiece)
    maximum = max(maximum, visibleLine)
    return ContentWidths(minimum: minimum * size, maximum: maximum * size)
  }

  /// Shapes the request's text and truncation token through the shaper, fitting nothing.
  ///
  /// A shaper that caches (``FontFitFonts/FontSystem`` does) then has them for every later
  /// fit of the same text, in any box and at any size, and the request (and its copies) keeps
  /// them as its fits do (``TextShaping/fitInputsIdentity``); a request kept already asks the
  /// shaper nothing. A run that lays out many screens shapes its texts this way first, on all
  /// cores, so each is shaped once.
  ///
  /// - Throws: ``TextLayoutError`` when the text cannot be shaped.
  public func prepare(_ request: TextRequest) throws(TextLayoutError) {
    _ = try keptOrShaped(request)
  }

  /// `sizes` without those at which a span set smaller than the text would be below the
  /// smallest of them.
  ///
  /// A span is set smaller by `<small>` or a size under 100%; when every size is too small,
  /// the largest alone is kept. Super- and subscripts are not counted: they are as small as
  /// their font designs them.
  static func sizes(_ sizes: FontSizeRange, floorFor request: TextRequest) -> FontSizeRange {
    let design = request.designFontSize ?? request.fontSize
    let smallest = request.styles.reduce(1.0) { min($0, $1.style.scale(designSize: design)) }
    guard smallest < 1, smallest > 0 else { return sizes }
    return sizes.dropping(below: sizes.minimum / smallest)
  }

  private static func checkedSize(_ size: Double) throws(TextLayoutError) -> Double {
    guard size.isFinite, size > 0 else { throw .invalidFontSize(size) }
    return size
  }

  /// What `request` kept of a fit through this engine's shaper, when it still holds for the
  /// request; else the shaper's answer, which the request then keeps (when the shaper says
  /// what its answers stand for, ``TextShaping/fitInputsIdentity``).
  private func keptOrShaped(_ request: TextRequest) throws(TextLayoutError) -> ShapedForFit {
    guard let identity = shaper.fitInputsIdentity else { return try shapes(request) }
    if let kept = request.keptFitInputs(from: identity) { return kept }
    let inputs = try shapes(request)
    request.keepFitInputs(inputs, from: identity)
    return inputs
  }

  /// The shaped text, the shaped truncation token and the resolved face, from the shaper.
  private func shapes(_ request: TextRequest) throws(TextLayoutError) -> ShapedForFit {
    do {
      return try shaper.shapeForFit(
        request.text, token: request.truncationToken, font: request.font,
        options: request.shapingOptions)
    } catch {
      throw TextLayoutError(error)
    }
  }
}

/// Why a text could not be laid out.
public enum TextLayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The font size is not a positive finite number.
  case invalidFontSize(Double)
  /// The box or line settings make no valid layout.
  case layoutOptions(LayoutOptionsError)
  /// The font could not be resolved, opened or measured.
  case font(FontError)
  /// The text's line break opportunities could not be found.
  case lineBreaking(LineBreakingError)
  /// The text's bidi levels could not be found.
  case bidi(code: Int32, message: String)

  /// A sentence saying what failed.
  public var description: String {
    switch self {
    case .invalidFontSize(let size):
      "font size must be a positive finite number, not \(TextFormat.string(size))"
    case .layoutOptions(let error): error.description
    case .font(let error): error.description
    case .lineBreaking(let error): error.description
    case .bidi(let code, let message): "bidi analysis failed (error \(code)): \(message)"
    }
  }

  init(_ error: ShapingError) {
    switch error {
    case .font(let error): self = .font(error)
    case .lineBreaking(let error): self = .lineBreaking(error)
    case .bidi(let code, let message): self = .bidi(code: code, message: message)
    }
  }
}
