// The fit stage of a text widget: from its state and environment to a `WidgetLayout` value,
// including the one rule that decides whether `.reject` overflow refuses a text.

import FontFitEngine
import FontFitFontModel
import FontFitText

/// What one layout pass computed for a text widget; a value, read without side effects.
public struct WidgetLayout: Hashable, Sendable, CustomReflectable {
  /// The widget's frame on the screen, in that screen's units.
  public var screenFrame: Rect {
    get { fields.value.screenFrame }
    set { change { $0.screenFrame = newValue } }
  }
  /// The design font adapted to the screen and scaled by the text scale: the font entering
  /// the fit.
  public var adaptedFont: Font {
    get { fields.value.adaptedFont }
    set { change { $0.adaptedFont = newValue } }
  }
  /// How the size got from the design to the one drawn: design, screen, text scale (when one
  /// applies) and fit (when the widget fits or a group capped it).
  public var stages: [SizeStage] {
    get { fields.value.stages }
    set { change { $0.stages = newValue } }
  }
  /// The fit group that capped the size, or nil when the widget's own fit decided.
  public var group: String? {
    get { fields.value.rare?.value.group }
    set { change { $0.changeRare { $0.group = newValue } } }
  }
  /// Screen units per font point on the screen (its dpi / 72): the fit's sizes and lines are
  /// in screen units, the stages in points.
  public var unitsPerPoint: Double {
    get { fields.value.unitsPerPoint }
    set { change { $0.unitsPerPoint = newValue } }
  }
  /// The text shown: the widget's `text`, or under `.reject` overflow the text kept instead of
  /// a refused one.
  public var shownText: String {
    get { fields.value.shownText }
    set { change { $0.shownText = newValue } }
  }
  /// The face and the fit, or why the text could not be laid out.
  public var outcome: Result<TextFit, WidgetLayoutError> {
    get {
      switch fields.value.storedOutcome {
      case .fit(let text): .success(text)
      case .failed(let failed): .failure(failed.value)
      }
    }
    set { change { $0.storedOutcome = StoredOutcome(newValue) } }
  }
  /// The text refused under `.reject` overflow, or nil when `text` is shown.
  public var rejection: Rejection? {
    get { fields.value.rare?.value.rejection }
    set { change { $0.changeRare { $0.rejection = newValue } } }
  }
  /// Whether a text was refused (``rejection`` is not nil), read without copying it.
  var hasRejection: Bool {
    guard let rare = fields.value.rare else { return false }
    return rare.value.rejection != nil
  }
  /// The box the text is laid out in, relative to the widget's frame: the frame less the
  /// widget's content insets; nil for the whole frame.
  public var textBox: Rect? {
    get { fields.value.rare?.value.textBox }
    set { change { $0.changeRare { $0.textBox = newValue } } }
  }

  /// What the layout holds, behind one reference.
  ///
  /// A layout is copied wherever it is read (a widget's ``TextWidget/layout``, each line of a
  /// dump, each check), and inline its references (the font's families, the stages, the
  /// text, the fit) were each retained and released at every copy. Changing a field makes
  /// new fields (layouts are made once and only read after).
  private var fields: OutOfLine<Fields>

  /// The stored fields of a layout.
  private struct Fields: Hashable, Sendable {
    var screenFrame: Rect
    var adaptedFont: Font
    var stages: [SizeStage]
    var unitsPerPoint: Double
    var shownText: String
    /// The outcome as kept: a fit is a reference already, and an error is boxed (inline, the
    /// largest error made every layout 64 bytes larger than a fit needs).
    var storedOutcome: StoredOutcome
    /// The group, the box and the rejection, boxed together; nil when all three are.
    ///
    /// Most layouts have none of them, and inline they would take 16, 40 and a fit's
    /// result's bytes of every layout.
    var rare: OutOfLine<Rare>?

    /// Sets what `body` changes of ``rare``, nil when it leaves none.
    mutating func changeRare(_ body: (inout Rare) -> Void) {
      var changed = rare?.value ?? Rare()
      body(&changed)
      rare = changed.isEmpty ? nil : OutOfLine(changed)
    }
  }

  /// What few layouts have.
  private struct Rare: Hashable, Sendable {
    var group: String?
    var textBox: Rect?
    var rejection: Rejection?

    /// Whether it holds nothing.
    var isEmpty: Bool { group == nil && textBox == nil && rejection == nil }
  }

