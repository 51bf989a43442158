import FontFitEngine
import FontFitFontModel
import FontFitText

/// A widget that shows text: the common base of ``Label``, ``Button``, ``TextField`` and
/// ``TextView``.
///
/// Its `font` is the design font; its adapted font follows from it and the environment, so
/// moving the widget to another screen adapts it again from the design font and
/// `widget.font = widget.font` never adapts twice. Setters compare, record and mark the widget
/// as needing layout; ``View/layoutIfNeeded()`` fits the text and stores the outcome in
/// ``layout``, which reading never changes.
open class TextWidget: View {
  /// The design font: its size is the one designed for the design screen.
  @exclusivity(unchecked) public var font: Font {
    didSet { if font != oldValue { setNeedsLayout() } }
  }

  // The one-byte settings are declared in two runs, after the font and after the fit
  // settings, so that they fill the padding those leave instead of each padding a word of
  // the object.

  /// Whether ``text`` is being set with its styles, which it then keeps.
  @exclusivity(unchecked) private var settingStyledText = false

  /// The colour the text is drawn in; black by default.
  ///
  /// It is for drawing only and never changes a layout.
  @exclusivity(unchecked) public var textColor = Color.black

  /// How lines sit horizontally.
  @exclusivity(unchecked) public var textAlignment: TextAlignment = .natural {
    didSet { if textAlignment != oldValue { setNeedsLayout() } }
  }

  /// The paragraph direction: from the text's first strong character (`natural`), or forced.
  @exclusivity(unchecked) public var writingDirection: WritingDirection = .natural {
    didSet { if writingDirection != oldValue { setNeedsLayout() } }
  }

  /// The text the app set (a button's title, a field's text).
  ///
  /// Setting it never rewrites it. With `.reject` overflow, the next layout may refuse it: see
  /// ``WidgetLayout/rejection`` and ``WidgetLayout/shownText``.
  /// Setting it makes the text plain: it drops the styles ``setMarkup(_:)`` or
  /// ``styledText`` gave it.
  @exclusivity(unchecked) public var text: String {
    // Exact code units: a canonically equivalent text draws other code points.
    didSet {
      if !settingStyledText, markup != nil || !textStyles.isEmpty {
        markup = nil
        textStyles = []
        setNeedsLayout()
      }
      if !text.utf8.elementsEqual(oldValue.utf8) { setNeedsLayout() }
    }
  }

  /// The styled runs of the text (UTF-8 offsets of ``text``), from markup; empty for plain
  /// text.
  @exclusivity(unchecked) public private(set) var textStyles: [StyleRun] = []

  /// The Pango markup the text was set from, or nil when it was set as plain text.
  public private(set) var markup: String? {
    get { rare?.value.markup?.string }
    set { _ = setRare(\.markup, newValue.map(ExactString.init)) }
  }

  /// The text with its styles.
  ///
  /// Setting it sets ``text`` (to the plain text) and ``textStyles``, and forgets any
  /// markup; every span is sized relative to the widget's font, so one fit scales them all.
  public var styledText: StyledText {
    get { (try? StyledText(text: text, runs: textStyles)) ?? StyledText(text) }
    set {
      setStyled(newValue)
      markup = nil
    }
  }

  /// Sets the text from Pango markup (`Total <b>42,00 €</b> <small>incl. VAT</small>`):
  /// ``text`` becomes the plain text and ``textStyles`` its styled runs.
  ///
  /// - Throws: ``MarkupError`` with the offset in `markup` of the first unknown or unclosed
  ///   tag, unknown attribute or bad value; the widget is unchanged then.
  public func setMarkup(_ markup: String) throws(MarkupError) {
    let styled = try Markup.parse(markup)
    setStyled(styled)
    self.markup = markup
  }

  private func setStyled(_ styled: StyledText) {
    if styled.runs != textStyles { setNeedsLayout() }
    settingStyledText = true
    text = styled.text
    settingStyledText = false
    textStyles = styled.runs
  }

