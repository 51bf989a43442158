// The fit stage of a text widget: from its state and environment to a `WidgetLayout` value,
// including the one rule that decides whether `.reject` overflow refuses a text.

import FontFitFontModel
import FontFitText

/// What one layout pass computed for a text widget; a value, read without side effects.
public struct WidgetLayout: Hashable, Sendable {
  /// The widget's frame on the screen, in that screen's units.
  public var screenFrame: Rect
  /// The design font adapted to the screen and scaled by the text scale: the font entering
  /// the fit.
  public var adaptedFont: Font
  /// How the size got from the design to the one drawn: design, screen, text scale (when one
  /// applies) and fit (when the widget fits or a group capped it).
  public var stages: [SizeStage]
  /// The fit group that capped the size, or nil when the widget's own fit decided.
  public var group: String?
  /// Screen units per font point on the screen (its dpi / 72): the fit's sizes and lines are
  /// in screen units, the stages in points.
  public var unitsPerPoint: Double
  /// The text shown: the widget's `text`, or under `.reject` overflow the text kept instead of
  /// a refused one.
  public var shownText: String
  /// The face and the fit, or why the text could not be laid out.
  public var outcome: Result<TextFit, WidgetLayoutError>
  /// The text refused under `.reject` overflow, or nil when `text` is shown.
  public var rejection: Rejection?

  /// The chosen size, lines and whether they fit; nil when layout failed.
  public var fit: FitResult? {
    if case .success(let text) = outcome { return text.result }
    return nil
  }
  /// Whether the text was laid out and fits (``fit`` without copying it).
  var textFits: Bool {
    switch outcome {
    case .success(let text): text.result.block.failure == nil
    case .failure: false
    }
  }
  /// The lines placed in the widget, with their glyphs; empty when layout failed.
  public var lines: [PositionedLine] {
    if case .success(let text) = outcome { return text.lines }
    return []
  }
  /// The lines placed in the widget without their glyph runs; empty when layout failed.
  public var lineBoxes: [PositionedLine] {
    if case .success(let text) = outcome { return text.lineBoxes }
    return []
  }
  /// The face Fontconfig chose for the adapted font; nil when layout failed.
  public var resolvedFont: ResolvedFont? {
    if case .success(let text) = outcome { return text.resolvedFont }
    return nil
  }
  /// Why layout failed, or nil.
  public var error: WidgetLayoutError? {
    if case .failure(let error) = outcome { return error }
    return nil
  }
}

/// A text laid out in a widget: the face its font resolved to, the fit, and the lines placed in
/// the widget.
///
/// The glyph positions are worked out when ``lines`` is first read and then kept: a widget
/// that is fitted again before it is drawn (while a window is resized, say) pays only for the
/// fit.
public struct TextFit: Hashable, Sendable {
  /// The face chosen for the adapted font.
  public var resolvedFont: ResolvedFont
  /// The chosen size, the lines, whether they fit and why not.
  public var result: FitResult
  /// Places the lines on first use.
  private let placement: LinePlacement

  init(
    resolvedFont: ResolvedFont, result: FitResult, positioner: TextPositioner, box: Size,
    alignment: TextAlignment, vertical: VerticalPlacement
  ) {
    self.resolvedFont = resolvedFont
    self.result = result
    placement = LinePlacement(
      positioner: positioner, block: result.block, box: box, alignment: alignment,
      vertical: vertical)
  }

  /// The lines placed in the widget's frame on the screen (coordinates relative to the frame's
  /// top left corner), aligned, reordered for display, with their glyph runs.
  public var lines: [PositionedLine] { placement.lines }

  /// The same lines without their glyph runs (each line's `runs` is empty): where each line
  /// sits, for a caller that draws no glyphs, at a fraction of the cost.
  public var lineBoxes: [PositionedLine] { placement.lineBoxes }