  /// Replaces the fields with a copy changed by `body`.
  private mutating func change(_ body: (inout Fields) -> Void) {
    var changed = fields.value
    body(&changed)
    fields = OutOfLine(changed)
  }

  /// Whether both layouts hold equal fields.
  public static func == (lhs: WidgetLayout, rhs: WidgetLayout) -> Bool {
    lhs.fields.value == rhs.fields.value
  }

  /// The layout's values by name, as `print` and test failures show them (the fields are
  /// kept behind a reference, which would show nothing of them).
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "screenFrame": screenFrame, "adaptedFont": adaptedFont, "stages": stages,
        "group": group as Any, "unitsPerPoint": unitsPerPoint, "shownText": shownText,
        "outcome": outcome, "rejection": rejection as Any, "textBox": textBox as Any,
      ], displayStyle: .struct)
  }

  /// Hashes the fields.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(fields.value)
  }

  /// A widget layout's outcome, in one reference's room.
  private enum StoredOutcome: Hashable, Sendable {
    case fit(TextFit)
    case failed(OutOfLine<WidgetLayoutError>)

    init(_ outcome: Result<TextFit, WidgetLayoutError>) {
      switch outcome {
      case .success(let text): self = .fit(text)
      case .failure(let error): self = .failed(OutOfLine(error))
      }
    }
  }

  init(
    screenFrame: Rect, adaptedFont: Font, stages: [SizeStage], group: String?,
    unitsPerPoint: Double, shownText: String, outcome: Result<TextFit, WidgetLayoutError>,
    rejection: Rejection?, textBox: Rect? = nil
  ) {
    // Most layouts have none of the three: no `Rare` (which holds a rejection inline) is made.
    let hasRare = group != nil || textBox != nil || rejection != nil
    fields = OutOfLine(
      Fields(
        screenFrame: screenFrame, adaptedFont: adaptedFont, stages: stages,
        unitsPerPoint: unitsPerPoint, shownText: shownText, storedOutcome: StoredOutcome(outcome),
        rare: hasRare
          ? OutOfLine(Rare(group: group, textBox: textBox, rejection: rejection)) : nil))
  }

  /// The face and the fit, or nil when layout failed: ``outcome``'s, read without making a
  /// `Result`.
  package var textFit: TextFit? {
    if case .fit(let text) = fields.value.storedOutcome { return text }
    return nil
  }

  /// The chosen size, lines and whether they fit; nil when layout failed.
  public var fit: FitResult? {
    if case .success(let text) = outcome { return text.result }
    return nil
  }
  /// The size the fit chose, in points, or nil when layout failed.
  ///
  /// It is read without copying the fit's result, which ``fit`` copies.
  package var fittedPointSize: Double? {
    if case .success(let text) = outcome { return text.pointSize }
    return nil
  }

  /// Whether the text was laid out and fits (``fit`` without copying it).
  var textFits: Bool {
    switch outcome {
    case .success(let text): text.fits
    case .failure: false
    }
  }
  /// The lines placed in the widget (in its frame, inside ``textBox``), with their glyphs;
  /// empty when layout failed.
  public var lines: [PositionedLine] {
    if case .success(let text) = outcome { return offset(text.lines) }
    return []
  }
  /// The styled runs of the shown text (UTF-8 offsets), from its markup; empty for plain
  /// text or when layout failed.
  public var styles: [StyleRun] {
    if case .success(let text) = outcome { return text.styles }
    return []
  }

  /// The text laid out, which ``styles`` and ``lineStyles`` index: ``shownText``, with line
  /// separators as spaces on a single-line widget; nil when layout failed.
  public var laidOutText: String? {
    if case .success(let text) = outcome { return text.laidOutText }
    return nil
  }

  /// Each line's styled pieces, top to bottom (``TextFit/styledPieces(ofLine:)``); empty for
  /// plain text.
  public var lineStyles: [[StyleRun]] {
    guard case .success(let text) = outcome, !text.styles.isEmpty else { return [] }
    return text.result.lines.indices.map { text.styledPieces(ofLine: $0) }
  }

  /// The lines placed in the widget without their glyph runs; empty when layout failed.
  public var lineBoxes: [PositionedLine] {
    if case .success(let text) = outcome { return offset(text.lineBoxes) }
    return []
  }

  /// Whether a line of ``lineBoxes`` runs right to left, found without placing the lines.
  package var hasRightToLeftLine: Bool {
    if case .success(let text) = outcome { return text.hasRightToLeftLine }
    return false
  }

  /// `lines`, laid out in ``textBox``, moved to the widget's frame.
  private func offset(_ lines: [PositionedLine]) -> [PositionedLine] {
    guard let box = textBox, box.x != 0 || box.y != 0 else { return lines }
    return lines.map { line in
      var line = line
      line.x += box.x
      line.y += box.y
      line.baseline += box.y
      for run in line.runs.indices {
        for glyph in line.runs[run].glyphs.indices {
          line.runs[run].glyphs[glyph].x += box.x
          line.runs[run].glyphs[glyph].y += box.y
        }
      }
      return line
    }
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

  init(_ error: TextLayoutError) {
    switch error {
    case .invalidFontSize(let size): self = .sizeGrid(.invalidFixedSize(size))
    case .layoutOptions(let error): self = .layoutOptions(error)
    case .font(let error): self = .font(error)
    case .lineBreaking(let error): self = .lineBreaking(error)
    case .bidi(let code, let message): self = .bidi(code: code, message: message)
    }
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
    let textBox = self.textBox(in: frame.size)
    func layout(
      _ shown: String, _ outcome: Result<TextFit, WidgetLayoutError>, _ refusal: Rejection?
    ) -> WidgetLayout {
      if case .success(let text) = outcome {
        let size = text.pointSize / units
        if autoFit != nil || group != nil {
          let note: SizeStage.Note =
            if let group { .group(group.name) } else if stackFitFactor < 1 {
              .stackFit(stackFitFactor)
            } else { .mode(autoFit?.mode.staticName ?? "fit") }
          stages.append(SizeStage(kind: .fit, size: size, note: note))
        }
        switch text.lever {
        case .size: break
        case .tracking(let amount):
          stages.append(SizeStage(kind: .tracking, size: size, note: .tracking(amount)))
        case .hyphenation(let words):
          stages.append(SizeStage(kind: .hyphenation, size: size, note: .hyphenation(words)))
        }
      }
      return WidgetLayout(
        screenFrame: frame, adaptedFont: adapted, stages: stages, group: group?.name,
        unitsPerPoint: units, shownText: shown, outcome: outcome, rejection: refusal,
        textBox: contentInsets == .zero ? nil : textBox)
    }
    // The smaller of the group's size and the stack's cap, when either is set.
    let stackCap = stackFitCap(adapted, units: units)
    let cap = group.map { min($0.size, stackCap ?? $0.size) } ?? stackCap
    let requested: TextFit
    do {
      try Self.check(adapted)
      requested = try fit(
        text, styles: textStyles, font: adapted, box: textBox.size, plan: plan, cap: cap)
    } catch {
      return layout(text, .failure(error), nil)
    }
    guard overflow == .reject, !text.isEmpty, !requested.fits else {
      return layout(text, .success(requested), nil)
    }
    let refusal = Rejection(text: text, result: requested.result)
    do {
      // The text kept is the last one accepted, with its styles (a markup's plain text may be
      // the refused one's, in other sizes).
      if !acceptedText.isEmpty, acceptedText != text || acceptedStyles != textStyles {
        let kept = try fit(
          acceptedText, styles: acceptedStyles, font: adapted, box: textBox.size, plan: plan,
          cap: cap)
        if kept.fits { return layout(acceptedText, .success(kept), refusal) }
      }
      let empty = try fit(
        "", styles: [], font: adapted, box: textBox.size, plan: plan, cap: cap)
      return layout("", .success(empty), refusal)
    } catch {
      return layout("", .failure(error), refusal)
    }
  }

  /// `shown` fitted into `box` at the sizes the widget allows, at most `cap` when a group
  /// caps it.
  private func fit(
    _ shown: String, styles: [StyleRun], font adapted: Font, box: Size, plan: SizePlan,
    cap: Double?
  ) throws(WidgetLayoutError) -> TextFit {
    let request = keepingShaping(
      try textRequest(
        shown, styles: styles, font: adapted, box: box, plan: plan, autoFit: autoFit, cap: cap,
        sharingShapingOf: lastShaped))
    do {
      return try TextEngine(shaper: plan.environment.shaper).fit(request)
    } catch {
      throw WidgetLayoutError(error)
    }
  }

  /// The size `text` needs when at most `width` points wide, at the adapted size (scaled by
  /// ``View/stackFitFactor`` when a stack shrank it), with no limit on height but the line
  /// limit: UIKit's `sizeThatFits`.
  ///
  /// It measures `text` as set, whether or not a layout would refuse it, and changes nothing
  /// but the widget's cache of shaped text.
  ///
  /// - Throws: ``WidgetLayoutError`` when the widget is in no environment or its text cannot
  ///   be measured.
  public func sizeThatFits(width: Double) throws(WidgetLayoutError) -> Size {
    guard let environment else { throw .noEnvironment }
    let plan = SizePlan(self, environment)
    var adapted = adaptedFont
    if let cap = stackFitCap(adapted, units: 1) { adapted = adapted.withPointSize(cap) }
    try Self.check(adapted)
    let horizontal = contentInsets.total(along: .horizontal)
    let inner = max(0, width - horizontal)
    let request = keepingShaping(
      try textRequest(
        text, styles: textStyles, font: adapted, box: Size(width: inner, height: .infinity),
        plan: plan, autoFit: nil, cap: nil, sharingShapingOf: lastShaped))
    do {
      let size = try TextEngine(shaper: environment.shaper).measure(
        request, proposal: ProposedSize(width: isSingleLine ? nil : inner))
      return Size(
        width: size.width + horizontal,
        height: size.height + contentInsets.total(along: .vertical))
    } catch {
      throw WidgetLayoutError(error)
    }
  }

  /// ``contentWidths()`` of the text at its adapted size, insets included.
  func textContentWidths() -> ContentWidths {
    guard let environment else { return ContentWidths(minimum: 0, maximum: 0) }
    let plan = SizePlan(self, environment)
    var adapted = adaptedFont
    if let cap = stackFitCap(adapted, units: 1) { adapted = adapted.withPointSize(cap) }
    let horizontal = contentInsets.total(along: .horizontal)
    do throws(WidgetLayoutError) {
      try Self.check(adapted)
      let request = try textRequest(
        text, styles: textStyles, font: adapted, box: Size(width: .infinity, height: .infinity),
        plan: plan, autoFit: nil, cap: nil)
      let widths: ContentWidths
      do {
        widths = try TextEngine(shaper: environment.shaper).contentWidths(request)
      } catch {
        throw WidgetLayoutError(error)
      }
      let minimum = isSingleLine ? widths.maximum : widths.minimum
      return ContentWidths(minimum: minimum + horizontal, maximum: widths.maximum + horizontal)
    } catch {
      return ContentWidths(minimum: 0, maximum: 0)
    }
  }

  /// The box the text is laid out in, in a frame of `size`: the frame less ``contentInsets``,
  /// the leading inset on the right in a right-to-left layout.
  func textBox(in size: Size) -> Rect {
    let insets = contentInsets
    let left = effectiveLayoutDirection == .rightToLeft ? insets.trailing : insets.leading
    // Insets wider than the frame leave an empty box; a frame that is no box at all (a
    // negative or non-finite side) stays as it is, for the layout to report.
    func inset(_ length: Double, by total: Double) -> Double {
      length >= 0 ? max(0, length - total) : length
    }
    return Rect(
      x: left, y: insets.top, width: inset(size.width, by: insets.total(along: .horizontal)),
      height: inset(size.height, by: insets.total(along: .vertical)))
  }

  /// The largest size the stack fit allows, in screen units (`units` per point), or nil when
  /// it allows the adapted size: the adapted size times ``View/stackFitFactor``, never below
  /// the auto-fit minimum.
  func stackFitCap(_ adapted: Font, units: Double) -> Double? {
    guard stackFitFactor < 1, let autoFit else { return nil }
    let floor = min(adapted.pointSize, autoFit.minimumPointSize)
    return max(floor, adapted.pointSize * stackFitFactor) * units
  }

  /// The smallest ``View/stackFitFactor`` that changes the widget's size: where its auto-fit
  /// minimum stops it; 1 for a widget that does not shrink.
  var smallestStackFitFactor: Double {
    let adapted = adaptedFont.pointSize
    guard let autoFit, adapted > 0 else { return 1 }
    return min(1, autoFit.minimumPointSize / adapted)
  }

  /// The engine's request for `shown` in `box`: the widget's settings, the shown text (the
  /// placeholder for an empty field; line separators as spaces on a single line), and the
  /// sizes its auto-fit allows in the screen's units.
  func textRequest(
    _ shown: String, styles: [StyleRun], font adapted: Font, box: Size, plan: SizePlan,
    autoFit: AutoFit?, cap: Double?, sharingShapingOf kept: ShapingValuesReference? = nil
  ) throws(WidgetLayoutError) -> TextRequest {
    let displayed = displayedText(for: shown)
    var text = isSingleLine ? displayed.lineSeparatorsAsSpaces() : displayed
    var runs: [StyleRun] = []
    var designSize: Double?
    // The styles are the shown text's: a text field's placeholder is plain.
    if !styles.isEmpty, displayed.utf8.elementsEqual(shown.utf8),
      let styled = try? StyledText(text: shown, runs: styles)
    {
      let laidOut = isSingleLine ? styled.lineSeparatorsAsSpaces() : styled
      text = laidOut.text
      runs = laidOut.runs
      designSize = font.pointSize * plan.unitsPerPoint
    }
    let design = font.pointSize
    // Read once: the widget keeps its typography out of line, and each read copies it.
    let typography = self.typography
    return TextRequest(
      text: text, styles: runs, designFontSize: designSize, font: adapted.descriptor,
      language: language ?? plan.environment.language, direction: writingDirection,
      truncationToken: truncationToken, lineBreakStrategy: typography.lineBreakStrategy,
      layout: TextRequest.LayoutValues(
        fontSize: adapted.pointSize * plan.unitsPerPoint,
        fitSizes: try plan.fitSizes(for: adapted, autoFit: autoFit, cap: cap),
        keepsWordsWhole: autoFit?.keepsWordsWhole ?? false,
        fitsExactly: autoFit?.mode == .exact, box: box,
        maximumLines: isSingleLine ? 1 : numberOfLines, wrapping: wrapping,
        truncation: truncation, lineHeightMultiple: lineHeightMultiple, overflow: overflow,
        alignment: textAlignment, verticalPlacement: verticalPlacement,
        spacing: TextSpacing(
          letter: typography.letterSpacing.ems(designSize: design),
          word: typography.wordSpacing.ems(designSize: design)),
        lineSpacing: typography.lineSpacing * plan.unitsPerPoint,
        hyphenation: typography.hyphenation, hyphenationLimits: typography.hyphenationLimits,
        fitLadder: typography.fitLadder),
      sharingShapingOf: kept)
  }

  /// `request`, kept as the widget's last fitted or measured one: the next request made
  /// with ``textRequest(_:styles:font:box:plan:autoFit:cap:sharingShapingOf:)`` shares its
  /// shaping values when they are the same, and with them what its fit was given (a re-fit
  /// in a new frame, or a measure at a new width).
  func keepingShaping(_ request: TextRequest) -> TextRequest {
    lastShaped = request.shapingValues
    return request
  }

  /// The engine's request for the text the widget shows now, in its environment, unfitted.
  ///
  /// It is what ``TextEngine/prepare(_:)`` shapes ahead of layout. Nil when the widget is in
  /// no environment or its size settings make no request (layout reports why).
  package func shapingRequest() -> TextRequest? {
    guard let environment else { return nil }
    return try? textRequest(
      text, styles: textStyles, font: adaptedFont, box: textBox(in: screenFrame.size).size,
      plan: SizePlan(self, environment), autoFit: autoFit, cap: nil)
  }

  /// Checks that the adapted font's size is one a font may have.
  static func check(_ adapted: Font) throws(WidgetLayoutError) {
    guard Font.pointSizeRange.contains(adapted.pointSize) else {
      throw .pointSizeOutOfRange(adapted.pointSize)
    }
  }
}