  /// The space kept free between the frame's edges and the text, in screen units.
  ///
  /// None by default on labels and text views; buttons and text fields start with their
  /// ``Button/defaultContentInsets`` and ``TextField/defaultContentInsets``. The leading inset
  /// is on the right in a right-to-left layout.
  public var contentInsets: EdgeInsets {
    get { storedInsets?.value ?? .zero }
    set {
      guard newValue != contentInsets else { return }
      storedInsets = newValue == .zero ? nil : OutOfLine(newValue)
      setNeedsLayout()
    }
  }

  /// The language of the text, or nil for the environment's; it picks fonts, language-specific
  /// glyph forms and line-breaking rules.
  @exclusivity(unchecked) public var language: Language? {
    didSet { if language != oldValue { setNeedsLayout() } }
  }

  /// The most lines to show; 0 means as many as the box holds.
  ///
  /// A negative number is a layout error.
  @exclusivity(unchecked) public var numberOfLines: Int = 0 {
    didSet { if numberOfLines != oldValue { setNeedsLayout() } }
  }

  /// ``wrapping`` and ``truncation`` in UIKit's one setting, as description files give it.
  ///
  /// Setting it sets both. Read while lines wrap anywhere and text is truncated (which no
  /// UIKit mode does), it gives the truncation's mode.
  public var lineBreakMode: LineBreakMode {
    get { LineBreakMode(wrapping: wrapping, truncation: truncation) }
    set {
      wrapping = newValue.wrapping
      truncation = newValue.truncation
    }
  }

  /// How the font shrinks to fit, or nil to lay out at the adapted size only.
  @exclusivity(unchecked) public var autoFit: AutoFit? {
    didSet { if autoFit != oldValue { setNeedsLayout() } }
  }

  /// Where lines wrap: at words (the default) or anywhere.
  @exclusivity(unchecked) public var wrapping: LineWrapping = .words {
    didSet { if wrapping != oldValue { setNeedsLayout() } }
  }

  /// How text past the last line is marked: a token at the tail (the default), head or
  /// middle, clipped, or left out.
  @exclusivity(unchecked) public var truncation: Truncation = .tail {
    didSet { if truncation != oldValue { setNeedsLayout() } }
  }

  /// Whether the environment's accessibility text scale applies to this widget (true by
  /// default); when false, neither the scale nor its floor and ceiling do.
  @exclusivity(unchecked) public var scalesWithText = true {
    didSet { if scalesWithText != oldValue { setNeedsLayout() } }
  }

  /// Whether the font adapts to the screen (true by default); when false the design size is
  /// used on every screen.
  @exclusivity(unchecked) public var adaptsToScreen = true {
    didSet { if adaptsToScreen != oldValue { setNeedsLayout() } }
  }

  /// What happens to text that does not fit even at the smallest size.
  @exclusivity(unchecked) public var overflow: Overflow = .truncate {
    didSet { if overflow != oldValue { setNeedsLayout() } }
  }

  /// Whether ``fitGroup`` changed since the last layout pass, so groups must be settled again.
  @exclusivity(unchecked) var groupChanged = false

  /// The name of the fit group the widget belongs to, or nil for none.
  ///
  /// After each layout pass, every text widget of a tree with the same group name takes the
  /// smallest size any of them needs (a row of tabs or buttons with one size, like
  /// auto_size_text's `AutoSizeGroup`); ``WidgetLayout/group`` says which group decided.
  public var fitGroup: String? {
    get { rare?.value.fitGroup?.string }
    set {
      if setRare(\.fitGroup, newValue.map(ExactString.init)) {
        groupChanged = true
        setNeedsLayout()
      }
    }
  }

  /// The widget's own screen adaptation, or nil (the default) for the environment's.
  public var adaptation: AdaptationPolicy? {
    get { storedAdaptation?.value }
    set {
      guard newValue != adaptation else { return }
      storedAdaptation = newValue.map(OutOfLine.init)
      setNeedsLayout()
    }
  }

  /// A factor applied to the font's natural line height (ascent + descent + line gap); a value
  /// that is not a positive finite number is a layout error.
  @exclusivity(unchecked) public var lineHeightMultiple: Double = 1 {
    didSet { if lineHeightMultiple != oldValue { setNeedsLayout() } }
  }

  /// Spacing, hyphenation, the fit's levers and the line break strategy; the defaults change
  /// nothing.
  public var typography: Typography {
    get { storedTypography?.value ?? Self.defaultTypography }
    set {
      guard newValue != typography else { return }
      storedTypography = newValue == Self.defaultTypography ? nil : OutOfLine(newValue)
      setNeedsLayout()
    }
  }