  /// Whether both have the same face, fit and placed lines.
  public static func == (lhs: TextFit, rhs: TextFit) -> Bool {
    lhs.resolvedFont == rhs.resolvedFont && lhs.result == rhs.result && lhs.lines == rhs.lines
  }

  /// Hashes the face and the fit (the lines follow from them).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(resolvedFont)
    hasher.combine(result)
  }
}

/// The lines of a fit, placed when first asked for; thread-safe.
private final class LinePlacement: Sendable {
  private let positioner: TextPositioner
  private let block: TextBlock
  private let box: Size
  private let alignment: TextAlignment
  private let vertical: VerticalPlacement
  private let placed = Lock<(lines: [PositionedLine]?, boxes: [PositionedLine]?)>((nil, nil))

  init(
    positioner: TextPositioner, block: TextBlock, box: Size, alignment: TextAlignment,
    vertical: VerticalPlacement
  ) {
    self.positioner = positioner
    self.block = block
    self.box = box
    self.alignment = alignment
    self.vertical = vertical
  }

  var lines: [PositionedLine] {
    placed.withLock { placed in
      if let lines = placed.lines { return lines }
      let lines = positioner.position(block, in: box, alignment: alignment, vertical: vertical)
      placed.lines = lines
      return lines
    }
  }

  var lineBoxes: [PositionedLine] {
    placed.withLock { placed in
      if let boxes = placed.boxes { return boxes }
      let boxes = positioner.position(
        block, in: box, alignment: alignment, vertical: vertical, includingGlyphs: false)
      placed.boxes = boxes
      return boxes
    }
  }
}

/// A text that a widget with `.reject` overflow refused, and the fit that failed.
public struct Rejection: Hashable, Sendable {
  /// The refused text.
  public var text: String
  /// The layout the refused text would have had at the smallest size.
  public var result: FitResult
}

/// Why a text widget could not lay out its text.
public enum WidgetLayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The widget is in no environment, so there is no screen and nothing to measure with.
  case noEnvironment
  /// The adapted font size is outside ``FontFitFonts/Font/pointSizeRange``.
  case pointSizeOutOfRange(Double)
  /// The auto-fit grid is invalid for the adapted size.
  case sizeGrid(FitPolicyError)
  /// The frame or line settings make no valid layout box.
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
    case .noEnvironment: "the widget is not in an environment"
    case .pointSizeOutOfRange(let size):
      "font size \(TextFormat.string(size)) is outside "
        + "\(TextFormat.string(Font.pointSizeRange.lowerBound))…"
        + "\(TextFormat.string(Font.pointSizeRange.upperBound)) points"
    case .sizeGrid(let error): error.description
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

/// The last texts a widget shaped and the face its font resolved to, reused while text,
/// token, font and language stay the same.
struct ShapeCache {
  private var text: (key: Key, shaped: ShapedText)?
  private var token: (key: Key, shaped: ShapedText)?
  private var face: (font: FontDescriptor, language: Language?, resolved: ResolvedFont)?

  private struct Key: Equatable {
    /// Exact code units: canonically equivalent texts shape differently.
    var text: ExactString
    var font: FontDescriptor
    var options: ShapingOptions
  }

  mutating func resolved(
    _ font: FontDescriptor, language: Language?, shaper: any TextShaping
  ) throws(FontError) -> ResolvedFont {
    if let face, face.font == font, face.language == language { return face.resolved }
    let resolved = try shaper.resolve(font, language: language)
    face = (font, language, resolved)
    return resolved
  }

  mutating func text(
    _ text: String, font: FontDescriptor, options: ShapingOptions, shaper: any TextShaping
  ) throws(ShapingError) -> ShapedText {
    try Self.shaped(text, font: font, options: options, shaper: shaper, entry: &self.text)
  }

  mutating func token(
    _ token: String, font: FontDescriptor, options: ShapingOptions, shaper: any TextShaping
  ) throws(ShapingError) -> ShapedText {
    try Self.shaped(token, font: font, options: options, shaper: shaper, entry: &self.token)
  }