extension TextRequest {
  /// The auto-fit settings that are not sizes: whether words stay whole, whether the fit is
  /// exact.
  mutating func takeFitSettings(of autoFit: AutoFit?) {
    keepsWordsWhole = autoFit?.keepsWordsWhole ?? false
    fitsExactly = autoFit?.mode == .exact
  }
}

/// The stages a widget's font size goes through before the fit, in one environment: screen
/// adaptation (unless the widget opts out), then the text scale (unless it opts out).
struct SizePlan {
  let environment: WidgetEnvironment
  /// How the size adapts to the screen.
  private let adaptation: Adaptation
  /// The text scale, or nil when none applies.
  let textScale: TextScale?

  /// Which policy adapts the size.
  private enum Adaptation {
    /// None: the widget does not adapt.
    case none
    /// The environment's, worked out for its screens once (most widgets have no policy of
    /// their own, and reading the environment's copies it).
    case environment
    /// The widget's own.
    case own(AdaptationPolicy)
  }

  init(_ widget: TextWidget, _ environment: WidgetEnvironment) {
    self.environment = environment
    if !widget.adaptsToScreen {
      adaptation = .none
    } else if let own = widget.adaptation {
      adaptation = .own(own)
    } else {
      adaptation = .environment
    }
    textScale = Self.textScale(scalesWithText: widget.scalesWithText, environment)
  }