  // Settings most widgets leave at their defaults, kept out of line so that they take a
  // reference's 8 bytes in those widgets, not their own 32 to 96.
  @exclusivity(unchecked) private var storedInsets: OutOfLine<EdgeInsets>?
  @exclusivity(unchecked) private var storedAdaptation: OutOfLine<AdaptationPolicy>?
  @exclusivity(unchecked) private var storedTypography: OutOfLine<Typography>?
  private static let defaultTypography = Typography()

  /// The mark put where text is truncated; line separators in it are stored as spaces.
  public var truncationToken: String {
    get { (rare?.value.truncationToken ?? RareSettings.default.truncationToken).string }
    set {
      let token = ExactString(newValue.lineSeparatorsAsSpaces())
      if setRare(\.truncationToken, token) { setNeedsLayout() }
    }
  }

  /// The strings most widgets leave unset: kept out of line, they take a reference's 8 bytes
  /// in those widgets instead of 48.
  ///
  /// They compare by their code units (``ExactString``): a canonically equivalent string
  /// draws, and reads back, other code points.
  private struct RareSettings: Equatable {
    var markup: ExactString?
    var fitGroup: ExactString?
    var truncationToken = ExactString("…")

    static let `default` = RareSettings()
  }

  /// The rare settings, boxed; nil while they are the defaults.
  @exclusivity(unchecked) private var rare: OutOfLine<RareSettings>?

  /// Sets one rare setting; returns whether it changed.
  private func setRare<Value: Equatable>(
    _ field: WritableKeyPath<RareSettings, Value>, _ value: Value
  ) -> Bool {
    var settings = rare?.value ?? .default
    guard settings[keyPath: field] != value else { return false }
    settings[keyPath: field] = value
    rare = settings == .default ? nil : OutOfLine(settings)
    return true
  }

  /// The outcome of the last ``View/layoutIfNeeded()``, or nil before the first one.
  ///
  /// It may be stale: ``View/needsLayout`` says whether something changed since.
  @exclusivity(unchecked) public private(set) var layout: WidgetLayout?

  /// The most recent `text` that fitted its box at a layout pass: what `.reject` overflow
  /// falls back on when it refuses a text.
  @exclusivity(unchecked) var acceptedText = ""
  /// The styles of ``acceptedText``.
  @exclusivity(unchecked) var acceptedStyles: [StyleRun] = []
  /// The shaping values of the last request the widget fitted or measured, with what its
  /// fit was given, which the next request shares while the text, token and font stay the
  /// same.
  ///
  /// A new environment keeps them: what a fit was given names the shaper that made it, and
  /// a request takes it only from the same shaper, for the same language. A widget moved to
  /// another screen with the same font system re-fits without asking the shaper again.
  @exclusivity(unchecked) var lastShaped: ShapingValuesReference?
  /// The size the last layout pass chose before any group capped it; nil when layout failed
  /// or the widget has not been laid out.
  @exclusivity(unchecked) var naturalPointSize: Double?

  /// Creates a text widget.
  ///
  /// - Parameters:
  ///   - id: An identifier for dumps and lookup.
  ///   - frame: The frame in design points.
  ///   - font: The design font.
  ///   - text: The text.
  public init(id: String = "", frame: Rect = .zero, font: Font, text: String = "") {
    self.font = font
    self.text = text
    super.init(id: id, frame: frame)
  }

  /// The font entering the fit: the design font adapted to the current screen and scaled by
  /// the environment's text scale.
  ///
  /// The widget's settings say which of the two apply; outside any environment it is the
  /// design font.
  public var adaptedFont: Font {
    guard let environment else { return font }
    let plan = SizePlan(self, environment)
    return font.withPointSize(plan.entering(plan.designPoints(font)))
  }

  /// The font as drawn by the last layout: the adapted font at the size the fit chose, in
  /// points; nil before a layout or when it failed.
  public var displayedFont: Font? {
    guard let layout, let fit = layout.fit else { return nil }
    return layout.adaptedFont.withPointSize(fit.pointSize / layout.unitsPerPoint)
  }