  private static func shaped(
    _ text: String, font: FontDescriptor, options: ShapingOptions, shaper: any TextShaping,
    entry: inout (key: Key, shaped: ShapedText)?
  ) throws(ShapingError) -> ShapedText {
    let key = Key(text: ExactString(text), font: font, options: options)
    if let entry, entry.key == key { return entry.shaped }
    let shaped = try shaper.shape(text, font: font, options: options)
    entry = (key, shaped)
    return shaped
  }
}

extension TextWidget {
  /// The layout of the widget in its environment now; the one place where the text is fitted
  /// and judged.
  ///
  /// The rule for `.reject` overflow: a text is shown when it is empty or fits its box at some
  /// size the fit may choose. Otherwise it is refused, and the widget shows the most recent
  /// text that fitted at an earlier layout pass if that one fits now, else nothing;
  /// ``WidgetLayout/rejection`` reports the refused text and its failed fit. The rule is
  /// applied at layout time to the state then, so the order in which `text` and `overflow`
  /// were set does not matter, and a text accepted on one screen is judged again on another.
  ///
  /// - Parameter group: The fit group that caps the size, and the size; nil for the widget's
  ///   own fit.
  /// - Returns: The layout; the widget is not changed.
  func computeLayout(group: (name: String, size: Double)? = nil) -> WidgetLayout {
    let frame = screenFrame
    guard let environment else {
      return WidgetLayout(
        screenFrame: frame, adaptedFont: font, stages: [], group: nil, unitsPerPoint: 1,
        shownText: text, outcome: .failure(.noEnvironment), rejection: nil)
    }
    let plan = SizePlan(self, environment)
    let adapted = font.withPointSize(plan.entering(plan.designPoints(font)))
    var stages = plan.stages(design: font)
    let units = plan.unitsPerPoint
    func layout(
      _ shown: String, _ outcome: Result<TextFit, WidgetLayoutError>, _ refusal: Rejection?
    ) -> WidgetLayout {
      if case .success(let text) = outcome, autoFit != nil || group != nil {
        stages.append(
          SizeStage(
            kind: .fit, size: text.result.pointSize / units,
            note: group.map { .group($0.name) } ?? .mode(autoFit?.mode.staticName ?? "fit")))
      }
      return WidgetLayout(
        screenFrame: frame, adaptedFont: adapted, stages: stages, group: group?.name,
        unitsPerPoint: units, shownText: shown, outcome: outcome, rejection: refusal)
    }
    let cap = group?.size
    let requested: TextFit
    do {
      try Self.check(adapted)
      requested = try fit(text, font: adapted, box: frame.size, plan: plan, cap: cap)
    } catch {
      return layout(text, .failure(error), nil)
    }
    guard overflow == .reject, !text.isEmpty, !requested.result.fits else {
      return layout(text, .success(requested), nil)
    }
    let refusal = Rejection(text: text, result: requested.result)
    do {
      if !acceptedText.isEmpty, acceptedText != text {
        let kept = try fit(acceptedText, font: adapted, box: frame.size, plan: plan, cap: cap)
        if kept.result.fits { return layout(acceptedText, .success(kept), refusal) }
      }
      let empty = try fit("", font: adapted, box: frame.size, plan: plan, cap: cap)
      return layout("", .success(empty), refusal)
    } catch {
      return layout("", .failure(error), refusal)
    }
  }