  /// The plan for a text adapted by `adaptation` (nil for none) and, when `scalesWithText`,
  /// scaled by the environment's text scale.
  init(
    adaptation: AdaptationPolicy?, scalesWithText: Bool, _ environment: WidgetEnvironment
  ) {
    self.environment = environment
    self.adaptation = adaptation.map { .own($0) } ?? .none
    textScale = Self.textScale(scalesWithText: scalesWithText, environment)
  }

  /// The environment's text scale when the text scales with it and it scales; nil otherwise.
  private static func textScale(scalesWithText: Bool, _ environment: WidgetEnvironment)
    -> TextScale?
  {
    guard scalesWithText else { return nil }
    let scale = environment.textScale
    return scale.isIdentity ? nil : scale
  }

  /// The size a design size has after screen adaptation, at least
  /// ``WidgetEnvironment/minimumAdaptedPointSize`` (a size that is not a number stays as it
  /// is, and the widget reports it as a layout error).
  func adapted(_ design: Double) -> Double {
    switch adaptation {
    case .none: design
    case .environment: environment.adaptedPointSizeByOwnPolicy(design)
    case .own(let policy): environment.adaptedPointSize(design, by: policy)
    }
  }

  /// Screen units per point on the environment's screen.
  var unitsPerPoint: Double { environment.measures.unitsPerPoint }