  /// The text laid out when `text` is `shown`; a text field shows its placeholder instead of an
  /// empty text.
  open func displayedText(for shown: String) -> String { shown }

  /// The colour the text is drawn in when `shown` is the text laid out: ``textColor``; a text
  /// field draws its placeholder in its own colour.
  open func textColor(showing shown: String) -> Color { textColor }

  /// Whether the widget lays out on a single line whatever `numberOfLines` says.
  open var isSingleLine: Bool { false }

  /// Where the text sits vertically in the frame: centred, as UILabel and UIButton centre
  /// their text, unless a subclass says otherwise.
  open var verticalPlacement: VerticalPlacement { .center }

  /// The size the text needs at the adapted font size when offered `proposal`: its lines at
  /// the proposed width (unbounded when nil), as many as ``numberOfLines`` allows, with no
  /// limit on height; zero when the text cannot be measured (the layout then reports why).
  ///
  /// A text with ``autoFit`` reports its size at the adapted size, not a smaller one it would
  /// also fit at: in a stack it is given the length it asks for, and shrinks only when the
  /// stack cannot give it that much.
  open override func sizeThatFits(_ proposal: ProposedSize) -> Size {
    (try? sizeThatFits(width: proposal.width ?? .infinity)) ?? .zero
  }

  /// The narrowest and widest the widget can usefully be at its adapted size, its insets
  /// included: its widest word (its whole line, when it is single-line), and its text on one
  /// line (CSS's min- and max-content widths); zero when the text cannot be measured.
  open override func contentWidths() -> ContentWidths { textContentWidths() }

  /// Fits the text and decides, under `.reject` overflow, whether it is accepted.
  open override func updateLayout() {
    let computed = computeLayout()
    naturalPointSize = computed.fittedPointSize
    accept(computed)
  }

  /// Lets go of the layout (see ``View/discardLayouts()``).
  func discardLayout() {
    layout = nil
    naturalPointSize = nil
  }

  /// Stores `computed` as the layout, remembering its text if it was accepted.
  func accept(_ computed: consuming WidgetLayout) {
    if !computed.hasRejection, computed.textFits {
      acceptedText = computed.shownText
      // Plain text has no styles to keep; only styled text pays for comparing the bytes.
      acceptedStyles =
        textStyles.isEmpty || !computed.shownText.utf8.elementsEqual(text.utf8) ? [] : textStyles
    }
    layout = computed
  }
}

extension StyledText {
  /// The text with each line separator replaced by a space, its runs moved to match.
  func lineSeparatorsAsSpaces() -> StyledText {
    guard text.contains(where: \.isLineSeparator) else { return self }
    // The whole text is converted as a plain one is (CR LF is one separator, one space), and
    // each run boundary moves with the character it is in or at.
    var result = ""
    var boundaries: [(old: Int, new: Int)] = []
    var old = 0
    for character in text {
      boundaries.append((old, result.utf8.count))
      if character.isLineSeparator { result += " " } else { result.append(character) }
      old += character.utf8.count
    }
    boundaries.append((old, result.utf8.count))
    func moved(_ offset: Int, roundingUp: Bool) -> Int {
      var low = 0
      var high = boundaries.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if boundaries[middle].old <= offset { low = middle } else { high = middle - 1 }
      }
      let entry = boundaries[low]
      if entry.old == offset || !roundingUp { return entry.new }
      return low + 1 < boundaries.count ? boundaries[low + 1].new : entry.new
    }
    var kept: [StyleRun] = []
    for run in runs {
      let range =
        moved(
          run.range.lowerBound, roundingUp: false)..<moved(
          run.range.upperBound, roundingUp: true)
      let lower = max(range.lowerBound, kept.last?.range.upperBound ?? 0)
      if lower < range.upperBound {
        kept.append(StyleRun(range: lower..<range.upperBound, style: run.style))
      }
    }
    return (try? StyledText(text: result, runs: kept)) ?? StyledText(result)
  }
}

extension String {
  /// The text with each line separator (LF, CR LF, U+2028, …) replaced by a space.
  func lineSeparatorsAsSpaces() -> String {
    guard contains(where: \.isLineSeparator) else { return self }
    return String(map { $0.isLineSeparator ? " " : $0 })
  }
}