  /// `shown` fitted into `box` at the sizes the widget allows, at most `cap` when a group
  /// caps it.
  private func fit(
    _ shown: String, font adapted: Font, box: Size, plan: SizePlan, cap: Double?
  ) throws(WidgetLayoutError) -> TextFit {
    let environment = plan.environment
    var sizes: FontSizeRange
    do throws(FitPolicyError) {
      if let autoFit {
        sizes = try autoFit.sizes(
          entering: adapted.pointSize, scalingPreset: plan.entering, bounds: plan.bounds)
      } else {
        sizes = try FontSizeRange(fixed: adapted.pointSize)
      }
    } catch {
      throw .sizeGrid(error)
    }
    // Points to the screen's units: the box and the lines are in screen units.
    sizes = sizes.scaled(by: plan.unitsPerPoint)
    // The cap is a size a member chose, in screen units, so capped members get it exactly;
    // it never goes below the text scale's legibility floor.
    if let cap {
      let floor = (plan.bounds?.lowerBound ?? 0) * plan.unitsPerPoint
      sizes = sizes.capped(at: max(cap, floor))
    }
    let options = try layoutOptions(box: box, overflow: overflow)
    let (text, token) = try shapes(shown, font: adapted.descriptor, environment: environment)
    let resolved: ResolvedFont
    do {
      resolved = try shapeCache.resolved(
        adapted.descriptor, language: shapingOptions(environment).language,
        shaper: environment.shaper)
    } catch {
      throw .font(error)
    }
    // The wrapping columns are made once per shaped text and shared (ShapedText keeps them).
    let result = Fitter(shaped: text, truncationToken: token).fit(
      sizes: sizes, options: options, keepingWordsWhole: autoFit?.keepsWordsWhole ?? false,
      exact: autoFit?.mode == .exact)
    return TextFit(
      resolvedFont: resolved, result: result,
      positioner: TextPositioner(shaped: text, truncationToken: token), box: box,
      alignment: textAlignment, vertical: verticalPlacement)
  }

  /// The size `text` needs when at most `width` points wide, at the adapted size, with no limit
  /// on height but the line limit: UIKit's `sizeThatFits`.
  ///
  /// It measures `text` as set, whether or not a layout would refuse it, and changes nothing
  /// but the widget's cache of shaped text.
  ///
  /// - Throws: ``WidgetLayoutError`` when the widget is in no environment or its text cannot
  ///   be measured.
  public func sizeThatFits(width: Double) throws(WidgetLayoutError) -> Size {
    guard let environment else { throw .noEnvironment }
    let adapted = adaptedFont
    try Self.check(adapted)
    let options = try layoutOptions(
      box: Size(width: isSingleLine ? .infinity : width, height: .infinity), overflow: .truncate)
    let (text, token) = try shapes(text, font: adapted.descriptor, environment: environment)
    return TextLayouter(shaped: text, truncationToken: token)
      .layout(pointSize: adapted.pointSize * environment.screen.unitsPerPoint, options: options)
      .size
  }

  /// The language and direction the widget's text is shaped with.
  private func shapingOptions(_ environment: WidgetEnvironment) -> ShapingOptions {
    ShapingOptions(language: language ?? environment.language, direction: writingDirection)
  }

  /// Checks that the adapted font's size is one a font may have.
  private static func check(_ adapted: Font) throws(WidgetLayoutError) {
    guard Font.pointSizeRange.contains(adapted.pointSize) else {
      throw .pointSizeOutOfRange(adapted.pointSize)
    }
  }

  /// The layout options the widget's settings give for `box`.
  private func layoutOptions(box: Size, overflow: Overflow) throws(WidgetLayoutError)
    -> LayoutOptions
  {
    do {
      return try LayoutOptions(
        box: box, maximumLines: isSingleLine ? 1 : numberOfLines, lineBreakMode: lineBreakMode,
        lineHeightMultiple: lineHeightMultiple, overflow: overflow)
    } catch {
      throw .layoutOptions(error)
    }
  }