  /// The design size of `font` in points: a pixel size is in the design screen's units.
  func designPoints(_ font: Font) -> Double {
    font.isPixelSize ? font.pointSize / environment.measures.designUnitsPerPoint : font.pointSize
  }

  /// The size a design size (in points) has when it enters the fit.
  func entering(_ design: Double) -> Double {
    let size = adapted(design)
    return textScale?.scaledPointSize(size) ?? size
  }

  /// The sizes a fit may choose for `adapted` in the screen's units, at most `cap` when a group
  /// caps it; nil when the widget does not fit and no group caps it.
  func fitSizes(for adapted: Font, autoFit: AutoFit?, cap: Double?) throws(WidgetLayoutError)
    -> FontSizeRange?
  {
    guard autoFit != nil || cap != nil else { return nil }
    do throws(FitPolicyError) {
      var sizes: FontSizeRange
      if let autoFit {
        sizes = try autoFit.sizes(
          entering: adapted.pointSize, scalingPreset: entering, bounds: bounds)
      } else {
        sizes = try FontSizeRange(fixed: adapted.pointSize)
      }
      // Points to the screen's units: the box and the lines are in screen units.
      sizes = try sizes.scaled(by: unitsPerPoint)
      // The cap is a size a member chose, in screen units, so capped members get it exactly;
      // it never goes below the text scale's legibility floor.
      if let cap {
        sizes = try sizes.capped(at: max(cap, (bounds?.lowerBound ?? 0) * unitsPerPoint))
      }
      return sizes
    } catch {
      throw .sizeGrid(error)
    }
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
    // Room for the stages a layout adds: design, screen, text scale and fit, in one
    // allocation (a fit's lever, rarely pulled, grows it).
    var stages: [SizeStage] = []
    stages.reserveCapacity(textScale == nil ? 3 : 4)
    stages.append(
      SizeStage(
        kind: .design, size: design, note: .design(pixels: font.isPixelSize ? font.pointSize : nil)
      ))
    stages.append(
      SizeStage(kind: .screen, size: adapted, note: screenNote(from: design, to: adapted)))
    if let textScale {
      stages.append(
        SizeStage(
          kind: .textScale, size: textScale.scaledPointSize(adapted), note: .textScale(textScale)))
    }
    return stages
  }

  /// What adaptation did: `+3 increments`, `×1.17 proportional`, `not adapted`.
  private func screenNote(from design: Double, to adapted: Double) -> SizeStage.Note {
    let policy: AdaptationPolicy
    switch adaptation {
    case .none: return .notAdapted
    case .environment: policy = environment.adaptation
    case .own(let own): policy = own
    }
    switch policy {
    case .none: return .noAdaptation
    case .increments: return .increments(adapted - design)
    case .proportional: return .ratio(design > 0 ? adapted / design : .nan, name: .proportional)
    case .sequence: return .ratio(design > 0 ? adapted / design : .nan, name: .adaptation)
    }
  }
}