  /// The shaped text shown for `text` (the placeholder for an empty field; line separators as
  /// spaces on a single line) and the shaped truncation token.
  private func shapes(_ text: String, font: FontDescriptor, environment: WidgetEnvironment)
    throws(WidgetLayoutError) -> (text: ShapedText, token: ShapedText)
  {
    let displayed = displayedText(for: text)
    let shown = isSingleLine ? displayed.lineSeparatorsAsSpaces() : displayed
    let options = shapingOptions(environment)
    do {
      let shapedText = try shapeCache.text(
        shown, font: font, options: options, shaper: environment.shaper)
      // The token takes the paragraph's direction, so it reads in the line's order.
      var tokenOptions = options
      tokenOptions.direction =
        shapedText.baseDirection == .rightToLeft ? .rightToLeft : .leftToRight
      return (
        shapedText,
        try shapeCache.token(
          truncationToken, font: font, options: tokenOptions, shaper: environment.shaper)
      )
    } catch {
      throw WidgetLayoutError(error)
    }
  }
}

/// The stages a widget's font size goes through before the fit, in one environment: screen
/// adaptation (unless the widget opts out), then the text scale (unless it opts out).
struct SizePlan {
  let environment: WidgetEnvironment
  /// The adaptation policy, or nil when the widget does not adapt.
  let adaptation: AdaptationPolicy?
  /// The text scale, or nil when none applies.
  let textScale: TextScale?

  init(_ widget: TextWidget, _ environment: WidgetEnvironment) {
    self.environment = environment
    adaptation = widget.adaptsToScreen ? widget.adaptation ?? environment.adaptation : nil
    let scale = environment.textScale
    textScale = widget.scalesWithText && !scale.isIdentity ? scale : nil
  }

  /// The size a design size has after screen adaptation, at least
  /// ``WidgetEnvironment/minimumAdaptedPointSize`` (a size that is not a number stays as it
  /// is, and the widget reports it as a layout error).
  func adapted(_ design: Double) -> Double {
    guard let adaptation else { return design }
    return environment.adaptedPointSize(design, by: adaptation)
  }

  /// Screen units per point on the environment's screen.
  var unitsPerPoint: Double { environment.screen.unitsPerPoint }

  /// The design size of `font` in points: a pixel size is in the design screen's units.
  func designPoints(_ font: Font) -> Double {
    font.isPixelSize ? font.pointSize / environment.designScreen.unitsPerPoint : font.pointSize
  }

  /// The size a design size (in points) has when it enters the fit.
  func entering(_ design: Double) -> Double {
    let size = adapted(design)
    return textScale?.scaledPointSize(size) ?? size
  }

  /// The text scale's floor and ceiling, which fitting respects; nil for none.
  var bounds: ClosedRange<Double>? {
    guard let textScale,
      textScale.minimumPointSize != nil || textScale.maximumPointSize != nil
    else { return nil }
    return (textScale.minimumPointSize ?? 0)...(textScale.maximumPointSize ?? .infinity)
  }

  /// The design, screen and text-scale stages of a design font's size.
  func stages(design font: Font) -> [SizeStage] {
    let design = designPoints(font)
    let adapted = adapted(design)
    var stages = [
      SizeStage(
        kind: .design, size: design, note: .design(pixels: font.isPixelSize ? font.pointSize : nil)
      ),
      SizeStage(kind: .screen, size: adapted, note: screenNote(from: design, to: adapted)),
    ]
    if let textScale {
      stages.append(
        SizeStage(
          kind: .textScale, size: textScale.scaledPointSize(adapted), note: .textScale(textScale)))
    }
    return stages
  }

  /// What adaptation did: `+3 increments`, `×1.17 proportional`, `not adapted`.
  private func screenNote(from design: Double, to adapted: Double) -> SizeStage.Note {
    guard let adaptation else { return .notAdapted }
    switch adaptation {
    case .none: return .noAdaptation
    case .increments: return .increments(adapted - design)
    case .proportional: return .ratio(design > 0 ? adapted / design : .nan, name: "proportional")
    case .sequence: return .ratio(design > 0 ? adapted / design : .nan, name: "adaptation")
    }
  }
}
